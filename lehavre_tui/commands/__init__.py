"""The command language shared by the command bar and the command line.

`parse(text, state)` turns a line such as ``enter bakehouse 4 pay wood=1`` into an engine
action, `to_command(action, state)` writes the canonical line for an action (which `parse`
turns back into an equal action), `complete(prefix, state)` offers full lines for the legal
actions, `complete_step(prefix, state)` the choices for the next word only (what Tab
offers), and `help_text(topic, state)` explains verbs, payments and cards. Parsing never
changes the state.

Words: the verbs, goods, payment words and choices may be English, Polish or Czech, with or
without diacritics, mixed in one line (``weź ryby``, ``vstup pekárna 4``, ``nakarm ryby=2
chleb=1``); `to_command(action, state, lang)` writes a line in Polish or Czech words, and
completion offers the reader's language (`text.language()`). The word lists are data
(`text.words_pl`, `text.words_cs`); `words` looks typed words up (`verb_of`, `table_word_of`).

Names: buildings and ships by id (``building-firm-1``), English, Polish or Czech name (in
words as the table prints them, ``steel mill``, or hyphenated, with or without diacritics),
card number (``09``, ``SP-14``), or any unambiguous prefix of one of them (or of one of their
words: ``court``). A near miss is answered with "did you mean ...?".
When a prefix fits several cards, the ones that make sense now decide (``wharf`` picks the
one Wharf you can enter; with both free, the one where the rest of the line can be carried
out, else you are asked which).

Modules: `errors` (CommandError, HelpRequested), `verbs` (verbs and short forms), `words`
(the words of the three languages; their data is `text.words_pl` and `text.words_cs`), `names`
(card, ship and offer names), `now` (what makes sense now), `tokens` (words, good=N pairs,
payments), `enter` (the enter verb's per-card choices), `parse` (one parser per verb),
`render` (`to_command`), `complete` and `help`.
"""

from __future__ import annotations

from .complete import Choice, Step, complete, complete_step
from .errors import CommandError, HelpRequested
from .help import SYNTAX, help_text
from .names import building_id, building_named
from .parse import parse
from .render import command_words, to_command
from .verbs import VERBS
from .words import table_word_of, verb_of

__all__ = [
    "Choice",
    "CommandError",
    "HelpRequested",
    "SYNTAX",
    "VERBS",
    "Step",
    "building_id",
    "building_named",
    "command_words",
    "complete",
    "complete_step",
    "help_text",
    "parse",
    "table_word_of",
    "to_command",
    "verb_of",
]
