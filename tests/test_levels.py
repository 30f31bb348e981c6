"""Bot levels by name: easy, medium, hard, expert (and the old names)."""

from __future__ import annotations

import time

import pytest

from lehavre_tui.bots.expert import ExpertBot
from lehavre_tui.bots.heuristic import HeuristicBot
from lehavre_tui.bots.levels import EasyBot, level_of
from lehavre_tui.bots.names import seat_name
from lehavre_tui.bots.search import SearchBot
from lehavre_tui.bots.tournament import make_bot, play_game
from lehavre_tui.cli import main as cli_main
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.setup import Setup
from lehavre_tui.session import SeatsError, Session

from .test_bots import midgame


@pytest.mark.parametrize(
    ("kind", "cls"),
    [("easy", EasyBot), ("medium", HeuristicBot), ("hard", SearchBot), ("expert", ExpertBot),
     ("heuristic", HeuristicBot), ("search", SearchBot)],
)
def test_levels_and_old_names_make_their_bots(kind: str, cls: type) -> None:
    assert isinstance(make_bot(kind, 1), cls)


def test_old_names_stand_for_levels() -> None:
    assert (level_of("heuristic"), level_of("search"), level_of("expert")) == ("medium", "hard", "expert")
    with pytest.raises(ValueError):
        make_bot("grandmaster", 1)


def test_a_playout_count_makes_every_level_repeat_its_moves() -> None:
    for kinds in (["expert", "hard"], ["easy", "medium"]):
        a = play_game(kinds, "short", seed=3, playouts=2)
        b = play_game(kinds, "short", seed=3, playouts=2)
        assert (a.scores, a.moves) == (b.scores, b.moves)


@pytest.mark.xdist_group("timed")  # measures time: never beside the other timed tests
def test_easy_and_medium_answer_well_under_a_second() -> None:
    s = midgame(steps=30)
    bots = [make_bot("easy", 1), make_bot("medium", 1)]
    for _ in range(20):
        for bot in bots:
            t = time.perf_counter()
            a = bot.choose(s)
            assert time.perf_counter() - t < 0.5
            assert a in legal_actions(s)
        s = apply(s, bots[1].choose(s))


@pytest.mark.xdist_group("timed")
@pytest.mark.parametrize("kind", ["hard", "expert"])
def test_hard_and_expert_keep_to_their_budget(kind: str) -> None:
    s = midgame(steps=30)
    while len(legal_actions(s)) < 4 or not s.supplied:
        s = apply(s, legal_actions(s)[0])
    bot = make_bot(kind, 1, budget=0.3)
    t = time.perf_counter()
    bot.choose(s)
    assert time.perf_counter() - t < 0.3 + 0.5  # the heuristic's ranking comes first


def test_the_easy_bot_is_careless_now_and_then() -> None:
    s = midgame(steps=30)
    careful = HeuristicBot(0)
    picks = []
    easy = EasyBot(4)
    for _ in range(60):
        picks.append(easy.choose(s) == careful.choose(s))
    assert 0.4 < sum(picks) / len(picks) < 1.0


def test_seats_take_levels_and_old_names() -> None:
    setup = Setup(players=2, variant="short", seed=1)
    assert Session.new(setup, seats=["human", "expert"]).seats == ["human", "expert"]
    assert Session.new(setup, seats=["Easy", "search"]).seats == ["easy", "search"]
    with pytest.raises(SeatsError) as e:
        Session.new(setup, seats=["human", "grandmaster"])
    assert "random, easy, medium, hard, expert" in str(e.value)


def test_levels_are_named_to_the_players() -> None:
    assert str(seat_name("Ben", "expert")) == "Ben (expert bot)"
    assert str(seat_name("Ben", "easy")) == "Ben (easy bot)"


def test_simulate_plays_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["simulate", "--seats", "medium,easy", "--games", "2", "--short", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"kind": "medium"' in out and '"kind": "easy"' in out
    assert cli_main(["simulate", "--seats", "expert,grandmaster", "--games", "1"]) != 0
    assert "random, easy, medium, hard, expert" in capsys.readouterr().err
