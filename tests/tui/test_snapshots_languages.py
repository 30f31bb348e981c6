"""Pictures of the table, help, feeding, scoring and the tutorial in Polish and in Czech.

The pictures are made once the catalogs are translated (`pytest
tests/tui/test_snapshots_languages.py --snapshot-update`, then look at every one of them):
a picture made before shows English under a Polish or Czech name, so none is kept until then.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import TabbedContent

from lehavre_tui.text import set_language
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tutorial import TutorialSession

from .conftest import SIZE, new_app, settle
from .test_pilot import ROUND_1, ROUND_2
from .test_sizes import played
from .test_snapshots import final_scoring, play, replayed, still
from .test_tutorial import TYPED

Snap = Callable[..., bool]
LANGS = ["pl", "cs"]


@pytest.fixture(params=LANGS)
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


@pytest.mark.parametrize("size", [(160, 48), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_table(snap_compare: Snap, lang: str, size: tuple[int, int]) -> None:
    app = LeHavreApp(played(2, "mid-game", long_names=False), bot_pace=0)

    async def run_before(pilot: Pilot[None]) -> None:
        await settle(pilot)
        table = app.table
        assert table is not None
        table.focus_command()
        still(app)
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("tab", ["help-keys", "help-buildings"])
def test_help(snap_compare: Snap, lang: str, tab: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # the keys tab names the data folder: one that is the same on every run and machine
    folder = Path(tempfile.gettempdir()) / "lehavre-help-picture"
    shutil.rmtree(folder, ignore_errors=True)
    monkeypatch.setenv("LEHAVRE_DATA", str(folder))
    app = new_app()

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("f1")
        await settle(pilot)
        app.screen.query_one(TabbedContent).active = tab
        still(app)
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("size", [SIZE, (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_feeding(snap_compare: Snap, lang: str, size: tuple[int, int]) -> None:
    app = LeHavreApp(replayed((ROUND_1 + ROUND_2)[:-1]))
    assert snap_compare(app, terminal_size=size, run_before=play(app, ROUND_2[-1:]))


def test_scoring(snap_compare: Snap, lang: str) -> None:
    assert final_scoring(snap_compare)


def test_tutorial(snap_compare: Snap, lang: str) -> None:
    app = LeHavreApp(replayed(TYPED[:9], TutorialSession.start()))
    assert snap_compare(app, terminal_size=(100, 30), run_before=play(app, TYPED[9:10]))
