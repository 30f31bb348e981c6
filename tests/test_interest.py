"""Interest a player cannot pay: sell a building or ship first, or take a loan (the player's choice)."""

from __future__ import annotations

import json
import random

import pytest

from lehavre_tui.engine.actions import (
    Action,
    BuyBuilding,
    EndTurn,
    PayInterest,
    RepayLoan,
    SellBuilding,
    SellShip,
    Supply,
    TakeOffer,
)
from lehavre_tui.engine.cards import content
from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.loans import has_something_to_sell
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.save import SaveError, dump_save, load_save
from lehavre_tui.engine.setup import Setup, complete_setup, new_game
from lehavre_tui.engine.state import TOWN, GameState

from .conftest import game, give, own

INTEREST_CHIT = 5


def interest_first(**kw: object) -> GameState:
    """A 3-player game whose first chit is the Interest chit (Anna's supply reaches it)."""
    return game(3, chit_order=[INTEREST_CHIT, 1, 2, 3, 4, 6, 7], **kw)


def short_of_francs(s: GameState, seat: int) -> GameState:
    s.players[seat].loans = 1
    give(s, seat, francs=0)
    return s


def test_a_player_who_could_sell_chooses_and_the_turn_waits():
    s = short_of_francs(interest_first(), 1)
    own(s, "fishery", 1)  # value 10: sells for 5
    s = apply(s, Supply())
    assert s.phase == "interest"
    assert s.current == 1  # Ben decides, although it is Anna's turn
    assert s.players[1].loans == 1  # nothing taken yet
    assert "Ben has 0 francs of 1 franc and may sell a building or ship, or take a loan." in s.events[-1]
    assert set(legal_actions(s)) == {PayInterest(), SellBuilding(building="fishery")}
    with pytest.raises(IllegalAction, match="settle the interest"):
        apply(s, TakeOffer(space="wood"))
    with pytest.raises(IllegalAction, match="own turn"):
        apply(s, RepayLoan())
    s = apply(s, SellBuilding(building="fishery"))
    assert s.players[1].francs == 5 and s.owner["fishery"] == TOWN
    assert legal_actions(s) == [PayInterest()]
    s = apply(s, PayInterest())
    assert s.players[1].francs == 4 and s.players[1].loans == 1
    assert s.phase == "turn" and s.current == 0 and s.supplied  # Anna's turn goes on
    assert s.events[-1] == "Anna's turn goes on."
    s = apply(s, TakeOffer(space="wood"))
    with pytest.raises(IllegalAction, match="sold"):
        apply(s, BuyBuilding(building="fishery"))  # sold this turn: not bought back in it


def test_paying_without_selling_takes_the_loan():
    s = short_of_francs(interest_first(), 1)
    own(s, "fishery", 1)
    s = apply(apply(s, Supply()), PayInterest())
    assert s.players[1].loans == 2 and s.players[1].francs == 3
    assert s.owner["fishery"] == 1
    assert s.events == ["Interest is due: Ben cannot pay 1 franc.", "Ben must take 1 loan (4 francs).",
                        "Anna's turn goes on."]


def test_nothing_to_sell_means_a_loan_at_once():
    s = short_of_francs(interest_first(), 1)
    s = apply(s, Supply())
    assert s.phase == "turn" and s.current == 0
    assert s.players[1].loans == 2 and s.players[1].francs == 3


def test_a_ship_can_be_sold_for_the_interest():
    s = short_of_francs(interest_first(), 2)
    s.players[2].ships.append(next(x for x, sh in content().ships.items() if sh.type == "wooden"))
    s = apply(s, Supply())
    assert s.current == 2
    ship = s.players[2].ships[0]
    assert SellShip(ship=ship) in legal_actions(s)
    s = apply(apply(s, SellShip(ship=ship)), PayInterest())
    assert s.players[2].loans == 1 and s.players[2].ships == []
    assert s.current == 0


