"""`lehavre --plain` on a pipe: commands in, lines out, exactly the narration of `lehavre run`;
chosen by itself on a dumb terminal; and started without Textual."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lehavre_tui.session import Session
from lehavre_tui.tutorial.lesson import SETUP, STEPS

from .driver import plain_bytes_only


def _env(data: Path, **more: str) -> dict[str, str]:
    env = dict(os.environ, LEHAVRE_DATA=str(data), LANG="C.UTF-8", LC_ALL="", LC_MESSAGES="", TERM="xterm")
    env.update(more)
    return env


def _lehavre(args: list[str], data: Path, stdin: str = "", **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "lehavre_tui", *args], input=stdin.encode(), capture_output=True, timeout=60,
        env=_env(data, **env),
    )  # fmt: skip


def _script_header() -> str:
    names = ", ".join(SETUP.names)
    stacks = "\n".join(f"stack{i}: {' '.join(st)}" for i, st in enumerate(SETUP.stacks or [], start=1))
    return (
        f"players: {SETUP.players}\nvariant: {SETUP.variant}\nseed: {SETUP.seed}\nnames: {names}\n"
        f"chits: {' '.join(map(str, SETUP.chit_order or []))}\n{stacks}\n"
        f"specials: {' '.join(SETUP.special_deck or [])}\n---\n"
    )


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_the_rulebooks_first_round_on_a_pipe_narrates_as_lehavre_run(tmp_path, lang):
    commands = "\n".join(step.command for step in STEPS) + "\n"
    script = tmp_path / "round.txt"
    script.write_text(_script_header() + commands, encoding="utf-8")
    ran = _lehavre(["run", str(script), "--lang", lang], tmp_path / "run")
    assert ran.returncode == 0, ran.stderr.decode()
    run_lines = ran.stdout.decode().splitlines()[: -(1 + SETUP.players)]  # less the summary of the table
    start = tmp_path / "start.json"
    start.write_text(Session.new(SETUP).to_text(), encoding="utf-8")
    plain = _lehavre(["load", str(start), "--plain", "--lang", lang, "--pace", "0"], tmp_path / "plain", commands)
    assert plain.returncode == 0, plain.stderr.decode()
    plain_bytes_only(plain.stdout)
    assert plain.stdout.decode().splitlines() == run_lines
    assert len(run_lines) > 25 and "Round 2 of 18 begins" in "\n".join(run_lines) or lang != "en"


def test_a_dumb_terminal_gets_the_plain_text(tmp_path):
    done = _lehavre(["new", "--players", "1", "--short", "--seed", "3"], tmp_path, "look\nlo\n", TERM="dumb")
    assert done.returncode == 0, done.stderr.decode()
    out = done.stdout.decode().splitlines()
    assert out[0].startswith("A short game for 1 player begins")
    assert out.count(next(line for line in out if line.startswith("Offers: "))) == 2
    plain_bytes_only(done.stdout)


def test_refusals_and_help_are_lines_too(tmp_path):
    done = _lehavre(["new", "--plain", "--players", "1", "--short", "--seed", "3"], tmp_path,
                    "take fish\nfly away\nhelp\nshow joinery\nshow zeppelin\npace x\nl zeppelin\n")  # fmt: skip
    out = done.stdout.decode()
    assert "Take your main action first" not in out  # the supply comes first
    assert "supply" in out and "Unknown command 'fly'" in out
    assert "look offers (lo)" in out and "Joinery" in out and "zeppelin" in out
    assert "'pace' takes the seconds" in out
    plain_bytes_only(done.stdout)


def test_the_plain_text_starts_without_textual(tmp_path):
    code = (
        "import sys\n"
        "from lehavre_tui.cli import main\n"
        "code = main(['new', '--plain', '--players', '1', '--short', '--seed', '3'])\n"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'textual'], 'Textual was imported'\n"
        "print('no textual', code)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], input=b"look\n", capture_output=True, timeout=60,
                          env=_env(tmp_path))  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode().splitlines()[-1] == "no textual 0"


def test_the_tables_words_on_a_pipe(tmp_path):
    saved = tmp_path / "game.json"
    done = _lehavre(["new", "--plain", "--players", "2", "--seats", "human,random", "--short", "--seed", "3",
                     "--names", "Anna,Ben", "--pace", "0"], tmp_path,
                    f"supply\ntake wood\nundo\nhint\npace 0\nsave {saved}\nlm\nl ben\nsay hello\nquit\n")  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()
    out = done.stdout.decode()
    assert "Anna takes the " in out and "Anna takes the last move back." in out
    assert "\nHint: " in out and "Bots now move 0 s apart." in out
    assert f"Saved to {saved}." in out and saved.exists()
    assert "\nAnna: 5 francs" in out and "\nBen: " in out
    assert "'say' talks to a hosted table" in out
    plain_bytes_only(done.stdout)


def test_continue_in_plain_text(tmp_path):
    _lehavre(["new", "--plain", "--players", "1", "--short", "--seed", "3", "--names", "Anna"], tmp_path, "supply\n")
    done = _lehavre(["--continue", "--plain"], tmp_path, "look\n")
    assert done.returncode == 0, done.stderr.decode()
    out = done.stdout.decode().splitlines()
    assert out[0] == "The game goes on. What happened since your last turn:"
    assert any(line.startswith("Anna's ship reaches the first chit") for line in out)
    assert "Anna to act: main action." in out


def test_lehavre_alone_on_a_pipe(tmp_path):
    helped = _lehavre([], tmp_path, "look\n", TERM="dumb")  # no terminal, nothing asked: the help, as before
    assert helped.returncode == 0 and "usage: lehavre" in helped.stdout.decode()
    played = _lehavre(["--plain"], tmp_path, "look\n")  # asked for: a new game of two people
    out = played.stdout.decode().splitlines()
    assert played.returncode == 0 and out[0].startswith("A full game for 2 players begins")
    assert any(line.startswith("Offers: ") for line in out)
