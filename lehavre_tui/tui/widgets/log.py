"""The narrated log: what happened, in sentences, coloured by who acted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widgets import RichLog

from ..seat_names import bot_label, seat_kind
from ..view import template_of
from .base import seat_style, styled

if TYPE_CHECKING:
    from ...table import LogLine
    from ..game import Game

# Lines that mark a stage of the game (drawn strong), by the start of their English template.
HEADLINES = ("Round ", "The last round", "The game is over", "Feeding")


class WrappedLog(RichLog):
    """A log whose lines wrap to its width, and wrap again when the width changes (RichLog
    keeps the width a line was written at), the newest line staying in view."""

    WRAP_FIRST = False  # also write the lines again once the first width is known (`starts` then right)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=20)
        self.texts: list[Text] = []  # every line written, to be wrapped again
        self.starts: list[int] = []  # the first wrapped line of each
        self._wrapped_at = 0  # the width the lines are wrapped to

    def put(self, text: Text) -> None:
        """Write a line, kept to be wrapped again."""
        self.texts.append(text)
        self.starts.append(len(self.lines) if self._size_known else -1)  # -1: known once wrapped again
        self.write(text)

    def forget(self) -> None:
        """Clear the log and the lines kept."""
        self.clear()
        self.texts = []
        self.starts = []

    def on_resize(self, event: events.Resize) -> None:
        """(RichLog's own handler runs too: it writes the lines that waited for a width.)"""
        self.call_after_refresh(self._wrap_again)

    def _wrap_again(self) -> None:
        width = self.scrollable_content_region.width
        if not self._size_known or width <= 0 or width == self._wrapped_at:
            return
        first = not self._wrapped_at
        self._wrapped_at = width
        if first and not self.WRAP_FIRST:
            return  # written at this width already (the writes waited for it)
        self.rewrite()

    def rewrite(self, texts: list[Text] | None = None) -> None:
        """Every line written again at the width of now (or `texts` instead of them)."""
        texts = self.texts if texts is None else texts
        self.clear()
        self.texts, self.starts = [], []
        for text in texts:
            self.starts.append(len(self.lines))
            self.texts.append(text)
            self.write(text, scroll_end=False)
        self.scroll_end(animate=False, immediate=True, x_axis=False)
        # and once laid out again: a scroll bar that comes or goes changes the height to scroll
        self.call_after_refresh(self.scroll_end, animate=False, x_axis=False)


class GameLog(WrappedLog):
    """The narrated log on the table. It takes the keyboard to be read (PageUp, shift+Tab
    from the command bar): the arrows and the page keys scroll it, and the first printable
    key goes back to the bar (`Typed`), typed there."""

    @dataclass
    class Typed(Message):
        """A key typed while the log had the keyboard: it belongs in the command bar."""

        text: str

    @dataclass
    class Leave(Message):
        """Esc or Tab in the log: back to the command bar."""

    def __init__(self, game: Game, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        self.can_focus = True
        self._shown = 0
        self._moves: list[int] = []
        self._kinds: list[bool] = []  # per line kept: a line of the game (not a note or a refusal)
        self._handing_back = False  # a letter typed here went to the bar: the keys after it follow

    def on_focus(self) -> None:
        self._handing_back = False

    def on_key(self, event: events.Key) -> None:
        if event.key in ("escape", "tab", "shift+tab"):
            event.stop()
            event.prevent_default()
            self.post_message(self.Leave())
        elif (event.is_printable and event.character) or (event.key in ("enter", "backspace") and self._handing_back):
            # keys typed faster than the keyboard goes back to the bar still land here: they
            # follow the first letter there in order, an Enter after them too ("\r", "\x7f")
            event.stop()
            event.prevent_default()
            self._handing_back = True
            self.post_message(self.Typed({"enter": "\r", "backspace": "\x7f"}.get(event.key, event.character or "")))

    def game_texts(self) -> list[Text]:
        """The lines of the game written so far (without notes, hints and refusals)."""
        return [t for t, game in zip(self.texts, self._kinds, strict=True) if game]

    def put(self, text: Text, game: bool = False) -> None:
        self._kinds.append(game)
        super().put(text)

    def forget(self) -> None:
        super().forget()
        self._kinds = []

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
            self.forget()
            self._shown = 0
            self._moves = []
        for line in lines[self._shown :]:
            self.put(self._line(line), game=True)
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
        kind = seat_kind(session.seats, speaker)
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
        self.put(Text(f"{text}", style=styled(self, "warn")))
        self._scroll_now()

    def hint(self, text: str) -> None:
        """A suggestion for the player to act: not part of the game."""
        self.put(Text(text, style=styled(self, "good")))
        self._scroll_now()

    def note(self, text: str) -> None:
        self.put(Text(text, style=styled(self, "dim")))
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
