"""The command language in Polish and Czech beside English: verbs, goods, payments, names,
with and without diacritics, mixed in one line; completion in the reader's language; the
rulebook's first round played from a Polish and a Czech script; `--lang`."""

from __future__ import annotations

import os
import random
import unicodedata
from collections.abc import Iterator
from datetime import timedelta
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lehavre_tui import text
from lehavre_tui.cli import _play, main, read_script
from lehavre_tui.command_line import requested_language, resolve_language
from lehavre_tui.commands import (
    CommandError,
    HelpRequested,
    building_id,
    complete,
    complete_step,
    help_text,
    parse,
    to_command,
)
from lehavre_tui.commands.words import VERBS_EN, fold, verb_of
from lehavre_tui.engine.actions import (
    BuyBuilding,
    BuyShip,
    Enter,
    Feed,
    PayInterest,
    Reorder,
    SellBuilding,
    Supply,
    TakeOffer,
)
from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.message import Listing, Msg
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.setup import Setup, complete_setup, new_game
from lehavre_tui.engine.state import GameState
from lehavre_tui.text import words_cs, words_pl
from lehavre_tui.tutorial import SETUP

from .conftest import game, give, own, ready

LANGS = {"pl": words_pl, "cs": words_cs}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Each test may read in another language; the next one reads English again."""
    yield
    text.set_language("en")


def bare(line: str) -> str:
    """A line typed without diacritics: 'weź wędzone' -> 'wez wedzone'."""
    t = unicodedata.normalize("NFKD", line.replace("ł", "l").replace("Ł", "L"))
    return "".join(c for c in t if not unicodedata.combining(c))


def variants(word: str) -> list[str]:
    return list(dict.fromkeys([word, bare(word), word.upper(), bare(word).capitalize()]))


# --- the word lists -------------------------------------------------------------------------------


def test_no_word_means_two_things() -> None:
    """Within each kind of word, a word (folded) stands for one English word in all three languages."""
    for kind in ("VERBS", "SECTIONS", "CHOICES", "SHIP_TYPES", "HELP_TOPICS"):
        seen: dict[str, str] = {}
        for mod in LANGS.values():
            for canon, forms in getattr(mod, kind).items():
                for w in forms:
                    assert seen.setdefault(fold(w), canon) == canon, (kind, w)
    goods: dict[str, str] = {}
    for mod in LANGS.values():
        for key, forms in [*mod.GOODS.items(), ("francs", mod.FRANCS)]:
            for w in forms:
                assert goods.setdefault(fold(w), key) == key, w
    verbs = {fold(w) for mod in LANGS.values() for forms in mod.VERBS.values() for w in forms}
    table = {fold(w) for mod in LANGS.values() for forms in mod.TABLE_WORDS.values() for w in forms}
    assert not verbs & table
    assert set(words_pl.VERBS) == set(words_cs.VERBS) == set(VERBS_EN)


def test_the_tables_own_words_in_every_language() -> None:
    from lehavre_tui.commands import table_word_of

    said = {
        "cofnij": "undo", "zpět": "undo", "zpet": "undo", "zapisz": "save", "ulož": "save", "pokaż": "show",
        "ukaz": "show", "karty": "cards", "podpowiedź": "hint", "rada": "hint", "wyniki": "scores",
        "skóre": "scores", "wyjdź": "quit", "odejdi": "quit", "pauza": "pause", "undo": "undo", "quit": "quit",
    }  # fmt: skip
    for word, meant in said.items():
        assert table_word_of(word) == meant, word
    assert table_word_of("weź") is None and verb_of("cofnij") is None


# --- verbs ---------------------------------------------------------------------------------------


@pytest.fixture
def s() -> GameState:
    return game(3)


def _verb_cases() -> list[tuple[str, str]]:
    return [(lang, w) for lang, mod in LANGS.items() for forms in mod.VERBS.values() for w in forms]


@pytest.mark.parametrize(("lang", "word"), _verb_cases())
def test_every_polish_and_czech_verb_is_its_english_one(lang: str, word: str) -> None:
    canon = next(v for v, forms in LANGS[lang].VERBS.items() if word in forms)
    for typed in variants(word):
        assert verb_of(typed) == canon, typed


def test_verbs_make_the_same_moves_as_english(s: GameState) -> None:
    lines = {
        "supply": ["zaopatrz", "zaopatrzenie", "płyń", "plyn", "doplň", "dopln", "doplnit"],
        "take fish": ["weź ryby", "wez ryby", "bierz ryby", "zabierz ryby", "vezmi ryby", "vem ryby", "ber ryby"],
    }
    for english, others in lines.items():
        want = parse(english, s)
        for line in others:
            assert parse(line, s) == want, line
    s = ready(s)
    give(s, 0, francs=20, grain=4, wood=2)
    own(s, "bakehouse")
    own(s, "joinery")
    moves = {
        "enter bakehouse 4": ["wejdź piekarnia 4", "wejdz piekarnia 4", "użyj piekarnia 4", "vstup pekárna 4",
                              "vstup pekarna 4", "vejdi pekárna 4", "wejdź pekárna 4", "vstup bakehouse 4"],
        "buy joinery": ["kup stolarnia", "kup Stolarnia", "kup truhlářství", "kup truhlarstvi", "kupuj joinery"],
        "repay": ["spłać", "splac", "splať", "splat", "splatit"],
        "end": ["koniec", "zakończ", "zakoncz", "pas", "konec", "hotovo"],
    }  # fmt: skip
    for english, others in moves.items():
        want = parse(english, s)
        for line in others:
            assert parse(line, s) == want, line


def test_pay_feed_keep_swap_sell_and_build_in_every_language(s: GameState) -> None:
    assert parse("zapłać", s) == parse("zaplať", s) == parse("plać", s) == PayInterest()
    assert (
        parse("nakarm ryby=2 chleb=1", s) == parse("nakrm ryby=2 chléb=1", s) == Feed(payment={"fish": 2, "bread": 1})
    )
    assert parse("wyzyw franki=3", s) == parse("krm franky=3", s) == Feed(payment={"francs": 3})
    assert parse("zostaw", s) == parse("nech", s) == Reorder(swap=False)
    assert parse("zamień", s) == parse("zamien", s) == parse("prohoď", s) == parse("vymen", s) == Reorder(swap=True)
    assert parse("sprzedaj stolarnia", s) == parse("prodej truhlářství", s) == SellBuilding(building="joinery")
    assert parse("spłać wszystko", s) == parse("splať vše", s) == parse("repay all", s)
    assert parse("kup drewniany", s) == parse("kup dřevěná", s) == parse("kup statek drewniany", s)
    assert parse("kup dřevěná", s) == BuyShip(ship_type="wooden")
    assert parse("kup loď ocelová", s) == BuyShip(ship_type="steel")
    s = give(ready(s), 0, wood=2)
    assert parse("zbuduj targowisko", s) == parse("postav tržnice", s) == parse("build marketplace", s)


def test_buildings_named_as_a_sentence_declines_them(s: GameState) -> None:
    """Polish and Czech name a building in the case the verb asks for ('zbuduj stolarnię',
    'kup tržnici', 'wejdź do piekarni', 'vstup do pekárny'), as the help's examples do."""
    s = ready(s)
    give(s, 0, francs=20, grain=4, wood=2)
    own(s, "bakehouse")
    own(s, "joinery")
    assert parse("kup stolarnię", s) == parse("kup truhlářství", s) == BuyBuilding(building="joinery")
    want = parse("enter bakehouse 4", s)
    for line in ("wejdź do piekarni 4", "wejdz do piekarni 4", "wejdź piekarnię 4", "vstup do pekárny 4",
                 "vstup na pekárnu 4", "vstup pekárnu 4"):  # fmt: skip
        assert parse(line, s) == want, line
    s = give(ready(s), 0, wood=2)
    assert parse("postav tržnici", s) == parse("zbuduj targowisko", s) == parse("build marketplace", s)
    assert building_id("hutę żelaza") == "ironworks"
    assert building_id("kopalnię węgla") == "colliery"
    assert building_id("ocelárny") == "steel_mill"


