"""Words a player reads: refusals that say what to do, counts and articles that read right,
and a log that names what the game chose or where payments went."""

from __future__ import annotations

import pytest

from lehavre_tui.bots.hint import describe
from lehavre_tui.commands import CommandError, help_text, parse
from lehavre_tui.engine.actions import BuyShip, Enter, PayInterest, SellBuilding, SellShip, Supply
from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.rules import apply
from lehavre_tui.engine.state import GameState
from lehavre_tui.engine.words import a_or_an, francs_text, plural

from .conftest import game, give, own, ready
from .helpers_rules import is_sentence, said
from .test_interest import interest_first, short_of_francs


def err(text: str, s: GameState) -> str:
    with pytest.raises(CommandError) as info:
        parse(text, s)
    assert is_sentence(str(info.value)), str(info.value)
    return str(info.value)


def refusal(s: GameState, action: object) -> str:
    with pytest.raises(IllegalAction) as info:
        apply(s, action)  # type: ignore[arg-type]
    assert is_sentence(str(info.value)), str(info.value)
    return str(info.value)


def test_the_helpers() -> None:
    assert [plural(n, "loan") for n in (0, 1, 2)] == ["0 loans", "1 loan", "2 loans"]
    assert francs_text(1) == "1 franc"
    assert [a_or_an(w) for w in ("iron ship", "wooden ship", "Exchange", "steel ship")] == [
        "an iron ship", "a wooden ship", "an Exchange", "a steel ship"
    ]  # fmt: skip


# --- loans and interest -------------------------------------------------------------------


@pytest.mark.parametrize("word", ["loan", "Loans", "borrow"])
def test_a_loan_is_not_a_command_and_the_player_is_told_when_loans_come(word: str) -> None:
    text = err(f"{word} 2", ready(game(3)))
    assert "Unknown command" not in text
    assert "only when a payment cannot be met otherwise" in text
    assert "'pay'" in text and "'feed'" in text and "'repay'" in text


def test_interest_is_paid_in_francs_and_pay_takes_nothing_else() -> None:
    s = short_of_francs(interest_first(), 1)
    own(s, "fishery", 1)
    s = apply(s, Supply())
    assert s.phase == "interest"
    give(s, 1, fish=3)
    text = err("pay fish=1", s)
    assert "Interest is paid in francs" in text and "'pay'" in text
    assert parse("pay", s) == PayInterest()
    # outside the interest, 'pay' with goods points to where energy and food are paid
    text = err("pay wood=2", ready(game(3)))
    assert "enter bakehouse 4 pay wood=2" in text and "feed" in text


# --- buying back --------------------------------------------------------------------------


def test_for_sale_now_leaves_out_what_the_player_sold_this_turn() -> None:
    s = ready(game(3))
    own(s, "fishery", 0)
    own(s, "joinery")
    s.players[0].ships = ["S04"]
    s.ship_stacks["wooden"] = ["S01"]
    s = apply(apply(s, SellBuilding(building="fishery")), SellShip(ship="S04"))
    listed = err("buy", s).split("for sale now: ")[1]
    assert "joinery" in listed and "fishery" not in listed and "wooden" not in listed
    listed = err("buy nothing-like-it", s).split("For sale now: ")[1]
    assert "joinery" in listed and "fishery" not in listed
    # the next player may buy both
    s.current, s.turn_sold = 1, []
    listed = err("buy", s).split("for sale now: ")[1]
    assert "fishery" in listed and "wooden" in listed


# --- where fees go ------------------------------------------------------------------------


