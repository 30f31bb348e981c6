"""The engine's ids as a reader's command words ('smoked_fish' -> 'wędzone-ryby', 'wharf_1' ->
'stocznia-1'), for sentences that quote a command (`engine.message.Typed`).

It stands below both `render`, which quotes commands in the reader's words, and `commands`,
which reads and completes them; the word lists are data (`words_pl`, `words_cs`), English words
are the engine's ids.
"""

from __future__ import annotations

from types import ModuleType

from ..engine.goods import Good
from . import words_cs, words_pl

FOREIGN: dict[str, ModuleType] = {"pl": words_pl, "cs": words_cs}
_SIGNS = str.maketrans({"&": " ", "'": None, "’": None})


def hyphenated(name: str) -> str:
    """A name as one word of a command, keeping its letters: 'Most nad Sekwaną' -> 'most-nad-sekwaną'."""
    t = name.translate(_SIGNS).lower()
    t = "".join(c if c.isalnum() else "-" for c in t)
    return "-".join(part for part in t.split("-") if part)


def twin(building: str) -> str:
    """'-1' for the first of two cards of one name (building_firm_1), else ''."""
    head, _, tail = building.rpartition("_")
    return f"-{tail}" if head and tail.isdigit() else ""


def building_word(building: str, lang: str) -> str:
    """A building's word in a command: its id in English ('building-firm-1'), its name in
    Polish or Czech ('piekarnia', 'firma-budowlana-1', 'most-nad-sekwaną')."""
    if lang == "en":
        return building.replace("_", "-")
    from ..engine.cards import content

    card = content().buildings[building]
    return hyphenated(card.name_pl if lang == "pl" else card.name_cs) + twin(building)


def building_of(word: str) -> str | None:
    """The building an id-word names ('building-firm-1', 'wharf_1'), else None."""
    from ..engine.cards import content

    card_id = word.replace("-", "_")
    return card_id if card_id in content().buildings else None


def shown_good(key: str, lang: str) -> str:
    """A good's word in a command ('smoked_fish'; 'wędzone-ryby'); 'francs' for francs."""
    if lang == "en":
        return key
    mod = FOREIGN[lang]
    if key == "francs":
        return str(mod.FRANCS[0])
    return str(mod.GOODS[key][0])


def typed_word(word: str, lang: str) -> str:
    """An id of the game as a command word in `lang` ('smoked_fish' -> 'wędzone-ryby',
    'wharf_1' -> 'stocznia-1', 'two' -> 'dwa'); any other word as it is."""
    if lang == "en" or not word:
        return word
    mod = FOREIGN[lang]
    building = building_of(word)
    if building is not None:
        return building_word(building, lang)
    if word == "francs" or word in {g.key for g in Good}:
        return shown_good(word, lang)
    if word in mod.SHIP_TYPES:
        return str(mod.SHIP_TYPES[word][0])
    if word in mod.CHOICES:
        return str(mod.CHOICES[word][0])
    return word
