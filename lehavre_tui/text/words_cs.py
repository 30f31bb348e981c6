"""The command language's Czech words (the Czech rulebook's terms).

Each entry maps the English word of the command language to the Czech words that mean it;
the first is the one completion offers and help shows, the others are understood too. Words
are compared without diacritics and case ('vezmi' is 'vezmi', 'splat' is 'splať'); a name
of several words is written with hyphens ('uzené-ryby') and may be typed with spaces.
"""

from __future__ import annotations

# verbs of the game's moves
VERBS: dict[str, tuple[str, ...]] = {
    "supply": ("doplň", "doplnit", "doplnění", "pluj"),
    "take": ("vezmi", "vem", "ber", "seber"),
    "enter": ("vstup", "vejdi", "použij"),
    "build": ("postav", "stav"),
    "buy": ("kup", "kupuj"),
    "sell": ("prodej", "prodat"),
    "repay": ("splať", "splatit"),
    "feed": ("nakrm", "krm"),
    "pay": ("zaplať", "plať"),
    "keep": ("nech", "ponech"),
    "swap": ("prohoď", "vyměň"),
    "end": ("konec", "hotovo", "ukonči", "ukončit"),
    "help": ("pomoc", "nápověda"),
}
# words the table understands besides the moves (undo, save, ...)
TABLE_WORDS: dict[str, tuple[str, ...]] = {
    "undo": ("zpět", "vrať"),
    "save": ("ulož",),
    "show": ("ukaž",),
    "cards": ("karty",),
    "hint": ("rada", "poraď"),
    "scores": ("skóre", "výsledky", "body"),
    "quit": ("odejdi", "odchod"),
    "pause": ("pauza",),
    "say": ("řekni",),
    "lobby": ("lobby",),
    "look": ("rozhlédni", "dívej"),
    "pace": ("tempo",),
    "handoff": ("předání",),
    "log": ("záznam",),
}
# words players try that are not verbs (what to do instead is explained)
NOT_VERBS: dict[str, tuple[str, ...]] = {
    "loan": ("půjčka", "půjčky", "půjč", "úvěr"),
}
# a loan named after 'splať' ('splať půjčku', 'splať 2 půjčky', 'splať všechny půjčky')
LOANS: tuple[str, ...] = ("půjčku", "půjčka", "půjčky", "půjček", "úvěr", "úvěry", "úvěrů")
# the turn named after 'konec' or 'ukonči' ('konec tahu', 'ukonči tah')
TURN: tuple[str, ...] = ("tahu", "tah")
# goods: the forms a player types (nominative, accusative, genitive, plural)
GOODS: dict[str, tuple[str, ...]] = {
    "fish": ("ryby", "ryba", "ryb", "rybu"),
    "wood": ("dřevo", "dřeva", "dřev"),
    "clay": ("jíl", "jíly", "jílu", "jílů", "hlína", "hlíny", "hlínu"),
    "iron": ("železo", "železa", "želez"),
    "grain": ("obilí",),
    "cattle": ("dobytek", "dobytka", "dobytků", "kráva", "krávy", "krav"),
    "coal": ("uhlí",),
    "hides": ("kůže", "kůží"),
    "smoked_fish": ("uzené-ryby", "uzená-ryba", "uzených-ryb", "uzenou-rybu", "uzené", "uzená", "uzených"),
    "charcoal": ("dřevěné-uhlí", "dřevěného-uhlí"),
    "brick": ("cihly", "cihla", "cihel", "cihlu"),
    "steel": ("ocel", "oceli"),
    "bread": ("chléb", "chleba", "chleby", "chlebů"),
    "meat": ("maso", "masa"),
    "coke": ("koks", "koksu"),
    "leather": ("useň", "usně", "usní"),
}
FRANCS: tuple[str, ...] = ("franky", "frank", "franků", "franku", "peníze")
FOOD: tuple[str, ...] = ("jídlo", "jídla")
# the payment sections after a building: the entry fee, energy, food, building materials
SECTIONS: dict[str, tuple[str, ...]] = {
    "fee": ("poplatek",),
    "pay": ("energie", "zaplať", "plať"),
    "food": FOOD,
    "with": ("materiál", "materiály"),
}
# 'with' in a short word, read as one only when goods follow ('s dřevo=1'), since names
# have such words in them ('Trh s potravinami')
WITH_BEFORE_GOODS: tuple[str, ...] = ("s", "se")
# 'into' before the building entered ('wejdź do piekarni'), left out when a name follows
INTO: tuple[str, ...] = ("do", "na")
# other words of the choices after a building
CHOICES: dict[str, tuple[str, ...]] = {
    "all": ("vše", "všechno", "všechny"),
    "max": ("maximum",),
    "best": ("nejlepší",),
    "one": ("jeden", "jedna", "jedno"),
    "two": ("dva", "dvě"),
    "extra": ("navíc",),
    "yacht": ("jachta",),
    "ship": ("loď",),
    "ships": ("lodě", "lodi"),
    "option": ("volba", "možnost"),
}
# nominative, then the accusative a player types after 'kup' and 'prodej' ('kup dřevěnou loď')
SHIP_TYPES: dict[str, tuple[str, ...]] = {
    "wooden": ("dřevěná", "dřevěná-loď", "loď-dřevěná", "dřevěnou", "dřevěnou-loď"),
    "iron": ("železná", "železná-loď", "loď-železná", "železnou", "železnou-loď"),
    "steel": ("ocelová", "ocelová-loď", "loď-ocelová", "ocelovou", "ocelovou-loď"),
    "luxury": ("luxusní", "parník", "luxusní-parník", "luxusní-loď"),
}
HELP_TOPICS: dict[str, tuple[str, ...]] = {
    "goods": ("suroviny", "zboží"),
    "payments": ("platby", "poplatky"),
    "names": ("názvy", "jména"),
    "words": ("slova",),
}
