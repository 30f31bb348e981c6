"""Turn flow and the general rules: supply, offers, fees, buying and selling, rounds, the
end of a round, the final phase, set-up, and how refusals leave the game.

Expected numbers come from the rulebook (RULES.md) and the card data tables (DATA.md),
written out here by hand.
"""

from __future__ import annotations

import pytest

from lehavre_tui.engine.actions import (
    Build,
    BuyBuilding,
    BuyShip,
    EndTurn,
    Enter,
    Feed,
    Reorder,
    RepayLoan,
    SellBuilding,
    SellShip,
    Supply,
    TakeOffer,
)
from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.rules import apply
from lehavre_tui.engine.scoring import score
from lehavre_tui.engine.setup import Setup, new_game
from lehavre_tui.engine.state import OFFER_SPACES, TOWN, GameState

from .conftest import game, give, own, ready
from .helpers_rules import close_round, feed_all, is_sentence, last_turn, offers, said, stock, turn

# The seven supply chits (DATA.md §3): id -> the two offer spaces it fills; 5 is "Interest".
CHITS = {
    1: ("wood", "cattle"),
    2: ("wood", "clay"),
    3: ("wood", "francs"),
    4: ("fish", "clay"),
    5: ("wood", "fish"),
    6: ("fish", "grain"),
    7: ("iron", "francs"),
}
INTEREST_CHIT = 5


def take_most(s: GameState) -> TakeOffer:
    """Take the fullest offer space."""
    i = max(range(len(OFFER_SPACES)), key=lambda k: s.offers[k])
    return TakeOffer(space=OFFER_SPACES[i])


def play_round(s: GameState) -> GameState:
    """Seven turns of taking the fullest offer space, then feeding."""
    for _ in range(7):
        s = turn(s, take_most(s))
    return feed_all(s)


# --- the turn: supply first, then one main action ------------------------------------------------


def test_main_action_before_the_supply_is_refused():
    s = game(3)
    with pytest.raises(IllegalAction, match="supply action comes before the main action"):
        apply(s, TakeOffer(space="fish"))
    with pytest.raises(IllegalAction, match="supply action comes before the main action"):
        apply(s, Enter(building="building_firm_1", targets=["marketplace"]))


def test_the_supply_action_happens_once_a_turn():
    s = apply(game(3), Supply())
    with pytest.raises(IllegalAction, match="already moved your ship this turn"):
        apply(s, Supply())


def test_one_main_action_a_turn():
    s = apply(apply(game(3), Supply()), TakeOffer(space="fish"))
    with pytest.raises(IllegalAction, match="already taken your main action"):
        apply(s, TakeOffer(space="wood"))


def test_a_turn_cannot_end_without_its_main_action():
    s = game(3)
    with pytest.raises(IllegalAction, match="Move your ship first"):
        apply(s, EndTurn())
    with pytest.raises(IllegalAction, match="Take your main action first"):
        apply(apply(s, Supply()), EndTurn())


def test_buying_is_allowed_before_the_supply_action():
    s = game(3)  # the Marketplace tops the first stack
    give(s, 0, francs=6)
    s = apply(s, BuyBuilding(building="marketplace"))
    assert s.owner["marketplace"] == 0
    assert s.players[0].francs == 0
    assert not s.supplied


# --- supply chits ---------------------------------------------------------------------------------


def test_the_kth_turn_of_a_round_uses_chit_k():
    order = [4, 2, 7, 1, 3, 6, 5]
    s = game(3, chit_order=order)
    for rnd in (1, 2):
        assert s.round == rnd
        for k, chit in enumerate(order):
            expected = offers(s)
            for space in CHITS[chit]:
                expected[space] += 1
            s = apply(s, Supply())
            assert s.players[s.current].ship_marker == k
            assert offers(s) == expected
            s = apply(apply(s, take_most(s)), EndTurn())
        s = feed_all(s)


def test_a_chit_is_turned_face_up_once_and_stays_up():
    s = apply(game(3), Supply())
    assert s.revealed == [True, False, False, False, False, False, False]
    assert said(s)[0] == "Anna's ship reaches the first chit (turned face up): 1 wood and 1 cattle are unloaded."
    s = apply(apply(s, take_most(s)), EndTurn())
    for _ in range(6):
        s = turn(s, take_most(s))
    s = feed_all(s)
    assert s.round == 2
    assert s.revealed == [True] * 7
    s = apply(s, Supply())  # round 2 begins with Ben
    assert s.revealed == [True] * 7
    assert s.chits == [1, 2, 3, 4, 5, 6, 7]
    assert said(s)[0] == "Ben's ship reaches the first chit: 1 wood and 1 cattle are unloaded."


