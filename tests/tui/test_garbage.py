"""The oldest garbage is collected between moves, never while the table answers a key."""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator

import pytest

from lehavre_tui.tui.garbage import NEVER, OLDEST_DUE, QUIET, GarbageAtRest

from .conftest import SIZE, new_app


@pytest.fixture(autouse=True)
def collector_as_it_was() -> Iterator[None]:
    """Python's own thresholds for the test (the test run tunes them: tests/conftest.py), and
    the collector as it was after."""
    threshold, enabled = gc.get_threshold(), gc.isenabled()
    gc.set_threshold(700, 10, OLDEST_DUE)
    yield
    gc.set_threshold(*threshold)
    gc.collect()
    gc.freeze()  # what the table set aside, and what the test run had
    if enabled:
        gc.enable()


def middle_collections(n: int) -> None:
    """Make the oldest generation due, as `n` collections of the middle one would."""
    gc.collect()
    for _ in range(n):
        gc.collect(1)


def test_python_never_collects_the_oldest_generation_by_itself_while_the_table_is_open() -> None:
    garbage = GarbageAtRest()
    garbage.start()
    assert gc.get_threshold()[2] == NEVER
    garbage.stop()
    assert gc.get_threshold()[2] == OLDEST_DUE


def test_the_oldest_generation_is_collected_when_due_and_nobody_typed_for_a_while() -> None:
    garbage = GarbageAtRest()
    garbage.last_input = time.monotonic() - QUIET - 0.1
    middle_collections(OLDEST_DUE - 2)
    assert not garbage.collect_if_quiet()  # not due yet
    middle_collections(OLDEST_DUE)
    assert garbage.collect_if_quiet()
    assert gc.get_count()[2] == 0  # a collection of the oldest generation was made


def test_no_collection_while_the_player_is_typing() -> None:
    garbage = GarbageAtRest()
    middle_collections(OLDEST_DUE)
    garbage.touched()
    assert not garbage.collect_if_quiet()
    assert gc.get_count()[2] >= OLDEST_DUE


async def test_the_table_launched_with_the_collector_paused_collects_between_moves() -> None:
    gc.disable()  # as `lehavre` launches the table (lehavre_tui/__main__.py)
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert gc.isenabled()
        assert app.garbage is not None
        assert gc.get_threshold()[2] == NEVER
        before = app.garbage.last_input
        await pilot.press("s")
        assert app.garbage.last_input > before  # a key counts as typing
        app.garbage.last_input = time.monotonic() - QUIET - 0.1
        middle_collections(OLDEST_DUE)
        await pilot.pause(QUIET)
        assert app.garbage.collections >= 1
    assert gc.get_threshold()[2] == OLDEST_DUE  # given back when the table closes


async def test_a_table_opened_with_the_collector_running_leaves_it_alone() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.garbage is None
        assert gc.get_threshold()[2] == OLDEST_DUE
