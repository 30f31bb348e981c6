"""Goods: the two-sided tokens, their food, energy and shipping values.

Every token has a standard side and an upgraded side (rulebook: "Goods").
Francs are not goods; they are kept as a plain integer on each player.
"""

from __future__ import annotations

from enum import IntEnum


class Good(IntEnum):
    """The sixteen kinds of goods, standard sides first (index = position in a stock vector)."""

    FISH = 0
    WOOD = 1
    CLAY = 2
    IRON = 3
    GRAIN = 4
    CATTLE = 5
    COAL = 6
    HIDES = 7
    SMOKED_FISH = 8
    CHARCOAL = 9
    BRICK = 10
    STEEL = 11
    BREAD = 12
    MEAT = 13
    COKE = 14
    LEATHER = 15

    @property
    def key(self) -> str:
        return _KEYS[self]

    @property
    def label(self) -> str:
        return _LABELS[self]

    def counted(self, n: int) -> str:
        """'1 hide', '2 hides', '3 fish': the good's name after a count."""
        return f"{n} {_ONE[self] if n == 1 else _LABELS[self]}"

    @property
    def upgraded(self) -> bool:
        return self >= 8

    @property
    def other_side(self) -> Good:
        return Good((self + 8) % 16)


N_GOODS = 16
# the names are read for every narrated line: looked up, not rebuilt
_KEYS: dict[int, str] = {g.value: g.name.lower() for g in Good}
_LABELS: dict[int, str] = {g.value: g.name.lower().replace("_", " ") for g in Good}
_ONE: dict[int, str] = {**_LABELS, Good.HIDES.value: "hide"}  # one of a good: '1 hide', '1 fish'
STANDARD_GOODS: tuple[Good, ...] = tuple(Good(i) for i in range(8))
UPGRADED_GOODS: tuple[Good, ...] = tuple(Good(i) for i in range(8, 16))

GOOD_BY_KEY: dict[str, Good] = {g.key: g for g in Good}
# Friendly aliases accepted in content files and commands.
GOOD_ALIASES: dict[str, Good] = {
    **GOOD_BY_KEY,
    "smoked": Good.SMOKED_FISH,
    "smokedfish": Good.SMOKED_FISH,
    "smoked-fish": Good.SMOKED_FISH,
    "hide": Good.HIDES,
    "bricks": Good.BRICK,
    "cow": Good.CATTLE,
    "cows": Good.CATTLE,
}

# Food value of one token (rulebook: fish 1, smoked fish 2, bread 2, meat 3).
FOOD_VALUE: dict[Good, int] = {
    Good.FISH: 1,
    Good.SMOKED_FISH: 2,
    Good.BREAD: 2,
    Good.MEAT: 3,
}
# Energy value of one token (wood 1, charcoal 3, coal 3, coke 10).
ENERGY_VALUE: dict[Good, int] = {
    Good.WOOD: 1,
    Good.CHARCOAL: 3,
    Good.COAL: 3,
    Good.COKE: 10,
}
# Shipping price in francs (printed in each token's corner; used by the Shipping Line).
SHIPPING_PRICE: dict[Good, int] = {
    Good.FISH: 1,
    Good.WOOD: 1,
    Good.CLAY: 1,
    Good.GRAIN: 1,
    Good.MEAT: 2,
    Good.SMOKED_FISH: 2,
    Good.CHARCOAL: 2,
    Good.HIDES: 2,
    Good.BRICK: 2,
    Good.IRON: 2,
    Good.CATTLE: 3,
    Good.BREAD: 3,
    Good.COAL: 3,
    Good.LEATHER: 4,
    Good.COKE: 5,
    Good.STEEL: 8,
}

# What a required good may be replaced by (brick for clay, steel for iron; never the reverse).
SUBSTITUTE: dict[Good, Good] = {Good.CLAY: Good.BRICK, Good.IRON: Good.STEEL}


def parse_good(text: str) -> Good:
    """Turn a content or command word into a Good; raises KeyError with the word."""
    key = text.strip().lower().replace(" ", "_")
    if key in GOOD_ALIASES:
        return GOOD_ALIASES[key]
    key2 = key.replace("_", "")
    for name, good in GOOD_ALIASES.items():
        if name.replace("_", "") == key2:
            return good
    raise KeyError(text)


def goods_text(goods: dict[Good, int] | list[int]) -> str:
    """'2 fish, 1 wood' for a mapping or a stock vector; 'nothing' when empty."""
    items = goods.items() if isinstance(goods, dict) else ((Good(i), n) for i, n in enumerate(goods))
    parts = [g.counted(n) for g, n in items if n]
    return ", ".join(parts) if parts else "nothing"
