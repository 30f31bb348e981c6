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
from .value import seat_value
from .view import public_view

# An extra action must gain this much to be preferred to moving on (ends turns promptly).
MOVE_ON_BONUS = 0.3


def action_values(state: GameState) -> list[tuple[float, Action]]:
    """Each legal action with the value of the position it leads to, best first (stable)."""
    return rank_actions(public_view(state))


def rank_actions(view: GameState) -> list[tuple[float, Action]]:
    """Like `action_values`, on a state whose hidden parts are already a guess."""
    me = view.current
    base = seat_value(view, me)
    scored: list[tuple[float, Action]] = []
    for a in legal_actions(view):
        if isinstance(a, Feed):
            v = base + (MOVE_ON_BONUS if a.payment is None else 0.0)
        elif isinstance(a, Supply | EndTurn):
            v = base + MOVE_ON_BONUS
        elif isinstance(a, Reorder):
            v = base + (0.0 if a.swap else MOVE_ON_BONUS)
        else:
            try:
                v = seat_value(apply(view, a), me)
            except IllegalAction:
                continue
        scored.append((v, a))
    scored.sort(key=lambda t: -t[0])
    return scored


class HeuristicBot:
    def __init__(self, seed: int = 0, name: str = "heuristic") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        ranked = action_values(state)
        if not ranked:
            raise ValueError("No legal action: the game is over.")
        return ranked[0][1]
