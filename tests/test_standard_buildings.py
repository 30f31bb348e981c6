"""The 33 standard buildings: each action or end-game bonus exactly as the card says.

Numbers come from the building reference (BUILDINGS.md) and the project's rules notes;
a test states the expected goods and francs itself, never asks the engine for them.
Unless a test is about the entry fee, the acting player (seat 0) owns the building,
so no fee is paid.
"""

from __future__ import annotations

import pytest

from lehavre_tui.engine.actions import Build, BuyBuilding, BuyShip, EndTurn, Enter, Reorder, Supply
from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.rules import apply
from lehavre_tui.engine.scoring import score
from lehavre_tui.engine.state import TOWN, GameState

from .conftest import game, give, own, ready
from .helpers_rules import offers, said, stock


def at(*buildings: str, seat: int = 0, players: int = 3) -> GameState:
    """A 3-player game, seat 0 to take a main action, `buildings` owned by `seat`."""
    s = ready(game(players))
    for b in buildings:
        own(s, b, seat)
    return s


# --- start buildings -------------------------------------------------------------------------


def test_building_firm_1_is_free_and_builds_the_top_card():
    s = at()
    s.proposals = [["joinery", "smokehouse"], ["bakehouse"], []]
    give(s, 0, francs=5, wood=3)
    s = apply(s, Enter(building="building_firm_1", targets=["joinery"]))
    assert s.owner["joinery"] == 0
    assert s.proposals == [["smokehouse"], ["bakehouse"], []]
    assert stock(s, 0) == {"coal": 1}
    assert s.players[0].francs == 5
    assert s.players[0].worker == "building_firm_1"
    assert said(s) == ["Anna enters the Building Firm.", "Anna builds the Joinery, paying 3 wood."]


def test_building_firm_2_costs_one_food_paid_to_the_supply():
    s = at()
    s.proposals = [["charcoal_kiln"], [], []]
    give(s, 0, francs=5, clay=1, fish=1)
    s = apply(
        s,
        Enter(building="building_firm_2", fee="food", fee_goods={"fish": 1}, targets=["charcoal_kiln"]),
    )
    assert s.owner["charcoal_kiln"] == 0
    assert stock(s, 0) == {"coal": 1}
    assert [p.francs for p in s.players] == [5, 5, 5]
    assert said(s)[0] == "Anna enters the Building Firm, paying 1 fish to the supply."


def test_building_firm_builds_only_the_top_card_of_a_stack():
    s = at()
    s.proposals = [["joinery", "smokehouse"], [], []]
    give(s, 0, wood=5, clay=1)
    with pytest.raises(IllegalAction, match=r"Only the top card .* \(Joinery\)"):
        apply(s, Enter(building="building_firm_1", targets=["smokehouse"]))


def test_building_firm_cannot_build_a_building_the_town_owns():
    s = at()
    own(s, "joinery", TOWN)
    give(s, 0, wood=3)
    with pytest.raises(IllegalAction, match="Joinery is already built; it can only be bought"):
        apply(s, Enter(building="building_firm_1", targets=["joinery"]))


def test_building_firm_builds_no_ships():
    s = at()
    s.ship_stacks["wooden"] = ["S01"]
    give(s, 0, wood=8)
    with pytest.raises(IllegalAction, match="no building called 'wooden'"):
        apply(s, Enter(building="building_firm_1", targets=["wooden"]))


def test_building_firm_refuses_without_enough_goods():
    s = at()
    s.proposals = [["joinery"], [], []]
    give(s, 0, wood=2)
    with pytest.raises(IllegalAction, match="Joinery needs 3 wood; you have 2 wood"):
        apply(s, Enter(building="building_firm_1", targets=["joinery"]))


def test_building_firm_refuses_when_every_stack_is_empty():
    s = at()
    s.proposals = [[], [], []]
    give(s, 0, wood=3)
    with pytest.raises(IllegalAction, match="all stacks are empty"):
        apply(s, Enter(building="building_firm_1", targets=["joinery"]))


def test_brick_may_replace_clay_in_a_building_cost():
    s = at()
    s.proposals = [["fishery"], [], []]
    give(s, 0, wood=1, clay=0, brick=1)
    s = apply(s, Enter(building="building_firm_1", targets=["fishery"]))
    assert s.owner["fishery"] == 0
    assert stock(s, 0) == {"coal": 1}


def test_steel_may_replace_iron_in_a_building_cost():
    s = at()
    s.proposals = [["bridge"], [], []]
    give(s, 0, iron=1, steel=2)
    s = apply(s, Enter(building="building_firm_1", targets=["bridge"]))
    assert s.owner["bridge"] == 0
    assert stock(s, 0) == {"coal": 1}


def test_clay_never_replaces_brick():
    s = at()
    s.proposals = [["shipping_line"], [], []]
    give(s, 0, wood=2, clay=3)
    with pytest.raises(IllegalAction, match="Shipping Line needs 2 wood, 3 brick"):
        apply(s, Enter(building="building_firm_1", targets=["shipping_line"]))


