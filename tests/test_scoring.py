"""Scoring on hand-built end states: card values, bonuses, cash, loans, ties."""

from __future__ import annotations

from lehavre_tui.engine.scoring import final_scores, score, winners

from .conftest import game, give, own


def test_wealth_adds_values_bonuses_cash_and_subtracts_seven_per_loan() -> None:
    s = game(3)
    # Anna: Bank (16; +3 per industrial, +2 per economic incl. itself), Colliery (industrial 10),
    # Shipping Line (economic 10), a wooden ship of value 4, 12 francs, 2 loans.
    for b in ("bank", "colliery", "shipping_line"):
        own(s, b, 0)
    s.players[0].ships = ["S04"]
    give(s, 0, francs=12, wood=9)  # goods are worth nothing without a Storehouse
    s.players[0].loans = 2
    sc = score(s, 0)
    assert sc.buildings == 16 + 10 + 10
    assert sc.ships == 4
    assert sc.bonuses == {"Bank": 3 * 1 + 2 * 2}
    assert sc.francs == 12
    assert sc.loans == -14
    assert sc.total == 36 + 4 + 7 + 12 - 14


def test_town_hall_counts_public_and_craft_buildings() -> None:
    s = game(3)
    for b in ("town_hall", "local_court", "church", "fishery", "bakehouse", "sawmill"):
        own(s, b, 1)
    give(s, 1, francs=0)
    sc = score(s, 1)
    # public: Town Hall, Local Court, Church (3 x 4); craft: Fishery, Bakehouse (2 x 2)
    assert sc.bonuses == {"Town Hall": 12 + 4}
    assert sc.buildings == 6 + 16 + 26 + 10 + 8 + 14


def test_storehouse_half_a_franc_per_good_rounded_down_and_dock_four_per_ship() -> None:
    s = game(4)
    own(s, "storehouse", 0)
    own(s, "dock", 0)
    give(s, 0, francs=0, fish=3, bread=2, coke=2, coal=0)  # 7 goods -> 3 francs
    s.players[0].ships = ["S01", "S06", "S12"]
    sc = score(s, 0)
    assert sc.bonuses == {"Storehouse": 3, "Dock": 12}
    assert sc.ships == 2 + 2 + 10


def test_a_tie_makes_every_tied_player_a_winner() -> None:
    s = game(3)
    give(s, 0, francs=20)
    give(s, 1, francs=20)
    give(s, 2, francs=19)
    assert winners(s) == [0, 1]
    assert [sc.total for sc in final_scores(s)] == [20, 20, 19]
