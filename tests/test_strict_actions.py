"""The engine is strict: nothing a player names is silently dropped or lost.

* Set-ups: every card exists once (a second Zoo would be dealt, then lost in play).
* `Enter`: a choice the building's action does not use is refused, naming it; so is a
  number or a count below 1 anywhere (goods, energy, food, fee tokens, feeding, materials).
* Payments: food and energy give no change, so a payment with a token to spare (one that
  would still cover the need without it) is refused, saying what is enough; a surplus the
  tokens force (1 coke for 6 energy) is allowed and the log names it.
* Saves made before (formats 1 and 2) replay as they were played.
"""

from __future__ import annotations

import json
import random

import pytest

from lehavre_tui.engine.actions import Action, Build, Enter, Feed, RepayLoan, Supply
from lehavre_tui.engine.cards import content
from lehavre_tui.engine.effects.base import CHOICES, choices_read
from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.save import dump_save, load_save
from lehavre_tui.engine.setup import Setup, new_game
from lehavre_tui.engine.state import GameState
from tests.conftest import STACKS_3P, game, give, own, ready
from tests.helpers_rules import close_round, is_sentence, last_turn, said, stock

CARDS = content().buildings


def refused(s: GameState, action: Action, message: str) -> str:
    """`action` is refused with `message` in a readable sentence, and `s` is untouched."""
    before = s.model_dump()
    with pytest.raises(IllegalAction) as info:
        apply(s, action)
    text = str(info.value)
    assert message in text
    assert is_sentence(text), text
    assert s.model_dump() == before
    return text


def at(*mine: str, town: tuple[str, ...] = (), francs: int = 5, **goods: int) -> GameState:
    """Anna to take a main action, owning `mine`; the town owns `town`; her goods exactly `goods`."""
    s = ready(game(3))
    for b in mine:
        own(s, b, 0)
    for b in town:
        own(s, b)
    s.players[0].goods = [0] * 16
    give(s, 0, francs=francs, **goods)
    return s


# --- 4. set-ups ---------------------------------------------------------------------------------


def test_a_special_building_named_twice_is_refused():
    with pytest.raises(IllegalAction) as info:
        new_game(Setup(players=3, special_deck=["zoo"] * 6))
    assert str(info.value) == (
        "The Zoo is named twice among the special buildings; each exists once, so name it once."
    )


def test_a_card_twice_in_one_stack_is_refused_with_that_reason():
    stacks = [list(st) for st in STACKS_3P]
    stacks[1][1] = stacks[1][0]  # the Sawmill twice in stack 2
    with pytest.raises(IllegalAction, match="The Sawmill is named twice in proposal stack 2; each building"):
        new_game(Setup(players=3, stacks=stacks))


def test_a_card_in_two_stacks_is_refused_naming_both():
    stacks = [list(st) for st in STACKS_3P]
    stacks[2][0] = stacks[0][0]  # the Marketplace in stacks 1 and 3
    with pytest.raises(IllegalAction, match="The Marketplace is named in proposal stacks 1 and 3"):
        new_game(Setup(players=3, stacks=stacks))


# --- 6. choices a building does not use ---------------------------------------------------------


def test_goods_at_the_black_market_are_refused():
    s = at(town=("black_market",), fish=1)
    s.offers = [0] * len(s.offers)
    refused(
        s, Enter(building="black_market", goods={"coal": 2}), "The Black Market takes no goods; leave out coal=2."
    )
    apply(s, Enter(building="black_market"))  # without them it is fine


def test_energy_where_none_is_needed_is_refused_even_a_negative_one():
    s = at(town=("charcoal_kiln",), wood=3)
    for energy in ({"wood": 1}, {"wood": -1}):
        refused(
            s,
            Enter(building="charcoal_kiln", amount=2, energy=energy),
            "The Charcoal Kiln needs no energy; leave out the energy payment",
        )


@pytest.mark.parametrize("amount", [0, -1])
def test_shipping_on_no_ships_or_minus_one_is_refused(amount):
    s = at(town=("shipping_line",), francs=5, coal=2, cattle=2)
    s.players[0].ships = ["S01"]
    refused(s, Enter(building="shipping_line", amount=amount), f"must be 1 or more, not {amount}")


@pytest.mark.parametrize(
    ("building", "fields", "message"),
    [
        ("hardware_store", {"amount": 2}, "The Hardware Store takes no number; leave out the 2."),
        ("hardware_store", {"targets": ("joinery",)}, "There is nothing to name at the Hardware Store"),
        ("marketplace", {"goods": {"fish": 1}, "option": "x"}, "The Marketplace has no option to choose"),
        ("bakehouse", {"amount": 2, "food": {"fish": 1}}, "The Bakehouse asks no food in its action"),
        ("joinery", {"amount": 1, "energy": {"wood": 1}}, "The Joinery needs no energy"),
        ("black_market", {"amount": 1}, "The Black Market takes no number"),
    ],
)
def test_a_choice_the_card_does_not_use_is_refused(building, fields, message):
    s = at(town=(building,), francs=5, fish=2, grain=2, wood=3)
    s.offers = [0] * len(s.offers)
    refused(s, Enter.model_validate({"building": building, **fields}), message)


