"""Helpers to lay out positions for rule tests."""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import tempfile

import pytest

# The parsed card data is cached in a folder of this test run, never in the user's cache
# (games started by the tests in other processes inherit it).
os.environ["LEHAVRE_CACHE"] = _CACHE = tempfile.mkdtemp(prefix="lehavre-test-cache-")
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)

from lehavre_tui.engine.actions import Action  # noqa: E402
from lehavre_tui.engine.goods import parse_good  # noqa: E402
from lehavre_tui.engine.rules import apply  # noqa: E402
from lehavre_tui.engine.setup import Setup, new_game  # noqa: E402
from lehavre_tui.engine.state import TOWN, GameState  # noqa: E402
from lehavre_tui.tutorial.lesson import STACKS  # noqa: E402


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: a worker more than the machine has cores. Some tests spend seconds waiting on
    sockets, other processes and the clock (the SSH and browser doors, real terminals); the
    extra worker keeps the cores busy meanwhile."""
    return (os.cpu_count() or 1) + 1


# The cycle collector, tuned for a test process: Textual builds and drops thousands of objects a
# table, and with Python's default thresholds the collector ran 3,500 times in 23 table tests
# and took a fifth of their time, mostly sweeping the modules and objects that live as long as
# the process. It now runs after 100,000 new objects instead of 700, and what exists once the
# tests are collected is left out of its sweeps (`gc.freeze`). Garbage is still collected.
gc.set_threshold(100_000, 50, 1_000)


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    gc.freeze()


# A fixed, complete table for 3 players (the tutorial's deal): used when a test does not care about the deal.
STACKS_3P = STACKS


def game(players: int = 3, variant: str = "full", **kw: object) -> GameState:
    """A new game; by default with the fixed stacks above (3 players) and chits in id order."""
    setup_kw: dict[str, object] = {"players": players, "variant": variant, "seed": 7}
    if players == 3 and variant == "full":
        setup_kw.setdefault("stacks", [list(s) for s in STACKS_3P])
    setup_kw["chit_order"] = [1, 2, 3, 4, 5, 6, 7]
    setup_kw.update(kw)
    return new_game(Setup.model_validate(setup_kw))


def give(s: GameState, seat: int, francs: int | None = None, **goods: int) -> GameState:
    """Set a player's francs and goods directly (goods by key, e.g. wood=3)."""
    p = s.players[seat]
    if francs is not None:
        p.francs = francs
    for key, n in goods.items():
        p.goods[parse_good(key)] = n
    return s


def own(s: GameState, building: str, seat: int = TOWN) -> GameState:
    """Put a building in play for `seat` (or the town), taking it out of the stacks."""
    for st in s.proposals:
        if building in st:
            st.remove(building)
    if building in s.special_deck:
        s.special_deck.remove(building)
    s.owner[building] = seat
    return s


def ready(s: GameState) -> GameState:
    """Skip the supply action of the current turn (offers untouched) so a main action can follow."""
    s.supplied = True
    return s


def play(s: GameState, *actions: Action) -> GameState:
    for a in actions:
        s = apply(s, a)
    return s


@pytest.fixture
def g3() -> GameState:
    return game(3)
