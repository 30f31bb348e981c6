"""Pieces every screen uses: the too-small notice and titled boards."""

from __future__ import annotations

from typing import TypeVar

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.screen import ModalScreen, Screen
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from ...text import N_, _, language
from ..game import MIN_HEIGHT, MIN_WIDTH
from ..messages import TypingPassed

# Textual's own key in the footer (the command palette) and its tooltip, for the catalogs.
PALETTE = (N_("palette"), N_("Open the command palette"))

W = TypeVar("W", bound=Widget)


class TooSmall(Static):
    """Shown instead of clipped content when the terminal is below the minimum size."""

    def __init__(self, ascii: bool = False) -> None:
        super().__init__()
        self.ascii = ascii  # "80x24" rather than "80×24"

    def render(self) -> str:
        size = self.app.size
        x = "x" if self.ascii else "×"
        return _(
            "Le Havre needs a terminal of at least {least}; this one is {size}. "
            "Enlarge the window (or make the font smaller); ctrl+q quits."
        ).format(least=f"{MIN_WIDTH}{x}{MIN_HEIGHT}", size=f"{size.width}{x}{size.height}")


class Keys(Footer):
    """The footer, its keys described in the reader's language (bindings hold the English
    words, marked for the catalogs with N_). Where the words of a language are too long for
    the width, the keys the help also lists are left out first, so that none is cut.

    Textual's footer composes its keys again whenever the screen says its keys may have
    changed: whenever the focus moves, which opening or closing a window does, and each time
    that is a new set of widgets to mount, style, lay out and draw. This one does that only
    when the keys it would show, or the language they are read in, differ from the ones shown.

    Which keys fit is worked out from their words and the terminal's width alone, at once,
    never from a layout still to come: the same keys, language and width always give the same
    footer, however the screen's refreshes fall."""

    SPARE = ("save", "undo", "cards", "pause", "next_board")  # in the order they give way
    _shown: object = None  # the keys composed last, in their language

    def bindings_changed(self, screen: Screen[object]) -> None:
        shown = (
            language(),
            tuple(
                (key, binding, enabled, tooltip)
                for key, (_node, binding, enabled, tooltip) in screen.active_bindings.items()
                if binding.show
            ),
        )
        if self._bindings_ready and shown == self._shown:
            self.fit()  # the same keys; the room for them may have changed
            return
        super().bindings_changed(screen)
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._shown = shown  # Textual composes them again (not while the app is unfocused)

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description) if widget.description else ""
                if widget.tooltip:
                    widget.tooltip = _(str(widget.tooltip))
            yield widget

    async def recompose(self) -> None:
        await super().recompose()
        self.fit()

    def watch_compact(self) -> None:
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """Every key shown, then spare keys left out, in order, until the keys fit the width."""
        if not self.is_attached:
            return
        keys = list(self.query(FooterKey))
        for key in keys:
            key.display = True
        over = sum(self.width_of(key) for key in keys) - self.app.size.width  # the footer spans the screen
        for action in self.SPARE:
            for key in keys:
                if over <= 0:
                    return
                if key.action == action and key.display:
                    key.display = False
                    over -= self.width_of(key)

    def width_of(self, key: FooterKey) -> int:
        """The columns a key takes in the footer, its margin included, as Textual's footer
        styles lay it out (a test compares this with the laid-out footer)."""
        words = cell_len(key.description)
        if not words:
            text = cell_len(key.key_display)
        elif self.compact:  # the key, a space, its words
            text = cell_len(key.key_display) + 1 + words
        else:  # a space either side of the key, one after the words
            text = 1 + cell_len(key.key_display) + 1 + words + 1
        if not self.compact:
            return text  # the palette's key too: its thin line takes the place of a space
        if key.has_class("-command-palette"):  # docked on the right, after a thin line
            return 1 + text + 1
        return text + 1  # a margin after each key


def board(container: W, title: str) -> W:
    """A container drawn as one board on the table, with its title in the frame."""
    container.border_title = title
    container.add_class("board")
    return container


class Plain(Static):
    """Static text shown as written: square brackets in game text are not markup."""

    def __init__(self, content: VisualType = "", *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(content, markup=False, id=id, classes=classes)


class ReadingWindow(ModalScreen[None]):
    """A window to read (a card, the list of cards, help): it needs no typing, so a typed
    character closes it and goes into the command bar, where the player meant to type."""

    def on_key(self, event: events.Key) -> None:
        if not event.is_printable or not event.character:
            return
        event.stop()
        event.prevent_default()
        self.post_message(TypingPassed(event.character))
