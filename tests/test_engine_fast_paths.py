"""The engine's fast paths agree with the plain rules they stand in for."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lehavre_tui.engine.cards import content
from lehavre_tui.engine.effects.base import affordable, can_pay_materials, compiled_requirement
from lehavre_tui.engine.goods import N_GOODS, Good
from lehavre_tui.engine.payments import _TOKENS, FRANCS, _search, _three_values, choose_food, value_groups
from lehavre_tui.engine.payments import default_fee as _default_fee
from lehavre_tui.engine.payments import payment_worth as _payment_worth
from lehavre_tui.engine.state import PlayerState

MATERIALS = [Good.WOOD, Good.CLAY, Good.BRICK, Good.IRON, Good.STEEL, Good.COAL]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.integers(0, 5), min_size=N_GOODS, max_size=N_GOODS),
    st.dictionaries(st.sampled_from(MATERIALS), st.integers(0, 5), max_size=4),
)
def test_compiled_material_check_matches_the_plain_one(goods: list[int], required: dict[Good, int]) -> None:
    p = PlayerState(name="A", goods=goods)
    assert affordable(goods, compiled_requirement(required)) == can_pay_materials(p, required)


def test_brick_stands_in_for_clay_and_steel_for_iron_but_not_the_reverse() -> None:
    goods = [0] * N_GOODS
    goods[Good.BRICK] = 2
    goods[Good.STEEL] = 1
    assert affordable(goods, compiled_requirement({Good.CLAY: 1, Good.BRICK: 1, Good.IRON: 1}))
    assert not affordable(goods, compiled_requirement({Good.CLAY: 1, Good.BRICK: 2}))
    goods[Good.CLAY] = 3
    assert not affordable(goods, compiled_requirement({Good.BRICK: 3}))


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 4), st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.integers(0, 6),
    st.sampled_from(sorted(b for b, c in content().buildings.items() if c.fees)),
)
def test_default_fee_is_the_cheapest_of_the_alternatives(
    fish: int, smoked: int, bread: int, meat: int, francs: int, building: str
) -> None:
    goods = [0] * N_GOODS
    goods[Good.FISH], goods[Good.SMOKED_FISH], goods[Good.BREAD], goods[Good.MEAT] = fish, smoked, bread, meat
    p = PlayerState(name="A", goods=goods, francs=francs)
    card = content().buildings[building]
    found = _default_fee(p, tuple((f.food, f.francs) for f in card.fees))
    # every alternative the player can pay, the way a player naming it would pay
    payable = []
    for f in card.fees:
        if f.francs and francs >= f.francs:
            payable.append({FRANCS: f.francs})
        elif f.food and (c := choose_food(p, f.food)) is not None:
            payable.append(c)
    if not payable:
        assert found is None
        return
    assert found in payable
    # francs count one each; a food token a little less than its food value (kept goods are worth more)
    assert _payment_worth(found) == min(_payment_worth(x) for x in payable)


@settings(max_examples=500, deadline=None)
@given(
    st.sampled_from(["food", "food goods", "energy"]),
    st.integers(1, 24),
    st.lists(st.integers(0, 6), min_size=5, max_size=5),
)
def test_unrolled_payment_search_finds_what_the_full_search_finds(token_set: str, need: int, have: list[int]) -> None:
    tokens = _TOKENS[token_set]
    have = have[: len(tokens)]
    ordered, values = value_groups(token_set)
    assert len(values) == 3 and values[2] == 1  # food 3/2/1, energy 10/3/1: the unrolled case
    assert _three_values(need, tokens, have, ordered, values) == _search(need, tokens, have, ordered, values)


def test_payment_wastes_least_then_keeps_the_valuable_goods() -> None:
    goods = [0] * N_GOODS
    goods[Good.MEAT], goods[Good.BREAD], goods[Good.FISH] = 1, 1, 1
    p = PlayerState(name="A", goods=goods, francs=2)
    assert choose_food(p, 3) == {Good.MEAT: 1}  # no waste; bread is worth more a food than meat
    assert choose_food(p, 4) == {Good.MEAT: 1, Good.FISH: 1}
    assert choose_food(p, 2) == {Good.FISH: 1, FRANCS: 1}  # fish and a franc before a bread
    assert choose_food(p, 8) == {Good.MEAT: 1, Good.BREAD: 1, Good.FISH: 1, FRANCS: 2}
    assert choose_food(p, 9) is None
    goods[Good.BREAD] = goods[Good.FISH] = 0
    assert choose_food(PlayerState(name="A", goods=goods), 2) == {Good.MEAT: 1}  # 1 food wasted
