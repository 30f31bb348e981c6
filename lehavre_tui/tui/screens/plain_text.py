"""The game in plain text on a Textual screen: a browser tab narrower than the table's 80
columns (a phone's) gets it instead of the table.

The lines the plain-text client says scroll by in one log, wrapped to the width; below them
the prompt and one input line. No boxes, no columns: what a screen reader or a small screen
reads is the sentences. The screen knows nothing of the game: it is given lines and prompts
(`add`, `ask`, `complete`) and posts each line typed (`LineTyped`) and each Tab
(`CompletionAsked`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, RichLog, Static

from ..line_input import LineInput

MAX_LINES = 3000  # lines kept in the log: a whole game's narration


class SaidLines(RichLog):
    """The lines said so far, wrapped to the width; wrapped again when the width changes (a
    phone turned on its side), which a `RichLog` does not do by itself. Never focused: what is
    typed always goes to the input line (it scrolls with the wheel or a finger all the same)."""

    can_focus = False

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=MAX_LINES, min_width=1, id=id)
        self.kept: deque[str] = deque(maxlen=MAX_LINES)
        self.wrapped_at = 0  # the width the lines were wrapped to

    def say(self, line: str) -> None:
        self.kept.append(line)
        self.write(line)

    def on_resize(self, event: events.Resize) -> None:  # (RichLog's own handler runs after this one)
        width = event.size.width
        if self.wrapped_at and width and width != self.wrapped_at:
            self.clear()
            for line in self.kept:
                self.write(line, scroll_end=False)
            self.scroll_end(animate=False)
        self.wrapped_at = width or self.wrapped_at


@dataclass
class LineTyped(Message):
    """The reader typed a line and pressed Enter."""

    text: str


@dataclass
class CompletionAsked(Message):
    """Tab: the words that may follow the line typed so far are wanted."""

    text: str


class PlainTextScreen(Screen[None]):
    BINDINGS = [Binding("tab", "complete", show=False, priority=True)]
    prompt = ""  # the prompt shown above the input line
    DEFAULT_CSS = """
    PlainTextScreen { layout: vertical; }
    PlainTextScreen #said { height: 1fr; border: none; padding: 0; overflow-x: hidden; scrollbar-size-vertical: 1; }
    PlainTextScreen #prompt { height: auto; padding: 0; }
    PlainTextScreen #typed { height: 1; border: none; padding: 0; }
    """

    def compose(self) -> ComposeResult:
        yield SaidLines(id="said")
        yield Static("", id="prompt", markup=False)
        yield LineInput(id="typed", select_on_focus=False, clear_on_submit=True)

    def on_mount(self) -> None:
        self.query_one("#typed", Input).focus()

    def add(self, lines: list[str]) -> None:
        said = self.query_one(SaidLines)
        for line in lines:
            said.say(line)

    def ask(self, prompt: str) -> None:
        self.prompt = prompt.rstrip()
        self.query_one("#prompt", Static).update(self.prompt)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()  # the line has left the input already (keys typed after Enter begin the next)
        self.add([f"{self.prompt} {event.value}".strip()])  # what was typed stays in the log, after its prompt
        self.post_message(LineTyped(event.value))

    def action_complete(self) -> None:
        self.post_message(CompletionAsked(self.query_one("#typed", Input).value))

    def complete(self, asked: str, line: str, choices: list[str]) -> None:
        """Tab's answer for the line `asked`: the line completed, and the choices when there are
        several (one line of words); nothing when the reader has typed on meanwhile."""
        typed = self.query_one("#typed", Input)
        if typed.value != asked:
            return
        typed.value = line
        typed.cursor_position = len(line)
        if choices:
            self.add([", ".join(choices)])