def test_iron_never_replaces_steel():
    s = at()
    s.proposals = [["bank"], [], []]
    give(s, 0, brick=4, iron=3)
    with pytest.raises(IllegalAction, match="Bank needs 4 brick, 1 steel"):
        apply(s, Enter(building="building_firm_1", targets=["bank"]))


def test_construction_firm_builds_two_from_the_same_stack_for_two_food():
    s = at()
    s.proposals = [["marketplace", "fishery", "joinery"], [], []]
    give(s, 0, francs=5, wood=3, clay=1)
    s = apply(s, Enter(building="construction_firm", targets=["marketplace", "fishery"]))
    assert s.owner["marketplace"] == 0
    assert s.owner["fishery"] == 0
    assert s.proposals[0] == ["joinery"]
    assert stock(s, 0) == {"coal": 1}
    assert s.players[0].francs == 3  # 2 food paid in francs, to the bank
    assert said(s) == [
        "Anna enters the Construction Firm, paying 2 francs to the bank.",
        "Anna builds the Marketplace, paying 2 wood.",
        "Anna builds the Fishery, paying 1 wood, 1 clay.",
    ]


def test_construction_firm_allows_a_purchase_between_its_two_builds():
    s = at()
    s.proposals = [["marketplace", "fishery", "joinery"], ["bakehouse"], []]
    give(s, 0, francs=12, wood=5)
    s = apply(s, Enter(building="construction_firm", targets=["marketplace"]))
    s = apply(s, BuyBuilding(building="fishery"))
    s = apply(s, Build(target="joinery"))
    assert [b for b in ("marketplace", "fishery", "joinery") if s.owner.get(b) == 0] == [
        "marketplace",
        "fishery",
        "joinery",
    ]
    assert s.proposals[0] == []
    assert stock(s, 0) == {"coal": 1}
    assert s.players[0].francs == 0  # 2 for the fee, 10 for the Fishery
    assert s.pending is None


def test_construction_firm_builds_at_most_two():
    s = at()
    s.proposals = [["marketplace", "fishery", "joinery"], [], []]
    give(s, 0, wood=6, clay=1)
    with pytest.raises(IllegalAction, match="builds at most 2 buildings"):
        apply(s, Enter(building="construction_firm", targets=["marketplace", "fishery", "joinery"]))
    s = apply(s, Enter(building="construction_firm", targets=["marketplace", "fishery"]))
    with pytest.raises(IllegalAction, match="only as the action of a Building Firm"):
        apply(s, Build(target="joinery"))


def test_build_without_a_construction_building_is_refused():
    s = at()
    with pytest.raises(IllegalAction, match="only as the action of a Building Firm"):
        apply(s, Build(target="marketplace"))


# --- 01 Marketplace --------------------------------------------------------------------------


def test_marketplace_gives_two_different_goods_without_craft_buildings():
    s = at("marketplace")
    s = apply(s, Enter(building="marketplace", goods={"hides": 1, "coal": 1}))
    assert stock(s, 0) == {"coal": 2, "hides": 1}
    with pytest.raises(IllegalAction, match="take 2 different goods here, not 3"):
        apply(at("marketplace"), Enter(building="marketplace", goods={"fish": 1, "wood": 1, "clay": 1}))


def test_marketplace_gives_one_more_per_craft_building():
    # Fishery and Joinery are craft buildings, the Sawmill is industrial: 2 + 2 = 4
    s = at("marketplace", "fishery", "joinery", "sawmill")
    four = {"fish": 1, "wood": 1, "clay": 1, "iron": 1}
    s2 = apply(s, Enter(building="marketplace", goods=four))
    assert stock(s2, 0) == {"fish": 1, "wood": 1, "clay": 1, "iron": 1, "coal": 1}
    with pytest.raises(IllegalAction, match="take 4 different goods here, not 5"):
        apply(s, Enter(building="marketplace", goods={**four, "grain": 1}))


def test_marketplace_gives_at_most_one_of_each_of_the_eight_kinds():
    crafts = ["fishery", "joinery", "bakehouse", "hardware_store", "charcoal_kiln", "smokehouse"]
    s = at("marketplace", *crafts, "abattoir")  # 7 craft buildings: 9, but only 8 kinds
    every = {k: 1 for k in ("fish", "wood", "clay", "iron", "grain", "cattle", "coal", "hides")}
    s2 = apply(s, Enter(building="marketplace", goods=every))
    assert stock(s2, 0) == {**every, "coal": 2}
    with pytest.raises(IllegalAction, match="never gives two goods of the same kind"):
        apply(s, Enter(building="marketplace", goods={"fish": 2}))


def test_marketplace_gives_standard_goods_only():
    s = at("marketplace")
    with pytest.raises(IllegalAction, match="standard goods only .* not bread"):
        apply(s, Enter(building="marketplace", goods={"bread": 1, "fish": 1}))


