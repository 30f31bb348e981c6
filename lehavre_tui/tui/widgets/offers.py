"""The seven offer spaces with their counts; clicking one puts `take SPACE` in the command bar."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ...engine.state import OFFER_SPACES
from .base import TableWidget, fill_action, link


class OfferSpaces(TableWidget):
    FIXED_HEIGHT = True

    def signature(self) -> object:
        return tuple(self.state.offers)

    def draw(self) -> RenderableType:
        s = self.state
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        for _ in OFFER_SPACES:
            grid.add_column(justify="center", no_wrap=True)
        names: list[Text] = [Text("Offers", self.st("label"))]
        counts: list[Text] = [Text("")]
        for i, space in enumerate(OFFER_SPACES):
            n = s.offers[i]
            label = self.g.franc if space == "francs" else space
            action = fill_action(f"take {space}")
            names.append(link(label, action, self.st("link")))
            counts.append(link(str(n), action, self.st("strong") if n else self.st("dim")))
        grid.add_row(*names)
        grid.add_row(*counts)
        return grid
