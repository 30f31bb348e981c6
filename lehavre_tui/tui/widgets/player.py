"""A player's board: francs, loans, food due against food owned, goods, ships, buildings, wealth."""

from __future__ import annotations

from collections import Counter

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...commands import to_command
from ...engine.actions import Enter, SellShip
from ...engine.cards import content
from ...engine.goods import STANDARD_GOODS, UPGRADED_GOODS, Good
from ...engine.message import Count
from ...engine.scoring import score
from ...engine.state import GameState
from ...text import NP_, _, pgettext, render
from ..game import Game
from ..glyphs import Glyphs
from ..seat_names import bot_label, seat_kind
from ..view import TYPE_WORDS, card, escape, food_view, good_label, kind_tag, name, type_short
from .base import ByWidth, TableWidget, card_action, fill_action, link

# A ship's kind before its name on a player's board: "wooden Appoline".
SHIP_KIND = {
    # translators: a ship's kind before its name on a player's board: "wooden Appoline"
    "wooden": NP_("ship:kind", "wooden"),
    "iron": NP_("ship:kind", "iron"),
    "steel": NP_("ship:kind", "steel"),
    "luxury": NP_("ship:kind", "luxury"),
}


def owned_counts(s: GameState, seat: int, g: Glyphs) -> str:
    """'craft 2, public 1, ♆ 3, ⚒ 1': what the buildings that count types or symbols count
    ('' when the seat's buildings have neither)."""
    types: Counter[str] = Counter(card(b).type for b in s.buildings_of(seat))
    parts = [f"{type_short(k)} {types[k]}" for k in TYPE_WORDS if TYPE_WORDS[k] and types[k]]
    fishermen, hammers = s.symbols(seat)
    if fishermen:
        parts.append(f"{g.fisherman} {fishermen}")
    if hammers:
        parts.append(f"{g.hammer} {hammers}")
    return ", ".join(parts)


def player_signature(s: GameState, seat: int) -> object:
    p = s.players[seat]
    mine = tuple(s.buildings_of(seat))
    workers = tuple(q.worker for q in s.players)
    active = s.current == seat and s.phase != "over"
    return (seat, active, p.francs, tuple(p.goods), p.loans, tuple(p.ships), mine, workers, s.round, s.phase)


class PlayerPanel(TableWidget):
    """The full board of one seat (the active player's is marked); seat -1 follows the turn."""

    def __init__(self, game: Game, seat: int, *, id: str | None = None) -> None:
        super().__init__(game, id=id)
        self.seat_given = seat
        self._titles: tuple[str, str] | None = None

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
        title = escape(bot_label(p.name.upper(), self.app_session_seat_kind()))
        if self.session.away(self.seat_no):
            # translators: a player's board's title while the player has left the table for now
            title = _("{player} (away)").format(player=title)
        if active:
            # translators: a player's board's title while it is that player's turn: "ANNA ▸ to play"
            title = _("{player} {pointer} to play").format(player=title, pointer=self.g.pointer)
        titles = (title, _("wealth so far {points}").format(points=score(s, self.seat_no).total))
        if titles != self._titles:  # setting a title redraws the board, even the same title
            self._titles = titles
            self.border_title, self.border_subtitle = titles
        super().sync()

    def app_session_seat_kind(self) -> str:
        return seat_kind(self.session.seats, self.seat_no)

    def signature(self) -> object:
        return player_signature(self.state, self.seat_no)

    def _food_line(self) -> Text:
        s = self.state
        f = food_view(s, self.seat_no)
        t = Text()
        t.append(_("Food") + " ", self.st("label"))
        t.append(_("due {n}").format(n=f.due) + " ", self.st("strong"))
        if f.ships:
            t.append(_("(ships {n})").format(n=f.ships) + " ", self.st("dim"))
        have = _("have {food}").format(food=f"{f.goods}+{f.francs}{self.g.franc}")
        t.append(f"{self.g.sep} {have} {self.g.sep} ")
        if f.due == 0:
            t.append(_("fed by ships") if f.ships else _("none due"), self.st("good"))
        elif f.goods >= f.due:
            t.append(_("covered"), self.st("good"))
        elif f.covered:
            t.append(_("{francs} needed").format(francs=f"{f.due - f.goods}{self.g.franc}"), self.st("warn"))
        else:
            t.append(_("{n} short: loan!").format(n=f.short), self.st("warn"))
        return t

    def _goods(self, width: int) -> RenderableType:
        p = self.state.players[self.seat_no]
        for cols in (8, 4):
            grid = self._goods_grid(cols)
            if max(line.cell_len for line in grid) <= width:
                return Group(*grid)
        # a narrow board (4 or 5 players, a small terminal): only the goods there are, in a line
        t = Text()
        t.append(_("Goods") + " ", self.st("label"))
        held = [f"{good_label(gd)} {p.goods[gd]}" for gd in (*STANDARD_GOODS, *UPGRADED_GOODS) if p.goods[gd]]
        t.append(", ".join(held) if held else self.g.dash, self.st("strong") if held else self.st("dim"))
        return t

    def _goods_grid(self, cols: int) -> list[Text]:
        """Every good with its count, in `cols` columns."""
        p = self.state.players[self.seat_no]
        # Each column as wide as its longest label and count, numbers right-aligned. The
        # padding ends a styled piece instead of starting one, so drawn pictures keep it.
        column: list[list[Good]] = [[] for _ in range(cols)]
        for row in (STANDARD_GOODS, UPGRADED_GOODS):
            for i, good in enumerate(row):
                column[i % cols].append(good)
        labels = {g: good_label(g) for g in (*STANDARD_GOODS, *UPGRADED_GOODS)}
        label_w = [max(len(labels[g]) for g in col) for col in column]
        count_w = [max(len(str(p.goods[g])) for g in col) for col in column]
        lines: list[Text] = []
        for row in (STANDARD_GOODS, UPGRADED_GOODS):
            for start in range(0, 8, cols):
                line = Text()
                for c, good in enumerate(row[start : start + cols]):
                    n = str(p.goods[good])
                    label = labels[good]
                    line.append(label + " " * (label_w[c] - len(label) + 1 + count_w[c] - len(n)), self.st("dim"))
                    line.append(n + "  ", self.st("strong") if p.goods[good] else self.st("dim"))
                line.rstrip()
                lines.append(line)
        return lines

    def _money_line(self) -> Text:
        s = self.state
        p = s.players[self.seat_no]
        t = Text()
        t.append(f"{p.francs}{self.g.franc}  ", self.st("strong"))
        # translators: the number of loans on a player's board: "loans 2"
        t.append(_("loans {n}").format(n=p.loans) + "  ", self.st("warn") if p.loans else self.st("dim"))
        # translators: where a player's worker stands: "worker Fishery" or "worker at home"
        t.append(_("worker") + " ", self.st("label"))
        if p.worker is None:
            t.append(_("at home"), self.st("dim"))
        else:
            t.append(name(p.worker))
        return t

    def _ships_line(self) -> Text:
        s = self.state
        p = s.players[self.seat_no]
        c = content()
        t = Text()
        t.append(_("Ships") + " ", self.st("label"))
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
            # translators: a ship on a player's board: "wooden Appoline"
            label = _("{kind} {ship}").format(kind=pgettext("ship:kind", SHIP_KIND[sc.type]), ship=sc.name)
            if selling:
                t.append_text(link(label, fill_action(to_command(SellShip(ship=x), s))))
            else:
                t.append(label)
            # translators: after a ship on a player's board: its value and the food it supplies
            about = _("({value}, food {food})").format(value=sc.value, food=c.ship_kinds[sc.type].food[n - 1])
            t.append(f" {about}")
        return t

    def _buildings_line(self) -> Text:
        s = self.state
        g = self.g
        t = Text()
        t.append(_("Buildings") + " ", self.st("label"))
        mine = sorted(s.buildings_of(self.seat_no), key=lambda b: card(b).number)
        if not mine:
            t.append(g.dash, self.st("dim"))
            return t
        counts = owned_counts(s, self.seat_no, g)
        if counts:
            t.append(f"({counts}) ", self.st("dim"))
        for i, b in enumerate(mine):
            if i:
                t.append(", ")
            c = card(b)
            if c.can_enter:
                t.append_text(link(name(b), fill_action(to_command(Enter(building=b), s))))
            else:
                t.append_text(link(name(b), card_action(b), self.st("dim")))
            t.append(f" {kind_tag(c, g)}", self.st("dim"))
            for seat in s.occupants(b):
                t.append(" ")
                t.append(f"{g.worker}{s.players[seat].name[:1]}", self.seat(seat))
        return t

    def draw(self) -> RenderableType:
        return Group(
            self._money_line(),
            self._food_line(),
            ByWidth(self._goods),
            self._ships_line(),
            self._buildings_line(),
        )


