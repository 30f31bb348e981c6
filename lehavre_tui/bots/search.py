"""A bot that looks ahead by flat Monte Carlo over the heuristic's best few actions.

For every playout the hidden information (unrevealed supply chits, the face-down
special buildings) is dealt anew by `determinise`, so the bot never relies on the true
hidden order. A playout applies the candidate action, then lets the fast heuristic
policy (with a little randomness) play every seat to the end of the current round,
and scores the position by the value function (own value against the best opponent).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..engine.actions import Action
from ..engine.rules import apply
from ..engine.state import GameState
from .heuristic import action_values, rank_actions
from .value import PLAIN, Weights, relative_value
from .view import determinise

MAX_DEPTH = 80  # decisions per playout at most
PRIOR_MARGIN = 4.0  # actions the heuristic rates this much below its best are not searched
EPSILON = 0.05  # chance that a playout move is a random one of the policy's top three


@dataclass
class Candidate:
    action: Action
    prior: float  # the heuristic's one-step value
    total: float = 0.0
    playouts: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.playouts if self.playouts else float("-inf")


@dataclass
class Analysis:
    best: Action
    candidates: list[Candidate] = field(default_factory=list)  # best first
    options: int = 0  # legal actions considered
    playouts: int = 0
    base: float = 0.0  # the relative value of the position before moving (average of playouts)


class SearchBot:
    def __init__(
        self,
        seed: int = 0,
        time_budget: float = 2.0,
        *,
        top_k: int = 6,
        max_playouts: int | None = None,
        name: str = "search",
    ) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.time_budget = time_budget
        self.top_k = top_k
        self.max_playouts = max_playouts

    def choose(self, state: GameState) -> Action:
        return self.analyse(state).best

    def analyse(self, state: GameState, *, force: bool = False) -> Analysis:
        """Search the position; `force` searches even a move the heuristic settles alone."""
        deadline = time.perf_counter() + self.time_budget
        ranked = action_values(state)
        if not ranked:
            raise ValueError("No legal action: the game is over.")
        top = ranked[0][0]
        cands = [Candidate(a, v) for v, a in ranked[: self.top_k] if v >= top - PRIOR_MARGIN]
        result = Analysis(best=ranked[0][1], options=len(ranked))
        if (len(cands) == 1 or state.phase == "feeding") and not force:
            result.candidates = cands
            return result
        me = state.current
        n = 0
        while time.perf_counter() < deadline and (self.max_playouts is None or n < self.max_playouts):
            # one deal and one stream of policy noise shared by all candidates of a batch
            deal = self.rng.getrandbits(32)
            c = cands[n % len(cands)]
            if n % len(cands) == 0:
                batch = deal
            world = determinise(state, me, random.Random(batch))
            c.total += self.playout(world, c.action, me, random.Random(batch + 1))
            c.playouts += 1
            n += 1
        result.playouts = n
        done = [c for c in cands if c.playouts]
        if len(done) == len(cands):
            done.sort(key=lambda c: -c.mean)
            result.best = done[0].action
            result.candidates = done
        else:
            result.candidates = cands
        return result

    def playout(self, world: GameState, action: Action, me: int, rng: random.Random) -> float:
        """Play `action` in a determinised `world`, then the policy to the round's end."""
        return relative_value(heuristic_playout(apply(world, action, in_place=True), rng), me)


def heuristic_playout(s: GameState, rng: random.Random, w: Weights = PLAIN) -> GameState:
    """Let the heuristic (with a little randomness, judging by `w`) play every seat of the
    determinised `s`, in place, to the end of the current round (or of the game)."""
    start = (s.round, s.phase == "final")
    depth = 0
    while s.phase != "over" and depth < MAX_DEPTH and (s.round, s.phase == "final") == start:
        ranked = rank_actions(s, w)
        a = rng.choice(ranked[:3])[1] if rng.random() < EPSILON else ranked[0][1]
        s = apply(s, a, in_place=True, narrate=False)
        depth += 1
    return s
