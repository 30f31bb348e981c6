"""The engine speaks in messages: every event and refusal is a template with parameters.

- every refusal (IllegalAction, SaveError) is raised with a message, never a finished
  sentence, and every template is a literal the catalogs can extract, its placeholders
  the parameters given;
- the narration of whole random games, and the refusals of stray moves among them, read
  in English word for word as before the change (tests/data/english_narration.txt);
- every one of them renders in Polish and in Czech, a translation's placeholders the
  template's own.
"""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from lehavre_tui import text
from lehavre_tui.bots.hint import describe, effect
from lehavre_tui.bots.names import seat_name
from lehavre_tui.engine.actions import BuyShip, Enter, Supply, TakeOffer
from lehavre_tui.engine.cards import content
from lehavre_tui.engine.goods import Good
from lehavre_tui.engine.message import Listing, Msg
from lehavre_tui.engine.rules import apply
from lehavre_tui.engine.save import SaveError, load_save
from lehavre_tui.engine.setup import Setup, new_game
from lehavre_tui.engine.words import A_SHIP_KIND, GOOD_AT_START, SHIP_KIND, SHIP_KINDS, a_or_an
from lehavre_tui.session import Session
from lehavre_tui.text import catalogs, locales
from lehavre_tui.text.render import render_strict

from .conftest import game, give, own, ready
from .narration import narration, transcript

PACKAGE = Path(__file__).resolve().parents[1] / "lehavre_tui"
TRANSCRIPT = Path(__file__).resolve().parent / "data" / "english_narration.txt"
REFUSALS = ("IllegalAction", "SaveError")
# Files of other parts of the game that still raise refusals as English sentences; they
# become messages with their own part's work (the tutorial's refusals).
NOT_YET_MESSAGES: set[str] = set()


# --- the code ---------------------------------------------------------------------------------


