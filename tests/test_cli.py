"""The `lehavre` command: running scripts, simulating random games, clear errors."""

from __future__ import annotations

import json
import random
import runpy
from collections.abc import Iterator
from pathlib import Path

import pytest

from lehavre_tui import text
from lehavre_tui.cli import main
from lehavre_tui.commands import to_command
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.setup import Setup, new_game

HEADER = """\
# the rulebook's first turns
players: 3
variant: full
seed: 5
names: Red, Green, Blue
chits: 7 5 6 1 3 4 2
stack1: marketplace joinery smokehouse abattoir black-market brickworks shipping-line business-office church
stack2: sawmill bakehouse hardware-store clay-mound local-court colliery ironworks cokery bank
stack3: fishery charcoal-kiln wharf-1 wharf-2 grocery-market tannery steel-mill bridge town-hall
---
"""  # noqa: E501

COMMANDS = """\
supply
take francs   # Red takes the 3 francs
end

s
take wood
end
supply
take fish
end
supply
buy marketplace
enter marketplace fish wood
keep
end
"""


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """These tests read English whatever the machine's locale says (`--lang` has its own tests)."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    yield
    text.set_language("en")


def write(tmp_path: Path, text: str, name: str = "game.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_run_prints_the_log_and_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", write(tmp_path, HEADER + COMMANDS)]) == 0
    out = capsys.readouterr().out
    assert "A full game for 3 players begins: Red, Green, Blue." in out
    assert "Red takes the 3 francs." in out
    assert "Red buys the Marketplace for 6 francs." in out
    assert "Red receives 1 fish, 1 wood." in out
    assert "Round 1 of" in out and "Green to act" in out
    assert "Red: 2 francs, 0 loans; goods: 1 fish, 1 wood, 1 coal; buildings: Marketplace" in out


def test_run_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", write(tmp_path, HEADER + COMMANDS), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["state"]["names"] == ["Red", "Green", "Blue"]
    assert data["state"]["owner"]["marketplace"] == 0
    assert [sc["name"] for sc in data["scores"]] == ["Red", "Green", "Blue"]
    assert data["winners"] == []  # the game is not over


def test_bad_line_exits_2_with_its_number(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = HEADER + "supply\ntake francs\nenter nowhere\n"
    assert main(["run", write(tmp_path, script)]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("line 13: enter nowhere: There is no building called 'nowhere'")
    assert "Red takes the 3 francs." in captured.out  # the log up to the failing line


def test_illegal_move_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", write(tmp_path, HEADER + "take fish\n")]) == 2
    assert capsys.readouterr().err.startswith("line 11: take fish: First move your ship")


def test_help_lines_print_help(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", write(tmp_path, HEADER + "help bakehouse\n")]) == 0
    assert "Bakehouse (Polish: Piekarnia; Czech: Pekárna)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ("players: 2\nsupply\n", "no '---' line"),
        ("variant: full\n---\n", "how many players"),
        ("players: two\n---\n", "line 1: 'players' must be a whole number"),
        ("players: 2\ncolour: red\n---\n", "line 2: unknown header key 'colour'"),
        ("players: 2\nvariant: long\n---\n", "line 2: the variant is 'full' or 'short'"),
        ("players: 3\nnames: A, B\n---\n", "3 players need 3 names"),
        ("players: 9\n---\n", "Bad set-up"),
        ("players: 2\nchits: 1 2 3\n---\n", "supply-chit order must name each of the 7 chits"),
        ("players: 2\nstack1: joinery\n---\n", "all three proposal stacks"),
        ("players: 2\nspecials: joinery\n---\n", "'joinery' is not a special building"),
        ("players: 2\nstack1: nowhere\n---\n", "There is no building called 'nowhere'"),
        ("players 2\n---\n", "line 1: a header line is 'key: value'"),
        ("players: 2\nseed: 1\n\nseed: 2\n---\n", "line 4: 'seed' was already given on line 2; give each key once."),
        ("players: 2\nexpensive_loans: maybe\n---\n", "line 2: 'expensive_loans' is yes or no, not 'maybe'."),
        ("players: 2\nspecials: zoo zoo zoo zoo zoo zoo\n---\n", "The Zoo is named twice among the special"),
        (
            "players: 3\n" + HEADER.split("seed: 5\n")[1].replace("clay-mound", "sawmill"),
            "The Sawmill is named twice in proposal stack 2",
        ),
    ],
)
def test_bad_headers(tmp_path: Path, capsys: pytest.CaptureFixture[str], script: str, message: str) -> None:
    assert main(["run", write(tmp_path, script)]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err and err.count("\n") == 1


def test_a_byte_order_mark_is_no_part_of_the_first_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", write(tmp_path, "\ufeff" + HEADER + COMMANDS)]) == 0
    assert "A full game for 3 players begins: Red, Green, Blue." in capsys.readouterr().out


@pytest.mark.parametrize(("word", "on"), [("yes", True), ("No", False), ("true", True), ("off", False)])
def test_expensive_loans_reads_yes_or_no(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], word: str, on: bool
) -> None:
    script = f"players: 2\nexpensive_loans: {word}\n---\n"
    assert main(["run", write(tmp_path, script), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["state"]["expensive_loans"] is on


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(tmp_path / "nope.txt")]) == 2
    assert "Cannot read the script" in capsys.readouterr().err


def test_a_whole_game_as_a_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Write a random game down as commands; running the script reaches the same end."""
    rng = random.Random(11)
    s = new_game(Setup(players=2, variant="short", seed=3))
    lines = []
    while s.phase != "over":
        action = rng.choice(legal_actions(s))
        lines.append(to_command(action, s))
        s = apply(s, action)
    script = "players: 2\nvariant: short\nseed: 3\n---\n" + "\n".join(lines) + "\n"
    assert main(["run", write(tmp_path, script), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["state"]["phase"] == "over"
    assert data["state"]["players"] == [p.model_dump(mode="json") for p in s.players]
    assert data["winners"]
    assert main(["run", write(tmp_path, script)]) == 0
    out = capsys.readouterr().out
    assert "The game is over" in out and "scores" in out and "Winner" in out


def test_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--short", "--games", "2", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("Game 1 (seed 1): ") and "actions in" in lines[0]
    assert lines[1].startswith("Game 2 (seed 2): ")


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--short", "--games", "2", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert len(results) == 2
    for r in results:
        assert r["finished"] is True
        assert r["winners"] and set(r["winners"]) <= set(r["scores"])
        assert r["actions"] > 50
    again = main(["simulate", "--players", "2", "--short", "--games", "2", "--json"])
    assert again == 0
    repeat = json.loads(capsys.readouterr().out)
    assert [r["scores"] for r in repeat] == [r["scores"] for r in results]  # same seeds, same games


def test_simulate_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "7"]) == 2
    assert "1 to 5 players" in capsys.readouterr().err
    assert main(["simulate", "--players", "2", "--games", "0"]) == 2
    assert main(["simulate"]) == 2  # argparse: --players is required


def test_no_subcommand_prints_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert "usage: lehavre" in capsys.readouterr().out


def test_python_dash_m(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.argv", ["lehavre", "simulate", "--players", "1", "--short"])
    with pytest.raises(SystemExit) as info:
        runpy.run_module("lehavre_tui", run_name="__main__")
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith("Game 1 (seed 0): ")


def test_simulate_seats_runs_a_bot_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--seats", "heuristic,random", "--games", "2", "--short", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["kind"] for r in rows} == {"heuristic", "random"}
    assert all(r["seats"] == 2 for r in rows)
    assert sum(r["wins"] for r in rows) == pytest.approx(2)


def test_simulate_refuses_a_human_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--seats", "human,random"]) == 2
    assert "not a bot" in capsys.readouterr().err


def test_simulate_search_with_a_playout_count_is_repeatable(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--seats", "search,heuristic", "--games", "1", "--short", "--playouts", "3", "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    again = json.loads(capsys.readouterr().out)
    assert [r["average_wealth"] for r in first] == [r["average_wealth"] for r in again]


def test_help_says_that_lehavre_alone_opens_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "'lehavre' alone opens the set-up screen" in out
