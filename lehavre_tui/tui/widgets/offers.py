"""The seven offer spaces with their counts; clicking one puts `take SPACE` in the command bar."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from ...engine.state import OFFER_SPACES
from .base import TableWidget, fill_action, link
from .columns import Column, Columns


class OfferSpaces(TableWidget):
    FIXED_HEIGHT = True

    def signature(self) -> object:
        return tuple(self.state.offers)

    def draw(self) -> RenderableType:
        s = self.state
        names: list[Text] = [Text("Offers", self.st("label"))]
        counts: list[Text] = [Text("")]
        for i, space in enumerate(OFFER_SPACES):
            n = s.offers[i]
            label = self.g.franc if space == "francs" else space
            action = fill_action(f"take {space}")
            names.append(link(label, action, self.st("link")))
            counts.append(link(str(n), action, self.st("strong") if n else self.st("dim")))
        return Columns([names, counts], [Column(), *[Column("center")] * len(OFFER_SPACES)])