def test_a_declined_name_never_beats_a_name_as_typed() -> None:
    """Endings are tried last: a whole name or its beginning wins, and a short or
    unrelated word is still no name ('do' alone, 'piec', a number)."""
    assert building_id("piekarnia") == "bakehouse"
    assert building_id("dok") == "dock"
    with pytest.raises(CommandError):
        building_id("stolx")
    with pytest.raises(CommandError):
        building_id("xyzzy")


def test_a_prefix_of_a_polish_or_czech_verb(s: GameState) -> None:
    assert parse("sprzed stolarnia", s) == SellBuilding(building="joinery")
    assert parse("nakr ryby=1", s) == Feed(payment={"fish": 1})
    with pytest.raises(CommandError, match="'we' could be weź or wejdź; type more letters"):
        parse("we ryby", s)
    # English beginnings keep their meaning: 'k' is keep, 'en' enter or end
    assert parse("k", s) == Reorder(swap=False)
    with pytest.raises(CommandError, match="could be enter or end"):
        parse("en", s)


def test_a_mistyped_polish_verb_is_guessed(s: GameState) -> None:
    with pytest.raises(CommandError, match="Did you mean sprzedaj"):
        parse("sprzedja stolarnia", s)
    with pytest.raises(CommandError, match="Loans are taken only"):
        parse("pożyczka", s)
    with pytest.raises(CommandError, match="Loans are taken only"):
        parse("pujcka", s)


