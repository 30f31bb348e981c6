"""The tutorial at the table: played through the command bar to its last window."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Button

from lehavre_tui.cli import main
from lehavre_tui.engine.rules import apply
from lehavre_tui.engine.setup import new_game
from lehavre_tui.session import autosave_path
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.feeding import FeedingScreen
from lehavre_tui.tui.screens.handoff import HandoffScreen
from lehavre_tui.tui.screens.setup import SetupScreen
from lehavre_tui.tui.screens.table import TableScreen
from lehavre_tui.tui.screens.tutorial import LessonDone, LessonPanel, TutorialTable
from lehavre_tui.tui.widgets import CommandInput
from lehavre_tui.tui.widgets.command_bar import CommandHint
from lehavre_tui.tutorial import SETUP, STEPS, TutorialSession

from .conftest import SIZE, click_form, log_text, settle, setup_form, type_command, widget_text

# The commands a newcomer might type: short forms and other wordings count as the same move.
TYPED = [
    "s", "take francs", "end",
    "supply", "t wood", "end",
    "supply", "take fish", "end",
    "supply", "buy marketplace", "enter marketplace grain coal", "keep", "end",
    "supply", "build joinery", "end",
    "supply", "take wood", "end",
    "supply", "take clay", "end",
]  # fmt: skip


def tutorial_app() -> LeHavreApp:
    return LeHavreApp(TutorialSession.start())


def panel(app: LeHavreApp) -> str:
    table = app.table
    assert table is not None
    return widget_text(table.query_one(LessonPanel))


def bar_hint(app: LeHavreApp) -> str:
    table = app.table
    assert table is not None
    return widget_text(table.query_one(CommandHint))


async def test_the_whole_lesson_through_the_command_bar() -> None:
    app = tutorial_app()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.table, TutorialTable)
        assert "Lesson 1/24" in panel(app) and "'supply'" in panel(app)
        for n, command in enumerate(TYPED, start=1):
            await type_command(app, pilot, command, dismiss=False)
            assert not isinstance(app.screen, HandoffScreen)  # one learner plays every seat
            s = app.session
            assert isinstance(s, TutorialSession) and len(s.actions) == n, command
            if s.step is not None:
                assert f"Lesson {n + 1}/24" in panel(app)
        # the round ends: Tom has fed (no choice), Martin chooses in the feeding window
        assert isinstance(app.screen, FeedingScreen)
        assert "Tom has no food and paid 2 francs" in panel(app)
        await pilot.press("enter")  # an empty line is refused, saying what paying nothing would mean
        await pilot.pause()
        assert isinstance(app.screen, FeedingScreen)
        said = " ".join(widget_text(app.screen.query_one("#feeding-error")).split())
        assert "Paying nothing would leave all" in said and "loans cover only food you cannot pay" in said
        await pilot.press(*"feed", "enter")  # as the lesson says: 'feed' pays the proposal
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LessonDone)
        assert "Round 2 begins with Tom" in " ".join(widget_text(app.screen.query_one("#lesson-done-last")).split())
        s = app.session
        assert isinstance(s, TutorialSession) and s.finished
        assert (s.state.round, s.state.phase, s.state.current) == (2, "turn", 1)
        # the same table as the rulebook's round played straight through the engine
        # (Peter kept the special buildings in order here, so compare all but that)
        want = new_game(SETUP)
        for step in STEPS:
            want = apply(want, step.also[0] if step.also else step.action)
        assert s.state.model_dump(exclude={"events"}) == want.model_dump(exclude={"events"})
        assert "Lesson done" in panel(app)
        assert not autosave_path().exists()  # the lesson is never autosaved


async def test_a_wrong_move_is_refused_with_the_rulebooks_move_and_changes_nothing() -> None:
    app = tutorial_app()
    async with app.run_test(size=SIZE) as pilot:
        await type_command(app, pilot, "supply")
        s = app.session
        assert s is not None
        before = s.state.model_dump()
        await type_command(app, pilot, "take fish")
        assert s.state.model_dump() == before and len(s.actions) == 1
        said = " ".join(bar_hint(app).split())
        assert "Not the rulebook's move here." in said and "Peter takes the 3 francs" in said
        assert "Not the rulebook's move here." in log_text(app)
        table = app.table
        assert table is not None
        assert table.query_one(CommandInput).value == "take fish"  # back in the bar to be corrected
        assert "Lesson 2/24" in panel(app)


async def test_f7_folds_the_panel_to_the_command_and_f4_puts_it_in_the_bar() -> None:
    app = tutorial_app()
    async with app.run_test(size=SIZE) as pilot:
        full = panel(app)
        await pilot.press("f7")
        folded = panel(app).strip()
        assert "type 'supply'" in folded and "\n" not in folded and len(folded) < len(full)
        await pilot.press("f7")
        assert "Just now:" in panel(app)
        await pilot.press("f4")
        for _ in range(20):
            await pilot.pause()
            table = app.table
            assert table is not None
            if table.query_one(CommandInput).value:
                break
        assert table.query_one(CommandInput).value == "supply"
        assert len(app.session.actions) == 0  # type: ignore[union-attr]  # put in the bar, not played


async def test_the_folded_panel_stays_folded_when_the_table_is_rearranged() -> None:
    app = tutorial_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7")
        await pilot.resize_terminal(100, 30)  # the comfortable table becomes the compact one
        await settle(pilot)
        table = app.table
        assert table is not None and not table.wide
        assert "type 'supply'" in panel(app) and "Just now:" not in panel(app)


def one_move_from_the_end() -> TutorialSession:
    """The lesson played through the session up to its last move, the feeding (the whole
    lesson through the command bar is test_the_whole_lesson_through_the_command_bar)."""
    s = TutorialSession.start()
    for command in TYPED:
        s.command(command)
    assert s.state.phase == "feeding" and s.number == len(STEPS)
    return s


async def play_to_the_end(app: LeHavreApp, pilot: Any) -> None:
    """The lesson's last move typed at the table: its last window opens."""
    await type_command(app, pilot, "feed")
    await pilot.pause()
    assert isinstance(app.screen, LessonDone)


