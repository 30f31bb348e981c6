"""Who may sit at a seat: a person, or a bot by its level (easy, medium, hard, expert), by
`random` (tests and benchmarks), or by the names older scripts and saves use.

Only names here, so that the table, the set-up and the command line know them without
loading the bots themselves (bots/levels.py plays them)."""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
OLD_NAMES: dict[str, str] = {"heuristic": "medium", "search": "hard"}
SHOWN_KINDS: tuple[str, ...] = ("random", *LEVELS)  # the bot names offered to players
BOT_KINDS: tuple[str, ...] = (*SHOWN_KINDS, *OLD_NAMES)  # every name a bot seat accepts
TIMED = ("hard", "expert")  # levels that think for a time budget (or a playout count)
