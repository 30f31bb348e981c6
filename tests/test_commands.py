"""The command language: every verb, names and prefixes, every error, and the round trip
parse(to_command(action)) == action over many positions reached by random play."""

from __future__ import annotations

import contextlib
import random

import pytest

from lehavre_tui.commands import (
    CommandError,
    HelpRequested,
    building_id,
    complete,
    help_text,
    parse,
    to_command,
)
from lehavre_tui.engine.actions import (
    Action,
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
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.setup import Setup, new_game
from lehavre_tui.engine.state import TOWN, GameState

from .conftest import game, give, own, ready


def err(text: str, s: GameState) -> str:
    with pytest.raises(CommandError) as info:
        parse(text, s)
    return str(info.value)


@pytest.fixture
def s() -> GameState:
    """Red to act in a 3-player game, ship moved; a few buildings in the town."""
    st = ready(game(3))
    for b in ("bakehouse", "joinery", "marketplace", "local_court", "ironworks", "bridge"):
        own(st, b)
    for b in ("shipping_line", "business_office", "wharf_1", "wharf_2", "fishery"):
        own(st, b)
    return give(st, 0, francs=20, grain=4, wood=5, clay=3, iron=2, fish=3)


# --- the verbs ----------------------------------------------------------------------------------


def test_simple_verbs_and_aliases() -> None:
    s0 = game(3)
    assert parse("supply", s0) == Supply()
    assert parse("S", s0) == Supply()
    assert parse("  SUPPLY  ", s0) == Supply()
    assert parse("keep", s0) == Reorder(swap=False)
    assert parse("swap", s0) == Reorder(swap=True)
    assert parse("end", s0) == EndTurn()
    assert parse("done", s0) == EndTurn()
    assert parse("su", s0) == Supply()  # a unique beginning of a verb


def test_take(s: GameState) -> None:
    assert parse("take fish", s) == TakeOffer(space="fish")
    assert parse("t wood", s) == TakeOffer(space="wood")
    assert parse("take money", s) == TakeOffer(space="francs")
    assert parse("take fr", s) == TakeOffer(space="francs")


def test_take_prefix_settled_by_what_is_on_offer(s: GameState) -> None:
    assert "could be francs or fish" in err("take f", s)
    s.offers[0] = 0  # no francs on offer: 'f' can only mean fish
    assert parse("take f", s) == TakeOffer(space="fish")


def test_enter_convert(s: GameState) -> None:
    want = Enter(building="bakehouse", amount=4)
    assert parse("enter bakehouse 4", s) == want
    assert parse("enter bakehouse grain=4", s) == want
    assert parse("e bake 4", s) == want
    assert parse("ENTER Bakehouse GRAIN = 4", s) == want
    assert parse("enter bakehouse", s) == Enter(building="bakehouse")
    assert parse("enter bakehouse all", s) == Enter(building="bakehouse")
    assert parse("enter bakehouse 4 pay wood=2", s) == Enter(building="bakehouse", amount=4, energy={"wood": 2})


def test_enter_fees(s: GameState) -> None:
    goods = {"fish": 1, "wood": 1}
    assert parse("enter marketplace fish wood fee=francs", s) == Enter(
        building="marketplace", goods=goods, fee="francs"
    )
    assert parse("enter marketplace fish wood fee food", s) == Enter(building="marketplace", goods=goods, fee="food")
    assert parse("enter marketplace fish wood fee fish=1 francs=1", s) == Enter(
        building="marketplace", goods=goods, fee="food", fee_goods={"fish": 1, "francs": 1}
    )


def test_enter_each_kind_of_choice(s: GameState) -> None:
    assert parse("enter joinery 3", s) == Enter(building="joinery", amount=3)
    assert parse("enter joinery wood=3", s) == Enter(building="joinery", amount=3)
    assert parse("enter marketplace fish wood clay", s) == Enter(
        building="marketplace", goods={"fish": 1, "wood": 1, "clay": 1}
    )
    assert parse("enter construction-firm joinery fishery", s) == Enter(
        building="construction_firm", targets=["joinery", "fishery"]
    )
    assert parse("enter building-firm-1 sawmill with wood=1 clay=1", s) == Enter(
        building="building_firm_1", targets=["sawmill"], goods={"wood": 1, "clay": 1}
    )
    assert parse("enter wharf-1 iron", s) == Enter(building="wharf_1", targets=["iron"])
    assert parse("enter wharf-2 wooden-ship", s) == Enter(building="wharf_2", targets=["wooden"])
    assert parse("enter bridge all", s) == Enter(building="bridge")
    assert parse("enter bridge smoked_fish=2 fish=3", s) == Enter(
        building="bridge", goods={"smoked_fish": 2, "fish": 3}
    )
    assert parse("enter shipping-line cattle=2 bread=1", s) == Enter(
        building="shipping_line", goods={"cattle": 2, "bread": 1}
    )
    assert parse("enter shipping-line ships=2 cattle=2", s) == Enter(
        building="shipping_line", amount=2, goods={"cattle": 2}
    )
    assert parse("enter business-office steel+brick", s) == Enter(building="business_office", option="steel+brick")
    assert parse("enter business-office brick steel fish=5", s) == Enter(
        building="business_office", option="steel+brick", goods={"fish": 5}
    )
    assert parse("enter court two", s) == Enter(building="local_court", option="two")
    assert parse("enter court one francs", s) == Enter(building="local_court", option="one+francs")
    assert parse("enter ironworks extra", s) == Enter(building="ironworks", option="extra")
    assert parse("enter fishery", s) == Enter(building="fishery")


def test_enter_special_buildings(s: GameState) -> None:
    for b in ("haulage_firm", "coal_trader", "furriery", "town_square", "harbour_watch", "zoo"):
        own(s, b)
    assert parse("enter haulage grain cattle", s) == Enter(building="haulage_firm", targets=["grain", "cattle"])
    assert parse("enter coal-trader coal=2 charcoal=1 food fish=3 francs=2", s) == Enter(
        building="coal_trader", goods={"coal": 2, "charcoal": 1}, food={"fish": 3, "francs": 2}
    )
    assert parse("enter furriery hides=2 leather=0", s) == Enter(building="furriery", goods={"hides": 2, "leather": 0})
    assert parse("enter town-square coke leather", s) == Enter(building="town_square", goods={"coke": 1, "leather": 1})
    s.players[1].worker = "bakehouse"
    watch = Enter(building="harbour_watch", targets=["bakehouse"], amount=2)
    assert parse("enter harbour-watch bakehouse 2", s) == watch
    assert to_command(watch, s) == "enter harbour-watch bakehouse 2"
    assert parse("enter zoo", s) == Enter(building="zoo")


def test_enter_wharf_for_the_yacht(s: GameState) -> None:
    own(s, "luxury_yacht")
    s.players[0].ships = ["S06", "S08"]  # two iron ships
    assert Enter(building="wharf_1", targets=["yacht"]) in legal_actions(s)
    assert parse("enter wharf-1 yacht", s) == Enter(building="wharf_1", targets=["yacht"])
    assert parse("enter wharf-1 yacht boulogne", s) == Enter(building="wharf_1", targets=["yacht", "S08"])


def test_names_in_every_form(s: GameState) -> None:
    bakehouse = Enter(building="bakehouse", amount=2)
    for name in ("bakehouse", "bake", "BAKEHOUSE", "piekarnia", "pekárna", "pekarna"):
        assert parse(f"enter {name} 2", s) == bakehouse
    assert parse("enter building_firm_1 joinery", s).building == "building_firm_1"  # type: ignore[union-attr]
    assert parse("enter buildingfirm1 joinery", s).building == "building_firm_1"  # type: ignore[union-attr]
    assert parse("enter łowisko", s) == Enter(building="fishery")
    assert building_id("bridge-over-the-seine") == "bridge"
    assert building_id("seine") == "bridge"
    assert building_id("masons") == "masons_guild"
    assert building_id("patisserie") == "patisserie"


def test_twin_wharves(s: GameState) -> None:
    # both free and neither can build an iron ship: the reason, said once
    assert err("enter wharf iron", s) == "There is no iron ship on offer."
    # both could build the wooden ship: the player is asked which
    from lehavre_tui.engine.cards import content

    s.ship_stacks["wooden"] = [x for x, c in content().ships.items() if c.type == "wooden"][:1]
    give(s, 0, coal=3)
    message = err("enter wharf wooden", s)
    assert "wharf-1 or wharf-2" in message and "say which" in message
    assert "wharf-1 or wharf-2" in err("enter shipyard wooden", s)
    s.players[1].worker = "wharf_1"  # only the second Wharf is free
    assert parse("enter wharf iron", s) == Enter(building="wharf_2", targets=["iron"])
    assert parse("enter shipyard iron", s) == Enter(building="wharf_2", targets=["iron"])


def test_prefix_ambiguity_lists_the_candidates(s: GameState) -> None:
    message = err("enter b", s)
    assert "could be" in message
    assert "bakehouse" in message and "bridge" in message
    assert "bank" not in message  # not on the table's usable buildings
    assert "could be build or buy" in err("b joinery", s)


def test_prefix_prefers_what_is_on_the_table() -> None:
    s0 = ready(game(3))  # the Bakehouse lies in a proposal stack, the Bakery is not dealt
    assert parse("enter bake 2", s0) == Enter(building="bakehouse", amount=2)


def test_build_second_construction_firm_build(s: GameState) -> None:
    s = apply(s, Enter(building="construction_firm", targets=["sawmill"]))
    assert s.pending is not None and s.pending.kind == "build"
    top = next(st[0] for st in s.proposals if st)
    assert parse(f"build {top}", s) == Build(target=top)
    assert parse("build fishery with wood=1", s) == Build(target="fishery", goods={"wood": 1})


def test_build_shortcut_enters_the_best_firm(s: GameState) -> None:
    assert parse("build sawmill", s) == Enter(building="building_firm_1", targets=["sawmill"])
    s.players[1].worker = "building_firm_1"
    assert parse("build sawmill", s) == Enter(building="building_firm_2", targets=["sawmill"])
    s.players[2].worker = "building_firm_2"
    assert parse("build sawmill", s) == Enter(building="construction_firm", targets=["sawmill"])


def test_build_shortcut_prefers_own_firm() -> None:
    st = ready(game(3))
    own(st, "building_firm_2", 0)
    give(st, 0, wood=5, clay=5, iron=5)
    assert parse("build sawmill", st) == Enter(building="building_firm_2", targets=["sawmill"])


def test_buy_and_sell(s: GameState) -> None:
    assert parse("buy joinery", s) == BuyBuilding(building="joinery")
    assert parse("buy marketplace", s) == BuyBuilding(building="marketplace")
    assert parse("buy wooden", s) == BuyShip(ship_type="wooden")
    assert parse("buy wooden-ship", s) == BuyShip(ship_type="wooden")
    assert parse("buy ship iron", s) == BuyShip(ship_type="iron")
    assert parse("buy iron", s) == BuyShip(ship_type="iron")  # the ship, not the Ironworks
    assert parse("sell joinery", s) == SellBuilding(building="joinery")


def test_sell_ships() -> None:
    st = game(2, "short")  # Anna starts with the wooden ship Appoline (S01)
    st.players[0].ships = ["S04", "S01", "S02"]  # values 4, 2, 2
    assert parse("sell wooden", st) == SellShip(ship="S01")  # the least valuable, first held
    assert parse("sell ship wooden", st) == SellShip(ship="S01")
    assert parse("sell blanche", st) == SellShip(ship="S02")
    assert parse("sell lucie", st) == SellShip(ship="S04")
    assert to_command(SellShip(ship="S02"), st) == "sell blanche"


def test_repay_feed_help(s: GameState) -> None:
    assert parse("repay", s) == RepayLoan()
    assert parse("repay 2", s) == RepayLoan(count=2)
    s.players[0].loans = 3
    assert parse("repay all", s) == RepayLoan(count=3)  # 20 francs pay for all three
    assert parse("feed", s) == Feed()
    assert parse("feed francs=3 fish=1", s) == Feed(payment={"francs": 3, "fish": 1})
    assert parse("feed francs=3, smoked-fish=1", s) == Feed(payment={"francs": 3, "smoked_fish": 1})
    with pytest.raises(HelpRequested) as info:
        parse("help bakehouse", s)
    assert info.value.topic == "bakehouse"
    assert "Piekarnia" in info.value.text


def test_parse_never_changes_the_state(s: GameState) -> None:
    before = s.model_dump()
    for text in ("build sawmill", "enter bakehouse 4", "buy joinery", "sell joinery", "feed",
                 "enter wharf iron", "help", "xyz", "enter court two", "take fish"):  # fmt: skip
        with contextlib.suppress(CommandError):
            parse(text, s)
    assert s.model_dump() == before


# --- every error path ---------------------------------------------------------------------------


def test_unknown_and_empty(s: GameState) -> None:
    assert err("xyz", s) == ("Unknown command 'xyz'. Try: take, enter, build, buy, sell, repay, feed, pay, end, help.")
    assert "Type a command" in err("   ", s)
    assert "could be enter or end" in err("en", s)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("supply now", "'supply' takes nothing after it"),
        ("end now", "'end' takes nothing after it"),
        ("take", "Say which offer space to take, e.g. 'take fish'"),
        ("take gold", "There is no offer space called 'gold'"),
        ("enter", "Say which building to enter"),
        ("enter nowhere", "There is no building called 'nowhere'. Buildings you can enter now:"),
        ("enter fee=francs", "Name the building first"),
        ("enter bakehouse fish=4", "The Bakehouse takes grain, not fish"),
        ("enter bakehouse 4 5", "Give the number of grain once"),
        ("enter bakehouse lots", "needs only how many grain"),
        ("enter bakehouse 4 pay", "'pay' must be followed by what to pay"),
        ("enter bakehouse 4 pay gold=1", "'gold' is not a good"),
        ("enter bakehouse 4 pay wood=x", "the amount must be a whole number"),
        ("enter marketplace fish fee francs fish=1", "A franc fee is paid in francs only"),
        ("enter marketplace fish with wood=1", "Name the goods once"),
        ("enter business-office gold", "'gold' is not a trade at the Business Office"),
        ("enter court three", "choose one, two or one+francs"),
        ("enter court fish=1", "choose one, two or one+francs"),
        ("enter ironworks more", "you may add 'extra'"),
        ("enter shipping-line 1 ships=2", "Give the number of ships once"),
        ("enter wharf-1 canoe", "There is no ship type called 'canoe'"),
        ("build", "Say what to build"),
        ("build nowhere", "There is no building called 'nowhere'"),
        ("buy", "Say what to buy"),
        ("buy nowhere", "There is no building or ship called 'nowhere'"),
        ("sell", "Say what to sell"),
        ("sell wooden", "You have no wooden ship to sell"),
        ("repay x", "Say how many loans to repay"),
        ("feed gold=1", "'gold' is not a good"),
    ],
)
def test_error_messages(s: GameState, text: str, expected: str) -> None:
    assert expected in err(text, s)


