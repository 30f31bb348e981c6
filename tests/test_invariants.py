"""The invariant checks shared by the random-game tests and the soak benchmark find what they
are meant to find."""

from __future__ import annotations

import pytest

from lehavre_tui.engine.actions import EndTurn, Supply
from lehavre_tui.engine.invariants import RoundCount, finished_game_problems, table_problems
from lehavre_tui.engine.setup import Setup, complete_setup

from .conftest import game, own
from .test_random_games import play_random


def test_a_sound_table_has_no_problems() -> None:
    assert table_problems(game(3)) == []


def test_each_broken_table_is_named() -> None:
    cases = {
        "negative amount": lambda s: setattr(s.players[0], "francs", -1),
        "not built": lambda s: setattr(s.players[1], "worker", "zoo"),
        "two proposal stacks": lambda s: s.proposals[1].append(s.proposals[0][0]),
        "both in play and in a deck": lambda s: s.owner.update({s.proposals[0][0]: 0}),
        "proposal stack and in the special deck": lambda s: s.special_deck.append(s.proposals[0][0]),
        "ship is in two places": lambda s: (s.players[0].ships.append("S01"), s.players[1].ships.append("S01")),
        "offer space": lambda s: s.offers.__setitem__(0, -2),
        "Turn 7": lambda s: setattr(s, "turn", 7),
    }
    for words, breaks in cases.items():
        s = game(3)
        breaks(s)
        problems = table_problems(s)
        assert any(words in p for p in problems), (words, problems)


def test_round_count_notices_a_short_round_and_missing_rounds() -> None:
    rounds = RoundCount()
    s = game(3)
    after = s.model_copy(update={"round": 2})
    for _ in range(6):
        assert rounds.step(s, EndTurn(), s) == []
    assert rounds.step(s, Supply(), after) == []  # only turns count
    assert rounds.step(s, EndTurn(), after) == []  # the seventh turn ends round 1
    assert rounds.step(s, EndTurn(), after) == ["Round 1 had 1 turns."]
    assert rounds.at_end(s) == [f"The game ended after 2 rounds, not {s.rounds_total}."]


def test_a_finished_game_with_a_changed_move_list_is_noticed() -> None:
    setup, actions, s = play_random(1, "short", 7)
    assert finished_game_problems(setup, actions, s) == []
    other = complete_setup(Setup(players=1, variant="short", seed=8))
    assert any("Replaying the moves" in p for p in finished_game_problems(other, actions, s))
    s.players[0].turns_taken += 1
    assert any("Turns taken" in p for p in finished_game_problems(setup, actions, s))
    own(s, "zoo", 0)
    assert any("special building" in p for p in finished_game_problems(setup, actions, s))


def test_the_soak_benchmark_plays_checked_games(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "soak.py"
    spec = importlib.util.spec_from_file_location("soak", path)
    assert spec is not None and spec.loader is not None
    soak = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "soak", soak)
    spec.loader.exec_module(soak)
    moves, problems = soak.soak_game(1, "short", 3)
    assert moves > 50 and problems == []
    tally = soak.soak(seconds=0.01, seed=3)  # at least one game, whatever the time
    assert tally.games == 1 and tally.failures == [] and tally.per_setup == {"1p full": 1}