# --- goods ---------------------------------------------------------------------------------------


def _goods_cases() -> list[tuple[str, str, str]]:
    return [(lang, key, w) for lang, mod in LANGS.items() for key, forms in mod.GOODS.items() for w in forms]


@pytest.mark.parametrize(("lang", "key", "word"), _goods_cases())
def test_every_form_of_a_good_pays(s: GameState, lang: str, key: str, word: str) -> None:
    for typed in variants(word):
        assert parse(f"nakarm {typed}=2", s) == Feed(payment={key: 2}), typed
        spaced = typed.replace("-", " ")  # 'wędzone ryby=2', typed as the rulebook writes it
        assert parse(f"feed {spaced}=2", s) == Feed(payment={key: 2}), spaced


def test_goods_named_in_two_words(s: GameState) -> None:
    assert parse("feed smoked fish=2", s) == Feed(payment={"smoked_fish": 2})
    assert parse("nakarm wędzone ryby=2 chleb=1", s) == Feed(payment={"smoked_fish": 2, "bread": 1})
    assert parse("nakrm uzené ryby=1 ryby=1", s) == Feed(payment={"smoked_fish": 1, "fish": 1})
    assert parse("feed węgiel drzewny=1", s) == Feed(payment={"charcoal": 1})  # no food, but it names charcoal


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_offer_spaces_in_every_form(s: GameState, lang: str) -> None:
    s = apply(s, Supply())
    mod = LANGS[lang]
    for space in ("fish", "wood", "clay"):
        for w in mod.GOODS[space]:
            for typed in variants(w):
                assert parse(f"take {typed}", s) == TakeOffer(space=space), typed
    for w in mod.FRANCS:
        assert parse(f"weź {w}", s) == TakeOffer(space="francs")
    assert parse("wez drewno", s) == parse("vezmi dřevo", s) == parse("take wood", s)


def test_francs_and_food_in_payments(s: GameState) -> None:
    s = ready(s)
    own(s, "bakehouse", 1)
    give(s, 0, francs=5, fish=3, grain=2, wood=2)
    want = parse("enter bakehouse 2 fee=francs pay wood=1", s)
    assert parse("wejdź piekarnia 2 opłata=franki energia drewno=1", s) == want
    assert parse("vstup pekárna 2 poplatek=franky energie dřevo=1", s) == want
    want = parse("enter bakehouse 2 fee fish=1", s)
    assert parse("wejdź piekarnia 2 opłata ryby=1", s) == parse("vstup pekarna 2 poplatek ryby=1", s) == want
    assert parse("wejdz piekarnia 2 oplata zywnosc", s) == parse("enter bakehouse 2 fee=food", s)
    assert Enter(building="bakehouse", amount=2, fee="food") == parse("vstup pekárna 2 poplatek jídlo", s)


def test_building_materials_after_with_in_every_language(s: GameState) -> None:
    s = ready(s)
    give(s, 0, wood=3, clay=2, brick=1)
    want = parse("build fishery with wood=1 brick=1", s)
    assert parse("zbuduj łowisko z drewno=1 cegły=1", s) == want
    assert parse("zbuduj lowisko materiały drewno=1 cegła=1", s) == want
    assert parse("postav rybárna s dřevo=1 cihly=1", s) == want
    assert parse("postav rybarna materiál dřeva=1 cihla=1", s) == want


def test_short_words_for_with_stay_in_names(s: GameState) -> None:
    """'z' and 's' are 'with' only before goods: 'Sklep z kanapkami', 'Trh s potravinami' are names."""
    s = ready(s)
    own(s, "baguette_shop")
    own(s, "grocery_market")
    assert parse("wejdź sklep z kanapkami", s) == parse("enter baguette-shop", s)
    assert parse("vstup trh s potravinami", s) == parse("enter grocery-market", s)


def test_choices_after_buildings(s: GameState) -> None:
    s = ready(s)
    give(s, 0, francs=10, fish=5, wood=5, clay=3, steel=1, brick=1)
    for b in ("local_court", "business_office", "bridge", "marketplace", "ironworks"):
        own(s, b)
    assert parse("wejdź sąd jeden+franki", s) == parse("vstup soud jeden+franky", s)
    assert parse("wejdź sąd jeden+franki", s) == parse("enter local-court one+francs", s)
    assert parse("wejdz sad dwa", s) == parse("vstup soud dva", s) == parse("enter local-court two", s)
    assert parse("wejdź biuro stal+cegły ryby=4", s) == parse("enter business-office steel+brick fish=4", s)
    assert parse("vstup obchodní kancelář ocel+cihly", s) == parse("enter business-office steel+brick", s)
    assert parse("wejdź most wszystko", s) == parse("vstup most vše", s) == parse("enter bridge all", s)
    assert parse("wejdź targowisko ryby drewno glina", s) == parse("enter marketplace fish wood clay", s)
    assert parse("vstup tržnice ryby dřevo jíl", s) == parse("enter marketplace fish wood clay", s)
    assert parse("wejdź huta żelaza dodatkowo", s) == parse("vstup železárna navíc", s)
    assert parse("vstup zelezarna navic", s) == parse("enter ironworks extra", s)


