"""Words for the narration: counts with their nouns."""

from __future__ import annotations

from functools import lru_cache

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


@lru_cache(maxsize=1024)
def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@lru_cache(maxsize=256)
def francs_text(n: int) -> str:
    return plural(n, "franc")
