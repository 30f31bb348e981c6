"""`look` against the state it describes, in English, Polish and Czech: every count and name
said is the game's."""

from __future__ import annotations

import random

import pytest

from lehavre_tui.engine.cards import content
from lehavre_tui.engine.goods import Good
from lehavre_tui.engine.message import Card, Count, GoodName, Goods
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.scoring import final_scores
from lehavre_tui.engine.setup import Setup, new_game
from lehavre_tui.engine.state import OFFER_GOOD, OFFER_SPACES, GameState
from lehavre_tui.plain.look import SHORT, describe, topic_of
from lehavre_tui.text import language, render, set_language

LANGS = ("en", "pl", "cs")


@pytest.fixture(params=LANGS)
def lang(request):
    before = language()
    set_language(request.param)
    yield request.param
    set_language(before)


def midgame(moves: int = 120, seed: int = 4) -> GameState:
    """A 3-player game some rounds in: buildings in the town and with players, ships, loans."""
    rng = random.Random(seed)
    s = new_game(Setup(players=3, variant="full", seed=seed, names=["Anna", "Ben", "Cyril"]))
    for _ in range(moves):
        s = apply(s, rng.choice(legal_actions(s)))
    if s.ship_stacks["wooden"]:
        s.players[1].ships.append(s.ship_stacks["wooden"].pop())  # a ship bought, to be named
    return s


def test_the_position_has_something_of_everything():
    s = midgame()
    assert s.buildings_of(2) and s.players[2].loans and s.players[1].ships and s.ship_stacks["wooden"]
    assert any(s.occupants(b) for b in s.town_buildings())


def said(s: GameState, topic: str | None, words: str = "", seat: int = 0) -> list[str]:
    return [render(m) for m in describe(s, topic, words, seat)]


def test_offers(lang):
    s = midgame()
    (line,) = said(s, "offers")
    for space, n in zip(OFFER_SPACES, s.offers, strict=True):
        if space == "francs":
            assert (render(Count(n, "franc")) in line) if n else True
            continue
        good = OFFER_GOOD[space]
        if n:
            assert render(Goods.of({good: n})) in line, (space, n, line)
        else:
            assert render(GoodName(good)) in line.rsplit(";", 1)[1], (space, line)


def test_proposals(lang):
    s = midgame()
    lines = said(s, "proposals")
    assert len(lines) == 3
    for line, stack in zip(lines, s.proposals, strict=True):
        if stack:
            assert render(Card(stack[0])) in line
            assert f" {len(stack) - 1}" in line
            cost = content().buildings[stack[0]].cost
            if cost:
                assert render(Goods.of(cost)) in line


def test_town(lang):
    s = midgame()
    lines = said(s, "town")
    town = s.town_buildings()
    assert str(len(town)) in lines[0]
    assert len(lines) == 1 + len(town)
    for b, line in zip(town, lines[1:], strict=True):
        assert line.startswith(render(Card(b)))
        for i in s.occupants(b):
            assert s.players[i].name in line


def test_ships(lang):
    s = midgame()
    c = content()
    lines = said(s, "ships")
    assert len(lines) == len(s.ship_stacks)
    for (_t, stack), line in zip(s.ship_stacks.items(), lines, strict=True):
        if stack:
            assert c.ships[stack[-1]].name in line
            assert str(len(stack)) in line


@pytest.mark.parametrize("moves", [4, 120])
def test_round(lang, moves):
    s = midgame(moves)
    lines = said(s, "round")
    assert f"{s.round}" in lines[0] and f"{s.rounds_total}" in lines[0]
    hidden = s.revealed.count(False)
    assert (str(hidden) in lines[-1]) if hidden else len(lines) == 2
    up = [i for i, r in enumerate(s.revealed) if r]
    assert all(f"{i + 1}: " in lines[1] for i in up)
    assert moves > 4 or 0 < hidden < 7


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_player_by_name_and_me(lang, seat):
    s = midgame()
    p = s.players[seat]
    by_name = said(s, None, p.name.lower()[:2], seat=0)
    assert by_name == said(s, "me", "", seat=seat)
    text = "\n".join(by_name)
    assert p.name in text
    assert render(Count(p.francs, "franc")) in text and render(Count(p.loans, "loan")) in text
    for b in s.buildings_of(seat):
        assert render(Card(b)) in text
    for x in p.ships:
        assert content().ships[x].name in text
    assert f"{final_scores(s)[seat].total}" in by_name[-1]
    assert render(Goods.of(p.goods)) in by_name[0]


def test_brief_names_who_acts_and_the_offers(lang):
    s = midgame()
    lines = said(s, None, "", seat=1)
    assert s.players[s.current].name in lines[0]
    assert lines[1] == said(s, "offers")[0]
    assert lines[2].startswith(s.players[1].name)


def test_a_name_nobody_has_is_explained(lang):
    s = midgame()
    (line,) = said(s, None, "zeppelin")
    assert "zeppelin" in line and all(p.name in line for p in s.players)


def test_the_topics_in_every_language():
    assert [topic_of(w) for w in ("offers", "stragany", "nabídky", "lodě", "statki", "miasto", "město")] == [
        "offers", "offers", "offers", "ships", "ships", "town", "town",
    ]  # fmt: skip
    assert SHORT["lo"] == "offers" and SHORT["lp"] == "proposals" and SHORT["l"] is None


def test_offers_when_every_space_is_empty(lang):
    s = midgame()
    s.offers = [0] * len(OFFER_SPACES)
    (line,) = said(s, "offers")
    assert render(GoodName(Good.FISH)) not in line
