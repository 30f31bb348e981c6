"""Following the game from the keyboard at any size: the log by keys, windows for help and
the whole log, bots marked in every seat list, the handoff's typing, the set-up's radio marks."""

from __future__ import annotations

import io

import pytest

from lehavre_tui.tui.app import LeHavreApp

from .conftest import new_app, type_command, widget_text


def drawn(renderable: object, width: int) -> str:
    """What a rich renderable reads as, `width` columns wide."""
    from rich.console import Console

    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text()


async def test_the_chosen_radio_button_is_marked_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    from textual.widgets import RadioButton

    monkeypatch.setenv("NO_COLOR", "1")
    app = LeHavreApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        chosen = app.screen.query_one("#players-2", RadioButton)
        other = app.screen.query_one("#players-3", RadioButton)
        assert "●" in widget_text(chosen)
        assert "●" not in widget_text(other)
        other.value = True
        await pilot.pause()
        assert "●" in widget_text(other)
        assert "●" not in widget_text(chosen)


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
