"""Player names that look alike: compared by their confusable skeleton (after Unicode's
UTS #39) and their case, so that Cyrillic 'Аnna' cannot sit down as if she were 'Anna'.

The confusable pairs come from Unicode's confusables data as the `confusable-homoglyphs`
package carries it (pairs in both directions, without a skeleton function): a character that
looks like an ASCII letter or digit is read as that one, then the case is folded. Look-alikes
of several characters ('rn' for 'm'), and of two non-ASCII characters, are not compared.
"""

from __future__ import annotations

import unicodedata
from functools import cache

MARKS = ("Mn", "Mc", "Me")
MAX_MARKS = 2  # combining marks on one letter that a name or a line keeps (Vietnamese needs two)


# look-alikes within ASCII, before the case is folded ('I' and 'l' differ only then)
ASCII_ALIKES = {"I": "l", "1": "l", "|": "l", "0": "O"}


@cache
def _prototypes() -> dict[str, str]:
    """Every character that looks like an ASCII one, mapped to it (a Cyrillic 'а' to 'a')."""
    from confusable_homoglyphs import utils

    out: dict[str, str] = {}
    for key, alikes in utils.load("confusables.json").items():
        key = key.strip("\u200e")
        for alike in alikes:
            other = str(alike.get("c", "")).strip("\u200e")
            if len(key) != 1 or len(other) != 1 or key.isascii() == other.isascii():
                continue
            wide, narrow = (key, other) if other.isascii() else (other, key)
            if narrow.isalnum():
                out.setdefault(wide, narrow)
    out.update(ASCII_ALIKES)
    return out


def _mapped(text: str) -> str:
    protos = _prototypes()
    return "".join(protos.get(ch, ch) for ch in text)


def skeleton(name: str) -> str:
    """What a name looks like: equal for names a reader could take for one another."""
    return _mapped(_mapped(unicodedata.normalize("NFD", name)).casefold())


def looks_alike(a: str, b: str) -> bool:
    return skeleton(a) == skeleton(b)


def trim_marks(text: str) -> str:
    """The text with every run of combining marks cut to `MAX_MARKS` (a long run stacks over
    the lines around it in a terminal)."""
    out: list[str] = []
    run = 0
    for ch in unicodedata.normalize("NFC", text):
        if unicodedata.category(ch) in MARKS:
            run += 1
            if run > MAX_MARKS:
                continue
        else:
            run = 0
        out.append(ch)
    return "".join(out)


def too_many_marks(text: str) -> bool:
    return trim_marks(text) != unicodedata.normalize("NFC", text)
