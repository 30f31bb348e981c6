"""What the table draws, and when: the launch's work, and the frame after Enter."""

from __future__ import annotations

import gc
import io
from collections import Counter

import pytest
from rich.console import Console, RenderableType
from rich.text import Text

from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.widgets import PlayerPanel, ShipStacks, TableWidget, TopBar
from lehavre_tui.tui.widgets.base import ByWidth, DrawnOnce

from .conftest import SIZE, new_app


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
        app.play("supply")  # the ship moves and the offers fill: no player's board changes
        await pilot.pause()
        assert drawn["SupplyTrack"] == drawn["OfferSpaces"] == 1
        assert drawn["PlayerPanel-0"] == drawn["PlayerPanel-1"] == 0
        app.play("take wood")  # Anna's board changes
        await pilot.pause()
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