def test_a_fee_where_none_is_due_is_refused():
    s = at("bakehouse", town=("fishery",), fish=2, grain=2, wood=1)
    refused(s, Enter(building="bakehouse", fee_goods={"fish": 1}), "You own the Bakehouse, so you pay no entry fee")
    refused(s, Enter(building="fishery", fee="food"), "The Fishery is free to enter; leave out the fee payment.")


def test_a_fee_named_two_ways_is_refused():
    s = at(town=("marketplace",), fish=2)
    refused(
        s,
        Enter(building="marketplace", fee="francs", fee_goods={"fish": 2}, goods={"clay": 1}),
        "either in francs ('fee francs') or with the tokens you name, not both",
    )


@pytest.mark.parametrize(
    ("action", "key"),
    [
        (Enter(building="marketplace", goods={"fish": 1, "wood": 0}), "wood=0"),
        (Enter(building="marketplace", goods={"fish": 1}, fee_goods={"fish": 2, "francs": 0}), "francs=0"),
        (Enter(building="bakehouse", amount=2, energy={"wood": 1, "coal": 0}), "coal=0"),
        (Enter(building="coal_trader", goods={"coal": 1}, food={"fish": 2, "meat": -1}), "meat=-1"),
    ],
)
def test_counts_below_one_are_refused(action, key):
    s = at(town=("marketplace", "bakehouse", "coal_trader"), francs=5, fish=4, grain=2, wood=2, coal=1, meat=1)
    refused(s, action, f"'{key}' is not something to give or take: name 1 or more")


def test_counts_below_one_in_a_second_build_or_feeding_are_refused():
    s = at(francs=5, wood=3, clay=3)
    s.proposals = [["marketplace"], ["fishery"], []]
    s = apply(s, Enter(building="construction_firm", targets=["marketplace"]))
    refused(s, Build(target="fishery", goods={"wood": 1, "clay": 0}), "'clay=0' is not something")
    s = last_turn(game(3), round_no=1)
    give(s, 0, fish=3)
    s = close_round(s)
    assert s.phase == "feeding" and s.current == 0
    refused(s, Feed(payment={"fish": 2, "bread": 0}), "'bread=0' is not something")


def test_repaying_no_loan_is_refused():
    s = at(francs=10)
    s.players[0].loans = 1
    refused(s, RepayLoan(count=0), "Repay at least one loan.")
    refused(s, RepayLoan(count=-1), "Repay at least one loan.")


def test_energy_without_the_fourth_iron_is_refused_at_the_ironworks():
    s = at(town=("ironworks",), francs=2, wood=6)
    refused(s, Enter(building="ironworks", energy={"wood": 6}), "add 'extra', or leave out the energy payment")


def test_materials_for_two_buildings_at_once_are_refused():
    s = at(francs=5, wood=4, clay=4)
    s.proposals = [["marketplace"], ["fishery"], []]
    refused(
        s,
        Enter(building="construction_firm", targets=("marketplace", "fishery"), goods={"wood": 2}),
        "Materials can be named for one building at a time",
    )


def test_the_harbour_watch_passes_on_only_what_the_building_uses():
    s = at(town=("harbour_watch", "hardware_store"), francs=3)
    s.players[1].worker = "hardware_store"
    refused(
        s,
        Enter(building="harbour_watch", targets=("hardware_store",), goods={"wood": 1}),
        "The Hardware Store takes no goods",
    )


def test_every_choice_read_is_a_field_of_enter():
    for b, card in CARDS.items():
        assert choices_read(b) <= set(CHOICES), b
        if card.action.kind == "convert":
            needs = bool(card.action.energy_per_item or card.action.energy_flat)
            assert ("energy" in choices_read(b)) == needs, b


def test_the_furriery_options_name_no_zero_counts():
    s = at(town=("furriery",), francs=1, hides=2, leather=1)
    options = [a for a in legal_actions(s) if isinstance(a, Enter) and a.building == "furriery"]
    assert [a.goods for a in options] == [{"hides": 2, "leather": 1}, {"hides": 2}, {"leather": 1}]
    for a in options:
        apply(s, a)


def test_every_listed_move_applies_in_random_games_with_every_building():
    """legal_actions and apply agree, with all special buildings in the town from the start."""
    specials = sorted(b for b, c in CARDS.items() if c.deck == "special")
    for seed in range(3):
        s = new_game(Setup(players=3, seed=seed))
        for b in specials:
            own(s, b)
        rng = random.Random(seed)
        moves = 0
        while s.phase != "over" and moves < 3000:
            s = apply(s, rng.choice(legal_actions(s)))
            moves += 1


# --- 11. overpaying on purpose ------------------------------------------------------------------


