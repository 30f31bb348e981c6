"""Long commands say what they are doing: `lehavre simulate` draws a progress bar on a terminal
(and nothing extra on a pipe), plays its games in several processes with the same results as in
one, and keeps the finished games when Ctrl+C stops it (exit status 130); `lehavre review` says
what it judges, in the reader's language."""

from __future__ import annotations

import io
import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from lehavre_tui.bots.review import game_moves, review
from lehavre_tui.cli import main as cli_main
from lehavre_tui.engine.message import Msg
from lehavre_tui.series import EXIT_INTERRUPTED, play_series
from lehavre_tui.session import Session
from lehavre_tui.text import render

from .test_cli import english
from .test_review import SETUP, played

__all__ = ["english"]

# programs in pseudo-terminals, timed, with worker processes of their own: one after another on
# one worker (pytest-xdist's --dist loadgroup), never beside the other timed tests
pytestmark = pytest.mark.xdist_group("timed")

LEHAVRE = [sys.executable, "-m", "lehavre_tui"]
TIMES = ("seconds", "ms_per_move_mean", "ms_per_move_median")  # measured, so never the same twice


def _env() -> dict[str, str]:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="120", LINES="30", LANG="C.UTF-8")
    for key in ("LC_ALL", "LC_MESSAGES", "NO_COLOR"):
        env.pop(key, None)
    return env


