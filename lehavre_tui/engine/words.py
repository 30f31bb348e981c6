"""Words for the narration and the messages: counts with their nouns, "a" or "an"."""

from __future__ import annotations

from functools import lru_cache

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


@lru_cache(maxsize=1024)
def plural(n: int, word: str) -> str:
    """'1 loan', '2 loans', '0 loans'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


@lru_cache(maxsize=256)
def francs_text(n: int) -> str:
    return plural(n, "franc")


def a_or_an(noun: str) -> str:
    """'a wooden ship', 'an iron ship' (by the first letter: the game's nouns have no
    silent h or sounded vowel)."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"