# --- interest ----------------------------------------------------------------------------------------


def interest_first() -> GameState:
    """A 3-player game whose first chit is the Interest chit."""
    return game(3, chit_order=[INTEREST_CHIT, 1, 2, 3, 4, 6, 7])


def test_interest_every_player_with_a_loan_pays_one_franc():
    s = interest_first()
    s.players[0].loans = 1
    s.players[1].loans = 3  # one franc, however many loans
    s = apply(s, Supply())
    assert [p.francs for p in s.players] == [4, 4, 5]
    assert [p.loans for p in s.players] == [1, 3, 0]
    assert said(s)[1:] == ["Interest is due: Anna pays 1 franc.", "Interest is due: Ben pays 1 franc."]


def test_interest_without_francs_takes_a_loan():
    s = interest_first()
    s.players[1].loans = 1
    give(s, 1, francs=0)
    s = apply(s, Supply())
    assert s.players[1].loans == 2
    assert s.players[1].francs == 3  # 4 francs from the loan, 1 paid
    assert said(s)[-1] == "Ben must take 1 loan (4 francs)."


def test_interest_is_paid_once_a_round():
    s = game(3, chit_order=[1, 2, INTEREST_CHIT, 3, 4, 6, 7])
    s.players[2].loans = 1
    interest_turns = []
    for k in range(7):
        s = apply(s, Supply())
        if any(e.startswith("Interest is due") for e in said(s)):
            interest_turns.append(k)
        s = apply(apply(s, take_most(s)), EndTurn())
    assert interest_turns == [2]


def test_expensive_loans_cost_two_francs_from_three_loans_with_three_players():
    s = game(3, chit_order=[INTEREST_CHIT, 1, 2, 3, 4, 6, 7], expensive_loans=True)
    s.players[0].loans = 3
    s.players[1].loans = 2
    s = apply(s, Supply())
    assert [p.francs for p in s.players] == [3, 4, 5]


# --- offer spaces (main action A) -----------------------------------------------------------------


def test_offers_accumulate_until_taken():
    s = game(3)  # opening offer: 2 francs, 2 fish, 2 wood, 1 clay
    s = turn(s, TakeOffer(space="fish"))  # chit 1: wood + cattle
    assert offers(s) == {"francs": 2, "fish": 0, "wood": 3, "clay": 1, "iron": 0, "grain": 0, "cattle": 1}
    assert stock(s, 0) == {"fish": 2, "coal": 1}
    s = apply(s, Supply())  # chit 2: wood + clay
    assert offers(s) == {"francs": 2, "fish": 0, "wood": 4, "clay": 2, "iron": 0, "grain": 0, "cattle": 1}
    s = apply(s, TakeOffer(space="wood"))
    assert stock(s, 1) == {"wood": 4, "coal": 1}
    assert offers(s)["wood"] == 0


def test_taking_francs_adds_them_to_the_purse():
    s = apply(game(3), Supply())
    s = apply(s, TakeOffer(space="francs"))
    assert s.players[0].francs == 7
    assert said(s) == ["Anna takes the 2 francs."]


def test_taking_an_empty_space_is_refused():
    s = apply(game(3), Supply())  # iron, grain: still empty
    with pytest.raises(IllegalAction, match="The iron space is empty"):
        apply(s, TakeOffer(space="iron"))
    with pytest.raises(IllegalAction, match="'coal' is not an offer space"):
        apply(s, TakeOffer(space="coal"))


# --- entering buildings and entry fees -----------------------------------------------------------


def test_food_fee_goes_to_the_owner():
    s = ready(game(3))
    own(s, "hardware_store", 1)
    give(s, 0, fish=1)
    s = apply(s, Enter(building="hardware_store", fee="food", fee_goods={"fish": 1}))
    assert stock(s, 1) == {"fish": 1, "coal": 1}
    assert stock(s, 0) == {"wood": 1, "iron": 1, "brick": 1, "coal": 1}
    assert said(s)[0] == "Anna enters the Hardware Store, paying 1 fish to Ben."


def test_franc_fee_goes_to_the_owner():
    s = ready(game(3))
    own(s, "grocery_market", 1)
    s = apply(s, Enter(building="grocery_market"))
    assert [p.francs for p in s.players] == [4, 6, 5]


def test_fee_to_a_town_building_goes_to_the_bank():
    s = ready(game(3))
    own(s, "grocery_market", TOWN)
    s = apply(s, Enter(building="grocery_market"))
    assert [p.francs for p in s.players] == [4, 5, 5]
    assert said(s)[0] == "Anna enters the Grocery Market, paying 1 franc to the bank."


