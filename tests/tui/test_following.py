"""Following the game from the keyboard at any size: the log by keys, windows for help and
the whole log, bots marked in every seat list, the handoff's typing, the set-up's radio marks."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from textual import events

from lehavre_tui.tui.app import LeHavreApp

from .conftest import new_app, new_session, type_command, widget_text


def drawn(renderable: object, width: int) -> str:
    """What a rich renderable reads as, `width` columns wide."""
    from rich.console import Console

    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_every_bot_seat_in_the_players_lines_shows_its_level(size: tuple[int, int]) -> None:
    from lehavre_tui.engine.setup import Setup
    from lehavre_tui.session import Session
    from lehavre_tui.tui.widgets import PlayerLine

    session = Session.new(Setup(players=3, variant="short", seed=1), seats=["human", "medium", "expert"])
    app = LeHavreApp(session, bot_pace=0)
    app.bots_paused = True
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = app.table
        assert table is not None
        lines = [drawn(line.draw(), size[0] // 2) for line in table.query(PlayerLine)]
        assert lines
        text = "\n".join(lines)
        assert "Ben (medium bot)" in text
        assert "Cleo (expert bot)" in text or "(expert bot)" in text
        anna = [line for line in lines if "Anna" in line]
        assert anna and all("bot)" not in line for line in anna)


async def test_typing_on_the_handoff_window_says_that_the_turn_starts_with_enter() -> None:
    from lehavre_tui.tui.screens.handoff import HandoffScreen
    from lehavre_tui.tui.widgets import CommandInput

    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for command in ("supply", "take wood", "end"):
            await type_command(app, pilot, command, dismiss=False)
        assert isinstance(app.screen, HandoffScreen)
        session = app.session
        assert session is not None
        moves = session.moves
        await pilot.press(*"supply")
        assert isinstance(app.screen, HandoffScreen)
        said = " ".join(widget_text(app.screen.query_one("#handoff-typed")).split())
        assert "Nothing typed here is played: Ben's turn starts with Enter" in said
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, HandoffScreen)
        assert session.moves == moves  # nothing was played
        table = app.table
        assert table is not None and table.query_one(CommandInput).value == ""


ROUND_START = ["supply", "take wood", "end", "supply", "take clay", "end", "supply", "take fish", "end"]


def round_started(moves: list[str] = ROUND_START) -> LeHavreApp:
    """A table whose log already holds these moves, played by the engine."""
    session = new_session()
    for command in moves:
        session.command(command)
    return LeHavreApp(session, handoff=False)


async def test_the_log_is_read_by_keys_at_80x24() -> None:
    from lehavre_tui.tui.widgets import CommandInput, GameLog

    app = round_started()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.table
        assert table is not None
        log = table.query_one(GameLog)
        await pilot.pause()
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y  # more than fits, the newest in view
        await pilot.press("pageup")
        await pilot.pause()
        assert app.focused is log
        assert log.scroll_y < log.max_scroll_y
        await pilot.press("home")
        await pilot.pause()
        assert log.scroll_y == 0
        await pilot.press("down", "pagedown")
        await pilot.pause()
        assert log.scroll_y > 0
        await pilot.press("t")  # the first letter: back to the bar, typed there
        await pilot.pause()
        box = table.query_one(CommandInput)
        assert app.focused is box and box.value == "t"
        await pilot.press("shift+tab")
        await pilot.pause()
        assert app.focused is log
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is box


async def test_the_whole_log_in_a_window_and_a_word_found_in_it() -> None:
    from textual.widgets import Input

    from lehavre_tui.tui.screens.log import LogView, LogWindow
    from lehavre_tui.tui.widgets import CommandInput, GameLog

    app = round_started()
    async with app.run_test(size=(80, 24)) as pilot:
        await type_command(app, pilot, "enter bakhouse")  # refused: cut under the bar at 80 columns
        table = app.table
        assert table is not None
        written = [t.plain for t in table.query_one(GameLog).texts]
        await pilot.press("f8")
        await pilot.pause()
        window = app.screen
        assert isinstance(window, LogWindow)
        view = window.query_one(LogView)
        assert [t.plain for t in view.texts][: len(written)] == written
        refusal = next(t for t in written if "bakhouse" in t)
        assert "…" not in refusal and "Did you mean bakehouse?" in refusal  # the whole sentence
        view.scroll_home(animate=False, immediate=True)
        window.post_message(events.Key("slash", "/"))  # typed at once, as a terminal sends them
        for letter in "clay":
            window.post_message(events.Key(letter, letter))
        await pilot.pause()
        assert app.screen is window and window.query_one("#log-find", Input).has_focus
        assert window.query_one("#log-find", Input).value == "clay"
        await pilot.press("enter")
        await pilot.pause()
        said = widget_text(window.query_one("#log-found"))
        assert "of" in said and "'clay'" in said
        first = window.found[window.at]
        assert "clay" in view.texts[first].plain.lower()
        assert view.scroll_y <= view.starts[first] < view.scroll_y + view.scrollable_content_region.height
        await pilot.press(*"zzz")
        await pilot.press("enter")
        await pilot.pause()
        assert "No line holds" in widget_text(window.query_one("#log-found"))
        await pilot.press("escape")  # the finder closes; reading goes on
        await pilot.pause()
        assert app.screen is window and view.has_focus
        await pilot.press("t")  # a letter closes the window and goes on in the bar
        await pilot.pause()
        assert app.screen is table and table.query_one(CommandInput).value == "t"


async def test_since_the_last_turn_at_any_time() -> None:
    from lehavre_tui.tui.screens.log import LogView, LogWindow

    app = new_app(handoff=False)
    async with app.run_test(size=(100, 30)) as pilot:
        for command in ROUND_START[:3]:
            await type_command(app, pilot, command)
        await pilot.press("f9")
        await pilot.pause()
        window = app.screen
        assert isinstance(window, LogWindow)
        assert "Since Ben's last turn" in str(window.query_one("#log-window").border_title)
        text = "\n".join(t.plain for t in window.query_one(LogView).texts)
        assert "Anna takes the" in text and "wood" in text


async def test_the_log_wraps_again_on_resize_and_keeps_the_newest_line_in_view() -> None:
    from lehavre_tui.tui.widgets import GameLog

    app = round_started()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        for _ in range(4):
            await pilot.pause()
        table = app.table
        assert table is not None
        log = table.query_one(GameLog)
        width = log.scrollable_content_region.width
        assert all(strip.cell_length <= width for strip in log.lines)
        assert "".join(strip.text for strip in log.lines).replace(" ", "") == "".join(
            t.plain for t in log.texts
        ).replace(" ", "")  # nothing cut
        assert log.scroll_y == log.max_scroll_y  # the newest line in view
        newest = log.lines[-1].text.strip()
        assert newest and newest in widget_text(log)


LIGHT_ENGINE = ("errors", "goods", "message", "players", "words")  # plain words and numbers, no pydantic
SETUP_IMPORTS = """
import asyncio, sys
from lehavre_tui.cli import build_parser  # the command line's way in
from lehavre_tui.tui.app import LeHavreApp

async def opened() -> None:
    app = LeHavreApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "SetupScreen", app.screen

build_parser()
asyncio.run(opened())
print(" ".join(sorted(m for m in sys.modules if m.startswith(("lehavre_tui", "pydantic")))))
"""


def test_the_set_up_screen_opens_without_the_engine(tmp_path: Path) -> None:
    import subprocess
    import sys

    env = {**os.environ, "LEHAVRE_DATA": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", SETUP_IMPORTS], env=env, capture_output=True, text=True, check=True)
    modules = done.stdout.split()
    assert "lehavre_tui.tui.screens.setup" in modules
    engine = [m for m in modules if m.startswith("lehavre_tui.engine.") and m.split(".")[2] not in LIGHT_ENGINE]
    assert engine == []
    others = [m for m in modules if m.split(".")[0] == "pydantic" or m.startswith(HEAVY)]
    assert others == []


HEAVY = ("lehavre_tui.session", "lehavre_tui.commands", "lehavre_tui.bots", "lehavre_tui.tui.view")
