"""The seat codes a player's `lehavre join` was given, kept so that coming back from the same
machine needs nothing typed: one file in the user's data directory (`seat_codes.json`, for
this user only), a code for each host address and table (by its invite code).

Only the terminal client run by the player keeps them: the clients the doors start (an SSH
login, a browser tab) run as the host's user and keep nothing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

MAX_KEPT = 200  # codes kept (the oldest forgotten first)


def seat_codes_path() -> Path:
    from ..session import autosave_path

    return autosave_path().parent / "seat_codes.json"


def _key(address: str, invite: str) -> str:
    return f"{address} {invite.strip().lower().split(' ')[0]}"


def _read(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def kept_seat_code(address: str, invite: str, path: Path | None = None) -> str | None:
    """The seat code kept for this host and table, if any."""
    return _read(path or seat_codes_path()).get(_key(address, invite))


def keep_seat_code(address: str, invite: str, code: str, path: Path | None = None) -> None:
    """Keep the seat code for this host and table (OSError when the file cannot be written)."""
    path = path or seat_codes_path()
    codes = _read(path)
    codes.pop(_key(address, invite), None)
    codes[_key(address, invite)] = code
    while len(codes) > MAX_KEPT:
        codes.pop(next(iter(codes)))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path.with_suffix(".tmp"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(codes, f)
    os.replace(path.with_suffix(".tmp"), path)
