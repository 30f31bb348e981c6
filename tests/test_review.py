"""The review of a game: the costliest moves against the expert's estimate; read-only."""

from __future__ import annotations

from pathlib import Path

import pytest

from lehavre_tui.bots.review import game_moves, review, review_game, review_text, reviewed_seats
from lehavre_tui.bots.tournament import make_bot
from lehavre_tui.cli import main as cli_main
from lehavre_tui.engine.actions import Action, SellBuilding
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.setup import Setup, new_game
from lehavre_tui.session import Session
from lehavre_tui.text import render

from .test_cli import english

SETUP = Setup(players=2, variant="short", seed=4)


__all__ = ["english"]  # the fixture (English whatever the machine's locale says), used by every test here


def played(moves: int, blunder_at: int | None = None) -> list[Action]:
    """Moves of two heuristic bots; at `blunder_at` the first seat sells a building instead."""
    s = new_game(SETUP)
    bot = make_bot("medium", 1)
    out: list[Action] = []
    while len(out) < moves and s.phase != "over":
        a = bot.choose(s)
        if blunder_at is not None and len(out) >= blunder_at and s.current == 0:
            sales = [x for x in legal_actions(s) if isinstance(x, SellBuilding)]
            if sales:
                a, blunder_at = sales[0], None
        out.append(a)
        s = apply(s, a)
    return out


def test_a_sold_building_is_found_as_a_costly_move() -> None:
    actions = played(60, blunder_at=20)
    sold = next(i for i, a in enumerate(actions, 1) if isinstance(a, SellBuilding))
    found = review(game_moves(SETUP, actions), 0, playouts=8)
    assert 1 <= len(found) <= 5
    assert sold in [m.move for m in found]
    m = next(m for m in found if m.move == sold)
    assert m.worth > 0 and m.better != m.played
    text = [render(line) for line in m.lines()]
    turn = m.state.turn + 1  # named as a player counts: round, turn of the round, player; the cost beside
    assert text[0].startswith(f"Round {m.state.round}, turn {turn}: Anna's move, about ")
    assert text[0].endswith(" lost.") and " franc" in text[0]
    assert text[1].startswith("Anna had ")
    assert text[2].startswith("Played: Sell the ")
    assert text[3].startswith("Better: ")
    assert "trial games to the end of the round it left Anna about" in text[4]
    assert text[4].endswith(" of wealth better off.") and " franc" in text[4]
    # in play order, not by cost
    assert [x.move for x in found] == sorted(x.move for x in found)


def test_the_review_is_the_same_every_time() -> None:
    actions = played(40, blunder_at=10)
    a = review(game_moves(SETUP, actions), 0, playouts=5)
    b = review(game_moves(SETUP, actions), 0, playouts=5)
    assert [(m.move, m.better, round(m.worth, 6)) for m in a] == [(m.move, m.better, round(m.worth, 6)) for m in b]


def test_reviewed_seats_default_to_the_humans() -> None:
    names = ["Anna", "Ben", "Cleo"]
    assert reviewed_seats(names, ["human", "expert", "human"], None) == [0, 2]
    assert reviewed_seats(names, None, None) == [0, 1, 2]
    assert reviewed_seats(names, ["hard", "expert", "easy"], None) == [0, 1, 2]
    assert reviewed_seats(names, None, " ben ") == [1]
    with pytest.raises(ValueError) as e:
        reviewed_seats(names, None, "Zed")
    assert str(e.value.args[0]) == "Nobody called 'Zed' plays this game; the players are Anna, Ben and Cleo."


def test_a_game_without_moves_of_the_player_says_so() -> None:
    reviews = review_game(SETUP, [], [0], playouts=2)
    assert [render(line) for line in review_text(reviews)] == [
        "Anna: in 0 moves the expert found nothing that cost wealth."
    ]


def test_review_command_reads_a_save_and_changes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = Session.new(SETUP, seats=["human", "medium"])
    for a in played(30, blunder_at=8):
        s.act(a)
    path = tmp_path / "game.json"
    s.save(path)
    before = path.read_bytes(), path.stat().st_mtime_ns
    assert cli_main(["review", str(path), "--playouts", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Anna: the ") and "Better: " in out and "Ben" not in out.split("\n")[0]
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_review_command_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["review", str(tmp_path / "none.json")]) != 0
    assert "There is no save file at" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert cli_main(["review", str(bad)]) != 0
    assert capsys.readouterr().err.strip()
    s = Session.new(SETUP)
    good = tmp_path / "good.json"
    s.save(good)
    assert cli_main(["review", str(good), "--player", "Zed"]) != 0
    assert "Nobody called 'Zed' plays this game" in capsys.readouterr().err
    assert cli_main(["review", str(good), "--playouts", "0"]) != 0
    assert "--playouts" in capsys.readouterr().err


def test_review_command_reads_in_polish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = Session.new(SETUP, seats=["human", "medium"])
    for a in played(30, blunder_at=8):
        s.act(a)
    path = tmp_path / "game.json"
    s.save(path)
    assert cli_main(["review", str(path), "--playouts", "4", "--lang", "pl"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Anna: ") and "według oceny eksperta" in lines[0]
    assert lines[1].startswith("Runda ") and any(line.startswith("Zagrano: ") for line in lines)
    assert any(line.startswith("Lepiej: ") for line in lines)
    assert any("gry próbne do końca rundy" in line or "gier próbnych do końca rundy" in line for line in lines)
    english = ("Played", "Better", "Round", "trial", "wealth", "expert's")
    assert not [line for line in lines if any(word in line for word in english)]
    assert cli_main(["review", str(path), "--player", "Zed", "--lang", "cs"]) != 0
    assert "Nikdo jménem „Zed“ tuto hru nehraje; hrají: Anna a Ben." in capsys.readouterr().err


def test_a_review_stops_when_asked_before_the_next_move_is_searched() -> None:
    from lehavre_tui.bots.review import ReviewStopped

    actions = played(60, blunder_at=20)
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 2

    with pytest.raises(ReviewStopped):
        review(game_moves(SETUP, actions), 0, playouts=3, stop=stop)
    assert len(asked) == 3  # two moves searched, then stopped
