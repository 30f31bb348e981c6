"""The town's buildings, with fees, prices and the workers standing on them."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ...commands import to_command
from ...engine.actions import Enter
from ..view import card, fee_short
from .base import TableWidget, card_action, fill_action, link


class TownBuildings(TableWidget):
    def signature(self) -> object:
        s = self.state
        return (tuple(s.town_buildings()), tuple(p.worker for p in s.players), s.current, s.phase)

    def render(self) -> RenderableType:
        s = self.state
        g = self.g
        town = s.town_buildings()
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(no_wrap=True, width=2)
        grid.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
        grid.add_column(no_wrap=True)
        grid.add_column(no_wrap=True, justify="right")
        if not town:
            grid.add_row("", Text("The town owns no buildings.", self.st("dim")))
        for b in sorted(town, key=lambda x: card(x).number):
            c = card(b)
            cmd = to_command(Enter(building=b), s)
            name = link(c.name, fill_action(cmd), self.st("strong") if c.can_enter else self.st("dim"))
            for seat in s.occupants(b):
                name.append(f" {g.worker}{s.players[seat].name[:1]}", self.seat(seat))
            grid.add_row(
                link(c.number, card_action(b), self.st("dim")),
                name,
                Text(fee_short(c, g).removeprefix("fee ")),
                Text("" if c.price is None else f"{c.price}{g.franc}", self.st("dim")),
            )
        return grid
