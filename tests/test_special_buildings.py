"""The 36 special buildings and the town's special-building deck.

One test (or more) per card, each with exact goods and francs, the refusals the rulebook
implies (an action that cannot be carried out, or would change nothing, may not be
entered), the passive cards, the deck, and many random full games with the specials in
the town from the start.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from lehavre_tui.engine import round_end
from lehavre_tui.engine.actions import (
    Action,
    Build,
    BuyBuilding,
    EndTurn,
    Enter,
    Reorder,
    SellBuilding,
)
from lehavre_tui.engine.cards import content
from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.goods import Good
from lehavre_tui.engine.rules import apply, legal_actions, ship_food
from lehavre_tui.engine.scoring import score
from lehavre_tui.engine.setup import (
    SOLO_REMOVED_SPECIALS,
    SPECIALS_DEALT,
    Setup,
    complete_setup,
    new_game,
    round_row,
)
from lehavre_tui.engine.state import OFFER_SPACES, TOWN, GameState
from tests.conftest import game, give, own, ready
from tests.helpers_rules import said

CARDS = content().buildings
SPECIALS = sorted(b for b, c in CARDS.items() if c.deck == "special")
WITH_ACTION = sorted(b for b in SPECIALS if CARDS[b].can_enter)


# --- helpers ------------------------------------------------------------------------------


def table(*town: str, players: int = 3, francs: int = 0, mine: tuple[str, ...] = (), **goods: int) -> GameState:
    """A game where the town owns `town`, seat 0 owns `mine`, and seat 0 holds exactly
    `francs` and `goods` (everybody else holds nothing). Seat 0 is ready for a main action."""
    s = game(players)
    for b in town:
        own(s, b)
    for b in mine:
        own(s, b, 0)
    for p in s.players:
        p.goods = [0] * 16
        p.francs = 0
    s.players[0].francs = francs
    give(s, 0, **goods)
    return ready(s)


def enter(s: GameState, building: str, **kw: object) -> GameState:
    return apply(s, Enter.model_validate({"building": building, **kw}))


def stock(s: GameState, seat: int = 0) -> dict[str, int]:
    return {Good(i).key: n for i, n in enumerate(s.players[seat].goods) if n}


def refused(s: GameState, building: str, match: str, **kw: object) -> None:
    with pytest.raises(IllegalAction, match=match):
        enter(s, building, **kw)


def offered(s: GameState, building: str) -> list[Enter]:
    return [a for a in legal_actions(s) if isinstance(a, Enter) and a.building == building]


def set_round(s: GameState, town: str | None) -> GameState:
    """Move the game to the first round whose card shows `town` for this player count."""
    c = content()
    for i, cid in enumerate(s.round_cards):
        if round_row(c, cid, s.num_players).town == town:
            s.round = i + 1
            return s
    raise AssertionError(town)


# --- content: the appendix totals ---------------------------------------------------------


def test_special_cards_match_the_appendix_totals() -> None:
    cards = [CARDS[b] for b in SPECIALS]
    assert len(cards) == 36
    assert Counter(c.type for c in cards) == {
        "craft": 6,
        "economic": 14,
        "industrial": 6,
        "public": 4,
        "none": 5,
        "ship": 1,
    }
    assert sum(c.fishermen for c in cards) == 13
    assert sum(c.hammers for c in cards) == 9
    # specials are bought, never built; the Football Stadium is the one exception
    for c in cards:
        if c.id == "football_stadium":
            assert c.price is None and c.cost is not None
        else:
            assert c.cost is None and c.price is not None
    assert {b: CARDS[b].price for b in ("guildhouse", "business_park", "feedlot", "wind_farm")} == {
        "guildhouse": 8,
        "business_park": 12,
        "feedlot": 8,
        "wind_farm": 12,
    }
    assert CARDS["luxury_yacht"].price == 20 and CARDS["masons_guild"].price == 10
    no_action = {b for b in SPECIALS if not CARDS[b].can_enter}
    assert no_action == {
        "guildhouse",
        "football_stadium",
        "luxury_yacht",
        "business_park",
        "feedlot",
        "wind_farm",
        "masons_guild",
    }
    assert all(not CARDS[b].fees for b in no_action)


def test_every_special_with_an_action_has_an_effect() -> None:
    from lehavre_tui.engine.effects import effect_for

    assert all(effect_for(CARDS[b]) is not None for b in WITH_ACTION)


# --- selling sets (data kind sell_sets) ---------------------------------------------------


def test_baguette_shop_up_to_four_times() -> None:
    s = enter(table("baguette_shop", francs=1, meat=5, bread=5), "baguette_shop")
    assert stock(s) == {"meat": 1, "bread": 1}
    assert s.players[0].francs == 24
    refused(table("baguette_shop", francs=1, meat=5, bread=5), "baguette_shop", "at most 4", amount=5)
    refused(table("baguette_shop", francs=1, meat=5), "baguette_shop", "cannot give a set")


def test_diner_up_to_three_times() -> None:
    s = enter(table("diner", francs=1, wood=4, smoked_fish=4, bread=4), "diner")
    assert stock(s) == {"wood": 1, "smoked_fish": 1, "bread": 1}
    assert s.players[0].francs == 24
    refused(table("diner", francs=1, wood=4, smoked_fish=4, bread=4), "diner", "at most 3", amount=4)


def test_patisserie_up_to_three_times() -> None:
    s = enter(table("patisserie", francs=1, bread=4, grain=4), "patisserie")
    assert stock(s) == {"bread": 1, "grain": 1}
    assert s.players[0].francs == 15
    s = enter(table("patisserie", francs=1, bread=4, grain=4), "patisserie", amount=2)
    assert stock(s) == {"bread": 2, "grain": 2} and s.players[0].francs == 10


def test_forest_hut_up_to_four_times() -> None:
    s = enter(table("forest_hut", francs=1, wood=5, meat=5), "forest_hut")
    assert stock(s) == {"wood": 1, "meat": 1}
    assert s.players[0].francs == 20


def test_steakhouse_up_to_four_times() -> None:
    s = enter(table("steakhouse", francs=1, meat=5, charcoal=5), "steakhouse")
    assert stock(s) == {"meat": 1, "charcoal": 1}
    assert s.players[0].francs == 24


def test_tavern_is_free_and_up_to_four_times() -> None:
    s = enter(table("tavern", wood=5, grain=5), "tavern")
    assert stock(s) == {"wood": 1, "grain": 1}
    assert s.players[0].francs == 12


def test_clothing_industry_any_number_of_times() -> None:
    # fee 2 food or 1 franc: the franc is cheaper
    s = enter(table("clothing_industry", francs=1, hides=5, leather=5), "clothing_industry")
    assert stock(s) == {}
    assert s.players[0].francs == 35


def test_schnaps_distillery_up_to_four_grain() -> None:
    s = enter(table("schnaps_distillery", francs=1, grain=5), "schnaps_distillery")
    assert stock(s) == {"grain": 1} and s.players[0].francs == 8
    refused(table("schnaps_distillery", francs=1, grain=5), "schnaps_distillery", "at most 4", amount=5)


def test_bakery_up_to_six_bread() -> None:
    s = enter(table("bakery", francs=1, bread=7), "bakery")
    assert stock(s) == {"bread": 1} and s.players[0].francs == 18
    refused(table("bakery", francs=1, bread=7), "bakery", "at most 6", amount=7)


def test_fish_restaurant_any_number_of_smoked_fish() -> None:
    s = enter(table("fish_restaurant", francs=1, smoked_fish=9, fish=3), "fish_restaurant", fee_goods={"francs": 1})
    assert stock(s) == {"fish": 3} and s.players[0].francs == 27
    refused(table("fish_restaurant", francs=1, fish=3), "fish_restaurant", "cannot give a set")


def test_fish_market_up_to_seven_fresh_fish() -> None:
    s = enter(table("fish_market", francs=1, fish=10, smoked_fish=2), "fish_market", fee_goods={"francs": 1})
    assert stock(s) == {"fish": 3, "smoked_fish": 2} and s.players[0].francs == 14
    refused(table("fish_market", francs=1, fish=10), "fish_market", "at most 7", amount=8)


def test_furniture_factory_any_number_of_times() -> None:
    s = enter(table("furniture_factory", francs=2, leather=3, wood=4), "furniture_factory")
    assert stock(s) == {"wood": 1} and s.players[0].francs == 18


# --- receiving goods (data kinds receive, receive_per_symbol) ------------------------------


def test_farm_gives_one_hide() -> None:
    s = enter(table("farm", francs=1), "farm")
    assert stock(s) == {"fish": 2, "grain": 2, "wood": 2, "hides": 1, "cattle": 1}
    assert s.players[0].francs == 0
    refused(table("farm", fish=3), "farm", "fee is 1 franc")  # a franc fee, never food


def test_smelter() -> None:
    s = enter(table("smelter", francs=2), "smelter")
    assert stock(s) == {"coal": 1, "coke": 1, "iron": 1} and s.players[0].francs == 0


def test_hunting_lodge() -> None:
    s = enter(table("hunting_lodge", francs=1), "hunting_lodge")
    assert stock(s) == {"hides": 2, "meat": 3} and s.players[0].francs == 0


def test_fishpond_and_wood() -> None:
    s = enter(table("fishpond_and_wood", francs=1), "fishpond_and_wood")
    assert stock(s) == {"fish": 3, "wood": 3}


def test_plant_nursery() -> None:
    s = enter(table("plant_nursery", francs=1), "plant_nursery")
    assert stock(s) == {"wood": 4} and s.players[0].francs == 3


def test_iron_mine_and_coal_seam() -> None:
    s = enter(table("iron_mine", francs=1), "iron_mine")
    assert stock(s) == {"iron": 2, "coal": 1} and s.players[0].francs == 0


def test_labour_exchange_counts_symbols_on_all_owned_cards() -> None:
    # Hunting Lodge: 2 fishermen, 1 hammer; Luxury Yacht: 1 fisherman; the exchange is free
    s = enter(table("labour_exchange", mine=("hunting_lodge", "luxury_yacht")), "labour_exchange")
    assert stock(s) == {"fish": 3, "coal": 1}
    refused(table("labour_exchange"), "labour_exchange", "no symbols")


# --- coded actions ------------------------------------------------------------------------


def test_leather_industry_shows_fourteen_francs_and_keeps_them() -> None:
    s = enter(table("leather_industry", francs=14, fish=2, leather=4), "leather_industry")
    assert stock(s) == {"leather": 1}
    assert s.players[0].francs == 30
    # the fee is paid first: 16 francs and no food leave 14 to show
    s = enter(table("leather_industry", francs=16, leather=3), "leather_industry")
    assert stock(s) == {} and s.players[0].francs == 30


def test_leather_industry_refusals() -> None:
    refused(table("leather_industry", francs=13, fish=2, leather=3), "leather_industry", "at least 14 francs")
    refused(table("leather_industry", francs=15, leather=3), "leather_industry", "at least 14 francs")
    refused(table("leather_industry", francs=20, fish=2, leather=2), "leather_industry", "3 leather")
    refused(table("leather_industry", francs=30, fish=2, leather=6), "leather_industry", "once per visit", amount=2)
    assert offered(table("leather_industry", francs=13, fish=2, leather=3), "leather_industry") == []


def test_brick_manufacturer_shows_ten_francs_and_keeps_them() -> None:
    s = enter(table("brick_manufacturer", francs=12, brick=3), "brick_manufacturer")
    assert stock(s) == {} and s.players[0].francs == 24
    refused(table("brick_manufacturer", francs=11, brick=3), "brick_manufacturer", "at least 10 francs")
    refused(table("brick_manufacturer", francs=20, brick=2), "brick_manufacturer", "3 brick")
    refused(table("brick_manufacturer", francs=40, brick=6), "brick_manufacturer", "once per visit", amount=2)


def test_furriery_hides_to_bread_and_leather_for_francs() -> None:
    s = enter(table("furriery", francs=1, hides=3, leather=3), "furriery", goods={"hides": 2, "leather": 2})
    assert stock(s) == {"hides": 1, "bread": 2, "leather": 1}
    assert s.players[0].francs == 10
    # nothing named: all hides and as much leather as may be sold
    s = enter(table("furriery", francs=1, hides=5, leather=3), "furriery")
    assert stock(s) == {"bread": 5, "leather": 1} and s.players[0].francs == 10
    s = enter(table("furriery", francs=1, hides=4), "furriery", goods={"hides": 4})
    assert stock(s) == {"bread": 4} and s.players[0].francs == 0


def test_furriery_refusals() -> None:
    refused(table("furriery", francs=1, leather=3), "furriery", "at most 2 leather", goods={"leather": 3})
    refused(table("furriery", francs=1, hides=1), "furriery", "You have 1 hide, not 2", goods={"hides": 2})
    refused(table("furriery", francs=1, wood=3), "furriery", "you have neither")
    refused(table("furriery", francs=1, hides=2), "furriery", "'hides=0' is not something", goods={"hides": 0})
    refused(table("furriery", francs=1, hides=2, wood=1), "furriery", "not 1 wood", goods={"wood": 1})


def test_town_square_one_upgraded_good_per_craft_building() -> None:
    crafts = ("fishery", "joinery")  # two craft buildings
    s = enter(table("town_square", francs=1, mine=crafts), "town_square", goods={"coke": 1, "leather": 1})
    assert stock(s) == {"coke": 1, "leather": 1} and s.players[0].francs == 0
    s = enter(table("town_square", francs=1, mine=crafts), "town_square", goods={"bread": 1})
    assert stock(s) == {"bread": 1}
    # nothing named: the most valuable kinds
    s = enter(table("town_square", francs=1, mine=crafts), "town_square")
    assert stock(s) == {"coke": 1, "leather": 1}
    # never more than the seven kinds on offer
    many = ("fishery", "joinery", "bakehouse", "hardware_store", "charcoal_kiln", "smokehouse",
            "abattoir", "tannery")
    s = enter(table("town_square", francs=1, mine=many), "town_square")
    assert stock(s) == {g: 1 for g in ("coke", "leather", "meat", "bread", "brick", "charcoal", "smoked_fish")}
    # the non-craft buildings do not count
    s = enter(table("town_square", francs=1, mine=("fishery", "marketplace", "colliery")), "town_square")
    assert stock(s) == {"coke": 1}


def test_town_square_refusals() -> None:
    crafts = ("fishery", "joinery")
    refused(table("town_square", francs=1, mine=crafts), "town_square", "same kind", goods={"coke": 2})
    refused(table("town_square", francs=1, mine=crafts), "town_square", "not steel", goods={"steel": 1})
    refused(table("town_square", francs=1, mine=crafts), "town_square", "not coal", goods={"coal": 1})
    refused(
        table("town_square", francs=1, mine=crafts),
        "town_square",
        "not 3",
        goods={"coke": 1, "meat": 1, "bread": 1},
    )
    refused(table("town_square", francs=1, mine=("marketplace",)), "town_square", "no craft building")
    assert offered(table("town_square", francs=1), "town_square") == []
    assert len(offered(table("town_square", francs=1, mine=crafts), "town_square")) == 21  # 7 choose 2


def test_haulage_firm_takes_two_neighbouring_spaces() -> None:
    s = table("haulage_firm", francs=4)
    s.offers = [5, 1, 2, 3, 4, 5, 6]  # francs fish wood clay iron grain cattle
    s = enter(s, "haulage_firm", targets=["cattle", "grain"])
    assert stock(s) == {"cattle": 6, "grain": 5}
    assert s.players[0].francs == 0  # 1 franc as fee, 3 to the bank
    assert s.offers == [5, 1, 2, 3, 4, 0, 0]
    s = table("haulage_firm", francs=4)
    s.offers = [5, 1, 2, 3, 4, 5, 6]
    s = enter(s, "haulage_firm", targets=["fish", "wood"])
    assert stock(s) == {"fish": 1, "wood": 2} and s.offers == [5, 0, 0, 3, 4, 5, 6]
    # offered: the pairs with goods on at least one space (set-up: 2 fish, 2 wood, 1 clay),
    # and every one of them can be carried out
    s = table("haulage_firm", francs=4)
    opts = offered(s, "haulage_firm")
    assert {tuple(a.targets) for a in opts} == {("fish", "wood"), ("wood", "clay"), ("clay", "iron")}
    for a in opts:
        apply(s, a)
    s = enter(s, "haulage_firm", targets=["clay", "iron"])  # the iron space is empty
    assert stock(s) == {"clay": 1} and s.players[0].francs == 0
    assert offered(table("haulage_firm", francs=3), "haulage_firm") == []  # 3 francs after the fee


def test_haulage_firm_refusals() -> None:
    def fresh(francs: int = 4) -> GameState:
        s = table("haulage_firm", francs=francs)
        s.offers = [5, 1, 2, 3, 4, 5, 6]
        return s

    refused(fresh(), "haulage_firm", "never takes the francs", targets=["francs", "fish"])
    refused(fresh(), "haulage_firm", "not neighbours", targets=["fish", "clay"])
    refused(fresh(), "haulage_firm", "not neighbours", targets=["cattle", "fish"])
    refused(fresh(), "haulage_firm", "two neighbouring", targets=["fish"])
    refused(fresh(francs=3), "haulage_firm", "costs 3 francs", targets=["fish", "wood"])
    s = fresh()
    s.offers = [5, 0, 2, 0, 0, 5, 6]
    refused(s, "haulage_firm", "both empty", targets=["clay", "iron"])


def test_coal_trader_food_paid_at_once() -> None:
    # Czech example: 1 meat (3 food) buys 1 charcoal + 1 coal
    s = enter(table("coal_trader", francs=1, meat=1), "coal_trader", goods={"charcoal": 1, "coal": 1}, food={"meat": 1})
    assert stock(s) == {"charcoal": 1, "coal": 1} and s.players[0].francs == 0
    # Polish example: 2 meat (6 food) buy 3 coal
    s = enter(table("coal_trader", francs=1, meat=2), "coal_trader", goods={"coal": 3})
    assert stock(s) == {"coal": 3} and s.players[0].francs == 0
    # francs may pay food: 1 franc fee + 11 francs for 1 charcoal and 5 coal
    s = enter(table("coal_trader", francs=12), "coal_trader", goods={"charcoal": 1, "coal": 5})
    assert stock(s) == {"charcoal": 1, "coal": 5} and s.players[0].francs == 0
    # no change for food: a meat pays 2 food with 1 wasted
    s = enter(table("coal_trader", francs=1, meat=1), "coal_trader", goods={"coal": 1})
    assert stock(s) == {"coal": 1}


def test_coal_trader_refusals() -> None:
    refused(table("coal_trader", francs=10), "coal_trader", "at most 1 charcoal", goods={"charcoal": 2})
    refused(table("coal_trader", francs=20), "coal_trader", "at most 5 coal", goods={"coal": 6})
    refused(table("coal_trader", francs=10), "coal_trader", "not 1 coke", goods={"coke": 1})
    refused(table("coal_trader", francs=10), "coal_trader", "Say what to buy")
    refused(table("coal_trader", francs=2), "coal_trader", "costs 2 food", goods={"coal": 1})
    refused(
        table("coal_trader", francs=1, fish=1, meat=1),
        "coal_trader",
        "pays 1 food",
        goods={"coal": 1},
        food={"fish": 1},
        fee_goods={"francs": 1},
    )
    assert offered(table("coal_trader", francs=1), "coal_trader") == []
    assert len(offered(table("coal_trader", francs=20), "coal_trader")) == 11


def test_kiln_once() -> None:
    s = enter(table("kiln", francs=1, clay=2, wood=1), "kiln")
    assert stock(s) == {"clay": 1, "brick": 3}
    refused(table("kiln", francs=1, wood=1, brick=1), "kiln", "1 clay")
    refused(table("kiln", francs=1, clay=1), "kiln", "1 energy")
    refused(table("kiln", francs=1, clay=2, wood=2), "kiln", "once per visit", amount=2)


def test_steelworks_once() -> None:
    # fee 2 food or 1 franc: the franc
    s = enter(table("steelworks", francs=1, iron=2, coke=1, wood=5), "steelworks")
    assert stock(s) == {"iron": 1, "steel": 2} and s.players[0].francs == 0
    s = enter(table("steelworks", fish=2, iron=1, coal=5), "steelworks", fee="food")
    assert stock(s) == {"steel": 2}  # 5 coal pay 15 energy, 2 fish the fee
    refused(table("steelworks", francs=1, iron=1, coke=1, wood=4), "steelworks", "needs 15 energy")
    refused(table("steelworks", francs=1, steel=1, coke=2), "steelworks", "1 iron")
    refused(table("steelworks", francs=1, iron=2, coke=4), "steelworks", "once per visit", amount=2)


def test_zoo_third_of_a_franc_per_animal() -> None:
    s = enter(table("zoo", francs=1, cattle=4, fish=4), "zoo")
    assert stock(s) == {"cattle": 4, "fish": 4} and s.players[0].francs == 2
    s = enter(table("zoo", francs=1, cattle=3, fish=2, smoked_fish=5), "zoo")
    assert s.players[0].francs == 1  # smoked fish are not animals
    refused(table("zoo", francs=1, cattle=1, fish=1, smoked_fish=9), "zoo", "earn nothing")
    assert offered(table("zoo", francs=1, cattle=2), "zoo") == []


# --- Harbour Watch ------------------------------------------------------------------------


def watch_table(**goods: Any) -> GameState:
    """Ben's worker stands on the town's Hardware Store; Anna may use the Harbour Watch."""
    s = table("harbour_watch", "hardware_store", "joinery", "guildhouse", **goods)
    s.players[1].worker = "hardware_store"
    return s


def test_harbour_watch_takes_over_a_building() -> None:
    s = enter(watch_table(francs=3), "harbour_watch", targets=["hardware_store"])
    a, b = s.players[0], s.players[1]
    assert a.worker == "hardware_store" and b.worker is None
    assert b.francs == 1  # the franc goes to the evicted player
    assert a.francs == 0  # 1 food fee (francs) + 1 to Ben + 1 food fee at the Hardware Store
    assert stock(s) == {"wood": 1, "iron": 1, "brick": 1}
    assert s.occupants("harbour_watch") == []


def test_harbour_watch_passes_the_choices_on() -> None:
    s = watch_table(francs=3, wood=3)
    s.players[1].worker = "joinery"
    s = enter(s, "harbour_watch", targets=["joinery"], amount=2)
    assert stock(s) == {"wood": 1} and s.players[0].francs == 6  # 2 wood for 6 francs
    # a build: the building firm's target follows the building's name
    s = watch_table(francs=2, wood=2)
    own(s, "building_firm_1")
    s.players[1].worker = "building_firm_1"
    s.proposals[0] = ["marketplace"]
    s = enter(s, "harbour_watch", targets=["building_firm_1", "marketplace"])
    assert s.owner["marketplace"] == 0 and stock(s) == {}


def test_harbour_watch_fee_goes_to_the_owner_or_is_free_for_the_owner() -> None:
    s = watch_table(francs=3)
    s.owner["hardware_store"] = 2  # Clara owns it
    s = enter(s, "harbour_watch", targets=["hardware_store"])
    assert s.players[2].francs == 1 and s.players[1].francs == 1 and s.players[0].francs == 0
    s = watch_table(francs=2)
    s.owner["hardware_store"] = 0  # Anna's own building: no fee
    s = enter(s, "harbour_watch", targets=["hardware_store"])
    assert s.players[0].francs == 0 and s.players[1].francs == 1


def test_harbour_watch_refusals() -> None:
    s = table("harbour_watch", "hardware_store", francs=3)
    refused(s, "harbour_watch", "nobody to send home", targets=["hardware_store"])
    # her own worker does not count
    s = table("harbour_watch", "hardware_store", "fishery", francs=3)
    s.players[0].worker = "hardware_store"
    refused(s, "harbour_watch", "nobody to send home", targets=["hardware_store"])
    s.players[1].worker = "fishery"
    refused(s, "harbour_watch", "No other player's worker stands on the Hardware Store", targets=["hardware_store"])
    refused(watch_table(francs=3), "harbour_watch", "offers no action", targets=["guildhouse"])
    refused(watch_table(francs=3), "harbour_watch", "from itself", targets=["harbour_watch"])
    refused(watch_table(francs=3), "harbour_watch", "Say whose building")
    refused(watch_table(francs=1), "harbour_watch", "costs 1 franc", targets=["hardware_store"])
    # the target's action must be possible: the Joinery needs wood
    s = watch_table(francs=3)
    s.players[1].worker = "joinery"
    refused(s, "harbour_watch", "you have none", targets=["joinery"])
    assert offered(s, "harbour_watch") == []


def test_harbour_watch_options_are_legal() -> None:
    s = watch_table(francs=5, wood=3)
    s.players[2].worker = "joinery"
    opts = offered(s, "harbour_watch")
    assert {a.targets[0] for a in opts} == {"hardware_store", "joinery"}
    for a in opts:
        apply(s, a)  # none raises


# --- Luxury Yacht -------------------------------------------------------------------------


def yacht_table(*ships: str, **goods: Any) -> GameState:
    s = table("luxury_yacht", "wharf_1", francs=2, **goods)
    s.players[0].ships = list(ships)
    return s


def test_luxury_yacht_can_be_bought_for_twenty() -> None:
    s = table("luxury_yacht", francs=20)
    s = apply(s, BuyBuilding(building="luxury_yacht"))
    assert s.owner["luxury_yacht"] == 0 and s.players[0].francs == 0
    s = apply(s, SellBuilding(building="luxury_yacht"))
    assert s.players[0].francs == 10 and s.owner["luxury_yacht"] == TOWN


def test_luxury_yacht_exchanged_for_an_iron_ship_at_a_wharf() -> None:
    s = yacht_table("S08", "S01", "S13", iron=4, wood=3)
    assert Enter(building="wharf_1", targets=["yacht"]) in offered(s, "wharf_1")
    s = enter(s, "wharf_1", targets=["yacht"])
    p = s.players[0]
    assert s.owner["luxury_yacht"] == 0
    assert p.ships == ["S01", "S13"]  # the least valuable iron ship is given up
    assert "S08" not in s.ship_stacks["iron"]  # it leaves the game
    assert stock(s) == {"iron": 4, "wood": 3} and p.francs == 0  # no goods, no energy
    assert s.modernised == []
    # the yacht supplies no food: only the wooden 2 and the iron 10 do (3 players: 3 + 4)
    assert ship_food(s, 0) == 7
    # a ship may be named
    s = enter(yacht_table("S08", "S13"), "wharf_1", targets=["yacht", "S13"])
    assert s.players[0].ships == ["S08"]


def test_luxury_yacht_refusals() -> None:
    refused(yacht_table("S01"), "wharf_1", "you have none", targets=["yacht"])
    refused(yacht_table("S08"), "wharf_1", "not one of your iron ships", targets=["yacht", "S01"])
    s = yacht_table("S08")
    s.owner["luxury_yacht"] = 1
    refused(s, "wharf_1", "does not belong to the town", targets=["yacht"])
    s = yacht_table("S08")
    del s.owner["luxury_yacht"]
    s.special_deck.insert(0, "luxury_yacht")
    refused(s, "wharf_1", "is not in play", targets=["yacht"])
    assert offered(s, "wharf_1") == []
    # sold this turn: it cannot come back in the same turn
    s = table("wharf_1", francs=2, mine=("luxury_yacht",))
    s.players[0].ships = ["S08"]
    s = apply(s, SellBuilding(building="luxury_yacht"))
    refused(s, "wharf_1", "sold the Luxury Yacht this turn", targets=["yacht"])
    # the yacht is not a building to enter
    refused(yacht_table("S08"), "luxury_yacht", "offers no action")


def test_luxury_yacht_counts_for_the_dock_and_its_fisherman() -> None:
    s = table(mine=("luxury_yacht", "dock"))
    s.players[0].ships = ["S01"]
    sc = score(s, 0)
    assert sc.bonuses == {"Dock": 8}  # 2 ships: the wooden ship and the yacht
    assert sc.buildings == 20 + 10 and sc.ships == 2
    assert s.symbols(0) == (1, 0)


# --- Football Stadium ---------------------------------------------------------------------


def stadium_table(**goods: Any) -> GameState:
    s = table("football_stadium", **goods)
    return s


def test_football_stadium_waits_with_the_town_until_a_stack_is_empty() -> None:
    s = stadium_table(francs=40, wood=5, brick=5, iron=5)
    own(s, "building_firm_1")
    with pytest.raises(IllegalAction, match="cannot be bought"):
        apply(s, BuyBuilding(building="football_stadium"))
    refused(s, "building_firm_1", "once a proposal stack is empty", targets=["football_stadium"])
    refused(s, "football_stadium", "offers no action")
    assert not any(
        getattr(a, "building", None) == "football_stadium" or "football_stadium" in getattr(a, "targets", ())
        for a in legal_actions(s)
    )
    # the last card of a stack is built: the Stadium takes the empty space at once
    s.proposals[0] = ["marketplace"]
    s = enter(s, "building_firm_1", targets=["marketplace"])
    assert s.proposals[0] == ["football_stadium"] and "football_stadium" not in s.owner
    with pytest.raises(IllegalAction, match="cannot be bought"):
        apply(s, BuyBuilding(building="football_stadium"))


def test_football_stadium_moves_when_a_purchase_empties_a_stack() -> None:
    s = stadium_table(francs=6)
    s.proposals[1] = ["smokehouse"]
    s = apply(s, BuyBuilding(building="smokehouse"))
    assert s.proposals[1] == ["football_stadium"] and "football_stadium" not in s.owner
    assert any("Football Stadium takes its place" in e for e in said(s))


def test_football_stadium_moves_when_the_town_empties_a_stack() -> None:
    s = set_round(game(3), "standard")
    own(s, "football_stadium")
    s.proposals = [["joinery", "bank"], ["fishery"], ["colliery"]]
    round_end.finish_round(s)
    assert s.owner["fishery"] == TOWN and s.proposals[1] == ["football_stadium"]


def placed_stadium(*town: str, **goods: Any) -> GameState:
    """The Football Stadium lies on the space of the emptied proposal stack 1."""
    s = table(*town, **goods)
    s.proposals[1] = ["football_stadium"]
    return s


def test_football_stadium_is_built_like_a_proposal() -> None:
    s = placed_stadium("building_firm_1", wood=1, brick=2, iron=2)
    assert Enter(building="building_firm_1", targets=["football_stadium"]) in offered(s, "building_firm_1")
    s = enter(s, "building_firm_1", targets=["football_stadium"])
    assert s.owner["football_stadium"] == 0 and s.proposals[1] == []
    assert stock(s) == {}
    assert score(s, 0).buildings == 24
    # sold to the town it stays there for good: never bought, never laid out again
    s = apply(s, SellBuilding(building="football_stadium"))
    assert s.owner["football_stadium"] == TOWN and s.players[0].francs == 12
    s = apply(s, EndTurn())
    assert s.owner["football_stadium"] == TOWN and s.proposals[1] == []
    s = ready(s)
    give(s, 1, francs=30)
    with pytest.raises(IllegalAction, match="cannot be bought"):
        apply(s, BuyBuilding(building="football_stadium"))
    s.proposals[0] = ["marketplace"]
    give(s, 1, wood=2)
    own(s, "building_firm_2")
    s = enter(s, "building_firm_2", targets=["marketplace"], fee_goods={"francs": 1})
    assert s.owner["football_stadium"] == TOWN and s.proposals[0] == []


def test_football_stadium_with_the_sawmill_and_the_masons_guild() -> None:
    s = placed_stadium("sawmill", brick=2, iron=2)
    s = enter(s, "sawmill", targets=["football_stadium"])  # the Sawmill's wood discount
    assert s.owner["football_stadium"] == 0 and stock(s) == {}
    s = placed_stadium("building_firm_1", wood=1, brick=1, iron=2)
    own(s, "masons_guild", 0)
    s = enter(s, "building_firm_1", targets=["football_stadium"])
    assert s.owner["football_stadium"] == 0 and stock(s) == {}


def test_football_stadium_revealed_onto_an_empty_stack() -> None:
    s = set_round(game(3), "special")
    s.special_deck = ["football_stadium", "zoo", "kiln"]
    s.proposals[2] = []
    round_end.finish_round(s)
    assert s.proposals[2] == ["football_stadium"] and "football_stadium" not in s.owner
    assert s.special_deck == ["zoo", "kiln"]


def test_the_town_builds_the_football_stadium_as_the_lowest_numbered_top() -> None:
    # the Stadium on a stack space counts with its number 31: after every standard card
    s = set_round(game(3), "standard")
    s.proposals = [["football_stadium"], ["joinery", "bank"], ["colliery"]]
    round_end.finish_round(s)
    assert s.owner["joinery"] == TOWN and s.proposals[0] == ["football_stadium"]
    s = set_round(game(3), "standard")
    s.proposals = [["town_hall"], ["football_stadium"], ["church"]]  # 28, 31, 30
    round_end.finish_round(s)
    assert s.owner["town_hall"] == TOWN and s.proposals == [[], ["football_stadium"], ["church"]]
    s = set_round(game(3), "standard")
    s.proposals = [["football_stadium"], [], []]
    round_end.finish_round(s)
    assert s.owner["football_stadium"] == TOWN and s.proposals == [[], [], []]
    assert "The town builds the Football Stadium." in said(s)
    # with the town for good: nobody buys it, and it is not laid out again
    s.phase, s.current, s.supplied = "turn", 0, True
    give(s, 0, francs=40)
    assert BuyBuilding(building="football_stadium") not in legal_actions(s)
    with pytest.raises(IllegalAction, match="cannot be bought"):
        apply(s, BuyBuilding(building="football_stadium"))
    s = set_round(s, "standard")
    round_end.finish_round(s)
    assert s.owner["football_stadium"] == TOWN and s.proposals == [[], [], []]
    # revealed while every stack holds cards: it waits with the town's buildings
    s = set_round(game(3), "special")
    s.special_deck = ["football_stadium"]
    round_end.finish_round(s)
    assert s.owner["football_stadium"] == TOWN and "football_stadium" in s.town_buildings()
    assert all(st and st[0] != "football_stadium" for st in s.proposals)


def test_football_stadium_and_the_second_build_of_the_construction_firm() -> None:
    s = stadium_table(francs=2, wood=4, brick=2, iron=2)
    own(s, "construction_firm")
    s.proposals[0] = ["marketplace"]
    s = enter(s, "construction_firm", targets=["marketplace"])
    assert s.proposals[0] == ["football_stadium"]
    assert Build(target="football_stadium") in legal_actions(s)
    s = apply(s, Build(target="football_stadium"))
    assert s.owner["football_stadium"] == 0 and s.owner["marketplace"] == 0
    assert stock(s) == {"wood": 1}


# --- passive cards ------------------------------------------------------------------------


def test_wind_farm_three_energy_less_per_payment() -> None:
    mine = ("wind_farm",)
    s = enter(table("steelworks", francs=1, mine=mine, iron=1, coke=1, wood=2), "steelworks")
    assert stock(s) == {"steel": 2}  # 12 energy instead of 15
    refused(table("steelworks", francs=1, mine=mine, iron=1, coke=1, wood=1), "steelworks", "needs 12 energy")
    # less than 3 needed: nothing to pay, the rest of the discount is lost
    s = enter(table("kiln", francs=1, mine=mine, clay=1, wood=1), "kiln")
    assert stock(s) == {"wood": 1, "brick": 3}
    # a ship at a Wharf: no energy at all
    s = table("wharf_1", francs=2, mine=mine, wood=5)
    s.ship_stacks["wooden"] = ["S02"]
    s = enter(s, "wharf_1", targets=["wooden"])
    assert s.players[0].ships == ["S02"] and stock(s) == {}
    # the Shipping Line: one payment for all ships (6 energy), so 3 less only once
    s = table("shipping_line", francs=2, mine=mine, coal=1, cattle=4)
    s.players[0].ships = ["S01", "S02"]
    s = enter(s, "shipping_line", goods={"cattle": 4})
    assert stock(s) == {} and s.players[0].francs == 12
    # not the owner: the full price
    refused(table("kiln", francs=1, mine=(), clay=1), "kiln", "1 energy")


def test_masons_guild_one_clay_or_brick_less_on_every_building() -> None:
    mine = ("masons_guild",)
    s = table("building_firm_1", mine=mine, wood=1)
    s.proposals[0] = ["fishery"]  # 1 wood + 1 clay
    s = enter(s, "building_firm_1", targets=["fishery"])
    assert s.owner["fishery"] == 0 and stock(s) == {}
    s = table("building_firm_1", mine=mine, wood=1)
    s.proposals[0] = ["grocery_market"]  # 1 wood + 1 brick
    s = enter(s, "building_firm_1", targets=["grocery_market"])
    assert s.owner["grocery_market"] == 0 and stock(s) == {}
    # a brick may pay the clay that is left
    s = table("building_firm_1", mine=mine, brick=2)
    s.proposals[0] = ["bakehouse"]  # 2 clay
    s = enter(s, "building_firm_1", targets=["bakehouse"])
    assert stock(s) == {"brick": 1}
    # without the guild the full cost
    s = table("building_firm_1", wood=1)
    s.proposals[0] = ["fishery"]
    refused(s, "building_firm_1", "needs", targets=["fishery"])


def test_masons_guild_on_both_builds_of_the_construction_firm() -> None:
    s = table("construction_firm", francs=2, mine=("masons_guild",), wood=1, clay=3)
    s.proposals[0] = ["bakehouse", "colliery"]  # 2 clay; then 1 wood + 3 clay
    s = enter(s, "construction_firm", targets=["bakehouse"])
    assert stock(s) == {"wood": 1, "clay": 2}
    s = apply(s, Build(target="colliery"))
    assert s.owner["bakehouse"] == s.owner["colliery"] == 0 and stock(s) == {}


def test_masons_guild_not_on_ships() -> None:
    s = table("wharf_1", francs=2, mine=("masons_guild",), iron=4, brick=1, wood=3)
    s.ship_stacks["iron"] = ["S06"]
    s = enter(s, "wharf_1", targets=["iron"])  # modernising brick still due
    assert stock(s) == {} and s.players[0].ships == ["S06"]


def test_feedlot_two_cattle_with_two_to_six() -> None:
    s = table(mine=("feedlot",))
    for cattle, after in ((1, 1), (2, 4), (6, 8), (7, 8)):
        s.players[0].goods[Good.CATTLE] = cattle
        s.players[1].goods[Good.CATTLE] = 2
        round_end.harvest(s)
        assert s.players[0].goods[Good.CATTLE] == after
        assert s.players[1].goods[Good.CATTLE] == 3
    refused(table("feedlot"), "feedlot", "offers no action")


def test_guildhouse_and_business_park_bonuses() -> None:
    s = table(mine=("guildhouse", "bakery", "tavern", "business_park", "leather_industry", "steelworks", "kiln"))
    sc = score(s, 0)
    assert sc.bonuses == {"Guildhouse": 6, "Business Park": 4}
    assert sc.buildings == 4 + 6 + 4 + 10 + 8 + 8 + 6
    refused(table("guildhouse"), "guildhouse", "offers no action")
    refused(table("business_park"), "business_park", "offers no action")
    s = apply(table("guildhouse", "business_park", francs=20), BuyBuilding(building="business_park"))
    s = apply(s, BuyBuilding(building="guildhouse"))
    assert s.players[0].francs == 0


# --- the special deck ---------------------------------------------------------------------


def test_six_specials_dealt_in_the_full_game_none_in_the_short() -> None:
    for players in range(1, 6):
        for seed in range(40):
            full = complete_setup(Setup(players=players, seed=seed))
            deck = full.special_deck or []
            assert len(deck) == SPECIALS_DEALT == 6 and len(set(deck)) == 6
            assert all(CARDS[b].deck == "special" for b in deck)
            if players == 1:
                assert not set(deck) & set(SOLO_REMOVED_SPECIALS)
            short = complete_setup(Setup(players=players, variant="short", seed=seed))
            assert short.special_deck == []
    assert set(SOLO_REMOVED_SPECIALS) == {"zoo", "harbour_watch"}
    # over many deals every special turns up (solo: all but the two removed)
    seen = {b for seed in range(300) for b in complete_setup(Setup(players=1, seed=seed)).special_deck or []}
    assert seen == set(SPECIALS) - {"zoo", "harbour_watch"}
    s = new_game(Setup(players=3, seed=5))
    assert all(b not in s.owner for b in s.special_deck)


@pytest.mark.parametrize("players, revealed", [(1, 3), (2, 4), (3, 4), (4, 5), (5, 5)])
def test_specials_revealed_per_game(players: int, revealed: int) -> None:
    s = game(players)
    c = content()
    rows = [round_row(c, cid, players).town for cid in s.round_cards]
    assert rows.count("special") == revealed < SPECIALS_DEALT
    short = game(players, variant="short")
    assert [round_row(c, cid, players).town for cid in short.round_cards].count("special") == 0


def test_the_town_turns_up_the_top_card() -> None:
    s = set_round(game(3), "special")
    s.special_deck = ["zoo", "kiln", "bakery"]
    round_end.finish_round(s)
    assert s.owner["zoo"] == TOWN and s.special_deck == ["kiln", "bakery"]
    # a special in the town is bought for its price and cannot be built
    s.phase, s.current = "turn", 0
    ready(s)
    give(s, 0, francs=8)
    own(s, "building_firm_1")
    refused(s, "building_firm_1", "already built; it can only be bought", targets=["zoo"])
    s = apply(s, BuyBuilding(building="zoo"))
    assert s.owner["zoo"] == 0 and s.players[0].francs == 0
    # face down specials cannot be entered or bought
    with pytest.raises(IllegalAction, match="not in play"):
        apply(s, BuyBuilding(building="kiln"))
    refused(s, "kiln", "not in play")


def test_marketplace_peeks_at_the_real_deck() -> None:
    s = table("marketplace", francs=1)
    s.special_deck = ["zoo", "kiln", "bakery"]
    s = enter(s, "marketplace", goods={"fish": 1, "wood": 1})
    assert s.pending is not None and s.pending.kind == "peek"
    assert Reorder(swap=True) in legal_actions(s)
    s = apply(s, Reorder(swap=True))
    assert s.special_deck == ["kiln", "zoo", "bakery"] and s.pending is None


# --- many random full games with the specials in the town ---------------------------------


PASSES = 8  # deals of all 36 specials into six games each


def _deals() -> list[tuple[int, list[str]]]:
    """(players, six specials): every special in several multi-player games, plus solo games."""
    rng = random.Random(2024)
    deals: list[tuple[int, list[str]]] = []
    for k in range(PASSES):
        pool = SPECIALS[:]
        rng.shuffle(pool)
        for i in range(6):
            deals.append((2 + (6 * k + i) % 4, pool[6 * i : 6 * i + 6]))
    solo_pool = [b for b in SPECIALS if b not in SOLO_REMOVED_SPECIALS]
    for _ in range(4):
        rng.shuffle(solo_pool)
        deals.append((1, solo_pool[:6]))
    return deals


def _check_table(s: GameState) -> None:
    for p in s.players:
        assert p.francs >= 0, p
        assert min(p.goods) >= 0, p
        assert p.loans >= 0
    assert min(s.offers) >= 0
    for st in s.proposals:
        for b in st:
            assert b not in s.owner
    if "football_stadium" in s.owner and s.owner["football_stadium"] == TOWN:
        assert all(s.proposals), "a waiting stadium goes to an empty stack at once"


def _play(players: int, deck: list[str], seed: int, entered: Counter[str]) -> GameState:
    s = new_game(Setup(players=players, seed=seed, special_deck=deck))
    for b in deck:
        own(s, b)  # all six in the town from the start
    if seed % 2:
        for p in s.players:  # a richer start, so that the dearer actions happen too
            p.francs += 20
            for g in Good:
                if g != Good.STEEL:
                    p.goods[g] += 3
    rng = random.Random(seed)
    steps = 0
    while s.phase != "over":
        legal = legal_actions(s)
        assert legal
        a: Action
        special = [a for a in legal if isinstance(a, Enter) and CARDS[a.building].deck == "special"]
        if special and rng.random() < 0.6:
            # every offered way in must be legal
            for a in special:
                apply(s, a)
            a = rng.choice(special)
        elif any(isinstance(a, EndTurn) for a in legal) and rng.random() < 0.7:
            a = EndTurn()
        else:
            quiet = [a for a in legal if not isinstance(a, SellBuilding)] or legal
            a = rng.choice(quiet)
        s = apply(s, a)
        if isinstance(a, Enter) and CARDS[a.building].deck == "special":
            entered[a.building] += 1
            if a.building == "harbour_watch":
                entered["harbour_watch:" + a.targets[0]] += 1
        _check_table(s)
        steps += 1
        assert steps < 30000
    return s


def test_random_full_games_with_all_specials_in_play() -> None:
    entered: Counter[str] = Counter()
    for n, (players, deck) in enumerate(_deals()):
        s = _play(players, deck, 100 + n, entered)
        assert s.phase == "over"
    missing = [b for b in WITH_ACTION if not entered[b]]
    assert missing == []


def test_offer_spaces_unchanged() -> None:
    # the Haulage Firm's pairs rest on this order of the offer spaces
    assert OFFER_SPACES == ("francs", "fish", "wood", "clay", "iron", "grain", "cattle")
