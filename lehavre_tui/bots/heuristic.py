"""A bot without lookahead: every legal action is tried on a copy and the resulting
position is judged by the hand-written value function (see value.py).

It sees only public facts: actions are tried on `public_view(state)`, and the steps
that would turn hidden things face up (supply, ending the turn) are not tried at all.
"""

from __future__ import annotations

import random

from ..engine.actions import Action, EndTurn, Feed, Reorder, Supply
from ..engine.errors import IllegalAction
from ..engine.rules import apply, legal_actions
from ..engine.state import GameState
from .value import PLAIN, Weights, seat_value
from .view import public_view


def action_values(state: GameState, w: Weights = PLAIN) -> list[tuple[float, Action]]:
    """Each legal action with the value of the position it leads to, best first (stable)."""
    return rank_actions(public_view(state), w)


def rank_actions(view: GameState, w: Weights = PLAIN) -> list[tuple[float, Action]]:
    """Like `action_values`, on a state whose hidden parts are already a guess."""
    me = view.current
    base = seat_value(view, me, w)
    move_on = base + w.move_on
    scored: list[tuple[float, Action]] = []
    for a in legal_actions(view):
        if isinstance(a, Feed):
            v = move_on if a.payment is None else base
        elif isinstance(a, Supply | EndTurn):
            v = move_on
        elif isinstance(a, Reorder):
            v = base if a.swap else move_on
        else:
            try:
                v = seat_value(apply(view, a, narrate=False), me, w)
            except IllegalAction:
                continue
        scored.append((v, a))
    scored.sort(key=lambda t: -t[0])
    return scored


class HeuristicBot:
    def __init__(self, seed: int = 0, name: str = "heuristic", weights: Weights = PLAIN) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.weights = weights

    def choose(self, state: GameState) -> Action:
        ranked = action_values(state, self.weights)
        if not ranked:
            raise ValueError("No legal action: the game is over.")
        return ranked[0][1]
