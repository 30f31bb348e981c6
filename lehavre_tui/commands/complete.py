"""Completion: full command lines for the legal actions, and completion step by step.

`complete(prefix)` gives whole lines (the command palette, a card's moves). `complete_step`
completes one word at a time, as Tab does: first the verb, then the object (after 'enter '
the buildings that may be entered now, with their fees), then that building's choices.

The lines are offered in the reader's language (`text.language()`): 'weź ryby' to a Polish
reader. A line goes on in the language of its first word when that word is another
language's only ('take ' goes on in English for a Polish reader). A typed word fits a word
of a line when it begins the line's word in English or in the line's language, or when it
is a whole word of any of the three languages that means it ('ryb', 'vezmi').
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine.cards import content
from ..engine.goods import parse_good
from ..engine.message import Count, Goods, Listing, Msg
from ..engine.rules import legal_actions
from ..engine.state import OFFER_SPACES, GameState
from ..text import _, language, render
from ..text.command_words import building_word, hyphenated
from ..text.command_words import twin as twin_of
from .help import _help_topics
from .names import (
    _building_names,
    _by_number,
    _Name,
    _norm,
    _ship_card_names,
    _ship_type_names,
    _tier,
    declined,
)
from .now import _cards
from .render import command_words
from .tokens import _split_key
from .words import (
    MULTIWORD_GOODS,
    choice_of,
    fold,
    good_of,
    is_food,
    is_francs,
    is_into,
    line_language,
    section_of,
    shown_verb,
    table_word_of,
    verb_of,
    verb_words,
)

Line = tuple[list[str], list[str]]  # a legal move's words in English and in the line's language


def _lines(state: GameState, lang: str) -> list[Line]:
    """The legal moves' lines, each once, in English and in `lang` (word for word)."""
    out: dict[str, Line] = {}
    for a in legal_actions(state):
        en = command_words(a)
        key = " ".join(en)
        if key not in out:
            out[key] = (en, en if lang == "en" else command_words(a, lang))
    return list(out.values())


def _flat(word: str) -> str:
    """A word folded part by part, keeping '=' ('Ryby=2' -> 'ryby=2', 'wędzone-ryby' -> 'wedzone-ryby')."""
    return "=".join(fold(p) for p in word.lower().split("="))


def _begins(typed: str, word: str, english: bool) -> int | None:
    """How well `typed` begins `word` (`_tier`; None: not at all). English words are compared
    as they are; a word of Polish or Czech folded, so that diacritics do not matter."""
    tok = typed.lower()
    if not english:
        tok, word = _flat(tok), _flat(word)
    if "=" in tok or "+" in tok:
        return 0 if word == tok else (1 if word.startswith(tok) else None)
    return _tier(_norm(tok), word)


# --- a typed word in any language, as the English word it stands for ---------------------------


def _canonical(word: str) -> str | None:
    """The English command word a whole typed word means ('rybę=2' -> 'fish=2', 'wszystko' ->
    'all', 'piekarnia' -> 'bakehouse', 'stal+cegły' -> 'steel+brick'); None when unknown."""
    low = word.lower()
    if "+" in low:
        parts = [_canonical(p) for p in low.split("+")]
        return "+".join(p for p in parts if p) if all(parts) else None
    key, sep, value = low.partition("=")
    if sep:
        head = _canonical(key)
        if head == "fee":
            how = "food" if is_food(value) else "francs" if is_francs(value) else value
            return f"fee={how}"
        return None if head is None else f"{head}={value}"
    if is_francs(low):
        return "francs"
    if is_food(low):
        return "food"
    try:
        return parse_good(low.replace("-", "_")).key
    except KeyError:
        pass
    for look in (good_of, section_of, choice_of):
        found = look(low)
        if found is not None:
            return found
    return _name_words().get(fold(low))


_NAME_WORDS: dict[str, str] = {}


def _name_words() -> dict[str, str]:
    """Every whole name of a building or ship type, declined forms too, -> a word that begins
    its English word ('piekarnia', 'piekarni' -> 'bakehouse', 'firma-budowlana' ->
    'building-firm', 'drewniany' -> 'wooden')."""
    if not _NAME_WORDS:
        cards = content().buildings
        for n in _building_names():
            for k in n.keys:
                _NAME_WORDS.setdefault(k, _norm(cards[n.value].name))
            twin = twin_of(n.value)
            for k in sorted(n.forms):  # declined: 'wejdź do łowiska', 'do firmy budowlanej 1'
                _NAME_WORDS.setdefault(k, n.label if twin and k.endswith(twin) else _norm(cards[n.value].name))
        for n in _ship_type_names():
            for k in n.keys:
                _NAME_WORDS.setdefault(k, n.value.split(":", 1)[1])
    return _NAME_WORDS


