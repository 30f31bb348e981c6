"""What the table draws, and when: the launch's work, and the frame after Enter."""

from __future__ import annotations

import gc
import io
from collections import Counter

import pytest
from rich.console import Console, RenderableType
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Button

from lehavre_tui.text import set_language
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.handoff import HandoffScreen
from lehavre_tui.tui.widgets import CommandInput, GameLog, PlayerPanel, ShipStacks, TableWidget, TopBar
from lehavre_tui.tui.widgets.base import ByWidth, DrawnOnce

from .conftest import SIZE, hint, new_app, new_session, type_command
from .pseudo import stretch, stretched

__all__ = ["stretched"]  # the fixture, used by name


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often each table widget made its drawing (`TableWidget.draw`), by class and seat."""
    counts: Counter[str] = Counter()
    for cls in {*TableWidget.__subclasses__(), ShipStacks, PlayerPanel}:
        draw = cls.draw

        def counted(self: TableWidget, draw=draw) -> RenderableType:  # type: ignore[no-untyped-def]
            name = type(self).__name__
            if isinstance(self, PlayerPanel):
                name += f"-{self.seat_no}"
            counts[name] += 1
            return draw(self)

        monkeypatch.setattr(cls, "draw", counted)
    return counts


async def test_the_first_frame_draws_every_board_once(drawn: Counter[str]) -> None:
    """Textual renders a widget twice for a frame (to measure its height, then to draw it):
    the drawing is made once and reused."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert drawn["ShipStacks"] == 1
        assert drawn["PlayerPanel-0"] == drawn["PlayerPanel-1"] == 1
        assert drawn["ProposalStacks"] == 1
        assert max(drawn.values()) == 1, drawn


async def test_a_board_is_drawn_again_when_the_state_changes_it(drawn: Counter[str]) -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        drawn.clear()
        await type_command(app, pilot, "supply")  # the ship moves and the offers fill: no player's board changes
        assert drawn["SupplyTrack"] == drawn["OfferSpaces"] == 1
        assert drawn["PlayerPanel-0"] == drawn["PlayerPanel-1"] == 0
        await type_command(app, pilot, "take wood")  # Anna's board changes
        assert drawn["PlayerPanel-0"] == 1
        assert drawn["PlayerPanel-1"] == 0


def top_line(app: LeHavreApp) -> str:
    bar = app.screen.query_one(TopBar)
    return "".join(strip.text for strip in bar.render_lines(bar.content_region.reset_offset))