def test_marketplace_gives_at_most_four_goods_in_the_solo_game():
    s = at("marketplace", "fishery", "joinery", "bakehouse", players=1)  # 2 + 3 = 5, capped at 4
    four = {"fish": 1, "wood": 1, "clay": 1, "iron": 1}
    s2 = apply(s, Enter(building="marketplace", goods=four))
    assert stock(s2, 0) == {**four, "coal": 1}
    with pytest.raises(IllegalAction, match="take 4 different goods here, not 5"):
        apply(s, Enter(building="marketplace", goods={**four, "grain": 1}))


def test_marketplace_lets_the_player_swap_the_top_two_special_buildings():
    s = at("marketplace")
    deck = list(s.special_deck)
    s = apply(s, Enter(building="marketplace", goods={"fish": 1, "wood": 1}))
    assert s.pending is not None and s.pending.kind == "peek"
    swapped = apply(s, Reorder(swap=True))
    assert swapped.special_deck == [deck[1], deck[0], *deck[2:]]
    assert swapped.pending is None
    kept = apply(s, Reorder(swap=False))
    assert kept.special_deck == deck


def test_marketplace_has_no_peek_in_the_short_game():
    s = ready(game(3, "short"))
    own(s, "marketplace", 0)
    s = apply(s, Enter(building="marketplace", goods={"fish": 1, "wood": 1}))
    assert s.pending is None
    with pytest.raises(IllegalAction, match="Only after the Marketplace"):
        apply(s, Reorder(swap=True))


# --- 02 Sawmill ------------------------------------------------------------------------------


def test_sawmill_builds_for_one_wood_less_and_is_free():
    s = at()
    own(s, "sawmill", TOWN)
    s.proposals = [["joinery"], ["fishery"], []]
    give(s, 0, francs=5, wood=2)
    s = apply(s, Enter(building="sawmill", targets=["joinery"]))
    assert s.owner["joinery"] == 0
    assert stock(s, 0) == {"coal": 1}
    assert s.players[0].francs == 5


def test_sawmill_discount_can_remove_the_only_wood():
    s = at("sawmill")
    s.proposals = [["fishery"], [], []]
    give(s, 0, wood=0, clay=1)
    s = apply(s, Enter(building="sawmill", targets=["fishery"]))
    assert s.owner["fishery"] == 0
    assert stock(s, 0) == {"coal": 1}


def test_sawmill_refuses_a_building_without_wood():
    s = at("sawmill")
    s.proposals = [["bakehouse"], [], []]
    give(s, 0, wood=3, clay=2)
    with pytest.raises(IllegalAction, match="builds only buildings that need wood; the Bakehouse"):
        apply(s, Enter(building="sawmill", targets=["bakehouse"]))


def test_sawmill_still_needs_the_rest_of_the_cost():
    s = at("sawmill")
    s.proposals = [["joinery"], [], []]
    give(s, 0, wood=1)
    with pytest.raises(IllegalAction, match="Joinery needs 2 wood; you have 1 wood"):
        apply(s, Enter(building="sawmill", targets=["joinery"]))


# --- 03 Fishery ------------------------------------------------------------------------------


def test_fishery_gives_three_fish_plus_one_per_fisherman():
    # Fishery, Hardware Store and Smokehouse carry one fisherman each
    s = at("fishery", "hardware_store", "smokehouse")
    s = apply(s, Enter(building="fishery"))
    assert stock(s, 0) == {"fish": 6, "coal": 1}


def test_fishery_counts_only_the_visitors_own_fishermen():
    s = at()
    own(s, "fishery", TOWN)
    s = apply(s, Enter(building="fishery"))
    assert stock(s, 0) == {"fish": 3, "coal": 1}
    assert s.players[0].francs == 5  # no fee


# --- 04 Joinery ------------------------------------------------------------------------------


@pytest.mark.parametrize(("wood", "francs"), [(1, 5), (2, 6), (3, 7)])
def test_joinery_buys_one_to_three_wood(wood, francs):
    s = at("joinery")
    give(s, 0, francs=0, wood=4)
    s = apply(s, Enter(building="joinery", amount=wood))
    assert s.players[0].francs == francs
    assert stock(s, 0) == {"wood": 4 - wood, "coal": 1}


def test_joinery_buys_at_most_three_wood():
    s = at("joinery")
    give(s, 0, wood=4)
    with pytest.raises(IllegalAction, match="buys at most 3 wood"):
        apply(s, Enter(building="joinery", amount=4))


def test_joinery_without_wood_is_refused():
    s = at("joinery")
    with pytest.raises(IllegalAction, match="you have none"):
        apply(s, Enter(building="joinery"))


# --- 05 Bakehouse / 14 Brickworks --------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "energy", "francs"),
    [(1, 1, 0), (2, 1, 1), (3, 2, 1), (4, 2, 2), (5, 3, 2)],
)
def test_bakehouse_half_energy_up_half_franc_down(n, energy, francs):
    s = at("bakehouse")
    give(s, 0, francs=0, grain=n, wood=10, coal=0)
    s = apply(s, Enter(building="bakehouse", amount=n))
    assert stock(s, 0) == {"bread": n, "wood": 10 - energy}
    assert s.players[0].francs == francs


