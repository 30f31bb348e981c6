"""Pieces every screen uses: the too-small notice and titled boards."""

from __future__ import annotations

from typing import TypeVar, cast

from textual import events
from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from ...text import N_, _
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
    the width, the keys the help also lists are left out first, so that none is cut."""

    SPARE = ("save", "undo", "cards", "pause", "next_board")  # in the order they give way

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description) if widget.description else ""
                if widget.tooltip:
                    widget.tooltip = _(str(widget.tooltip))
            yield widget
        self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
        for key in self.query(FooterKey):
            key.display = True
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """Leave out one spare key after another until the keys fit the width."""
        if not self.is_attached or self.size.width <= 0 or self.virtual_size.width <= self.size.width:
            return
        for action in self.SPARE:
            for key in self.query(FooterKey):
                if key.action == action and key.display:
                    key.display = False
                    self.call_after_refresh(self._fit)
                    return


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
