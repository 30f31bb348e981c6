"""Names of buildings, ships and offer spaces: ids, English, Polish and Czech names, prefixes."""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from ..engine.cards import content
from ..engine.state import OFFER_SPACES
from .errors import CommandError

_TRANSLATE = str.maketrans({"ł": "l", "Ł": "l", "&": " ", "'": "", "’": ""})


def _norm(text: str) -> str:
    """'Masons’ Guild' -> 'masons-guild', 'Łowisko' -> 'lowisko', 'wharf_1' -> 'wharf-1'."""
    t = unicodedata.normalize("NFKD", text.translate(_TRANSLATE))
    t = "".join(c for c in t if not unicodedata.combining(c)).lower()
    t = "".join(c if (c.isascii() and c.isalnum()) or c == "+" else "-" for c in t)
    return "-".join(part for part in t.split("-") if part)


def _label(building: str) -> str:
    """The canonical word for a building: its id with hyphens."""
    return building.replace("_", "-")


@dataclass(frozen=True)
class _Name:
    value: str  # building id, "ship:<type>" or "card:<ship id>"
    label: str  # the canonical word
    title: str  # the English name, to tell twin cards (the two Wharves) apart from others
    keys: tuple[str, ...]


SHIP = "ship:"
CARD = "card:"


@cache
def _building_names() -> tuple[_Name, ...]:
    out = []
    for b, card in content().buildings.items():
        keys = {_label(b), _norm(card.name), _norm(card.name_pl), _norm(card.name_cs)}
        if card.action.kind == "wharf":
            keys.add("shipyard")
        out.append(_Name(b, _label(b), card.name, tuple(sorted(keys))))
    return tuple(out)


@cache
def _ship_type_names() -> tuple[_Name, ...]:
    return tuple(
        _Name(SHIP + t, _norm(kind.name), kind.name, (t, f"{t}-ship", _norm(kind.name)))
        for t, kind in content().ship_kinds.items()
    )


def _ship_card_names(ships: Iterable[str]) -> tuple[_Name, ...]:
    cards = content().ships
    return tuple(_Name(CARD + x, _norm(cards[x].name), cards[x].name, (_norm(cards[x].name), x.lower())) for x in ships)


_OFFER_NAMES: tuple[_Name, ...] = tuple(
    _Name(sp, sp, sp, (sp, "money", "coins") if sp == "francs" else (sp,)) for sp in OFFER_SPACES
)


def _tier(tok: str, key: str) -> int | None:
    """0: the whole key, 1: its beginning, 2: the beginning of one of its later words."""
    flat_tok, flat_key = tok.replace("-", ""), key.replace("-", "")
    if key == tok or flat_key == flat_tok:
        return 0
    if key.startswith(tok) or flat_key.startswith(flat_tok):
        return 1
    if any(key[i + 1 :].startswith(tok) for i, c in enumerate(key) if c == "-"):
        return 2
    return None


def _or(words: Sequence[str]) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _resolve(
    word: str,
    names: Sequence[_Name],
    relevant: Collection[str],
    what: str,
    now: str = "",
    also: Collection[str] = (),
    twins: bool = False,
) -> str:
    """The value of the name `word` stands for.

    Among several names that fit equally well, the one in `relevant` (what makes sense
    now) wins, else the one in `also` (e.g. the cards on the table); otherwise the player
    is asked which, unless `twins` allows either of two cards of one name (help on the
    Wharf). `now` describes the relevant names when the word fits none
    ("Buildings you can enter now").
    """
    tok = _norm(word)
    hits: dict[int, list[_Name]] = {}
    if tok:
        for n in names:
            tiers = [t for k in n.keys if (t := _tier(tok, k)) is not None]
            if tiers:
                hits.setdefault(min(tiers), []).append(n)
    if not hits:
        labels = [n.label for n in names if n.value in relevant]
        hint = f" {now}: {', '.join(labels)}." if now and labels else ""
        raise CommandError(f"There is no {what} called '{word}'.{hint}")
    found = hits[min(hits)]
    if len(found) == 1:
        return found[0].value
    shown = found
    for level in (relevant, also):
        rel = [n for n in found if n.value in level]
        if len(rel) == 1:
            return rel[0].value
        if rel:
            shown = rel
            break
    if (twins or shown is found) and len({n.title for n in shown}) == 1:
        return found[0].value  # twin cards, neither usable now: the engine will say why
    ask = "say which" if len({n.title for n in shown}) == 1 else "type more of the name"
    raise CommandError(f"'{word}' could be {_or([n.label for n in shown])}; {ask}.")


def building_id(word: str) -> str:
    """The building id a name or prefix stands for (no game needed); raises CommandError."""
    return _resolve(word, _building_names(), (), "building")