def test_own_building_is_free():
    s = ready(game(3))
    own(s, "construction_firm", 0)
    s.proposals = [["marketplace"], [], []]
    give(s, 0, wood=2, fish=2)
    s = apply(s, Enter(building="construction_firm", targets=["marketplace"]))
    assert s.players[0].francs == 5
    assert stock(s, 0) == {"fish": 2, "coal": 1}
    assert said(s)[0] == "Anna enters the Construction Firm."


@pytest.mark.parametrize(
    ("fee", "fee_goods", "francs", "fish"),
    [("food", {"fish": 2}, 5, 0), ("francs", None, 4, 2)],
)
def test_food_or_franc_fee_is_paid_one_way(fee, fee_goods, francs, fish):
    s = ready(game(3))
    own(s, "marketplace", TOWN)
    give(s, 0, fish=2)
    s = apply(s, Enter(building="marketplace", fee=fee, fee_goods=fee_goods, goods={"clay": 1}))
    assert s.players[0].francs == francs
    assert s.players[0].goods[0] == fish


def test_food_fee_may_be_paid_with_food_and_francs_together():
    s = ready(game(3))
    s.proposals = [["marketplace"], [], []]
    give(s, 0, fish=1, wood=2)
    s = apply(
        s,
        Enter(building="construction_firm", fee_goods={"fish": 1, "francs": 1}, targets=["marketplace"]),
    )
    assert s.players[0].francs == 4
    assert stock(s, 0) == {"coal": 1}


def test_francs_pay_a_food_fee():
    s = ready(game(3))
    s.proposals = [["marketplace"], [], []]
    give(s, 0, wood=2)
    s = apply(s, Enter(building="construction_firm", targets=["marketplace"]))
    assert s.players[0].francs == 3


def test_food_never_pays_a_franc_fee():
    s = ready(game(3))
    own(s, "grocery_market", 1)
    give(s, 0, francs=0, fish=3)
    with pytest.raises(IllegalAction, match="1 franc; it cannot be paid in food"):
        apply(s, Enter(building="grocery_market", fee_goods={"fish": 1}))
    with pytest.raises(IllegalAction, match="entry fee is 1 franc; you cannot pay it"):
        apply(s, Enter(building="grocery_market"))


def test_food_gives_no_change():
    s = ready(game(3))
    own(s, "hardware_store", 1)
    give(s, 0, meat=1)
    s = apply(s, Enter(building="hardware_store", fee_goods={"meat": 1}))
    assert s.players[0].francs == 5
    assert stock(s, 1) == {"meat": 1, "coal": 1}
    assert "meat" not in stock(s, 0)


def test_loans_never_pay_an_entry_fee():
    s = ready(game(3))
    give(s, 0, francs=0)
    with pytest.raises(IllegalAction, match="loans may not pay fees"):
        apply(s, Enter(building="building_firm_2", targets=["marketplace"]))


def test_food_tokens_named_for_a_food_or_franc_fee_pay_the_food_fee():
    s = ready(game(3))
    own(s, "marketplace", 1)
    give(s, 0, fish=2)
    s = apply(s, Enter(building="marketplace", fee_goods={"fish": 2}, goods={"clay": 1}))
    assert stock(s, 1) == {"fish": 2, "coal": 1}


def test_asking_to_pay_a_food_fee_in_francs_pays_francs():
    s = ready(game(3))
    s.proposals = [["marketplace"], [], []]
    give(s, 0, fish=2, wood=2)
    s = apply(s, Enter(building="construction_firm", fee="francs", targets=["marketplace"]))
    assert s.players[0].francs == 3
    assert stock(s, 0) == {"fish": 2, "coal": 1}


def test_buildings_in_the_proposal_stacks_cannot_be_entered():
    s = ready(game(3))
    with pytest.raises(IllegalAction, match="Marketplace is still a building proposal"):
        apply(s, Enter(building="marketplace", goods={"fish": 1}))


def test_face_down_special_buildings_cannot_be_entered_or_bought():
    s = ready(game(3))
    special = s.special_deck[0]
    with pytest.raises(IllegalAction, match="is not in play"):
        apply(s, Enter(building=special))
    with pytest.raises(IllegalAction, match="is not in play"):
        apply(s, BuyBuilding(building=special))


def test_a_bought_building_can_be_used_the_same_turn():
    s = ready(game(3))
    give(s, 0, francs=6)
    s = apply(s, BuyBuilding(building="marketplace"))
    s = apply(s, Enter(building="marketplace", goods={"grain": 1, "cattle": 1}))
    assert s.players[0].francs == 0  # bought for 6, own building: no fee
    assert stock(s, 0) == {"grain": 1, "cattle": 1, "coal": 1}


# --- buying --------------------------------------------------------------------------------------------