def _word_fits(typed: str, line: tuple[str, str], first: bool) -> bool:
    """`typed` fits the line's word (English, shown): it begins one of them, or is a whole
    word of any language that means it."""
    en, shown = line
    if first:
        if verb_of(typed) == en:
            return True
        return _begins(typed, en, True) is not None or _begins(typed, shown, False) is not None
    if _begins(typed, en, True) is not None or (shown != en and _begins(typed, shown, False) is not None):
        return True
    canon = _canonical(typed)
    return canon is not None and _begins(canon, en, True) is not None


def _word_is(typed: str, line: tuple[str, str], first: bool) -> bool:
    """The typed word stands for the whole word (not only its beginning)."""
    en, shown = line
    if first and verb_of(typed) == en:
        return True
    if _begins(typed, en, True) == 0 or (shown != en and _begins(typed, shown, False) == 0):
        return True
    canon = None if first else _canonical(typed)
    return canon is not None and _begins(canon, en, True) == 0


def _fits_line(typed: list[str], line: Line) -> bool:
    en, shown = line
    return len(en) >= len(typed) and all(_word_fits(t, (en[i], shown[i]), i == 0) for i, t in enumerate(typed))


def _help_lines(typed: list[str], state: GameState, lang: str) -> list[str]:
    rest = " ".join(typed[1:])
    head = shown_verb("help", lang)
    return [f"{head} {t}" for t in _help_topics(state, lang) if _topic_fits(rest, t)]


def _topic_fits(typed: str, topic: str) -> bool:
    return topic.startswith(typed) or bool(fold(typed)) and fold(topic).startswith(fold(typed))


def complete(prefix: str, state: GameState) -> list[str]:
    """Full command lines for the legal actions that fit what has been typed so far.

    Each typed word may be the beginning of the command's word (or of one of its parts:
    'e court' fits 'enter local-court two'). After 'help ' the help topics are offered.
    """
    typed = prefix.lower().split()
    lang = line_language(typed[0], language()) if typed else language()
    if typed and verb_of(typed[0]) == "help" and (len(typed) > 1 or prefix.endswith(" ")):
        return _help_lines(typed, state, lang)
    if typed:
        typed = [t for t, _i in _joined(typed)]  # 'enter steel mill' -> 'enter steel-mill'
    out: list[str] = []
    for line in _lines(state, lang):
        text = " ".join(line[1])
        if text not in out and _fits_line(typed, line):
            out.append(text)
    return out


# --- step by step ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One way to go on: `line` is the whole line with this word (canonical words before it),
    `word` the word itself, `note` what it costs or brings ('fee 1 food or 1 franc'), and
    `more` whether further words may follow. Words are in the line's language."""

    line: str
    word: str
    note: str = ""
    more: bool = False


@dataclass(frozen=True)
class Step:
    """The choices for the word being typed (`typed`, maybe empty) at word `position`."""

    position: int
    typed: str
    choices: tuple[Choice, ...]


_OBJECT_VERBS = ("enter", "build", "buy", "sell")


def _all_names() -> tuple[_Name, ...]:
    return _building_names() + _ship_type_names() + _ship_card_names(content().ships)


def _joined(words: list[str]) -> list[tuple[str, int]]:
    """The typed words as the command's words, each with the index of its first typed word.

    Names typed in several words, as the table prints them ('steel mill', 'building firm',
    'huta stali'), become one word ('steel-mill', 'building-firm'); a card number in the
    object's place becomes the card's word ('enter 09' -> 'enter abattoir'); goods named in
    two words become one ('wędzone ryby=2' -> 'wedzone-ryby=2')."""
    names = _all_names()
    out = [(words[0], 0)]
    verb = verb_of(words[0]) or words[0].lower()
    i = 1
    while i < len(words):
        if i == 1 and verb in _OBJECT_VERBS:
            try:
                numbered = _by_number(words[1], _building_names())
            except ValueError:  # a number no card has
                numbered = None
            if numbered is not None:
                out.append((numbered.replace("_", "-"), 1))
                i += 1
                continue
        taken, goods = 1, False
        for k in range(min(len(words) - i, 6), 1, -1):
            tok = _norm(" ".join(words[i : i + k]))
            if tok and any(n.may_begin(tok) and any(_tier(tok, key) in (0, 1) for key in n.keys) for n in names):
                taken = k
                break
            pair = _norm(" ".join([*words[i : i + k - 1], _split_key(words[i + k - 1])]))
            if k == 2 and any(_tier(pair, g) in (0, 1) for g in MULTIWORD_GOODS):
                taken, goods = k, True
                break
        if goods:
            last = words[i + 1]
            value = last[len(_split_key(last)) :]
            out.append((_norm(f"{words[i]} {_split_key(last)}") + value, i))
        else:
            out.append((_norm(" ".join(words[i : i + taken])) if taken > 1 else words[i], i))
        i += taken
    return out


