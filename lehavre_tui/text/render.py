"""Putting words and engine messages into the reader's language."""

from __future__ import annotations

from ..engine.goods import Good
from ..engine.message import (
    NOUNS,
    ORDINAL_WORDS,
    Arg,
    Card,
    Count,
    GoodName,
    Goods,
    Listing,
    Msg,
    Ordinal,
    Typed,
    card_name,
    count_of,
    english,
)
from . import locales as _lang
from .command_words import building_of, typed_word


def _(text: str) -> str:
    """`text` in the reader's language."""
    if _lang._current == "en":
        return text
    return _lang.catalog(_lang._current).gettext(text)


def N_(text: str) -> str:
    """Marks `text` for the catalogs without translating it (constants; `_()` where shown)."""
    return text


def NP_(context: str, text: str) -> str:
    """Marks a word with its context for the catalogs (translated with `pgettext`)."""
    return text


def pgettext(context: str, text: str) -> str:
    if _lang._current == "en":
        return text
    return _lang.catalog(_lang._current).pgettext(context, text)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence for the number n (the language's plural forms)."""
    if _lang._current == "en":
        return singular if n == 1 else plural
    return _lang.catalog(_lang._current).ngettext(singular, plural, n)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    if _lang._current == "en":
        return singular if n == 1 else plural
    return _lang.catalog(_lang._current).npgettext(context, singular, plural, n)


def good_noun(good: Good) -> tuple[str, str]:
    """A good's counted noun as the catalogs hold it: ("{n} fish", "{n} fish")."""
    return (good.counted(1).replace("1", "{n}", 1), f"{{n}} {good.label}")


def render(arg: Arg) -> str:
    """An engine message (or one of its parameters) in the reader's language."""
    if _lang._current == "en":
        return english(arg)
    return _render(arg)


def render_strict(arg: Arg) -> str:
    """`render`, raising where a catalog entry does not fit its parameters (for the tests)."""
    return english(arg) if _lang._current == "en" else _render(arg, strict=True)


def _render(arg: Arg, strict: bool = False) -> str:
    if isinstance(arg, str):
        return arg
    if isinstance(arg, Msg):
        if arg.plural is not None and arg.count is not None:
            template = ngettext(arg.text, arg.plural, count_of(arg.args[arg.count]))
        else:
            template = _(arg.text)
        values = {
            k: _Clause(_render(v, strict)) if isinstance(v, Msg) else _render(v, strict) for k, v in arg.args.items()
        }
        try:
            return template.format_map(values)
        except (KeyError, IndexError, ValueError):
            # a catalog entry whose placeholders do not match (a test refuses such entries):
            # the English sentence rather than none
            if strict:
                raise
            return english(arg)
    if isinstance(arg, int):
        return str(arg)
    if isinstance(arg, Card):
        return _CardName(card_local_name(arg.id), arg.id)
    if isinstance(arg, GoodName):
        return pgettext("good", arg.good.label)
    if isinstance(arg, Ordinal):
        if 0 < arg.n <= len(ORDINAL_WORDS):
            return pgettext("ordinal", ORDINAL_WORDS[arg.n - 1])
        return f"{arg.n}."
    if isinstance(arg, Count):
        one, many = NOUNS[arg.noun]
        return npgettext(f"noun:{arg.case}", one, many, arg.n).format(n=arg.n)
    if isinstance(arg, Goods):
        parts = []
        if arg.goods:
            parts.append(
                pgettext("join", ", ").join(
                    npgettext(f"good:{arg.case}", *good_noun(g), n).format(n=n) for g, n in arg.goods
                )
            )
        if arg.francs:
            parts.append(_render(Count(arg.francs, "franc", arg.case)))
        return pgettext("join", " and ").join(parts) if parts else pgettext("goods", "nothing")
    if isinstance(arg, Typed):
        return _TypedWords(typed_words(arg.text, _lang._current), arg.text)
    if isinstance(arg, Listing):
        words = [_render(a, strict) for a in arg.items]
        return join(words, arg.conj)
    raise TypeError(f"{arg!r} is not a message parameter")


def join(words: list[str], conj: str) -> str:
    """Words joined as the language joins a list: "a, b and c"."""
    comma = pgettext("join", ", ")
    if conj == ",":
        return comma.join(words)
    last = pgettext("join", " and ") if conj == "and" else pgettext("join", " or ")
    if len(words) <= 2:
        return last.join(words)
    return comma.join(words[:-1]) + last + words[-1]


def typed_words(typed: str, lang: str) -> str:
    """Command words in the reader's command language: 'wood=2 one+francs wharf_1' ->
    'drewno=2 jeden+franki stocznia-1'; a word that is no id of the game stays as it is."""
    out = []
    for word in typed.split(" "):
        key, sep, n = word.partition("=")
        out.append("+".join(typed_word(part, lang) for part in key.split("+")) + sep + n)
    return " ".join(out)


class _Clause(str):
    """A clause inside a sentence; '{other:lower}' begins it with a small letter, as a move
    named in brackets does ('… niż następny ruch (wejdź do Łowiska)')."""

    def __format__(self, spec: str) -> str:
        if spec == "lower":
            return self[:1].lower() + self[1:]
        return format(str(self), spec)


class _TypedWords(str):
    """Command words in a sentence; a building's word is declined where the sentence asks
    for a form of it ("„wejdź {building:into} 2”" -> "„wejdź do piekarni 2”")."""

    typed: str

    def __new__(cls, words: str, typed: str) -> _TypedWords:
        made = super().__new__(cls, words)
        made.typed = typed
        return made

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        card_id = building_of(self.typed)
        if card_id is None:  # no building's word: a ValueError, the sentence is then read in English
            raise ValueError(f"{self.typed!r} names no building")
        head, _, twin = card_id.rpartition("_")
        suffix = f" {twin}" if head and twin.isdigit() else ""
        return building_form(card_id, spec).lower() + suffix


class _CardName(str):
    """A card's name in a sentence; a building's is declined where the sentence asks for a
    form of it ('{building:into}' -> 'do Łowiska', '{building:acc}' -> 'Stolarnię')."""

    card_id: str

    def __new__(cls, name: str, card_id: str) -> _CardName:
        made = super().__new__(cls, name)
        made.card_id = card_id
        return made

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        return building_form(self.card_id, spec)


def building_form(card_id: str, case: str) -> str:
    """A building's name in one of the forms the catalogs carry ("into", "acc"); ValueError
    for a card or a form they have none of."""
    from ..engine.cards import content

    b = content().buildings.get(card_id)
    if b is None or case not in ("into", "acc"):
        raise ValueError(f"no form {case!r} of {card_id!r}")
    return pgettext(f"building:{case}", b.name)


def card_local_name(card_id: str) -> str:
    """A card's name in the reader's language (the rulebooks' names for buildings)."""
    lang = _lang._current
    if lang != "en":
        from ..engine.cards import content

        c = content()
        b = c.buildings.get(card_id)
        if b is not None:
            return b.name_pl if lang == "pl" else b.name_cs
        kind = c.ship_kinds.get(card_id)
        if kind is not None:
            return pgettext("ship", kind.name)
    return card_name(card_id)


def card_text(card_id: str) -> str:
    """A building card's text in the reader's language."""
    from ..engine.cards import content

    text = content().buildings[card_id].text
    return text if _lang._current == "en" else pgettext(f"card:{card_id}", text)