def test_buying_a_town_building_for_its_price():
    s = game(3)
    s = apply(s, BuyBuilding(building="building_firm_1"))
    assert s.owner["building_firm_1"] == 0
    assert s.players[0].francs == 1
    assert said(s) == ["Anna buys the Building Firm for 4 francs."]


def test_only_the_top_proposal_can_be_bought_then_the_next_one():
    s = game(3)
    give(s, 0, francs=20)
    with pytest.raises(IllegalAction, match="Charcoal Kiln is not on top of its proposal stack"):
        apply(s, BuyBuilding(building="charcoal_kiln"))
    s = apply(s, BuyBuilding(building="fishery"))
    s = apply(s, BuyBuilding(building="charcoal_kiln"))
    assert s.proposals[2][0] == "wharf_1"
    assert s.players[0].francs == 2


def test_another_players_building_cannot_be_bought():
    s = game(3)
    own(s, "fishery", 1)
    give(s, 0, francs=20)
    with pytest.raises(IllegalAction, match="Fishery belongs to Ben"):
        apply(s, BuyBuilding(building="fishery"))


def test_no_loans_to_buy():
    s = game(3)
    give(s, 0, francs=9)
    with pytest.raises(IllegalAction, match="Fishery costs 10 francs; you have 9"):
        apply(s, BuyBuilding(building="fishery"))
    assert s.players[0].loans == 0


def test_only_the_top_ship_of_a_stack_can_be_bought():
    s = game(3)
    s.ship_stacks["wooden"] = ["S01", "S04"]  # S04 on top
    give(s, 0, francs=15)
    s = apply(s, BuyShip(ship_type="wooden"))
    assert s.players[0].ships == ["S04"]
    assert s.ship_stacks["wooden"] == ["S01"]
    assert s.players[0].francs == 1


def test_buying_a_ship_from_an_empty_stack_is_refused():
    s = game(3)
    give(s, 0, francs=30)
    with pytest.raises(IllegalAction, match="There is no iron ship on offer"):
        apply(s, BuyShip(ship_type="iron"))


def test_worker_goes_home_when_its_building_is_bought():
    s = game(3)
    s.players[1].worker = "building_firm_2"
    give(s, 0, francs=6)
    s = apply(s, BuyBuilding(building="building_firm_2"))
    assert s.players[1].worker is None
    assert said(s) == ["Anna buys the Building Firm for 6 francs.", "Ben's worker leaves the Building Firm."]


# --- selling and repaying --------------------------------------------------------------------------


def test_selling_a_building_to_the_town_for_half_its_value():
    s = game(3)
    own(s, "wharf_1", 0)
    s = apply(s, SellBuilding(building="wharf_1"))
    assert s.owner["wharf_1"] == TOWN
    assert s.players[0].francs == 12  # 5 + 14 / 2


def test_worker_goes_home_when_its_building_is_sold():
    s = game(3)
    own(s, "fishery", 0)
    s.players[1].worker = "fishery"
    s = apply(s, SellBuilding(building="fishery"))
    assert s.players[1].worker is None
    assert s.players[0].francs == 10


def test_a_sold_ship_goes_on_top_of_its_stack_for_half_its_value():
    s = game(3)
    s.ship_stacks["wooden"] = ["S01"]
    s.players[0].ships = ["S04"]
    s = apply(s, SellShip(ship="S04"))
    assert s.ship_stacks["wooden"] == ["S01", "S04"]
    assert s.players[0].ships == []
    assert s.players[0].francs == 7


def test_no_buying_back_a_building_sold_this_turn():
    s = game(3)
    own(s, "fishery", 0)
    s = apply(s, SellBuilding(building="fishery"))
    give(s, 0, francs=20)
    with pytest.raises(IllegalAction, match="sold the Fishery this turn"):
        apply(s, BuyBuilding(building="fishery"))
    s = turn(s, TakeOffer(space="fish"))
    give(s, 1, francs=20)
    s = apply(s, BuyBuilding(building="fishery"))  # Ben, next turn: allowed
    assert s.owner["fishery"] == 1


def test_no_buying_back_a_ship_sold_this_turn():
    s = game(3)
    s.players[0].ships = ["S04"]
    s = apply(s, SellShip(ship="S04"))
    give(s, 0, francs=20)
    with pytest.raises(IllegalAction, match="sold that ship this turn"):
        apply(s, BuyShip(ship_type="wooden"))


def test_a_building_sold_while_feeding_can_be_bought_next_round():
    s = last_turn(game(3))
    own(s, "fishery", 0)
    give(s, 0, francs=0, fish=1)  # Anna has a choice when feeding: she sells first
    s = close_round(s)
    assert s.phase == "feeding" and s.current == 0  # Ben and Clara paid in francs
    s = apply(s, SellBuilding(building="fishery"))
    s = apply(s, Feed())
    assert s.round == 2 and s.current == 1
    give(s, 1, francs=20)
    s = apply(s, BuyBuilding(building="fishery"))
    assert s.owner["fishery"] == 1


