"""The set-up screen opens with the rows of the players chosen only; more players bring their
rows, fewer hide them, and what was typed in a row is kept either way."""

from __future__ import annotations

from textual.widgets import Button, Input, RadioButton, Select

from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.setup import SetupScreen

from .conftest import settle


async def test_seat_rows_come_and_go_with_the_number_of_players_and_keep_what_was_typed() -> None:
    app = LeHavreApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert [str(row.id) for row in screen.query(".seat-row")] == ["seat-row-0", "seat-row-1"]
        screen.query_one("#players-5", RadioButton).value = True
        await settle(pilot)
        rows = [str(row.id) for row in screen.query(".seat-row") if row.display]
        assert rows == [f"seat-row-{i}" for i in range(5)]  # in order, under the players' row
        screen.query_one("#name-4", Input).value = "Emil"
        screen.query_one("#seat-4", Select).value = "easy"
        screen.query_one("#players-2", RadioButton).value = True
        await settle(pilot)
        assert [str(row.id) for row in screen.query(".seat-row") if row.display] == ["seat-row-0", "seat-row-1"]
        screen.query_one("#players-5", RadioButton).value = True
        await settle(pilot)
        assert screen.query_one("#name-4", Input).value == "Emil"
        screen.query_one("#start", Button).press()
        await settle(pilot)
        session = app.session
        assert session is not None
        assert [p.name for p in session.state.players][4] == "Emil"
        assert session.seats[4] == "easy"


async def test_a_compact_form_draws_its_new_rows_compact_too() -> None:
    app = LeHavreApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.has_class("-compact-form")
        screen.query_one("#players-4", RadioButton).value = True
        await settle(pilot)
        assert screen.query_one("#name-3", Input).compact and screen.query_one("#seat-3", Select).compact
