"""Keys typed faster than the table draws act in the order typed: Enter plays the line
before it, Backspace deletes the letter before it, never letters typed after them."""

from __future__ import annotations

from textual import events
from textual.widget import Widget

from lehavre_tui.engine.goods import Good
from lehavre_tui.tui.widgets import CommandInput

from .conftest import new_app, settle


def burst(bar: Widget, text: str) -> None:
    """Keys as they reach the bar when they come faster than it handles them: all waiting."""
    names = {"\r": "enter", " ": "space", "\x7f": "backspace"}
    for character in text:
        bar.post_message(events.Key(names.get(character, character), character))


async def test_lines_typed_in_one_burst_are_played_one_by_one() -> None:
    app = new_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one(CommandInput)
        session = app.session
        assert session is not None
        wood = session.state.players[0].goods[Good.WOOD]
        burst(bar, "supply\rtake woox\x7fd\rhelp")
        await settle(pilot)
        assert session.moves == 2  # supply, then the wood taken (the typo corrected)
        assert session.state.players[0].goods[Good.WOOD] > wood
        assert bar.value == "help"


async def test_a_line_typed_in_one_burst_while_reading_the_log_is_played() -> None:
    """The log has the keyboard (PageUp): the letters typed go back to the bar, and the
    Enter typed right after them plays the line, though it reached the log first."""
    from lehavre_tui.tui.widgets import GameLog

    app = new_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("pageup")
        log = app.screen.query_one(GameLog)
        assert app.focused is log
        burst(log, "supplx\x7fy\r")  # all reach the log before the bar has the keyboard again
        await settle(pilot)
        session = app.session
        assert session is not None
        assert session.moves == 1
        bar = app.screen.query_one(CommandInput)
        assert app.focused is bar and bar.value == ""
        await pilot.press("pageup")
        await pilot.press("enter")  # Enter alone while reading does not play what the bar holds
        assert app.focused is log
