"""Words for the narration: counts with their nouns."""

from __future__ import annotations

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def francs_text(n: int) -> str:
    return plural(n, "franc")
