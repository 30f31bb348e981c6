"""What must hold of every table, and of every finished game.

The random-game tests and the soak benchmark (`benchmarks/soak.py`) check these after every
move. Each check returns the problems it finds as sentences; an empty list means all is well.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, EndTurn
from .cards import content
from .errors import IllegalAction
from .round_end import TURNS_PER_ROUND
from .rules import apply
from .save import SaveError, dump_save, load_save
from .setup import Setup, new_game
from .state import GameState


def table_problems(s: GameState) -> list[str]:
    """Nothing negative, every card and ship in one place only, workers on built buildings."""
    out = []
    for p in s.players:
        if p.francs < 0 or p.loans < 0 or min(p.goods) < 0:
            out.append(f"{p.name} holds a negative amount: {p.francs} francs, {p.loans} loans, goods {p.goods}.")
        if p.worker is not None and p.worker not in s.owner:
            out.append(f"{p.name}'s worker stands on {p.worker}, which is not built.")
    in_stacks = [b for stack in s.proposals for b in stack]
    if len(in_stacks) != len(set(in_stacks)):
        out.append("A building lies in two proposal stacks.")
    both = sorted(b for b in in_stacks + s.special_deck if b in s.owner)
    if both:
        out.append(f"{', '.join(both)}: both in play and in a deck.")
    if set(in_stacks) & set(s.special_deck):
        out.append("A building is both in a proposal stack and in the special deck.")
    ships = [x for p in s.players for x in p.ships] + [x for stack in s.ship_stacks.values() for x in stack]
    if len(ships) != len(set(ships)):
        out.append("A ship is in two places.")
    if any(n < 0 for n in s.offers):
        out.append(f"An offer space holds a negative amount: {s.offers}.")
    if s.phase == "turn" and not 0 <= s.turn < TURNS_PER_ROUND:
        out.append(f"Turn {s.turn} of a round of {TURNS_PER_ROUND}.")
    return out


class RoundCount:
    """Counts the turns of each round: seven per round, and as many rounds as the game has."""

    def __init__(self) -> None:
        self.turns = 0
        self.rounds = 0

    def step(self, before: GameState, action: Action, after: GameState) -> list[str]:
        if not (isinstance(action, EndTurn) and before.phase == "turn"):
            return []
        self.turns += 1
        if after.phase == "turn" and after.round == before.round:
            return []
        turns, self.turns = self.turns, 0
        self.rounds += 1
        return [] if turns == TURNS_PER_ROUND else [f"Round {before.round} had {turns} turns."]

    def at_end(self, s: GameState) -> list[str]:
        if self.rounds == s.rounds_total:
            return []
        return [f"The game ended after {self.rounds} rounds, not {s.rounds_total}."]


def finished_game_problems(setup: Setup, actions: Sequence[Action], s: GameState) -> list[str]:
    """Equal turns for everybody, buildings from the right decks, and the same game again when
    the moves are replayed, also through a save file."""
    out = []
    n = s.num_players
    expected = TURNS_PER_ROUND * s.rounds_total // n + 1  # plus one final action each
    if [p.turns_taken for p in s.players] != [expected] * n:
        out.append(f"Turns taken {[p.turns_taken for p in s.players]}, not {expected} each.")
    cards = content().buildings
    if any(cards[b].deck not in ("start", "standard", "special") for b in s.owner):
        out.append("A building in play comes from no deck.")
    if s.variant == "short" and any(cards[b].deck == "special" for b in s.owner):
        out.append("A special building is in play in the short game.")
    final = s.model_dump(exclude={"events"})
    again = new_game(setup)
    try:
        for a in actions:
            again = apply(again, a, in_place=True)
    except IllegalAction as exc:
        return [*out, f"Replaying the moves fails: {exc}"]
    if again.model_dump(exclude={"events"}) != final:
        out.append("Replaying the moves gives another game.")
    try:
        _, _, loaded, _ = load_save(dump_save(setup, list(actions), s))
    except SaveError as exc:
        return [*out, f"The game's save cannot be read back: {exc}"]
    if loaded.model_dump(exclude={"events"}) != final:
        out.append("The game read back from its save differs.")
    return out
