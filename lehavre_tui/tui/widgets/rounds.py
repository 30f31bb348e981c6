"""The round card now (round n of N, food, harvest, what the town builds) and the rounds to come."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from ...engine.cards import content
from ...engine.message import Card, Count
from ...text import NP_, _, pgettext, render
from ...text.render import join
from ..game import Game
from ..view import TOWN_THEN, name, round_info
from .base import TableWidget
from .columns import Column, Columns

TOWN_SHORT = {
    # translators: the round card's table: the town builds a standard building (at most four letters)
    "standard": NP_("town:short", "std"),
    # translators: the round card's table: the town builds a special building (at most four letters)
    "special": NP_("town:short", "spec"),
    None: "",
}


class RoundCard(TableWidget):
    def __init__(self, game: Game, coming: int = 6, *, id: str | None = None) -> None:
        super().__init__(game, id=id)
        self.coming = coming

    def signature(self) -> object:
        s = self.state
        peek = s.pending is not None and s.pending.kind == "peek"
        return (s.round, len(s.special_deck), peek, s.current if peek else -1)

    def draw(self) -> RenderableType:
        s = self.state
        g = self.g
        now = round_info(s, min(s.round, s.rounds_total))
        ship = content().ships[now.ship]
        kind = render(Card(ship.type)).lower()
        head = Text()
        head.append(_("Round {round} of {rounds}").format(round=now.number, rounds=s.rounds_total), self.st("strong"))
        harvest = _("harvest") if now.harvest else _("no harvest")
        head.append(f": {render(Count(now.food, 'food'))} {g.sep} {harvest}\n")
        head.append(_(TOWN_THEN[now.town]).format(kind=kind, ship=ship.name, value=ship.value), self.st("dim"))
        parts: list[RenderableType] = [head]
        later = list(range(now.number + 1, min(s.rounds_total, now.number + self.coming) + 1))
        if later:
            infos = [round_info(s, r) for r in later]
            yes = _("yes")
            town = [Text(pgettext("town:short", TOWN_SHORT[i.town]) if TOWN_SHORT[i.town] else g.dash) for i in infos]
            rows = [
                # translators: the rounds to come, in a small table on the round card
                [Text(_("Coming"), self.st("label")), *[Text(str(i.number), self.st("strong")) for i in infos]],
                [Text(_("food"), self.st("dim")), *[Text(str(i.food)) for i in infos]],
                [Text(_("harvest"), self.st("dim")), *[Text(yes if i.harvest else g.dash) for i in infos]],
                [Text(_("town"), self.st("dim")), *town],
            ]
            parts.append(Columns(rows, [Column(), *[Column("right", min_width=4)] * len(later)]))
        else:
            parts.append(Text(_("This is the last round; then one final action each."), self.st("warn")))
        if s.variant == "full":
            deck = Text(_("Special buildings: {n} face down").format(n=len(s.special_deck)), self.st("dim"))
            if s.pending is not None and s.pending.kind == "peek" and s.special_deck:
                top = join([name(b) for b in s.special_deck[:2]], ",")
                # translators: {building} is the Marketplace, which lets its user look at two cards
                looks = _("Top two ({building}, only {player} looks): {buildings}").format(
                    building=name("marketplace"), player=s.players[s.current].name, buildings=top
                )
                deck.append("\n" + looks, self.st("warn"))
            parts.append(deck)
        return Group(*parts)
