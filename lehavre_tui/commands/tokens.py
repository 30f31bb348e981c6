"""Words of a line, good=N pairs, goods and francs, and the payment sections (fee, pay, food, with)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from ..engine.goods import Good, parse_good
from ..engine.message import Msg
from ..text import N_, language
from ..text.command_words import shown_good
from .errors import CommandError
from .names import sentences, words_listing
from .words import (
    MULTIWORD_GOODS,
    fold,
    good_of,
    goods_words,
    is_food,
    is_francs,
    is_short_with,
    section_of,
)


def _words(text: str) -> list[str]:
    text = re.sub(r"\s*([=:])\s*", r"\1", text.replace(",", " ").strip())
    return join_goods(text.split())


def join_goods(words: list[str]) -> list[str]:
    """Goods named in two words become one: 'wędzone ryby=2' -> 'wędzone-ryby=2',
    'smoked fish' -> 'smoked-fish'."""
    out: list[str] = []
    for w in words:
        if out and _split_key(out[-1]) == out[-1] and fold(f"{out[-1]}-{_split_key(w)}") in MULTIWORD_GOODS:
            out[-1] = f"{out[-1]}-{w}"
        else:
            out.append(w)
    return out


def _split_key(token: str) -> str:
    """The part of a token before '=' or ':' ('ryby=2' -> 'ryby'); the token itself without one."""
    return re.split(r"[=:]", token, maxsplit=1)[0]


MAX_NUMBER = 999  # no amount in Le Havre comes near this


def _is_number(word: str) -> bool:
    """Digits only; any script's digits count, so that `_number` can refuse them in words."""
    return word.isdigit()


def _number(word: str, example: Msg | str = "2") -> int:
    """A whole number written with the digits 0 to 9, at most MAX_NUMBER; CommandError otherwise."""
    shown = _shown(word)
    if not (word.isascii() and word.isdigit()):
        raise CommandError(
            Msg("'{word}' is not a number written with the digits 0 to 9; write e.g. {example}.", word=shown,
                example=example)
        )  # fmt: skip
    if len(word.lstrip("0")) > len(str(MAX_NUMBER)) or int(word) > MAX_NUMBER:
        raise CommandError(
            Msg("'{word}' is too large: no amount in the game is over {most}; write e.g. {example}.", word=shown,
                most=MAX_NUMBER, example=example)
        )  # fmt: skip
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
        raise CommandError(
            Msg("'{token}': the amount must be a whole number, e.g. {key}=2.", token=_shown(token), key=_shown(key))
        )
    return key, _number(raw, f"{_shown(key)}=2")


def _good(word: str, francs: bool = False) -> str:
    """A good's key ('smoked_fish') or 'francs' where francs may pay, from a word in any of
    the languages ('fish', 'ryby', 'wędzone-ryby'); CommandError otherwise."""
    low = word.lower()
    if francs and is_francs(low):
        return "francs"
    key = _good_key(low)
    if key is not None:
        return key
    lang = language()
    keys = [g.key for g in Good]
    goods = words_listing(shown_good(k, lang) for k in keys)
    english = keys + (["francs"] if francs else [])
    near = difflib.get_close_matches(low, english, n=1, cutoff=0.75)
    if not near:  # a Polish or Czech word mistyped: the reader's words first
        for other in sorted(("pl", "cs"), key=lambda x: x != lang):
            local = {fold(w): w for k in english for w in goods_words(k, other)}
            near = [local[x] for x in difflib.get_close_matches(fold(low), list(local), n=1, cutoff=0.75)]
            if near:
                break
    guess = Msg("Did you mean {word}?", word=near[0]) if near else None
    if francs:
        goods_are = Msg("Goods are {goods} (or {francs}).", goods=goods, francs=shown_good("francs", lang))
    else:
        goods_are = Msg("Goods are {goods}.", goods=goods)
    raise CommandError(sentences(Msg("'{word}' is not a good.", word=word), guess, goods_are))


