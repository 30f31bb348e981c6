"""What every widget on the table shares: the game it reads (handed down by its screen),
symbols, styles, links."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.dom import NoScreen
from textual.widget import Widget

from ...engine.state import GameState
from ...text import language
from ..glyphs import Glyphs

if TYPE_CHECKING:
    from ...table import Table
    from ..game import Game

# Component classes styled in lehavre.tcss (`TableWidget > .tw--seat-0 { ... }`).
STYLE_NAMES: tuple[str, ...] = (
    "tw--seat-0",
    "tw--seat-1",
    "tw--seat-2",
    "tw--seat-3",
    "tw--seat-4",
    "tw--town",
    "tw--dim",
    "tw--label",
    "tw--strong",
    "tw--warn",
    "tw--good",
    "tw--active",
    "tw--link",
)


class Palette(Widget):
    """Holds the table's text styles (set in lehavre.tcss as `Palette > .tw--dim` etc.).

    One hidden instance per screen; every widget takes its styles from it, so the styles
    are worked out once instead of once per widget.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = set(STYLE_NAMES)
    DEFAULT_CSS = "Palette { display: none; }"


def styled(widget: Widget, name: str) -> Style:
    # The palette is remembered by the widget: finding a widget's screen walks up the DOM, and
    # a table draws a few hundred styled pieces after a move.
    palette: Palette | None = getattr(widget, "_tw_palette", None)
    if palette is None or palette.parent is None:
        try:
            screen = widget.screen
        except NoScreen:  # being removed
            return Style()
        found = screen.query(Palette)
        if not found:
            return Style()  # not on a screen with a palette: plain text
        palette = found.first()
        widget._tw_palette = palette  # type: ignore[attr-defined]
    return palette.get_component_rich_style(f"tw--{name}", partial=True, default=Style())


def seat_style(widget: Widget, seat: int) -> Style:
    """A player's own colour (never the only mark: names and initials go with it)."""
    return styled(widget, f"seat-{seat}" if seat >= 0 else "town")


def link(text: str, action: str, style: Style | None = None) -> Text:
    """Text that runs an app action when clicked, e.g. `app.fill('take fish')`."""
    return Text(text, style=(style or Style()) + Style(meta={"@click": action}))


def fill_action(command: str) -> str:
    return f"app.fill({command!r})"


def card_action(card_id: str) -> str:
    return f"app.show_card({card_id!r})"


class ByWidth:
    """A drawing made for the width it is drawn in, for a widget whose drawing depends on
    its width. The widget's `size` is no help there: while Textual lays out the table it is
    not known yet, and asking for it makes Textual lay out the whole screen once more."""

    def __init__(self, draw: Callable[[int], RenderableType]) -> None:
        self.draw = draw

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.draw(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.draw(options.max_width))


class DrawnOnce:
    """A widget's drawing that Rich renders only once for each width. Textual renders a widget
    whose height is `auto` twice for a frame, once to measure its height and once to draw it
    (and again whenever the layout changes), and Rich tables are slow to render."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable
        self._rendered: dict[tuple[object, ...], list[Segment]] = {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # the height is left out: the table's drawings never depend on it
        key = (options.max_width, options.justify, options.overflow, options.no_wrap, options.highlight)
        segments = self._rendered.get(key)
        if segments is None:
            if len(self._rendered) > 3:  # a terminal being resized: keep the last few
                self._rendered.clear()
            segments = self._rendered[key] = list(console.render(self.renderable, options))
        return segments

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)


class TableWidget(Widget):
    """One thing on the table, drawn from the session's state on every `sync()`."""

    FIXED_HEIGHT: ClassVar[bool] = False  # True: a new drawing never needs a new layout
    _drawn: tuple[tuple[str, str], DrawnOnce] | None = None  # ((theme, language), drawing) since the last change
    _shown_key: object = None  # the signature of what is drawn

    DEFAULT_CSS = """
    TableWidget { height: auto; }
    """

    def __init__(self, game: Game, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.game = game  # what the table shows, handed down by the screen

    @property
    def session(self) -> Table:
        s = self.game.table
        assert s is not None
        return s

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def g(self) -> Glyphs:
        return self.game.glyphs

    def st(self, name: str) -> Style:
        return styled(self, name)

    def seat(self, seat: int) -> Style:
        return seat_style(self, seat)

    def draw(self) -> RenderableType:
        """What the widget shows, drawn from the state."""
        raise NotImplementedError

    def render(self) -> RenderableType:
        """The drawing made at the last `sync()` (in the theme and the reader's language in
        use), drawn again only when the state changed: Textual asks for it again after every
        layout, not only after a move."""
        seen = (self.app.theme, language())
        drawn = self._drawn
        if drawn is None or drawn[0] != seen:
            if self._shown_key is None:  # the first drawing: what it shows
                self._shown_key = (seen[1], self.signature())
            drawn = self._drawn = (seen, DrawnOnce(self.draw()))
        return drawn[1]

    def signature(self) -> object:
        """What this widget shows, in short: it is drawn again only when this changes."""
        return None

    def sync(self) -> None:
        """The state changed: draw again if what is shown changed (the height may change too)."""
        signature = self.signature()
        key = (language(), signature)  # the same state in another language: drawn again
        if signature is not None and key == self._shown_key:
            return
        self._shown_key = key
        self._drawn = None
        self.refresh(layout=not self.FIXED_HEIGHT)
