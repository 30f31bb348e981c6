"""The player's best solo scores, kept locally as JSON.

The file lives in the user data directory (platformdirs), or in `$LEHAVRE_DATA` when
set. Writes are atomic (a temporary file renamed over the old one). A damaged file
never stops the game: it is set aside with a warning and the records start afresh.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

FILE_NAME = "solo_records.json"
KEEP = 10  # best scores kept per variant


def data_dir() -> Path:
    env = os.environ.get("LEHAVRE_DATA")
    return Path(env) if env else Path(user_data_dir("lehavre_tui", appauthor=False))


def records_path() -> Path:
    return data_dir() / FILE_NAME


def _warn(message: str) -> None:
    print(f"lehavre: {message}", file=sys.stderr)


def _valid_entry(e: Any) -> bool:
    return (
        isinstance(e, dict)
        and isinstance(e.get("name"), str)
        and isinstance(e.get("score"), int)
        and not isinstance(e.get("score"), bool)
        and isinstance(e.get("date", ""), str)
    )


def _load() -> dict[str, list[dict[str, Any]]]:
    path = records_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        _warn(f"cannot read the solo records ({path}): {exc}; starting afresh.")
        return {}
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or not all(
            isinstance(k, str) and isinstance(v, list) and all(_valid_entry(e) for e in v) for k, v in data.items()
        ):
            raise ValueError("unexpected layout")
    except ValueError as exc:
        _warn(f"the solo records file {path} is damaged ({exc}); it is ignored and will be replaced.")
        return {}
    return data


def _save(data: dict[str, list[dict[str, Any]]]) -> None:
    path = records_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".solo_records.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2, ensure_ascii=False)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def best_scores(variant: str) -> list[tuple[str, int]]:
    """The best solo scores of a variant, best first: (name, score)."""
    return [(e["name"], e["score"]) for e in _load().get(variant, [])]


def record_solo(name: str, variant: str, score: int) -> tuple[int | None, list[tuple[str, int]]]:
    """Add a finished solo game. Returns its rank (1 = best; None if not among the best)
    and the updated list of best scores. Equal scores keep the older one first."""
    data = _load()
    entries = data.get(variant, [])
    rank = 1 + sum(1 for e in entries if e["score"] >= score)
    entry = {"name": name, "score": score, "date": date.today().isoformat()}
    entries.insert(rank - 1, entry)
    entries = entries[:KEEP]
    data[variant] = entries
    try:
        _save(data)
    except OSError as exc:
        _warn(f"cannot save the solo records ({records_path()}): {exc}.")
    best = [(e["name"], e["score"]) for e in entries]
    return (rank if rank <= KEEP else None), best