def test_build_shortcut_errors(s: GameState) -> None:
    for seat, b in ((1, "building_firm_1"), (2, "building_firm_2")):
        s.players[seat].worker = b
    s.players[0].worker = "construction_firm"
    assert "No Building Firm, Construction Firm or Sawmill is free" in err("build sawmill", s)
    s.players[0].worker = None
    give(s, 0, wood=0, clay=0)
    assert "The Sawmill needs" in err("build sawmill", s)  # the engine's reason
    assert "First move your ship" in err("build sawmill", game(3))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("enter fishery 3", "The Fishery takes no number; leave out the 3."),
        ("enter fishery fish=2", "The Fishery takes no goods; leave out fish=2."),
        ("enter fishery wood", "There is nothing to name at the Fishery; leave out 'wood'."),
        ("enter joinery 1 pay wood=1", "The Joinery needs no energy; leave out the energy payment (wood=1)."),
        ("enter bakehouse 2 food fish=1", "The Bakehouse asks no food in its action"),
        ("enter bakehouse 6 pay wood=2 charcoal=1", "pay 1 charcoal instead of 2 wood, 1 charcoal"),
        ("enter shipping-line ships=0", "must be 1 or more, not 0"),
        ("enter bakehouse 2 pay wood=0", "'wood=0' is not something to give or take"),
    ],
)
def test_the_engine_refuses_what_a_card_does_not_use(s: GameState, text: str, expected: str) -> None:
    """The command language forwards every choice; the engine says what does not fit."""
    give(s, 0, francs=5, grain=6, wood=2, charcoal=1, fish=1)
    s.players[0].ships = ["S01"]
    action = parse(text, s)
    with pytest.raises(IllegalAction) as info:
        apply(s, action)
    assert expected in str(info.value)


