"""The line above the table: round, food, harvest, whose turn, wealth so far."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ...engine.scoring import score
from ..view import TOWN_WORDS, phase_line, round_info
from .base import TableWidget


class TopBar(TableWidget):
    FIXED_HEIGHT = True

    def signature(self) -> object:
        s = self.state
        scores = tuple(score(s, i).total for i in range(s.num_players))
        return (s.round, s.phase, s.current, s.turn, s.supplied, s.main_done, scores)

    def render(self) -> RenderableType:
        s = self.state
        info = round_info(s, min(s.round, s.rounds_total))
        wide = self.size.width >= 140
        left = Text()
        if wide:
            left.append(" LE HAVRE  ", self.st("strong"))
        left.append(f" Round {info.number}/{s.rounds_total}", self.st("strong"))
        left.append(f" {self.g.sep} {info.food} food {self.g.sep} ")
        left.append("harvest" if info.harvest else "no harvest")
        if wide:
            left.append(f" {self.g.sep} town builds {TOWN_WORDS[info.town]}")
        middle = Text(phase_line(s), style=self.st("active") + self.seat(s.current))
        right = Text("wealth " if wide else "", self.st("dim"))
        for i in range(s.num_players if wide else 0):
            if i:
                right.append("  ")
            right.append(s.players[i].name, self.seat(i))
            right.append(f" {score(s, i).total}")
        grid = Table.grid(expand=True, padding=(0, 2))
        grid.add_column(justify="left", no_wrap=True, overflow="ellipsis")
        grid.add_column(justify="center", no_wrap=True, overflow="ellipsis")
        grid.add_column(justify="right", no_wrap=True, overflow="ellipsis")
        grid.add_row(left, middle, right)
        return grid
