"""Names of buildings, ships and offer spaces: ids, English, Polish and Czech names (with or
without diacritics), card numbers, prefixes, and names of several words as the table prints them."""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Literal

from ..engine.cards import content
from ..engine.message import Arg, Listing, Msg
from ..engine.state import OFFER_SPACES
from ..text import N_, language
from ..text.command_words import building_word, shown_good
from ..text.command_words import twin as _twin
from .errors import CommandError
from .words import fold, is_into, offer_keys, ship_type_keys, shown_ship_type

_norm = fold  # names are compared folded: 'Łowisko' -> 'lowisko'


def _label(building: str) -> str:
    """The canonical word for a building: its id with hyphens."""
    return building.replace("_", "-")


def ship_type_word(ship_type: str, lang: str) -> str:
    """A ship type's word in a command: 'wooden-ship', 'drewniany', 'dřevěná'."""
    return shown_ship_type(ship_type, lang) or _norm(content().ship_kinds[ship_type].name)


def offer_word(space: str, lang: str) -> str:
    """An offer space's word: 'fish', 'ryby', 'franky'."""
    return shown_good(space, lang)


@dataclass(frozen=True)
class _Name:
    value: str  # building id, "ship:<type>" or "card:<ship id>"
    label: str  # the canonical word
    title: str  # the English name, to tell twin cards (the two Wharves) apart from others
    keys: tuple[str, ...]
    number: str = ""  # the card's number ("09", "B1", "SP-14"), for buildings
    declines: bool = False  # a building's name, which Polish and Czech decline ('stolarnię')
    forms: frozenset[str] = frozenset()  # its declined forms in the catalogs ('lowiska', 'domku-mysliwskiego')

    @cached_property
    def initials(self) -> frozenset[str]:
        """The first letters of its keys and of every word in them: a folded word that fits a
        key in any way (`_tier`) begins with one of them, so the others need no look."""
        return frozenset(w[:1] for k in self.keys for w in k.split("-"))

    @cached_property
    def heads(self) -> frozenset[str]:
        """The first letters of its keys: those of a folded word that fits a key whole, by its
        beginning or declined (`_tier` 0, 1 or 4)."""
        return frozenset(k[:1] for k in self.keys)

    def may_fit(self, tok: str) -> bool:
        """Whether the folded word `tok` may fit one of its keys (False: `_tier` is None for each)."""
        return tok[:1] in self.initials

    def may_begin(self, tok: str) -> bool:
        """Whether the folded word `tok` may be one of its keys or their beginning, declined or
        not (False: `_tier` is None or 2 for each)."""
        return tok[:1] in self.heads


class AmbiguousName(CommandError):
    """A name that fits several cards equally well; `values` are the cards it could be,
    `taken` the number of words of the line the name takes."""

    def __init__(self, text: Msg, values: list[str]) -> None:
        super().__init__(text)
        self.values = values
        self.taken = 1


SHIP = "ship:"
CARD = "card:"


@cache
def _building_names() -> tuple[_Name, ...]:
    out = []
    for b, card in content().buildings.items():
        keys = {_label(b), _norm(card.name), _norm(card.name_pl), _norm(card.name_cs)}
        if _twin(b):  # 'firma-budowlana-1', 'lodenice-2'
            keys |= {_norm(card.name_pl) + _twin(b), _norm(card.name_cs) + _twin(b)}
        if card.action.kind == "wharf":
            keys.add("shipyard")
        forms = frozenset(f + _twin(b) for f in _declined_forms(card.name)) | _declined_forms(card.name)
        out.append(_Name(b, _label(b), card.name, tuple(sorted(keys)), card.number, True, forms))
    return tuple(out)


def declined(name: str, case: str, lang: str) -> tuple[str, str]:
    """A building's name (English) as the catalog of `lang` declines it for `case` ("into",
    "acc"): the word before it, if any, and the name ('do Domku myśliwskiego' -> ('do',
    'Domku myśliwskiego'))."""
    from ..text.locales import catalog

    before, _, rest = catalog(lang).pgettext(f"building:{case}", name).partition(" ")
    return (before, rest) if rest and is_into(before) else ("", f"{before} {rest}".strip())


def _declined_forms(name: str) -> frozenset[str]:
    """A building's name as the Polish and Czech catalogs decline it, folded, without the
    word before it ('do Domku myśliwskiego' -> 'domku-mysliwskiego')."""
    out = {_norm(declined(name, case, lang)[1]) for lang in ("pl", "cs") for case in ("into", "acc")}
    return frozenset(out - {_norm(name)})


@cache
def _ship_type_names() -> tuple[_Name, ...]:
    return tuple(
        _Name(SHIP + t, _norm(kind.name), kind.name, (t, f"{t}-ship", _norm(kind.name), *ship_type_keys(t)))
        for t, kind in content().ship_kinds.items()
    )


