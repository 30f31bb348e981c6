"""The game in plain text: a text adventure for screen readers, dumb terminals and pipes.

The same table as the full one (`table.py`: a `Session`, the tutorial's), the same command
language, completion and hints; what happens is said in lines in the reader's language,
and a prompt says who acts and what comes next. Nothing here imports Textual, so it starts
quickly and works on a pipe.

Modules: `prompt` (the prompt), `look` (the table in sentences), `feeding` (the feeding and
the interest asked in lines), `handoff`, `lines` (reading and writing lines, readline), and
`game` (the line loop).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import PlainGame
    from .lines import Lines

__all__ = ["Lines", "PlainGame", "wants_plain"]


def __getattr__(name: str) -> Any:
    """The loop is imported when it is used: the full table asks `wants_plain` only."""
    if name == "PlainGame":
        from .game import PlainGame

        return PlainGame
    if name == "Lines":
        from .lines import Lines

        return Lines
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def wants_plain(asked: bool, environ: Mapping[str, str] | None = None) -> bool:
    """Plain text when asked for (`--plain`), or when the terminal cannot address its cursor
    (TERM=dumb: an Emacs shell buffer, a serial console)."""
    env = os.environ if environ is None else environ
    return asked or env.get("TERM", "").strip().lower() == "dumb"
