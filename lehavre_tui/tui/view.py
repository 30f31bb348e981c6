"""Plain facts about the table, worded for the screen (no Textual here, no state changes)."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import BuildingCard, content, round_card
from ..engine.goods import FOOD_VALUE, Good
from ..engine.payments import FRANCS, Payment, choose_food, payment_text
from ..engine.rules import food_due, ship_food
from ..engine.setup import round_row
from ..engine.state import GameState
from .glyphs import Glyphs

# Two-letter marks for the supply chits and compact lists.
SHORT: dict[str, str] = {
    "francs": "Fr",
    "fish": "Fi",
    "wood": "Wo",
    "clay": "Cl",
    "iron": "Ir",
    "grain": "Gr",
    "cattle": "Ca",
}

GOOD_LABEL: dict[Good, str] = {g: g.label for g in Good}
GOOD_LABEL[Good.SMOKED_FISH] = "smoked"

TOWN_WORDS = {"standard": "a standard building", "special": "a special building", None: "nothing"}


# A building's type in lists (the Marketplace, Town Hall, Bank and others count them).
TYPE_WORDS: dict[str, str] = {
    "craft": "craft",
    "economic": "econ",
    "industrial": "indus",
    "public": "public",
    "ship": "ship",
    "none": "",
}


def card(building: str) -> BuildingCard:
    return content().buildings[building]


def symbols(c: BuildingCard, g: Glyphs) -> str:
    """The fisherman and hammer symbols on a card, one mark each: '♆♆⚒'."""
    return g.fisherman * c.fishermen + g.hammer * c.hammers


def kind_tag(c: BuildingCard, g: Glyphs) -> str:
    """'craft ♆⚒': the building's type and its symbols, short enough for a list; a building
    of no type shows a dash."""
    return " ".join(x for x in (TYPE_WORDS[c.type], symbols(c, g)) if x) or g.dash


def symbol_words(c: BuildingCard) -> str:
    """'1 fisherman, 1 hammer' in full, or '' for a card without symbols."""
    parts = []
    if c.fishermen:
        parts.append(f"{c.fishermen} fisherman" if c.fishermen == 1 else f"{c.fishermen} fishermen")
    if c.hammers:
        parts.append(f"{c.hammers} hammer" if c.hammers == 1 else f"{c.hammers} hammers")
    return ", ".join(parts)


def legend(g: Glyphs) -> str:
    """What the marks in the building lists mean."""
    return (
        f"{g.fisherman} fisherman, {g.hammer} hammer; types: craft, econ (economic), "
        "indus (industrial), public, ship"
    )


def cost_text(cost: dict[Good, int] | None, compact: bool = False) -> str:
    if cost is None:
        return "cannot be built"
    if not cost:
        return "free"
    sep = " " if compact else ", "
    return sep.join(f"{n} {GOOD_LABEL[g]}" for g, n in cost.items())


def fee_short(c: BuildingCard, g: Glyphs) -> str:
    if not c.can_enter:
        return "no entry"
    if not c.fees:
        return "free"
    parts = []
    for f in c.fees:
        if f.food:
            parts.append(f"{f.food} food")
        if f.francs:
            parts.append(f"{f.francs}{g.franc}")
    return "fee " + "/".join(parts)


def price_text(c: BuildingCard, g: Glyphs) -> str:
    return "not for sale" if c.price is None else f"{c.price}{g.franc}"


@dataclass(frozen=True)
class RoundInfo:
    number: int
    card_id: str
    food: int
    harvest: bool
    town: str | None
    ship: str  # ship card id on the back


def round_info(s: GameState, number: int) -> RoundInfo:
    c = content()
    cid = s.round_cards[number - 1]
    rc = round_card(c, cid)
    row = round_row(c, cid, s.num_players)
    return RoundInfo(number, cid, row.food, rc.harvest, row.town, rc.ship)


@dataclass(frozen=True)
class FoodView:
    due: int  # after the ships' food
    ships: int  # food the ships supply
    goods: int  # food value of food goods
    francs: int

    @property
    def covered(self) -> bool:
        return self.goods + self.francs >= self.due

    @property
    def short(self) -> int:
        return max(0, self.due - self.goods - self.francs)


def food_view(s: GameState, seat: int) -> FoodView:
    p = s.players[seat]
    return FoodView(food_due(s, seat), ship_food(s, seat), p.food_goods(), p.francs)


def default_feeding(s: GameState, seat: int) -> tuple[Payment, int]:
    """What `feed` pays for this seat now, and how many francs of loans it leaves to cover."""
    p = s.players[seat]
    due = food_due(s, seat)
    found = choose_food(p, due)
    if found is not None:
        return found, 0
    everything: Payment = {gd: p.goods[gd] for gd in FOOD_VALUE if p.goods[gd]}
    if p.francs:
        everything[FRANCS] = p.francs
    value = sum(FOOD_VALUE.get(t, 1) * n for t, n in everything.items() if isinstance(t, Good))
    value += everything.get(FRANCS, 0)
    return everything, max(0, due - value)


def payment_words(payment: Payment) -> str:
    return payment_text(payment)


def phase_line(s: GameState) -> str:
    """Who acts and what is expected, in one short sentence."""
    name = s.players[s.current].name
    if s.phase == "over":
        return "The game is over"
    if s.phase == "feeding":
        return f"Feeding: {name} pays"
    if s.phase == "interest":
        return f"Interest: {name} is short of francs (sell, or pay)"
    if s.phase == "final":
        return f"Final actions: {name} to play"
    step = "supply" if not s.supplied else ("main action" if not s.main_done else "buy, sell or end")
    return f"Turn {s.turn + 1} of 7: {name} to play ({step})"


def escape(text: str) -> str:
    """Text for a place that reads markup (frame titles, button labels): every '[' as written."""
    return text.replace("\\", "\\\\").replace("[", "\\[")