def _good_key(word: str) -> str | None:
    try:
        return parse_good(word.lower().replace("-", "_")).key
    except KeyError:
        return good_of(word)


def _is_good(word: str) -> bool:
    return _good_key(word) is not None


def _tokens(tokens: Iterable[str], francs: bool = False) -> dict[str, int] | None:
    """'fish=2 wood' -> {'fish': 2, 'wood': 1}; a count may come first, as a sentence says
    it: '3 ryby 2 franki' -> {'fish': 3, 'francs': 2}; nothing -> None."""
    out: dict[str, int] = {}
    words = list(tokens)
    i = 0
    while i < len(words):
        t = words[i]
        pair = _split_pair(t)
        key, n = pair if pair is not None else (t, 1)
        if pair is None and _is_number(t) and i + 1 < len(words) and _split_pair(words[i + 1]) is None:
            key, n = words[i + 1], _number(t, f"{t} {_shown(words[i + 1])}")
            i += 1
        k = _good(key, francs)
        out[k] = out.get(k, 0) + n
        i += 1
    return out or None


def _pairs_text(goods: dict[str, int] | None, lang: str = "en") -> list[str]:
    """'fish=2' for each good (in `lang`: 'ryby=2')."""
    return [f"{shown_good(k, lang)}={n}" for k, n in (goods or {}).items()]


# --- payment sections ---------------------------------------------------------------------------

# the section a word begins -> the field it fills
_SECTION_FIELD = {"fee": "fee", "pay": "energy", "food": "food", "with": "goods"}


def _fee_kind(word: str) -> str | None:
    """'food' or 'francs' for a word that says how an entry fee is paid ('żywność', 'franky')."""
    if is_food(word):
        return "food"
    return "francs" if is_francs(word) and fold(word) != "fr" else None


def _sections(args: list[str]) -> tuple[list[str], dict[str, list[str]]]:
    """Split 'joinery with wood=1 pay coal=1' into the choices and the payment sections
    (the words in any language: 'stolarnia materiały drewno=1 energia węgiel=1')."""
    main: list[str] = []
    sections: dict[str, list[str]] = {}
    typed: dict[str, str] = {}
    current, name = main, ""
    for i, a in enumerate(args):
        low = a.lower()
        m = re.fullmatch(r"([^=:]*)([=:])(.*)", low)
        key, sep, value = (m.group(1), m.group(2), m.group(3)) if m else (low, "", "")
        counted = bool(current) and _is_number(current[-1])  # 'opłata 1 frank': a count of francs
        kind = _fee_kind(low) if not sep and not counted else None
        section = section_of(low) if not sep else None
        if name == "fee" and kind is not None:
            current.append(kind)
        elif section is not None:
            name = _SECTION_FIELD[section]
            typed.setdefault(name, a)
            current = sections.setdefault(name, [])
        elif not sep and is_short_with(low) and i + 1 < len(args) and _is_goods_token(args[i + 1]):
            name = "goods"
            typed.setdefault(name, a)
            current = sections.setdefault(name, [])
        elif sep and section_of(key) == "fee":
            sections.setdefault("fee", []).append(_fee_kind(value) or value)
        else:
            current.append(a)
    for key, tokens in sections.items():
        if not tokens:
            raise CommandError(Msg(_SECTION_EXAMPLE[key], word=typed[key]))
    return main, sections


def _is_goods_token(token: str) -> bool:
    key = _split_key(token)
    return _is_good(key) or is_francs(key)


_SECTION_EXAMPLE = {
    "fee": N_("'{word}' must be followed by what to pay, e.g. 'fee francs' or 'fee fish=1 francs=1'."),
    "energy": N_("'{word}' must be followed by what to pay, e.g. 'pay wood=2'."),
    "food": N_("'{word}' must be followed by what to pay, e.g. 'food fish=2'."),
    "goods": N_("'{word}' must be followed by what to pay, e.g. 'with wood=1 brick=1'."),
}


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
            raise CommandError(Msg("A franc fee is paid in francs only; name tokens for a food fee: 'fee fish=2'."))
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
