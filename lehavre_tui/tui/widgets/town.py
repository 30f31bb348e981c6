"""The town's buildings, with their type and symbols, fees, prices and the workers on them."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from ...commands import to_command
from ...engine.actions import Enter
from ..view import card, fee_short, kind_tag
from .base import TableWidget, card_action, fill_action, link
from .columns import Column, Columns


class TownBuildings(TableWidget):
    def signature(self) -> object:
        s = self.state
        return (tuple(s.town_buildings()), tuple(p.worker for p in s.players), s.current, s.phase)

    def draw(self) -> RenderableType:
        s = self.state
        g = self.g
        town = sorted(s.town_buildings(), key=lambda x: card(x).number)
        if not town:
            return Text("The town owns no buildings.", self.st("dim"))
        rows: list[list[Text]] = []
        for b in town:
            c = card(b)
            cmd = to_command(Enter(building=b), s)
            name = link(c.name, fill_action(cmd), self.st("strong") if c.can_enter else self.st("dim"))
            for seat in s.occupants(b):
                name.append(" ")
                name.append(f"{g.worker}{s.players[seat].name[:1]}", self.seat(seat))
            rows.append(
                [
                    link(c.number, card_action(b), self.st("dim")),
                    name,
                    Text(kind_tag(c, g), self.st("dim")),
                    Text(fee_short(c, g).removeprefix("fee ")),
                    Text("" if c.price is None else f"{c.price}{g.franc}", self.st("dim")),
                ]
            )
        # the card number as long as it is (SP-12); a long name wraps rather than being cut
        columns = [Column(), Column(fold=True, fill=True), Column(), Column(), Column("right")]
        key = Text(f"{g.fisherman} fisherman  {g.hammer} hammer", self.st("dim"))
        return Group(Columns(rows, columns), key)
