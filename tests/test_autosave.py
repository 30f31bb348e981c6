"""The autosave: at every instant a whole game is at the autosave path, the game saved before
a new (or loaded) one is kept beside it, and temporary files of killed writes are cleaned."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import pytest

from lehavre_tui import save_files
from lehavre_tui.engine.setup import Setup
from lehavre_tui.save_files import STALE_SECONDS, clean_stale_temps
from lehavre_tui.session import SaveError, Session


class Killed(BaseException):
    """The process dies here (as with kill -9, nothing after it runs)."""


def old_game(auto: Path) -> Session:
    s = Session.new(Setup(players=2, variant="short", seed=5), autosave=auto)
    for command in ("supply", "take wood", "end"):
        s.command(command)
    return s


def continued(auto: Path) -> str | None:
    """What `lehavre --continue` opens: the autosaved game's text, or None if it finds none."""
    if not auto.exists():
        return None
    try:
        return Session.load(auto).to_text()
    except SaveError:
        return None


def _dying_replace(real_replace, k: int):  # noqa: ANN001, ANN202
    """os.replace that kills the process at its k-th call."""
    calls = 0

    def replace(src: str | Path, dst: str | Path) -> None:
        nonlocal calls
        calls += 1
        if calls == k:
            raise Killed
        real_replace(src, dst)

    return replace


def test_a_crash_at_any_step_of_a_new_game_leaves_a_whole_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_replace = os.replace
    crashed_at = 0
    for k in range(1, 20):
        folder = tmp_path / f"try{k}"
        auto = folder / "autosave.json"
        old = old_game(auto).to_text()
        monkeypatch.setattr(save_files.os, "replace", _dying_replace(real_replace, k))
        try:
            new = Session.new(Setup(players=3, variant="short", seed=9), autosave=auto).to_text()
        except Killed:
            new = None
            crashed_at = k
        finally:
            monkeypatch.setattr(save_files.os, "replace", real_replace)
        found = continued(auto)
        assert found is not None, f"no game to continue after a crash at rename {k}"
        assert found in (old, new)
        kept = folder / "previous-autosave.json"
        assert old in (found, kept.read_text(encoding="utf-8") if kept.exists() else None), "the old game is lost"
        if new is not None:
            assert found == new and kept.read_text(encoding="utf-8") == old
            break
    assert crashed_at >= 2  # the copy aside and the new save: both were interrupted once


def test_loading_another_game_keeps_the_autosaved_one(tmp_path: Path) -> None:
    auto = tmp_path / "autosave.json"
    running = old_game(auto).to_text()
    other = Session.new(Setup(players=1, variant="short", seed=2))
    other.command("supply")
    (tmp_path / "other.json").write_text(other.to_text(), encoding="utf-8")
    loaded = Session.load(tmp_path / "other.json", autosave=auto)
    assert continued(auto) == other.to_text()  # --continue opens the loaded game from now on
    assert (tmp_path / "previous-autosave.json").read_text(encoding="utf-8") == running
    assert "previous-autosave.json" in loaded.log[-1].text
    # continuing the autosaved game itself keeps nothing aside
    (tmp_path / "previous-autosave.json").unlink()
    Session.load(auto, autosave=auto)
    assert not (tmp_path / "previous-autosave.json").exists()


def test_killed_writes_leave_temporary_files_that_are_cleaned_once_stale(tmp_path: Path) -> None:
    auto = tmp_path / "autosave.json"
    old_game(auto)
    stale = [tmp_path / "autosave.jsonab12cd.tmp", tmp_path / "previous-autosave.jsonx9.tmp"]
    fresh = tmp_path / "autosave.jsonfresh.tmp"  # perhaps a write under way in another window
    others = [tmp_path / "autosave.json.bak", tmp_path / "solo_records.json", tmp_path / "mine.tmp"]
    long_ago = time.time() - STALE_SECONDS - 5
    for path in [*stale, fresh, *others]:
        path.write_text("{", encoding="utf-8")
        if path != fresh:
            os.utime(path, (long_ago, long_ago))
    Session.load(auto, autosave=auto)  # --continue: the session starts writing
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and all(p.exists() for p in others)
    assert clean_stale_temps(auto, now=time.time() + STALE_SECONDS + 5) == [fresh]


def test_kill_9_during_new_games_never_loses_the_autosave(tmp_path: Path) -> None:
    """A child process starts new games over and over and is killed at random moments."""
    auto = tmp_path / "autosave.json"
    old_game(auto)
    rng = random.Random(1)
    for attempt in range(60):
        pid = os.fork()
        if pid == 0:  # the child: new games until killed
            try:
                n = 0
                while True:
                    Session.new(Setup(players=2, variant="short", seed=n % 7), autosave=auto)
                    n += 1
            finally:
                os._exit(1)
        time.sleep(rng.uniform(0.0, 0.03))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        assert continued(auto) is not None, f"kill {attempt + 1}: no game to continue"
    # the killed writes' temporary files go once they are stale
    later = time.time() + STALE_SECONDS + 5
    clean_stale_temps(auto, now=later)
    assert not list(tmp_path.glob("*.tmp"))
