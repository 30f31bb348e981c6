"""Completion: full command lines for the legal actions, and completion step by step.

`complete(prefix)` gives whole lines (the command palette, a card's moves). `complete_step`
completes one word at a time, as Tab does: first the verb, then the object (after 'enter '
the buildings that may be entered now, with their fees), then that building's choices.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import content
from ..engine.rules import fee_text, legal_actions
from ..engine.state import OFFER_SPACES, GameState
from ..engine.words import francs_text
from .help import _help_topics
from .names import (
    _building_names,
    _by_number,
    _label,
    _Name,
    _norm,
    _ship_card_names,
    _ship_type_names,
    _tier,
)
from .now import _cards
from .render import to_command
from .verbs import ALIASES


def _word_fits(typed: str, word: str, first: bool) -> bool:
    tok = typed.lower()
    if first and ALIASES.get(tok) == word:
        return True
    if "=" in tok or "+" in tok:
        return word.startswith(tok)
    return _tier(_norm(tok), word) is not None


def _word_is(typed: str, word: str, first: bool) -> bool:
    """The typed word stands for the whole word (not only its beginning)."""
    tok = typed.lower()
    if first and ALIASES.get(tok) == word:
        return True
    if "=" in tok or "+" in tok:
        return word == tok
    return _tier(_norm(tok), word) == 0


def complete(prefix: str, state: GameState) -> list[str]:
    """Full command lines for the legal actions that fit what has been typed so far.

    Each typed word may be the beginning of the command's word (or of one of its parts:
    'e court' fits 'enter local-court two'). After 'help ' the help topics are offered.
    """
    typed = prefix.lower().split()
    if typed and typed[0] in ("help", "?") and (len(typed) > 1 or prefix.endswith(" ")):
        rest = " ".join(typed[1:])
        return [f"help {t}" for t in _help_topics(state) if t.startswith(rest)]
    if typed:
        typed = [t for t, _ in _joined(typed)]  # 'enter steel mill' -> 'enter steel-mill'
    out: list[str] = []
    for a in legal_actions(state):
        line = to_command(a, state)
        words = line.split()
        if len(words) < len(typed) or line in out:
            continue
        pairs = zip(typed, words, strict=False)
        if all(_word_fits(t, w, i == 0) for i, (t, w) in enumerate(pairs)):
            out.append(line)
    return out


# --- step by step ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One way to go on: `line` is the whole line with this word (canonical words before it),
    `word` the word itself, `note` what it costs or brings ('fee 1 food or 1 franc'), and
    `more` whether further words may follow."""

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

    Names typed in several words, as the table prints them ('steel mill', 'building firm'),
    become one word ('steel-mill', 'building-firm'); a card number in the object's place
    becomes the card's word ('enter 09' -> 'enter abattoir')."""
    names = _all_names()
    out = [(words[0], 0)]
    verb = ALIASES.get(words[0].lower(), words[0].lower())
    i = 1
    while i < len(words):
        if i == 1 and verb in _OBJECT_VERBS:
            try:
                numbered = _by_number(words[1], _building_names())
            except ValueError:  # a number no card has
                numbered = None
            if numbered is not None:
                out.append((_label(numbered), 1))
                i += 1
                continue
        taken = 1
        for k in range(min(len(words) - i, 6), 1, -1):
            tok = _norm(" ".join(words[i : i + k]))
            if tok and any(_tier(tok, key) in (0, 1) for n in names for key in n.keys):
                taken = k
                break
        out.append((_norm(" ".join(words[i : i + taken])) if taken > 1 else words[i], i))
        i += taken
    return out


def _note(state: GameState, verb: str, word: str) -> str:
    """What an object costs or brings now, said in a few words."""
    s = state
    cards = _cards()
    b = word.replace("-", "_")
    if verb == "take" and word in OFFER_SPACES:
        n = s.offers[OFFER_SPACES.index(word)]
        return f"{n} {word}"
    if b not in cards:
        kinds = {_norm(k.name): k for k in content().ship_kinds.values()}
        ships = {_norm(x.name): x for x in content().ships.values()}
        if verb == "buy" and word in kinds and kinds[word].price is not None:
            return francs_text(kinds[word].price)
        if verb == "sell" and word in ships:
            return f"for {francs_text(ships[word].value // 2)}"
        return ""
    card = cards[b]
    if verb == "enter":
        if s.owner.get(b) == s.current:
            return "yours, free"
        return "free" if not card.fees else f"fee {fee_text(card)}"
    if verb == "buy" and card.price is not None:
        return francs_text(card.price)
    if verb == "sell":
        return f"for {francs_text(card.value // 2)}"
    return ""


