"""The expert: information-set Monte Carlo tree search with progressive widening.

Le Havre hides two things: the order of the supply chits not yet turned and the face-down
special buildings. Every iteration deals them anew (`determinise`, public facts only), so
the bot never relies on the true hidden order. All deals share one tree whose nodes are
the moves played from the position (an information set: what every player has seen), with
the visits and value of each move summed over the deals in which it was possible
("single-observer" ISMCTS; a move is compared against the number of deals in which it could
be chosen, its availability).

Descent: at a node the moves are ranked once by the heuristic (the root by the full
heuristic, deeper nodes by the light playout policy, playout.py); only the best
`1 + WIDENING * sqrt(visits)` of them are open (progressive widening), and among the open
ones an unvisited move is tried first, otherwise the one with the best upper confidence
bound. Steps without a real choice (moving the ship, feeding, paying interest) are taken
the engine's way and are not nodes. A new node is followed by a light playout to the end
of its round, then every seat's `relative_value` is backed up the path, each node counting
the value of the seat that moved into it.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from ..engine.actions import Action
from ..engine.rules import apply, legal_actions
from ..engine.state import GameState
from .heuristic import action_values
from .playout import forced, light_rank, play_to_round_end
from .search import PRIOR_MARGIN, Analysis, Candidate
from .value import seat_value
from .view import determinise

WIDENING = 0.6  # open moves at a node: 1 + WIDENING * sqrt(visits)
EXPLORATION = 4.0  # francs of value an untried-enough move is given the benefit of
MAX_TREE_DEPTH = 40  # moves below the root at most


ActionKey = tuple[object, ...]


def action_key(a: Action) -> ActionKey:
    """A move as a hashable value, equal for equal moves (moves hold dicts of goods)."""
    return tuple(tuple(sorted(v.items())) if isinstance(v, dict) else v for v in a.__dict__.values())


@dataclass
class Node:
    seat: int  # the seat that made the move leading here (-1 at the root)
    children: dict[ActionKey, Node] = field(default_factory=dict)
    visits: int = 0
    total: float = 0.0  # sum of the mover's relative value over the visits
    avail: int = 0  # iterations in which this move could be chosen
    order: list[Action] | None = None  # the moves from here, best first by the heuristic
    prior: dict[ActionKey, float] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else float("-inf")


def values_of(s: GameState) -> list[float]:
    """Every seat's value against its strongest opponent (plain value when solo)."""
    vals = [seat_value(s, i) for i in range(s.num_players)]
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
    ) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.time_budget = time_budget
        self.max_playouts = max_playouts
        self.tree: Node | None = None  # the last search's tree (for tests and the review)

    def choose(self, state: GameState) -> Action:
        return self.analyse(state).best

    def analyse(self, state: GameState, *, force: bool = False) -> Analysis:
        """Search the position; `force` searches even a move the heuristic settles alone."""
        start = time.perf_counter()
        deadline = start + self.time_budget
        ranked = action_values(state)
        if not ranked:
            raise ValueError("No legal action: the game is over.")
        result = Analysis(best=ranked[0][1], options=len(ranked))
        top = ranked[0][0]
        close = [(v, a) for v, a in ranked if v >= top - PRIOR_MARGIN]
        if (len(close) == 1 or state.phase == "feeding") and not force:
            result.candidates = [Candidate(a, v) for v, a in close]
            return result
        me = state.current
        root = Node(seat=-1)
        root.order = [a for _, a in ranked]
        root.prior = {action_key(a): v for v, a in ranked}
        self.tree = root
        n = 0
        while self.max_playouts is None or n < self.max_playouts:
            now = time.perf_counter()
            if now >= deadline:
                break
            if self.max_playouts is None and n >= 8 and self._settled(root, n, now, start, deadline):
                break
            deal = self.rng.getrandbits(32)
            world = determinise(state, me, random.Random(deal))
            self._iterate(root, world, random.Random(deal + 1))
            n += 1
        result.playouts = n
        kids = sorted(root.children.items(), key=lambda kv: (-kv[1].visits, -kv[1].mean))
        by_key = {action_key(a): a for a in root.order}
        result.candidates = [
            Candidate(by_key[k], root.prior.get(k, float("-inf")), c.total, c.visits) for k, c in kids if c.visits
        ]
        if result.candidates:
            result.best = result.candidates[0].action
        result.base = root.total / root.visits if root.visits else 0.0
        return result

    @staticmethod
    def _settled(root: Node, n: int, now: float, start: float, deadline: float) -> bool:
        """True when the most visited move cannot be overtaken in the time left."""
        visits = sorted((c.visits for c in root.children.values()), reverse=True)
        if len(visits) < 2:
            return False
        left = (deadline - now) / max(1e-9, (now - start) / n)
        return visits[0] - visits[1] > left

    def _iterate(self, root: Node, world: GameState, rng: random.Random) -> None:
        node = root
        path = [root]
        depth = 0
        expanded = False
        s = world
        while s.phase != "over" and depth < MAX_TREE_DEPTH:
            if node is not root:
                auto = forced(s)
                if auto is not None:
                    s = apply(s, auto, in_place=True, narrate=False)
                    continue
            picked = self._select(node, s)
            if picked is None:
                break
            key, action = picked
            mover = s.current
            s = apply(s, action, in_place=True, narrate=False)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node(seat=mover)
                expanded = True
            node = child
            path.append(node)
            depth += 1
            if expanded:
                break
        if s.phase != "over":
            s = play_to_round_end(s, rng)
        vals = values_of(s)
        for nd in path:
            nd.visits += 1
            if nd.seat >= 0:
                nd.total += vals[nd.seat]

    def _select(self, node: Node, s: GameState) -> tuple[ActionKey, Action] | None:
        """The move to follow from `node` in the world `s` (None if there is none)."""
        if node.order is None:
            ranked = light_rank(s)
            node.order = [a for _, a in ranked]
            node.prior = {action_key(a): v for v, a in ranked}
        # the root's moves are the same in every deal; deeper, a deal may open or close moves
        legal = {action_key(a): a for a in (node.order if node.seat < 0 else legal_actions(s))}
        open_moves = 1 + int(WIDENING * math.sqrt(node.visits))
        options: list[tuple[ActionKey, Action]] = []
        for a in node.order:
            k = action_key(a)
            if k in legal:
                options.append((k, legal[k]))
                if len(options) >= open_moves:
                    break
        if not options:
            moves = light_rank(s) or [(0.0, a) for a in legal_actions(s)]
            if not moves:
                return None
            for _, a in moves:  # moves this deal allows that the first deal did not
                k = action_key(a)
                if k not in node.prior:
                    node.order.append(a)
                    node.prior[k] = float("-inf")
            a = moves[0][1]
            return action_key(a), a
        best: tuple[ActionKey, Action] | None = None
        best_score = float("-inf")
        for k, a in options:
            child = node.children.get(k)
            if child is None or child.visits == 0:
                return k, a  # an open move not yet tried: the best-ranked first
            child.avail += 1
            score = child.mean + EXPLORATION * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = (k, a), score
        return best

