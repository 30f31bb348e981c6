"""Whole short games through `lehavre --plain` in a pseudo-terminal, in English, Polish and
Czech: against a bot, and solo. Every byte the program writes is checked: no escape
sequence, no control character but line ends, no box drawing."""

from __future__ import annotations

import pytest

from .driver import finish, plain_bytes_only, play_through, spawn, state_now

SCORES = {"en": " scores ", "pl": ": bogactwo ", "cs": ": celkem "}  # each final score read out
PROPOSAL = {"en": "'proposal'", "pl": "„propozycja”", "cs": "„návrh“"}  # the feeding question names it
PROMPT_WORDS = {"en": "round 1, turn 1 of 7, supply", "pl": "runda 1", "cs": "kolo 1"}


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_a_short_game_against_a_bot(tmp_path, lang):
    child = spawn(["new", "--plain", "--players", "2", "--seats", "human,random", "--short", "--seed", "5",
                   "--names", "Anna,Ben", "--pace", "0"], tmp_path, lang)  # fmt: skip
    child.expect(rb"> ")
    first = child.before + child.after
    assert PROMPT_WORDS[lang].encode() in first
    assert first.rstrip().startswith(b"A short game") or lang != "en"
    child.sendline("look")
    out = first + play_through(child, tmp_path, lang)
    out = finish(child, out)
    plain_bytes_only(out)
    text = out.decode()
    s = state_now(tmp_path)
    assert s.phase == "over"
    for p in s.players:
        assert p.name in text
    assert "Ben " in text  # the bot's moves are narrated
    assert text.count(SCORES[lang]) >= 2  # each player's final score is read out
    assert PROPOSAL[lang] in text


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_a_short_solo_game(tmp_path, lang):
    child = spawn(["new", "--plain", "--players", "1", "--short", "--seed", "11", "--names", "Anna"], tmp_path, lang)
    out = finish(child, play_through(child, tmp_path, lang, seed=2))
    plain_bytes_only(out)
    assert state_now(tmp_path).phase == "over"
    assert out.decode().count(SCORES[lang]) >= 1


def test_hotseat_handoff_is_a_line_and_can_be_turned_off(tmp_path):
    child = spawn(["new", "--plain", "--players", "2", "--short", "--seed", "5", "--names", "Anna,Ben"], tmp_path, "en")
    child.expect(rb"Anna, round 1, turn 1 of 7, supply> ")
    out = bytearray(child.before + child.after)
    for command in ("supply", "take wood"):
        child.sendline(command)
        child.expect(rb"main action> |the turn> ")
        out += child.before + child.after
    child.sendline("end")
    child.expect(rb"Ben's turn. Ben, press Enter. ")
    out += child.before + child.after
    child.sendline("")
    child.expect(rb"Ben, round 1, turn 2 of 7, supply> ")
    out += child.before + child.after
    child.sendline("handoff off")
    child.expect(rb"The handoff is off.\r\nBen, round 1, turn 2 of 7, supply> ")
    for command in ("s", "take fish", "end"):
        child.sendline(command)
        child.expect(rb"> ")
        out += child.before + child.after
    assert b"Anna, round 1, turn 3 of 7, supply> " in out and out.count(b"press Enter") == 1
    plain_bytes_only(finish(child, bytes(out)))


def test_the_tutorial_in_plain_text(tmp_path):
    from lehavre_tui.tutorial.lesson import STEPS

    child = spawn(["tutorial", "--plain"], tmp_path, "en")
    child.expect(rb"> ")
    out = bytearray(child.before + child.after)
    assert b"This is the rulebook's example" in out and b"To do: Every turn starts with the supply action" in out
    child.sendline("take fish")  # not the lesson's move: refused with the step's sentence
    child.expect(rb"> ")
    assert b"In this lesson:" in child.before
    for step in STEPS:
        child.sendline(step.command)
        child.expect(rb"> ")
        out += child.before + child.after
    text = bytes(out).decode()
    assert STEPS[0].done in text and STEPS[-1].done in text
    assert "You played the rulebook's first round" in text
    plain_bytes_only(finish(child, bytes(out)))


@pytest.mark.parametrize(("lang", "keys", "played"), [
    ("en", ("su\t\r", "ta\tfi\t\r"), "Anna takes the 3 fish."),
    ("pl", ("zaop\t\r", "weź\tryb\t\r"), "Anna bierze ze straganu 3 ryby."),
    ("cs", ("dopl\t\r", "vez\tryb\t\r"), " 3 ryby"),
])  # fmt: skip
def test_tab_completes_in_the_readers_words_and_lists_choices_in_one_line(tmp_path, lang, keys, played):
    child = spawn(["new", "--plain", "--players", "1", "--short", "--seed", "5", "--names", "Anna"], tmp_path, lang)
    child.expect(rb"> ")
    out = bytearray(child.before + child.after)
    for typed in keys:
        child.send(typed)
        child.expect(rb"> ")
        out += child.before + child.after
    child.send("\t\t")
    child.expect(rb"> ")
    out += child.before + child.after
    listed = child.before.decode().strip().splitlines()[-2]
    assert "l, " in listed and ", lo, " in listed  # the choices as words with commas, not columns
    child.send("\x15")  # (ctrl+u: the line typed so far is cleared)
    out = finish(child, bytes(out))
    plain_bytes_only(out)
    assert played in out.decode()