def test_second_build_takes_one_building(s: GameState) -> None:
    s = apply(s, Enter(building="construction_firm", targets=["sawmill"]))
    assert "one building at a time" in err("build fishery joinery", s)


# --- round trip and completion ------------------------------------------------------------------

POSITIONS = [(2, "short", 0), (2, "full", 1), (3, "full", 2), (4, "short", 3), (1, "full", 4)]


def random_positions(players: int, variant: str, seed: int) -> list[GameState]:
    """Every position of one random game (uniform choice among the legal actions)."""
    rng = random.Random(seed)
    st = new_game(Setup(players=players, variant=variant, seed=seed))
    out = [st]
    while st.phase != "over":
        st = apply(st, rng.choice(legal_actions(st)))
        out.append(st)
    return out


@pytest.mark.parametrize(("players", "variant", "seed"), POSITIONS)
def test_round_trip_over_random_games(players: int, variant: str, seed: int) -> None:
    checked = 0
    for st in random_positions(players, variant, seed):
        for a in legal_actions(st):
            text = to_command(a, st)
            assert parse(text, st) == a, text
            assert parse(text.upper(), st) == a, text
            checked += 1
    assert checked > 500


def test_round_trip_covers_many_kinds_of_action() -> None:
    seen: set[str] = set()
    for seed in (2, 3, 4):
        for st in random_positions(3, "full", seed)[::2]:
            for a in legal_actions(st):
                seen.add(a.kind if not isinstance(a, Enter) else f"enter {a.building}")
    assert {"supply", "take", "buy", "sell", "end", "feed", "interest", "buy_ship"} <= seen
    assert sum(k.startswith("enter ") for k in seen) >= 10


