"""Pictures of the table's screens (seeded games, no clocks, no blinking cursor).

Accept new pictures with `pytest tests/tui/test_snapshots.py --snapshot-update`, then look
at them (tests/tui/__snapshots__/) before committing.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, TabbedContent

from lehavre_tui.commands import to_command
from lehavre_tui.engine.rules import legal_actions
from lehavre_tui.session import Session
from lehavre_tui.tui.app import LeHavreApp

from .conftest import SIZE, new_app, new_session, settle, type_command
from .test_pilot import ROUND_1, ROUND_2
from .test_sizes import PLAYERS, SIZES, played

Snap = Callable[..., bool]
Before = Callable[[Pilot[None]], Coroutine[Any, Any, None]]

# Round 1 and a little of round 2 of the seeded short game: buildings, workers, revealed chits.
OPENING = [*ROUND_1, "supply", "take fish", "end", "supply"]


def still(app: LeHavreApp) -> None:
    """No blinking cursors in pictures."""
    for screen in app.screen_stack:
        for box in screen.query(Input):
            box.cursor_blink = False


def replayed(commands: list[str], session: Session | None = None) -> Session:
    """The commands played straight through the session (faster than typed at the table)."""
    s = session or new_session()
    for c in commands:
        s.command(c)
    return s


def play(app: LeHavreApp, commands: list[str]) -> Before:
    async def run_before(pilot: Pilot[None]) -> None:
        for c in commands:
            await type_command(app, pilot, c)
        still(app)
        await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", [SIZE, (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_setup_screen(snap_compare: Snap, size: tuple[int, int]) -> None:
    app = LeHavreApp()

    async def run_before(pilot: Pilot[None]) -> None:
        still(app)
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", PLAYERS)
def test_table(snap_compare: Snap, size: tuple[int, int], players: int) -> None:
    """The table in round 3 at the smallest, the compact and the full size, 1 to 5 players."""
    app = LeHavreApp(played(players, "mid-game", long_names=False), bot_pace=0)

    async def run_before(pilot: Pilot[None]) -> None:
        await settle(pilot)
        table = app.table
        assert table is not None
        table.focus_command()  # the bar has the keyboard, its cursor shown and still
        still(app)
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_card_detail(snap_compare: Snap) -> None:
    app = LeHavreApp(replayed(OPENING[:-1]))
    assert snap_compare(app, terminal_size=SIZE, run_before=play(app, [OPENING[-1], "show bakehouse"]))


def test_handoff(snap_compare: Snap) -> None:
    app = LeHavreApp(replayed(ROUND_1[:-1]))

    async def run_before(pilot: Pilot[None]) -> None:
        await type_command(app, pilot, ROUND_1[-1], dismiss=False)  # the round ends: Ben starts
        still(app)
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("size", [SIZE, (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_end_of_round_feeding(snap_compare: Snap, size: tuple[int, int]) -> None:
    # the moves before the last played through the session, the last one typed at the table
    app = LeHavreApp(replayed((ROUND_1 + ROUND_2)[:-1]))
    assert snap_compare(app, terminal_size=size, run_before=play(app, ROUND_2[-1:]))


def one_move_from_the_end() -> tuple[Session, str]:
    """The seeded short game, each seat playing its first legal move, up to its last move: the
    session, and that move as typed. (The whole game through the command bar is
    test_pilot.py's test_a_whole_game_reaches_the_scores.)"""
    s = new_session()
    typed = []
    while s.state.phase != "over":
        typed.append(to_command(legal_actions(s.state)[0], s.state))
        s.command(typed[-1])
    again = new_session()
    for command in typed[:-1]:
        again.command(command)
    return again, typed[-1]


def final_scoring(snap_compare: Snap) -> bool:
    s, last = one_move_from_the_end()
    app = LeHavreApp(s, handoff=False)

    async def run_before(pilot: Pilot[None]) -> None:
        await type_command(app, pilot, last)
        assert s.state.phase == "over"
        still(app)
        await settle(pilot)

    return snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_final_scoring(snap_compare: Snap) -> None:
    assert final_scoring(snap_compare)


def test_help_glossary(snap_compare: Snap) -> None:
    app = new_app()

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("f1")
        await settle(pilot)
        app.screen.query_one(TabbedContent).active = "help-buildings"
        still(app)
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_too_small(snap_compare: Snap) -> None:
    assert snap_compare(new_app(), terminal_size=(79, 23), run_before=settle)


def test_tutorial_100x30(snap_compare: Snap) -> None:
    from lehavre_tui.tutorial import TutorialSession

    from .test_tutorial import TYPED

    app = LeHavreApp(replayed(TYPED[:9], TutorialSession.start()))
    # Peter's second turn: the supply is done, the Marketplace is to be bought
    assert snap_compare(app, terminal_size=(100, 30), run_before=play(app, TYPED[9:10]))
