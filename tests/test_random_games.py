"""Property test: random legal games run to the end and keep the table consistent."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lehavre_tui.engine.actions import EndTurn
from lehavre_tui.engine.cards import content
from lehavre_tui.engine.rules import TURNS_PER_ROUND, apply, legal_actions
from lehavre_tui.engine.save import dump_save, load_save
from lehavre_tui.engine.setup import Setup, complete_setup, new_game
from lehavre_tui.engine.state import GameState


def check_invariants(s: GameState) -> None:
    for p in s.players:
        assert p.francs >= 0, p
        assert p.loans >= 0, p
        assert min(p.goods) >= 0, p
        if p.worker is not None:
            assert p.worker in s.owner, f"{p.name}'s worker stands on unbuilt {p.worker}"
    in_stacks = [b for stack in s.proposals for b in stack]
    assert len(in_stacks) == len(set(in_stacks))
    for b in in_stacks + s.special_deck:
        assert b not in s.owner, f"{b} is both in play and in a deck"
    assert not set(in_stacks) & set(s.special_deck)
    ships_owned = [x for p in s.players for x in p.ships]
    ships_stacked = [x for stack in s.ship_stacks.values() for x in stack]
    assert len(ships_owned + ships_stacked) == len(set(ships_owned + ships_stacked))
    assert all(n >= 0 for n in s.offers)
    if s.phase == "turn":
        assert 0 <= s.turn < TURNS_PER_ROUND


def play_random(players: int, variant: str, seed: int) -> tuple[Setup, list, GameState]:
    setup = complete_setup(Setup(players=players, variant=variant, seed=seed))  # type: ignore[arg-type]
    s = new_game(setup)
    rng = random.Random(seed)
    actions = []
    turns_in_round = 0
    rounds_ended = 0
    while s.phase != "over":
        legal = legal_actions(s)
        assert legal, "a player to act always has a legal move"
        a = rng.choice(legal)
        before = s
        s = apply(s, a)
        actions.append(a)
        check_invariants(s)
        if isinstance(a, EndTurn) and before.phase == "turn":
            turns_in_round += 1
            if s.phase != "turn" or s.round != before.round:
                assert turns_in_round == TURNS_PER_ROUND, f"round {before.round}: {turns_in_round} turns"
                turns_in_round = 0
                rounds_ended += 1
        assert len(actions) < 20000
    assert rounds_ended == s.rounds_total
    return setup, actions, s


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=1, max_value=5),
    variant=st.sampled_from(["full", "short"]),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_random_games_end_consistently(players: int, variant: str, seed: int) -> None:
    setup, actions, s = play_random(players, variant, seed)
    # equal turns: 7 per round, the same for everybody, plus one final action each
    expected = TURNS_PER_ROUND * s.rounds_total // players + 1
    assert [p.turns_taken for p in s.players] == [expected] * players
    # the town's buildings and the players' all come from the right decks
    cards = content().buildings
    assert all(cards[b].deck in ("start", "standard", "special") for b in s.owner)
    if variant == "short":
        assert all(cards[b].deck != "special" for b in s.owner)
    # replaying the action list reproduces the state exactly, also through a save file
    again = new_game(setup)
    for a in actions:
        again = apply(again, a, in_place=True)
    assert again.model_dump(exclude={"events"}) == s.model_dump(exclude={"events"})
    _, _, loaded, _ = load_save(dump_save(setup, actions, s))
    assert loaded.model_dump(exclude={"events"}) == s.model_dump(exclude={"events"})


def test_every_player_count_and_variant_finishes() -> None:
    for players in range(1, 6):
        for variant in ("short", "full"):
            _, _, s = play_random(players, variant, 1000 + players)
            assert s.phase == "over"
