"""What makes sense now: the buildings on the table, free to enter or for sale."""

from __future__ import annotations

from ..engine.cards import BuildingCard, content
from ..engine.rules import may_enter
from ..engine.state import TOWN, GameState
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
    """Where a building card is now, in a player's words ("on top of proposal stack 2")."""
    owner = s.owner.get(b)
    if owner == TOWN:
        return "owned by the town"
    if owner is not None:
        return f"owned by {s.players[owner].name}"
    for i, st in enumerate(s.proposals):
        if b in st:
            pos = "on top of" if st[0] == b else f"card {st.index(b) + 1} in"
            return f"{pos} proposal stack {i + 1}"
    return "not in play"
