"""What every command of `lehavre` shares on its command line: the reader's language.

`cli.py` builds the parser and each room adds its own commands to it (`tui/launch.py`,
`tui/join.py`, `net/options.py`); they all stand on this module, which stands on `text`.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence

from .engine.message import Msg
from .text import LANGUAGES, _, language_from_env, render


class LanguageError(ValueError):
    """A --lang that is not a language of the game; the message says which are."""


def resolve_language(arg: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The language to read in: `--lang` when given ('pl', 'PL', 'pl_PL.UTF-8'), else the
    environment's (LC_ALL, LC_MESSAGES, LANG), else English. LanguageError for a --lang
    that is not one of the game's."""
    return requested_language(arg, environ) or "en"


def requested_language(arg: str | None, environ: Mapping[str, str] | None = None) -> str | None:
    """The language `--lang` or else the environment asks for; None when neither names one of
    the game's (then a saved choice may decide). LanguageError for a bad --lang."""
    env = os.environ if environ is None else environ
    if arg is None:
        for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
            if env.get(var):
                lang = language_from_env({var: env[var]})
                return lang if _code(env[var]) == lang else None
        return None
    if _code(arg) in LANGUAGES:
        return _code(arg)
    raise LanguageError(
        render(Msg("'{language}' is not a language of the game; choose --lang en, pl or cs.", language=arg))
    )


def _code(value: str) -> str:
    """'pl_PL.UTF-8' -> 'pl', 'CS' -> 'cs'."""
    return value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def argv_language(argv: Sequence[str]) -> str | None:
    """The --lang given on a command line, looked at before the parser is built (its help
    texts are in the reader's language)."""
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
    return None


def add_language_option(parser: argparse.ArgumentParser, top: bool = False) -> None:
    """`--lang en|pl|cs` on a command (on a subcommand it does not hide one given before it)."""
    parser.add_argument(
        "--lang",
        default=None if top else argparse.SUPPRESS,
        metavar="en|pl|cs",
        help=_("the language to read in: en, pl or cs (default: from LC_ALL, LC_MESSAGES, LANG)"),
    )
