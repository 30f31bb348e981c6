"""Hint reasons speak a player's language: what the move brings and why it is best."""

from __future__ import annotations

from lehavre_tui.bots.hint import effect, hint
from lehavre_tui.engine.actions import BuyBuilding, EndTurn, Supply, TakeOffer
from lehavre_tui.engine.rules import legal_actions
from lehavre_tui.engine.setup import Setup, new_game
from lehavre_tui.engine.state import TOWN

from .conftest import game, give, own, ready


def test_what_a_move_brings() -> None:
    s = ready(game(3))
    fish = s.offers[1]
    assert str(effect(s, TakeOffer(space="fish"))).startswith(f"you get {fish} fish")
    own(s, "joinery", TOWN)
    give(s, 0, francs=20)
    assert str(effect(s, BuyBuilding(building="joinery"))) == "you get the Joinery (value 8) for 8 francs"
    assert effect(s, EndTurn()) is None


def test_food_that_covers_the_round_is_said() -> None:
    s = ready(game(3))
    give(s, 0, francs=0, fish=0)
    s.offers[1] = 9  # more fish than any round asks for
    assert "which covers the" in str(effect(s, TakeOffer(space="fish")))


def test_the_supply_shows_nothing_hidden() -> None:
    s = new_game(Setup(players=2, variant="short", seed=1))
    assert effect(s, Supply()) is None  # the chit it turns is not known yet


def test_a_reason_without_the_searchs_words() -> None:
    s = ready(game(3))
    give(s, 0, francs=5)
    assert len(legal_actions(s)) > 3
    action, said = hint(s, budget=0.3)
    reason = str(said)
    assert action in legal_actions(s)
    for jargon in ("playout", "options", "+"):
        assert jargon not in reason
    assert "wealth" in reason or "only move" in reason
