"""The town's buildings, with their type and symbols, fees, prices and the workers on them."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from ...commands import to_command
from ...engine.actions import Enter
from ...text import _
from ..view import card, fee_words, kind_tag, name
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
            return Text(_("The town owns no buildings."), self.st("dim"))
        rows: list[list[Text]] = []
        for b in town:
            c = card(b)
            cmd = to_command(Enter(building=b), s)
            label = link(name(b), fill_action(cmd), self.st("strong") if c.can_enter else self.st("dim"))
            for seat in s.occupants(b):
                label.append(" ")
                label.append(f"{g.worker}{s.players[seat].name[:1]}", self.seat(seat))
            rows.append(
                [
                    link(c.number, card_action(b), self.st("dim")),
                    label,
                    Text(kind_tag(c, g), self.st("dim")),
                    Text(fee_words(c, g)),
                    Text("" if c.price is None else f"{c.price}{g.franc}", self.st("dim")),
                ]
            )
        # the card number as long as it is (SP-12); a long name wraps rather than being cut
        columns = [Column(), Column(fold=True, fill=True), Column(), Column(), Column("right")]
        key = _("{fisherman} fisherman  {hammer} hammer").format(fisherman=g.fisherman, hammer=g.hammer)
        return Group(Columns(rows, columns), Text(key, self.st("dim")))
