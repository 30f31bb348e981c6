"""The feeding and the interest asked in lines, what a typed answer becomes, Tab's words, and
lines cleaned for a screen reader."""

from __future__ import annotations

import io

import pytest

from lehavre_tui.commands import parse
from lehavre_tui.engine.actions import Feed
from lehavre_tui.engine.goods import Good
from lehavre_tui.engine.setup import Setup
from lehavre_tui.plain.feeding import feeding_command, feeding_question, interest_question, proposal
from lehavre_tui.plain.game import PlainGame
from lehavre_tui.plain.lines import Lines, clean
from lehavre_tui.session import Session
from lehavre_tui.text import language, render, set_language

from ..conftest import game, give


@pytest.fixture(params=["en", "pl", "cs"])
def lang(request):
    before = language()
    set_language(request.param)
    yield request.param
    set_language(before)


def _feeding():
    s = game(players=2, variant="short")
    s.phase, s.feeding_queue, s.current = "feeding", [0, 1], 0
    ships = s.players[0].ships
    s.players[0].ships = []  # (the short game's ships would feed everybody in round 1)
    return s, ships


def test_when_the_ships_feed_everybody_the_question_says_so(lang):
    s, ships = _feeding()
    s.players[0].ships = ships
    assert {"en": "'feed'", "pl": "„nakarm”", "cs": "„nakrm“"}[lang] in render(feeding_question(s, 0))


def test_the_feeding_question_says_what_is_due_had_and_proposed(lang):
    s, _ships = _feeding()
    give(s, 0, francs=6, fish=3, bread=0, meat=0, smoked_fish=0)
    text = render(feeding_question(s, 0))
    pay, short = proposal(s, 0)
    assert short == 0 and "Anna" in text
    assert "6" in text and "3" in text
    word = {"en": "'proposal'", "pl": "„propozycja”", "cs": "„návrh“"}[lang]
    assert word in text
    example = text.split(word)[0]
    assert "=" in example  # a payment as typed: fish=3 (ryby=3, ryby=3)


def test_a_player_short_of_food_is_told_about_the_loan(lang):
    s, _ships = _feeding()
    give(s, 0, francs=0, fish=1, bread=0, meat=0, smoked_fish=0)
    pay, short = proposal(s, 0)
    assert short > 0 and pay == {Good.FISH: 1}
    text = render(feeding_question(s, 0))
    assert str(short) in text and {"en": "loan", "pl": "pożyczka", "cs": "půjčka"}[lang] in text


def test_the_interest_question_names_pay_and_sell(lang):
    s = game(players=2)
    s.phase, s.interest_queue, s.current = "interest", [1], 1
    s.players[1].loans, s.players[1].francs = 1, 0
    text = render(interest_question(s, 1))
    assert "Ben" in text
    assert {"en": "'pay'", "pl": "„zapłać”", "cs": "„zaplať“"}[lang] in text


@pytest.mark.parametrize(
    ("typed", "command"),
    [("proposal", "feed"), ("propozycja", "feed"), ("návrh", "feed"), ("fish=2 francs=1", "feed fish=2 francs=1"),
     ("ryby=2", "feed ryby=2"), ("sell joinery", "sell joinery"), ("nakarm", "nakarm"), ("look", "look")],
)  # fmt: skip
def test_what_a_line_typed_while_feeding_becomes(typed, command):
    assert feeding_command(typed) == command


def test_a_payment_typed_while_feeding_is_that_feed():
    s, _ships = _feeding()
    give(s, 0, francs=6, fish=3)
    assert parse(feeding_command("fish=2 francs=1"), s) == Feed(payment={"fish": 2, "francs": 1})


def test_tab_offers_the_readers_words(lang):
    s = Session.new(Setup(players=1, variant="short", seed=3))
    plain = PlainGame(s, Lines(io.StringIO(), io.StringIO()))
    verbs = plain.completions("")
    supply, look = {"en": ("supply", "look"), "pl": ("zaopatrz", "rozejrzyj"), "cs": ("doplň", "rozhlédni")}[lang]
    assert supply in verbs and look in verbs and "lo" in verbs
    s.command("supply")
    take = {"en": "take", "pl": "weź", "cs": "vezmi"}[lang]
    assert take in plain.completions(take[:2])
    assert {"en": "fish", "pl": "ryby", "cs": "ryby"}[lang] in plain.completions(take + " ")


def test_lines_are_cleaned_for_a_screen_reader():
    assert clean("\x1b[1mTake\x1b[0m  fish   now\x07 ") == "Take fish now"
    out = io.StringIO()
    Lines(io.StringIO(), out).say("one\ntwo  columns", "three")
    assert out.getvalue() == "one\ntwo columns\nthree\n"
