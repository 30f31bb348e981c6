"""Setting up a game: from a seed, or from an explicit description of the table.

A `Setup` fixes everything hidden or random at the start (supply-chit order, the three
proposal stacks, the special deck), so any position from the rulebook or a bug report
can be reproduced, and a save needs only the setup and the list of actions.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .cards import Content, content
from .errors import IllegalAction
from .goods import Good
from .message import Arg, Card, Listing, Msg, MsgN
from .players import DEFAULT_NAMES, MAX_PLAYERS
from .state import OFFER_SPACES, TOWN, GameState, PlayerState, Variant, empty_ship_stacks

SPECIALS_DEALT = 6
SOLO_REMOVED_SPECIALS = ("zoo", "harbour_watch")
START_BUILDINGS = ("building_firm_1", "building_firm_2", "construction_firm")


class Setup(BaseModel):
    """Everything needed to lay out the table. Unset parts are dealt from `seed`."""

    model_config = ConfigDict(extra="forbid")

    players: int = Field(ge=1, le=MAX_PLAYERS)
    variant: Variant = "full"
    names: list[str] = []
    seed: int = 0
    chit_order: list[int] | None = None  # supply-chit ids on positions 1..7
    stacks: list[list[str]] | None = None  # three proposal stacks, top card first
    special_deck: list[str] | None = None  # face down, top first (full game)
    expensive_loans: bool = False
    # a player short of francs for the interest may sell a building or ship first; False
    # replays saves of format 1, where a loan was taken at once
    interest_choice: bool = True
    # choices a move does not use, counts below 1 and payments with a token to spare are
    # refused; False replays saves of formats 1 and 2, made when they were ignored
    strict_moves: bool = True

    @model_validator(mode="after")
    def _names(self) -> Setup:
        if not self.names:
            self.names = list(DEFAULT_NAMES[: self.players])
        # pydantic keeps only the words of a validator's error: they are put into the
        # reader's language here (a set-up is made where a reader is)
        from ..text import render

        if len(self.names) != self.players:
            needs = MsgN("{n} player needs {n} name", "{n} players need {n} names", "n", n=self.players)
            raise ValueError(render(needs))
        if len({n.lower() for n in self.names}) != len(self.names):
            raise ValueError(render(Msg("player names must differ")))
        return self


def round_sequence(c: Content, players: int, variant: Variant) -> list[str]:
    """Round-card ids in the order of this game's rounds."""
    numbered: list[tuple[int, str]] = []
    for card in c.rounds:
        for row in card.rows:
            if row.players == players:
                n = row.full if variant == "full" else row.short
                if n is not None:
                    numbered.append((n, card.id))
    numbered.sort()
    return [cid for _, cid in numbered]


def round_row(c: Content, card_id: str, players: int):  # noqa: ANN201 - RoundRow
    # looked up at every feeding and round end: remembered per content object
    key = (id(c), card_id, players)
    found = _ROWS.get(key)
    if found is None or found[0] is not c:
        found = _ROWS[key] = (c, _find_row(c, card_id, players))
    return found[1]


_ROWS: dict[tuple[int, str, int], tuple[Content, Any]] = {}


def _find_row(c: Content, card_id: str, players: int):  # noqa: ANN202 - RoundRow
    for card in c.rounds:
        if card.id == card_id:
            for row in card.rows:
                if row.players == players:
                    return row
    raise KeyError(card_id)


def usage(c: Content, building: str, players: int, variant: Variant) -> str:
    card = c.buildings[building]
    if card.deck == "start":
        return "start"
    if card.deck == "special":
        return "out"
    table = card.usage_full if variant == "full" else card.usage_short
    assert table is not None
    return table[players - 1]


def deal_stacks(c: Content, players: int, variant: Variant, rng: random.Random) -> list[list[str]]:
    """Shuffle the buildings for this table into three equal stacks, sorted by number.

    If the Black Market lies on top of a stack, deal again (rulebook: Black Market).
    """
    cards = sorted(b for b in c.buildings if usage(c, b, players, variant) == "stack")
    size = len(cards) // 3
    while True:
        rng.shuffle(cards)
        stacks = [sorted(cards[i * size : (i + 1) * size], key=lambda b: c.buildings[b].number) for i in range(3)]
        if not any(s and s[0] == "black_market" for s in stacks):
            return stacks


