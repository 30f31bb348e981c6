"""A hand-written value of a position for one seat, in francs of final wealth.

value = wealth as scored now (buildings, ships, bonuses, francs, -7 per loan)
      + goods, worth less as the end approaches (they score nothing at the end)
      + what owned buildings will still earn (use and fees) in the rounds left
      + food the ships will still supply in the feedings left
      - the cost of the coming feeding when food and francs fall short (loans).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from operator import mul

from ..engine.cards import content
from ..engine.goods import Good
from ..engine.rules import TURNS_PER_ROUND
from ..engine.scoring import LOAN_PENALTY, bonus_value
from ..engine.setup import round_row
from ..engine.state import GameState

# Rough worth of one token in francs, mid-game.
GOOD_WORTH: dict[Good, float] = {
    Good.FISH: 1.0,
    Good.WOOD: 1.2,
    Good.CLAY: 1.2,
    Good.IRON: 2.2,
    Good.GRAIN: 1.0,
    Good.CATTLE: 2.0,
    Good.COAL: 2.5,
    Good.HIDES: 1.5,
    Good.SMOKED_FISH: 2.3,
    Good.CHARCOAL: 2.2,
    Good.BRICK: 2.6,
    Good.STEEL: 7.0,
    Good.BREAD: 2.3,
    Good.MEAT: 3.3,
    Good.COKE: 6.0,
    Good.LEATHER: 3.5,
}
WORTH = tuple(GOOD_WORTH[Good(i)] for i in range(16))


@dataclass(frozen=True)
class Weights:
    """The value's weights: the plain ones of the medium and hard bots (`PLAIN`), or others
    (the expert's are tuned by play, expert.py)."""

    worth: tuple[float, ...] = WORTH  # a token of each good, by `Good`
    building_use: float = 0.9  # francs a round an enterable building is worth to its owner
    shortfall: float = 1.8  # francs lost per food missing at the coming feeding
    goods_floor: float = 0.25  # share of their worth goods keep in the last round
    goods_fade: float = 3.0  # rounds before the end at which goods start to lose worth
    use_horizon: float = 6.0  # rounds of use counted for an enterable building at most
    ship_food: float = 1.0  # francs a food a ship will supply at a coming feeding is worth
    move_on: float = 0.3  # what an extra action must gain to be preferred to moving on


PLAIN = Weights()


def rounds_left(s: GameState) -> float:
    """Rounds still to play, counting the unplayed part of the current one."""
    if s.phase in ("final", "over"):
        return 0.0
    part = 0.0 if s.phase == "feeding" else 1.0 - s.turn / TURNS_PER_ROUND
    return float(s.rounds_total - s.round) + part


@cache
def _demands(cards: tuple[str, ...], players: int) -> tuple[int, ...]:
    c = content()
    return tuple(round_row(c, card, players).food for card in cards)


def future_demands(s: GameState) -> tuple[int, ...]:
    """Food demanded at each feeding still to come (the current round's if not yet fed)."""
    if s.phase in ("final", "over"):
        return ()
    demands = _demands(tuple(s.round_cards), s.num_players)
    first = s.round - 1
    if s.phase == "feeding" and s.current not in s.feeding_queue:
        first += 1
    return demands[first:]


def wealth(s: GameState, seat: int) -> int:
    """`score(s, seat).total` without building the breakdown (bots call it very often)."""
    p = s.players[seat]
    c = content()
    cards = c.buildings
    owned = [cards[b] for b, o in s.owner.items() if o == seat]
    total = sum(card.value for card in owned) + sum(c.ships[x].value for x in p.ships)
    total += p.francs - LOAN_PENALTY * p.loans
    for card in owned:
        if card.bonus is not None:
            total += bonus_value(card.bonus, owned, len(p.ships), sum(p.goods))
    return total


@cache
def _building_facts() -> dict[str, tuple[int, int, bool]]:
    """Each building's value, 1 if it can be entered, and whether it scores a bonus."""
    return {b.id: (b.value, int(b.can_enter), b.bonus is not None) for b in content().buildings.values()}


@cache
def _ship_facts(players: int) -> dict[str, tuple[int, int]]:
    """Each ship's value and the food it supplies a round (as `ship_food`)."""
    c = content()
    return {x.id: (x.value, c.ship_kinds[x.type].food[players - 1]) for x in c.ships.values()}


def seat_value(s: GameState, seat: int, w: Weights = PLAIN) -> float:
    """The seat's value (module docstring) in one pass over what it owns; equal to the sum of
    `wealth`, goods, use, ships and shortfall as written out there. (Bots call it for every
    move they judge: `rounds_left` and `future_demands` are written into it.)"""
    p = s.players[seat]
    facts = _building_facts()
    built = enterable = 0
    bonus = False
    for b in [b for b, o in s.owner.items() if o == seat]:
        value, enter, has_bonus = facts[b]
        built += value
        enterable += enter
        bonus = bonus or has_bonus
    ship_value = fed = 0
    if p.ships:
        ships = _ship_facts(len(s.players))
        for x in p.ships:
            value, food = ships[x]
            ship_value += value
            fed += food
    total = wealth(s, seat) if bonus else built + ship_value + p.francs - LOAN_PENALTY * p.loans
    wealth_now = float(total)
    phase = s.phase
    if phase == "over" or phase == "final":
        # no rounds left: goods at their floor, no use or food to come, no feeding due
        return wealth_now if phase == "over" else wealth_now + sum(map(mul, p.goods, w.worth)) * min(1.0, w.goods_floor)
    feeding = phase == "feeding"
    left = float(s.rounds_total - s.round) + (0.0 if feeding else 1.0 - s.turn / TURNS_PER_ROUND)
    goods = sum(map(mul, p.goods, w.worth)) * min(1.0, w.goods_floor + left / w.goods_fade)
    use = enterable * w.building_use * min(left, w.use_horizon)
    total = wealth_now + goods + use
    demands = _demands(tuple(s.round_cards), len(s.players))
    if fed:
        first = s.round - 1
        if feeding and s.current not in s.feeding_queue:
            first += 1
        total += w.ship_food * sum([fed if fed < d else d for d in demands[first:]])
    if not (feeding and seat not in s.feeding_queue):  # turn, interest, or this seat still feeds
        due = demands[min(s.round, s.rounds_total) - 1] - fed
        have = p.food_goods() + p.francs
        if due > have:
            my_turns = (TURNS_PER_ROUND - s.turn) / len(s.players) if not feeding else 0.0
            total -= w.shortfall * (due - have) / (1.0 + 0.5 * my_turns)
    return total


def relative_value(s: GameState, seat: int, w: Weights = PLAIN) -> float:
    """The seat's value against its strongest opponent (plain value when solo)."""
    mine = seat_value(s, seat, w)
    if s.num_players == 1:
        return mine
    best = max(seat_value(s, i, w) for i in range(s.num_players) if i != seat)
    return mine - best