def test_bakehouse_refuses_when_the_rounded_up_energy_is_missing():
    s = at("bakehouse")
    give(s, 0, grain=3, wood=1, coal=0)
    with pytest.raises(IllegalAction, match="Converting 3 grain needs 2 energy; you have 1"):
        apply(s, Enter(building="bakehouse", amount=3))


def test_bakehouse_without_any_energy_says_so():
    s = at("bakehouse")
    give(s, 0, grain=3, coal=0)
    with pytest.raises(IllegalAction, match="needs 1 energy; you have 0"):
        apply(s, Enter(building="bakehouse"))


def test_converting_zero_is_refused():
    s = at("bakehouse")
    give(s, 0, grain=3, wood=2)
    for n in (0, -1):
        with pytest.raises(IllegalAction, match=f"Bakehouse must be 1 or more, not {n}; leave it out"):
            apply(s, Enter(building="bakehouse", amount=n))


@pytest.mark.parametrize(
    ("n", "energy", "francs"),
    [(1, 1, 0), (2, 1, 1), (3, 2, 1), (4, 2, 2)],
)
def test_brickworks_half_energy_up_half_franc_down(n, energy, francs):
    s = at("brickworks")
    give(s, 0, francs=0, clay=n, wood=10, coal=0)
    s = apply(s, Enter(building="brickworks", amount=n))
    assert stock(s, 0) == {"brick": n, "wood": 10 - energy}
    assert s.players[0].francs == francs


# --- 06 Hardware Store -------------------------------------------------------------------------


def test_hardware_store_gives_wood_iron_and_brick_for_one_food():
    s = at()
    own(s, "hardware_store", TOWN)
    give(s, 0, francs=5)
    s = apply(s, Enter(building="hardware_store"))
    assert stock(s, 0) == {"wood": 1, "iron": 1, "brick": 1, "coal": 1}
    assert s.players[0].francs == 4


# --- 07 Charcoal Kiln ----------------------------------------------------------------------------


def test_charcoal_kiln_turns_wood_into_charcoal_without_energy():
    s = at("charcoal_kiln")
    give(s, 0, wood=4, coal=0)
    s = apply(s, Enter(building="charcoal_kiln", amount=3))
    assert stock(s, 0) == {"wood": 1, "charcoal": 3}


# --- 08 Smokehouse -----------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "francs"), [(1, 0), (2, 1), (3, 1), (5, 2), (6, 3)])
def test_smokehouse_one_energy_in_total_half_franc_down(n, francs):
    s = at("smokehouse")
    give(s, 0, francs=0, fish=7, wood=3, coal=0)
    s = apply(s, Enter(building="smokehouse", amount=n))
    assert stock(s, 0) == {"fish": 7 - n, "smoked_fish": n, "wood": 2}
    assert s.players[0].francs == francs


def test_smokehouse_smokes_at_most_six_fish():
    s = at("smokehouse")
    give(s, 0, fish=7, wood=1)
    with pytest.raises(IllegalAction, match="converts at most 6 fish"):
        apply(s, Enter(building="smokehouse", amount=7))


def test_smokehouse_needs_its_one_energy():
    s = at("smokehouse")
    give(s, 0, fish=2, coal=0)
    with pytest.raises(IllegalAction, match="needs 1 energy; you have 0"):
        apply(s, Enter(building="smokehouse", amount=2))


# --- 09 Abattoir --------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "hides"), [(1, 0), (2, 1), (3, 1), (5, 2)])
def test_abattoir_gives_one_hide_per_two_cattle(n, hides):
    s = at("abattoir")
    give(s, 0, francs=0, cattle=n, coal=0)
    s = apply(s, Enter(building="abattoir", amount=n))
    assert stock(s, 0) == ({"meat": n, "hides": hides} if hides else {"meat": n})
    assert s.players[0].francs == 0


def test_abattoir_fee_is_two_francs():
    s = at()
    own(s, "abattoir", 1)
    give(s, 0, francs=3, cattle=2)
    s = apply(s, Enter(building="abattoir", amount=2))
    assert s.players[0].francs == 1
    assert s.players[1].francs == 7


# --- 10 Clay Mound -----------------------------------------------------------------------------


def test_clay_mound_gives_three_clay_plus_one_per_hammer():
    # Joinery and the Building Firm each carry a hammer
    s = at("clay_mound", "joinery", "building_firm_1")
    s = apply(s, Enter(building="clay_mound"))
    assert stock(s, 0) == {"clay": 5, "coal": 1}


def test_clay_mound_without_hammers_gives_three_clay():
    s = at("clay_mound")
    s = apply(s, Enter(building="clay_mound"))
    assert stock(s, 0) == {"clay": 3, "coal": 1}


@pytest.mark.parametrize(("building", "name"), [("clay_mound", "Clay Mound"), ("black_market", "Black Market")])
def test_clay_mound_and_black_market_cannot_be_built_only_bought(building, name):
    s = at()
    s.proposals = [[building], [], []]
    give(s, 0, francs=2, wood=9, clay=9, iron=9)
    with pytest.raises(IllegalAction, match=f"{name} cannot be built, only bought"):
        apply(s, Enter(building="building_firm_1", targets=[building]))
    s = apply(s, BuyBuilding(building=building))
    assert s.owner[building] == 0
    assert s.players[0].francs == 0


