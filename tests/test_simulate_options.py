"""`lehavre simulate` (and `lehavre new`/`load`) refuse player counts, thinking times and playout
counts that make no game, with one sentence and exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from lehavre_tui.cli import main


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "0", "--seats", "random,random"], "1 to 5 players"),
        (["--players", "-2", "--seats", "random,random"], "1 to 5 players"),
        (["--players", "6", "--seats", "random,random"], "1 to 5 players"),
        (["--seats", "search,random", "--budget", "-1"], "--budget is the seconds"),
        (["--seats", "search,random", "--budget", "0"], "--budget is the seconds"),
        (["--seats", "search,random", "--budget", "nan"], "--budget is the seconds"),
        (["--seats", "search,random", "--budget", "inf"], "at most 3600"),
        (["--seats", "search,random", "--playouts", "0"], "--playouts is how many"),
        (["--seats", "search,random", "--playouts", "-5"], "give 1 or more"),
        (["--players", "2", "--budget", "nan"], "--budget is the seconds"),
        (["--players", "2", "--playouts", "0"], "--playouts is how many"),
    ],
    ids=lambda x: "_".join(x) if isinstance(x, list) else "",
)
def test_simulate_refuses_options_that_make_no_game(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--short", *args]) == 2
    captured = capsys.readouterr()
    assert words in captured.err and captured.err.count("\n") == 1
    assert captured.out == ""  # no game was played


@pytest.mark.parametrize("budget", ["-1", "nan", "inf", "1e9"])
@pytest.mark.parametrize("command", ["new", "load"])
def test_new_and_load_refuse_such_a_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], budget: str, command: str
) -> None:
    from lehavre_tui.tui.app import LeHavreApp

    monkeypatch.setenv("LEHAVRE_DATA", str(tmp_path))
    monkeypatch.setattr(LeHavreApp, "run", lambda self: pytest.fail("the table opened"))
    where = ["--seats", "human,search"] if command == "new" else [str(tmp_path / "some.json")]
    assert main([command, *where, "--budget", budget]) == 2
    assert "--budget is the seconds a hard or expert bot may think" in capsys.readouterr().err


def test_sensible_options_still_play(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--short", "--seats", "search,random", "--players", "2", "--playouts", "2"]) == 0
    assert "2 players" in capsys.readouterr().out
