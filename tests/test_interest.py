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
from .helpers_rules import said

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
    assert "Ben has 0 francs of 1 franc and may sell a building or ship, or take a loan." in said(s)[-1]
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
    assert said(s)[-1] == "Anna's turn goes on."
    s = apply(s, TakeOffer(space="wood"))
    give(s, 0, francs=20)
    assert BuyBuilding(building="fishery") in legal_actions(s)
    s = apply(s, BuyBuilding(building="fishery"))  # Ben sold it, not Anna: she may buy it
    assert s.owner["fishery"] == 0


def test_only_the_seller_is_barred_from_buying_back_and_only_in_that_turn():
    # Clara sells the Clay Mound in the interest window of Anna's turn (the Carla and
    # Bruno); Anna may buy it at once, Clara in her own turn
    s = short_of_francs(interest_first(), 2)
    own(s, "clay_mound", 2)
    s = apply(apply(s, Supply()), SellBuilding(building="clay_mound"))
    assert s.turn_sold == []
    s = apply(s, PayInterest())
    assert s.current == 0
    give(s, 0, francs=20)
    assert BuyBuilding(building="clay_mound") in legal_actions(s)
    s = apply(s, BuyBuilding(building="clay_mound"))
    assert s.owner["clay_mound"] == 0
    s = apply(apply(s, SellBuilding(building="clay_mound")), TakeOffer(space="wood"))
    with pytest.raises(IllegalAction, match="You sold the Clay Mound this turn"):
        apply(s, BuyBuilding(building="clay_mound"))  # Anna sold it herself: not in this turn
    assert BuyBuilding(building="clay_mound") not in legal_actions(s)
    s = apply(apply(s, EndTurn()), Supply())
    give(s, 1, francs=20)
    assert BuyBuilding(building="clay_mound") in legal_actions(s)  # Ben did not sell it


def test_the_player_whose_turn_it_is_may_not_buy_back_what_he_sold_for_the_interest():
    s = short_of_francs(interest_first(), 0)
    own(s, "fishery", 0)
    s = apply(s, Supply())
    assert s.phase == "interest" and s.current == 0
    s = apply(apply(s, SellBuilding(building="fishery")), PayInterest())
    assert s.phase == "turn" and s.turn_sold == ["fishery"]
    give(s, 0, francs=20)
    with pytest.raises(IllegalAction, match="You sold the Fishery this turn"):
        apply(s, BuyBuilding(building="fishery"))


def _sale_in_the_interest_window() -> tuple[Setup, list[Action], GameState]:
    """Random moves until a player sells a building for the interest in another's turn."""
    for seed in range(300):
        setup = complete_setup(Setup(players=3, seed=seed))
        s = new_game(setup)
        rng = random.Random(seed)
        actions: list[Action] = []
        while s.phase != "over":
            legal = legal_actions(s)
            if s.phase == "interest" and s.current != s.interest_return:
                sale = next((a for a in legal if isinstance(a, SellBuilding)), None)
                if sale is not None:
                    actions.append(sale)
                    return setup, actions, apply(s, sale)
            a = rng.choice(legal)
            s = apply(s, a)
            actions.append(a)
    raise AssertionError("no random game had a sale in the interest window")


def test_who_sold_what_survives_a_save_and_its_replay():
    # Anna buys a Building Firm and sells it again in her first turn: after loading she
    # still may not buy it back
    setup = complete_setup(Setup(players=3, seed=7))
    actions: list[Action] = [BuyBuilding(building="building_firm_1"), SellBuilding(building="building_firm_1")]
    s = new_game(setup)
    for a in actions:
        s = apply(s, a)
    _, _, s2, _ = load_save(dump_save(setup, actions, s))
    assert s2.turn_sold == ["building_firm_1"]
    with pytest.raises(IllegalAction, match="You sold the Building Firm this turn"):
        apply(s2, BuyBuilding(building="building_firm_1"))
    # a sale for the interest in another player's turn bars nobody, after loading too
    setup, actions, s = _sale_in_the_interest_window()
    sold = actions[-1]
    assert isinstance(sold, SellBuilding)
    _, _, s2, _ = load_save(dump_save(setup, actions, s))
    assert s2.turn_sold == []
    while s2.phase == "interest":
        s2 = apply(s2, PayInterest())
    give(s2, s2.current, francs=40)
    assert BuyBuilding(building=sold.building) in legal_actions(s2)
    assert apply(s2, BuyBuilding(building=sold.building)).owner[sold.building] == s2.current


def test_saves_of_the_second_format_load_with_the_seller_only_bar():
    # a save of format 2 kept every sale of the turn, whoever sold: a sale for the interest
    # in another player's turn was kept, and the player whose turn it was could not buy it
    setup, actions, s = _sale_in_the_interest_window()
    sold = actions[-1]
    assert isinstance(sold, SellBuilding) and s.turn_sold == []
    data = json.loads(dump_save(setup, actions, s))
    data["format_version"] = 2
    data["snapshot"]["turn_sold"] = [sold.building]
    _, _, s2, _ = load_save(json.dumps(data))
    assert not s2.strict_moves  # the moves of a format-2 save replay as they were accepted
    assert s2.model_dump(exclude={"events", "strict_moves"}) == s.model_dump(exclude={"events", "strict_moves"})
    while s2.phase == "interest":
        s2 = apply(s2, PayInterest())
    give(s2, s2.current, francs=40)
    assert BuyBuilding(building=sold.building) in legal_actions(s2)
    # read as the third format, that snapshot no longer fits its moves
    data["format_version"] = 3
    with pytest.raises(SaveError, match="snapshot does not match"):
        load_save(json.dumps(data))


def test_paying_without_selling_takes_the_loan():
    s = short_of_francs(interest_first(), 1)
    own(s, "fishery", 1)
    s = apply(apply(s, Supply()), PayInterest())
    assert s.players[1].loans == 2 and s.players[1].francs == 3
    assert s.owner["fishery"] == 1
    assert said(s) == ["Interest is due: Ben cannot pay 1 franc.", "Ben must take 1 loan (4 francs).",
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
            if any(e.startswith("Interest is due") for e in said(s)) and any(
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
    assert str(describe(s, PayInterest())) == "Pay the interest (a loan covers what your francs do not)"
    assert str(describe(s, SellBuilding(building="fishery"))) == "Sell the Fishery"
