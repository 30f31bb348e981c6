"""The words of the command language in English, Polish and Czech.

A line may mix the languages ('weź wood', 'kup wooden-ship'): every word is understood in
each of them, whatever language the reader reads, so a script means the same to everyone.
The words themselves are data (`text.words_pl`, `text.words_cs`; English here); this module looks a
typed word up (`verb_of`, `good_of`, ...) and gives the word to show in a language
(`shown_verb`, `shown_good`, ...), the first of each list. English words are today's
command words; the canonical form of a line (`to_command`) is English.

Words are compared folded: lower case, without diacritics, 'ł' as 'l', spaces and other
signs as hyphens ('Wędzone ryby' -> 'wedzone-ryby').
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from ..text import words_cs, words_pl
from ..text.command_words import FOREIGN as _FOREIGN

LANGUAGES = ("en", "pl", "cs")

_TRANSLATE = str.maketrans({"ł": "l", "Ł": "l", "&": " ", "'": "", "’": ""})


@lru_cache(maxsize=4096)  # the same words are folded over and over (names, every line typed)
def fold(text: str) -> str:
    """'Masons’ Guild' -> 'masons-guild', 'Łowisko' -> 'lowisko', 'wharf_1' -> 'wharf-1'."""
    t = unicodedata.normalize("NFKD", text.translate(_TRANSLATE))
    t = "".join(c for c in t if not unicodedata.combining(c)).lower()
    t = "".join(c if (c.isascii() and c.isalnum()) or c == "+" else "-" for c in t)
    return "-".join(part for part in t.split("-") if part)


# --- English ------------------------------------------------------------------------------------

VERBS_EN: dict[str, tuple[str, ...]] = {
    "supply": ("supply", "s"), "take": ("take", "t"), "enter": ("enter", "e"), "build": ("build",),
    "buy": ("buy",), "sell": ("sell",), "repay": ("repay",), "feed": ("feed",), "pay": ("pay",),
    "keep": ("keep",), "swap": ("swap",), "end": ("end", "done", "pass"), "help": ("help", "h", "?"),
}  # fmt: skip
TABLE_WORDS_EN: dict[str, tuple[str, ...]] = {
    w: (w,) for w in ("undo", "save", "show", "cards", "hint", "scores", "quit", "pause", "say", "lobby", "look",
                      "pace", "handoff", "log")
}  # fmt: skip
NOT_VERBS_EN: dict[str, tuple[str, ...]] = {"loan": ("loan", "loans", "borrow")}
LOANS_EN = ("loan", "loans")
TURN_EN = ("turn",)
FRANCS_EN = ("francs", "franc", "fr")
FOOD_EN = ("food",)
SECTIONS_EN: dict[str, tuple[str, ...]] = {"fee": ("fee",), "pay": ("pay", "energy"), "food": ("food",),
                                           "with": ("with",)}  # fmt: skip
CHOICES_EN: dict[str, tuple[str, ...]] = {
    w: (w,) for w in ("all", "max", "best", "one", "two", "extra", "yacht", "ship", "ships", "option")
}
HELP_TOPICS_EN: dict[str, tuple[str, ...]] = {
    "goods": ("goods", "good"),
    "payments": ("payments", "payment", "pay", "fee", "energy", "food"),
    "names": ("names", "name"),
    "words": ("words", "word", "languages"),
}


def _table(lang: str, name: str) -> dict[str, tuple[str, ...]]:
    if lang == "en":
        return {
            "VERBS": VERBS_EN, "TABLE_WORDS": TABLE_WORDS_EN, "NOT_VERBS": NOT_VERBS_EN,
            "SECTIONS": SECTIONS_EN, "CHOICES": CHOICES_EN, "HELP_TOPICS": HELP_TOPICS_EN,
        }[name]  # fmt: skip
    table: dict[str, tuple[str, ...]] = getattr(_FOREIGN[lang], name)
    return table


def _index(name: str, langs: tuple[str, ...] = LANGUAGES) -> dict[str, str]:
    """Folded word -> the English word it stands for, over the languages."""
    out: dict[str, str] = {}
    for lang in langs:
        for canon, words in _table(lang, name).items():
            for w in words:
                out.setdefault(fold(w) or w, canon)
    return out


_VERBS = _index("VERBS")
_TABLE_WORDS = _index("TABLE_WORDS")
_NOT_VERBS = _index("NOT_VERBS")
_SECTIONS = _index("SECTIONS")
_CHOICES = _index("CHOICES")
_TOPICS = _index("HELP_TOPICS")


def _goods_index() -> dict[str, str]:
    out: dict[str, str] = {}
    for mod in _FOREIGN.values():
        for key, forms in mod.GOODS.items():
            for w in forms:
                out.setdefault(fold(w), key)
                out.setdefault(fold(w).replace("-", ""), key)
    return out


_GOODS = _goods_index()
_FRANCS = {fold(w) for w in FRANCS_EN + words_pl.FRANCS + words_cs.FRANCS}
_FOOD = {fold(w) for w in FOOD_EN + words_pl.FOOD + words_cs.FOOD}
_WITH_BEFORE_GOODS = {fold(w) for mod in _FOREIGN.values() for w in mod.WITH_BEFORE_GOODS}
_INTO = {fold(w) for mod in _FOREIGN.values() for w in mod.INTO}
_LOANS = {fold(w) for w in LOANS_EN + words_pl.LOANS + words_cs.LOANS}
_TURN = {fold(w) for w in TURN_EN + words_pl.TURN + words_cs.TURN}
# goods named in two words ('smoked fish', 'wędzone ryby'): typed with a space, read as one
MULTIWORD_GOODS = frozenset(
    {"smoked-fish"} | {fold(w) for mod in _FOREIGN.values() for forms in mod.GOODS.values() for w in forms if "-" in w}
)


# --- looking a typed word up --------------------------------------------------------------------


def verb_of(word: str) -> str | None:
    """The English verb a whole word stands for, in any language ('weź', 'wez', 't' -> 'take')."""
    return _VERBS.get(fold(word) or word.lower())


def table_word_of(word: str) -> str | None:
    """The English word of the table's own commands ('cofnij', 'zpět' -> 'undo')."""
    return _TABLE_WORDS.get(fold(word))