class PlayerLine(TableWidget):
    """One line per player for the compact table (all players, the active one marked); on a
    narrow board the food column wraps, the columns staying in line from player to player."""

    def __init__(self, game: Game, seat: int, *, id: str | None = None) -> None:
        super().__init__(game, id=id)
        self.seat_no = seat

    def signature(self) -> object:
        away = tuple(self.session.away(i) for i in range(self.state.num_players))
        return player_signature(self.state, self.seat_no), away

    def draw(self) -> RenderableType:
        s = self.state
        g = self.g
        p = s.players[self.seat_no]
        f = food_view(s, self.seat_no)
        active = s.current == self.seat_no and s.phase != "over"
        who = Text()
        who.append(f"{g.pointer}" if active else " ", self.st("active") if active else self.st("dim"))
        who.append(" ")
        who.append(p.name, self.seat(self.seat_no))
        marks = [self._bot_mark(i) for i in range(s.num_players)]  # "(medium bot)": who is a bot
        if marks[self.seat_no]:
            who.append(marks[self.seat_no], self.st("dim"))
        away = [self.session.away(i) for i in range(s.num_players)]
        # translators: after a player's name in the players' lines: the player has left the table for now
        away_word = " " + _("away")
        if away[self.seat_no]:
            who.append(away_word, self.st("dim"))
        grid = Table.grid(padding=(0, 1), expand=True)
        widths = [len(q.name) + len(marks[i]) + (len(away_word) if away[i] else 0) for i, q in enumerate(s.players)]
        grid.add_column(no_wrap=True, width=max(widths) + 2)
        grid.add_column(no_wrap=True, justify="right", width=4)
        wealth = _("wealth {points}").format(points=score(s, self.seat_no).total)
        grid.add_column(no_wrap=True, width=max(10, len(_("wealth {points}").format(points=999))))
        grid.add_column(overflow="fold", ratio=1)
        food_style = self.st("good") if f.covered else self.st("warn")
        has = f"{f.goods}+{f.francs}{g.franc}"
        food = Text(_("food due {n}, has {food}").format(n=f.due, food=has), food_style)
        if p.loans:
            food.append(f" {g.sep} {render(Count(p.loans, 'loan'))}", self.st("warn"))
        grid.add_row(
            who,
            Text(f"{p.francs}{g.franc}"),
            Text(wealth, self.st("strong")),
            food,
        )
        return grid

    def _bot_mark(self, seat: int) -> str:
        """' (medium bot)' after a bot's name, '' after a person's."""
        kind = seat_kind(self.session.seats, seat)
        return " " + bot_label("", kind).strip() if kind != "human" else ""
