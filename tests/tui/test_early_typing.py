"""A move typed the moment the table opens, before its first frame, is played as at any
other time: the window it opens is drawn, nothing crashes."""

from __future__ import annotations

from textual import events

from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.feeding import FeedingScreen

from .conftest import settle
from .test_pilot import ROUND_1, ROUND_2, replay


async def test_a_move_that_opens_the_feeding_typed_before_the_first_frame() -> None:
    app = LeHavreApp(replay(ROUND_1 + ROUND_2[:-1]))
    async with app.run_test(size=(160, 48)) as pilot:
        for character in ROUND_2[-1] + "\r":  # keys all waiting: the table has not been drawn yet
            app.post_message(events.Key({"\r": "enter", " ": "space"}.get(character, character), character))
        await settle(pilot)
        session = app.session
        assert session is not None and session.state.phase == "feeding"
        assert isinstance(app.screen, FeedingScreen)
        assert "feeds the workers" in str(app.screen.query_one("#feeding-who").render())


async def test_the_feeding_window_asked_to_follow_the_game_before_it_is_drawn() -> None:
    """The table follows a move (and asks the window on top to draw itself again) while a
    feeding window it has just opened is not composed yet: it draws itself once it is."""
    app = LeHavreApp(replay(ROUND_1 + ROUND_2))  # the feeding of round 2 is due
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, FeedingScreen)
        app.pop_screen()
        window = FeedingScreen(app.game)
        app.push_screen(window)
        window.sync()  # before its compose: nothing to draw into yet
        await settle(pilot)
        assert "feeds the workers" in str(window.query_one("#feeding-who").render())


async def test_the_table_and_its_bar_asked_to_draw_before_they_are_composed_or_once_gone() -> None:
    """A bot's move can land as a table is being built or taken down (the app closing)."""
    from lehavre_tui.tui.screens.table import TableScreen
    from lehavre_tui.tui.widgets import CommandBar

    app = LeHavreApp(replay(ROUND_1))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = TableScreen(app.game, lambda _text: None)
        table.sync()  # not composed: nothing to draw, nothing raised
        bar = app.screen.query_one(CommandBar)
        await bar.remove_children()
        bar.show_hint("")
        bar.say("", "Thinking…")
        bar.refused("x", "no")