def test_mixed_languages_in_one_line(s: GameState) -> None:
    s = ready(s)
    own(s, "bakehouse", 1)
    give(s, 0, francs=5, grain=2, wood=2)
    want = parse("enter bakehouse 2 fee=francs pay wood=1", s)
    assert parse("wejdź pekárna 2 fee=franky energia wood=1", s) == want
    assert parse("vstup Piekarnia 2 opłata=francs pay drewno=1", s) == want


def test_refusals_are_messages_and_read_in_every_language(s: GameState) -> None:
    for line in ("weź", "weź złoto", "xyz", "wejdź", "wejdź piekarnia 4 opłata", "nakarm ryby=x", "kup",
                 "sprzedaj", "spłać dużo", "zbuduj", "koniec teraz", "wejdź nicość"):  # fmt: skip
        with pytest.raises(CommandError) as info:
            parse(line, s)
        assert isinstance(info.value.msg, Msg), line
        for lang in ("pl", "cs", "en"):
            text.set_language(lang)
            assert text.render(info.value.msg).strip()
        assert text.render(info.value.msg) == str(info.value)  # English: the sentence of today


def test_a_refusal_lists_the_readers_words(s: GameState) -> None:
    s = apply(s, Supply())
    text.set_language("pl")
    with pytest.raises(CommandError) as info:
        parse("weź", s)
    said = text.render(info.value.msg)
    assert "ryby 2" in said and "franki 2" in said
    with pytest.raises(CommandError) as info:
        parse("weź rybby", s)
    assert "ryby" in text.render(info.value.msg)


# --- whole lines, back and forth --------------------------------------------------------------------


@cache
def _positions() -> tuple[GameState, ...]:
    """States along random games, for every kind of move (several player counts)."""
    out = []
    for players, seed in ((3, 11), (1, 12), (5, 13), (2, 14)):
        s = new_game(complete_setup(Setup(players=players, variant="full", seed=seed)))
        rng = random.Random(seed)
        while s.phase != "over":
            if rng.random() < 0.08:
                out.append(s)
            s = apply(s, rng.choice(legal_actions(s)))
    return tuple(out)


def test_every_legal_move_written_in_polish_or_czech_is_read_back() -> None:
    """`to_command(a, s, lang)` is the move in Polish or Czech words; `parse` reads it back,
    with and without diacritics, and the words line up with the English ones."""
    kinds: set[str] = set()
    for s in _positions():
        for a in legal_actions(s):
            english = to_command(a, s)
            for lang in ("pl", "cs"):
                line = to_command(a, s, lang)
                assert len(line.split()) == len(english.split()), line
                assert parse(line, s) == a, (line, english)
                assert parse(bare(line), s) == a, (bare(line), english)
            kinds.add(english.split()[0] if not isinstance(a, Enter) else f"enter {a.building}")
    assert {"supply", "take", "buy", "sell", "feed", "end", "keep", "swap"} <= kinds
    assert sum(k.startswith("enter ") for k in kinds) >= 25


# --- the rulebook's first round in Polish and in Czech ---------------------------------------------

HEADER = """\
players: 3
variant: full
seed: 7
names: Peter, Tom, Martin
chits: 7 5 6 1 3 4 2
stack1: marketplace joinery smokehouse abattoir black-market brickworks shipping-line business-office church
stack2: sawmill bakehouse hardware-store clay-mound local-court colliery ironworks cokery bank
stack3: fishery charcoal-kiln wharf-1 wharf-2 grocery-market tannery steel-mill bridge town-hall
specials: steelworks luxury-yacht fish-restaurant coal-trader smelter plant-nursery
---
"""  # noqa: E501

FIRST_ROUND = {
    "en": """
supply
take francs
end
supply
take wood
end
supply
take fish
end
supply
buy marketplace
enter marketplace coal grain
swap
end
supply
build joinery
end
supply
take wood
end
supply
take clay
end
feed
""",
    "pl": """
# Piotr
zaopatrz
weź franki
koniec
# Tomek
płyń
weź drewno
koniec
# Marcin
dostawa
wez ryby
koniec
zaopatrz
kup targowisko
wejdź targowisko węgiel zboże
zamień
koniec
zaopatrz
zbuduj stolarnia
zakończ
zaopatrz
bierz drewna
koniec
zaopatrz
weź glinę
koniec
nakarm
""",
    "cs": """
# Petr
doplň
vezmi franky
konec
# Tomáš
dopln
vezmi dřevo
konec
# Martin
doplnit
vem ryby
konec
doplň
kup tržnice
vstup tržnice uhlí obilí
prohoď
konec
doplň
postav truhlářství
hotovo
doplň
ber dreva
konec
doplň
vezmi jíl
konec
nakrm
""",
}


