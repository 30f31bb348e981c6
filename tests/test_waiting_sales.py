"""A waiting player sells between the moves of the player to act (a hosted table, where every
player has a keyboard): Czech rulebook l. 273, Polish l. 529-531."""

from __future__ import annotations

import pytest

from lehavre_tui.engine.actions import (
    BuyBuilding,
    Enter,
    PayInterest,
    Reorder,
    SellBuilding,
    SellShip,
    Supply,
    TakeOffer,
)
from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.rules import apply, mover
from lehavre_tui.engine.setup import Setup
from lehavre_tui.engine.state import TOWN
from lehavre_tui.session import Session

from .conftest import game, give, own, ready
from .test_interest import interest_first, short_of_francs


def test_a_waiting_player_sells_between_the_moves_of_the_player_to_act():
    s = ready(game(3))
    own(s, "fishery", 1)
    francs = s.players[1].francs
    s = apply(s, SellBuilding(building="fishery", seat=1))
    assert s.owner["fishery"] == TOWN
    assert s.players[1].francs == francs + 5  # half the Fishery's value 10
    assert s.current == 0 and s.supplied and not s.main_done  # Anna's turn is untouched
    assert [str(e) for e in s.events] == ["Ben sells the Fishery to the town for 5 francs."]
    # a sale in another player's turn bars nobody: Anna may buy it at once
    assert s.turn_sold == []
    give(s, 0, francs=20)
    assert apply(s, BuyBuilding(building="fishery")).owner["fishery"] == 0


def test_a_waiting_player_sells_a_ship_the_cheapest_of_a_type():
    s = game(2, "short")
    s.players[1].ships = ["S04", "S01"]
    francs = s.players[1].francs
    after = apply(s, SellShip(ship="wooden", seat=1))
    assert after.players[1].ships == ["S04"]
    assert after.players[1].francs == francs + 1  # Appoline, value 2
    assert after.ship_stacks["wooden"][-1] == "S01"
    assert after.current == 0


def test_a_waiting_player_sells_only_what_is_theirs():
    s = ready(game(3))
    own(s, "fishery", 0)
    with pytest.raises(IllegalAction, match="You do not own the Fishery"):
        apply(s, SellBuilding(building="fishery", seat=1))
    with pytest.raises(IllegalAction, match="no ship 'wooden'"):
        apply(s, SellShip(ship="wooden", seat=2))
    with pytest.raises(IllegalAction, match="There is no seat 4"):
        apply(s, SellBuilding(building="fishery", seat=3))


def test_nobody_sells_during_another_players_action():
    # the Marketplace's look at the two top special buildings is still open
    s = ready(game(3))
    own(s, "marketplace", 0)
    own(s, "fishery", 1)
    s = apply(s, Enter(building="marketplace", goods={"fish": 1, "wood": 1}))
    assert s.pending is not None
    with pytest.raises(IllegalAction, match="Anna is still carrying out the action of the Marketplace"):
        apply(s, SellBuilding(building="fishery", seat=1))
    s = apply(s, Reorder(swap=False))
    assert apply(s, SellBuilding(building="fishery", seat=1)).owner["fishery"] == TOWN


def test_the_seller_whose_turn_it_is_may_not_buy_it_back():
    # Anna's supply reaches the Interest chit and Ben must decide; meanwhile Anna, whose turn
    # it is, sells the Fishery: she may not buy it back in this turn
    s = short_of_francs(interest_first(), 1)
    own(s, "clay_mound", 1)
    own(s, "fishery", 0)
    s = apply(s, Supply())
    assert s.phase == "interest" and s.current == 1
    s = apply(s, SellBuilding(building="fishery", seat=0))
    assert s.turn_sold == ["fishery"]
    s = apply(apply(s, PayInterest()), TakeOffer(space="wood"))
    give(s, 0, francs=20)
    with pytest.raises(IllegalAction, match="You sold the Fishery this turn"):
        apply(s, BuyBuilding(building="fishery"))


def test_no_sales_once_the_game_is_over():
    s = game(2, "short")
    s.phase = "over"
    own(s, "fishery", 1)
    with pytest.raises(IllegalAction, match="The game is over"):
        apply(s, SellBuilding(building="fishery", seat=1))


def test_the_mover_of_a_waiting_sale_is_its_seller():
    s = game(3)
    assert mover(s, SellBuilding(building="fishery", seat=2)) == 2
    assert mover(s, SellBuilding(building="fishery")) == 0
    assert mover(s, Supply()) == 0


# --- through the session: a command typed by a waiting seat -------------------------------------


def _session() -> Session:
    return Session.new(Setup(players=3, seed=7))


def test_a_waiting_seat_types_a_sale_and_nothing_else():
    s = _session()
    own(s.state, "fishery", 1)
    s.command("supply")
    s.command_from(1, "sell fishery")
    assert s.state.owner["fishery"] == TOWN
    assert s.movers[-1] == 1 and s.actions[-1] == SellBuilding(building="fishery", seat=1)
    assert s.log[-1].seat == 1 and s.log[-1].text.startswith("Ben sells the Fishery")
    moves = len(s.actions)
    for line in ("take fish", "end", "repay", "feed", "buy fishery"):
        with pytest.raises(IllegalAction, match="Anna is to act now; while you wait you may only sell"):
            s.command_from(2, line)
    assert len(s.actions) == moves


def test_a_waiting_seats_sale_is_read_from_its_own_side():
    s = _session()
    s.state.players[0].ships = ["S04"]
    s.state.players[2].ships = ["S01", "S02"]
    s.command_from(2, "sell wooden")  # Clara's cheapest wooden ship, not Anna's
    assert s.state.players[2].ships == ["S02"] and s.state.players[0].ships == ["S04"]
    with pytest.raises(Exception, match="Say what to sell"):
        s.command_from(2, "sell")


def test_the_player_to_act_cannot_take_back_across_a_waiting_sale():
    s = _session()
    own(s.state, "fishery", 1)
    s.command("supply")
    s.command("take fish")
    assert s.can_undo()
    s.command_from(1, "sell fishery")
    assert not s.can_undo()  # Anna's take is before Ben's sale: it stays


def test_a_waiting_sale_survives_the_save_and_its_replay():
    s = _session()
    for line in ("supply", "take wood", "end", "buy building-firm-1", "supply", "take clay", "end", "supply"):
        s.command(line)
    s.command_from(1, "sell building-firm-1")  # Ben sells in Clara's turn
    text = s.to_text()
    assert '"seat":1' in text
    loaded = Session.from_text(text)
    assert loaded.state.model_dump(exclude={"events"}) == s.state.model_dump(exclude={"events"})
    assert loaded.movers == s.movers and loaded.movers[-1] == 1
    assert [ln.text for ln in loaded.log] == [ln.text for ln in s.log]
