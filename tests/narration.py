"""Random games with stray moves among them, narrated: every event, and the refusal of every
stray move, in the order they happen (for the English narration test and its transcript).

A stray move is a legal move with one choice changed, or a move made up at random; the
engine refuses most of them, each with its own sentence. The random numbers depend only on
the game states, so the same games are played whatever the engine's messages are made of.

Write the transcript again (only after checking that every changed line is meant):
    .venv/bin/python -m tests.narration > tests/data/english_narration.txt
"""

from __future__ import annotations

import random
from collections.abc import Iterator
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
from lehavre_tui.engine.state import OFFER_SPACES, GameState

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
    fields = [f for f in data if f != "kind"]
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
                try:
                    after = apply(s, stray)
                except IllegalAction as exc:
                    yield "refusal", getattr(exc, "msg", None) or str(exc)
                else:
                    for e in after.events:
                        yield "stray", e
            s = apply(s, rng.choice(legal), in_place=True)
            for e in s.events:
                yield "event", e


MARKS = {"game": "#", "event": " ", "stray": "?", "refusal": "!"}


def transcript() -> list[str]:
    """The narration in English, a line each."""
    return [f"{MARKS[kind]} {said}" for kind, said in narration()]


if __name__ == "__main__":
    print("\n".join(transcript()))
