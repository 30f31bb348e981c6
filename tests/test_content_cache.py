"""The parsed content files kept between launches (engine/content_cache.py)."""

from __future__ import annotations

import hashlib
import shutil
import tomllib
from pathlib import Path

import pytest

from lehavre_tui.engine.cards import ContentError, content_dir, load_content
from lehavre_tui.engine.content_cache import parsed_content_files


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A copy of the card data, and an empty cache folder."""
    data = tmp_path / "content"
    shutil.copytree(content_dir(), data)
    cache = tmp_path / "cache"
    monkeypatch.setenv("LEHAVRE_CACHE", str(cache))
    return data, cache


def caches(folder: Path) -> list[Path]:
    return sorted(folder.glob("content-*.json"))


def loaded(data: Path) -> object:
    return load_content(data, parsed_content_files(data))


def test_cached_files_give_the_same_cards_as_the_files(folders: tuple[Path, Path]) -> None:
    data, cache = folders
    first = loaded(data)
    assert len(caches(cache)) == 1
    assert loaded(data) == first == load_content(data)


def test_the_cache_is_read_instead_of_the_toml(folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    data, _cache = folders
    parsed_content_files(data)

    def no_parsing(text: str) -> None:
        raise AssertionError("parsed the TOML again")

    monkeypatch.setattr(tomllib, "loads", no_parsing)
    assert loaded(data) == load_content(data)


def test_a_changed_content_file_is_parsed_again(folders: tuple[Path, Path]) -> None:
    data, cache = folders
    assert loaded(data).buildings["fishery"].value == 10  # type: ignore[attr-defined]
    path = data / "buildings_standard.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("value = 10", "value = 12", 1), encoding="utf-8")
    changed = loaded(data)
    assert changed == load_content(data)
    assert changed.buildings["fishery"].value == 12  # type: ignore[attr-defined]
    assert len(caches(cache)) == 1  # the cache of the old files was removed


def test_cached_data_is_validated_like_the_files(folders: tuple[Path, Path]) -> None:
    """A broken card is refused whether its file was just parsed or its parse was cached."""
    data, _cache = folders
    path = data / "ships.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("capacity = 2", "capacty = 2", 1), encoding="utf-8")
    for _ in range(2):  # the second time from the cache
        with pytest.raises(ContentError, match="ships.toml"):
            loaded(data)


def test_a_file_that_is_not_toml_is_reported_by_the_loader(folders: tuple[Path, Path]) -> None:
    data, cache = folders
    (data / "rounds.toml").write_text("[[round]\nid = ", encoding="utf-8")
    assert parsed_content_files(data) is None
    with pytest.raises(ContentError, match="rounds.toml: not valid TOML"):
        loaded(data)
    assert caches(cache) == []


def test_a_missing_file_is_reported_by_the_loader(folders: tuple[Path, Path]) -> None:
    data, _cache = folders
    (data / "setups.toml").unlink()
    with pytest.raises(ContentError, match="setups.toml: content file is missing"):
        loaded(data)


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: b"",
        lambda text: text[: len(text) // 2],  # cut short
        lambda text: text.replace(b'"value":10', b'"value":12', 1),  # changed, but not its check
        lambda text: b"not a cache at all",
    ],
    ids=["empty", "cut-short", "altered", "garbage"],
)
def test_a_damaged_cache_is_ignored_and_written_again(folders: tuple[Path, Path], damage) -> None:  # type: ignore[no-untyped-def]
    data, cache = folders
    expected = loaded(data)
    (path,) = caches(cache)
    whole = path.read_bytes()
    path.write_bytes(damage(whole))
    assert loaded(data) == expected
    assert path.read_bytes() == whole


def test_a_cache_that_is_whole_but_not_card_data_is_ignored(folders: tuple[Path, Path]) -> None:
    data, cache = folders
    expected = loaded(data)
    (path,) = caches(cache)
    payload = b'{"ships.toml": []}'
    path.write_bytes(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
    assert loaded(data) == expected


def test_no_cache_can_be_written_the_game_still_loads(folders: tuple[Path, Path]) -> None:
    data, cache = folders
    cache.write_text("a file where the cache folder should be")
    assert loaded(data) == load_content(data)
