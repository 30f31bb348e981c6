"""Checks shared by several moves: whose turn it is, which card is meant."""

from __future__ import annotations

from .cards import BuildingCard, content
from .errors import IllegalAction
from .state import GameState


def building_card(building: str) -> BuildingCard:
    cards = content().buildings
    if building not in cards:
        raise IllegalAction(f"There is no building called '{building}'.")
    return cards[building]


def own_turn(s: GameState, what: str) -> None:
    if s.phase == "over":
        raise IllegalAction("The game is over.")
    if s.phase == "feeding":
        raise IllegalAction(f"It is time to feed the workers; {what} is not possible now. Pay with 'feed'.")
    if s.phase == "interest":
        raise IllegalAction(
            f"{s.players[s.current].name} must first settle the interest; {what} is not possible now. "
            "Sell a building or ship, or 'pay' (a loan covers what is missing)."
        )


def main_check(s: GameState) -> None:
    own_turn(s, "a main action")
    if s.phase == "turn" and not s.supplied:
        raise IllegalAction("First move your ship ('supply'): the supply action comes before the main action.")
    if s.main_done:
        raise IllegalAction("You have already taken your main action; buy, sell, repay or 'end' your turn.")
