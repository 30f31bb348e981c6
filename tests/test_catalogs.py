"""The Polish and Czech catalogs: complete, current, compiled, and carried by the package."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from lehavre_tui import text
from lehavre_tui.engine.goods import Good
from lehavre_tui.engine.message import Count, Goods, Msg
from lehavre_tui.text.catalogs import TRANSLATED, compiled, po_path, read_catalog, template

ROOT = Path(__file__).resolve().parent.parent
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def _key(m) -> tuple[str | None, str]:
    return (m.context, m.id if isinstance(m.id, str) else m.id[0])


def _entries(lang: str):
    return [m for m in read_catalog(lang) if m.id]


@pytest.fixture(scope="module")
def extracted():
    return {_key(m) for m in template() if m.id}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_entry_is_translated_and_none_is_fuzzy(lang):
    missing = [m.id for m in _entries(lang) if not m.string or (isinstance(m.string, tuple) and not all(m.string))]
    fuzzy = [m.id for m in _entries(lang) if m.fuzzy]
    assert not missing, f"{len(missing)} entries of {lang} have no translation, e.g. {missing[:5]}"
    assert not fuzzy, f"{len(fuzzy)} entries of {lang} are fuzzy, e.g. {fuzzy[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders(lang):
    wrong = []
    for m in _entries(lang):
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        want = set(FIELD.findall(ids[0])) | set(FIELD.findall(ids[-1]))
        for s in strings:
            if s and set(FIELD.findall(s)) != want:
                wrong.append((ids[0], s))
    assert not wrong, f"placeholders differ from the English template: {wrong[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalog_holds_exactly_what_the_game_says(lang, extracted):
    held = {_key(m) for m in _entries(lang)}
    assert not extracted - held, f"not in the {lang} catalog (run catalogs update): {sorted(extracted - held)[:5]}"
    stale = sorted(held - extracted)
    assert not stale, f"in the {lang} catalog but no longer said (run catalogs update): {stale[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_is_current(lang):
    mo = po_path(lang).with_suffix(".mo").read_bytes()
    assert mo == compiled(lang), "run: python -m lehavre_tui.text.catalogs compile"


def test_an_installed_package_carries_the_compiled_catalogs(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in TRANSLATED:
        assert f"lehavre_tui/locale/{lang}/LC_MESSAGES/lehavre.mo" in names


@pytest.fixture
def lang():
    yield text.set_language
    text.set_language("en")


def test_polish_counts_take_their_plural_forms(lang):
    lang("pl")
    fish = [text.render(Goods.of({Good.FISH: n})) for n in (1, 2, 5, 12, 22, 25)]
    assert fish == ["1 ryba", "2 ryby", "5 ryb", "12 ryb", "22 ryby", "25 ryb"]
    loans = [text.render(Count(n, "loan")) for n in (1, 3, 5)]
    assert loans == ["1 pożyczka", "3 pożyczki", "5 pożyczek"]
    assert text.render(Goods.of({Good.FISH: 1}, case="acc")) == "1 rybę"


def test_czech_counts_take_their_plural_forms(lang):
    lang("cs")
    fish = [text.render(Goods.of({Good.FISH: n})) for n in (1, 2, 5, 22)]
    assert fish == ["1 ryba", "2 ryby", "5 ryb", "22 ryb"]
    assert text.render(Goods.of({Good.FISH: 1}, case="acc")) == "1 rybu"
    assert text.render(Goods.of({Good.FISH: 2, Good.WOOD: 1}, francs=5)) == "2 ryby, 1 dřevo a 5 franků"


def test_a_message_reads_in_polish(lang):
    lang("pl")
    out = text.render(Msg("{x}", x=Goods.of({Good.FISH: 2}, francs=1)))
    assert out == "2 ryby i 1 frank"
