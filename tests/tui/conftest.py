"""Shared pieces of the table tests: a private data folder and a driver for the command bar."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from lehavre_tui.engine.setup import Setup
from lehavre_tui.session import Session
from lehavre_tui.text import set_language
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.handoff import HandoffScreen
from lehavre_tui.tui.setup_form import SetupForm
from lehavre_tui.tui.widgets import CommandInput

SIZE = (160, 48)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Autosaves and saves go to a fresh folder; plain Unicode symbols."""
    folder = tmp_path / "data"
    monkeypatch.setenv("LEHAVRE_DATA", str(folder))
    monkeypatch.delenv("LEHAVRE_ASCII", raising=False)
    return folder


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    """The language is the process's: a test that reads the table in another gives it back."""
    yield
    set_language("en")


def new_session(players: int = 2, variant: str = "short", seed: int = 1, autosave: Path | None = None) -> Session:
    return Session.new(Setup(players=players, variant=variant, seed=seed), autosave=autosave)


def new_app(players: int = 2, variant: str = "short", seed: int = 1, **kw: object) -> LeHavreApp:
    return LeHavreApp(new_session(players, variant, seed), **kw)  # type: ignore[arg-type]


async def type_command(app: LeHavreApp, pilot: Pilot[None], text: str, *, dismiss: bool = True) -> None:
    """Type a line into the table's command bar and press Enter (handoff windows are closed)."""
    table = app.table
    assert table is not None
    while not table.query(CommandInput):  # the table is being arranged for the terminal's size
        await pilot.pause()
    box = table.query_one(CommandInput)
    box.value = text
    await box.action_submit()
    await pilot.pause()
    if dismiss:
        while isinstance(app.screen, HandoffScreen):
            app.screen.dismiss()
            await pilot.pause()


def hint(app: LeHavreApp) -> str:
    from lehavre_tui.tui.widgets.command_bar import CommandHint

    table = app.table
    assert table is not None
    return str(table.query_one(CommandHint).render())


def log_text(app: LeHavreApp) -> str:
    from lehavre_tui.tui.widgets import GameLog

    table = app.table
    assert table is not None
    return "\n".join(line.text for line in table.query_one(GameLog).lines)


def widget_text(widget: Widget) -> str:
    """The text a widget shows now, line by line."""
    region = Region(0, 0, widget.size.width, widget.size.height)
    return "\n".join(strip.text for strip in widget.render_lines(region))


def whole_text(widget: Widget) -> str:
    """Everything the widget draws, its frame and padding included."""
    region = Region(0, 0, widget.outer_size.width, widget.outer_size.height)
    return "\n".join(strip.text for strip in widget.render_lines(region))


async def settle(pilot: Pilot[None], rounds: int = 100) -> None:
    """Wait until the app has nothing left to do: its workers done (bot moves, hints), no
    animation, no message waiting, no layout, repaint, recompose or after-refresh callback
    pending on the screen in view. A picture or a check taken then is the same on every run."""
    app = pilot.app
    for _ in range(rounds):
        await app.workers.wait_for_complete()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        screen = app.screen
        busy = (
            any(worker.is_running for worker in app.workers)
            or screen._callbacks
            or screen._layout_required
            or screen._scroll_required
            or screen._repaint_required
            or screen._recompose_required
            or screen._dirty_widgets
        )
        if not busy:
            return
    raise AssertionError(f"the app was still busy after {rounds} pauses")


def setup_form(app: LeHavreApp) -> SetupForm:
    """The set-up screen's form (the screen in view must be the set-up)."""
    return app.screen.query_one(SetupForm)


async def click_form(pilot: Pilot[None], stop: str, option: object = None) -> None:
    """Click a stop of the set-up form (a button, a field, a seat's kind), or one option of a
    choice, where the form drew it."""
    form = setup_form(pilot.app)  # type: ignore[arg-type]
    x, y = form.where(stop, option)
    await pilot.click(SetupForm, offset=(x, y))
    await pilot.pause()
