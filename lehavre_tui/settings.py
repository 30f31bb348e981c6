"""The reader's settings, kept between games: for now the language of the table.

A small JSON file beside the autosave (the user's data directory, or `$LEHAVRE_DATA`):
`{"language": "pl"}`. A file that cannot be read, is not such an object, is too large or
names a language the game does not have is ignored, with a sentence saying so: it never
stops the game, and the next choice made on the set-up screen writes a sound file over it.
Writes are atomic (a temporary file renamed over the old one).
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .engine.message import Msg
from .places import autosave_path
from .text import LANGUAGES

FILE_NAME = "settings.json"
MAX_BYTES = 16_384  # a settings file is a few dozen bytes: anything larger is not ours


@dataclass(frozen=True)
class Settings:
    language: str | None = None  # None: not chosen yet (the environment decides)


def settings_path() -> Path:
    return autosave_path().parent / FILE_NAME


def read_settings() -> tuple[Settings, Msg | None]:
    """The saved settings, and what was wrong when the file had to be ignored (None when
    all is well; a message, put into words in the language finally chosen)."""
    path = settings_path()
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return Settings(), Msg(
            "The settings file {path} cannot be read ({reason}); it is ignored.", path=str(path), reason=reason
        )
    damaged = Msg(
        "The settings file {path} is damaged; it is ignored (choosing a language on the set-up screen writes it "
        "again).",
        path=str(path),
    )
    if len(raw) > MAX_BYTES:
        return Settings(), damaged
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return Settings(), damaged
    if not isinstance(data, dict):
        return Settings(), damaged
    lang = data.get("language")
    if lang is None:
        return Settings(), None
    if not isinstance(lang, str) or lang not in LANGUAGES:
        return Settings(), damaged
    return Settings(language=lang), None


def save_settings(settings: Settings) -> Msg | None:
    """Write the settings; what went wrong when they could not be written (the game goes on)."""
    path = settings_path()
    data = {"language": settings.language} if settings.language else {}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".settings.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return Msg("The settings could not be saved to {path} ({reason}).", path=str(path), reason=reason)
    return None


def table_language(flag: str | None, saved: Settings, otherwise: str) -> str:
    """The language of the table: the `--lang` flag, else the one chosen on the set-up
    screen before (saved), else `otherwise` (the environment's)."""
    return flag or saved.language or otherwise