@cache
def _calls_by_name() -> dict[str, list[tuple[str, ast.Call]]]:
    """Every call in the package's code, by the name called: the code is read once."""
    out: dict[str, list[tuple[str, ast.Call]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(PACKAGE).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                called = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
                if called is not None:
                    out.setdefault(called, []).append((f"{where}:{node.lineno}", node))
    return out


def _calls(name: str) -> Iterator[tuple[str, ast.Call]]:
    yield from _calls_by_name().get(name, ())


def _is_words(node: ast.expr) -> bool:
    """A finished sentence: a string, an f-string, strings glued with + or %, or .format()."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return _is_words(node.left) or _is_words(node.right)
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"


def test_refusals_are_raised_with_messages_not_sentences() -> None:
    sentences = []
    for name in REFUSALS:
        for where, call in _calls(name):
            if where.split(":")[0] in NOT_YET_MESSAGES:
                continue
            if call.args and _is_words(call.args[0]):
                sentences.append(where)
    assert sentences == [], f"refusals raised with an English sentence instead of a Msg: {sentences}"


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def test_every_template_is_a_literal_with_the_parameters_it_names() -> None:
    wrong = []
    found = 0
    for name, literals in (("Msg", 1), ("MsgN", 2)):
        for where, call in _calls(name):
            if where.startswith("engine/message.py"):
                continue  # the definitions
            found += 1
            templates = call.args[:literals]
            if templates and all(isinstance(t, (ast.Subscript, ast.Name, ast.Attribute)) for t in templates):
                continue  # a template from a table of N_() constants: the catalog tests check those
            if len(templates) < literals or not all(
                isinstance(t, ast.Constant) and isinstance(t.value, str) and t.value for t in templates
            ):
                wrong.append(f"{where}: the template is not a literal string")
                continue
            if any(k.arg is None for k in call.keywords):
                continue  # parameters passed as **mapping: checked where the sentences are rendered
            given = {k.arg for k in call.keywords}
            for t in templates:
                assert isinstance(t, ast.Constant)
                if _fields(t.value) != given:
                    wrong.append(f"{where}: {t.value!r} names {_fields(t.value)}, the call gives {given}")
    assert found > 300  # the engine's sentences and refusals are all there
    assert wrong == []


def test_the_code_checker_sees_an_f_string_and_a_glued_sentence() -> None:
    f_string, glued, message = (ast.parse(src, mode="eval").body for src in (
        'f"You have {n} loans."', '"You have " + str(n)', 'Msg("You have {n}.", n=n)'))
    assert _is_words(f_string) and _is_words(glued) and not _is_words(message)


# --- English as before --------------------------------------------------------------------------


@cache
def _said() -> tuple[tuple[str, object], ...]:
    return tuple(narration())


def test_random_games_are_narrated_in_english_word_for_word_as_before() -> None:
    want = TRANSCRIPT.read_text(encoding="utf-8").splitlines()
    got = transcript(_said())
    for i, (a, b) in enumerate(zip(got, want, strict=False)):
        assert a == b, f"line {i + 1} of {TRANSCRIPT.name} differs"
    assert len(got) == len(want)


def test_the_narration_is_messages() -> None:
    kinds = {kind for kind, _ in _said()}
    assert kinds == {"game", "event", "stray", "refusal"}
    assert all(isinstance(said, Msg) for kind, said in _said() if kind != "game")


def test_the_json_of_a_state_holds_the_narration_in_english() -> None:
    s = apply(new_game(Setup(players=2, seed=3)), Supply())
    assert isinstance(s.events[0], Msg)
    assert json.loads(s.model_dump_json())["events"] == [str(e) for e in s.events]


# --- Polish and Czech ---------------------------------------------------------------------------


def _messages(arg: object) -> Iterator[Msg]:
    """A message and every message inside it."""
    if isinstance(arg, Msg):
        yield arg
        for v in arg.args.values():
            yield from _messages(v)
    elif isinstance(arg, Listing):
        for item in arg.items:
            yield from _messages(item)


def _translations(lang: str, m: Msg) -> list[tuple[str, str]]:
    """(English template, its translation) for each form the catalog of `lang` has."""
    cat = locales.catalog(lang)
    if m.plural is None:
        return [(m.text, cat.gettext(m.text))]
    return [(m.text if n == 1 else m.plural, cat.ngettext(m.text, m.plural, n)) for n in (1, 2, 5)]


@pytest.fixture
def lang():
    yield text.set_language
    text.set_language("en")


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_every_event_and_refusal_renders_in(language: str, lang) -> None:  # noqa: ANN001
    lang(language)
    said = [m for kind, m in _said() if isinstance(m, Msg)]
    templates: dict[tuple[str, str | None], Msg] = {}
    for m in said:
        for inner in _messages(m):
            templates.setdefault((inner.text, inner.plural), inner)
        assert text.render(m).strip()
    bad = [
        (english, translated)
        for m in templates.values()
        for english, translated in _translations(language, m)
        if _fields(translated) != _fields(english)
    ]
    assert bad == []
    assert len(templates) > 180  # most of the engine's sentences and refusals were said


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_every_template_in_the_code_keeps_its_placeholders_in(language: str) -> None:
    """Also the sentences no random game says (saves, set-ups, hints): a translation may
    reorder the placeholders, never drop, add or rename one."""
    cat = locales.catalog(language)
    bad = []
    for name in ("Msg", "MsgN"):
        for where, call in _calls(name):
            if where.startswith("engine/message.py"):
                continue
            t = [a.value for a in call.args[: 2 if name == "MsgN" else 1] if isinstance(a, ast.Constant)]
            if len(t) < (2 if name == "MsgN" else 1):
                continue  # from a table of N_() constants: the catalog tests check those
            pairs = [(t[0], cat.gettext(t[0]))] if len(t) == 1 else [
                (t[0] if n == 1 else t[1], cat.ngettext(t[0], t[1], n)) for n in (1, 2, 5)
            ]
            bad += [(where, english, tr) for english, tr in pairs if _fields(tr) != _fields(english)]
    assert bad == []


def test_a_move_is_returned_in_the_readers_language(tmp_path: Path, lang) -> None:  # noqa: ANN001
    s = Session.new(Setup(players=2, variant="short", seed=1), autosave=tmp_path / "a.json")
    s.act(Supply())
    lang("pl")
    lines = s.act(Enter(building="construction_firm", targets=(s.state.proposals[0][0],)))
    assert lines == [text.render(e) for e in s.state.events]
    assert "do Kompanii budowlanej" in lines[0]  # the building's name in Polish, declined
    assert s.log[-1].event == s.state.events[-1]  # the log keeps the message itself


def test_a_damaged_save_is_refused_with_a_message() -> None:
    with pytest.raises(SaveError) as err:
        load_save("[]")
    assert isinstance(err.value.msg, Msg)
    assert str(err.value) == "The file holds no saved game (a save is a JSON object with the set-up and the moves)."


# --- words shared by the messages -------------------------------------------------------------


def test_ship_kinds_and_goods_in_sentences_follow_the_card_data() -> None:
    for t, kind in content().ship_kinds.items():
        name = kind.name.lower()
        assert str(SHIP_KIND[t]) == name
        assert str(A_SHIP_KIND[t]) == a_or_an(name).capitalize()
        assert str(SHIP_KINDS[t]) == f"{kind.name}s"
    for g in Good:
        assert str(GOOD_AT_START[g]) == g.label.capitalize()


def test_bots_are_named_with_their_kind() -> None:
    assert str(seat_name("Ben", "search")) == "Ben (search bot)"
    assert str(seat_name("Ben", "heuristic")) == "Ben (heuristic bot)"
    assert seat_name("Anna", "human") == "Anna"


def test_a_hint_names_the_move_and_what_it_brings() -> None:
    s = ready(game(3))
    s.offers[0] = 1
    assert str(describe(s, TakeOffer(space="francs"))) == "Take the 1 franc"
    assert str(describe(s, BuyShip(ship_type="wooden"))) == "Buy a wooden ship"
    own(s, "building_firm_1", 0)
    top = s.proposals[0][0]
    name = content().buildings[top].name
    assert str(describe(s, Enter(building="building_firm_1", targets=(top,)))) == (
        f"Enter the Building Firm for the {name}"
    )
    give(s, 0, francs=0)
    assert str(effect(s, TakeOffer(space="francs"))) == "you get 1 franc"


# --- Polish and Czech as a native reader reads them -------------------------------------------

# a negation a sentence must not lose: 'masz nic' is 'nie masz nic'
DOUBLE_NEGATION = re.compile(r"(?<!nie )\b(masz|ma|mają|płaci|płacąc|dostaje|zostaje) nic\b|"
                             r"(?<!ne)\b(máš|má|mají|platí|platíš|dostává) nic\b", re.IGNORECASE)
# a word of the engine's own (an id) among Polish or Czech words
IDS = frozenset(content().buildings) | {g.key for g in Good} | {"francs"} | set(content().ships)


def _counted_forms(language: str) -> dict[str, set[int]]:
    """Each word a count takes ('ryby') -> the plural forms (0, 1, 2) it is right for."""
    cat = locales.catalog(language)
    out: dict[str, set[int]] = {}
    for m in catalogs.read_catalog(language):
        if isinstance(m.id, tuple) and m.context and m.context.split(":")[0] in ("noun", "good"):
            for n in (1, 2, 5):
                said = cat.npgettext(m.context, *m.id, n).format(n=n).split(" ", 1)
                if len(said) == 2:  # not '2×'
                    out.setdefault(said[1], set()).add(cat.plural(n))  # type: ignore[attr-defined]
    return out


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_the_narration_reads_as_a_native_writes(language: str, lang) -> None:  # noqa: ANN001
    """Every event and refusal of the random games renders from its own catalog entry (no
    English left where a form does not fit), with no double negation missing its 'nie' or
    'ne', no id of the engine's, and every count agreeing with its noun."""
    lang(language)
    forms = _counted_forms(language)
    plural = locales.catalog(language).plural  # type: ignore[attr-defined]
    local = {w.lower() for b in content().buildings.values() for w in re.findall(r"\w+", b.name_pl + " " + b.name_cs)}
    ids = IDS - local
    wrong: dict[str, list[str]] = {"negation": [], "id": [], "count": []}
    for m in {id(m): m for _, m in _said() if isinstance(m, Msg)}.values():
        out = render_strict(m)
        if DOUBLE_NEGATION.search(out):
            wrong["negation"].append(out)
        if set(re.findall(r"[a-z][a-z0-9_]*", out)) & ids:
            wrong["id"].append(out)
        for found in re.finditer(r"(?<![\w.,=+-])(\d+) (\w+)", out):
            n, word = found.groups()
            negated = "nie" in out[: found.start()].split()[-2:]  # 'nie daje 2 dóbr': the genitive
            if word in forms and plural(int(n)) not in forms[word] and not negated:
                wrong["count"].append(f"{n} {word}: {out}")
    assert {k: sorted(set(v))[:8] for k, v in wrong.items() if v} == {}


def test_the_native_checks_see_what_they_look_for() -> None:
    assert DOUBLE_NEGATION.search("Anna płaci nic.") and DOUBLE_NEGATION.search("Máš nic.")
    assert not DOUBLE_NEGATION.search("Anna nic nie płaci.") and not DOUBLE_NEGATION.search("Nemáš nic.")
    assert {"wharf_1", "smoked_fish"} <= IDS
    forms = _counted_forms("pl")
    assert 1 in forms["ryby"] and 2 not in forms["ryby"]
