"""The game in plain text on a Textual screen: a browser tab narrower than the table's 80
columns (a phone's) gets it instead of the table.

The lines the plain-text client says scroll by in one log, wrapped to the width; below them
the prompt and one input line. No boxes, no columns: what a screen reader or a small screen
reads is the sentences. The screen knows nothing of the game: it is given lines and prompts
(`add`, `ask`) and posts each line typed (`LineTyped`).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, RichLog, Static

MAX_LINES = 3000  # lines kept in the log: a whole game's narration


@dataclass
class LineTyped(Message):
    """The reader typed a line and pressed Enter."""

    text: str


class PlainTextScreen(Screen[None]):
    prompt = ""  # the prompt shown above the input line
    DEFAULT_CSS = """
    PlainTextScreen { layout: vertical; }
    PlainTextScreen #said { height: 1fr; border: none; padding: 0; overflow-x: hidden; scrollbar-size-vertical: 1; }
    PlainTextScreen #prompt { height: auto; padding: 0; }
    PlainTextScreen #typed { height: 1; border: none; padding: 0; }
    """

    def compose(self) -> ComposeResult:
        yield RichLog(id="said", wrap=True, markup=False, highlight=False, max_lines=MAX_LINES, min_width=1)
        yield Static("", id="prompt", markup=False)
        yield Input(id="typed", select_on_focus=False)

    def on_mount(self) -> None:
        self.query_one("#typed", Input).focus()

    def add(self, lines: list[str]) -> None:
        said = self.query_one("#said", RichLog)
        for line in lines:
            said.write(line)

    def ask(self, prompt: str) -> None:
        self.prompt = prompt.rstrip()
        self.query_one("#prompt", Static).update(self.prompt)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        typed = self.query_one("#typed", Input)
        self.add([f"{self.prompt} {event.value}".strip()])  # what was typed stays in the log, after its prompt
        typed.value = ""
        self.post_message(LineTyped(event.value))
