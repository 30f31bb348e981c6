"""The levels players choose a bot by: easy, medium, hard, expert (and the old names).

- easy: the heuristic's judgement of one move, played carelessly (half of its moves are
  taken at random among those it rates at most `SLIP` francs below its best);
- medium: the heuristic (heuristic.py): the best-looking move, one step ahead;
- hard: flat Monte Carlo over the heuristic's best few moves (search.py), on a time budget;
- expert: a better judgement (the value's weights tuned by play), light playouts through two
  rounds, placed by sequential halving on common deals (expert.py), on a time budget.

`random` (uniform legal moves) is kept for tests and benchmarks. Scripts and saves written
before the levels name bots `heuristic` (= medium) and `search` (= hard); they keep working.
"""

from __future__ import annotations

import random

from ..engine.actions import Action
from ..engine.state import GameState
from ..seats import BOT_KINDS, LEVELS, OLD_NAMES, SHOWN_KINDS, TIMED
from .heuristic import action_values

__all__ = ["BOT_KINDS", "LEVELS", "OLD_NAMES", "SHOWN_KINDS", "TIMED", "EasyBot", "level_of"]

CARELESS = 1 / 2  # share of the easy bot's moves picked at random among the nearly best
SLIP = 6.0  # francs below the best a careless move may be rated


def level_of(kind: str) -> str:
    """The level a bot name stands for ("search" -> "hard"); other names are returned as given."""
    return OLD_NAMES.get(kind, kind)


class EasyBot:
    """The heuristic, careless now and then: it sometimes takes a move it rates a little
    below its best, at random."""

    def __init__(self, seed: int = 0, name: str = "easy") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        ranked = action_values(state)
        if not ranked:
            raise ValueError("No legal action: the game is over.")
        if self.rng.random() < CARELESS:
            near = [a for v, a in ranked if v >= ranked[0][0] - SLIP]
            return self.rng.choice(near)
        return ranked[0][1]
