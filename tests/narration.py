"""Random games with stray moves among them, narrated: every event, and the refusal of every
stray move, in the order they happen (for the English narration test and its transcript).

A stray move is a legal move with one choice changed, or a move made up at random; the
engine refuses most of them, each with its own sentence. Some are tried in a richer copy of
the position (the player given goods, francs, loans and ships, a building put in play) so
that every building gets visited. The random numbers depend only on the game states, so
the same games are played whatever the engine's messages are made of.

Write the transcript again (only after checking that every changed line is meant):
    .venv/bin/python -m tests.narration > tests/data/english_narration.txt
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

from pydantic import ValidationError

from lehavre_tui.engine.actions import (
    Action,
    Build,
    BuyBuilding,
    BuyShip,
    EndTurn,
    Enter,
    Feed,
    PayInterest,
    Reorder,
    RepayLoan,
    SellBuilding,
    SellShip,
    Supply,
    TakeOffer,
)
from lehavre_tui.engine.cards import content
from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.setup import Setup, new_game
from lehavre_tui.engine.state import OFFER_SPACES, TOWN, GameState

# (players, variant, seed, strict moves, expensive loans, interest choice)
GAMES: tuple[tuple[int, str, int, bool, bool, bool], ...] = (
    (1, "short", 11, True, False, True),
    (2, "full", 12, True, False, True),
    (3, "short", 13, True, True, True),
    (4, "full", 14, True, False, True),
    (5, "full", 15, True, True, True),
    (2, "short", 16, False, False, False),
    (3, "full", 17, False, True, False),
)
STRAY_MOVES = 3  # tried before each move of the game
VISITS = 3  # visits to a building in a richer copy of a main-action position

TOKENS = ("fish", "wood", "clay", "iron", "grain", "cattle", "coal", "hides", "smoked_fish", "charcoal",
          "brick", "steel", "bread", "meat", "coke", "leather", "francs", "gold")
OPTIONS = ("extra", "one", "two", "one+francs", "steel", "brick", "charcoal", "leather", "steel+brick",
           "steel+steel", "brick+leather", "bogus")
SHIP_TYPES = ("wooden", "iron", "steel", "luxury", "yacht", "boat")


def _tokens(rng: random.Random) -> dict[str, int]:
    return {rng.choice(TOKENS): rng.choice((-1, 0, 1, 1, 2, 3, 5, 12)) for _ in range(rng.randint(1, 3))}


def _maybe(rng: random.Random, value: Any) -> Any:
    return value if rng.random() < 0.3 else None


def _targets(rng: random.Random, s: GameState) -> tuple[str, ...]:
    words = [*content().buildings, *OFFER_SPACES, *SHIP_TYPES, *content().ships, "nowhere"]
    tops = [st[0] for st in s.proposals if st]
    pool = words + tops * 20
    return tuple(rng.choice(pool) for _ in range(rng.choice((0, 1, 1, 2, 3))))


def _made_up(rng: random.Random, s: GameState) -> Action:
    """A move of any kind, its choices at random."""
    buildings = [*content().buildings, "nowhere"]
    in_play = list(s.owner) or buildings
    kind = rng.randrange(13)
    if kind == 0:
        return Supply()
    if kind == 1:
        return EndTurn()
    if kind == 2:
        return TakeOffer(space=rng.choice((*OFFER_SPACES, "gold")))
    if kind == 3:
        return BuyBuilding(building=rng.choice(buildings + [st[0] for st in s.proposals if st] * 5))
    if kind == 4:
        return BuyShip(ship_type=rng.choice(SHIP_TYPES))
    if kind == 5:
        return SellBuilding(building=rng.choice(buildings + in_play))
    if kind == 6:
        return SellShip(ship=rng.choice([*content().ships, *SHIP_TYPES]))
    if kind == 7:
        return RepayLoan(count=rng.choice((-1, 0, 1, 2, 4)))
    if kind == 8:
        return Feed(payment=_maybe(rng, _tokens(rng)))
    if kind == 9:
        return PayInterest()
    if kind == 10:
        return Reorder(swap=rng.random() < 0.5)
    if kind == 11:
        return Build(target=rng.choice(buildings + [st[0] for st in s.proposals if st] * 5),
                     goods=_maybe(rng, _tokens(rng)))
    return Enter(
        building=rng.choice(in_play * 3 + buildings),
        fee=rng.choice((None, None, None, "food", "francs")),  # type: ignore[arg-type]
        fee_goods=_maybe(rng, _tokens(rng)),
        amount=_maybe(rng, rng.choice((-1, 0, 1, 2, 3, 4, 9))),
        goods=_maybe(rng, _tokens(rng)),
        targets=_targets(rng, s),
        option=_maybe(rng, rng.choice(OPTIONS)),
        energy=_maybe(rng, _tokens(rng)),
        food=_maybe(rng, _tokens(rng)),
    )


def _changed(rng: random.Random, a: Action, s: GameState) -> Action:
    """A legal move with one of its choices changed at random."""
    data = a.model_dump()
    # who sells (a waiting player's seat at a hosted table) is not a choice of the move
    fields = [f for f in data if f not in ("kind", "seat")]
    if not fields:
        return _made_up(rng, s)
    field = rng.choice(fields)
    value = data[field]
    if isinstance(value, bool):
        data[field] = not value
    elif field in ("goods", "energy", "food", "fee_goods", "payment"):
        data[field] = None if value and rng.random() < 0.3 else _tokens(rng)
    elif field == "targets":
        data[field] = _targets(rng, s)
    elif field == "fee":
        data[field] = rng.choice((None, "food", "francs"))
    elif field in ("amount", "count"):
        data[field] = rng.choice((None, -1, 0, 1, 2, 3, 5, 9)) if field == "amount" else rng.choice((0, 1, 2, 3))
    elif field == "option":
        data[field] = rng.choice((None, *OPTIONS))
    else:
        data[field] = rng.choice([*content().buildings, *SHIP_TYPES, *OFFER_SPACES, "nowhere"])
    return type(a).model_validate(data)


def _rich(rng: random.Random, s: GameState) -> tuple[GameState, str]:
    """A copy of a main-action position where the player to act holds goods, francs, loans
    and ships at random, and a building drawn at random is in play; and that building."""
    r = s.clone()
    p = r.players[r.current]
    p.goods = [rng.choice((0, 0, 1, 2, 3, 5, 8)) for _ in range(16)]
    p.francs = rng.choice((0, 1, 3, 5, 10, 20, 40))
    p.loans = rng.choice((0, 0, 1, 2, 3))
    p.ships = rng.sample(sorted(content().ships), k=rng.choice((0, 0, 1, 2, 3)))
    b = rng.choice(sorted(content().buildings))
    for st in r.proposals:
        if b in st:
            st.remove(b)
    if b in r.special_deck:
        r.special_deck.remove(b)
    r.owner[b] = rng.choice((TOWN, TOWN, r.current, (r.current + 1) % r.num_players))
    if r.num_players > 1 and rng.random() < 0.4:  # another player's worker stands somewhere
        other = r.players[(r.current + 1) % r.num_players]
        other.worker = rng.choice(sorted(r.owner))
    return r, b


def _visit(rng: random.Random, s: GameState) -> tuple[GameState, Action] | None:
    """A visit to a building in a rich copy of a main-action position (None elsewhere)."""
    if s.phase not in ("turn", "final") or s.main_done or (s.phase == "turn" and not s.supplied):
        return None
    r, b = _rich(rng, s)
    options = [a for a in legal_actions(r) if isinstance(a, Enter) and a.building == b]
    if options and rng.random() < 0.5:
        return r, rng.choice(options)
    try:
        if options:
            return r, _changed(rng, rng.choice(options), r)
        return r, Enter(building=b, amount=_maybe(rng, rng.choice((1, 2, 3))), goods=_maybe(rng, _tokens(rng)),
                        targets=_targets(rng, r), option=_maybe(rng, rng.choice(OPTIONS)))
    except ValidationError:
        return None


def _tried(s: GameState, stray: Action) -> Iterator[tuple[str, object]]:
    try:
        after = apply(s, stray)
    except IllegalAction as exc:
        yield "refusal", getattr(exc, "msg", None) or str(exc)
    else:
        for e in after.events:
            yield "stray", e


def narration() -> Iterator[tuple[str, object]]:
    """(kind, what was said): "game" for a game's heading, "event" for the narration of a
    move of the game, "stray" for the narration of a stray move the engine took, and
    "refusal" for the message of one it refused (the Msg, or the text where there is none)."""
    for players, variant, seed, strict, expensive, choice in GAMES:
        yield "game", f"{players} players, {variant}, seed {seed}"
        setup = Setup(players=players, variant=variant, seed=seed, strict_moves=strict,  # type: ignore[arg-type]
                      expensive_loans=expensive, interest_choice=choice)
        s = new_game(setup)
        rng = random.Random(seed)
        for e in s.events:
            yield "event", e
        while s.phase != "over":
            legal = legal_actions(s)
            for _ in range(STRAY_MOVES):
                try:
                    stray = _changed(rng, rng.choice(legal), s) if rng.random() < 0.6 else _made_up(rng, s)
                except ValidationError:
                    continue
                yield from _tried(s, stray)
            for _ in range(VISITS):
                visit = _visit(rng, s)
                if visit is not None:
                    yield from _tried(*visit)
            s = apply(s, rng.choice(legal), in_place=True)
            for e in s.events:
                yield "event", e


MARKS = {"game": "#", "event": " ", "stray": "?", "refusal": "!"}


def transcript(said: Iterable[tuple[str, object]] | None = None) -> list[str]:
    """The narration in English (`said`, if already played), a line each."""
    return [f"{MARKS[kind]} {m}" for kind, m in (narration() if said is None else said)]


if __name__ == "__main__":
    print("\n".join(transcript()))