def not_verb_of(word: str) -> str | None:
    """'loan' when a player typed a word for a loan as if it were a verb ('pożyczka')."""
    return _NOT_VERBS.get(fold(word))


def good_of(word: str) -> str | None:
    """The key of a good named in Polish or Czech ('ryby', 'wędzone-ryby' -> 'smoked_fish');
    English names are the engine's (`parse_good`)."""
    return _GOODS.get(fold(word))


def is_francs(word: str) -> bool:
    return fold(word) in _FRANCS


def is_food(word: str) -> bool:
    return fold(word) in _FOOD


def section_of(word: str) -> str | None:
    """'fee', 'pay', 'food' or 'with' for a payment section's word ('opłata', 'energie')."""
    return _SECTIONS.get(fold(word))


def is_into(word: str) -> bool:
    """'do', 'na': the word before a building entered, as Polish and Czech say it."""
    return fold(word) in _INTO


def is_loan(word: str) -> bool:
    """A word for a loan after 'repay' ('pożyczkę', 'půjčky', 'loans')."""
    return fold(word) in _LOANS


def is_turn(word: str) -> bool:
    """A word for the turn after 'end' ('tury', 'turę', 'tah', 'tahu', 'turn')."""
    return fold(word) in _TURN


def is_short_with(word: str) -> bool:
    """A short word for 'with' ('z', 's') that begins a section only before goods."""
    return fold(word) in _WITH_BEFORE_GOODS


def choice_of(word: str) -> str | None:
    """The English word of a choice after a building ('wszystko' -> 'all', 'jachta' -> 'yacht')."""
    return _CHOICES.get(fold(word))