def _legal_after_parse(text: str, st: GameState) -> bool:
    return parse(text, st) in legal_actions(st)


@pytest.mark.parametrize(("players", "variant", "seed"), POSITIONS[:3])
def test_completion_offers_only_legal_commands(players: int, variant: str, seed: int) -> None:
    for st in random_positions(players, variant, seed)[::7]:
        every = complete("", st)
        assert every == list(dict.fromkeys(to_command(a, st) for a in legal_actions(st)))
        for prefix in ("e", "enter b", "t", "take f", "b", "s", "se", "end", "feed", "e court", "x"):
            for line in complete(prefix, st):
                assert _legal_after_parse(line, st), (prefix, line)


def test_completion_by_abbreviation(s: GameState) -> None:
    lines = complete("e bake", s)
    assert lines and all(line.startswith("enter bakehouse ") for line in lines)
    assert "enter bakehouse 4" in lines
    assert "take fish" in complete("t f", s)
    assert complete("zzz", s) == []
    s.players[0].loans = 1
    assert complete("e court", s) == ["enter local-court one"]
    assert "help bakehouse" in complete("help bak", s)


# --- help ---------------------------------------------------------------------------------------


def test_help_overview_and_verbs(s: GameState) -> None:
    text = help_text(None, s)
    for verb in ("supply", "take", "enter", "build", "buy", "sell", "repay", "feed", "end", "help"):
        assert f"\n  {verb}" in text
    assert "Now you may: take, enter" in text
    assert "fee=francs" in help_text("enter", s)
    assert "fee=francs" in help_text("payments", s)
    assert "smoked_fish" in help_text("goods", s)
    assert "No help on 'zzz'" in help_text("zzz", s)


