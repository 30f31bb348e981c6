"""Names as the table prints them, card numbers, Polish and Czech names, near misses, and
completion one word at a time."""

from __future__ import annotations

import pytest

from lehavre_tui.commands import CommandError, building_id, complete, complete_step, parse, to_command
from lehavre_tui.engine.actions import BuyBuilding, Enter, Feed, SellShip
from lehavre_tui.engine.cards import content
from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.state import TOWN, GameState

from .conftest import game, give, own, ready
from .test_commands import err, random_positions


@pytest.fixture
def s() -> GameState:
    """Anna to act in a 3-player game, ship moved; some buildings in the town."""
    st = ready(game(3))
    for b in ("bakehouse", "joinery", "clay_mound", "steel_mill", "ironworks", "harbour_watch", "abattoir"):
        own(st, b)
    return give(st, 0, francs=20, grain=4, wood=5, clay=3, iron=2, fish=3)


# --- names ----------------------------------------------------------------------------------


def test_names_in_words_as_the_table_prints_them(s: GameState) -> None:
    assert parse("enter steel mill", s) == Enter(building="steel_mill")
    assert parse("enter Clay Mound", s) == Enter(building="clay_mound")
    assert parse("buy clay mound", s) == BuyBuilding(building="clay_mound")
    assert parse("enter bake house 4", s) == Enter(building="bakehouse", amount=4)
    assert building_id("bridge over the seine") == "bridge"
    assert building_id("iron mine & coal seam") == "iron_mine"
    # the words after the name are its choices
    assert parse("enter construction firm marketplace sawmill", s) == Enter(
        building="construction_firm", targets=["marketplace", "sawmill"]
    )
    watch = Enter(building="harbour_watch", targets=["bakehouse"], amount=2)
    assert parse("enter harbour watch bake house 2", s) == watch
    assert "one at a time" in err("buy clay mound joinery", s)


def test_several_names_in_words(s: GameState) -> None:
    st = ready(game(3))
    st.proposals = [["clay_mound"], ["steel_mill"], ["bank"]]
    give(st, 0, wood=9, clay=9, iron=9, francs=9)
    assert parse("enter construction firm clay mound steel mill", st) == Enter(
        building="construction_firm", targets=["clay_mound", "steel_mill"]
    )


def test_a_ship_named_in_words(s: GameState) -> None:
    ships = content().ships
    susanne = next(x for x, c in ships.items() if c.name == "MS Susanne")
    s.players[0].ships.append(susanne)
    assert parse("sell ms susanne", s) == SellShip(ship=susanne)


def test_building_firm_by_what_is_possible() -> None:
    st = ready(game(3))  # both Building Firms belong to the town; the Fishery tops stack 3
    give(st, 0, francs=0, fish=0, wood=1, clay=1)
    st.owner["building_firm_1"] = 0  # Anna's own firm: free for her; the other costs 1 food
    # with nothing to pay the other firm's fee, her own is meant
    assert parse("enter building firm fishery", st) == Enter(building="building_firm_1", targets=["fishery"])
    # with food for the fee either would do: she is asked which, both named
    give(st, 0, fish=2)
    message = err("enter building firm fishery", st)
    assert "building-firm-1 or building-firm-2" in message and "say which" in message
    assert parse("enter building firm 2 fishery", st) == Enter(building="building_firm_2", targets=["fishery"])


def test_twin_wharves_refused_alike_say_why() -> None:
    st = ready(game(3))
    for b in ("wharf_1", "wharf_2"):
        own(st, b, TOWN)
    # neither Wharf can build an iron ship without iron: the reason, not a question
    give(st, 0, iron=0, francs=9)
    assert "iron" in err("enter wharf iron", st).lower()
    assert "could be" not in err("enter wharf iron", st)


def test_card_numbers(s: GameState) -> None:
    assert building_id("09") == "abattoir"
    assert building_id("9") == "abattoir"
    assert building_id("B1") == "building_firm_1"
    assert building_id("sp-14") == "luxury_yacht"
    assert building_id("SP14") == "luxury_yacht"
    assert parse("enter 09", s) == Enter(building="abattoir")
    assert parse("enter 05 4", s) == Enter(building="bakehouse", amount=4)
    assert parse("buy 14", s) == BuyBuilding(building="brickworks")
    assert "No card has the number '99'" in err("enter 99", s)


@pytest.mark.parametrize(
    ("name", "card"),
    [
        ("huta żelaza", "ironworks"),
        ("huta zelaza", "ironworks"),
        ("Huta stali", "steel_mill"),
        ("gliniane wzgórze", "clay_mound"),
        ("gliniane wzgorze", "clay_mound"),
        ("jíloviště", "clay_mound"),
        ("jiloviste", "clay_mound"),
        ("Ocelárna", "steel_mill"),
        ("ocelarna", "steel_mill"),
        ("Železárna", "ironworks"),
        ("piekarnia", "bakehouse"),
        ("pekárna", "bakehouse"),
    ],
)
def test_polish_and_czech_names_with_or_without_diacritics(s: GameState, name: str, card: str) -> None:
    assert building_id(name) == card
    assert parse(f"enter {name}", s).model_dump()["building"] == card