def test_several_players_settle_in_turn_from_the_player_whose_ship_arrived():
    s = game(3, chit_order=[1, INTEREST_CHIT, 2, 3, 4, 6, 7])
    for seat, b in ((0, "fishery"), (2, "bakehouse")):
        short_of_francs(s, seat)
        own(s, b, seat)
    s = apply(apply(apply(s, Supply()), TakeOffer(space="wood")), EndTurn())
    give(s, 0, francs=0)
    s = apply(s, Supply())  # Ben's supply reaches the Interest chit
    assert s.phase == "interest" and s.interest_queue == [2, 0]
    assert s.current == 2
    s = apply(s, PayInterest())
    assert s.current == 0
    s = apply(s, PayInterest())
    assert s.phase == "turn" and s.current == 1


def test_no_interest_phase_for_players_who_can_pay():
    s = interest_first()
    s.players[1].loans = 1
    own(s, "fishery", 1)
    s = apply(s, Supply())
    assert s.phase == "turn" and s.players[1].francs == 4


def test_pay_when_nothing_is_due_is_refused():
    with pytest.raises(IllegalAction, match="No interest is due"):
        apply(game(3), PayInterest())


def test_expensive_loans_interest_choice_counts_two_francs():
    s = interest_first(expensive_loans=True)
    s.players[1].loans = 3
    give(s, 1, francs=1)
    own(s, "fishery", 1)
    s = apply(s, Supply())
    assert s.phase == "interest" and s.current == 1
    s = apply(s, PayInterest())  # 1 franc is there, 1 more from a loan
    assert s.players[1].loans == 4 and s.players[1].francs == 3


def _first_format_game() -> tuple[Setup, list[Action], GameState]:
    """Random moves under the first format's rule until a player who owns something takes a
    loan for the interest at once."""
    for seed in range(200):
        setup = complete_setup(Setup(players=3, seed=seed, interest_choice=False))
        s = new_game(setup)
        rng = random.Random(seed)
        actions: list[Action] = []
        while s.phase != "over":
            before = s
            a = rng.choice(legal_actions(s))
            s = apply(s, a)
            actions.append(a)
            if any(e.startswith("Interest is due") for e in s.events) and any(
                q.loans > p.loans and has_something_to_sell(s, i)
                for i, (p, q) in enumerate(zip(before.players, s.players, strict=True))
            ):
                return setup, actions, s
    raise AssertionError("no random game had a forced interest loan")


def test_saves_of_the_first_format_replay_with_a_loan_at_once():
    setup, actions, s = _first_format_game()
    data = json.loads(dump_save(setup, actions, s))
    # what a save of the first format holds
    for key in ("interest_choice", "strict_moves"):
        del data["setup"][key]
    for key in ("interest_queue", "interest_return", "interest_choice", "strict_moves"):
        del data["snapshot"][key]
    assert data["format_version"] == 3
    data["format_version"] = 1
    setup1, _, s1, _ = load_save(json.dumps(data))
    assert setup1.interest_choice is False and setup1.strict_moves is False
    same = {"events", "strict_moves"}
    assert s1.model_dump(exclude=same) == s.model_dump(exclude=same)
    # read as the new format, the same moves give the player the choice instead, and the
    # save no longer fits its moves
    data["format_version"] = 2
    with pytest.raises(SaveError):
        load_save(json.dumps(data))


def test_new_saves_have_the_third_format_and_load():
    setup = Setup(players=3, seed=7, chit_order=[INTEREST_CHIT, 1, 2, 3, 4, 6, 7])
    s = new_game(setup)
    actions: list[Action] = [Supply(), TakeOffer(space="wood"), EndTurn()]
    for a in actions:
        s = apply(s, a)
    text = dump_save(setup, actions, s)
    assert json.loads(text)["format_version"] == 3
    _, actions2, s2, _ = load_save(text)
    assert actions2 == actions
    assert s2.model_dump(exclude={"events"}) == s.model_dump(exclude={"events"})


def test_a_hint_names_the_interest_payment_in_words():
    from lehavre_tui.bots.hint import describe

    s = short_of_francs(interest_first(), 1)
    own(s, "fishery", 1)
    s = apply(s, Supply())
    assert describe(s, PayInterest()) == "Pay the interest (a loan covers what your francs do not)"
    assert describe(s, SellBuilding(building="fishery")) == "Sell the Fishery"
