"""A bot is named with its level wherever seats are listed: the players' wealth in the top
bar and the final scores too."""

from __future__ import annotations

import random

import pytest

from lehavre_tui.engine.rules import legal_actions
from lehavre_tui.engine.setup import Setup
from lehavre_tui.session import Session
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.scoring import ScoringScreen
from lehavre_tui.tui.widgets.topbar import TopBar

from .conftest import settle, widget_text

SEATS = ["human", "medium", "expert"]


def game(over: bool) -> Session:
    session = Session.new(Setup(players=3, variant="short", seed=3), seats=SEATS)
    rng = random.Random(3)
    while over and not session.over:
        session.act(rng.choice(legal_actions(session.state)))
    return session


@pytest.mark.parametrize("size", [(160, 48), (100, 30), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_top_bar_marks_each_bot_where_the_width_allows(size: tuple[int, int]) -> None:
    app = LeHavreApp(game(False), bot_pace=0)
    app.bots_paused = True
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        bar = widget_text(app.screen.query_one(TopBar))
        if size[0] >= 160:
            assert "Ben (medium bot)" in bar and "Clara (expert bot)" in bar, bar
        assert "Anna (" not in bar  # a person has no mark
        assert "bot" not in bar or "(medium bot)" in bar  # never a mark cut in half


async def test_the_final_scores_name_each_bot_with_its_level() -> None:
    app = LeHavreApp(game(True), bot_pace=0)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ScoringScreen)
        shown = " ".join(widget_text(app.screen.query_one("#breakdown")).split())
        assert "Ben (medium bot)" in shown and "Clara (expert bot)" in shown, shown
        assert "Anna (" not in shown
