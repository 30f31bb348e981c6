"""Which language the reader reads, and its catalog (compiled gettext, shipped in the package)."""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from functools import cache
from pathlib import Path

LANGUAGES = ("en", "pl", "cs")
_NAMES = {"en": "English", "pl": "Polski", "cs": "Čeština"}
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "lehavre"

_current = "en"


def language() -> str:
    return _current


def language_name(lang: str) -> str:
    """The language's own name for itself: "Polski"."""
    return _NAMES[lang]


def set_language(lang: str) -> None:
    """Read everything from now on in `lang` (one of LANGUAGES; ValueError otherwise)."""
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"'{lang}' is not a language of the game; choose {', '.join(LANGUAGES)}.")
    catalog(lang)  # a missing catalog fails here, not in the middle of a screen
    _current = lang


def language_from_env(environ: Mapping[str, str]) -> str:
    """The language the environment asks for, as gettext reads it: the first of LC_ALL,
    LC_MESSAGES and LANG that is set ("pl_PL.UTF-8" -> "pl"); English when none is ours."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang`; English is the templates themselves."""
    if lang == "en":
        return gettext.NullTranslations()
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as f:
        return gettext.GNUTranslations(f)