def _played(script: str) -> GameState:
    log: list[str] = []
    return _play(read_script(HEADER + script), log)


def test_the_script_is_the_tutorials_set_up() -> None:
    assert read_script(HEADER + "---\n").setup == SETUP


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_the_first_round_in_polish_and_czech_words_plays_the_same_game(lang: str) -> None:
    english = _played(FIRST_ROUND["en"])
    assert english.round == 2 and english.phase == "turn"  # the whole first round, fed
    assert english.owner["marketplace"] == 0 and english.owner["joinery"] == 1
    assert _played(FIRST_ROUND[lang]).model_dump() == english.model_dump()


def test_one_script_may_mix_the_three_languages() -> None:
    lines = [x for x in FIRST_ROUND["en"].split("\n") if x]
    pl = [x for x in FIRST_ROUND["pl"].split("\n") if x and not x.startswith("#")]
    cs = [x for x in FIRST_ROUND["cs"].split("\n") if x and not x.startswith("#")]
    assert len(lines) == len(pl) == len(cs)
    mixed = "\n".join((lines, pl, cs)[i % 3][i] for i in range(len(lines)))
    assert _played(mixed).model_dump() == _played(FIRST_ROUND["en"]).model_dump()


def _run(tmp_path: Path, script: str, *args: str) -> int:
    path = tmp_path / "round.txt"
    path.write_text(HEADER + script, encoding="utf-8")
    return main(["run", str(path), *args])


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_run_reads_in_the_language_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    assert _run(tmp_path, FIRST_ROUND[lang], "--lang", lang) == 0
    assert text.language() == lang
    out = capsys.readouterr().out
    # the summary names the buildings as the reader's rulebook does
    peter = next(line for line in out.splitlines() if line.startswith("Peter:"))
    assert ("Targowisko" if lang == "pl" else "Tržnice") in peter and "Marketplace" not in peter
    text.set_language("en")
    assert _run(tmp_path, FIRST_ROUND[lang]) == 0  # the environment says English
    assert "Marketplace" in capsys.readouterr().out


# --- --lang and the environment -----------------------------------------------------------------------


def test_resolve_language_takes_the_flag_then_the_environment() -> None:
    assert resolve_language("pl", {"LANG": "cs_CZ.UTF-8"}) == "pl"
    assert resolve_language("CS", {}) == "cs"
    assert resolve_language("pl_PL.UTF-8", {}) == "pl"
    assert resolve_language(None, {"LANG": "cs_CZ.UTF-8"}) == "cs"
    assert resolve_language(None, {"LC_ALL": "pl_PL.UTF-8", "LANG": "cs_CZ.UTF-8"}) == "pl"
    assert resolve_language(None, {"LANG": "de_DE.UTF-8"}) == "en"
    assert resolve_language(None, {}) == "en"
    with pytest.raises(ValueError, match="'de' is not a language of the game; choose --lang en, pl or cs"):
        resolve_language("de", {})
    # nothing asked for (a saved choice may decide then), or English asked for
    assert requested_language(None, {"LANG": "C.UTF-8"}) is None
    assert requested_language(None, {"LANG": "de_DE.UTF-8"}) is None
    assert requested_language(None, {}) is None
    assert requested_language(None, {"LANG": "en_GB.UTF-8"}) == "en"
    assert requested_language(None, {"LC_ALL": "", "LANG": "pl_PL"}) == "pl"
    assert requested_language("cs", {"LANG": "pl_PL"}) == "cs"