def complete_setup(setup: Setup) -> Setup:
    """Fill in every part the setup leaves open, dealing from its seed."""
    c = content()
    rng = random.Random(setup.seed)
    chit_order = setup.chit_order
    if chit_order is None:
        chit_order = [ch.id for ch in c.chits]
        rng.shuffle(chit_order)
    stacks = setup.stacks
    if stacks is None:
        stacks = deal_stacks(c, setup.players, setup.variant, rng)
    deck = setup.special_deck
    if deck is None:
        deck = []
        if setup.variant == "full":
            pool = sorted(b for b, card in c.buildings.items() if card.deck == "special")
            if setup.players == 1:
                pool = [b for b in pool if b not in SOLO_REMOVED_SPECIALS]
            rng.shuffle(pool)
            deck = pool[:SPECIALS_DEALT]
    return setup.model_copy(update={"chit_order": chit_order, "stacks": stacks, "special_deck": deck})


def _check(setup: Setup, c: Content) -> None:
    assert setup.chit_order is not None and setup.stacks is not None and setup.special_deck is not None
    if sorted(setup.chit_order) != sorted(ch.id for ch in c.chits):
        raise IllegalAction(Msg("The supply-chit order must name each of the 7 chits once."))
    if len(setup.stacks) != 3:
        raise IllegalAction(Msg("There are exactly three proposal stacks."))
    # Every card exists once: a second copy would be dealt, then lost in play.
    where: dict[str, int] = {}  # building -> its stack (1-based)
    for i, stack in enumerate(setup.stacks, 1):
        for b in stack:
            if b not in c.buildings or c.buildings[b].deck != "standard":
                raise IllegalAction(Msg("'{typed}' is not a standard building for a proposal stack.", typed=b))
            if where.get(b) == i:
                raise IllegalAction(Msg(
                    "The {building} is named twice in proposal stack {n}; each building exists once, so name it once.",
                    building=Card(b), n=i,
                ))
            if b in where:
                raise IllegalAction(Msg(
                    "The {building} is named in proposal stacks {first} and {second}; each building exists "
                    "once, so put it in one stack.",
                    building=Card(b), first=where[b], second=i,
                ))
            where[b] = i
    dealt: set[str] = set()
    for b in setup.special_deck:
        if b not in c.buildings or c.buildings[b].deck != "special":
            raise IllegalAction(Msg("'{typed}' is not a special building.", typed=b))
        if b in dealt:
            raise IllegalAction(Msg(
                "The {building} is named twice among the special buildings; each exists once, so name it once.",
                building=Card(b),
            ))
        dealt.add(b)


def new_game(setup: Setup) -> GameState:
    """Lay out the table for a (completed or partial) setup and return the first state."""
    c = content()
    setup = complete_setup(setup)
    _check(setup, c)
    assert setup.chit_order is not None and setup.stacks is not None and setup.special_deck is not None
    variant = setup.variant
    n = setup.players
    base = c.setups[variant]
    players = []
    for name in setup.names:
        goods = [0] * 16
        for g, k in base.player_goods.items():
            goods[g] = k
        players.append(PlayerState(name=name, francs=base.player_francs, goods=goods))
    owner: dict[str, int] = {b: TOWN for b in START_BUILDINGS}
    in_stacks = {b for s in setup.stacks for b in s}
    for b in sorted(c.buildings, key=lambda b: c.buildings[b].number):
        if b not in in_stacks and usage(c, b, n, variant) == "start" and b not in owner:
            owner[b] = TOWN
    stacks = empty_ship_stacks()
    if variant == "short" and n <= 2:
        # Short game with 1-2 players: wooden ships of value 2 from the unused cards R01, R03.
        if n == 1:
            players[0].ships.append("S01")
            stacks["wooden"].append("S03")
        else:
            players[0].ships.append("S01")
            players[1].ships.append("S03")
    return GameState(
        variant=variant,
        names=list(setup.names),
        round_cards=round_sequence(c, n, variant),
        chits=list(setup.chit_order),
        revealed=[False] * 7,
        offers=[base.offers.get(space, 0) for space in OFFER_SPACES],
        proposals=[list(s) for s in setup.stacks],
        owner=owner,
        special_deck=list(setup.special_deck),
        ship_stacks=stacks,
        players=players,
        expensive_loans=setup.expensive_loans,
        interest_choice=setup.interest_choice,
        strict_moves=setup.strict_moves,
        events=[_begins(variant, setup.names)],
    )


def _begins(variant: Variant, names: list[str]) -> Msg:
    """'A short game for 2 players begins: Anna, Ben. Anna starts.'"""
    args: dict[str, Arg] = dict(n=len(names), names=Listing(tuple(names), ","), first=names[0])
    if variant == "short":
        return MsgN(
            "A short game for {n} player begins: {names}. {first} starts.",
            "A short game for {n} players begins: {names}. {first} starts.",
            "n", **args,
        )
    return MsgN(
        "A full game for {n} player begins: {names}. {first} starts.",
        "A full game for {n} players begins: {names}. {first} starts.",
        "n", **args,
    )


__all__ = ["Setup", "new_game", "complete_setup", "round_sequence", "round_row", "usage", "Good"]
