"""Property test: random legal games run to the end and keep the table consistent."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lehavre_tui.engine.invariants import RoundCount, finished_game_problems, table_problems
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.setup import Setup, complete_setup, new_game
from lehavre_tui.engine.state import GameState


def play_random(players: int, variant: str, seed: int) -> tuple[Setup, list, GameState]:
    setup = complete_setup(Setup(players=players, variant=variant, seed=seed))  # type: ignore[arg-type]
    s = new_game(setup)
    rng = random.Random(seed)
    actions = []
    rounds = RoundCount()
    while s.phase != "over":
        legal = legal_actions(s)
        assert legal, "a player to act always has a legal move"
        a = rng.choice(legal)
        before = s
        s = apply(s, a)
        actions.append(a)
        assert not (problems := table_problems(s) + rounds.step(before, a, s)), problems
        assert len(actions) < 20000
    assert not (problems := rounds.at_end(s)), problems
    return setup, actions, s


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=1, max_value=5),
    variant=st.sampled_from(["full", "short"]),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_random_games_end_consistently(players: int, variant: str, seed: int) -> None:
    # equal turns, buildings from the right decks, the same game replayed and through a save
    setup, actions, s = play_random(players, variant, seed)
    assert not (problems := finished_game_problems(setup, actions, s)), problems


def test_every_player_count_and_variant_finishes() -> None:
    for players in range(1, 6):
        for variant in ("short", "full"):
            _, _, s = play_random(players, variant, 1000 + players)
            assert s.phase == "over"