# --- 11 Arts Centre -----------------------------------------------------------------------------


def test_arts_centre_pays_four_per_other_players_worker_on_your_buildings():
    s = at("arts_centre", "fishery", "joinery", "sawmill", players=4)
    own(s, "bakehouse", 1)
    s.players[1].worker = "fishery"
    s.players[2].worker = "joinery"
    s.players[3].worker = "bakehouse"  # Ben's own building: does not count
    give(s, 0, francs=0)
    s = apply(s, Enter(building="arts_centre"))
    assert s.players[0].francs == 8


def test_arts_centre_with_no_visitors_is_refused():
    s = at("arts_centre", "fishery", players=4)
    s.players[0].worker = "fishery"  # your own worker does not count
    with pytest.raises(IllegalAction, match="No other player's worker stands on your buildings"):
        apply(s, Enter(building="arts_centre"))


# --- 12 / 17 Wharf ------------------------------------------------------------------------------


def wharf_game() -> GameState:
    s = at("wharf_1")
    own(s, "wharf_2", TOWN)
    s.ship_stacks = {"wooden": ["S01", "S04"], "iron": ["S06", "S08"], "steel": ["S12"], "luxury": ["S18"]}
    give(s, 0, francs=0, coal=0)
    return s


def test_wharf_builds_the_top_wooden_ship_for_five_wood_and_three_energy():
    s = wharf_game()
    give(s, 0, wood=5, coal=1)
    s = apply(s, Enter(building="wharf_1", targets=["wooden"]))
    assert s.players[0].ships == ["S04"]
    assert s.ship_stacks["wooden"] == ["S01"]
    assert stock(s, 0) == {}
    assert s.modernised == []


def test_wharf_energy_may_be_paid_in_wood():
    s = wharf_game()
    give(s, 0, wood=8)
    s = apply(s, Enter(building="wharf_1", targets=["wooden"]))
    assert s.players[0].ships == ["S04"]
    assert stock(s, 0) == {}


def test_wharf_needs_a_brick_before_the_first_iron_ship():
    s = wharf_game()
    give(s, 0, iron=4, coal=1)
    with pytest.raises(IllegalAction, match="needs 4 iron, 1 brick"):
        apply(s, Enter(building="wharf_1", targets=["iron"]))
    give(s, 0, brick=1)
    s = apply(s, Enter(building="wharf_1", targets=["iron"]))
    assert s.players[0].ships == ["S08"]
    assert s.modernised == ["wharf_1"]
    assert stock(s, 0) == {}
    assert "Anna modernises the Wharf with 1 brick." in said(s)


def test_modernising_counts_once_per_wharf_for_everyone():
    s = wharf_game()
    give(s, 0, iron=4, brick=1, coal=1)
    s = apply(s, Enter(building="wharf_1", targets=["iron"]))
    s = apply(s, EndTurn())
    s = apply(s, Supply())
    s.players[0].worker = None  # Anna's worker has moved on
    give(s, 1, francs=2, iron=8, coal=2)
    ben = apply(s, Enter(building="wharf_1", targets=["iron"]))  # no brick: already modernised
    assert ben.players[1].ships == ["S06"]
    assert stock(ben, 1) == {"iron": 4, "coal": 1}
    assert ben.players[0].francs == 2  # Anna owns the Wharf: Ben's 2 food fee (in francs)
    with pytest.raises(IllegalAction, match="needs 4 iron, 1 brick"):
        apply(s, Enter(building="wharf_2", targets=["iron"]))  # the other Wharf is not


def test_wharf_builds_a_luxury_liner_which_can_never_be_bought():
    s = wharf_game()
    give(s, 0, francs=50, steel=3, brick=1, coal=1)
    with pytest.raises(IllegalAction, match="Luxury liners cannot be bought"):
        apply(s, BuyShip(ship_type="luxury"))
    s = apply(s, Enter(building="wharf_1", targets=["luxury"]))
    assert s.players[0].ships == ["S18"]
    assert stock(s, 0) == {}
    assert s.players[0].francs == 50


def test_wharf_builds_one_ship_a_visit():
    s = wharf_game()
    give(s, 0, wood=13)
    with pytest.raises(IllegalAction, match="one ship a visit"):
        apply(s, Enter(building="wharf_1", targets=["wooden", "wooden"]))


def test_wharf_refuses_an_empty_ship_stack():
    s = wharf_game()
    s.ship_stacks["steel"] = []
    give(s, 0, steel=2, brick=1, coal=1)
    with pytest.raises(IllegalAction, match="There is no steel ship on offer"):
        apply(s, Enter(building="wharf_1", targets=["steel"]))


def test_wharf_fee_is_two_food():
    s = wharf_game()
    give(s, 0, francs=3, wood=5, coal=1)
    s = apply(s, Enter(building="wharf_2", targets=["wooden"]))
    assert s.players[0].francs == 1


# --- 13 Black Market -----------------------------------------------------------------------------


