"""The ship stacks: the top card's value, its price and the food it brings at this table."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from ...commands import to_command
from ...engine.actions import BuyShip
from ...engine.cards import SHIP_TYPES, content
from ...text import NP_, _, pgettext
from .base import ByWidth, TableWidget, fill_action, link
from .columns import Column, Columns

# The kinds of ship in the ship board's first column.
KIND_SHORT = {
    # translators: a kind of ship, one short word in the ship board's first column
    "wooden": NP_("ship:short", "Wooden"),
    "iron": NP_("ship:short", "Iron"),
    "steel": NP_("ship:short", "Steel"),
    "luxury": NP_("ship:short", "Luxury"),
}


class ShipStacks(TableWidget):
    def signature(self) -> object:
        return tuple((t, tuple(st)) for t, st in self.state.ship_stacks.items())

    def draw(self) -> RenderableType:
        return ByWidth(self._stacks)

    def _stacks(self, width: int) -> RenderableType:
        s = self.state
        g = self.g
        c = content()
        n = s.num_players
        rows: list[list[Text]] = []
        for t in SHIP_TYPES:
            kind = c.ship_kinds[t]
            stack = s.ship_stacks.get(t, [])
            label = Text(pgettext("ship:short", KIND_SHORT[t]), self.st("label"))
            # translators: the food a ship supplies at the end of each round
            food = Text(_("food {n}").format(n=kind.food[n - 1]), self.st("dim"))
            if not stack:
                rows.append([label, Text(g.dash, self.st("dim")), Text(""), food])
                continue
            top = c.ships[stack[-1]]
            what = Text(f"{g.pointer} {top.value:>2} {top.name}", self.st("strong"))
            if len(stack) > 1:
                what.append(f" +{len(stack) - 1}", self.st("dim"))
            if kind.price is None:
                price = Text(_("build only"), self.st("dim"))
            else:
                buy = fill_action(to_command(BuyShip(ship_type=t), s))
                # translators: a price to click, in a narrow column: "buy 14₣"
                price = link(_("buy {price}").format(price=f"{kind.price}{g.franc}"), buy, self.st("link"))
            rows.append([label, what, price, food])
        columns = [Column(), Column(fold=True), Column("right"), Column("right")]  # a long name wraps
        return Columns(rows, columns, gap=2 if width >= 50 else 1)
