"""Pieces every screen uses: the too-small notice and titled boards."""

from __future__ import annotations

from typing import TypeVar, cast

from textual import events
from textual.app import ComposeResult
from textual.screen import ModalScreen, Screen
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from ...text import N_, _, language
from ..app import MIN_HEIGHT, MIN_WIDTH, LeHavreApp

# Textual's own key in the footer (the command palette) and its tooltip, for the catalogs.
PALETTE = (N_("palette"), N_("Open the command palette"))

W = TypeVar("W", bound=Widget)


class TooSmall(Static):
    """Shown instead of clipped content when the terminal is below the minimum size."""

    def render(self) -> str:
        size = self.app.size
        x = "x" if cast(LeHavreApp, self.app).glyphs.ascii else "×"
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
    when the keys it would show, or the language they are read in, differ from the ones shown."""

    SPARE = ("save", "undo", "cards", "pause", "next_board")  # in the order they give way
    _shown: object = None  # the keys composed last, in their language
    _fitted_width = -1  # the width the keys were fitted to last

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
            self.call_after_refresh(self._fit)  # the same keys; the room for them may have changed
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
        self.call_after_refresh(self._fit)

    def on_resize(self, event: events.Resize) -> None:
        """A new width: every key shown, then fitted again. The keys laid out anew (their
        room, `virtual_size`, changed) at the same width: only checked again."""
        if event.size.width != self._fitted_width:
            self._fitted_width = event.size.width
            for key in self.query(FooterKey):
                key.display = True
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """Leave out spare keys, in order, until the keys fit the width: at once as many as
        the keys are too wide by, each as wide as it was laid out."""
        if not self.is_attached or self.size.width <= 0:
            return
        over = self.virtual_size.width - self.size.width
        keys = list(self.query(FooterKey))
        for action in self.SPARE:
            for key in keys:
                if over <= 0:
                    return
                if key.action == action and key.display and key.outer_size.width:
                    key.display = False
                    over -= key.outer_size.width + key.styles.margin.right


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
        cast(LeHavreApp, self.app).pass_typing(event.character)