def _note(state: GameState, verb: str, word: str) -> str:
    """What an object costs or brings now, said in a few words (the reader's language)."""
    s = state
    cards = _cards()
    b = word.replace("-", "_")
    if verb == "take" and word in OFFER_SPACES:
        n = s.offers[OFFER_SPACES.index(word)]
        return render(Count(n, "franc") if word == "francs" else Goods.of({parse_good(word): n}))
    if b not in cards:
        kinds = {_norm(k.name): k for k in content().ship_kinds.values()}
        ships = {_norm(x.name): x for x in content().ships.values()}
        price = kinds[word].price if word in kinds else None
        if verb == "buy" and price is not None:
            return render(Count(price, "franc"))
        if verb == "sell" and word in ships:
            return render(Msg("for {price}", price=Count(ships[word].value // 2, "franc")))
        return ""
    card = cards[b]
    if verb == "enter":
        if s.owner.get(b) == s.current:
            return _("yours, free")
        if not card.fees:
            return _("free")
        parts = tuple(
            Count(f.food, "food") if f.food else Count(f.francs, "franc") for f in card.fees if f.food or f.francs
        )
        return render(Msg("fee {fee}", fee=Listing(parts, "or")))
    if verb == "buy" and card.price is not None:
        return render(Count(card.price, "franc"))
    if verb == "sell":
        return render(Msg("for {price}", price=Count(card.value // 2, "franc")))
    return ""


def complete_step(prefix: str, state: GameState, extra_verbs: tuple[str, ...] = ()) -> Step:
    """The choices for the next word of what has been typed, one level at a time.

    'e' -> enter; 'enter ' -> the buildings that may be entered now (with their fees);
    'enter marketplace ' -> the goods that may be taken there, and so on. Names may be
    typed as the table prints them ('enter steel mill') or by card number ('enter 09').
    `extra_verbs` are words the caller understands besides the verbs ('undo', 'show'),
    in English; they are offered in the reader's language.
    """
    ends = not prefix or prefix[-1].isspace()
    words = prefix.split()
    reader = language()
    if not words or (len(words) == 1 and not ends):
        typed = words[0] if words else ""
        return Step(0, typed, tuple(_verb_choices(state, typed, extra_verbs, reader)))
    lang = line_language(words[0], reader)
    if verb_of(words[0]) == "help":
        typed = "" if ends else words[-1].lower()
        done = " ".join(w.lower() for w in (words[1:] if ends else words[1:-1]))
        topic = f"{done} {typed}".strip()
        head = shown_verb("help", lang)
        topics = [t for t in _help_topics(state, lang) if _topic_fits(topic, t)]
        position = len(words) if ends else len(words) - 1
        return Step(position, typed, tuple(Choice(f"{head} {t}", t) for t in topics))
    into = ""
    if verb_of(words[0]) == "enter" and len(words) > 1 and is_into(words[1]) and (ends or len(words) > 2):
        into = words.pop(1)  # 'wejdź do ': the buildings follow as after 'wejdź '
    joined = _joined(words)
    tokens = [t for t, _i in joined]
    position = len(tokens) if ends else len(tokens) - 1
    fitting = [line for line in _lines(state, lang) if len(line[0]) >= position and _fits_line(tokens[:position], line)]
    if ends:
        last = position - 1
        settled = any(_word_is(tokens[-1], (en[last], shown[last]), position == 1) for en, shown in fitting)
        if not settled and len({en[last] for en, _s in fitting}) > 1:
            # 'enter building firm ' begins two names: the choices are still those names
            position -= 1
    typed = tokens[position] if position < len(tokens) else ""
    head = " ".join(words[: joined[position][1]]) if position < len(joined) else " ".join(words)
    free = _any_order(state, lang, tokens, position, typed)
    choices = free if free is not None else _choices(state, fitting, position, typed, head)
    if into:  # the line as typed, with its 'do', and the building's name declined after it
        choices = [_declined(c, into, lang, position == 1) for c in choices]
    return Step(position, typed, tuple(choices))


def _declined(choice: Choice, into: str, lang: str, offered: bool) -> Choice:
    """A line after 'do' with its building in the form a native writes there, as the
    catalogs decline it ('wejdź do łowiska', 'vstup do rybárny'; the parser reads those forms
    too, names.py), and the choice's word too when it is the building (`offered`). A
    building whose name takes another word before it ('na'), or has no declined form, stays
    as it is."""
    words = choice.line.split(" ")
    name = words[1] if len(words) > 1 else ""
    card_id = next((b for b in content().buildings if building_word(b, lang) == name), None)
    before, form = declined(content().buildings[card_id].name, "into", lang) if card_id else ("", "")
    if card_id is None or fold(before) != fold(into):
        return replace(choice, line=_with_word(choice.line, 1, into))
    word = hyphenated(form) + twin_of(card_id)
    return replace(choice, line=" ".join([words[0], into, word, *words[2:]]), word=word if offered else choice.word)


# Buildings that give goods of different kinds, one of each, as many kinds as the player may
# take: the engine takes any of them, alone or together, in any order (effects/standard.py
# marketplace, effects/special.py town_square), while legal_actions lists a sample of whole
# sets, each in one order.
ANY_ORDER = ("marketplace", "town-square")


def _any_order(state: GameState, lang: str, tokens: list[str], position: int, typed: str) -> list[Choice] | None:
    """The goods still to choose at an ANY_ORDER building (None: not at one of them): every
    kind its moves name, less those typed, while fewer kinds are named than may be taken."""
    if position < 2 or verb_of(tokens[0]) != "enter":
        return None
    lines = [ln for ln in _lines(state, lang) if len(ln[0]) > 2 and _fits_line(tokens[:2], ln)]
    if not lines or len({en[1] for en, _s in lines}) != 1 or lines[0][0][1] not in ANY_ORDER:
        return None
    kinds: dict[str, str] = {}  # English word -> the word in the line's language
    for en, shown in lines:
        for i in range(2, len(en)):
            kinds.setdefault(en[i], shown[i])
    most = max(len(en) for en, _s in lines) - 2
    named = [en for t in tokens[2:position] for en, shown in kinds.items() if _word_is(t, (en, shown), False)]
    if len(named) >= most:
        return []
    before = " ".join([*lines[0][1][:2], *(kinds[en] for en in named)])  # in the command's own words
    return [
        Choice(f"{before} {shown}", shown, "", len(named) + 1 < most)
        for en, shown in kinds.items()
        if en not in named and (not typed or _word_fits(typed, (en, shown), False))
    ]


def _with_word(line: str, at: int, word: str) -> str:
    words = line.split(" ")
    return " ".join([*words[:at], word, *words[at:]])


_TAKES_WORDS = ("help", "show", "save")  # words after them, though no legal move lists them


def _verb_choices(state: GameState, typed: str, extra: tuple[str, ...], reader: str) -> list[Choice]:
    lines = _lines(state, "en")
    verbs = list(dict.fromkeys(en[0] for en, _s in lines))
    verbs += [v for v in ("help", *extra) if v not in verbs]
    more = {en[0] for en, _s in lines if len(en) > 1} | set(_TAKES_WORDS)
    exact = verb_of(typed) or table_word_of(typed)
    if exact is not None and exact in verbs:
        shown = shown_verb(exact, line_language(typed, reader))
        return [Choice(shown, shown, more=exact in more)]
    out = []
    for v in verbs:
        word = _verb_word(v, typed, reader)
        if word is not None:
            out.append(Choice(word, word, more=v in more))
    return out


def _verb_word(verb: str, typed: str, reader: str) -> str | None:
    """The word of `verb` that `typed` begins: the reader's first, else the English one."""
    low = typed.lower()
    if not low:
        return shown_verb(verb, reader)
    if reader != "en":
        for w in verb_words(verb, reader):
            if fold(w).startswith(fold(low)) and fold(low):
                return w
    return verb if verb.startswith(low) else None


def _choices(state: GameState, fitting: list[Line], position: int, typed: str, head: str) -> list[Choice]:
    """The distinct words at `position` of the fitting lines. A choice's line is written
    in the command's own words when the words before it are settled ('e bake' -> 'enter
    bakehouse'); when they still fit several cards (both Building Firms), the words typed
    stay as they are and only the new word is added."""
    before: dict[str, set[tuple[str, ...]]] = {}
    english: dict[str, str] = {}
    more: set[str] = set()
    for en, shown in fitting:
        if len(en) <= position:
            continue
        word = shown[position]
        if typed and not _word_fits(typed, (en[position], word), position == 0):
            continue
        before.setdefault(word, set()).add(tuple(shown[:position]))
        english.setdefault(word, en[position])
        if len(en) > position + 1:
            more.add(word)
    out = []
    verb = fitting[0][0][0] if fitting else ""
    for word, heads in before.items():
        line = " ".join([*next(iter(heads)), word]) if len(heads) == 1 else f"{head} {word}".strip()
        note = _note(state, verb, english[word]) if position == 1 else ""
        out.append(Choice(line, word, note, word in more))
    return out