def test_repaying_a_loan_costs_five_francs():
    s = game(3)
    s.players[0].loans = 2
    give(s, 0, francs=7)
    s2 = apply(s, RepayLoan())
    assert (s2.players[0].loans, s2.players[0].francs) == (1, 2)
    with pytest.raises(IllegalAction, match="Repaying 2 loans costs 10 francs; you have 7"):
        apply(s, RepayLoan(count=2))


def test_wealth_is_values_bonuses_and_francs_minus_seven_per_loan():
    s = game(3)
    own(s, "fishery", 0)  # value 10
    own(s, "bank", 0)  # value 16, +2 for itself (economic)
    s.players[0].ships = ["S06"]  # value 2
    s.players[0].loans = 2
    sc = score(s, 0)
    assert (sc.buildings, sc.ships, sc.bonuses, sc.francs, sc.loans) == (26, 2, {"Bank": 2}, 5, -14)
    assert sc.total == 26 + 2 + 2 + 5 - 14


# --- rounds: seven turns, who starts ------------------------------------------------------------


def test_a_round_has_seven_turns():
    s = game(3)
    for _ in range(6):
        s = turn(s, take_most(s))
    assert s.round == 1
    s = feed_all(turn(s, take_most(s)))
    assert s.round == 2
    assert [p.turns_taken for p in s.players] == [3, 2, 2]


@pytest.mark.parametrize(
    ("players", "starts"),
    [(1, [0, 0, 0, 0]), (2, [0, 1, 0, 1]), (3, [0, 1, 2, 0]), (4, [0, 3, 2, 1])],
)
def test_round_r_starts_with_seat_seven_times_r_minus_one_mod_n(players, starts):
    s = game(players)
    seen = []
    for r in (1, 2, 3, 4):
        assert s.round == r
        seen.append(s.current)
        for p in s.players:
            p.francs = 50  # feeding never needs a choice
        s = play_round(s)
    assert seen == starts


# --- end of round: harvest, feeding, the town, the new ship --------------------------------------


def test_harvest_one_grain_with_grain_one_cattle_with_two_cattle():
    s = last_turn(game(3), round_no=2)  # round card R01: harvest
    give(s, 0, grain=1, cattle=2)
    give(s, 1, cattle=1)
    give(s, 2, grain=3, cattle=5)
    s = feed_all(close_round(s))
    assert stock(s, 0) == {"grain": 2, "cattle": 3, "iron": 1, "coal": 1}
    assert stock(s, 1) == {"cattle": 1, "coal": 1}
    assert stock(s, 2) == {"grain": 4, "cattle": 6, "coal": 1}


def test_no_harvest_on_a_no_harvest_round():
    s = last_turn(game(3), round_no=1)  # round card R03: no harvest
    give(s, 1, grain=1, cattle=2)
    s = feed_all(close_round(s))
    assert stock(s, 1) == {"grain": 1, "cattle": 2, "coal": 1}
    assert "No harvest this round." in said(s)


def test_feeding_ships_supply_food_by_player_count():
    s = last_turn(game(3), round_no=5)  # R05: 4 food with 3 players
    s.players[0].ships = ["S01"]  # wooden: 3 food with 3 players
    s.players[1].ships = ["S06"]  # iron: 4 food with 3 players
    for p in s.players:
        p.francs = 10
    s = feed_all(close_round(s))
    assert [p.francs for p in s.players] == [9, 10, 6]


def test_ship_food_beyond_the_demand_is_not_refunded():
    s = last_turn(game(2), round_no=1)  # R01: 3 food with 2 players
    s.players[1].ships = ["S01"]  # wooden: 4 food with 2 players
    s = feed_all(close_round(s))
    assert [p.francs for p in s.players] == [2, 5]
    assert "Ben's ships supply all the food needed." in said(s)


def test_food_paid_beyond_the_demand_is_lost():
    s = last_turn(game(3), round_no=1)  # 2 food
    give(s, 0, meat=1)
    s = close_round(s)
    assert s.phase == "feeding" and s.current == 0  # Ben and Clara paid in francs
    s = apply(s, Feed(payment={"meat": 1}))
    assert s.players[0].francs == 5
    assert "meat" not in stock(s, 0)
    assert "Anna feeds the workers with 1 meat (1 food wasted)." in said(s)