def test_a_food_fee_paid_to_the_town_goes_to_the_supply_and_francs_to_the_bank() -> None:
    s = ready(game(3))
    own(s, "bakehouse")  # fee: 1 food
    give(s, 0, francs=5, fish=2, grain=1, wood=1)
    after = apply(s, Enter(building="bakehouse", amount=1, fee_goods={"fish": 1}))
    assert said(after)[0] == "Anna enters the Bakehouse, paying 1 fish to the supply."
    after = apply(s, Enter(building="bakehouse", amount=1, fee="francs"))
    assert said(after)[0] == "Anna enters the Bakehouse, paying 1 franc to the bank."
    own(s, "smokehouse")  # fee: 2 food or 1 franc
    give(s, 0, fish=4, wood=1)
    after = apply(s, Enter(building="smokehouse", amount=1, fee_goods={"fish": 1, "francs": 1}))
    assert said(after)[0] == "Anna enters the Smokehouse, paying 1 fish to the supply and 1 franc to the bank."
    # a fee paid to a player is still paid to that player
    own(s, "bakehouse", 1)
    after = apply(s, Enter(building="bakehouse", amount=1, fee_goods={"fish": 1}))
    assert said(after)[0] == "Anna enters the Bakehouse, paying 1 fish to Ben."
    assert after.players[1].goods == [1, *s.players[1].goods[1:]]


# --- "a"/"an" and plurals ------------------------------------------------------------------


def test_an_iron_ship_and_one_franc() -> None:
    s = ready(game(3))
    s.ship_stacks["iron"] = ["S10"]
    give(s, 0, francs=1)
    assert refusal(s, BuyShip(ship_type="iron")) == "An iron ship costs 20 francs; you have 1."
    assert str(describe(s, BuyShip(ship_type="iron"))) == "Buy an iron ship"
    own(s, "wharf_1", 0)
    give(s, 0, iron=1, wood=3, brick=1)
    assert refusal(s, Enter(building="wharf_1", targets=("iron",))).startswith("An iron ship needs")
    own(s, "bakehouse")
    give(s, 0, francs=0, fish=1)
    assert refusal(s, Enter(building="bakehouse", fee_goods={"francs": 1})) == "You offered 1 franc but have 0."


def test_one_good() -> None:
    s = ready(game(3))
    own(s, "business_office")
    give(s, 0, francs=5, coal=0)
    text = refusal(s, Enter(building="business_office", option="brick"))
    assert text == "These trades need 1 good; you have 0."


# --- the Business Office and the Local Court ------------------------------------------------


def test_a_repeated_business_office_trade_is_refused_not_dropped() -> None:
    s = ready(game(3))
    own(s, "business_office")
    give(s, 0, fish=8)
    text = err("enter business-office steel+steel", s)
    assert "'steel' is named twice" in text and "steel+brick" in text
    assert "named twice" in err("enter business-office brick brick", s)
    assert parse("enter business-office brick+steel", s) == Enter(building="business_office", option="steel+brick")


def test_the_local_court_names_the_choice_it_made_for_the_player() -> None:
    s = ready(game(3))
    own(s, "local_court")
    s.players[0].loans = 3
    give(s, 0, francs=5)
    after = apply(s, Enter(building="local_court"))
    assert after.players[0].loans == 1
    assert (
        "Anna names no choice at the Local Court, so it is 'two' (return 2 loans) rather than "
        "'one+francs' (return 1 loan and take 2 francs)."
    ) in said(after)
    # a named choice, or a single one, needs no such line
    for option, loans in (("one+francs", 3), (None, 1)):
        s.players[0].loans = loans
        after = apply(s, Enter(building="local_court", option=option))
        assert not any("names no choice" in e for e in said(after))


# --- selling in another player's turn -------------------------------------------------------


def test_help_says_when_a_player_may_sell_and_why_not_in_others_turns() -> None:
    text = help_text("sell", game(3))
    assert "in another player's turn (not during their action)" in text
    assert "the keyboard belongs to the player whose turn it is" in text
    assert "may not buy back in the same turn" in text


def test_a_waiting_player_cannot_sell_at_one_keyboard() -> None:
    # the player to act sells; a building of a waiting player is not the one to act's
    s = ready(game(3))
    own(s, "fishery", 1)
    assert "You do not own the Fishery" in refusal(s, SellBuilding(building="fishery"))
    assert s.owner["fishery"] == 1
