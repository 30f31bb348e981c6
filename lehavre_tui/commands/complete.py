"""Completion: full command lines for the legal actions that fit what has been typed."""

from __future__ import annotations

from ..engine.rules import legal_actions
from ..engine.state import GameState
from .help import _help_topics
from .names import _norm, _tier
from .render import to_command
from .verbs import ALIASES


def _word_fits(typed: str, word: str, first: bool) -> bool:
    tok = typed.lower()
    if first and ALIASES.get(tok) == word:
        return True
    if "=" in tok or "+" in tok:
        return word.startswith(tok)
    return _tier(_norm(tok), word) is not None


def complete(prefix: str, state: GameState) -> list[str]:
    """Full command lines for the legal actions that fit what has been typed so far.

    Each typed word may be the beginning of the command's word (or of one of its parts:
    'e court' fits 'enter local-court two'). After 'help ' the help topics are offered.
    """
    typed = prefix.lower().split()
    if typed and typed[0] in ("help", "?") and (len(typed) > 1 or prefix.endswith(" ")):
        rest = " ".join(typed[1:])
        return [f"help {t}" for t in _help_topics(state) if t.startswith(rest)]
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