def test_near_misses_are_answered(s: GameState) -> None:
    assert "Did you mean bakehouse?" in err("enter bakhouse 4", s)
    assert "Did you mean supply?" in err("suply", s)
    assert "Unknown command 'suply'. Did you mean supply? Try:" in err("suply", s)
    assert "Did you mean fish?" in err("feed fsh=2", s)
    assert "Did you mean" in err("enter ocelarma", s)
    # nothing like it: no guess
    assert "Did you mean" not in err("enter qqqqqq", s)


def test_verbs_with_two_letters_swapped_are_answered(s: GameState) -> None:
    assert "Unknown command 'byu'. Did you mean buy?" in err("byu smokehouse", s)
    assert "Did you mean repay?" in err("rpeay", s)
    assert "Did you mean sprzedaj?" in err("sprzeadj", s)
    assert "Did you mean" not in err("xyz", s)


def test_a_multi_word_name_leaves_numbers_and_goods_alone(s: GameState) -> None:
    assert parse("enter bakehouse grain=4", s) == Enter(building="bakehouse", amount=4)
    assert parse("feed fish=3", s) == Feed(payment={"fish": 3})


# --- completion, one word at a time ---------------------------------------------------------


def words(prefix: str, st: GameState) -> list[str]:
    return [c.word for c in complete_step(prefix, st).choices]


def test_the_verb_comes_first(s: GameState) -> None:
    assert [c.line for c in complete_step("e", s).choices] == ["enter"]  # 'e' is enter, not end
    assert complete_step("e", s).choices[0].more
    verbs = words("", s)
    assert verbs[:2] == ["take", "enter"] and "help" in verbs


def test_after_enter_the_buildings_that_may_be_entered_now(s: GameState) -> None:
    enterable = list(dict.fromkeys(a.building.replace("_", "-") for a in legal_actions(s) if isinstance(a, Enter)))
    step = complete_step("enter ", s)
    assert [c.word for c in step.choices] == enterable
    notes = {c.word: c.note for c in step.choices}
    assert notes["bakehouse"] == "fee 1 food"
    assert notes["steel-mill"] == "fee 2 francs"
    own(s, "bakehouse", 0)
    notes = {c.word: c.note for c in complete_step("enter ", s).choices}
    assert notes["bakehouse"] == "yours, free"
    assert "enter " + "marketplace" not in [c.line for c in step.choices]  # not on the table
    assert all(c.more or c.word in ("clay-mound", "steel-mill") for c in step.choices)


def test_then_the_buildings_choices(s: GameState) -> None:
    own(s, "marketplace")
    first = words("enter marketplace ", s)
    assert first and len(first) <= 8 and len(set(first)) == len(first)
    assert all(w in ("fish", "wood", "clay", "iron", "grain", "cattle", "coal", "hides") for w in first)
    after = words(f"enter marketplace {first[0]} ", s)
    assert after and first[0] not in after
    # a card number or the name in words work as well
    assert words("enter 01 ", s) == first
    assert words("e market ", s) == first


def test_a_name_in_words_is_completed(s: GameState) -> None:
    step = complete_step("enter steel m", s)
    assert [c.line for c in step.choices] == ["enter steel-mill"]
    # a beginning that fits one building only is that building: its choices come next
    nxt = complete_step("enter steel ", s).choices
    assert nxt and all(c.line.startswith("enter steel-mill ") for c in nxt)
    assert complete("enter steel mill", s) == complete("enter steel-mill", s) != []


def test_both_building_firms_are_offered() -> None:
    st = ready(game(3))
    give(st, 0, francs=5, wood=2, clay=2)
    lines = [c.line for c in complete_step("enter building firm ", st).choices]
    assert lines == ["enter building-firm-1", "enter building-firm-2"]
    # their choices, without taking one of them for the player
    tops = complete_step("enter building firm f", st).choices
    assert [c.line for c in tops] == ["enter building firm fishery"]


def test_take_shows_what_lies_there(s: GameState) -> None:
    notes = {c.word: c.note for c in complete_step("take ", s).choices}
    spaces = ("francs", "fish", "wood", "clay", "iron", "grain", "cattle")
    assert notes == {sp: f"{n} {sp}" for sp, n in zip(spaces, s.offers, strict=True) if n}


def _accepted(line: str, st: GameState) -> bool:
    try:
        apply(st, parse(line, st))
    except (IllegalAction, CommandError):
        return False
    return True


@pytest.mark.parametrize(("players", "variant", "seed"), [(2, "short", 3), (4, "full", 5)])
def test_every_choice_leads_to_a_legal_move(players: int, variant: str, seed: int) -> None:
    for st in random_positions(players, variant, seed)[::9]:
        lines = [to_command(a, st) for a in legal_actions(st)]
        pending = [""]
        seen = 0
        while pending and seen < 400:
            prefix = pending.pop()
            for c in complete_step(prefix, st).choices:
                if c.line == "help":
                    continue
                seen += 1
                listed = any(ln == c.line or ln.startswith(c.line + " ") for ln in lines)
                # goods named in any order, or fewer than the most (the Marketplace): the engine takes them
                assert listed or _accepted(c.line, st), (prefix, c.line)
                if c.more and len(c.line.split()) < 4:
                    pending.append(c.line + " ")


# --- help -----------------------------------------------------------------------------------


def test_help_gives_food_and_energy_values(s: GameState) -> None:
    from lehavre_tui.commands import help_text

    for topic in ("goods", "payments"):
        text = help_text(topic, s)
        assert "fish 1, smoked fish 2, bread 2, meat 3, each franc 1" in text
        assert "Energy: wood 1, charcoal 3, coal 3, coke 10." in text