def test_an_energy_payment_with_a_token_to_spare_is_refused():
    s = at(town=("bakehouse",), francs=1, grain=6, wood=2, charcoal=1)
    refused(
        s,
        Enter(building="bakehouse", amount=6, energy={"wood": 2, "charcoal": 1}),
        "That pays 5 energy where 3 is needed, and energy gives no change: "
        "pay 1 charcoal instead of 2 wood, 1 charcoal.",
    )
    s = apply(s, Enter(building="bakehouse", amount=6, energy={"charcoal": 1}))
    assert stock(s, 0) == {"wood": 2, "bread": 6}


def test_a_fee_with_a_token_to_spare_is_refused():
    s = at(town=("hardware_store",), francs=1, fish=2)
    refused(
        s,
        Enter(building="hardware_store", fee_goods={"fish": 2}),
        "That pays 2 food where 1 is needed, and food gives no change: pay 1 fish instead of 2 fish.",
    )
    refused(s, Enter(building="hardware_store", fee_goods={"fish": 1, "francs": 1}), "pay 1 fish instead")


def test_a_surplus_the_tokens_force_is_allowed_and_logged():
    s = at(town=("ironworks",), francs=1, coke=1)
    s = apply(s, Enter(building="ironworks", option="extra", fee="francs", energy={"coke": 1}))
    assert stock(s, 0) == {"iron": 4}
    assert "Anna pays 1 coke as 6 energy (4 energy wasted)." in said(s)
    # ... but not with a token that could go
    s = at(town=("ironworks",), francs=1, coke=1, wood=1)
    refused(
        s,
        Enter(building="ironworks", option="extra", fee="francs", energy={"coke": 1, "wood": 1}),
        "pay 1 coke instead of 1 coke, 1 wood",
    )


def test_the_engine_names_the_waste_when_it_chooses():
    s = at(town=("bakehouse",), francs=1, grain=2, charcoal=1)
    s = apply(s, Enter(building="bakehouse"))
    assert "Anna pays 1 charcoal as 1 energy (2 energy wasted)." in said(s)


def test_a_fee_paid_with_a_larger_food_token_names_the_surplus():
    s = at(town=("hardware_store",), francs=0, meat=1)
    s = apply(s, Enter(building="hardware_store", fee_goods={"meat": 1}))
    assert "Anna enters the Hardware Store, paying 1 meat to the supply (2 food more than the fee)." in said(s)


def test_food_inside_an_action_must_be_minimal_too():
    s = at(town=("coal_trader",), francs=1, fish=2, meat=1)
    refused(
        s,
        Enter(building="coal_trader", goods={"coal": 1}, food={"meat": 1, "fish": 1}),
        "pay 1 meat instead of 1 meat, 1 fish",
    )
    s = apply(s, Enter(building="coal_trader", goods={"coal": 1}, food={"meat": 1}))
    assert "Anna pays 1 meat as 2 food (1 food wasted)." in said(s)


def test_feeding_with_a_token_to_spare_is_refused():
    s = last_turn(game(3), round_no=1)  # 2 food
    give(s, 0, francs=5, meat=1, fish=2)
    s = close_round(s)
    assert s.phase == "feeding" and s.current == 0
    refused(s, Feed(payment={"meat": 1, "fish": 1}), "pay 1 meat instead of 1 meat, 1 fish")
    refused(s, Feed(payment={"fish": 2, "francs": 1}), "pay 2 fish instead")
    s = apply(s, Feed(payment={"meat": 1}))
    assert "Anna feeds the workers with 1 meat (1 food wasted)." in said(s)


def test_energy_the_wind_farm_covers_is_refused():
    s = at("wind_farm", town=("kiln",), francs=1, clay=1, wood=1)
    refused(s, Enter(building="kiln", energy={"wood": 1}), "The Wind Farm's discount covers all the energy here")
    s = apply(s, Enter(building="kiln"))
    assert stock(s, 0) == {"wood": 1, "brick": 3}


# --- saves made before the engine was strict -----------------------------------------------------


def test_saves_of_the_second_format_replay_their_lenient_moves():
    # the short 2-player game starts with the Marketplace in the town
    setup = Setup(players=2, variant="short", seed=7)
    s = new_game(setup)
    marketplace = Enter(building="marketplace", goods={"fish": 1, "wood": 1}, amount=3)
    actions: list[Action] = [Supply(), marketplace]
    with pytest.raises(IllegalAction, match="The Marketplace takes no number; leave out the 3."):
        apply(apply(s, actions[0]), actions[1])
    lenient = new_game(setup.model_copy(update={"strict_moves": False}))
    for a in actions:
        lenient = apply(lenient, a)
    data = json.loads(dump_save(setup, actions, lenient))
    assert data["format_version"] == 3
    del data["setup"]["strict_moves"]  # what a save of the second format holds
    del data["snapshot"]["strict_moves"]
    data["format_version"] = 2
    setup2, actions2, s2, _ = load_save(json.dumps(data))
    assert setup2.strict_moves is False and actions2 == actions
    assert s2.model_dump(exclude={"events", "strict_moves"}) == lenient.model_dump(exclude={"events", "strict_moves"})
    # the resaved game keeps replaying so, now in the third format
    again = load_save(dump_save(setup2, actions2, s2))
    assert again[2].strict_moves is False
