"""The supply track: seven chits, face down until a ship first reaches them, and the ships."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from ...engine.cards import content
from ..view import short_mark
from .base import TableWidget
from .columns import Column, Columns


class SupplyTrack(TableWidget):
    FIXED_HEIGHT = True

    def signature(self) -> object:
        s = self.state
        return (tuple(s.revealed), tuple(p.ship_marker for p in s.players), s.turn, s.supplied, s.phase)

    def draw(self) -> RenderableType:
        s = self.state
        chits = content().chits
        heads: list[Text] = []
        goods: list[Text] = []
        for pos in range(7):
            nxt = s.phase == "turn" and pos == s.turn and not s.supplied
            head = Text(self.g.chit(pos), self.st("active") if nxt else self.st("strong"))
            chit = chits[s.chits[pos] - 1]
            if s.revealed[pos]:
                first, second = (self.g.franc if k == "francs" else short_mark(k) for k in (chit.first, chit.second))
                goods.append(Text(f"{first}+{second}"))
                if chit.interest:
                    head.append(self.g.interest, self.st("warn"))
            else:
                goods.append(Text(self.g.hidden * 2, self.st("dim")))
            for i, p in enumerate(s.players):  # the ships: each player's initial
                if p.ship_marker == pos:
                    head.append(p.name[:1].upper(), self.seat(i))
            heads.append(head)
        return Columns([heads, goods], [Column(min_width=5)] * 7)
