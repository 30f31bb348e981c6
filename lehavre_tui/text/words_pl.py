"""The command language's Polish words (the Polish rulebook's terms).

Each entry maps the English word of the command language to the Polish words that mean it;
the first is the one completion offers and help shows, the others are understood too. Words
are compared without diacritics and case ('wez' is 'weź'); a name of several words is
written with hyphens ('wędzone-ryby') and may be typed with spaces ('wędzone ryby=2').
"""

from __future__ import annotations

# verbs of the game's moves
VERBS: dict[str, tuple[str, ...]] = {
    "supply": ("zaopatrz", "zaopatrzenie", "dostawa", "płyń"),
    "take": ("weź", "bierz", "zabierz"),
    "enter": ("wejdź", "użyj"),
    "build": ("zbuduj", "buduj"),
    "buy": ("kup", "kupuj"),
    "sell": ("sprzedaj",),
    "repay": ("spłać",),
    "feed": ("nakarm", "wyżyw", "karm"),
    "pay": ("zapłać", "płać"),
    "keep": ("zostaw", "zachowaj"),
    "swap": ("zamień",),
    "end": ("koniec", "zakończ", "pas"),
    "help": ("pomoc",),
}
# words the table understands besides the moves (undo, save, ...)
TABLE_WORDS: dict[str, tuple[str, ...]] = {
    "undo": ("cofnij",),
    "save": ("zapisz",),
    "show": ("pokaż",),
    "cards": ("karty",),
    "hint": ("podpowiedź", "rada"),
    "scores": ("wyniki", "punkty"),
    "quit": ("wyjdź",),
    "pause": ("pauza",),
    "say": ("powiedz",),
    "lobby": ("lobby",),
    "look": ("rozejrzyj", "patrz"),
    "pace": ("tempo",),
    "handoff": ("przekazanie",),
    "log": ("dziennik",),
}
# words players try that are not verbs (what to do instead is explained)
NOT_VERBS: dict[str, tuple[str, ...]] = {
    "loan": ("pożyczka", "pożyczki", "pożycz", "kredyt"),
}
# a loan named after 'spłać' ('spłać pożyczkę', 'spłać 2 pożyczki', 'spłać wszystkie pożyczki')
LOANS: tuple[str, ...] = ("pożyczkę", "pożyczka", "pożyczki", "pożyczek", "kredyt", "kredyty", "kredytów")
# the turn named after 'koniec' or 'zakończ' ('koniec tury', 'zakończ turę')
TURN: tuple[str, ...] = ("tury", "turę", "tura", "kolejki", "kolejkę")
# goods: the forms a player types (nominative, accusative, genitive, plural)
GOODS: dict[str, tuple[str, ...]] = {
    "fish": ("ryby", "ryba", "ryb", "rybę"),
    "wood": ("drewno", "drewna", "drew"),
    "clay": ("glina", "gliny", "glin", "glinę"),
    "iron": ("żelazo", "żelaza"),
    "grain": ("zboże", "zboża"),
    "cattle": ("bydło", "bydła", "krowa", "krowy", "krów"),
    "coal": ("węgiel", "węgla"),
    "hides": ("skóry", "skóra", "skór", "skórę"),
    "smoked_fish": (
        "wędzone-ryby", "wędzona-ryba", "wędzonych-ryb", "wędzoną-rybę", "wędzone", "wędzona", "wędzonych",
    ),
    "charcoal": ("węgiel-drzewny", "węgla-drzewnego", "drzewny"),
    "brick": ("cegły", "cegła", "cegieł", "cegłę"),
    "steel": ("stal", "stali"),
    "bread": ("chleb", "chleba", "chleby", "chlebów"),
    "meat": ("mięso", "mięsa"),
    "coke": ("koks", "koksu"),
    "leather": ("błamy", "błam", "błamów", "błamu"),
}  # fmt: skip
FRANCS: tuple[str, ...] = ("franki", "frank", "franka", "franków", "pieniądze", "monety")
FOOD: tuple[str, ...] = ("żywność", "jedzenie")
# the payment sections after a building: the entry fee, energy, food, building materials
SECTIONS: dict[str, tuple[str, ...]] = {
    "fee": ("opłata", "wstęp"),
    "pay": ("energia", "zapłać", "płać"),
    "food": FOOD,
    "with": ("materiały",),
}
# 'with' in a short word, read as one only when goods follow ('z drewno=1'), since
# names have such words in them ('Sklep z kanapkami')
WITH_BEFORE_GOODS: tuple[str, ...] = ("z", "ze")
# 'into' before the building entered ('wejdź do piekarni'), left out when a name follows
INTO: tuple[str, ...] = ("do", "na")
# other words of the choices after a building
CHOICES: dict[str, tuple[str, ...]] = {
    "all": ("wszystko", "wszystkie"),
    "max": ("maks",),
    "best": ("najlepsze",),
    "one": ("jeden", "jedna"),
    "two": ("dwa", "dwie"),
    "extra": ("dodatkowo", "ekstra"),
    "yacht": ("jacht",),
    "ship": ("statek",),
    "ships": ("statki",),
    "option": ("opcja",),
}
SHIP_TYPES: dict[str, tuple[str, ...]] = {
    "wooden": ("drewniany", "drewniany-statek", "statek-drewniany"),
    "iron": ("żelazny", "żelazny-statek", "statek-żelazny"),
    "steel": ("stalowy", "stalowy-statek", "statek-stalowy"),
    "luxury": ("luksusowy", "liniowiec", "luksusowy-liniowiec"),
}
HELP_TOPICS: dict[str, tuple[str, ...]] = {
    "goods": ("dobra", "towary"),
    "payments": ("płatności", "opłaty"),
    "names": ("nazwy",),
    "words": ("słowa",),
}
