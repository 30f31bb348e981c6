"""Words of a line, good=N pairs, goods and francs, and the payment sections (fee, pay, food, with)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from ..engine.goods import parse_good
from .errors import CommandError


def _words(text: str) -> list[str]:
    text = re.sub(r"\s*([=:])\s*", r"\1", text.replace(",", " ").strip())
    return text.split()


MAX_NUMBER = 999  # no amount in Le Havre comes near this


def _is_number(word: str) -> bool:
    """Digits only; any script's digits count, so that `_number` can refuse them in words."""
    return word.isdigit()


def _number(word: str, example: str = "2") -> int:
    """A whole number written with the digits 0 to 9, at most MAX_NUMBER; CommandError otherwise."""
    shown = _shown(word)
    if not (word.isascii() and word.isdigit()):
        raise CommandError(f"'{shown}' is not a number written with the digits 0 to 9; write e.g. {example}.")
    if len(word.lstrip("0")) > len(str(MAX_NUMBER)) or int(word) > MAX_NUMBER:
        raise CommandError(f"'{shown}' is too large: no amount in the game is over {MAX_NUMBER}; write e.g. {example}.")
    return int(word)


def _shown(word: str) -> str:
    """A word as quoted back in a message: a very long one is cut short."""
    return word if len(word) <= 20 else word[:20] + "…"


def _split_pair(token: str) -> tuple[str, int] | None:
    """'fish=2' -> ('fish', 2); a token without '=' -> None."""
    m = re.fullmatch(r"([^=:]+)[=:](.*)", token)
    if m is None:
        return None
    key, raw = m.group(1), m.group(2)
    if not raw.isdigit():
        raise CommandError(f"'{_shown(token)}': the amount must be a whole number, e.g. {_shown(key)}=2.")
    return key, _number(raw, f"{_shown(key)}=2")


_FRANC_WORDS = ("francs", "franc", "fr")
_GOOD_LIST = "fish, wood, clay, iron, grain, cattle, coal, hides, smoked_fish, charcoal, brick, steel, bread, meat, coke, leather"  # noqa: E501


def _good(word: str, francs: bool = False) -> str:
    """A good's key ('smoked_fish') or 'francs' where francs may pay; CommandError otherwise."""
    low = word.lower()
    if francs and low in _FRANC_WORDS:
        return "francs"
    try:
        return parse_good(low.replace("-", "_")).key
    except KeyError:
        also = " (or francs)" if francs else ""
        words = _GOOD_LIST.split(", ") + (["francs"] if francs else [])
        near = difflib.get_close_matches(low, words, n=1, cutoff=0.75)
        guess = f" Did you mean {near[0]}?" if near else ""
        raise CommandError(f"'{word}' is not a good.{guess} Goods are {_GOOD_LIST}{also}.") from None


def _is_good(word: str) -> bool:
    try:
        parse_good(word.lower().replace("-", "_"))
    except KeyError:
        return False
    return True


def _tokens(tokens: Iterable[str], francs: bool = False) -> dict[str, int] | None:
    """'fish=2 wood' -> {'fish': 2, 'wood': 1}; nothing -> None."""
    out: dict[str, int] = {}
    for t in tokens:
        pair = _split_pair(t)
        key, n = pair if pair is not None else (t, 1)
        k = _good(key, francs)
        out[k] = out.get(k, 0) + n
    return out or None


def _pairs_text(goods: dict[str, int] | None) -> list[str]:
    return [f"{k}={n}" for k, n in (goods or {}).items()]


# --- payment sections ---------------------------------------------------------------------------

_SECTION_WORDS = {
    "fee": "fee", "pay": "energy", "energy": "energy", "food": "food", "with": "goods",
}  # fmt: skip


def _sections(args: list[str]) -> tuple[list[str], dict[str, list[str]]]:
    """Split 'joinery with wood=1 pay coal=1' into the choices and the payment sections."""
    main: list[str] = []
    sections: dict[str, list[str]] = {}
    current, name = main, ""
    for a in args:
        low = a.lower()
        if name == "fee" and low in ("food", "francs"):
            current.append(low)
        elif low in _SECTION_WORDS:
            name = _SECTION_WORDS[low]
            current = sections.setdefault(name, [])
        elif low.startswith(("fee=", "fee:")):
            sections.setdefault("fee", []).append(low[4:])
        else:
            current.append(a)
    for key, tokens in sections.items():
        if not tokens:
            word = next(w for w, k in _SECTION_WORDS.items() if k == key)
            example = _SECTION_EXAMPLE[key]
            raise CommandError(f"'{word}' must be followed by what to pay, e.g. {example}.")
    return main, sections


_SECTION_EXAMPLE = {"fee": "'fee francs' or 'fee fish=1 francs=1'", "energy": "'pay wood=2'",
                    "food": "'food fish=2'", "goods": "'with wood=1 brick=1'"}  # fmt: skip


def _payments(sections: dict[str, list[str]]) -> dict[str, object]:
    """Enter's fee, fee_goods, energy and food fields from the payment sections."""
    out: dict[str, object] = {}
    fee_kind: str | None = None
    fee_tokens: list[str] = []
    for t in sections.get("fee", []):
        if t.lower() in ("food", "francs"):
            fee_kind = t.lower()
        else:
            fee_tokens.append(t)
    fee_goods = _tokens(fee_tokens, francs=True)
    if fee_goods is not None:
        if fee_kind == "francs":
            raise CommandError("A franc fee is paid in francs only; name tokens for a food fee: 'fee fish=2'.")
        fee_kind = "food"
    if fee_kind is not None:
        out["fee"] = fee_kind
    if fee_goods is not None:
        out["fee_goods"] = fee_goods
    for section in ("energy", "food"):
        given = _tokens(sections.get(section, []), francs=section == "food")
        if given is not None:
            out[section] = given
    return out