async def test_a_drawing_that_depends_on_the_width_follows_a_resize() -> None:
    """The top bar says as much as its width allows: after a resize it is drawn for the new
    width, as a table opened at that size draws it (not the drawing kept for the old one)."""
    fresh = new_app()
    async with fresh.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        narrow = top_line(fresh)
    app = new_app()
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        wide = top_line(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert top_line(app) == narrow != wide


def test_a_drawing_is_rendered_for_each_width_it_is_asked_for() -> None:
    console = Console(width=80, color_system=None, file=io.StringIO())
    drawing = DrawnOnce(ByWidth(lambda width: Text(f"drawn for {width}")))
    for width in (30, 50, 30):
        lines = console.render_lines(drawing, console.options.update_width(width), pad=False)
        assert "".join(seg.text for seg in lines[0]) == f"drawn for {width}"


async def test_the_garbage_collector_is_on_again_once_the_table_is_drawn() -> None:
    """`lehavre` pauses it for the launch (lehavre_tui/__main__.py); the table turns it back on."""
    gc.disable()
    try:
        app = new_app()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert gc.isenabled()
            assert gc.get_freeze_count() > 0  # what the launch made is set aside
    finally:
        gc.unfreeze()
        gc.enable()


def test_run_and_simulate_turn_the_garbage_collector_back_on() -> None:
    from lehavre_tui.cli import main

    gc.disable()
    try:
        assert main(["simulate", "--players", "1", "--short"]) == 0
        assert gc.isenabled()
    finally:
        gc.enable()


async def test_enter_plays_the_command_within_the_key_press() -> None:
    """Not on a later message: the frame that shows the cleared bar shows the move too."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.table
        assert table is not None and app.session is not None
        box = table.query_one(CommandInput)
        box.value = "supply"
        await box.action_submit()
        assert len(app.session.actions) == 1  # played before any other message was handled
        assert app.session.state.supplied
        assert box.value == ""
        assert box.history[-1] == "supply"


async def test_a_refused_command_comes_back_into_the_bar_and_stays_there() -> None:
    """The bar's own 'changed' message for the cleared line comes after the refusal: it must
    not clear the refused line's reason under the bar."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.table
        assert table is not None and app.session is not None
        box = table.query_one(CommandInput)
        box.value = "take fish"  # the ship has not moved yet
        await box.action_submit()
        await pilot.pause()
        await pilot.pause()
        assert app.session.actions == []
        assert box.value == "take fish"
        assert "supply" in hint(app).lower()  # the reason, not the hint for an empty line


async def test_a_full_log_shows_the_moves_lines_in_the_same_frame() -> None:
    """The log is at its end as soon as the move is played, not one frame later."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.table
        assert table is not None
        log = table.query_one(GameLog)
        for i in range(80):
            log.note(f"note {i}")
        await pilot.pause()
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        before = log.max_scroll_y
        await pilot.press(*"supply")
        await table.query_one(CommandInput).action_submit()  # Enter, with no frame after it
        assert log.max_scroll_y > before
        assert log.scroll_y == log.max_scroll_y


async def test_a_board_the_move_leaves_alone_is_not_painted_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Setting a board's title paints the board again even when the title is the same."""
    painted: list[int] = []
    render_line = PlayerPanel.render_line

    def counted(self: PlayerPanel, y: int) -> Strip:
        painted.append(self.seat_no)
        return render_line(self, y)

    monkeypatch.setattr(PlayerPanel, "render_line", counted)
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        painted.clear()
        await type_command(app, pilot, "supply")  # moves the ship and fills the offers: no player's board changes
        assert painted == []
        await type_command(app, pilot, "take wood")  # Anna's board changes
        assert 0 in painted and 1 not in painted


def log_background(log: GameLog) -> object:
    lines = log.render_lines(Region(0, 0, log.size.width, 1))
    return next(seg.style.bgcolor for seg in lines[0] if seg.style is not None and seg.style.bgcolor)


async def test_the_log_takes_the_colours_of_a_new_theme() -> None:
    """The log works its style out once a drawing, never keeping one from an earlier theme."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.table
        assert table is not None
        log = table.query_one(GameLog)
        dark = log_background(log)
        app.theme = "textual-light"
        await pilot.pause()
        assert log_background(log) != dark


async def test_the_footer_keeps_its_keys_when_a_window_opens_and_closes() -> None:
    """Its keys are the same after the handoff: they are not made again (a window moves the
    focus, and Textual's footer composes its keys again whenever the focus moves)."""
    from textual.widgets._footer import FooterKey

    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        table = app.table
        assert table is not None
        keys = list(table.query(FooterKey))
        assert {k.description for k in keys} >= {"Help", "Cards", "Quit"}
        for command in ("supply", "take wood", "end"):
            await type_command(app, pilot, command, dismiss=False)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is table
        assert list(table.query(FooterKey)) == keys


async def test_the_handoff_window_is_the_same_window_each_time_with_the_new_player() -> None:
    """Made once and shown again (composing a window costs more than filling one in), each
    time saying who is at the keyboard now."""
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown: list[tuple[HandoffScreen, str]] = []
        for command in ("supply", "take wood", "end", "", "supply", "take francs", "end"):
            if command:
                await type_command(app, pilot, command, dismiss=False)
            else:
                assert isinstance(app.screen, HandoffScreen)
                await pilot.press("enter")  # the turn starts
                await pilot.pause()
            if isinstance(app.screen, HandoffScreen):
                label = str(app.screen.query_one("#handoff-go", Button).label)
                shown.append((app.screen, label))
        (first, ben), (again, anna) = shown
        assert first is again
        assert ben.startswith("Ben is at the keyboard") and anna.startswith("Anna is at the keyboard")


async def test_a_board_kept_drawn_is_drawn_again_in_the_readers_new_language(stretched: str) -> None:
    """A board keeps its drawing until what it shows changes; the same state read in another
    language is a change (the set-up screen can change the language while a table is open)."""
    app = LeHavreApp(new_session(), language="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        english = top_line(app)
        assert "Round 1/" in english
        set_language(stretched)
        bar = app.screen.query_one(TopBar)
        bar.sync()  # the state is the same as before
        await pilot.pause()
        assert "Round" not in top_line(app)
        assert stretch("Round") in top_line(app)
        bar.refresh(layout=True)  # asked for its drawing again without a sync: not the English one
        await pilot.pause()
        assert stretch("Round") in top_line(app)


async def test_the_footer_composes_its_keys_again_in_the_readers_new_language(stretched: str) -> None:
    from textual.widgets._footer import FooterKey

    app = LeHavreApp(new_session(), language="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        table = app.table
        assert table is not None
        assert "Help" in {k.description for k in table.query(FooterKey)}
        set_language(stretched)
        for command in ("supply", "take wood", "end"):  # a handoff window opens and closes
            await type_command(app, pilot, command, dismiss=False)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        descriptions = {k.description for k in table.query(FooterKey)}
        assert "Help" not in descriptions and stretch("Help") in descriptions
