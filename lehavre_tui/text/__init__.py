"""Words for the reader: the game's messages and screens in English, Polish or Czech.

The language belongs to whoever reads the screen, not to the game: one process shows one
reader's table, so the language is chosen once per process (`set_language`) and every
screen and log line is put into words through it. Saves hold moves, never words.

- `_("text")` translates a screen's words now; `N_("text")` only marks words kept in a
  constant, translated where they are shown (`_(CONSTANT)`).
- `render(msg)` puts an engine event or refusal (`engine.message.Msg`) into words.
"""

from __future__ import annotations

from .locales import LANGUAGES, language, language_from_env, language_name, set_language
from .render import N_, NP_, _, card_text, ngettext, npgettext, pgettext, render

__all__ = [
    "LANGUAGES",
    "N_",
    "NP_",
    "_",
    "card_text",
    "language",
    "language_from_env",
    "language_name",
    "ngettext",
    "npgettext",
    "pgettext",
    "render",
    "set_language",
]
