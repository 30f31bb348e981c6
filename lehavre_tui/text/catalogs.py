"""Keeping the catalogs: extract every player-facing word, update the Polish and Czech
catalogs, compile them (Babel). Not needed to play; run after changing any words:

    python -m lehavre_tui.text.catalogs update    # code + card data -> lehavre.pot -> pl.po, cs.po
    python -m lehavre_tui.text.catalogs compile   # .po -> .mo (shipped in the package)

What is extracted: calls of `_`, `N_`, `NP_`, `pgettext`, `ngettext`, `npgettext`, `Msg` and
`MsgN` in the package's code (templates written inline, never f-strings), and from the card
data and the engine's word lists: card texts (context `card:ID`), ship kinds (`ship`), goods
(`good`, counted `good:nom`/`good:acc`), counted nouns (`noun:nom`/`noun:acc`), ordinals and
the words that join lists.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from ..engine.goods import Good
from ..engine.message import NOUNS, ORDINAL_WORDS
from .locales import DOMAIN, LOCALE_DIR
from .render import good_noun

PACKAGE = Path(__file__).resolve().parent.parent
KEYWORDS = {
    "_": None,
    "N_": None,
    "NP_": ((1, "c"), 2),
    "pgettext": ((1, "c"), 2),
    "ngettext": (1, 2),
    "npgettext": ((1, "c"), 2, 3),
    "Msg": None,
    "MsgN": (1, 2),
}
TRANSLATED = ("pl", "cs")
JOIN_WORDS = (", ", " and ", " or ")


def template() -> Catalog:
    """Every word a player may read, as one template catalog."""
    cat = Catalog(project="lehavre_tui", domain=DOMAIN, charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("translators:",),
        strip_comment_tags=True,
    ):
        if not message or (isinstance(message, tuple) and not message[0]):
            continue
        cat.add(message, locations=[(f"lehavre_tui/{filename}", lineno)], auto_comments=comments, context=context)
    _add_data(cat)
    return cat


def _add_data(cat: Catalog) -> None:
    from ..engine.cards import content

    c = content()
    for card_id, b in c.buildings.items():
        cat.add(b.text, context=f"card:{card_id}", auto_comments=[f"card text of {b.name} ({b.number})"])
    for name in dict.fromkeys(b.name for b in c.buildings.values()):
        for case, note in BUILDING_CASES.items():
            cat.add(name, context=f"building:{case}", auto_comments=[note])
    for kind in c.ship_kinds.values():
        cat.add(kind.name, context="ship")
    for g in Good:
        cat.add(g.label, context="good", auto_comments=["a kind of good, named without a count"])
        for case in ("nom", "acc"):
            cat.add(good_noun(g), context=f"good:{case}", auto_comments=[_CASE_NOTE[case]])
    for one, many in NOUNS.values():
        for case in ("nom", "acc"):
            cat.add((one, many), context=f"noun:{case}", auto_comments=[_CASE_NOTE[case]])
    for word in ORDINAL_WORDS:
        cat.add(word, context="ordinal", auto_comments=["a supply chit's or a pier's place: the third chit"])
    for word in JOIN_WORDS:
        cat.add(word, context="join", auto_comments=["joins a list: 2 fish, 1 wood and 3 francs"])
    cat.add("nothing", context="goods", auto_comments=["no goods at all"])


# The declined forms of a building's name that sentences ask for with `{building:into}` or
# `{building:acc}`; the parser understands them too ('wejdź do Łowiska', 'kup Stolarnię').
BUILDING_CASES = {
    "into": "a building's name with the word for going into it: 'do Łowiska', 'na Targowisko'",
    "acc": "a building's name as what is bought, built or sold: 'kupuje Stolarnię'",
}

_CASE_NOTE = {
    "nom": "a count as a subject or on its own: '2 fish' (on the table, 'costs 2 fish')",
    "acc": "a count as what is taken, paid or given: 'takes 2 fish', 'pays 1 loan'",
}


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(lang: str) -> Catalog:
    with open(po_path(lang), "rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def update() -> None:
    pot = template()
    LOCALE_DIR.mkdir(parents=True, exist_ok=True)
    with open(LOCALE_DIR / f"{DOMAIN}.pot", "wb") as f:
        write_po(f, pot, width=0, sort_output=False)
    for lang in TRANSLATED:
        path = po_path(lang)
        if path.exists():
            cat = read_catalog(lang)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            cat = Catalog(locale=lang, domain=DOMAIN, project="lehavre_tui", charset="utf-8", fuzzy=False)
        cat.header_comment = HEADER[lang]
        cat.fuzzy = False
        cat.update(pot, no_fuzzy_matching=True)
        cat.obsolete.clear()
        with open(path, "wb") as f:
            write_po(f, cat, width=0, sort_output=False, ignore_obsolete=True, include_previous=False)


HEADER = {
    "pl": "# Le Havre in the terminal: Polish words (the Polish rulebook's terms).",
    "cs": "# Le Havre in the terminal: Czech words (the Czech rulebook's terms).",
}


def compiled(lang: str) -> bytes:
    """The .mo of a language's catalog as it is now."""
    buf = io.BytesIO()
    write_mo(buf, read_catalog(lang), use_fuzzy=False)
    return buf.getvalue()


def compile_all() -> None:
    for lang in TRANSLATED:
        po_path(lang).with_suffix(".mo").write_bytes(compiled(lang))


def main(argv: list[str]) -> int:
    if argv == ["update"]:
        update()
        return 0
    if argv == ["compile"]:
        compile_all()
        return 0
    print("usage: python -m lehavre_tui.text.catalogs update|compile", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