def complete_step(prefix: str, state: GameState, extra_verbs: tuple[str, ...] = ()) -> Step:
    """The choices for the next word of what has been typed, one level at a time.

    'e' -> enter; 'enter ' -> the buildings that may be entered now (with their fees);
    'enter marketplace ' -> the goods that may be taken there, and so on. Names may be
    typed as the table prints them ('enter steel mill') or by card number ('enter 09').
    `extra_verbs` are words the caller understands besides the verbs ('undo', 'show').
    """
    ends = not prefix or prefix[-1].isspace()
    words = prefix.split()
    if not words or (len(words) == 1 and not ends):
        typed = words[0] if words else ""
        return Step(0, typed, tuple(_verb_choices(state, typed, extra_verbs)))
    if words[0].lower() in ("help", "?"):
        typed = "" if ends else words[-1].lower()
        done = " ".join(w.lower() for w in (words[1:] if ends else words[1:-1]))
        topic = f"{done} {typed}".strip()
        topics = [t for t in _help_topics(state) if t.startswith(topic)]
        return Step(len(words) if ends else len(words) - 1, typed, tuple(Choice(f"help {t}", t) for t in topics))
    joined = _joined(words)
    tokens = [t for t, _ in joined]
    position = len(tokens) if ends else len(tokens) - 1
    lines = [ln.split() for ln in dict.fromkeys(to_command(a, state) for a in legal_actions(state))]
    fitting = [
        w
        for w in lines
        if len(w) >= position and all(_word_fits(t, w[i], i == 0) for i, t in enumerate(tokens[:position]))
    ]
    if ends:
        settled = any(_word_is(tokens[-1], w[position - 1], position == 1) for w in fitting)
        if not settled and len({w[position - 1] for w in fitting}) > 1:
            # 'enter building firm ' begins two names: the choices are still those names
            position -= 1
    typed = tokens[position] if position < len(tokens) else ""
    head = " ".join(words[: joined[position][1]]) if position < len(joined) else " ".join(words)
    return Step(position, typed, tuple(_choices(state, fitting, position, typed, head)))


_TAKES_WORDS = ("help", "show", "save")  # words after them, though no legal move lists them


def _verb_choices(state: GameState, typed: str, extra: tuple[str, ...]) -> list[Choice]:
    lines = [to_command(a, state).split() for a in legal_actions(state)]
    verbs = list(dict.fromkeys(w[0] for w in lines))
    verbs += [v for v in ("help", *extra) if v not in verbs]
    more = {w[0] for w in lines if len(w) > 1} | set(_TAKES_WORDS)
    alias = ALIASES.get(typed.lower())
    if alias in verbs:
        return [Choice(alias, alias, more=alias in more)]
    low = typed.lower()
    return [Choice(v, v, more=v in more) for v in verbs if v.startswith(low)]


def _choices(state: GameState, fitting: list[list[str]], position: int, typed: str, head: str) -> list[Choice]:
    """The distinct words at `position` of the fitting lines. A choice's line is written
    in the command's own words when the words before it are settled ('e bake' -> 'enter
    bakehouse'); when they still fit several cards (both Building Firms), the words typed
    stay as they are and only the new word is added."""
    before: dict[str, set[tuple[str, ...]]] = {}
    more: set[str] = set()
    for w in fitting:
        if len(w) <= position:
            continue
        word = w[position]
        if typed and not _word_fits(typed, word, position == 0):
            continue
        before.setdefault(word, set()).add(tuple(w[:position]))
        if len(w) > position + 1:
            more.add(word)
    out = []
    for word, heads in before.items():
        line = " ".join([*next(iter(heads)), word]) if len(heads) == 1 else f"{head} {word}".strip()
        note = _note(state, fitting[0][0], word) if position == 1 else ""
        out.append(Choice(line, word, note, word in more))
    return out
