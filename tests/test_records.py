"""Solo records: ranking, persistence, damaged files, the data directory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lehavre_tui import records
from lehavre_tui.records import best_scores, record_solo, records_path


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LEHAVRE_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def test_empty_at_first() -> None:
    assert best_scores("full") == []


def test_record_and_rank(data_dir: Path) -> None:
    assert record_solo("Anna", "full", 120) == (1, [("Anna", 120)])
    assert record_solo("Ben", "full", 150) == (1, [("Ben", 150), ("Anna", 120)])
    rank, best = record_solo("Clara", "full", 130)
    assert rank == 2
    assert best == [("Ben", 150), ("Clara", 130), ("Anna", 120)]
    assert best_scores("full") == best
    assert best_scores("short") == []
    assert records_path() == data_dir / records.FILE_NAME
    assert records_path().exists()


def test_equal_scores_keep_the_older_first() -> None:
    record_solo("Anna", "short", 80)
    rank, best = record_solo("Ben", "short", 80)
    assert rank == 2 and best == [("Anna", 80), ("Ben", 80)]


def test_only_the_best_are_kept() -> None:
    for i in range(records.KEEP):
        record_solo("Anna", "full", 100 + i)
    rank, best = record_solo("Ben", "full", 50)
    assert rank is None
    assert len(best) == records.KEEP and ("Ben", 50) not in best
    rank, best = record_solo("Ben", "full", 1000)
    assert rank == 1 and len(best) == records.KEEP


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"full": [{"name": 3}]}', '{"full": {"a": 1}}'])
def test_damaged_file_is_ignored_with_a_message(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = records_path()
    path.parent.mkdir(parents=True)
    path.write_text(text)
    assert best_scores("full") == []
    assert "damaged" in capsys.readouterr().err
    assert record_solo("Anna", "full", 90) == (1, [("Anna", 90)])
    assert json.loads(path.read_text())["full"][0]["score"] == 90


def test_write_is_atomic_and_leaves_no_temporary_files(data_dir: Path) -> None:
    record_solo("Anna", "full", 90)
    record_solo("Anna", "full", 95)
    assert sorted(p.name for p in data_dir.iterdir()) == [records.FILE_NAME]


def test_unwritable_directory_does_not_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("LEHAVRE_DATA", str(blocker / "sub"))
    rank, best = record_solo("Anna", "full", 90)
    assert rank == 1 and best == [("Anna", 90)]
    assert "cannot save" in capsys.readouterr().err


def test_default_directory_uses_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LEHAVRE_DATA")
    assert "lehavre_tui" in str(records.data_dir())
