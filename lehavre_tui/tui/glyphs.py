"""Symbols drawn on the table, with plain-ASCII stand-ins for terminals that lack the glyphs.

ASCII is chosen with `LEHAVRE_ASCII=1` in the environment or the `--ascii` flag.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Glyphs:
    franc: str  # after a number: 12₣
    worker: str  # a worker standing on a building
    ship: str  # a ship marker on the supply track
    pointer: str  # the top card of a stack, the active player
    hidden: str  # a face-down supply chit
    interest: str  # the interest chit, once revealed
    dash: str  # "nothing here"
    sep: str  # between items on one line
    arrow: str  # "turns into"
    fisherman: str  # the fisherman symbol on a building (Fishery, Smokehouse ... count them)
    hammer: str  # the hammer symbol on a building (Clay Mound, Colliery ... count them)
    chit_numbers: tuple[str, ...]
    ascii: bool

    def chit(self, pos: int) -> str:
        return self.chit_numbers[pos]


UNICODE = Glyphs(
    franc="₣",
    worker="●",
    ship="⛵",
    pointer="▸",
    hidden="▢",
    interest="⚠",
    dash="—",
    sep="·",
    arrow="→",
    fisherman="♆",
    hammer="⚒",
    chit_numbers=("①", "②", "③", "④", "⑤", "⑥", "⑦"),
    ascii=False,
)

ASCII = Glyphs(
    franc="F",
    worker="*",
    ship="S",
    pointer=">",
    hidden="#",
    interest="!",
    dash="-",
    sep="|",
    arrow="->",
    fisherman="Y",
    hammer="T",
    chit_numbers=("1", "2", "3", "4", "5", "6", "7"),
    ascii=True,
)


def ascii_wanted() -> bool:
    return os.environ.get("LEHAVRE_ASCII", "").strip().lower() not in ("", "0", "no", "false")


def glyphs_for(ascii: bool | None = None) -> Glyphs:
    if ascii is None:
        ascii = ascii_wanted()
    return ASCII if ascii else UNICODE
