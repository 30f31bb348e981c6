"""Who plays a seat, by name: a person ("human") or a bot of a level.

The levels players choose by: easy, medium, hard, expert (bots/levels.py says how each plays).
`random` (uniform legal moves) is kept for tests and benchmarks. Scripts and saves written
before the levels name bots `heuristic` (= medium) and `search` (= hard); they keep working.
Only names live here, so that opening the table does not load the bots.
"""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
OLD_NAMES: dict[str, str] = {"heuristic": "medium", "search": "hard"}
SHOWN_KINDS: tuple[str, ...] = ("random", *LEVELS)  # the bot names offered to players
BOT_KINDS: tuple[str, ...] = (*SHOWN_KINDS, *OLD_NAMES)  # every name a bot seat accepts
TIMED = ("hard", "expert")  # levels that think for a time budget (or a playout count)


def level_of(kind: str) -> str:
    """The level a bot name stands for ("search" -> "hard"); other names are returned as given."""
    return OLD_NAMES.get(kind, kind)
