"""The rulebook's worked example: a 3-player full game, round 1, turn by turn.

Players Red (start), Green, Blue (the tutorial calls them Peter, Tom and Martin). The chits
come up in the order of the example: iron+franc, wood+fish, fish+grain, wood+cattle,
wood+franc, fish+clay, wood+clay. The set-up is the tutorial's (`lehavre_tui.tutorial`), and
`worked_round` hands back the moves it made, so the tutorial can be checked against them.
"""

from __future__ import annotations

from lehavre_tui.engine.actions import (
    Action,
    BuyBuilding,
    EndTurn,
    Enter,
    Feed,
    Reorder,
    Supply,
    TakeOffer,
)
from lehavre_tui.engine.goods import Good
from lehavre_tui.engine.rules import apply, legal_actions
from lehavre_tui.engine.setup import new_game
from lehavre_tui.engine.state import GameState
from lehavre_tui.tutorial import SETUP

from .conftest import STACKS_3P
from .helpers_rules import said

RED, GREEN, BLUE = 0, 1, 2
EXAMPLE_CHITS = [7, 5, 6, 1, 3, 4, 2]  # ids: iron+franc, wood+fish, fish+grain, wood+cattle, ...


def offers(s: GameState) -> dict[str, int]:
    names = ("francs", "fish", "wood", "clay", "iron", "grain", "cattle")
    return {k: v for k, v in zip(names, s.offers, strict=True) if v}


def goods(s: GameState, seat: int) -> dict[str, int]:
    return {Good(i).key: n for i, n in enumerate(s.players[seat].goods) if n}


def test_the_set_up_is_the_examples() -> None:
    assert SETUP.players == 3 and SETUP.variant == "full"
    assert SETUP.chit_order == EXAMPLE_CHITS
    assert SETUP.stacks == STACKS_3P


def test_worked_first_round() -> None:
    worked_round()


def worked_round() -> list[Action]:
    """Play the example, checking the table after each turn; returns the moves made."""
    moves: list[Action] = []

    def step(s: GameState, *actions: Action) -> GameState:
        for a in actions:
            s = apply(s, a)
            moves.append(a)
        return s

    s = new_game(SETUP)
    assert offers(s) == {"francs": 2, "fish": 2, "wood": 2, "clay": 1}
    assert all(p.francs == 5 and goods(s, i) == {"coal": 1} for i, p in enumerate(s.players))
    assert s.revealed == [False] * 7

    # 1. Red: iron + franc; takes the 3 francs.
    s = step(s, Supply())
    assert offers(s) == {"francs": 3, "fish": 2, "wood": 2, "clay": 1, "iron": 1}
    s = step(s, TakeOffer(space="francs"))
    assert s.players[RED].francs == 8
    assert BuyBuilding(building="marketplace") in legal_actions(s)  # he could buy it, but does not
    s = step(s, EndTurn())

    # 2. Green: wood + fish; takes the 3 wood.
    s = step(s, Supply())
    assert offers(s) == {"fish": 3, "wood": 3, "clay": 1, "iron": 1}
    s = step(s, TakeOffer(space="wood"), EndTurn())
    assert goods(s, GREEN) == {"coal": 1, "wood": 3}

    # 3. Blue: fish + grain; takes the 4 fish.
    s = step(s, Supply())
    assert offers(s)["fish"] == 4 and offers(s)["grain"] == 1
    s = step(s, TakeOffer(space="fish"), EndTurn())
    assert goods(s, BLUE) == {"coal": 1, "fish": 4}

    # 4. Red: wood + cattle; buys the Marketplace and uses it: 1 coal + 1 grain, then peeks.
    s = step(s, Supply())
    assert offers(s) == {"wood": 1, "clay": 1, "iron": 1, "grain": 1, "cattle": 1}
    s = step(s, BuyBuilding(building="marketplace"))
    assert s.players[RED].francs == 2 and s.owner["marketplace"] == RED
    s = step(s, Enter(building="marketplace", goods={"coal": 1, "grain": 1}))
    assert s.players[RED].francs == 2  # own building: no fee
    assert goods(s, RED) == {"coal": 2, "grain": 1}
    deck = list(s.special_deck)
    s = step(s, Reorder(swap=True), EndTurn())
    assert s.special_deck[:2] == [deck[1], deck[0]]

    # 5. Green: wood + franc; free Building Firm, 3 wood, builds the Joinery.
    s = step(s, Supply())
    assert offers(s) == {"francs": 1, "wood": 2, "clay": 1, "iron": 1, "grain": 1, "cattle": 1}
    s = step(s, Enter(building="building_firm_1", targets=["joinery"]), EndTurn())
    assert s.owner["joinery"] == GREEN and goods(s, GREEN) == {"coal": 1}
    assert s.players[GREEN].francs == 5

    # 6. Blue: fish + clay; takes the 2 wood.
    s = step(s, Supply())
    assert offers(s) == {"francs": 1, "fish": 1, "wood": 2, "clay": 2, "iron": 1, "grain": 1, "cattle": 1}
    s = step(s, TakeOffer(space="wood"), EndTurn())

    # 7. Red: wood + clay, the seventh turn; takes the 3 clay.
    s = step(s, Supply())
    assert offers(s) == {"francs": 1, "fish": 1, "wood": 1, "clay": 3, "iron": 1, "grain": 1, "cattle": 1}
    s = step(s, TakeOffer(space="clay"), EndTurn())

    # End of round 1: 2 food each, no harvest. Red and Green have no food: they pay francs.
    # Blue has a choice (fish or francs) and pays 2 fish.
    assert s.phase == "feeding" and s.current == BLUE
    assert "No harvest this round." in said(s)
    s = step(s, Feed())
    assert s.phase == "turn" and s.round == 2

    assert s.players[RED].francs == 0
    assert goods(s, RED) == {"coal": 2, "grain": 1, "clay": 3}  # no harvest: the grain stays 1
    assert s.players[RED].worker == "marketplace" and s.players[RED].ship_marker == 6
    assert s.players[GREEN].francs == 3 and goods(s, GREEN) == {"coal": 1}
    assert s.players[GREEN].worker == "building_firm_1" and s.players[GREEN].ship_marker == 4
    assert s.players[BLUE].francs == 5 and goods(s, BLUE) == {"coal": 1, "fish": 2, "wood": 2}
    assert s.players[BLUE].worker is None and s.players[BLUE].ship_marker == 5
    assert offers(s) == {"francs": 1, "fish": 1, "wood": 1, "iron": 1, "grain": 1, "cattle": 1}
    assert s.ship_stacks["wooden"] == ["S03"]  # the first wooden ship enters play
    assert s.revealed == [True] * 7

    # 8. Round 2 begins with Green (left of Red, who took the last turn), on chit 1 again.
    assert s.current == GREEN
    s2 = apply(s, Supply())  # the example goes one move into round 2; the tutorial stops before
    assert s2.players[GREEN].ship_marker == 0
    assert offers(s2)["francs"] == 2 and offers(s2)["iron"] == 2
    return moves