def _ship_card_names(ships: Iterable[str]) -> tuple[_Name, ...]:
    cards = content().ships
    return tuple(_Name(CARD + x, _norm(cards[x].name), cards[x].name, (_norm(cards[x].name), x.lower())) for x in ships)


_OFFER_NAMES: tuple[_Name, ...] = tuple(
    _Name(sp, sp, sp, tuple(dict.fromkeys(((sp, "money", "coins") if sp == "francs" else (sp,)) + offer_keys(sp))))
    for sp in OFFER_SPACES
)


def _shown(n: _Name) -> str:
    """A name as the reader would type it: 'bakehouse' in English, 'piekarnia' in Polish."""
    lang = language()
    if lang == "en" or n.value.startswith(CARD):
        return n.label
    if n.value.startswith(SHIP):
        return ship_type_word(n.value[len(SHIP) :], lang)
    if n.value in OFFER_SPACES:
        return offer_word(n.value, lang)
    return building_word(n.value, lang)


def words_listing(words: Iterable[str], conj: Literal["and", "or", ","] = ",") -> Listing:
    """Command words (never translated) as a list in a message: 'a, b' / 'a, b or c'."""
    items: tuple[Arg, ...] = tuple(words)
    return Listing(items, conj)


def _tier(tok: str, key: str, declines: bool = False) -> int | None:
    """0: the whole key, 1: its beginning, 2: the beginning of one of its later words,
    4: the key declined, for a name that `declines` ('zbuduj stolarnię', 'kup tržnici'), by
    its endings (3 is a declined form the catalogs carry, `_Name.forms`)."""
    flat_tok, flat_key = tok.replace("-", ""), key.replace("-", "")
    if key == tok or flat_key == flat_tok:
        return 0
    if key.startswith(tok) or flat_key.startswith(flat_tok):
        return 1
    if "-" + tok in key:  # after one of its hyphens
        return 2
    if declines and key[:1] == tok[:1] and _declined(tok, key):  # a declined key keeps its first letter
        return 4  # after a form the catalogs carry (3, `_resolve`)
    return None


_VOWELS = "aeiouy"  # folded: ą, ę, á, é, ě, í, ó, ú, ů, ý are among them


def _declined(tok: str, key: str) -> bool:
    """Whether `tok` is `key` with other endings, word for word ('stolarnie' for
    'stolarnia', 'hute-zelaza' for 'huta-zelaza', 'trznici' for 'trznice'): a word's stem
    is the word without its closing vowels, at least three letters, and takes an ending of
    up to three letters. The last word typed may be the beginning of the key's word."""
    typed, words = tok.split("-"), key.split("-")
    if len(typed) > len(words):
        return False
    for i, (t, w) in enumerate(zip(typed, words, strict=False)):
        if t == w or (i == len(typed) - 1 and w.startswith(t) and i > 0):
            continue
        stem = w.rstrip(_VOWELS)
        if len(stem) < 3 or not t.startswith(stem) or len(t) - len(stem) > 3 or t.isdigit():
            return False
    return True


_NUMBER = re.compile(r"(sp|b)?-?0*([0-9]{1,3})")


def _number_key(text: str) -> tuple[str, int] | None:
    """'09', '9' -> ('', 9); 'SP-01', 'sp1' -> ('sp', 1); 'b2' -> ('b', 2); a word -> None."""
    m = _NUMBER.fullmatch(text.lower())
    return None if m is None else (m.group(1) or "", int(m.group(2)))


def _by_number(word: str, names: Sequence[_Name]) -> str | None:
    """The card with the number `word` ('09', 'SP-14'); None when `word` is no card number."""
    key = _number_key(word)
    if key is None or not any(n.number for n in names):
        return None
    for n in names:
        if n.number and _number_key(n.number) == key:
            return n.value
    raise CommandError(
        Msg(
            "No card has the number '{word}': the buildings are numbered 01 to 30, B1 to B3 and SP-01 to SP-36.",
            word=word,
        )
    )


def _near_misses(tok: str, names: Sequence[_Name], *levels: Collection[str]) -> list[str]:
    """The names a mistyped word was probably meant to be ('bakhouse' -> bakehouse): those
    of the first of `levels` (what makes sense now, the cards on the table) that has any."""
    keys = {k: n for n in names for k in n.keys}
    close = [keys[k] for k in difflib.get_close_matches(tok, list(keys), n=6, cutoff=0.75)]
    for level in levels:
        if any(n.value in level for n in close):
            close = [n for n in close if n.value in level]
            break
    return list(dict.fromkeys(_shown(n) for n in close))[:3]


def _or(words: Sequence[str]) -> Listing:
    return words_listing(words, "or")


