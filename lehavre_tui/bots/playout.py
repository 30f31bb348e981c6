"""The light playout policy of the expert: the heuristic's one-step judgement, on fewer moves.

A playout plays every seat quickly to the end of a round. The heuristic (heuristic.py) tries
every legal move on a copy; most of them are sales (one per building and ship owned) that a
good player almost never makes mid-round, and steps with nothing to choose (moving the ship,
feeding, paying interest) that the engine settles in the cheapest way anyway. The light
policy leaves those out: it sells nothing by choice (the engine still takes loans or sells
what the rules force), feeds and pays interest the engine's way, compares buildings by the
first way of use `legal_actions` lists (the engine's own choice of goods) and judges every
way only of the building it would enter, and judges only the main actions, purchases and
repayments by applying them. Moves come from `legal_actions` and go through `apply`, so the
rules are the engine's own.
"""

from __future__ import annotations

import random

from ..engine.actions import (
    Action,
    EndTurn,
    Enter,
    Feed,
    PayInterest,
    Reorder,
    SellBuilding,
    SellShip,
    Supply,
    TakeOffer,
)
from ..engine.effects.standard import given_goods
from ..engine.errors import IllegalAction
from ..engine.goods import Good
from ..engine.rules import apply, legal_actions
from ..engine.state import OFFER_GOOD, OFFER_SPACES, GameState
from .value import PLAIN, Weights, seat_value

MAX_DEPTH = 80  # decisions per playout at most
EPSILON = 0.05  # chance that a playout move is a random one of the policy's top three
_FEED, _PAY, _SUPPLY, _KEEP = Feed(), PayInterest(), Supply(), Reorder(swap=False)
# Buildings whose ways of use differ only in the goods they give, named by the way (the
# Marketplace: any 2 to 8 different standard goods, up to 28 ways): a way other than the
# first is judged in the position the first leads to, with its goods in place of the first's.
GIVES_NAMED_GOODS = frozenset({"marketplace"})
_named: dict[frozenset[tuple[str, int]], dict[Good, int]] = {}


def _goods_named(a: Enter) -> dict[Good, int]:
    key = frozenset((a.goods or {}).items())
    goods = _named.get(key)
    if goods is None:
        goods = _named[key] = given_goods(a.goods, a.building)
    return goods


def forced(s: GameState) -> Action | None:
    """The move the light policy makes without judging, if any."""
    if s.phase == "feeding":
        return _FEED
    if s.phase == "interest":
        return _PAY
    if s.phase == "turn" and not s.supplied:
        return _SUPPLY
    return None


def light_rank(s: GameState, w: Weights = PLAIN) -> list[tuple[float, Action]]:
    """The moves the light policy considers, with the value of the position each leads to,
    best first; the order of `legal_actions` breaks ties. A lone move is not judged (0.0).

    Buildings are compared by their first way of use; if entering one is best, its other
    ways are judged too and the best of them leads."""
    legal = legal_actions(s)
    moves: list[Action] = []
    entered: set[str] = set()
    for a in legal:
        if isinstance(a, SellBuilding | SellShip | Supply) or (isinstance(a, Reorder) and a.swap):
            continue
        if isinstance(a, Enter):  # the first way of using a building listed is the plain one
            if a.building in entered:
                continue
            entered.add(a.building)
        moves.append(a)
    if len(moves) == 1:  # nothing to judge (ending a turn with nothing to buy, say)
        return [(0.0, moves[0])]
    me = s.current
    base = seat_value(s, me, w)
    scored: list[tuple[float, Action]] = []
    for a in moves:
        if isinstance(a, EndTurn | Reorder):
            v = base + w.move_on
        elif isinstance(a, TakeOffer):
            v = _take_value(s, a, w)
        else:
            try:
                v = seat_value(apply(s, a, narrate=False), me, w)
            except IllegalAction:
                continue
        scored.append((v, a))
    scored.sort(key=lambda t: -t[0])
    entering = scored[0][1] if scored else None
    if isinstance(entering, Enter):
        first = best = scored[0]
        ways = [a for a in legal if isinstance(a, Enter) and a.building == entering.building and a is not entering]
        if ways and entering.building in GIVES_NAMED_GOODS:
            best = _best_goods_way(s, entering, ways, best, w)
        else:
            for a in ways:
                try:
                    v = seat_value(apply(s, a, narrate=False), me, w)
                except IllegalAction:
                    continue
                if v > best[0]:
                    best = (v, a)
        if best is not first:
            scored[0] = best
    return scored


def _take_value(s: GameState, a: TakeOffer, w: Weights) -> float:
    """The value after taking an offer space (`rules._take`: its goods or francs go to the
    player, nothing else the value reads changes), judged without a copy of the state."""
    i = OFFER_SPACES.index(a.space)
    n = s.offers[i]
    p = s.players[s.current]
    if a.space == "francs":
        p.francs += n
        try:
            return seat_value(s, s.current, w)
        finally:
            p.francs -= n
    g = OFFER_GOOD[a.space]
    p.goods[g] += n
    try:
        return seat_value(s, s.current, w)
    finally:
        p.goods[g] -= n


def _best_goods_way(
    s: GameState, first: Enter, ways: list[Enter], best: tuple[float, Action], w: Weights
) -> tuple[float, Action]:
    """The best way of a building of GIVES_NAMED_GOODS: each judged by putting its goods in
    place of the first way's in the position the first way leads to (one `apply` for all)."""
    me = s.current
    after = apply(s, first, narrate=False)
    goods = after.players[me].goods
    for g, n in _goods_named(first).items():
        goods[g] -= n
    for a in ways:
        named = _goods_named(a)
        for g, n in named.items():
            goods[g] += n
        v = seat_value(after, me, w)
        for g, n in named.items():
            goods[g] -= n
        if v > best[0]:
            best = (v, a)
    return best


def policy_move(s: GameState, rng: random.Random, w: Weights = PLAIN) -> Action:
    """One move of the light policy (mostly the best-judged, now and then one of the top three)."""
    a = forced(s)
    if a is not None:
        return a
    ranked = light_rank(s, w)
    if not ranked:  # nothing but sales: let the full move list decide
        return legal_actions(s)[0]
    if rng.random() < EPSILON:
        return rng.choice(ranked[:3])[1]
    return ranked[0][1]


def play_to_round_end(
    s: GameState, rng: random.Random, max_depth: int = MAX_DEPTH, w: Weights = PLAIN, rounds: int = 1
) -> GameState:
    """Play the light policy for every seat, in place, until the round (or the game) ends;
    with `rounds` > 1 through as many round ends (`max_depth` decisions a round at most)."""
    end = (s.round + rounds - 1, s.phase == "final")
    depth = 0
    while s.phase != "over" and depth < max_depth * rounds and (s.round, s.phase == "final") <= end:
        s = apply(s, policy_move(s, rng, w), in_place=True, narrate=False)
        depth += 1
    return s
