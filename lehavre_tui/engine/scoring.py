"""Wealth at the end of the game (rulebook "End of the game"), with a per-player breakdown.

Wealth = values of buildings and ships + end-game bonuses ("+" cards) + francs
- 7 per unpaid loan. Goods are worth nothing except through the Storehouse.
Ties are not broken: every tied player wins.
"""

from __future__ import annotations

from pydantic import BaseModel

from .cards import Bonus, BuildingCard, content
from .state import GameState

LOAN_PENALTY = 7


class Score(BaseModel):
    seat: int
    name: str
    buildings: int  # card values of owned buildings
    ships: int  # card values of owned ships
    bonuses: dict[str, int]  # building name -> end-game bonus
    francs: int
    loans: int  # the penalty, as a negative number
    total: int


def bonus_value(bonus: Bonus, owned: list[BuildingCard], ships: int, goods: int) -> int:
    if bonus.kind == "per_type":
        return sum(bonus.per_type.get(c.type, 0) for c in owned)
    if bonus.kind == "per_ship":
        # the Luxury Yacht counts as a ship in every respect (it is held as a card)
        return int(bonus.francs * (ships + sum(1 for c in owned if c.type == "ship")))
    return int(bonus.francs * goods)  # per_good: total rounded down


def score(s: GameState, seat: int) -> Score:
    p = s.players[seat]
    owned = s.owned_cards(seat)
    c = content()
    ship_value = sum(c.ships[x].value for x in p.ships)
    goods = sum(p.goods)
    bonuses = {
        card.name: bonus_value(card.bonus, owned, len(p.ships), goods)
        for card in owned
        if card.bonus is not None
    }
    buildings = sum(card.value for card in owned)
    penalty = -LOAN_PENALTY * p.loans
    total = buildings + ship_value + sum(bonuses.values()) + p.francs + penalty
    return Score(
        seat=seat,
        name=p.name,
        buildings=buildings,
        ships=ship_value,
        bonuses=bonuses,
        francs=p.francs,
        loans=penalty,
        total=total,
    )


def final_scores(s: GameState) -> list[Score]:
    return [score(s, i) for i in range(s.num_players)]


def winners(s: GameState) -> list[int]:
    scores = final_scores(s)
    best = max(sc.total for sc in scores)
    return [sc.seat for sc in scores if sc.total == best]
