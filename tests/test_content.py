"""The card data in content/: counts, totals and round tables as the rulebook gives them.

Expected numbers come from the rulebook appendix and the round-card / card-back tables
(docs/rules-notes.md explains every reading). A broken file must fail loudly, naming the
file, the card and the field.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from lehavre_tui.engine.cards import ContentError, content_dir, load_content
from lehavre_tui.engine.goods import Good

PLAYERS = (1, 2, 3, 4, 5)
VARIANTS = ("full", "short")


@pytest.fixture(scope="module")
def content():
    return load_content()


def standard_cards(content):
    return [b for b in content.buildings.values() if b.deck in ("start", "standard")]


def special_cards(content):
    return [b for b in content.buildings.values() if b.deck == "special"]


def rounds_of(content, variant: str, players: int) -> list[tuple[int, str, object]]:
    """(round number, card id, row) for one game mode, in round order."""
    out = []
    for card in content.rounds:
        for row in card.rows:
            if row.players == players:
                number = getattr(row, variant)
                if number is not None:
                    out.append((number, card.id, row))
    return sorted(out, key=lambda t: t[0])


# --- buildings ------------------------------------------------------------------------------


def test_card_counts(content):
    std = standard_cards(content)
    assert len(std) == 33
    assert Counter(b.deck for b in std) == {"start": 3, "standard": 30}
    assert len(special_cards(content)) == 36
    assert len(content.buildings) == 69


def test_card_numbers(content):
    numbers = sorted(b.number for b in content.buildings.values())
    expected = sorted(
        ["B1", "B2", "B3"]
        + [f"{n:02d}" for n in range(1, 31)]
        + [f"SP-{n:02d}" for n in range(1, 37)]
    )
    assert numbers == expected
    by_number = {b.number: b.id for b in content.buildings.values()}
    assert by_number["B1"] == "building_firm_1"
    assert by_number["B2"] == "building_firm_2"
    assert by_number["B3"] == "construction_firm"
    assert by_number["12"] == "wharf_1"
    assert by_number["17"] == "wharf_2"
    assert by_number["30"] == "church"
    assert by_number["SP-07"] == "football_stadium"
    assert by_number["SP-36"] == "iron_mine"


def test_every_card_has_three_names_and_a_text(content):
    for b in content.buildings.values():
        for name in (b.name, b.name_pl, b.name_cs):
            assert name.strip(), b.id
        assert b.text.strip(), b.id
    assert content.buildings["wharf_1"].name == "Wharf"
    assert content.buildings["wharf_2"].name == "Wharf"
    assert content.buildings["bridge"].name == "Bridge over the Seine"
    assert content.buildings["hardware_store"].name_pl == "Sklep narzędziowy"
    assert content.buildings["charcoal_kiln"].name_cs == "Uhlířství"


def test_standard_type_and_symbol_totals(content):
    """Our card entries give 10 craft / 5 economic and 8 fishermen.

    The rulebook appendix states 9 craft / 6 economic / 10 industrial / 4 public / 4 none with
    6 fishermen and 8 hammers; both rulebooks' card entries type the Hardware Store craft and
    print a fisherman on each Wharf, and the card entries win (docs/rules-notes.md).
    """
    std = standard_cards(content)
    assert Counter(b.type for b in std) == {
        "craft": 10,
        "economic": 5,
        "industrial": 10,
        "public": 4,
        "none": 4,
    }
    assert sum(b.fishermen for b in std) == 8
    assert sum(b.hammers for b in std) == 8
    fishermen = sorted(b.id for b in std if b.fishermen)
    assert fishermen == sorted(
        [
            "fishery",
            "smokehouse",
            "hardware_store",
            "arts_centre",
            "wharf_1",
            "wharf_2",
            "shipping_line",
            "business_office",
        ]
    )
    hammers = sorted(b.id for b in std if b.hammers)
    assert hammers == sorted(
        [
            "building_firm_1",
            "building_firm_2",
            "construction_firm",
            "joinery",
            "hardware_store",
            "business_office",
            "ironworks",
            "storehouse",
        ]
    )
    craft = sorted(b.id for b in std if b.type == "craft")
    assert craft == sorted(
        [
            "building_firm_1",
            "building_firm_2",
            "fishery",
            "joinery",
            "bakehouse",
            "hardware_store",
            "charcoal_kiln",
            "smokehouse",
            "abattoir",
            "tannery",
        ]
    )


def test_special_type_and_symbol_totals(content):
    sp = special_cards(content)
    assert Counter(b.type for b in sp) == {
        "craft": 6,
        "economic": 14,
        "industrial": 6,
        "public": 4,
        "none": 5,
        "ship": 1,
    }
    assert sum(b.fishermen for b in sp) == 13
    assert sum(b.hammers for b in sp) == 9
    assert content.buildings["hunting_lodge"].fishermen == 2
    assert content.buildings["leather_industry"].type == "industrial"


def test_decisions_on_disputed_cards(content):
    b = content.buildings
    assert b["wharf_1"].value == b["wharf_1"].price == 14
    assert b["wharf_2"].value == b["wharf_2"].price == 14
    assert b["colliery"].cost == {Good.WOOD: 1, Good.CLAY: 3}
    assert b["town_hall"].fishermen == 0
    assert b["steel_mill"].type == "industrial"
    assert b["hardware_store"].type == "craft"
    assert b["ironworks"].cost == {Good.WOOD: 1, Good.BRICK: 2}
    assert b["arts_centre"].cost == {Good.WOOD: 1, Good.CLAY: 1}
    assert b["farm"].action.goods[Good.HIDES] == 1
    assert [(f.food, f.francs) for f in b["steelworks"].fees] == [(2, 0), (0, 1)]
    assert b["building_firm_1"].fees == [] and b["building_firm_1"].value == 4
    assert [f.food for f in b["building_firm_2"].fees] == [1] and b["building_firm_2"].value == 6


def test_buy_and_build_rules(content):
    cannot_buy = sorted(b.id for b in content.buildings.values() if b.price is None)
    assert cannot_buy == ["church", "football_stadium"]
    cannot_build = sorted(b.id for b in standard_cards(content) if b.cost is None)
    assert cannot_build == sorted(
        ["building_firm_1", "building_firm_2", "construction_firm", "clay_mound", "black_market"]
    )
    buildable_specials = [b.id for b in special_cards(content) if b.cost is not None]
    assert buildable_specials == ["football_stadium"]
    # price differs from value only where the card prints a price
    different = {
        b.id: b.price for b in content.buildings.values() if b.price not in (None, b.value)
    }
    assert different == {
        "storehouse": 10,
        "dock": 24,
        "town_hall": 30,
        "bank": 40,
        "guildhouse": 8,
        "business_park": 12,
        "feedlot": 8,
        "wind_farm": 12,
        "masons_guild": 10,
    }


def test_no_action_cards_have_no_fee(content):
    for b in content.buildings.values():
        if not b.can_enter:
            assert b.fees == [], b.id
    locked = sorted(b.id for b in content.buildings.values() if not b.can_enter)
    assert locked == sorted(
        [
            "storehouse",
            "dock",
            "town_hall",
            "bank",
            "guildhouse",
            "football_stadium",
            "luxury_yacht",
            "business_park",
            "feedlot",
            "wind_farm",
            "masons_guild",
        ]
    )


def test_usage_lists_only_on_standard_deck(content):
    for b in content.buildings.values():
        if b.deck == "standard":
            assert b.usage_full is not None and len(b.usage_full) == 5
            assert b.usage_short is not None and len(b.usage_short) == 5
            assert "start" not in b.usage_full, b.id
        else:
            assert b.usage_full is None and b.usage_short is None, b.id


@pytest.mark.parametrize(
    ("variant", "sizes"),
    [("full", (15, 18, 27, 30, 30)), ("short", (12, 15, 21, 21, 27))],
)
def test_stack_sizes(content, variant, sizes):
    for players, size in zip(PLAYERS, sizes, strict=True):
        n = sum(
            1
            for b in content.buildings.values()
            if b.deck == "standard" and getattr(b, f"usage_{variant}")[players - 1] == "stack"
        )
        assert n == size, (variant, players)
        assert n % 3 == 0  # three stacks of equal size


def test_short_game_start_buildings(content):
    expected = {
        1: {"marketplace", "sawmill", "black_market"},
        2: {"marketplace"},
        3: set(),
        4: {"sawmill"},
        5: {"sawmill"},
    }
    for players, ids in expected.items():
        got = {
            b.id
            for b in content.buildings.values()
            if b.deck == "standard" and b.usage_short[players - 1] == "start"
        }
        assert got == ids, players


def test_one_wharf_with_one_or_two_players(content):
    for variant in VARIANTS:
        for players in PLAYERS:
            wharves = sum(
                1
                for b in content.buildings.values()
                if b.action.kind == "wharf" and getattr(b, f"usage_{variant}")[players - 1] != "out"
            )
            assert wharves == (1 if players <= 2 else 2), (variant, players)


# --- ships ----------------------------------------------------------------------------------


def test_ships(content):
    ships = content.ships
    assert sorted(ships) == [f"S{n:02d}" for n in range(1, 21)]
    by_type: dict[str, list[int]] = {}
    for sid in sorted(ships):
        by_type.setdefault(ships[sid].type, []).append(ships[sid].value)
    assert by_type == {
        "wooden": [2, 2, 2, 4, 4, 6, 6],
        "iron": [2, 4, 6, 8, 10, 12],
        "steel": [10, 16, 20, 24],
        "luxury": [38, 34, 30],
    }
    assert ships["S18"].value == 38 and ships["S20"].value == 30


def test_ship_kinds(content):
    k = content.ship_kinds
    assert sorted(k) == ["iron", "luxury", "steel", "wooden"]
    assert (k["wooden"].price, k["iron"].price, k["steel"].price) == (14, 20, 30)
    assert k["luxury"].price is None
    assert k["wooden"].food == [5, 4, 3, 2, 1]
    assert k["iron"].food == [7, 5, 4, 3, 2]
    assert k["steel"].food == [10, 7, 6, 5, 3]
    assert k["luxury"].food == [0, 0, 0, 0, 0]
    assert [k[t].capacity for t in ("wooden", "iron", "steel", "luxury")] == [2, 3, 4, 0]
    assert k["wooden"].cost == {Good.WOOD: 5}
    assert k["iron"].cost == {Good.IRON: 4}
    assert k["steel"].cost == {Good.STEEL: 2}
    assert k["luxury"].cost == {Good.STEEL: 3}


# --- round cards ----------------------------------------------------------------------------


def test_twenty_round_cards(content):
    assert [r.id for r in content.rounds] == [f"R{n:02d}" for n in range(1, 21)]
    assert [r.ship for r in content.rounds] == [f"S{n:02d}" for n in range(1, 21)]
    no_harvest = [r.id for r in content.rounds if not r.harvest]
    assert no_harvest == ["R03", "R06", "R09", "R12", "R15", "R18", "R20"]
    for r in content.rounds:
        players = [row.players for row in r.rows]
        assert players == sorted(set(players)), r.id
        for row in r.rows:
            assert row.full is not None or row.short is not None, (r.id, row.players)


ROUNDS = {"full": (7, 14, 18, 20, 20), "short": (4, 8, 12, 12, 15)}
FOOD = {"full": (140, 177, 153, 115, 60), "short": (95, 103, 90, 67, 45)}


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_round_numbers_and_food(content, variant, players):
    seq = rounds_of(content, variant, players)
    count = ROUNDS[variant][players - 1]
    assert [n for n, _, _ in seq] == list(range(1, count + 1))
    assert sum(row.food for _, _, row in seq) == FOOD[variant][players - 1]
    # 7 turns per round are shared out evenly over the whole game
    assert (7 * count) % players == 0


# The card order of every game mode, as on the game overview cards.
SEQUENCES = {
    ("full", 1): [1, 4, 10, 13, 14, 16, 20],
    ("full", 2): [1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19, 20],
    ("full", 3): [3, 1, 2, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20],
    ("full", 4): list(range(1, 21)),
    ("full", 5): list(range(1, 21)),
    ("short", 1): [4, 13, 16, 20],
    ("short", 2): [2, 5, 7, 10, 11, 14, 16, 20],
    ("short", 3): [3, 1, 2, 5, 6, 7, 10, 11, 12, 14, 18, 20],
    ("short", 4): [1, 2, 4, 6, 7, 9, 10, 13, 15, 16, 19, 20],
    ("short", 5): [1, 2, 3, 4, 6, 7, 9, 10, 12, 13, 15, 16, 18, 19, 20],
}

# Rounds after which the town takes a standard / special building.
TOWN = {
    ("full", 1): ([2, 4, 6], [1, 3, 5]),
    ("full", 2): ([2, 5, 8, 11], [3, 6, 9, 12]),
    ("full", 3): ([3, 7, 11, 14], [4, 8, 12, 15]),
    ("full", 4): ([4, 7, 10, 13, 16], [5, 8, 11, 14, 17]),
    ("full", 5): ([4, 7, 10, 13, 16], [5, 8, 11, 14, 17]),
    ("short", 1): ([1, 2, 3], []),
    ("short", 2): ([1, 3, 5, 7], []),
    ("short", 3): ([3, 6, 9], []),
    ("short", 4): ([3, 5, 7, 8, 10], []),
    ("short", 5): ([4, 6, 8, 10, 12], []),
}


@pytest.mark.parametrize(("variant", "players"), sorted(SEQUENCES))
def test_round_sequences(content, variant, players):
    seq = rounds_of(content, variant, players)
    assert [cid for _, cid, _ in seq] == [f"R{n:02d}" for n in SEQUENCES[(variant, players)]]
    standard = [n for n, _, row in seq if row.town == "standard"]
    special = [n for n, _, row in seq if row.town == "special"]
    assert (standard, special) == TOWN[(variant, players)]
    # special deck: 6 dealt, at most 5 revealed; the last round builds nothing
    assert len(special) <= 5
    assert seq[-1][2].town is None
    assert seq[-1][1] == "R20"


def test_solo_food_demand(content):
    assert [row.food for _, _, row in rounds_of(content, "full", 1)] == [5, 10, 15, 20, 25, 30, 35]
    assert [row.food for _, _, row in rounds_of(content, "short", 1)] == [10, 20, 30, 35]


# --- supply chits and set-up ----------------------------------------------------------------


def test_supply_chits(content):
    chits = content.chits
    assert sorted(c.id for c in chits) == list(range(1, 8))
    interest = [c for c in chits if c.interest]
    assert len(interest) == 1
    assert {interest[0].first, interest[0].second} == {"wood", "fish"}
    totals = Counter()
    for c in chits:
        totals[c.first] += 1
        totals[c.second] += 1
    assert totals == {
        "wood": 4,
        "fish": 3,
        "francs": 2,
        "clay": 2,
        "iron": 1,
        "grain": 1,
        "cattle": 1,
    }


def test_setups(content):
    keys = {"francs", "fish", "wood", "clay", "iron", "grain", "cattle"}
    full, short = content.setups["full"], content.setups["short"]
    assert set(content.setups) == {"full", "short"}
    assert set(full.offers) == set(short.offers) == keys
    assert full.offers == {
        "francs": 2,
        "fish": 2,
        "wood": 2,
        "clay": 1,
        "iron": 0,
        "grain": 0,
        "cattle": 0,
    }
    assert short.offers == {
        "francs": 3,
        "fish": 3,
        "wood": 3,
        "clay": 2,
        "iron": 1,
        "grain": 1,
        "cattle": 1,
    }
    assert full.player_francs == short.player_francs == 5
    assert full.player_goods == {Good.COAL: 1}
    assert short.player_goods == {
        Good.FISH: 2,
        Good.WOOD: 2,
        Good.CLAY: 2,
        Good.IRON: 2,
        Good.CATTLE: 1,
        Good.COAL: 2,
        Good.HIDES: 2,
    }


# --- broken files fail loudly ---------------------------------------------------------------


def _copy_content(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(content_dir(), target)
    return target


def _corrupt_card(path: Path, card_id: str, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    parts = text.split("[[building]]")
    for i, part in enumerate(parts):
        if f'id = "{card_id}"\n' in part:
            assert old in part, (card_id, old)
            parts[i] = part.replace(old, new, 1)
            break
    else:
        raise AssertionError(f"card {card_id} not found")
    path.write_text("[[building]]".join(parts), encoding="utf-8")


def test_content_dir_is_the_project_folder():
    assert (content_dir() / "buildings_standard.toml").is_file()


def test_copied_content_loads(tmp_path):
    d = _copy_content(tmp_path)
    assert len(load_content(d).buildings) == 69


def test_bad_value_names_file_card_and_field(tmp_path):
    d = _copy_content(tmp_path)
    _corrupt_card(d / "buildings_standard.toml", "bakehouse", "value = 8", 'value = "x"')
    with pytest.raises(ContentError) as err:
        load_content(d)
    msg = str(err.value)
    assert "buildings_standard.toml" in msg
    assert "bakehouse" in msg
    assert "value" in msg


def test_unknown_good_in_cost_names_file_card_and_field(tmp_path):
    d = _copy_content(tmp_path)
    _corrupt_card(
        d / "buildings_special.toml",
        "football_stadium",
        "cost = { wood = 1,",
        "cost = { gold = 1,",
    )
    with pytest.raises(ContentError) as err:
        load_content(d)
    msg = str(err.value)
    assert "buildings_special.toml" in msg
    assert "football_stadium" in msg
    assert "cost" in msg
    assert "gold" in msg


def test_unknown_good_in_action_fails(tmp_path):
    d = _copy_content(tmp_path)
    _corrupt_card(d / "buildings_standard.toml", "cokery", 'input = "coal"', 'input = "kohle"')
    with pytest.raises(ContentError) as err:
        load_content(d)
    msg = str(err.value)
    assert "buildings_standard.toml" in msg and "cokery" in msg and "action" in msg


def test_missing_file_fails(tmp_path):
    d = _copy_content(tmp_path)
    (d / "ships.toml").unlink()
    with pytest.raises(ContentError) as err:
        load_content(d)
    assert "ships.toml" in str(err.value)


def test_unknown_ship_on_round_card_fails(tmp_path):
    d = _copy_content(tmp_path)
    path = d / "rounds.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace('ship = "S07"', 'ship = "S99"'), encoding="utf-8"
    )
    with pytest.raises(ContentError) as err:
        load_content(d)
    msg = str(err.value)
    assert "rounds.toml" in msg and "R07" in msg and "ship" in msg


def test_the_package_carries_its_card_data() -> None:
    """An installed (not editable) package finds the cards inside itself: the link
    lehavre_tui/content leads to content/, and the package data takes the TOML files along."""
    import tomllib

    import lehavre_tui

    inside = Path(lehavre_tui.__file__).parent / "content"
    assert inside.is_dir()
    names = {p.name for p in inside.glob("*.toml")}
    assert names == {p.name for p in (Path(lehavre_tui.__file__).parents[1] / "content").glob("*.toml")}
    assert {"buildings_standard.toml", "buildings_special.toml", "rounds.toml", "ships.toml"} <= names
    project = tomllib.loads((Path(lehavre_tui.__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    assert "content/*.toml" in project["tool"]["setuptools"]["package-data"]["lehavre_tui"]
