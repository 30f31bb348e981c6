"""The log in a window of its own: the whole log (F8) or what happened since a player's last
turn (F9), the lines wrapped to the window, searchable with '/' and a word.

The window is given what it shows (the lines, its title); it knows nothing of the game. Like
the other windows to read, a typed letter closes it and goes on in the command bar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input

from ...text import N_, _
from ..line_input import LineInput
from ..widgets.log import WrappedLog
from .common import Plain, ReadingWindow, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult

FOUND = Style(reverse=True)  # a word found: marked without colour too


class LogView(WrappedLog):
    """The lines of the window: wrapped again once the window's width is known, so that
    the first wrapped line of each (`starts`) is known for the search."""

    WRAP_FIRST = True


class LogWindow(ReadingWindow):
    """The lines to read, `title` on the frame; `lines` oldest first."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("slash", "find", N_("Find a word")),
    ]

    def __init__(self, title: str, lines: list[Text], *, empty: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines
        self.empty = empty  # said when there are no lines
        self.found: list[int] = []  # the lines that hold the word looked for
        self.at = -1  # the one in view
        self.finding = False  # '/' was typed: the keys are the word looked for

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="log-window", classes="body dialog") as box:
            box.border_title = self.title_text
            box.border_subtitle = _("/ finds a word, Esc closes")
            yield LogView(id="log-lines")
            yield LineInput(placeholder=_("a word to find, then Enter (again: the line before)"), id="log-find")
            yield Plain(id="log-found")

    def on_mount(self) -> None:
        view = self.query_one(LogView)
        lines = self.lines or [Text(self.empty)]
        for line in lines:
            view.put(line)
        self.query_one("#log-find").display = False
        view.focus()

    def on_key(self, event: events.Key) -> None:
        """'/' finds a word; another letter closes the window and goes on in the command bar
        (ReadingWindow's handler, next in line)."""
        box = self.query_one("#log-find", Input)
        if self.finding:
            event.prevent_default()  # a word being typed
            if not box.has_focus and event.is_printable and event.character:
                # typed on at once after '/', before the finder had the keyboard
                event.stop()
                box.insert_text_at_cursor(event.character)
        elif event.character == "/":
            event.stop()
            event.prevent_default()
            self.action_find()

    def action_find(self) -> None:
        box = self.query_one("#log-find", Input)
        box.display = True
        box.focus()
        self.finding = True

    def action_close(self) -> None:
        box = self.query_one("#log-find", Input)
        if self.finding:  # Esc while finding: back to reading
            self.finding = False
            box.display = False
            self.query_one(LogView).focus()
            return
        self.dismiss()

    @on(Input.Changed, "#log-find")
    def word_changed(self) -> None:
        self.found, self.at = [], -1

    @on(Input.Submitted, "#log-find")
    def find_next(self, event: Input.Submitted) -> None:
        """Enter: the next line holding the word (from the end backwards, newest first),
        marked, in view."""
        word = event.value.strip().casefold()
        view = self.query_one(LogView)
        said = self.query_one("#log-found", Plain)
        if not word:
            said.update("")
            return
        if not self.found:
            self.found = [i for i, t in enumerate(self.lines) if word in t.plain.casefold()]
            if not self.found:
                said.update(_("No line holds '{word}'.").format(word=event.value.strip()))
                return
            self._mark(word)
            self.at = len(self.found)
        self.at = (self.at - 1) % len(self.found)
        line = self.found[self.at]
        view.scroll_to(y=max(0, view.starts[line] - 1), animate=False, immediate=True)
        said.update(
            _("Line {n} of {count} with '{word}' (Enter: the one before).").format(
                n=self.at + 1, count=len(self.found), word=event.value.strip()
            )
        )

    def _mark(self, word: str) -> None:
        """The word marked wherever it is, the lines written again so."""
        marked = []
        for text in self.lines:
            t = text.copy()
            plain = t.plain.casefold()
            start = plain.find(word)
            while start >= 0:
                t.stylize(FOUND, start, start + len(word))
                start = plain.find(word, start + len(word))
            marked.append(t)
        self.query_one(LogView).rewrite(marked)
