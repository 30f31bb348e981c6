"""A hand-written value of a position for one seat, in francs of final wealth.

value = wealth as scored now (buildings, ships, bonuses, francs, -7 per loan)
      + goods, worth less as the end approaches (they score nothing at the end)
      + what owned buildings will still earn (use and fees) in the rounds left
      + food the ships will still supply in the feedings left
      - the cost of the coming feeding when food and francs fall short (loans).
"""

from __future__ import annotations

from functools import cache

from ..engine.cards import content
from ..engine.goods import Good
from ..engine.rules import TURNS_PER_ROUND, food_due, ship_food
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
WORTH = [GOOD_WORTH[Good(i)] for i in range(16)]
BUILDING_USE = 0.9  # francs a round an enterable building is worth to its owner
SHORTFALL = 1.8  # francs lost per food missing at the coming feeding


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


def seat_value(s: GameState, seat: int) -> float:
    p = s.players[seat]
    wealth_now = float(wealth(s, seat))
    if s.phase == "over":
        return wealth_now
    left = rounds_left(s)
    goods_weight = min(1.0, 0.25 + left / 3.0)
    goods = sum(n * w for n, w in zip(p.goods, WORTH, strict=True)) * goods_weight
    cards = content().buildings
    use = sum(1 for b, o in s.owner.items() if o == seat and cards[b].can_enter) * BUILDING_USE * min(left, 6.0)
    fed = ship_food(s, seat)
    ships = float(sum(min(fed, d) for d in future_demands(s)))
    short = 0.0
    if s.phase in ("turn", "interest", "feeding"):
        due = food_due(s, seat)
        if s.phase == "feeding" and seat not in s.feeding_queue:
            due = 0
        have = p.food_goods() + p.francs
        if due > have:
            my_turns = (TURNS_PER_ROUND - s.turn) / s.num_players if s.phase != "feeding" else 0.0
            short = SHORTFALL * (due - have) / (1.0 + 0.5 * my_turns)
    return wealth_now + goods + use + ships - short


def relative_value(s: GameState, seat: int) -> float:
    """The seat's value against its strongest opponent (plain value when solo)."""
    mine = seat_value(s, seat)
    if s.num_players == 1:
        return mine
    best = max(seat_value(s, i) for i in range(s.num_players) if i != seat)
    return mine - best
