"""Words the engine's messages share: ship kinds, offer spaces, fees, payments as parameters.

The engine says things as `Msg` (message.py); the reader's language is chosen where a
line is shown. The English helpers at the end (`plural`, `francs_text`, `a_or_an`) are for
screens that have not become messages yet; the engine itself no longer uses them.
"""

from __future__ import annotations

from functools import lru_cache

from .goods import Good
from .message import Case, Count, Goods, Listing, Msg

# A ship kind inside a sentence ("buys the wooden ship Appoline"); the names of the cards
# are in content/ships.toml ("Wooden ship"), a test keeps these in step with them.
SHIP_KIND: dict[str, Msg] = {
    # translators: a kind of ship inside a sentence, "buys the wooden ship Appoline"
    "wooden": Msg("wooden ship"),
    "iron": Msg("iron ship"),
    "steel": Msg("steel ship"),
    "luxury": Msg("luxury liner"),
}
# A ship kind opening a sentence: "An iron ship costs 20 francs"
A_SHIP_KIND: dict[str, Msg] = {
    # translators: a kind of ship opening a sentence, "A wooden ship needs 5 wood"
    "wooden": Msg("A wooden ship"),
    "iron": Msg("An iron ship"),
    "steel": Msg("A steel ship"),
    "luxury": Msg("A luxury liner"),
}
# Ships of a kind, opening a sentence: "Luxury liners cannot be bought"
SHIP_KINDS: dict[str, Msg] = {
    "wooden": Msg("Wooden ships"),
    "iron": Msg("Iron ships"),
    "steel": Msg("Steel ships"),
    "luxury": Msg("Luxury liners"),
}

# A good's name opening a sentence: "Wood is not food"
GOOD_AT_START: dict[Good, Msg] = {
    # translators: the name of a good opening a sentence, "Wood is not food"
    Good.FISH: Msg("Fish"),
    Good.WOOD: Msg("Wood"),
    Good.CLAY: Msg("Clay"),
    Good.IRON: Msg("Iron"),
    Good.GRAIN: Msg("Grain"),
    Good.CATTLE: Msg("Cattle"),
    Good.COAL: Msg("Coal"),
    Good.HIDES: Msg("Hides"),
    Good.SMOKED_FISH: Msg("Smoked fish"),
    Good.CHARCOAL: Msg("Charcoal"),
    Good.BRICK: Msg("Brick"),
    Good.STEEL: Msg("Steel"),
    Good.BREAD: Msg("Bread"),
    Good.MEAT: Msg("Meat"),
    Good.COKE: Msg("Coke"),
    Good.LEATHER: Msg("Leather"),
}


@lru_cache(maxsize=1024)
def offer_goods(space: str, n: int, case: Case = "nom") -> Goods:
    """What lies on an offer space: '3 fish', '2 francs' (`space` one of OFFER_SPACES)."""
    if space == "francs":
        return Goods((), n, case)
    return Goods(((_OFFER_GOOD[space], n),), 0, case)


_OFFER_GOOD = {"fish": Good.FISH, "wood": Good.WOOD, "clay": Good.CLAY, "iron": Good.IRON,
               "grain": Good.GRAIN, "cattle": Good.CATTLE}


@lru_cache(maxsize=512)
def franc_count(n: int, case: Case = "nom") -> Count:
    """'1 franc', '3 francs'."""
    return Count(n, "franc", case)


FREE = Msg("free")  # translators: an entry fee: none at all


def fee_words(fees: tuple[tuple[int, int], ...]) -> Msg | Listing:
    """A building's entry fee from its alternatives (food, francs): '1 food or 1 franc', 'free'."""
    if not fees:
        return FREE
    return _fee_words(fees)


@lru_cache(maxsize=64)
def _fee_words(fees: tuple[tuple[int, int], ...]) -> Listing:
    parts: list[Count] = []
    for food, fr in fees:
        if food:
            parts.append(Count(food, "food"))
        if fr:
            parts.append(franc_count(fr))
    return Listing(tuple(parts), "or")


# --- English only (screens not yet put into messages) ------------------------------------------

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


@lru_cache(maxsize=1024)
def plural(n: int, word: str) -> str:
    """'1 loan', '2 loans', '0 loans' (English only; messages use `Count`)."""
    return f"{n} {word}{'' if n == 1 else 's'}"


@lru_cache(maxsize=256)
def francs_text(n: int) -> str:
    """English only; messages use `franc_count(n)`."""
    return plural(n, "franc")


def a_or_an(noun: str) -> str:
    """'a wooden ship', 'an iron ship' (by the first letter: the game's nouns have no
    silent h or sounded vowel). English only; messages use `A_SHIP_KIND`."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"