def test_help_on_a_card(s: GameState) -> None:
    text = help_text("wharf", s)
    assert "Wharf (Polish: Stocznia; Czech: Loděnice)" in text
    assert "Type: industrial. Value: 14. Price: 14 francs." in text
    assert "Entry fee: 2 food. Build cost: 2 wood, 2 clay, 2 iron." in text
    assert "Symbols: 1 fisherman." in text
    assert "Build one ship" in text
    assert "Command: enter wharf-1 wooden|iron|steel|luxury" in text
    assert "Now: owned by the town." in text
    assert "Command: enter bakehouse N" in help_text("bake", s)
    assert "Wooden ship" in help_text("wooden", s)
    own(s, "church", 0)
    assert "Now: owned by Anna." in help_text("church", s)
    assert "Price: cannot be bought" in help_text("church", s)


def test_to_command_of_each_kind(s: GameState) -> None:
    cases: list[tuple[Action, str]] = [
        (Supply(), "supply"),
        (TakeOffer(space="fish"), "take fish"),
        (Enter(building="bakehouse", amount=4, energy={"wood": 2}), "enter bakehouse 4 pay wood=2"),
        (Enter(building="marketplace", goods={"fish": 1}, fee="francs"), "enter marketplace fish fee=francs"),
        (Enter(building="shipping_line", amount=1, goods={"cattle": 2}), "enter shipping-line ships=1 cattle=2"),
        (Enter(building="wharf_1", targets=["iron"], goods={"steel": 2}), "enter wharf-1 iron with steel=2"),
        (Build(target="joinery"), "build joinery"),
        (BuyShip(ship_type="luxury"), "buy luxury-liner"),
        (RepayLoan(count=2), "repay 2"),
        (Feed(payment={"francs": 3}), "feed francs=3"),
        (EndTurn(), "end"),
    ]  # fmt: skip
    for action, text in cases:
        assert to_command(action, s) == text
        if not isinstance(action, Build):
            assert parse(text, s) == action


