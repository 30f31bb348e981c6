"""The table's footer: the keys, composed again only when they change."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class KeysFooter(Footer):
    """Textual's footer composes its keys again whenever the screen says its keys may have
    changed: whenever the focus moves, which opening or closing a window does, and each time
    that is a new set of widgets to mount, style, lay out and draw. This one does that only
    when the keys it would show differ from the ones it shows."""

    _shown: object = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        shown = tuple(
            (key, binding, enabled, tooltip)
            for key, (_node, binding, enabled, tooltip) in screen.active_bindings.items()
            if binding.show
        )
        if self._bindings_ready and shown == self._shown:
            return
        self._shown = shown
        super().bindings_changed(screen)
