"""The round card now (round n of N, food, harvest, what the town builds) and the rounds to come."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from ...engine.cards import content
from ..view import TOWN_WORDS, card, round_info
from .base import TableWidget
from .columns import Column, Columns

TOWN_SHORT = {"standard": "std", "special": "spec", None: ""}


class RoundCard(TableWidget):
    def __init__(self, coming: int = 6, *, id: str | None = None) -> None:
        super().__init__(id=id)
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
        kind = content().ship_kinds[ship.type].name.lower()
        head = Text()
        head.append(f"Round {now.number} of {s.rounds_total}", self.st("strong"))
        head.append(f": {now.food} food {g.sep} {'harvest' if now.harvest else 'no harvest'}\n")
        head.append(
            f"Then the town builds {TOWN_WORDS[now.town]}; the {kind} {ship.name} ({ship.value}) is launched.",
            self.st("dim"),
        )
        parts: list[RenderableType] = [head]
        later = list(range(now.number + 1, min(s.rounds_total, now.number + self.coming) + 1))
        if later:
            infos = [round_info(s, r) for r in later]
            rows = [
                [Text("Coming", self.st("label")), *[Text(str(i.number), self.st("strong")) for i in infos]],
                [Text("food", self.st("dim")), *[Text(str(i.food)) for i in infos]],
                [Text("harvest", self.st("dim")), *[Text("yes" if i.harvest else g.dash) for i in infos]],
                [Text("town", self.st("dim")), *[Text(TOWN_SHORT[i.town] or g.dash) for i in infos]],
            ]
            parts.append(Columns(rows, [Column(), *[Column("right", min_width=4)] * len(later)]))
        else:
            parts.append(Text("This is the last round; then one final action each.", self.st("warn")))
        if s.variant == "full":
            deck = Text(f"Special buildings: {len(s.special_deck)} face down", self.st("dim"))
            if s.pending is not None and s.pending.kind == "peek" and s.special_deck:
                top = ", ".join(card(b).name for b in s.special_deck[:2])
                deck.append(f"\nTop two (Marketplace, only {s.players[s.current].name} looks): {top}", self.st("warn"))
            parts.append(deck)
        return Group(*parts)