def test_feeding_refuses_part_payment_while_food_or_francs_remain():
    s = last_turn(game(3), round_no=1)
    give(s, 0, francs=0, fish=3)
    s = close_round(s)
    with pytest.raises(IllegalAction, match="That pays 1 of 2 food"):
        apply(s, Feed(payment={"fish": 1}))
    give(s, 0, francs=5, fish=1)
    with pytest.raises(IllegalAction, match="hand over all your food and francs before a loan"):
        apply(s, Feed(payment={"fish": 1}))


def test_a_loan_covers_feeding_only_after_all_food_and_francs():
    s = last_turn(game(3), round_no=1)
    give(s, 0, francs=0, fish=1)
    s = close_round(s)
    s = apply(s, Feed(payment={"fish": 1}))
    assert (s.players[0].loans, s.players[0].francs) == (1, 3)
    assert "fish" not in stock(s, 0)


def test_a_player_with_only_a_franc_pays_it_and_takes_a_loan():
    s = last_turn(game(3), round_no=1)
    give(s, 1, francs=1)
    s = feed_all(close_round(s))
    assert (s.players[1].loans, s.players[1].francs) == (1, 3)


def test_feed_outside_the_end_of_a_round_is_refused():
    with pytest.raises(IllegalAction, match="Feeding happens at the end of a round"):
        apply(game(3), Feed())


def test_town_builds_the_lowest_numbered_top_card_on_a_standard_round():
    s = last_turn(game(3), round_no=3)  # R02: the town builds a standard building
    s.proposals = [["joinery", "bank"], ["bakehouse"], ["fishery", "charcoal_kiln"]]
    s = feed_all(close_round(s))
    assert s.owner["fishery"] == TOWN
    assert s.proposals == [["joinery", "bank"], ["bakehouse"], ["charcoal_kiln"]]
    assert "The town builds the Fishery." in said(s)


def test_town_builds_nothing_when_every_stack_is_empty():
    s = last_turn(game(3), round_no=3)
    s.proposals = [[], [], []]
    owners = dict(s.owner)
    s = feed_all(close_round(s))
    assert s.owner == owners


def test_town_reveals_the_top_special_building_on_a_special_round():
    s = last_turn(game(3), round_no=4)  # R04: the town builds a special building
    deck = list(s.special_deck)
    s = feed_all(close_round(s))
    assert s.owner[deck[0]] == TOWN
    assert s.special_deck == deck[1:]


def test_town_builds_nothing_on_a_round_without_a_building_symbol():
    s = last_turn(game(3), round_no=1)  # R03: no building
    owners, deck, stacks = dict(s.owner), list(s.special_deck), [list(x) for x in s.proposals]
    s = feed_all(close_round(s))
    assert (s.owner, s.special_deck, s.proposals) == (owners, deck, stacks)


def test_the_round_cards_ship_goes_on_top_of_its_stack():
    s = feed_all(close_round(last_turn(game(3), round_no=1)))  # R03 -> wooden ship S03
    assert s.ship_stacks["wooden"] == ["S03"]
    s = feed_all(close_round(last_turn(s)))  # round 2: R01 -> wooden ship S01
    assert s.ship_stacks["wooden"] == ["S03", "S01"]
    give(s, s.current, francs=14)
    s = apply(s, BuyShip(ship_type="wooden"))
    assert s.players[s.current].ships == ["S01"]


def test_end_of_round_order_harvest_feeding_town_ship():
    s = last_turn(game(3), round_no=3)  # R02: harvest, 3 food, standard building
    give(s, 1, grain=1)
    s = feed_all(close_round(s))

    def first(prefix: str) -> int:
        return next(i for i, e in enumerate(said(s)) if e.startswith(prefix))

    assert first("Harvest:") < first("Ben feeds") < first("The town builds") < first("The round card turns")


def test_feeding_is_announced_in_food():
    s = feed_all(close_round(last_turn(game(3), round_no=1)))
    assert "Feeding: 2 food per player." in said(s)


# --- the final phase --------------------------------------------------------------------------------


def final_phase(last_seat: int | None = None) -> GameState:
    """A 3-player full game right after round 18; everybody could feed with francs."""
    s = last_turn(game(3), round_no=18, seat=last_seat)
    for p in s.players:
        p.francs = 20
    s = feed_all(close_round(s))
    assert s.phase == "final"
    return s


def test_final_phase_starts_with_the_start_player():
    assert final_phase(last_seat=1).current == 0


def test_final_phase_has_no_supply_action():
    s = final_phase()
    with pytest.raises(IllegalAction, match="no supply action in the final phase"):
        apply(s, Supply())


