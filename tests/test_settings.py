"""The reader's settings: the language chosen on the set-up screen, kept beside the autosave;
a damaged or hostile file is ignored with a sentence, never a crash."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from lehavre_tui import text
from lehavre_tui.engine.message import Msg
from lehavre_tui.session import autosave_path
from lehavre_tui.settings import (
    MAX_BYTES,
    Settings,
    read_settings,
    save_settings,
    settings_path,
    table_language,
)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "data"
    monkeypatch.setenv("LEHAVRE_DATA", str(folder))
    yield folder
    text.set_language("en")


def test_beside_the_autosave(data_dir: Path) -> None:
    assert settings_path() == data_dir / "settings.json"
    assert settings_path().parent == autosave_path().parent


def test_nothing_saved_yet() -> None:
    assert read_settings() == (Settings(), None)


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_a_language_is_kept(lang: str) -> None:
    assert save_settings(Settings(language=lang)) is None
    assert read_settings() == (Settings(language=lang), None)
    assert json.loads(settings_path().read_text()) == {"language": lang}
    assert not [p for p in settings_path().parent.iterdir() if p.name != "settings.json"]  # no temporary left


def test_a_file_without_a_language_is_sound() -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text("{}")
    assert read_settings() == (Settings(), None)


HOSTILE = {
    "not json": b"{not json",
    "a list": b"[1, 2]",
    "a number": b"42",
    "an unknown language": b'{"language": "xx"}',
    "a language that is no word": b'{"language": 3}',
    "a path as language": b'{"language": "../../etc/passwd"}',
    "not utf-8": b'{"language": "\xff\xfe"}',
    "nested 8000 deep": b"[" * 8000 + b"]" * 8000,
    "larger than a settings file": b'{"language": "pl", "x": "' + b"a" * (MAX_BYTES + 10) + b'"}',
}


@pytest.mark.parametrize("content", HOSTILE.values(), ids=list(HOSTILE))
def test_a_damaged_file_is_ignored_with_a_sentence(content: bytes) -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_bytes(content)
    settings, note = read_settings()
    assert settings == Settings()
    assert note is not None
    assert str(note) == (
        f"The settings file {settings_path()} is damaged; it is ignored "
        "(choosing a language on the set-up screen writes it again)."
    )
    assert save_settings(Settings(language="cs")) is None  # a sound file replaces it
    assert read_settings() == (Settings(language="cs"), None)


def test_a_folder_in_its_place_is_ignored_with_a_sentence() -> None:
    settings_path().mkdir(parents=True)
    settings, note = read_settings()
    assert settings == Settings()
    assert note is not None and "cannot be read" in str(note) and str(settings_path()) in str(note)


def test_settings_that_cannot_be_written_say_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("LEHAVRE_DATA", str(blocker / "sub"))  # its folder cannot be made
    note = save_settings(Settings(language="pl"))
    assert note is not None and str(note).startswith(f"The settings could not be saved to {settings_path()} (")


def test_the_flag_first_then_the_saved_choice_then_the_environment() -> None:
    assert table_language("cs", Settings(language="pl"), "en") == "cs"
    assert table_language(None, Settings(language="pl"), "cs") == "pl"
    assert table_language(None, Settings(), "cs") == "cs"


def test_the_sentence_is_put_into_words_when_shown() -> None:
    """The file is read before the language is settled (the file may choose it): the note
    is a message, read in the language chosen in the end."""
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text("[]")
    _settings, note = read_settings()
    assert isinstance(note, Msg) and note.args == {"path": str(settings_path())}
