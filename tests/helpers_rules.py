"""More helpers for rule tests: reading a stock, whole turns, the end of a round."""

from __future__ import annotations

import re

from lehavre_tui.engine.actions import Action, EndTurn, Feed, Supply, TakeOffer
from lehavre_tui.engine.goods import Good
from lehavre_tui.engine.rules import apply
from lehavre_tui.engine.state import OFFER_SPACES, GameState


def stock(s: GameState, seat: int) -> dict[str, int]:
    """A player's goods as {key: count}, leaving out what he has none of."""
    return {Good(i).key: n for i, n in enumerate(s.players[seat].goods) if n}


def offers(s: GameState) -> dict[str, int]:
    """The offer spaces as {space: tokens}."""
    return dict(zip(OFFER_SPACES, s.offers, strict=True))


def turn(s: GameState, main: Action) -> GameState:
    """One whole turn of the player to act: supply, `main`, end."""
    for a in (Supply(), main, EndTurn()):
        s = apply(s, a)
    return s


def feed_all(s: GameState) -> GameState:
    """Let every player still to feed pay the engine's way."""
    while s.phase == "feeding":
        s = apply(s, Feed())
    return s


def last_turn(s: GameState, round_no: int | None = None, seat: int | None = None) -> GameState:
    """Jump to the 7th turn of a round (of the current one unless `round_no` is given)."""
    if round_no is not None:
        s.round = round_no
    s.turn = 6
    if seat is not None:
        s.current = seat
    return s


def close_round(s: GameState) -> GameState:
    """Play the 7th turn (taking the iron that chit 7 unloads) and end it; feeding not done."""
    return turn(s, TakeOffer(space="iron"))


def is_sentence(message: str) -> bool:
    """A refusal a player can read: a capitalised sentence, no code, no placeholders."""
    if not message or not (message[0].isupper() or message[0] == "'"):
        return False
    if not message.endswith((".", "!")):
        return False
    return not re.search(r"\(s\)|None|\{|\}|<|Good\.|\[|\]", message)


def said(s: GameState) -> list[str]:
    """The narration of the last move, in English (the engine keeps it as messages)."""
    return [str(e) for e in s.events]
