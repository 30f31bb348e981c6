"""What a player can see: hidden information is replaced by a random guess.

Hidden in Le Havre: the order of the supply chits not yet turned face up, and the
special buildings still face down. `determinise` builds a state that agrees with
everything a seat can see and fills the hidden parts from `rng`, using only public
facts (which chits are still hidden, which specials have not appeared), so two states
that differ only in hidden order give the same result for the same `rng`.
"""

from __future__ import annotations

import random

from ..engine.cards import content
from ..engine.setup import SOLO_REMOVED_SPECIALS
from ..engine.state import GameState


def hidden_chits(state: GameState) -> list[int]:
    """Ids of the supply chits not yet revealed, in a public (sorted) order."""
    return sorted(c for c, seen in zip(state.chits, state.revealed, strict=True) if not seen)


def unseen_specials(state: GameState) -> list[str]:
    """Special buildings that could still be in the face-down deck (public facts only)."""
    cards = content().buildings
    in_play = set(state.owner) | {b for st in state.proposals for b in st}
    pool = sorted(b for b, c in cards.items() if c.deck == "special" and b not in in_play)
    if state.num_players == 1:
        pool = [b for b in pool if b not in SOLO_REMOVED_SPECIALS]
    return pool


def determinise(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy of `state` whose hidden parts are re-dealt at random (seen from `seat`)."""
    del seat  # every seat sees the same: no private information in this game
    s = state.clone()
    chits = hidden_chits(state)
    rng.shuffle(chits)
    s.chits = s.chits[:]
    it = iter(chits)
    for pos, seen in enumerate(s.revealed):
        if not seen:
            s.chits[pos] = next(it)
    if state.special_deck:
        pool = unseen_specials(state)
        s.special_deck = rng.sample(pool, min(len(state.special_deck), len(pool)))
    return s


def public_view(state: GameState) -> GameState:
    """A fixed determinisation: the same for every hidden order of the same public state."""
    return determinise(state, state.current, random.Random(0))
