"""Save files that are not saves: too deep, too large, not files at all. Each is refused at
once with a sentence (a SaveError; `lehavre load` and `--continue` exit 2), never a crash or a hang."""

from __future__ import annotations

import json
import os
import random
import threading
import time
from pathlib import Path

import pytest

from lehavre_tui.cli import main
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.save import FORMAT_VERSION, MAX_SAVE_BYTES, MAX_SAVE_DEPTH, dump_save, load_save, nesting_depth
from lehavre_tui.engine.setup import Setup, complete_setup, new_game
from lehavre_tui.session import SaveError, Session


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("LEHAVRE_DATA", str(folder))
    return folder


def refused(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """`lehavre load PATH` exits 2 with one sentence; returns it."""
    assert main(["load", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err and "Traceback" not in err
    return err


def five_player_save() -> str:
    setup = complete_setup(Setup(players=5, variant="full", seed=3))
    s, actions, rng = new_game(setup), [], random.Random(3)
    while s.phase != "over":
        actions.append(rng.choice(legal_actions(s)))
        s = apply(s, actions[-1], in_place=True)
    return dump_save(setup, actions, s, ["human", "search", "heuristic", "random", "human"])


def test_the_bounds_are_far_beyond_a_real_save() -> None:
    text = five_player_save()  # the longest game there is
    assert len(text.encode("utf-8")) * 40 < MAX_SAVE_BYTES
    assert nesting_depth(text) * 3 < MAX_SAVE_DEPTH
    assert load_save(text)[2].phase == "over"


@pytest.mark.parametrize("opening", ["[", '{"a":', '{"actions":[', "[{\"x\":["])
def test_deeply_nested_saves_are_refused(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str], opening: str
) -> None:
    path = tmp_path / "deep.json"
    path.write_text(opening * 2000, encoding="utf-8")
    assert "nested more than" in refused(path, capsys)
    # the autosave too: --continue explains instead of crashing
    data.mkdir()
    (data / "autosave.json").write_text(opening * 2000, encoding="utf-8")
    assert main(["--continue"]) == 2
    assert "autosaved game cannot be opened" in capsys.readouterr().err


def test_nesting_depth_skips_brackets_inside_names() -> None:
    assert nesting_depth('{"names": ["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "\\"[[[["]}') == 2
    assert nesting_depth('["unterminated [[[[[[[[[[[[[[[[[[[[[[[[[[[[[') == 1
    assert nesting_depth("[" * 10_000) == MAX_SAVE_DEPTH + 1  # counting stops there


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format_version": ' + "1" * 5000 + "}", "number far too long"),
        ("[1, 2, 3]", "holds no saved game"),
        ('"a save"', "holds no saved game"),
        ("null", "holds no saved game"),
    ],
    ids=["5000-digit number", "list", "string", "null"],
)
def test_saves_of_the_wrong_shape_are_refused(text: str, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        Session.from_text(text)


def short_save() -> str:
    s = Session.new(Setup(players=2, variant="short", seed=1))
    s.command("supply")
    return s.to_text()


def test_a_format_version_of_thousands_of_digits_is_not_repeated() -> None:
    current = f'"format_version":{FORMAT_VERSION}'
    assert current in short_save()
    text = short_save().replace(current, '"format_version":' + "9" * 4000)
    with pytest.raises(SaveError, match=f"format version beyond any; this game reads versions 1 to {FORMAT_VERSION}"):
        Session.from_text(text)


def test_half_a_surrogate_pair_in_a_name_is_refused() -> None:
    text = short_save()
    assert '"Anna"' in text
    with pytest.raises(SaveError, match="not valid Unicode"):
        Session.from_text(text.replace('"Anna"', '"\\ud800"'))  # the escape, as a JSON writer puts it
    with pytest.raises(SaveError, match="not valid Unicode"):
        Session.from_text(text.replace('"Anna"', '"\ud800"'))  # the character itself
    fish = Session.from_text(text.replace('"Anna"', '"Zo\\u00eb \\ud83d\\udc1f"'))  # a whole pair is fine
    assert fish.state.names[0] == "Zoë 🐟"


@pytest.mark.xdist_group("timed")  # measures time: never beside the other timed tests
def test_files_larger_than_any_save_are_refused_without_reading_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as fh:
        fh.truncate(100_000_000)  # 100 MB, sparse: the size alone refuses it
    started = time.perf_counter()
    message = refused(path, capsys)
    assert time.perf_counter() - started < 2
    assert "100.0 MB, far more than any game's save" in message


@pytest.mark.xdist_group("timed")
def test_a_save_full_of_moves_just_under_the_bound_is_refused_quickly(tmp_path: Path) -> None:
    setup = Setup(players=2, seed=1).model_dump(mode="json")
    move = {"kind": "enter", "building": "bakehouse", "goods": {"fish": 1}}
    count = MAX_SAVE_BYTES // (len(json.dumps(move, separators=(",", ":"))) + 1) - 100
    save = {"format_version": FORMAT_VERSION, "setup": setup, "actions": [move] * count}
    text = json.dumps(save, separators=(",", ":"))
    assert len(text) <= MAX_SAVE_BYTES
    path = tmp_path / "moves.json"
    path.write_text(text, encoding="utf-8")
    started = time.perf_counter()
    with pytest.raises(SaveError, match="Move 1 of the save cannot be replayed"):
        Session.load(path)
    assert time.perf_counter() - started < 20  # about half a second on a quiet machine


def test_a_pipe_is_refused_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    result: list[int] = []
    worker = threading.Thread(target=lambda: result.append(main(["load", str(fifo)])), daemon=True)
    worker.start()
    worker.join(timeout=10)
    if worker.is_alive():  # blocked opening the pipe: let it go, then fail
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(timeout=10)
        pytest.fail("loading a pipe waited for a writer")
    assert result == [2]
    assert "is a pipe, not a save file" in capsys.readouterr().err


@pytest.mark.parametrize(("where", "kind"), [("folder", "a folder"), ("/dev/null", "a device")])
def test_folders_and_devices_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str, kind: str
) -> None:
    path = tmp_path if where == "folder" else Path(where)
    assert f"is {kind}, not a save file" in refused(path, capsys)


def test_a_file_that_is_not_text_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "image.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    assert "not a text file" in refused(path, capsys)
    assert "There is no save file" in refused(tmp_path / "missing.json", capsys)