def test_black_market_gives_two_of_each_empty_offer_space():
    s = at("black_market")
    s.offers = [0, 2, 2, 1, 0, 0, 3]  # francs, iron and grain empty
    s = apply(s, Enter(building="black_market"))
    assert stock(s, 0) == {"iron": 2, "grain": 2, "coal": 1}
    assert s.players[0].francs == 7
    assert s.offers == [0, 2, 2, 1, 0, 0, 3]  # the offer spaces are not touched


def test_black_market_with_no_empty_space_is_refused():
    s = at("black_market")
    s.offers = [1, 1, 1, 1, 1, 1, 1]
    with pytest.raises(IllegalAction, match="No offer space is empty"):
        apply(s, Enter(building="black_market"))


# --- 15 Local Court ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("loans", "option", "loans_after", "francs"),
    [(1, None, 0, 0), (2, None, 1, 2), (3, "two", 1, 0), (3, "one+francs", 2, 2), (5, "two", 3, 0)],
)
def test_local_court_cancels_loans(loans, option, loans_after, francs):
    s = at("local_court")
    s.players[0].loans = loans
    give(s, 0, francs=0)
    s = apply(s, Enter(building="local_court", option=option))
    assert s.players[0].loans == loans_after
    assert s.players[0].francs == francs


def test_local_court_without_loans_is_refused():
    s = at("local_court")
    with pytest.raises(IllegalAction, match="You have no loan for the Local Court to cancel"):
        apply(s, Enter(building="local_court"))


def test_local_court_returns_two_loans_only_from_three():
    s = at("local_court")
    s.players[0].loans = 2
    with pytest.raises(IllegalAction, match="With 2 loans the Local Court offers 'one\\+francs'"):
        apply(s, Enter(building="local_court", option="two"))


# --- 16 Colliery -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hammer_buildings", "coal"),
    [([], 3), (["joinery"], 4), (["joinery", "hardware_store", "building_firm_1"], 4)],
)
def test_colliery_gives_one_more_coal_with_any_hammer(hammer_buildings, coal):
    s = at("colliery", *hammer_buildings)
    give(s, 0, coal=0)
    s = apply(s, Enter(building="colliery"))
    assert stock(s, 0) == {"coal": coal}


# --- 18 Shipping Line --------------------------------------------------------------------------

SHIPPING_PRICES = {
    "fish": 1, "wood": 1, "clay": 1, "grain": 1,
    "meat": 2, "smoked_fish": 2, "charcoal": 2, "hides": 2, "brick": 2, "iron": 2,
    "cattle": 3, "bread": 3, "coal": 3,
    "leather": 4, "coke": 5, "steel": 8,
}  # fmt: skip


@pytest.mark.parametrize(("good", "price"), sorted(SHIPPING_PRICES.items()))
def test_shipping_line_pays_each_goods_shipping_price(good, price):
    s = at("shipping_line")
    s.players[0].ships = ["S01"]
    fuel = "coal" if good == "charcoal" else "charcoal"
    give(s, 0, francs=0, **{"coal": 0, good: 1, fuel: 1})
    s = apply(s, Enter(building="shipping_line", goods={good: 1}, energy={fuel: 1}))
    assert s.players[0].francs == price
    assert stock(s, 0) == {}


def test_shipping_line_capacities_two_three_four_and_none():
    s = at("shipping_line")
    s.players[0].ships = ["S01", "S06", "S12", "S18"]  # wooden, iron, steel, luxury liner
    give(s, 0, francs=0, coal=3, grain=10)
    with pytest.raises(IllegalAction, match="Your ships carry at most 9 goods, not 10"):
        apply(s, Enter(building="shipping_line", goods={"grain": 10}))
    s = apply(s, Enter(building="shipping_line", goods={"grain": 9}))
    assert s.players[0].francs == 9
    assert stock(s, 0) == {"grain": 1}  # 3 ships used: 9 energy = 3 coal


def test_shipping_line_costs_three_energy_per_ship_used():
    s = at("shipping_line")
    s.players[0].ships = ["S01", "S06"]
    give(s, 0, francs=0, coal=1, cattle=5)
    with pytest.raises(IllegalAction, match="needs 6 energy; you have 3"):
        apply(s, Enter(building="shipping_line", goods={"cattle": 5}))
    s = apply(s, Enter(building="shipping_line", goods={"cattle": 3}))  # one iron ship
    assert s.players[0].francs == 9
    assert stock(s, 0) == {"cattle": 2}


def test_shipping_line_cannot_use_a_luxury_liner():
    s = at("shipping_line")
    s.players[0].ships = ["S18"]
    give(s, 0, cattle=1)
    with pytest.raises(IllegalAction, match="no ship that can carry goods"):
        apply(s, Enter(building="shipping_line", goods={"cattle": 1}))


# --- 19 Grocery Market ---------------------------------------------------------------------------


