"""The seven offer spaces with their counts; clicking one puts `take SPACE` in the command bar."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ...engine.goods import GOOD_BY_KEY
from ...engine.message import GoodName
from ...engine.state import OFFER_SPACES
from ...text import _, render
from ..view import short_mark
from .base import TableWidget, fill_action, link


class OfferSpaces(TableWidget):
    FIXED_HEIGHT = True

    def signature(self) -> object:
        return tuple(self.state.offers)

    def labels(self) -> list[str]:
        """The offer spaces' names; their two-letter marks where the names are too wide
        (longer words than English in some languages)."""
        full = [self.g.franc if space == "francs" else render(GoodName(GOOD_BY_KEY[space])) for space in OFFER_SPACES]
        width = sum(len(label) + 1 for label in full) + len(_("Offers"))
        if width <= self.size.width or self.size.width <= 0:
            return full
        return [self.g.franc if space == "francs" else short_mark(space) for space in OFFER_SPACES]

    def render(self) -> RenderableType:
        s = self.state
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        for _space in OFFER_SPACES:
            grid.add_column(justify="center", no_wrap=True)
        names: list[Text] = [Text(_("Offers"), self.st("label"))]
        counts: list[Text] = [Text("")]
        labels = self.labels()
        for i, space in enumerate(OFFER_SPACES):
            n = s.offers[i]
            label = labels[i]
            action = fill_action(f"take {space}")
            names.append(link(label, action, self.st("link")))
            counts.append(link(str(n), action, self.st("strong") if n else self.st("dim")))
        grid.add_row(*names)
        grid.add_row(*counts)
        return grid
