"""The plain-text client of a hosted table in a Textual app, for a browser tab narrower than
the table (textual-serve speaks only to a Textual app; `lehavre join --plain` in a browser).

The plain-text visit (plain/visit.py) runs as it runs at a terminal, in a thread of its own
with its own event loop; its `Lines` here are `ScreenLines`: what it says and asks is posted
to this app as messages (Textual's `post_message` may be called from any thread), and each
line typed on the screen is handed back to the reading thread. Tab's words are found on the
visit's own event loop, where its game changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass

from textual.app import App
from textual.message import Message

from ..plain.lines import Lines, clean
from ..text import _
from .screens.plain_text import CompletionAsked, LineTyped, PlainTextScreen


@dataclass
class Said(Message):
    lines: list[str]


@dataclass
class Asked(Message):
    prompt: str


@dataclass
class Ended(Message):
    code: int


@dataclass
class Completed(Message):
    asked: str
    words: list[str]


def completed(line: str, words: list[str]) -> tuple[str, list[str]]:
    """Tab after `line`, given the words that may follow it: the line with its last word
    completed as far as the words agree, and the choices when more than one is left."""
    head, sep, text = line.rpartition(" ")
    matches = [w for w in words if w.startswith(text)]
    if not matches:
        return line, []
    if len(matches) == 1:
        return f"{head}{sep}{matches[0]} ", []
    return f"{head}{sep}{os.path.commonprefix(matches)}", matches


class ScreenLines(Lines):
    """The plain client's lines, read from and written to a screen instead of a terminal."""

    def __init__(self, post: Callable[[Message], object]) -> None:
        super().__init__(stdin=io.StringIO(), stdout=io.StringIO())
        self.interactive = True  # a person reads the prompts and answers them
        self.post = post
        self.typed: queue.Queue[str | None] = queue.Queue()
        self.last = ""  # the last line said (a visit the host ends: why)
        self.closed = False
        self._complete: Callable[[str], list[str]] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def use_readline(self, complete: Callable[[str], list[str]]) -> None:
        """Tab's words: `complete(line)` called on the visit's event loop (this one)."""
        self._complete = complete
        self._loop = asyncio.get_running_loop()

    def complete(self, line: str) -> None:
        """The words that may follow `line`, posted (`Completed`) when found."""
        loop, complete = self._loop, self._complete
        if loop is None or complete is None or loop.is_closed():
            return

        def find() -> None:
            self.post(Completed(line, complete(line)))

        with contextlib.suppress(RuntimeError):  # the visit's loop has ended
            loop.call_soon_threadsafe(find)

    def read(self, prompt: str) -> str | None:
        if self.closed:
            return None
        self._prompt = prompt
        self.post(Asked(prompt))
        self.reading = True
        try:
            line = self.typed.get()
        finally:
            self.reading = False
        if line is None:
            self.closed = True
            self.typed.put(None)  # and for every other read
        return line

    def type(self, line: str | None) -> None:
        """A line typed on the screen (None: the screen is closing: every read ends)."""
        self.typed.put(line)

    def refresh_prompt(self) -> None:
        if self.reading and self.prompt_now is not None and (now := self.prompt_now()) != self._prompt:
            self._prompt = now
            self.post(Asked(now))

    def say(self, *lines: str) -> None:
        said = [clean(line) for text in lines for line in (text.splitlines() or [""])]
        if said:
            self.last = said[-1]
            self.post(Said(said))
        self.refresh_prompt()  # the prompt as it reads after these lines


class PlainTextApp(App[int]):
    """Runs `visit(lines)` (the plain client, blocking until the visit ends) and shows its lines."""

    TITLE = "Le Havre"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, visit: Callable[[Lines], int]) -> None:
        super().__init__()
        self.visit = visit
        self.lines = ScreenLines(self.post_message)
        self.screen_of_lines = PlainTextScreen()

    async def on_mount(self) -> None:
        await self.push_screen(self.screen_of_lines)  # mounted before the first line is said
        threading.Thread(target=self._visit, daemon=True).start()

    def _visit(self) -> None:
        code = 1
        try:
            code = self.visit(self.lines)
        except Exception as exc:  # noqa: BLE001 - a remote screen never shows a traceback
            from ..net.trouble import log_failure

            log_failure(exc, "the plain-text client")
            self.lines.last = _(
                "The connection to the host ended because this client failed; the game is safe at the host: "
                "join again to play on."
            )
        finally:
            self.post_message(Ended(code))

    def on_said(self, message: Said) -> None:
        self.screen_of_lines.add(message.lines)

    def on_asked(self, message: Asked) -> None:
        self.screen_of_lines.ask(message.prompt)

    def on_line_typed(self, message: LineTyped) -> None:
        self.lines.type(message.text)

    def on_completion_asked(self, message: CompletionAsked) -> None:
        self.lines.complete(message.text)

    def on_completed(self, message: Completed) -> None:
        line, choices = completed(message.asked, message.words)
        self.screen_of_lines.complete(message.asked, line, choices)

    def on_ended(self, message: Ended) -> None:
        self.exit(message.code, return_code=message.code)

    def on_unmount(self) -> None:
        self.lines.type(None)  # the visit's reader ends with the screen