def test_grocery_market_gives_six_foods_for_one_franc():
    s = at()
    own(s, "grocery_market", TOWN)
    give(s, 0, francs=5, coal=0)
    s = apply(s, Enter(building="grocery_market"))
    assert stock(s, 0) == {
        "cattle": 1, "meat": 1, "fish": 1, "smoked_fish": 1, "grain": 1, "bread": 1,
    }  # fmt: skip
    assert s.players[0].francs == 4


# --- 20 Tannery ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "francs"), [(1, 1), (4, 4)])
def test_tannery_tans_up_to_four_hides_for_a_franc_each(n, francs):
    s = at("tannery")
    give(s, 0, francs=0, hides=5, coal=0)
    s = apply(s, Enter(building="tannery", amount=n))
    assert stock(s, 0) == {"hides": 5 - n, "leather": n}
    assert s.players[0].francs == francs


def test_tannery_tans_at_most_four_hides():
    s = at("tannery")
    give(s, 0, hides=5)
    with pytest.raises(IllegalAction, match="converts at most 4 hides"):
        apply(s, Enter(building="tannery", amount=5))


# --- 21 Business Office --------------------------------------------------------------------------


def test_business_office_trades_any_four_goods_for_steel():
    s = at("business_office")
    give(s, 0, fish=3, coal=1)
    s = apply(s, Enter(building="business_office", option="steel", goods={"fish": 3, "coal": 1}))
    assert stock(s, 0) == {"steel": 1}


@pytest.mark.parametrize("upgraded", ["brick", "charcoal", "leather"])
def test_business_office_trades_one_good_for_brick_charcoal_or_leather(upgraded):
    s = at("business_office")
    give(s, 0, grain=1, coal=0)
    s = apply(s, Enter(building="business_office", option=upgraded, goods={"grain": 1}))
    assert stock(s, 0) == {upgraded: 1}


def test_business_office_both_trades_in_one_visit():
    s = at("business_office")
    give(s, 0, wood=5, coal=0)
    s = apply(s, Enter(building="business_office", option="steel+brick", goods={"wood": 5}))
    assert stock(s, 0) == {"steel": 1, "brick": 1}


@pytest.mark.parametrize("option", ["steel+steel", "brick+leather"])
def test_business_office_each_trade_once_a_visit(option):
    s = at("business_office")
    give(s, 0, wood=8)
    with pytest.raises(IllegalAction, match="once per visit"):
        apply(s, Enter(building="business_office", option=option))


def test_business_office_takes_goods_not_francs():
    s = at("business_office")
    give(s, 0, fish=3)
    with pytest.raises(IllegalAction, match="takes goods, not francs"):
        apply(s, Enter(building="business_office", option="steel", goods={"fish": 3, "francs": 1}))


def test_business_office_steel_needs_exactly_four_goods():
    s = at("business_office")
    give(s, 0, fish=3)
    with pytest.raises(IllegalAction, match="take exactly 4 goods; you offered 3"):
        apply(s, Enter(building="business_office", option="steel", goods={"fish": 3}))


# --- 22 Ironworks ------------------------------------------------------------------------------


def test_ironworks_gives_three_iron():
    s = at("ironworks")
    s = apply(s, Enter(building="ironworks"))
    assert stock(s, 0) == {"iron": 3, "coal": 1}


def test_ironworks_fourth_iron_for_six_energy():
    s = at("ironworks")
    give(s, 0, coal=2)
    s = apply(s, Enter(building="ironworks", option="extra"))
    assert stock(s, 0) == {"iron": 4}


def test_ironworks_fourth_iron_needs_the_energy():
    s = at("ironworks")
    with pytest.raises(IllegalAction, match="fourth iron needs 6 energy; you have 3"):
        apply(s, Enter(building="ironworks", option="extra"))


def test_ironworks_fee_may_be_one_franc():
    s = at()
    own(s, "ironworks", 1)
    give(s, 0, francs=5, fish=3)
    s = apply(s, Enter(building="ironworks", fee="francs"))
    assert s.players[0].francs == 4
    assert s.players[1].francs == 6
    assert stock(s, 0) == {"fish": 3, "iron": 3, "coal": 1}


# --- 23 Steel Mill -------------------------------------------------------------------------------


def test_steel_mill_five_energy_per_steel_paid_together():
    s = at("steel_mill")
    give(s, 0, iron=2, coke=1, coal=0)
    s = apply(s, Enter(building="steel_mill", amount=2))
    assert stock(s, 0) == {"steel": 2}


def test_steel_mill_refuses_without_five_energy():
    s = at("steel_mill")
    give(s, 0, iron=1, coal=1)
    with pytest.raises(IllegalAction, match="Converting 1 iron needs 5 energy; you have 3"):
        apply(s, Enter(building="steel_mill", amount=1))


# --- 25 Cokery -----------------------------------------------------------------------------------


def test_cokery_turns_coal_into_coke_and_pays_a_franc_each():
    s = at("cokery")
    give(s, 0, francs=0, coal=3)
    s = apply(s, Enter(building="cokery", amount=3))
    assert stock(s, 0) == {"coke": 3}
    assert s.players[0].francs == 3


# --- 27 Bridge over the Seine --------------------------------------------------------------------


