"""The narrated log: what happened, in sentences, coloured by who acted."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.widgets import RichLog

from .base import seat_style, styled

if TYPE_CHECKING:
    from ..app import LeHavreApp


class GameLog(RichLog):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=20)
        self._shown = 0
        self._moves: list[int] = []

    def on_mount(self) -> None:
        self.sync()

    def sync(self) -> None:
        session = cast("LeHavreApp", self.app).session
        if session is None:
            return
        lines = session.log
        # After an undo the log is shorter (or was rewritten): draw it again from the start.
        if len(lines) < self._shown or (self._shown and lines[self._shown - 1].move != self._moves[-1]):
            self.clear()
            self._shown = 0
            self._moves = []
        for line in lines[self._shown :]:
            self.write(self._line(line.text, line.seat))
            self._moves.append(line.move)
        self._shown = len(lines)

    def _line(self, text: str, seat: int) -> Text:
        if text.startswith(("Round ", "The last round", "The game is over", "Feeding")):
            return Text(text, style=styled(self, "strong"))
        session = cast("LeHavreApp", self.app).session
        t = Text(text)
        if session is not None:
            name = session.state.players[seat].name
            if text.startswith(name):
                t.stylize(seat_style(self, seat), 0, len(name))
        return t

    def refusal(self, text: str) -> None:
        """A move the rules or the command language refused: said once, not part of the game."""
        self.write(Text(f"{text}", style=styled(self, "warn")))

    def note(self, text: str) -> None:
        self.write(Text(text, style=styled(self, "dim")))