def test_final_phase_one_main_action_each_in_seat_order_then_game_over():
    s = final_phase()
    s.players[1].loans = 1
    before = offers(s)
    actors = []
    for space in ("francs", "fish", "wood"):
        actors.append(s.current)
        s = apply(s, TakeOffer(space=space))
        with pytest.raises(IllegalAction, match="already taken your main action"):
            apply(s, TakeOffer(space="clay"))
        s = apply(s, EndTurn())
    assert actors == [0, 1, 2]
    assert s.phase == "over"
    assert offers(s) == {**before, "francs": 0, "fish": 0, "wood": 0}  # never refilled
    assert s.players[1].francs == 5  # 20 - 15 food; no interest in the final phase
    assert said(s)[-1].endswith(("win!", "wins!"))
    with pytest.raises(IllegalAction, match="The game is over"):
        apply(s, TakeOffer(space="clay"))


def test_final_phase_has_no_buying():
    s = final_phase()
    s.ship_stacks["wooden"] = ["S01"]
    with pytest.raises(IllegalAction, match="Nothing can be bought in the final phase"):
        apply(s, BuyBuilding(building="building_firm_1"))
    with pytest.raises(IllegalAction, match="Nothing can be bought in the final phase"):
        apply(s, BuyShip(ship_type="wooden"))


def test_final_phase_allows_selling_and_repaying():
    s = final_phase()
    own(s, "fishery", 0)
    s.players[0].loans = 1
    s = apply(s, SellBuilding(building="fishery"))
    s = apply(s, RepayLoan())
    assert (s.players[0].francs, s.players[0].loans) == (5 + 5 - 5, 0)


def test_final_phase_allows_occupied_buildings_but_not_your_own_workers():
    s = final_phase()
    s.proposals = [["joinery"], [], []]
    give(s, 0, wood=3)
    s.players[1].worker = "building_firm_1"
    s.players[0].worker = "building_firm_2"
    with pytest.raises(IllegalAction, match="Your worker already stands on the Building Firm"):
        apply(s, Enter(building="building_firm_2", targets=["joinery"]))
    s = apply(s, Enter(building="building_firm_1", targets=["joinery"]))
    assert s.owner["joinery"] == 0
    assert s.players[1].worker == "building_firm_1"


# --- set-up -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(1, 4), (2, 8), (3, 12), (4, 12), (5, 15)])
def test_short_game_set_up(players, rounds):
    s = game(players, "short")
    assert offers(s) == {"francs": 3, "fish": 3, "wood": 3, "clay": 2, "iron": 1, "grain": 1, "cattle": 1}
    for seat in range(players):
        assert s.players[seat].francs == 5
        assert stock(s, seat) == {
            "fish": 2, "wood": 2, "clay": 2, "iron": 2, "cattle": 1, "coal": 2, "hides": 2,
        }  # fmt: skip
    assert s.special_deck == []
    assert s.rounds_total == rounds


@pytest.mark.parametrize(
    ("players", "extra_start"),
    [(1, ["marketplace", "sawmill", "black_market"]), (2, ["marketplace"]), (3, []), (4, ["sawmill"]),
     (5, ["sawmill"])],
)  # fmt: skip
def test_short_game_start_buildings(players, extra_start):
    s = game(players, "short")
    start = ["building_firm_1", "building_firm_2", "construction_firm"]
    assert sorted(s.town_buildings()) == sorted(start + extra_start)
    assert not any(b in st for st in s.proposals for b in extra_start)


def test_short_game_starting_ships_for_one_and_two_players():
    solo = game(1, "short")
    assert solo.players[0].ships == ["S01"]
    assert solo.ship_stacks["wooden"] == ["S03"]
    duo = game(2, "short")
    assert [p.ships for p in duo.players] == [["S01"], ["S03"]]
    assert duo.ship_stacks["wooden"] == []
    assert [p.ships for p in game(3, "short").players] == [[], [], []]


@pytest.mark.parametrize(("players", "rounds"), [(1, 7), (2, 14), (3, 18), (4, 20), (5, 20)])
def test_full_game_set_up(players, rounds):
    s = new_game(Setup(players=players, seed=3))
    assert offers(s) == {"francs": 2, "fish": 2, "wood": 2, "clay": 1, "iron": 0, "grain": 0, "cattle": 0}
    for seat in range(players):
        assert s.players[seat].francs == 5
        assert stock(s, seat) == {"coal": 1}
        assert s.players[seat].ships == []
    assert len(s.special_deck) == 6
    assert sorted(s.town_buildings()) == ["building_firm_1", "building_firm_2", "construction_firm"]
    assert s.rounds_total == rounds
    sizes = {len(st) for st in s.proposals}
    assert len(sizes) == 1
    for st in s.proposals:
        assert st == sorted(st, key=lambda b: int(NUMBERS[b]))


