"""Where the game keeps its files: the user's data directory (LEHAVRE_DATA overrides it).

Apart from the session, so that the set-up screen and the settings find the autosave
without loading the engine."""

from __future__ import annotations

import os
from pathlib import Path


def autosave_path() -> Path:
    """Where the running game is saved after every move (the user's data directory)."""
    env = os.environ.get("LEHAVRE_DATA")
    if env:
        base = Path(env)
    else:
        from platformdirs import user_data_dir

        base = Path(user_data_dir("lehavre_tui", appauthor=False))
    return base / "autosave.json"
