"""The expert: information-set Monte Carlo search at the root, by sequential halving.

Le Havre hides two things: the order of the supply chits not yet turned and the face-down
special buildings. Every deal fills them anew (`determinise`, public facts only), so the bot
never relies on the true hidden order.

Three things set it above the hard bot (search.py):
- its judgement: the value function with weights tuned by play (`EXPERT`), for choosing the
  moves to compare, for every move in its playouts, and for the position a playout ends in;
- its playouts: the light policy (playout.py: no sales by choice, forced steps the engine's
  way) plays a round about twice as fast as the hard bot's heuristic, which pays for playing
  two rounds (HORIZON);
- where the playouts go: the best few moves at first sight are compared on common deals (in
  a batch every candidate still in the running is played out in the same deal, with the same
  stream of policy noise, so the luck of the deal does not drown their differences), and by
  sequential halving: the budget is split into rounds and after each the worse half of the
  candidates is dropped, so the last two share the most deals. With a time budget the pace is
  learnt from the first batch and the last two candidates play until the time is up; when
  the time left is too short for a deal of all the candidates still in the running, the
  better half goes on alone.

A playout plays the rest of the round and the next one (HORIZON), so a move's worth is seen
after the next feeding too; the position is then judged by the mover's value against the
strongest opponent.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time

from ..engine.actions import Action
from ..engine.goods import Good
from ..engine.rules import apply
from ..engine.state import GameState
from .heuristic import action_values
from .playout import play_to_round_end
from .search import PRIOR_MARGIN, Analysis, Candidate
from .value import PLAIN, Weights, relative_value, seat_value
from .view import determinise

TOP_K = 6  # moves compared at most (the heuristic's best, within PRIOR_MARGIN of its first)
HORIZON = 2  # round ends a playout plays through (the current round and the next)
# The expert's judgement, tuned by play (benchmarks/tune_weights.py), in two passes. The
# first (from the plain weights): goods keep their worth longer and fall lower at the end, the
# plain goods are worth more, and the food of ships counts more; the heuristic alone won 77 % of
# 400 two-player games against itself with the plain ones. The second (from those, steps of
# x0.7 and x1.4): goods fade later still, buildings' use is counted for more rounds, and a
# coming shortfall of food weighs less; 59 % of 400 games against the first pass's weights.
BASIC_GOODS = (Good.FISH, Good.WOOD, Good.CLAY, Good.GRAIN)
EXPERT = dataclasses.replace(
    PLAIN,
    worth=tuple(x * (1.6 if g in BASIC_GOODS else 1) for g, x in enumerate(PLAIN.worth)),
    goods_floor=0.125,
    goods_fade=4.8 * 1.4,
    ship_food=1.6,
    shortfall=1.8 * 0.7,
    use_horizon=6.0 * 1.4,
)


def values_of(s: GameState, w: Weights = PLAIN) -> list[float]:
    """Every seat's value against its strongest opponent (plain value when solo)."""
    vals = [seat_value(s, i, w) for i in range(s.num_players)]
    if len(vals) == 1:
        return vals
    out = []
    for i, v in enumerate(vals):
        out.append(v - max(w for j, w in enumerate(vals) if j != i))
    return out


class ExpertBot:
    def __init__(
        self,
        seed: int = 0,
        time_budget: float = 2.0,
        *,
        max_playouts: int | None = None,
        name: str = "expert",
        weights: Weights = EXPERT,
        horizon: int = HORIZON,
    ) -> None:
        self.name = name
        self.weights = weights
        self.horizon = horizon
        self.rng = random.Random(seed)
        self.time_budget = time_budget
        self.max_playouts = max_playouts

    def choose(self, state: GameState) -> Action:
        return self.analyse(state).best

    def analyse(self, state: GameState, *, force: bool = False) -> Analysis:
        """Search the position; `force` searches even a move the heuristic settles alone."""
        start = time.perf_counter()
        deadline = start + self.time_budget
        ranked = action_values(state, self.weights)
        if not ranked:
            raise ValueError("No legal action: the game is over.")
        result = Analysis(best=ranked[0][1], options=len(ranked))
        top = ranked[0][0]
        cands = [Candidate(a, v) for v, a in ranked[:TOP_K] if v >= top - PRIOR_MARGIN]
        result.candidates = cands
        if (len(cands) == 1 or state.phase == "feeding") and not force:
            return result
        counted = self.max_playouts is not None
        alive = cands[: self.max_playouts] if counted else list(cands)
        me = state.current
        played = 0

        def spent(playouts: int | None = None) -> bool:
            """True when there is no budget for `playouts` more (a batch of the candidates
            alive). With a time budget they are begun only if, at the pace so far, they end
            in time: a move is then answered within its budget, not a batch later."""
            n = len(alive) if playouts is None else playouts
            if self.max_playouts is not None:
                return played + n > self.max_playouts
            now = time.perf_counter()
            pace = (now - start) / played if played else 0.0
            return now + pace * n > deadline

        def batch(first: bool = False) -> None:
            """One deal, and one stream of policy noise, for every candidate alive. The first
            deal also tells the pace: a playout of it is begun only if it ends in time, and the
            candidates left without one drop out."""
            nonlocal played, alive
            deal = self.rng.getrandbits(32)
            for i, c in enumerate(alive):
                if first and played and spent(1):
                    alive = alive[:i]
                    return
                world = determinise(state, me, random.Random(deal))
                c.total += self.playout(world, c.action, me, random.Random(deal + 1))
                c.playouts += 1
                played += 1

        def keep_better_half() -> None:
            nonlocal alive
            alive.sort(key=lambda c: -c.mean)  # stable: a tie keeps the heuristic's order
            alive = alive[: math.ceil(len(alive) / 2)]

        if not counted and len(alive) > 1:
            batch(first=True)
        while len(alive) > 1:
            if spent():
                # No budget for another deal of them all: the better half plays on, if a deal
                # of it fits (else a short budget would end with time unused).
                if len(alive) == 2:
                    break
                keep_better_half()
                continue
            rounds = math.ceil(math.log2(len(alive)))
            if self.max_playouts is not None:
                left = self.max_playouts - played
            else:
                pace = (time.perf_counter() - start) / played
                left = int((deadline - time.perf_counter()) / pace)
            deals = max(1, left // (rounds * len(alive)))
            last = rounds == 1
            n = 0
            while (last or n < deals) and not spent():
                batch()
                n += 1
            if last:
                break
            keep_better_half()
        result.playouts = played
        if played:
            most = max(c.playouts for c in cands)
            best = max((c for c in cands if c.playouts == most), key=lambda c: c.mean)
            rest = sorted((c for c in cands if c is not best), key=lambda c: (-c.playouts, -c.mean))
            result.best = best.action
            result.candidates = [best, *rest]
        return result

    def playout(self, world: GameState, action: Action, me: int, rng: random.Random) -> float:
        """Play `action` in a determinised `world`, then the light policy to the round's end."""
        s = apply(world, action, in_place=True, narrate=False)
        if s.phase != "over":
            s = play_to_round_end(s, rng, w=self.weights, rounds=self.horizon)
        return relative_value(s, me, self.weights)