NUMBERS = {
    "marketplace": 1, "sawmill": 2, "fishery": 3, "joinery": 4, "bakehouse": 5, "hardware_store": 6,
    "charcoal_kiln": 7, "smokehouse": 8, "abattoir": 9, "clay_mound": 10, "arts_centre": 11,
    "wharf_1": 12, "black_market": 13, "brickworks": 14, "local_court": 15, "colliery": 16,
    "wharf_2": 17, "shipping_line": 18, "grocery_market": 19, "tannery": 20, "business_office": 21,
    "ironworks": 22, "steel_mill": 23, "storehouse": 24, "cokery": 25, "dock": 26, "bridge": 27,
    "town_hall": 28, "bank": 29, "church": 30,
}  # fmt: skip


def test_solo_full_game_never_deals_the_zoo_or_the_harbour_watch():
    for seed in range(200):
        deck = new_game(Setup(players=1, seed=seed)).special_deck
        assert len(deck) == 6
        assert "zoo" not in deck and "harbour_watch" not in deck


def test_black_market_never_tops_a_stack_after_set_up():
    tops_seen = set()
    for players in (3, 4, 5):
        for seed in range(200):
            s = new_game(Setup(players=players, seed=seed))
            tops = {st[0] for st in s.proposals}
            assert "black_market" not in tops
            tops_seen |= tops
    # the deal is random: the other low cards do come out on top
    assert {"marketplace", "sawmill", "fishery"} <= tops_seen


# --- a refused move changes nothing and says what is wrong ---------------------------------------


def _feeding_with_fish() -> GameState:
    s = last_turn(game(3), round_no=1)
    give(s, 0, francs=0, fish=3)
    return close_round(s)


def _smokehouse_of_ben() -> GameState:
    s = ready(game(3))
    own(s, "smokehouse", 1)
    give(s, 0, fish=7, wood=1)
    return s


def _two_builds() -> GameState:
    s = ready(game(3))
    s.proposals = [["marketplace", "fishery"], [], []]
    give(s, 0, wood=2)
    return s


REFUSALS = [
    ("supply twice", lambda: apply(game(3), Supply()), Supply(), "already moved your ship"),
    ("main before supply", lambda: game(3), TakeOffer(space="fish"), "supply action comes before"),
    ("empty space", lambda: ready(game(3)), TakeOffer(space="iron"), "iron space is empty"),
    ("fee paid, then too many fish", _smokehouse_of_ben, Enter(building="smokehouse", amount=7),
     "at most 6 fish"),
    ("first build done, second unpaid", _two_builds,
     Enter(building="construction_firm", targets=["marketplace", "fishery"]), "Fishery needs"),
    ("not the top card", lambda: game(3), BuyBuilding(building="charcoal_kiln"), "not on top"),
    ("too poor", lambda: game(3), BuyBuilding(building="fishery"), "costs 10 francs; you have 5"),
    ("luxury liner", lambda: game(3), BuyShip(ship_type="luxury"), "no luxury liner on offer"),
    ("sell what you lack", lambda: game(3), SellBuilding(building="fishery"), "do not own the Fishery"),
    ("repay without loan", lambda: game(3), RepayLoan(), "You have 0 loans, not 1"),
    ("part payment", _feeding_with_fish, Feed(payment={"fish": 1}), "Pay in full"),
    ("not food", _feeding_with_fish, Feed(payment={"coal": 1}), "Coal is not food"),
    ("no peek", lambda: ready(game(3)), Reorder(swap=True), "Only after the Marketplace"),
    ("no build", lambda: ready(game(3)), Build(target="marketplace"), "only as the action of"),
    ("unknown building", lambda: ready(game(3)), Enter(building="castle"), "no building called"),
    ("church without bread", lambda: own(ready(game(3)), "church", 0), Enter(building="church"),
     "at least 5 bread"),
]  # fmt: skip


@pytest.mark.parametrize(("make", "action", "match"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_a_refused_move_leaves_the_state_unchanged_and_explains(make, action, match):
    s = make()
    before = s.model_dump()
    with pytest.raises(IllegalAction, match=match) as refusal:
        apply(s, action)
    assert s.model_dump() == before
    assert is_sentence(str(refusal.value)), str(refusal.value)


def test_may_enter_agrees_with_the_entry_rules():
    from lehavre_tui.engine.rules import may_enter

    s = ready(game(3))
    assert may_enter(s, "building_firm_1")  # the town's, free
    assert not may_enter(s, "marketplace")  # still a proposal
    own(s, "bank", 1)
    assert not may_enter(s, "bank")  # no action
    s.players[1].worker = "construction_firm"
    assert not may_enter(s, "construction_firm")  # occupied
    s.players[0].worker = "building_firm_2"
    assert not may_enter(s, "building_firm_2")  # your own worker stands there
