"""A stand-in catalog for the table's tests: every word it translates comes back marked and
a third longer, as Polish and Czech words often are. With it a test can see, before the real
catalogs are written, that a screen goes through the catalogs (its words change) and that
its layout takes longer words."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator

import pytest

from lehavre_tui.text import locales

_WORD = re.compile(r"(\{[^}]*\})|([A-Za-z]{2,})")


def stretch(text: str) -> str:
    """'Round {round} of {rounds}' -> 'Rouuńd {round} oóf {rounds}': each word of two letters
    or more a third longer (placeholders kept), so it is plainly not English any more."""

    def longer(m: re.Match[str]) -> str:
        if m.group(1):
            return m.group(1)
        word = m.group(2)
        extra = max(1, len(word) // 3)
        mid = len(word) // 2
        return word[:mid] + "ń" * extra + word[mid:]

    return _WORD.sub(longer, text)


class Stretched(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return stretch(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return stretch(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        if context == "good:short":  # two letters, whatever the language
            return message
        return stretch(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return stretch(msgid1 if n == 1 else msgid2)


@pytest.fixture
def stretched(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The table in "pl", read from the stretched stand-in catalog."""
    real = locales.catalog

    def catalog(lang: str) -> gettext.NullTranslations:
        return Stretched() if lang == "pl" else real(lang)

    monkeypatch.setattr(locales, "catalog", catalog)
    locales.set_language("pl")
    yield "pl"
    locales.set_language("en")
