"""What every widget on the table shares: the session it reads, symbols, styles, links."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.style import Style
from rich.text import Text
from textual.dom import NoScreen
from textual.widget import Widget

from ...engine.state import GameState
from ..glyphs import Glyphs

if TYPE_CHECKING:
    from ...table import Table
    from ..app import LeHavreApp

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


_PALETTES: dict[int, Palette] = {}


def styled(widget: Widget, name: str) -> Style:
    try:
        screen = widget.screen
    except NoScreen:  # being removed
        return Style()
    palette = _PALETTES.get(id(screen))
    if palette is None or palette.parent is not screen:
        found = screen.query(Palette)
        if not found:
            return Style()  # not on a screen with a palette: plain text
        palette = _PALETTES[id(screen)] = found.first()
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


class TableWidget(Widget):
    """One thing on the table, drawn from the session's state on every `sync()`."""

    FIXED_HEIGHT: ClassVar[bool] = False  # True: a new drawing never needs a new layout

    DEFAULT_CSS = """
    TableWidget { height: auto; }
    """

    @property
    def game(self) -> LeHavreApp:
        return cast("LeHavreApp", self.app)

    @property
    def session(self) -> Table:
        s = self.game.session
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

    def signature(self) -> object:
        """What this widget shows, in short: it is drawn again only when this changes."""
        return None

    def sync(self) -> None:
        """The state changed: draw again if what is shown changed (the height may change too)."""
        key = self.signature()
        if key is not None and key == getattr(self, "_shown_key", None):
            return
        self._shown_key = key
        self.refresh(layout=not self.FIXED_HEIGHT)
