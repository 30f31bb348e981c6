"""The narrated log: what happened, in sentences, coloured by who acted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import RichLog

from ..view import bot_label, template_of
from .base import seat_style, styled

if TYPE_CHECKING:
    from ...table import LogLine
    from ..game import Game

# Lines that mark a stage of the game (drawn strong), by the start of their English template.
HEADLINES = ("Round ", "The last round", "The game is over", "Feeding")


class GameLog(RichLog):
    """The table's log: the lines of the game's log as they come, and the table's own words
    (refusals, hints, notes) between them."""

    def __init__(self, game: Game, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=20)
        self.game = game
        self._shown = 0
        self._moves: list[int] = []

    _style_now: Style | None = None

    def on_mount(self) -> None:
        self.sync()

    @property
    def rich_style(self) -> Style:
        """The log's style, worked out once a drawing: Textual works it out from every board
        the log is in, and twice for each line of the log, which made the log the slowest
        thing on the table to draw again after a move."""
        style = self._style_now
        return super().rich_style if style is None else style

    def render_lines(self, crop: Region) -> list[Strip]:
        self._style_now = super().rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._style_now = None

    def sync(self) -> None:
        session = self.game.table
        if session is None:
            return
        lines = session.log
        # After an undo the log is shorter (or was rewritten): draw it again from the start.
        if len(lines) < self._shown or (self._shown and lines[self._shown - 1].move != self._moves[-1]):
            self.clear()
            self._shown = 0
            self._moves = []
        for line in lines[self._shown :]:
            self.write(self._line(line))
            self._moves.append(line.move)
        if len(lines) > self._shown:
            self._scroll_now()
        self._shown = len(lines)

    def _scroll_now(self) -> None:
        """To the end at once, so the frame that shows the move shows its lines too (`write`
        alone scrolls only after that frame, and a full log would show them a frame late)."""
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def _line(self, line: LogLine) -> Text:
        text = line.text  # in the reader's language
        if template_of(line.event).startswith(HEADLINES):
            return Text(text, style=styled(self, "strong"))
        session = self.game.table
        t = Text(text)
        if session is None:
            return t
        # the player the line is about: the name it begins with (a feeding or a final
        # action is written down with the move that led to it, not the player's own)
        names = [p.name for p in session.state.players]
        speaker = _speaker(text, names)
        if speaker is None:
            return t
        name = names[speaker]
        kind = session.seats[speaker] if speaker < len(session.seats) else "human"
        bot = kind != "human"
        if bot and text.startswith(name + " "):  # "Ben (heuristic bot) takes the 5 fish."
            labelled = bot_label(name, kind)
            t = Text(f"{labelled} {text[len(name) + 1 :]}")
            name = labelled
        if bot:
            t.stylize("italic")
        # the space after the name shares its style (drawn pictures keep it so)
        end = len(name) + (1 if t.plain[len(name) : len(name) + 1] == " " else 0)
        t.stylize(seat_style(self, speaker), 0, end)
        return t

    def refusal(self, text: str) -> None:
        """A move the rules or the command language refused: said once, not part of the game."""
        self.write(Text(f"{text}", style=styled(self, "warn")))
        self._scroll_now()

    def hint(self, text: str) -> None:
        """A suggestion for the player to act: not part of the game."""
        self.write(Text(text, style=styled(self, "good")))
        self._scroll_now()

    def note(self, text: str) -> None:
        self.write(Text(text, style=styled(self, "dim")))
        self._scroll_now()


def _speaker(text: str, names: list[str]) -> int | None:
    """The seat whose name the line begins with ('Ben feeds…', "Ben's ships…"); the
    longest name wins (Ann and Anna)."""
    best: int | None = None
    for i, name in enumerate(names):
        follows = text[len(name) : len(name) + 1]
        fits = bool(name) and text.startswith(name) and follows in (" ", "'", "’", "")
        if fits and (best is None or len(name) > len(names[best])):
            best = i
    return best
