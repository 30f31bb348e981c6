"""A player's board: francs, loans, food due against food owned, goods, ships, buildings, wealth."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from ...commands import to_command
from ...engine.actions import Enter, SellShip
from ...engine.cards import content
from ...engine.goods import STANDARD_GOODS, UPGRADED_GOODS, Good
from ...engine.scoring import score
from ...engine.state import GameState
from ...engine.words import plural
from ..view import GOOD_LABEL, card, escape, food_view
from .base import TableWidget, card_action, fill_action, link


def player_signature(s: GameState, seat: int) -> object:
    p = s.players[seat]
    mine = tuple(s.buildings_of(seat))
    workers = tuple(q.worker for q in s.players)
    active = s.current == seat and s.phase != "over"
    return (seat, active, p.francs, tuple(p.goods), p.loans, tuple(p.ships), mine, workers, s.round, s.phase)


class PlayerPanel(TableWidget):
    """The full board of one seat (the active player's is marked); seat -1 follows the turn."""

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat_given = seat

    @property
    def seat_no(self) -> int:
        return self.state.current if self.seat_given < 0 else self.seat_given

    def on_mount(self) -> None:
        self.sync()

    def sync(self) -> None:
        s = self.state
        for i in range(5):
            self.set_class(i == self.seat_no, f"seat-{i}")
        p = s.players[self.seat_no]
        active = s.current == self.seat_no and s.phase != "over"
        self.set_class(active, "-active")
        name = escape(p.name.upper())
        kind = self.app_session_seat_kind()
        if kind != "human":
            name += f" ({kind} bot)"
        self.border_title = f"{name} {self.g.pointer} to play" if active else name
        self.border_subtitle = f"wealth so far {score(s, self.seat_no).total}"
        super().sync()

    def app_session_seat_kind(self) -> str:
        seats = self.session.seats
        return seats[self.seat_no] if self.seat_no < len(seats) else "human"

    def signature(self) -> object:
        return player_signature(self.state, self.seat_no)

    def _food_line(self) -> Text:
        s = self.state
        f = food_view(s, self.seat_no)
        t = Text()
        t.append("Food ", self.st("label"))
        t.append(f"due {f.due} ", self.st("strong"))
        if f.ships:
            t.append(f"(ships {f.ships}) ", self.st("dim"))
        t.append(f"{self.g.sep} have {f.goods}+{f.francs}{self.g.franc} {self.g.sep} ")
        if f.due == 0:
            t.append("fed by ships" if f.ships else "none due", self.st("good"))
        elif f.goods >= f.due:
            t.append("covered", self.st("good"))
        elif f.covered:
            t.append(f"{f.due - f.goods}{self.g.franc} needed", self.st("warn"))
        else:
            t.append(f"{f.short} short: loan!", self.st("warn"))
        return t

    def _goods(self) -> RenderableType:
        p = self.state.players[self.seat_no]
        width = self.size.width or 40
        if width < 40:  # a narrow board (4 or 5 players): only the goods there are, in a line
            t = Text()
            t.append("Goods ", self.st("label"))
            held = [f"{GOOD_LABEL[gd]} {p.goods[gd]}" for gd in (*STANDARD_GOODS, *UPGRADED_GOODS) if p.goods[gd]]
            t.append(", ".join(held) if held else self.g.dash, self.st("strong") if held else self.st("dim"))
            return t
        cols = 8 if width >= 92 else 4
        # Each column as wide as its longest label and count, numbers right-aligned. The
        # padding ends a styled piece instead of starting one, so drawn pictures keep it.
        column: list[list[Good]] = [[] for _ in range(cols)]
        for row in (STANDARD_GOODS, UPGRADED_GOODS):
            for i, good in enumerate(row):
                column[i % cols].append(good)
        label_w = [max(len(GOOD_LABEL[g]) for g in col) for col in column]
        count_w = [max(len(str(p.goods[g])) for g in col) for col in column]
        lines: list[Text] = []
        for row in (STANDARD_GOODS, UPGRADED_GOODS):
            for start in range(0, 8, cols):
                line = Text()
                for c, good in enumerate(row[start : start + cols]):
                    n = str(p.goods[good])
                    label = GOOD_LABEL[good]
                    line.append(label + " " * (label_w[c] - len(label) + 1 + count_w[c] - len(n)), self.st("dim"))
                    line.append(n + "  ", self.st("strong") if p.goods[good] else self.st("dim"))
                line.rstrip()
                lines.append(line)
        return Group(*lines)

    def _money_line(self) -> Text:
        s = self.state
        p = s.players[self.seat_no]
        t = Text()
        t.append(f"{p.francs}{self.g.franc}  ", self.st("strong"))
        t.append(f"loans {p.loans}  ", self.st("warn") if p.loans else self.st("dim"))
        t.append("worker ", self.st("label"))
        if p.worker is None:
            t.append("at home", self.st("dim"))
        else:
            t.append(card(p.worker).name)
        return t

    def _ships_line(self) -> Text:
        s = self.state
        p = s.players[self.seat_no]
        c = content()
        t = Text()
        t.append("Ships ", self.st("label"))
        if not p.ships:
            t.append(self.g.dash, self.st("dim"))
            return t
        n = s.num_players
        # the player to act may click a ship to put its sale into the bar
        selling = self.seat_no == s.current and s.phase != "over"
        for i, x in enumerate(p.ships):
            sc = c.ships[x]
            if i:
                t.append(", ")
            name = f"{sc.type} {sc.name}"
            if selling:
                t.append_text(link(name, fill_action(to_command(SellShip(ship=x), s))))
            else:
                t.append(name)
            t.append(f" ({sc.value}, food {c.ship_kinds[sc.type].food[n - 1]})")
        return t

    def _buildings_line(self) -> Text:
        s = self.state
        g = self.g
        t = Text()
        t.append("Buildings ", self.st("label"))
        mine = sorted(s.buildings_of(self.seat_no), key=lambda b: card(b).number)
        if not mine:
            t.append(g.dash, self.st("dim"))
            return t
        for i, b in enumerate(mine):
            if i:
                t.append(", ")
            c = card(b)
            if c.can_enter:
                t.append_text(link(c.name, fill_action(to_command(Enter(building=b), s))))
            else:
                t.append_text(link(c.name, card_action(b), self.st("dim")))
            for seat in s.occupants(b):
                t.append(f" {g.worker}{s.players[seat].name[:1]}", self.seat(seat))
        return t

    def render(self) -> RenderableType:
        return Group(
            self._money_line(),
            self._food_line(),
            self._goods(),
            self._ships_line(),
            self._buildings_line(),
        )


class PlayerLine(TableWidget):
    """One line per player for the compact table (all players, the active one marked)."""

    FIXED_HEIGHT = True

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat_no = seat

    def signature(self) -> object:
        return player_signature(self.state, self.seat_no)

    def render(self) -> RenderableType:
        s = self.state
        g = self.g
        p = s.players[self.seat_no]
        f = food_view(s, self.seat_no)
        active = s.current == self.seat_no and s.phase != "over"
        t = Text()
        t.append(f"{g.pointer} " if active else "  ", self.st("active") if active else self.st("dim"))
        pad = max(len(q.name) for q in s.players) + 1
        t.append(p.name.ljust(pad), self.seat(self.seat_no))
        t.append(f"{p.francs:>3}{g.franc}")
        food_style = self.st("good") if f.covered else self.st("warn")
        t.append(f"  food due {f.due}, has {f.goods}+{f.francs}{g.franc}", food_style)
        t.append(f"  wealth {score(s, self.seat_no).total}", self.st("strong"))
        if p.loans:
            t.append(f"  {plural(p.loans, 'loan')}", self.st("warn"))
        return t
