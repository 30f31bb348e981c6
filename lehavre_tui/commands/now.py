"""What makes sense now: the buildings on the table, free to enter or for sale."""

from __future__ import annotations

from ..engine.cards import BuildingCard, content
from ..engine.message import Msg
from ..engine.rules import may_enter
from ..engine.state import TOWN, GameState
from ..text import render
from .names import SHIP


def _cards() -> dict[str, BuildingCard]:
    return content().buildings


def _enterable(s: GameState, b: str) -> bool:
    return may_enter(s, b)


def _visible(s: GameState) -> set[str]:
    """Buildings on the table: in play or in a proposal stack."""
    return set(s.owner) | {b for st in s.proposals for b in st}


def _tops(s: GameState) -> list[str]:
    return [st[0] for st in s.proposals if st]


def _for_sale(s: GameState) -> set[str]:
    """Buildings and ship types that can be bought, leaving out what the player sold this
    turn (it may not be bought back in the same turn)."""
    cards = _cards()
    sold = s.turn_sold
    out = {b for b in s.town_buildings() + _tops(s) if cards[b].price is not None and b not in sold}
    return out | {SHIP + t for t, st in s.ship_stacks.items() if st and st[-1] not in sold}


def card_location(b: str, s: GameState) -> str:
    """Where a building card is now, in the reader's words ("on top of proposal stack 2")."""
    return render(card_place(b, s))


def card_place(b: str, s: GameState) -> Msg:
    """Where a building card is now, as a message ("on top of proposal stack 2")."""
    owner = s.owner.get(b)
    if owner == TOWN:
        return Msg("owned by the town")
    if owner is not None:
        return Msg("owned by {player}", player=s.players[owner].name)
    for i, st in enumerate(s.proposals):
        if b in st:
            if st[0] == b:
                return Msg("on top of proposal stack {stack}", stack=i + 1)
            return Msg("card {place} in proposal stack {stack}", place=st.index(b) + 1, stack=i + 1)
    return Msg("not in play")
