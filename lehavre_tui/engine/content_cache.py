"""The content files' TOML, parsed once and kept between launches.

Parsing the TOML is most of the time the engine needs to start (tomllib is written in
Python; the files are about 40 KB). The parsed data, plain lists, tables, words and
numbers, is kept as JSON in the user's cache directory ($LEHAVRE_CACHE, else the
platform's), and read back with Python's fast JSON reader. Only the parsing is saved:
`cards.load_content` validates the data every time, exactly as it validates the files.

The cache's name carries a hash of the bytes of every content file, so a changed file is
parsed again and cached under a new name (the old cache is removed). The cache's first
line is a hash of the rest: a cache that is damaged, cut short or unreadable is ignored
and written again, and one that cannot be written is simply not kept. Nothing here ever
stops the game from loading its cards from the files.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

# every file of content/, in one place: the loader reads them, the cache keys on their bytes
CONTENT_FILES = (
    "buildings_standard.toml",
    "buildings_special.toml",
    "ships.toml",
    "rounds.toml",
    "supply_chits.toml",
    "setups.toml",
)

FORMAT = b"lehavre-content-json 1"  # changes when what is kept changes
PREFIX = "content-"
SUFFIX = ".json"


def cache_dir() -> Path:
    env = os.environ.get("LEHAVRE_CACHE")
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("lehavre_tui", appauthor=False))


def parsed_content_files(directory: Path) -> dict[str, Any] | None:
    """The parsed TOML of every content file in `directory`, by file name; None when a file
    is missing or is not valid TOML (`cards.load_content` then says what is wrong)."""
    try:
        raw = {name: (directory / name).read_bytes() for name in CONTENT_FILES}
    except OSError:
        return None
    key = hashlib.sha256(FORMAT)
    for name, data in raw.items():
        key.update(f"\n{name} {len(data)}\n".encode())
        key.update(data)
    folder = cache_dir()
    path = folder / f"{PREFIX}{key.hexdigest()[:32]}{SUFFIX}"
    kept = _read(path)
    if kept is not None:
        return kept
    import tomllib  # only when the files changed since they were last parsed

    try:
        parsed = {name: tomllib.loads(data.decode("utf-8")) for name, data in raw.items()}
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    with contextlib.suppress(OSError, TypeError, ValueError):
        _write(folder, path, parsed)
    return parsed


def _read(path: Path) -> dict[str, Any] | None:
    """The cache at `path` if it is whole and holds every file's data, else None."""
    try:
        text = path.read_bytes()
    except OSError:
        return None
    check, _, payload = text.partition(b"\n")
    if check != hashlib.sha256(payload).hexdigest().encode():
        return None
    try:
        data = json.loads(payload)
    except ValueError:
        return None
    if not isinstance(data, dict) or sorted(data) != sorted(CONTENT_FILES):
        return None
    if not all(isinstance(v, dict) for v in data.values()):
        return None
    return data


def _write(folder: Path, path: Path, parsed: dict[str, Any]) -> None:
    """Write the cache in one step (never half a file); remove the caches it replaces. Data
    that JSON would not give back exactly (a TOML date, say) is not cached."""
    payload = json.dumps(parsed, ensure_ascii=False, separators=(",", ":")).encode()
    if json.loads(payload) != parsed:
        return
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".content-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    for old in folder.glob(f"{PREFIX}*{SUFFIX}"):
        if old != path:
            with contextlib.suppress(OSError):
                old.unlink()
