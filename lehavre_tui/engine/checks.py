"""Checks shared by several moves: whose turn it is, which card is meant."""

from __future__ import annotations

from .cards import BuildingCard, content
from .errors import IllegalAction
from .message import Msg, Typed
from .state import GameState

# translators: what is not possible now: "It is time to feed the workers; {what} is not possible now."
A_MAIN_ACTION = Msg("a main action")


def building_card(building: str) -> BuildingCard:
    cards = content().buildings
    if building not in cards:
        raise IllegalAction(Msg("There is no building called '{typed}'.", typed=Typed(building)))
    return cards[building]


def own_turn(s: GameState, what: Msg) -> None:
    """Refuse `what` (a move: "a main action") outside the turn of the player to act."""
    if s.phase == "over":
        raise IllegalAction(Msg("The game is over."))
    if s.phase == "feeding":
        raise IllegalAction(Msg(
            "It is time to feed the workers; {what} is not possible now. Name the food you pay, "
            "e.g. 'fish=2 francs=1' or '2 fish 1 franc' ('feed' alone pays what is proposed).",
            what=what,
        ))
    if s.phase == "interest":
        raise IllegalAction(Msg(
            "{player} must first settle the interest; {what} is not possible now. "
            "Sell a building or ship, or 'pay' (a loan covers what is missing).",
            player=s.players[s.current].name, what=what,
        ))


def main_check(s: GameState) -> None:
    own_turn(s, A_MAIN_ACTION)
    if s.phase == "turn" and not s.supplied:
        raise IllegalAction(Msg("First move your ship ('supply'): the supply action comes before the main action."))
    if s.main_done:
        raise IllegalAction(Msg("You have already taken your main action; buy, sell, repay or 'end' your turn."))