def topic_of(word: str) -> str | None:
    """The help topic a word asks for ('dobra', 'suroviny' -> 'goods')."""
    return _TOPICS.get(fold(word))


def ship_type_keys(ship_type: str) -> tuple[str, ...]:
    """The folded Polish and Czech names of a ship type ('drewniany', 'dreveni-lod', ...)."""
    return tuple(fold(w) for mod in _FOREIGN.values() for w in mod.SHIP_TYPES.get(ship_type, ()))


def offer_keys(space: str) -> tuple[str, ...]:
    """The folded Polish and Czech words for an offer space ('ryby', 'ryb', 'franki', ...)."""
    if space == "francs":
        return tuple(fold(w) for mod in _FOREIGN.values() for w in mod.FRANCS)
    return tuple(fold(w) for mod in _FOREIGN.values() for w in mod.GOODS.get(space, ()))


# --- the word to show in a language ---------------------------------------------------------------


def shown_verb(verb: str, lang: str) -> str:
    """'take' -> 'weź' in Polish; also the table's words ('undo' -> 'cofnij')."""
    if lang == "en":
        return verb
    mod = _FOREIGN[lang]
    words = mod.VERBS.get(verb) or mod.TABLE_WORDS.get(verb)
    return words[0] if words else verb


def shown_section(section: str, lang: str) -> str:
    """'fee', 'pay', 'food', 'with' in a language."""
    return section if lang == "en" else str(_FOREIGN[lang].SECTIONS[section][0])


def shown_choice(word: str, lang: str) -> str:
    """'all', 'one', 'two', 'extra', 'yacht', 'ships', ... in a language."""
    return word if lang == "en" else str(_FOREIGN[lang].CHOICES[word][0])


def shown_food(lang: str) -> str:
    return "food" if lang == "en" else str(_FOREIGN[lang].FOOD[0])


def shown_ship_type(ship_type: str, lang: str) -> str | None:
    """A ship type's word in Polish or Czech; None in English (its word is the card's)."""
    return None if lang == "en" else str(_FOREIGN[lang].SHIP_TYPES[ship_type][0])


def shown_topic(topic: str, lang: str) -> str:
    return topic if lang == "en" else str(_FOREIGN[lang].HELP_TOPICS[topic][0])


def verb_words(verb: str, lang: str) -> tuple[str, ...]:
    """Every word of a verb (or a table word) in one language, the shown one first."""
    if lang == "en":
        return VERBS_EN.get(verb) or TABLE_WORDS_EN.get(verb) or (verb,)
    mod = _FOREIGN[lang]
    return tuple(mod.VERBS.get(verb) or mod.TABLE_WORDS.get(verb) or ())


def goods_words(key: str, lang: str) -> tuple[str, ...]:
    """Every form of a good's name in Polish or Czech, the shown one first."""
    if key == "francs":
        return tuple(_FOREIGN[lang].FRANCS)
    return tuple(_FOREIGN[lang].GOODS[key])


def word_lists(lang: str) -> dict[str, dict[str, tuple[str, ...]]]:
    """Polish or Czech words by kind, for the help: sections, choices, ship types."""
    mod = _FOREIGN[lang]
    sections = dict(mod.SECTIONS)
    sections["with"] = (*sections["with"], *mod.WITH_BEFORE_GOODS)
    return {"sections": sections, "choices": dict(mod.CHOICES), "ships": dict(mod.SHIP_TYPES)}


def line_language(verb_word: str, reader: str) -> str:
    """The language to go on in after the typed first word: the reader's, unless the word
    is one of another language only ('take' for a Polish reader goes on in English)."""
    folded = fold(verb_word) or verb_word.lower()
    langs = [lang for lang in LANGUAGES if any(folded == (fold(w) or w) for w in _all_words(lang))]
    if not langs or reader in langs:
        return reader
    return langs[0]


def _all_words(lang: str) -> list[str]:
    return [w for words in (*_table(lang, "VERBS").values(), *_table(lang, "TABLE_WORDS").values()) for w in words]
