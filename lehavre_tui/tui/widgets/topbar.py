"""The line above the table: round, food, harvest, whose turn, wealth so far."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ...engine.message import Count
from ...engine.scoring import score
from ...text import _, render
from ..seat_names import bot_label, seat_kind
from ..view import TOWN_BUILDS, phase_line, round_info
from .base import ByWidth, TableWidget

GAP = 2  # columns between the three parts


class TopBar(TableWidget):
    """Whose turn and what is expected, always; around it as much about the round and the
    wealth as the width allows (what is left out is on the round card and the player boards)."""

    FIXED_HEIGHT = True

    def signature(self) -> object:
        s = self.state
        scores = tuple(score(s, i).total for i in range(s.num_players))
        return (s.round, s.phase, s.current, s.turn, s.supplied, s.main_done, scores, tuple(self.session.seats))

    def _round(self, brand: bool, town: bool, harvest: bool = True) -> Text:
        s = self.state
        info = round_info(s, min(s.round, s.rounds_total))
        left = Text()
        if brand:
            left.append(" LE HAVRE ", self.st("strong"))
        now = _("Round {round}/{rounds}").format(round=info.number, rounds=s.rounds_total)
        left.append(f" {now}", self.st("strong"))
        left.append(f" {self.g.sep} " + render(Count(info.food, "food")))
        if harvest:
            left.append(f" {self.g.sep} " + (_("harvest") if info.harvest else _("no harvest")))
        if town:
            left.append(f" {self.g.sep} " + _(TOWN_BUILDS[info.town]))
        return left

    def _wealth(self, label: bool, marks: bool = True) -> Text:
        """'wealth Anna 12  Ben (medium bot) 9': the bots marked where the width allows."""
        s = self.state
        seats = self.session.seats
        # translators: before the players' wealth so far in the top bar: "wealth Anna 12  Ben 9"
        right = Text(_("wealth") + " " if label else "", self.st("dim"))
        for i in range(s.num_players):
            if i:
                right.append("  ")
            name = s.players[i].name
            kind = seat_kind(seats, i)
            right.append(bot_label(name, kind) if marks else name, self.seat(i))
            right.append(f" {score(s, i).total}")
        return right

    def parts(self, width: int) -> tuple[Text, Text, Text]:
        """The richest (left, middle, right) that fits in `width` columns."""
        middle = Text(phase_line(self.state), style=self.st("active") + self.seat(self.state.current))
        full, plain = self._round(True, True), self._round(False, True)
        short, shortest = self._round(False, False), self._round(False, False, False)
        wealth, names = self._wealth(True, False), self._wealth(False, False)
        marked, marked_names = self._wealth(True), self._wealth(False)
        empty = Text()
        for left, right in (
            (full, marked),  # the bots marked first; without bots these are the plain lists
            (plain, marked),
            (short, marked),
            (full, wealth),
            (plain, wealth),
            (short, wealth),
            (short, marked_names),
            (short, names),
            (short, empty),
            (shortest, empty),
            (empty, empty),
        ):
            if left.cell_len + middle.cell_len + right.cell_len + 2 * GAP <= width:
                return left, middle, right
        return empty, middle, empty

    def draw(self) -> RenderableType:
        return ByWidth(self._bar)

    def _bar(self, width: int) -> RenderableType:
        left, middle, right = self.parts(width)
        grid = Table.grid(expand=True, padding=(0, GAP))
        grid.add_column(justify="left", no_wrap=True)
        grid.add_column(justify="center", no_wrap=True)
        grid.add_column(justify="right", no_wrap=True)
        grid.add_row(left, middle, right)
        return grid
