"""Whole short games through `lehavre --plain` in a pseudo-terminal, in English, Polish and
Czech: against a bot, and solo. Every byte the program writes is checked: no escape
sequence, no control character but line ends, no box drawing."""

from __future__ import annotations

import pytest

from .driver import finish, plain_bytes_only, play_through, spawn, state_now

SCORES = {"en": "scores", "pl": "zdobywa", "cs": "získává"}
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
    s = state_now(tmp_path).state
    assert s.phase == "over"
    for p in s.players:
        assert p.name in text
    assert "Ben " in text  # the bot's moves are narrated
    assert text.count(SCORES[lang]) >= 2  # each player's final score is read out


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_a_short_solo_game(tmp_path, lang):
    child = spawn(["new", "--plain", "--players", "1", "--short", "--seed", "11", "--names", "Anna"], tmp_path, lang)
    out = finish(child, play_through(child, tmp_path, lang, seed=2))
    plain_bytes_only(out)
    assert state_now(tmp_path).state.phase == "over"
    assert out.decode().count(SCORES[lang]) >= 1