def sentences(first: Msg, *more: Msg | None) -> Msg:
    """Sentences one after the other ('There is no ... . Did you mean ...?'); None is left out."""
    out = first
    for m in more:
        if m is not None:
            out = Msg("{sentence} {next}", sentence=out, next=m)
    return out


# What a name was looked for as, in the sentence that says there is none (`_resolve`).
_MISSING = {
    "building": N_("There is no building called '{word}'."),
    "offer space": N_("There is no offer space called '{word}'."),
    "building or ship": N_("There is no building or ship called '{word}'."),
    "ship type": N_("There is no ship type called '{word}'."),
    "ship of yours": N_("There is no ship of yours called '{word}'."),
}
# The names that make sense now, said after a name that fits none (`now` of `_resolve`).
ENTER_NOW = N_("Buildings you can enter now: {names}.")
OFFERS_NOW = N_("Offer spaces with goods now: {names}.")
TOPS_NOW = N_("On top of the proposal stacks now: {names}.")
FOR_SALE_NOW = N_("For sale now: {names}.")
YOURS_TO_SELL = N_("Yours to sell: {names}.")
WATCHED_NOW = N_("Buildings with another player's worker now: {names}.")


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
    Wharf). `now` is the sentence that lists the relevant names when the word fits none
    (ENTER_NOW: "Buildings you can enter now: {names}.").
    """
    numbered = _by_number(word.strip(), names)
    if numbered is not None:
        return numbered
    tok = _norm(word)
    hits: dict[int, list[_Name]] = {}
    if tok:
        for n in names:
            if not n.may_fit(tok) and tok not in n.forms:
                continue
            tiers = [t for k in n.keys if (t := _tier(tok, k, n.declines)) is not None]
            if tok in n.forms:
                tiers.append(3)
            if tiers:
                hits.setdefault(min(tiers), []).append(n)
    if not hits:
        near = _near_misses(tok, names, relevant, also) if tok else []
        guess = Msg("Did you mean {names}?", names=_or(near)) if near else None
        labels = [_shown(n) for n in names if n.value in relevant]
        hint = Msg(now, names=words_listing(labels)) if now and labels else None
        raise CommandError(sentences(Msg(_MISSING[what], word=word), guess, hint))
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
    names_ = _or([_shown(n) for n in shown])
    if len({n.title for n in shown}) == 1:
        msg = Msg("'{word}' could be {names}; say which.", word=word, names=names_)
    else:
        msg = Msg("'{word}' could be {names}; type more of the name.", word=word, names=names_)
    raise AmbiguousName(msg, [n.value for n in shown])


_MAX_NAME_WORDS = 6  # 'Ruda żelaza i pokład węgla', 'Iron Mine & Coal Seam'


def _take_name(
    words: Sequence[str],
    names: Sequence[_Name],
    relevant: Collection[str],
    what: str,
    now: str = "",
    also: Collection[str] = (),
) -> tuple[str, int]:
    """The name at the start of `words`: its value and how many words it takes.

    A name may be written in several words as the table prints it ('steel mill', 'building
    firm 2', 'huta zelaza'). The longest run of words that is a name, or the beginning of
    one, is taken: 'building firm fishery' takes 'building firm' and leaves 'fishery'.
    """
    k = 1
    for n_words in range(min(len(words), _MAX_NAME_WORDS), 1, -1):
        if not all(_norm(w) for w in words[:n_words]):
            continue  # a word with nothing of a name in it (a stray sign) is not part of one
        tok = _norm(" ".join(words[:n_words]))
        if tok and any(
            tok in n.forms or (n.may_begin(tok) and any(_tier(tok, key, n.declines) in (0, 1, 4) for key in n.keys))
            for n in names
        ):
            k = n_words
            break
    try:
        return _resolve(" ".join(words[:k]), names, relevant, what, now, also), k
    except AmbiguousName as exc:
        exc.taken = k
        raise


def _take_names(
    words: Sequence[str],
    names: Sequence[_Name],
    relevant: Collection[str],
    what: str,
    now: str = "",
    also: Collection[str] = (),
) -> list[str]:
    """Every name in `words`, one after the other ('clay mound steel mill')."""
    out: list[str] = []
    i = 0
    while i < len(words):
        value, k = _take_name(words[i:], names, relevant, what, now, also)
        out.append(value)
        i += k
    return out


def building_id(word: str) -> str:
    """The building id a name, prefix or card number stands for (no game needed); raises CommandError."""
    return _resolve(word, _building_names(), (), "building")


def building_named(words: Sequence[str]) -> str | None:
    """The building the words begin with ('steel mill 2' -> steel_mill), if they name one."""
    if not words:
        return None
    try:
        value, _ = _take_name(words, _building_names(), (), "building")
    except CommandError:
        return None
    return value