def in_a_terminal(argv: list[str], timeout: float = 60) -> tuple[str, int]:
    """Run `argv` with a pseudo-terminal as its standard output; what it wrote, and its status."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen(argv, stdin=follower, stdout=follower, stderr=follower, env=_env(), close_fds=True)
    os.close(follower)
    out = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.1)
        if ready:
            try:
                data = os.read(leader, 65536)
            except OSError:  # the program ended and closed the terminal
                break
            if not data:
                break
            out += data
        elif proc.poll() is not None:
            break
    os.close(leader)
    return out.decode("utf-8", "replace"), proc.wait(timeout=10)


def on_a_pipe(argv: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, env=_env(), timeout=120, check=False)


def without_times(value: Any) -> Any:
    if isinstance(value, list):
        return [without_times(v) for v in value]
    if isinstance(value, dict):
        return {k: without_times(v) for k, v in value.items() if k not in TIMES}
    return value


SIMULATE = [*LEHAVRE, "simulate", "--seats", "medium,easy", "--games", "4", "--short", "--jobs", "2"]


def test_the_bar_is_drawn_in_a_terminal_and_not_on_a_pipe() -> None:
    shown, status = in_a_terminal(SIMULATE)
    assert status == 0
    assert "games" in shown and "━" in shown and "/4" in shown  # the bar, with games done of all
    assert "medium" in shown and "%" in shown and "–" in shown  # the running win shares and their intervals
    piped = on_a_pipe(SIMULATE)
    assert piped.returncode == 0
    assert "━" not in piped.stdout and "\x1b" not in piped.stdout and piped.stderr == ""
    assert piped.stdout.splitlines()[0] == "4 short games, 2 players, seats rotating: medium, easy"
    # the results after the bar are those printed on the pipe
    assert piped.stdout.splitlines()[-1].split()[:3] == shown.splitlines()[-1].split()[:3]


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--seats", "medium,easy", "--games", "4", "--short", "--seed", "7", "--json"],
        ["simulate", "--seats", "hard,easy", "--games", "2", "--short", "--seed", "3", "--playouts", "1", "--json"],
        ["simulate", "--players", "3", "--games", "5", "--short", "--seed", "11", "--json"],
    ],
    ids=["levels", "search-by-playouts", "random-games"],
)
def test_one_process_and_two_give_the_same_results(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main([*argv, "--jobs", "1"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert cli_main([*argv, "--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert without_times(one) == without_times(two)
    assert one and without_times(one) != one  # the times are there, only left out of the comparison


def test_a_series_keeps_the_order_of_the_games_whatever_order_they_finish_in() -> None:
    series = play_series(pow, [(n, 2) for n in range(20)], jobs=2)
    assert series.results == [n * n for n in range(20)] and not series.stopped


def _started(argv: list[str]) -> subprocess.Popen[str]:
    # a session of its own, so Ctrl+C can be sent to the whole group, as a terminal sends it
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(),
                            start_new_session=True)  # fmt: skip


def _first_lines(proc: subprocess.Popen[str], n: int) -> list[str]:
    """The first `n` lines of the output, read from the pipe itself: a buffered readline reads
    ahead, and what it read ahead would be missing from `communicate()`, which reads the pipe."""
    assert proc.stdout is not None
    fd, data = proc.stdout.fileno(), b""
    while data.count(b"\n") < n and (byte := os.read(fd, 1)):
        data += byte
    return data.decode().splitlines(keepends=True)


def test_ctrl_c_prints_the_finished_games_and_exits_130() -> None:
    proc = _started([*LEHAVRE, "simulate", "--players", "2", "--games", "100000", "--jobs", "2"])
    assert proc.stdout is not None
    first = _first_lines(proc, 2)  # two games are finished
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    lines = first + out.splitlines(keepends=True)
    assert proc.returncode == EXIT_INTERRUPTED == 130
    assert 2 <= len(lines) < 100000
    # every finished game once, in the order of the games (one still being played may leave a gap)
    numbers = [int(line.split()[1]) for line in lines]
    assert numbers[:2] == [1, 2] and numbers == sorted(set(numbers))
    for n, line in zip(numbers, lines, strict=True):
        assert line.startswith(f"Game {n} (seed {n - 1}): ") and line.endswith(" s.\n")
    assert f"Stopped by Ctrl+C: {len(lines)} of 100000 games were finished" in err
    assert "Traceback" not in err


def _wait_for_the_workers(pid: int) -> None:
    children = Path(f"/proc/{pid}/task/{pid}/children")
    deadline = time.monotonic() + 60
    while not children.read_text().strip():
        assert time.monotonic() < deadline, "the simulation never started its worker processes"
        time.sleep(0.1)


def test_ctrl_c_keeps_the_json_shape() -> None:
    proc = _started([*LEHAVRE, "simulate", "--seats", "medium,easy", "--games", "100000", "--json", "--jobs", "2"])
    _wait_for_the_workers(proc.pid)
    time.sleep(1)  # a few games are finished
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    rows = json.loads(out)
    assert [r["kind"] for r in rows] == ["medium", "easy"]
    assert set(rows[0]) == {"kind", "seats", "wins", "win_rate", "average_wealth", "ms_per_move_mean",
                            "ms_per_move_median"}  # fmt: skip
    assert rows[0]["seats"] == rows[1]["seats"] < 100000
    assert "Stopped by Ctrl+C" in err and "Traceback" not in err


def test_ctrl_c_in_a_review_says_so_and_exits_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    s = Session.new(SETUP, seats=["human", "medium"])
    path = tmp_path / "game.json"
    s.save(path)

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("lehavre_tui.bots.review.review_game", interrupted)
    assert cli_main(["review", str(path)]) == 130
    assert capsys.readouterr().err.strip() == "Stopped by Ctrl+C."


def test_jobs_must_be_one_or_more(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["simulate", "--players", "2", "--jobs", "0"]) == 2
    assert "--jobs is how many games are played at once: give 1 or more" in capsys.readouterr().err


def test_a_review_says_what_it_judges() -> None:
    told: list[tuple[str, int, int]] = []
    review(game_moves(SETUP, played(40, blunder_at=10)), 0, playouts=2,
           progress=lambda what, done, total: told.append((render(what), done, total)))  # fmt: skip
    assert told[0] == ("Reviewing Anna: every move at first sight", 0, 0)
    searched = told[1:]
    assert searched and [done for _, done, _ in searched] == list(range(len(searched)))
    assert all(total == len(searched) for _, _, total in searched)
    assert all(what.startswith("Reviewing Anna: the expert searches move ") for what, _, _ in searched)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Reviewing Anna: the expert searches move"), ("pl", "Przegląd (Anna): ekspert bada ruch"),
     ("cs", "Rozbor (Anna): expert zkoumá tah")],
)  # fmt: skip
def test_the_review_command_shows_its_progress_in_the_readers_language(
    lang: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = Session.new(SETUP, seats=["human", "medium"])
    for a in played(30, blunder_at=8):
        s.act(a)
    path = tmp_path / "game.json"
    s.save(path)
    screen = _Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    assert cli_main(["review", str(path), "--playouts", "2", "--lang", lang]) == 0
    assert words in screen.getvalue()


def test_the_review_command_on_a_pipe_prints_the_review_alone(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    s = Session.new(SETUP, seats=["human", "medium"])
    for a in played(30, blunder_at=8):
        s.act(a)
    path = tmp_path / "game.json"
    s.save(path)
    assert cli_main(["review", str(path), "--playouts", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Anna: the ") and "Reviewing" not in out


def test_the_words_of_a_stopped_series_are_translated() -> None:
    from lehavre_tui.text import set_language

    msg = Msg("Stopped by Ctrl+C: {done} of {total} games were finished; the results are theirs.", done=3, total=9)
    try:
        set_language("pl")
        assert "3 z 9" in render(msg) and "Stopped" not in render(msg)
    finally:
        set_language("en")


def _square(k: int) -> int:
    return k * k


def test_ctrl_c_while_a_result_is_told_comes_after_it() -> None:
    """A Ctrl+C that comes while a finished game is being printed waits for the end of it:
    the game is then counted and printed once (it was counted and not printed, or printed
    twice, when the interrupt fell in the middle)."""
    told: list[int] = []

    def on_result(i: int, result: int) -> None:
        if i == 1:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # where the interrupt would fall
        told.append(i)

    series = play_series(_square, [(k,) for k in range(5)], 1, on_result)
    assert series.stopped
    assert told == [0, 1] and series.finished == [0, 1]
