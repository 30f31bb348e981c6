"""The Polish and Czech catalogs: complete, current, compiled, and carried by the package."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from lehavre_tui import text
from lehavre_tui.commands.verbs import VERBS as VERBS_EN
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
    # built from a copy of the sources: a build writes into its source folder (build/,
    # *.egg-info), where an install of the project may be building at the same time
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "content", source / "content", ignore=skip)
    shutil.copytree(ROOT / "lehavre_tui", source / "lehavre_tui", symlinks=True, ignore=skip)  # content: a link
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "wheel"), str(source)],
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "wheel").glob("*.whl")
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


# --- the catalogs as a native reader reads them -----------------------------------------------

QUOTES = {"pl": ("„", "”"), "cs": ("„", "“")}
# the game's English words that a Polish or Czech sentence names in its own words
ENGLISH_TERMS = re.compile(
    r"\b(?:francs?|fish|wood|clay|grain|cattle|coal|hides?|smoked[ _]fish|charcoal|bricks?|bread|meat|coke|"
    r"leather|offer space|proposal|supply chit|wharf|joinery|bakehouse|fishery|marketplace|building firm|"
    r"[a-z]+_[a-z0-9_]+)\b"
)
# entries that list the English words on purpose, beside the reader's own
ENGLISH_ON_PURPOSE = re.compile(
    r"po angielsku|anglicky|\((?:supply|take|enter|build|buy|sell|repay|feed|pay|keep|swap|end|help)\b"
)


def _strings(m) -> tuple[str, ...]:
    return m.string if isinstance(m.string, tuple) else (m.string,)


def _said_entries(lang: str):
    """Entries a player reads as sentences (not the card data's names and counted nouns)."""
    for m in _entries(lang):
        if not (m.context or "").startswith(("building:", "good:", "noun:", "ship", "ordinal", "join")):
            yield m


@pytest.mark.parametrize("lang", TRANSLATED)
def test_one_quotation_style(lang):
    """Polish quotes „so”, Czech „so“; never 'so' or "so", and never the other language's closing mark."""
    opening, closing = QUOTES[lang]
    other = "“" if lang == "pl" else "”"
    wrong = [s for m in _entries(lang) for s in _strings(m) if "'" in s or '"' in s or other in s]
    unpaired = [s for m in _entries(lang) for s in _strings(m) if s.count(opening) != s.count(closing)]
    assert wrong == [] and unpaired == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_game_term_in_a_translation(lang):
    wrong = []
    for m in _said_entries(lang):
        for s in _strings(m):
            if ENGLISH_ON_PURPOSE.search(s):
                continue
            found = ENGLISH_TERMS.findall(re.sub(r"\{[^{}]*\}|\S*/\S*", "", s))  # placeholders and paths aside
            if found:
                wrong.append((found, s))
    assert wrong == []


# refusals that say a word of the line was not understood (the others say the move is not possible now)
NOT_READ = re.compile(r"^There is no (building|offer space|ship type)|^Unknown command|is not a good|could be|"
                      r"takes nothing after it|is not a number|^Say |^Name ")
EXAMPLE_QUOTES = {"en": r"'([^']+)'", "pl": r"„([^”]+)”", "cs": r"„([^“]+)“"}


def _examples(text_: str, lang: str) -> list[str]:
    """The command lines a text teaches in `lang`: quoted ones that begin with a verb of the
    language, and in help's tables the parts of lines (two spaces apart) that begin with one.
    Lines with a placeholder ({building}, NAME, ...) are left to the tests of their own."""
    from lehavre_tui.commands.words import verb_words

    verbs = {w for v in VERBS_EN for w in verb_words(v, lang)} | ({"show"} if lang == "en" else set())
    verbs |= {"pokaż"} if lang == "pl" else {"ukaž"} if lang == "cs" else set()
    found = re.findall(EXAMPLE_QUOTES[lang], text_)
    if "\n  " in text_:
        found += [part for line in text_.splitlines() for part in re.split(r"\s{2,}", line.strip())]
    out = []
    for line in found:
        line = re.sub(r"\s*\[[^]]*\]", "", line.split(" |")[0]).strip()
        words = line.split()
        if not words or words[0] not in verbs or len(words) > 7:
            continue
        if "{" in line or "..." in line or any(w.isupper() and len(w) > 1 for w in words):
            continue
        out.append(line)
    return out


def _rich_state():
    from lehavre_tui.engine.cards import content

    from .conftest import game, give, own, ready

    s = ready(game(3))
    for b in content().buildings:
        if b not in ("joinery", "marketplace"):
            own(s, b)  # the town's; the Joinery and the Marketplace stay on top of their stacks
    for stack in s.proposals:
        if "joinery" in stack:
            stack.remove("joinery")
    s.proposals[0].insert(0, "joinery")
    give(s, 0, francs=200, **{g.key: 9 for g in Good})
    s.players[0].loans = 3
    ships = content().ships
    s.players[0].ships = [min((x for x in ships if ships[x].type == t), key=lambda x: ships[x].value)
                          for t in ("wooden", "iron", "steel")]
    for stack in s.ship_stacks.values():
        for x in s.players[0].ships:
            if x in stack:
                stack.remove(x)
    return s


def _outcome(line: str, s):
    """What a line makes: the move, or the kind of refusal and its template."""
    from lehavre_tui.commands import CommandError, HelpRequested, building_id, parse
    from lehavre_tui.commands.words import table_word_of
    from lehavre_tui.engine.errors import IllegalAction

    words = line.split()
    try:
        if table_word_of(words[0]) == "show":
            return ("show", building_id(" ".join(words[1:])))
        return parse(line, s)
    except HelpRequested as exc:
        return ("help", exc.args[0] if exc.args else None)
    except (CommandError, IllegalAction) as exc:
        msg = exc.msg
        return (type(exc).__name__, msg.text if isinstance(msg, Msg) else str(msg))


def _declined_as_written(line: str, outcome) -> str | None:
    """Why an example names a building in a form a native would not type ('wejdź piekarnia',
    'kup stolarnia'), or None: after 'enter' the building comes with 'do'/'na' in the form
    the catalogs give; after build, buy, sell and show, in the accusative."""
    from lehavre_tui.commands.words import fold, is_into, table_word_of, verb_of
    from lehavre_tui.engine.actions import Build, BuyBuilding, Enter, SellBuilding
    from lehavre_tui.text.render import building_form

    words = line.split()
    verb = verb_of(words[0]) or table_word_of(words[0])
    rest = words[1:]
    if isinstance(outcome, Enter) and verb == "build" and outcome.targets:
        b, case = outcome.targets[0], "acc"  # built at the best firm
    elif isinstance(outcome, Enter):
        b, case = outcome.building, "into"
        if not rest or not is_into(rest[0]):
            return "enter without 'do' or 'na'"
    elif isinstance(outcome, (BuyBuilding, SellBuilding)):
        b, case = outcome.building, "acc"
    elif isinstance(outcome, Build):
        b, case = outcome.target, "acc"
    elif verb in ("build", "show") and isinstance(outcome, tuple) and outcome[0] == "show":
        b, case = outcome[1], "acc"
    else:
        return None
    form = building_form(b, case).split()
    typed = rest
    if case == "into":
        typed = rest[1:]
        # 'na targowisko': the accusative after 'na'
        form = building_form(b, "acc").split() if form[0] != rest[0] else form[1:]
    # the first word tells the case ('piekarni', 'stolarnię', 'sądu'); a name may be cut short after it
    if not typed or fold(typed[0]) != fold(form[0]):
        return f"{' '.join(typed)!r} is not {' '.join(form)!r}"
    return None


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_example_command_is_read_as_the_english_one(lang):
    """Each example a translation teaches (help, refusals, the tutorial) is read by the parser
    as the move its English example makes, and names a building as a native types it."""
    s = _rich_state()
    wrong: list[tuple[str, str, object]] = []
    seen = 0
    for m in _said_entries(lang):
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        for english_text, translated in zip(ids * 3, _strings(m), strict=False):
            ours, theirs = _examples(translated, lang), _examples(english_text, "en")
            text.set_language(lang)
            try:
                for i, line in enumerate(ours):
                    seen += 1
                    got = _outcome(line, s)
                    want = None
                    if len(ours) == len(theirs):
                        text.set_language("en")
                        want = _outcome(theirs[i], s)
                        text.set_language(lang)
                        if type(want) is not type(got) or (not isinstance(got, tuple) and got != want):
                            wrong.append((line, f"not what {theirs[i]!r} makes", (got, want)))
                    if isinstance(got, tuple) and NOT_READ.search(got[1]) and len(line.split()) > 1 and got != want:
                        wrong.append((line, "not read", got))
                    why = _declined_as_written(line, got)
                    if why:
                        wrong.append((line, why, got))
            finally:
                text.set_language("en")
    assert seen > 60
    assert wrong == [], "\n".join(f"{line}: {why}: {got}" for line, why, got in wrong)


def test_the_example_check_sees_a_name_a_native_would_not_type(lang):
    s = _rich_state()
    set_lang = lang
    for lang, line in (("pl", "wejdź piekarnia 4"), ("pl", "kup stolarnia"), ("pl", "sprzedaj stolarnia"),
                       ("pl", "wejdź do piekarnia 4"), ("cs", "vstup pekárna 4"), ("cs", "kup tržnice"),
                       ("pl", "zbuduj stolarnia")):  # fmt: skip
        set_lang(lang)
        assert _declined_as_written(line, _outcome(line, s)), line
    for lang, line in (("pl", "wejdź do piekarni 4"), ("pl", "kup stolarnię"),
                       ("pl", "wejdź na targowisko węgiel zboże"), ("cs", "vstup do pekárny 4"), ("cs", "kup tržnici"),
                       ("cs", "vstup na tržnici ryby dřevo jíl"),
                       ("pl", "zbuduj stolarnię"), ("cs", "kup dřevěnou loď")):  # fmt: skip
        set_lang(lang)
        assert _declined_as_written(line, _outcome(line, s)) is None, line
    assert _examples("np. „wejdź do piekarni 4” albo „kup stolarnię”; „pomoc”", "pl") == [
        "wejdź do piekarni 4", "kup stolarnię", "pomoc"]


def test_a_refusals_example_declines_the_building(lang):
    from lehavre_tui.engine.message import Typed

    example = Msg("'enter {building} 2'", building=Typed("bakehouse"))
    assert text.render(example) == "'enter bakehouse 2'"
    lang("pl")
    assert text.render(example) == "„wejdź do piekarni 2”"
    firm = Msg("'enter {building} 2'", building=Typed("building-firm-1"))
    assert text.render(firm) == "„wejdź do firmy budowlanej 1 2”"
    lang("cs")
    assert text.render(example) == "„vstup do pekárny 2“"
