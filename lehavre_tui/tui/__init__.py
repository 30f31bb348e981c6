"""The Textual front end: a hotseat game of Le Havre in the terminal.

The app is imported when it is first asked for (`lehavre_tui.tui.LeHavreApp`), so that the
command line's parser (tui/launch.py, tui/join.py) and the plain text front end start
without Textual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import LeHavreApp, run

__all__ = ["LeHavreApp", "run"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