@pytest.mark.parametrize("start", ["cli", "setup"])
async def test_the_last_window_starts_a_short_game_against_a_bot(start: str, monkeypatch: pytest.MonkeyPatch) -> None:
    near_end = one_move_from_the_end()
    monkeypatch.setattr(TutorialSession, "start", classmethod(lambda cls: near_end))  # the set-up's button
    app = LeHavreApp(near_end) if start == "cli" else LeHavreApp()
    async with app.run_test(size=SIZE) as pilot:
        if start == "setup":
            await click_form(pilot, "tutorial")
            await pilot.pause()
            assert isinstance(app.table, TutorialTable) and app.session is near_end
        await play_to_the_end(app, pilot)
        await pilot.click("#lesson-bot")
        await pilot.pause()
        s = app.session
        assert s is not None and not isinstance(s, TutorialSession)
        assert (s.state.num_players, s.state.variant, s.seats) == (2, "short", ["human", "medium"])
        assert type(app.screen) is TableScreen and app.table is app.screen  # the table in view plays
        await type_command(app, pilot, "supply")
        assert s.state.supplied
        assert "Anna's ship reaches the first chit" in log_text(app)


async def test_the_last_window_goes_back_to_the_set_up_or_stays() -> None:
    app = LeHavreApp(one_move_from_the_end())
    async with app.run_test(size=SIZE) as pilot:
        await play_to_the_end(app, pilot)
        await pilot.click("#lesson-stay")
        await pilot.pause()
        assert isinstance(app.screen, TutorialTable)
        await type_command(app, pilot, "supply")
        await type_command(app, pilot, "take iron")  # no lesson any more: any legal move
        assert app.session is not None and app.session.state.main_done
    app = LeHavreApp(one_move_from_the_end())
    async with app.run_test(size=SIZE) as pilot:
        await play_to_the_end(app, pilot)
        await pilot.click("#lesson-setup")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "tutorial" in setup_form(app).stops()


async def test_the_set_up_screens_tutorial_button_keeps_the_saved_game() -> None:
    app = LeHavreApp()
    async with app.run_test(size=SIZE) as pilot:
        await click_form(pilot, "tutorial")
        await pilot.pause()
        assert isinstance(app.screen, TutorialTable)
        assert isinstance(app.session, TutorialSession)
        await type_command(app, pilot, "supply")
        assert not autosave_path().exists()


def test_lehavre_tutorial_opens_the_lesson(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[LeHavreApp] = []
    monkeypatch.setattr(LeHavreApp, "run", lambda self, *a, **k: opened.append(self))
    assert main(["tutorial"]) == 0
    assert len(opened) == 1 and isinstance(opened[0].session, TutorialSession)
    assert opened[0].session.actions == []


async def test_the_last_window_scrolls_by_keys_at_80x24_and_names_the_bot_by_its_level() -> None:
    from textual.containers import VerticalScroll

    app = LeHavreApp(one_move_from_the_end())
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_end(app, pilot)
        await pilot.pause()
        screen = app.screen
        words = screen.query_one("#lesson-done-words", VerticalScroll)
        assert words.max_scroll_y > 0  # the last paragraph is below the fold at this size
        assert isinstance(app.focused, Button)  # the buttons have the keyboard
        await pilot.press("pagedown", "end")
        await pilot.pause()
        assert words.scroll_y == words.max_scroll_y
        last = " ".join(widget_text(screen.query_one("#lesson-done-next")).split())
        assert "against the medium bot" in last and "heuristic" not in last
        await pilot.press("home")
        await pilot.pause()
        assert words.scroll_y == 0
