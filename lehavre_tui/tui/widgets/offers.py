"""The seven offer spaces with their counts; clicking one puts `take SPACE` in the command bar."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from ...engine.goods import GOOD_BY_KEY
from ...engine.message import GoodName
from ...engine.state import OFFER_SPACES
from ...text import _, render
from ..view import short_mark
from .base import ByWidth, TableWidget, fill_action, link
from .columns import Column, Columns


class OfferSpaces(TableWidget):
    FIXED_HEIGHT = True

    def signature(self) -> object:
        return tuple(self.state.offers)

    def labels(self, width: int) -> list[str]:
        """The offer spaces' names; their two-letter marks where the names are too wide for
        `width` (longer words than English in some languages)."""
        full = [self.g.franc if space == "francs" else render(GoodName(GOOD_BY_KEY[space])) for space in OFFER_SPACES]
        if sum(len(label) + 1 for label in full) + len(_("Offers")) <= width:
            return full
        return [self.g.franc if space == "francs" else short_mark(space) for space in OFFER_SPACES]

    def draw(self) -> RenderableType:
        return ByWidth(self._draw_for)

    def _draw_for(self, width: int) -> RenderableType:
        s = self.state
        names: list[Text] = [Text(_("Offers"), self.st("label"))]
        counts: list[Text] = [Text("")]
        labels = self.labels(width)
        for i, space in enumerate(OFFER_SPACES):
            n = s.offers[i]
            label = labels[i]
            action = fill_action(f"take {space}")
            names.append(link(label, action, self.st("link")))
            counts.append(link(str(n), action, self.st("strong") if n else self.st("dim")))
        return Columns([names, counts], [Column(), *[Column("center")] * len(OFFER_SPACES)])