def test_bridge_pays_one_per_upgraded_good_and_one_per_three_standard():
    s = at("bridge")
    give(s, 0, francs=0, fish=3, wood=4, coal=0, bread=1, steel=1)
    s = apply(s, Enter(building="bridge", goods={"fish": 3, "wood": 4, "bread": 1, "steel": 1}))
    assert s.players[0].francs == 4  # 1 + 1 + 7 // 3
    assert stock(s, 0) == {}


def test_bridge_refuses_a_sale_that_earns_nothing():
    s = at("bridge")
    give(s, 0, fish=2)
    with pytest.raises(IllegalAction, match="That earns nothing"):
        apply(s, Enter(building="bridge", goods={"fish": 2}))


# --- 30 Church -----------------------------------------------------------------------------------


def test_church_adds_five_bread_and_three_fish():
    s = at("church")
    give(s, 0, bread=5, fish=2, coal=0)
    s = apply(s, Enter(building="church"))
    assert stock(s, 0) == {"bread": 10, "fish": 5}


@pytest.mark.parametrize("goods", [{"bread": 4, "fish": 2}, {"bread": 5, "fish": 1, "smoked_fish": 5}, {"fish": 9}])
def test_church_needs_five_bread_and_two_fresh_fish(goods):
    s = at("church")
    give(s, 0, **goods)
    with pytest.raises(IllegalAction, match="at least 5 bread and 2 fish"):
        apply(s, Enter(building="church"))


def test_church_can_be_built_but_never_bought():
    s = at()
    s.proposals = [["church"], [], []]
    give(s, 0, francs=100)
    with pytest.raises(IllegalAction, match="Church cannot be bought, only built"):
        apply(s, BuyBuilding(building="church"))
    give(s, 0, wood=5, brick=3, iron=1)
    s = apply(s, Enter(building="building_firm_1", targets=["church"]))
    assert s.owner["church"] == 0


# --- end-game bonuses: 24 Storehouse, 26 Dock, 28 Town Hall, 29 Bank ---------------------------------


@pytest.mark.parametrize(("goods", "bonus"), [(7, 3), (8, 4), (0, 0)])
def test_storehouse_half_a_franc_per_good_rounded_down(goods, bonus):
    s = game(4)
    own(s, "storehouse", 0)
    give(s, 0, coal=0, fish=goods // 2, steel=goods - goods // 2)
    assert score(s, 0).bonuses == {"Storehouse": bonus}


def test_dock_four_per_ship():
    s = game(4)
    own(s, "dock", 0)
    s.players[0].ships = ["S01", "S06", "S18"]
    sc = score(s, 0)
    assert sc.bonuses == {"Dock": 12}
    assert sc.ships == 2 + 2 + 38


def test_town_hall_four_per_public_two_per_craft():
    s = game(4)
    # public: Town Hall, Church, Local Court; craft: Fishery, Joinery; industrial: Sawmill
    for b in ("town_hall", "church", "local_court", "fishery", "joinery", "sawmill"):
        own(s, b, 0)
    assert score(s, 0).bonuses == {"Town Hall": 16}


def test_bank_three_per_industrial_two_per_economic():
    s = game(4)
    # economic: Bank, Shipping Line, Business Office; industrial: Sawmill, Cokery; craft: Fishery
    for b in ("bank", "shipping_line", "business_office", "sawmill", "cokery", "fishery"):
        own(s, b, 0)
    assert score(s, 0).bonuses == {"Bank": 12}


@pytest.mark.parametrize("building", ["storehouse", "dock", "town_hall", "bank"])
def test_bonus_buildings_cannot_be_entered(building):
    s = at(building)
    with pytest.raises(IllegalAction, match="offers no action"):
        apply(s, Enter(building=building))


# --- refusals every building shares ---------------------------------------------------------------


def test_unaffordable_fee_is_refused_and_no_loan_is_taken():
    s = at()
    s.proposals = [["marketplace"], [], []]
    give(s, 0, francs=1, wood=2)
    with pytest.raises(IllegalAction, match="entry fee is 2 food; you cannot pay it"):
        apply(s, Enter(building="construction_firm", targets=["marketplace"]))
    assert s.players[0].loans == 0


def test_occupied_building_is_refused():
    s = at()
    s.players[1].worker = "building_firm_1"
    with pytest.raises(IllegalAction, match="Building Firm is occupied by Ben's worker"):
        apply(s, Enter(building="building_firm_1", targets=["marketplace"]))


def test_your_own_current_building_is_refused():
    s = at("fishery")
    s.players[0].worker = "fishery"
    with pytest.raises(IllegalAction, match="Your worker already stands on the Fishery"):
        apply(s, Enter(building="fishery"))


def test_black_market_on_the_opening_offers_gives_iron_grain_and_cattle():
    s = at("black_market")
    assert offers(s) == {"francs": 2, "fish": 2, "wood": 2, "clay": 1, "iron": 0, "grain": 0, "cattle": 0}
    s = apply(s, Enter(building="black_market"))
    assert stock(s, 0) == {"iron": 2, "grain": 2, "cattle": 2, "coal": 1}