def test_town_owner_constant_is_used() -> None:
    st = game(3)
    assert st.owner["building_firm_1"] == TOWN


def test_the_names_skipped_by_their_first_letter_fit_no_word() -> None:
    """A name is only looked at for a word that begins as one of its keys or their words do
    (`_Name.may_fit`, `may_begin`): every word that fits a key some way passes that test."""
    from lehavre_tui.commands.names import _OFFER_NAMES, _building_names, _ship_card_names, _ship_type_names, _tier
    from lehavre_tui.engine.cards import content

    names = _building_names() + _ship_type_names() + _ship_card_names(content().ships) + _OFFER_NAMES
    pool: set[str] = set()
    for n in names:
        pool |= n.forms
        for key in n.keys:
            parts = key.split("-")
            pool |= {key[:i] for i in range(1, len(key) + 1)}
            pool |= {"-".join(parts[i:]) for i in range(len(parts))}
            pool |= {"-".join([p.rstrip("aeiouy") + "ie" for p in parts[:-1]] + [parts[-1][:3]])}
    toks = sorted(pool)
    random.Random(0).shuffle(toks)
    for tok in toks[:400] + ["stolarnie", "trznici", "hute-zelaza", "budowlana-1", "firm", "seine"]:
        for n in names:
            tiers = {_tier(tok, key, n.declines) for key in n.keys}
            assert n.may_fit(tok) or tiers == {None}, (tok, n.value)
            assert n.may_begin(tok) or tiers <= {None, 2}, (tok, n.value)
    assert _tier("firm", "building-firm-1") == 2 and _tier("stolarnie", "stolarnia", True) == 4