def test_a_bad_lang_is_one_sentence_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    for args in (["--lang", "de", "run", "x"], ["run", "x", "--lang=klingon"], ["new", "--lang", "fr"]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert "is not a language of the game; choose --lang en, pl or cs." in err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", [["run", "SCRIPT"], ["new"], ["load", "FILE"], ["tutorial"], []])
def test_every_command_that_shows_text_takes_lang(command: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from lehavre_tui.cli import build_parser

    args = build_parser().parse_args([*command, "--lang", "cs"] if command else ["--lang", "cs"])
    assert args.lang == "cs"
    if command:  # given before the command, it is not undone by the command's own default
        assert build_parser().parse_args(["--lang", "pl", *command]).lang == "pl"


def test_the_environment_is_the_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "cs_CZ.UTF-8")
    assert _run(tmp_path, FIRST_ROUND["pl"]) == 0  # Polish commands, read in Czech
    assert text.language() == "cs" and "Tržnice" in capsys.readouterr().out
    monkeypatch.setenv("LC_MESSAGES", "pl_PL.UTF-8")
    assert _run(tmp_path, FIRST_ROUND["en"]) == 0
    assert text.language() == "pl"
    assert _run(tmp_path, FIRST_ROUND["en"], "--lang", "en") == 0  # the flag wins
    assert text.language() == "en"


def test_a_failing_line_names_its_number_in_any_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert _run(tmp_path, "zaopatrz\nweź złoto\n", "--lang", "pl") == 2
    err = capsys.readouterr().err
    assert err.startswith("wiersz 12: weź złoto:") and "złoto" in err  # "line" in Polish


# --- completion in the reader's language -----------------------------------------------------------


def test_completion_offers_polish_words_to_a_polish_reader(s: GameState) -> None:
    text.set_language("pl")
    verbs = [c.word for c in complete_step("", s).choices]
    assert verbs[0] == "zaopatrz" and "pomoc" in verbs and "supply" not in verbs
    s = apply(s, Supply())
    verbs = [c.word for c in complete_step("", s).choices]
    assert "weź" in verbs and "take" not in verbs
    spaces = [c.word for c in complete_step("weź ", s).choices]
    assert spaces[:3] == ["franki", "ryby", "drewno"]
    notes = {c.word: c.note for c in complete_step("weź ", s).choices}
    assert notes["franki"] and notes["ryby"]
    assert "weź ryby" in complete("weź r", s) and "weź ryby" in complete("wez ry", s)
    assert complete("zab", s) == [] or all(x.startswith("weź") for x in complete("zab", s))
    assert [c.word for c in complete_step("zab", s).choices] == ["zabierz"]  # the word typed, then Polish lines
    assert "kup firma-budowlana-1" in complete("kup ", s)


def test_completion_offers_czech_words_to_a_czech_reader(s: GameState) -> None:
    text.set_language("cs")
    s = apply(s, Supply())
    verbs = [c.word for c in complete_step("", s).choices]
    assert "vezmi" in verbs and "kup" in verbs and "nápověda" not in verbs and "pomoc" in verbs
    assert [c.word for c in complete_step("vezmi ", s).choices][:3] == ["franky", "ryby", "dřevo"]
    s = ready(game(3))
    own(s, "bakehouse")
    give(s, 0, grain=3, wood=2)
    buildings = [c.word for c in complete_step("vstup ", s).choices]
    assert "pekárna" in buildings
    assert any(line.startswith("vstup pekárna") for line in complete("vstup pek", s))
    assert "vstup pekárna" in [c.line for c in complete_step("vstup pek", s).choices]
    # 'vstup do ': the same buildings, declined as Czech declines them after 'do'
    declined = [c.word for c in complete_step("vstup do ", s).choices]
    assert len(declined) == len(buildings) and "pekárny" in declined and "pekárna" not in declined
    assert "vstup do pekárny" in [c.line for c in complete_step("vstup do pek", s).choices]
    for typed in ("pekárna", "pekárny"):
        after = complete_step(f"vstup do {typed} ", s).choices
        assert after and all(c.line.startswith("vstup do pekárny ") for c in after)


def test_a_line_begun_in_english_goes_on_in_english(s: GameState) -> None:
    text.set_language("pl")
    s = apply(s, Supply())
    assert [c.word for c in complete_step("take ", s).choices][:2] == ["francs", "fish"]
    assert "take fish" in complete("take f", s)
    assert [c.word for c in complete_step("tak", s).choices] == ["take"]
    text.set_language("en")
    assert [c.word for c in complete_step("weź ", s).choices][:2] == ["franki", "ryby"]
    assert [c.word for c in complete_step("", s).choices][:2] == ["take", "buy"]


def test_completion_of_a_building_choices_in_polish() -> None:
    s = ready(game(3))
    own(s, "marketplace")
    text.set_language("pl")
    first = [c.word for c in complete_step("wejdź targowisko ", s).choices]
    assert first and set(first) <= {"ryby", "drewno", "glina", "żelazo", "zboże", "bydło", "węgiel", "skóry"}
    assert [c.word for c in complete_step("wejdź 01 ", s).choices] == first
    line = complete("wejdź targowisko ", s)[0]
    assert parse(line, s) in legal_actions(s)


def test_help_in_any_language_lists_the_words(s: GameState) -> None:
    words = help_text("words", s)
    for word in ("weź", "wejdź", "kup", "sprzedaj", "spłać", "nakarm", "koniec",
                 "vezmi", "vstup", "prodej", "splať", "nakrm", "konec", "wędzone-ryby", "uzené-ryby"):  # fmt: skip
        assert word in words
    assert help_text("słowa", s) == help_text("slova", s) == words
    assert help_text("pomoc", s) == help_text("help", s)
    assert help_text("weź", s) == help_text("take", s) == help_text("vezmi", s)
    assert help_text("dobra", s) == help_text("suroviny", s) == help_text("goods", s)
    assert "help words" in help_text(None, s)
    with pytest.raises(HelpRequested):
        parse("pomoc piekarnia", s)
    assert help_text("piekarnia", s) == help_text("bakehouse", s)
    text.set_language("pl")
    assert "pomoc targowisko" in complete("pomoc targ", s)
    assert "Polecenie: wejdź piekarnia N" in help_text("piekarnia", s)
    assert "Piekarnia (po angielsku: Bakehouse; po czesku: Pekárna)" in help_text("bakehouse", s)
    assert "Teraz możesz: zaopatrz" in help_text(None, s)


# --- nothing typed in any language crashes the parser ----------------------------------------------

_ALL_WORDS = sorted(
    {
        w
        for mod in LANGS.values()
        for table in (mod.VERBS, mod.TABLE_WORDS, mod.GOODS, mod.SECTIONS, mod.CHOICES, mod.SHIP_TYPES)
        for forms in table.values()
        for w in forms
    }
    | {w for mod in LANGS.values() for w in (*mod.FRANCS, *mod.WITH_BEFORE_GOODS)}
)
_TOKEN = st.one_of(
    st.sampled_from(_ALL_WORDS),
    st.sampled_from(_ALL_WORDS).map(bare),
    st.sampled_from(_ALL_WORDS).map(lambda w: w[: max(1, len(w) // 2)]),
    st.builds(lambda w, n: f"{w}={n}", st.sampled_from(_ALL_WORDS), st.sampled_from(["1", "2", "x", "", "99999"])),
    st.sampled_from(["piekarnia", "pekárna", "huta", "stali", "s", "z", "+", "=", "jeden+franki", "1", "ó", "ř"]),
    st.text(max_size=8),
)
_LINE = st.one_of(st.lists(_TOKEN, min_size=0, max_size=7).map(" ".join), st.text(max_size=40))


@settings(
    max_examples=int(os.environ.get("LEHAVRE_FUZZ_EXAMPLES", "200")),
    deadline=timedelta(seconds=10),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(which=st.integers(min_value=0), line=_LINE, reader=st.sampled_from(["en", "pl", "cs"]))
def test_no_line_in_any_language_crashes(which: int, line: str, reader: str) -> None:
    states = _positions()
    s = states[which % len(states)]
    before = s.model_dump()
    text.set_language(reader)
    try:
        try:
            action = parse(line, s)
        except CommandError as exc:
            assert text.render(exc.msg).strip()
        else:
            try:
                apply(s, action)
            except IllegalAction as exc:
                assert str(exc).strip()
        for typed in (line, line[: len(line) // 2], line + " "):
            assert all(isinstance(c, str) for c in complete(typed, s))
            assert all(isinstance(c.line, str) for c in complete_step(typed, s, ("undo", "show")).choices)
    finally:
        text.set_language("en")
    assert s.model_dump() == before


# --- every refusal's words are in the catalogs ---------------------------------------------------------


def _templates(arg: object) -> Iterator[str]:
    """The templates of a message and of the messages inside it."""
    if isinstance(arg, Msg):
        yield arg.text
        if arg.plural is not None:
            yield arg.plural
        for value in arg.args.values():
            yield from _templates(value)
    elif isinstance(arg, Listing):
        for item in arg.items:
            yield from _templates(item)


def test_the_refusals_templates_are_in_the_catalogs() -> None:
    from lehavre_tui.text.catalogs import template

    catalog = template()
    known = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog} | {
        m.id[1] for m in catalog if isinstance(m.id, tuple)
    }
    lines = [
        "", "xyz", "sprzedja", "we", "en", "pożyczka", "take", "take gold", "weź złoto", "enter", "enter nothing",
        "enter bakehouse lots", "enter bakehouse fish=4", "enter bakehouse 4 5", "enter bakehouse ²",
        "enter bakehouse 99999", "feed fish=x", "feed rybby=1", "enter business-office gold",
        "enter business-office steel+steel", "enter local-court three", "enter local-court fish=1",
        "enter ironworks more", "enter shipping-line 1 ships=2", "enter bakehouse 2 fee", "enter bakehouse pay",
        "buy", "buy nothing", "sell", "sell wooden", "repay lots", "pay wood=1", "build", "build nothing",
        "enter 77", "supply now", "enter building firm", "enter wharf", "enter bakehouse fee fish=1 fee=francs",
    ]  # fmt: skip
    s = ready(game(3))
    own(s, "bakehouse")
    own(s, "business_office")
    own(s, "local_court")
    own(s, "ironworks")
    own(s, "shipping_line")
    seen = 0
    for line in lines:
        try:
            parse(line, s)
        except CommandError as exc:
            if isinstance(exc, HelpRequested):
                continue
            seen += 1
            missing = [t for t in _templates(exc.msg) if t not in known]
            assert not missing, (line, missing)
    assert seen >= len(lines) - 3


# --- commands as a native player types them -----------------------------------------------------


def _both(line: str) -> list[str]:
    """A line with its diacritics and without them."""
    return list(dict.fromkeys([line, bare(line)]))


def test_ships_in_the_accusative_are_bought_and_sold(s: GameState) -> None:
    s = give(ready(s), 0, francs=60)
    want = {"wooden": "dřevěnou", "iron": "železnou", "steel": "ocelovou", "luxury": "luxusní"}
    for ship_type, adjective in want.items():
        for line in (*_both(f"kup {adjective} loď"), *_both(f"kup {adjective}")):
            assert parse(line, s) == BuyShip(ship_type=ship_type), line
    for line in ("kup drevenou lod", "kup statek drewniany", "kup drewniany statek"):
        assert parse(line, s) == BuyShip(ship_type="wooden"), line


def test_repaying_one_loan_named_as_a_noun(s: GameState) -> None:
    p = s.player()
    p.loans, p.francs = 3, 20
    for line in (*_both("spłać pożyczkę"), *_both("splať půjčku"), "repay loan", "spłać kredyt"):
        assert parse(line, s) == parse("repay", s), line
    for line in (*_both("spłać 2 pożyczki"), *_both("splať 2 půjčky"), "repay 2 loans"):
        assert parse(line, s) == parse("repay 2", s), line
    for line in (*_both("spłać wszystkie pożyczki"), *_both("splať všechny půjčky")):
        assert parse(line, s) == parse("repay all", s), line


def test_ending_the_turn_with_the_turn_named(s: GameState) -> None:
    lines = ["koniec tury", "zakończ turę", "konec tahu", "ukonči tah", "ukonči", "end turn"]
    for typed in (w for phrase in lines for w in _both(phrase)):
        assert parse(typed, s) == parse("end", s), typed
    with pytest.raises(CommandError):
        parse("koniec gry", s)


def test_a_count_before_the_good_feeds_and_pays(s: GameState) -> None:
    want = Feed(payment={"fish": 3})
    for line in ("nakarm 3 ryby", "nakrm 3 ryby", "feed 3 fish", "nakarm ryby=3", "wyżyw 3 ryby"):
        for typed in _both(line):
            assert parse(typed, s) == want, typed
    assert parse("nakarm 2 ryby 1 chleb 3 franki", s) == Feed(payment={"fish": 2, "bread": 1, "francs": 3})
    assert parse("nakrm 2 uzené ryby 1 frank", s) == Feed(payment={"smoked_fish": 2, "francs": 1})
    s.phase = "feeding"
    for line in (*_both("zapłać 2 ryby"), *_both("zaplať 2 ryby"), "pay 2 fish"):
        assert parse(line, s) == Feed(payment={"fish": 2}), line
    with pytest.raises(CommandError):
        parse("nakarm 3", s)


def test_a_count_before_the_good_in_a_buildings_payment(s: GameState) -> None:
    s = give(ready(s), 0, francs=20, grain=4, wood=2, fish=3)
    own(s, "bakehouse")
    want = parse("enter bakehouse 4 pay wood=2", s)
    for line in ("wejdź do piekarni 4 zapłać 2 drewna", "vstup do pekárny 4 zaplať 2 dřeva",
                 "enter bakehouse 4 pay 2 wood", "wejdź do piekarni 4 energia 2 drewna"):  # fmt: skip
        for typed in _both(line):
            assert parse(typed, s) == want, typed
    fee = parse("enter bakehouse 4 fee fish=1 francs=1", s)
    assert parse("wejdź do piekarni 4 opłata 1 ryba 1 frank", s) == fee


def test_every_declined_name_in_the_catalogs_is_its_building() -> None:
    """The forms the narration declines a building's name into ('do Łowiska', 'Stolarnię',
    'do Dolu') name that building when a player types them, with or without diacritics."""
    from lehavre_tui.engine.cards import content
    from lehavre_tui.text.render import building_form

    for lang in LANGS:
        text.set_language(lang)
        for b in content().buildings:
            if b.endswith("_2"):
                continue  # the second of twin cards: the same words, the first card meant
            for case in ("into", "acc"):
                words = building_form(b, case).split()
                if words[0] in ("do", "na"):
                    words = words[1:]
                for typed in _both(" ".join(words)):
                    assert building_id(typed) == b, (lang, case, typed)
