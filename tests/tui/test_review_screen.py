"""The review of the game from the scoring screen: a key, a window, nothing changed."""

from __future__ import annotations

import pytest

from lehavre_tui.bots.tournament import make_bot
from lehavre_tui.engine.setup import Setup
from lehavre_tui.session import Session
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.review import ReviewScreen
from lehavre_tui.tui.screens.scoring import ScoringScreen

from .conftest import SIZE, widget_text


def finished() -> Session:
    s = Session.new(Setup(players=2, variant="short", seed=4), seats=["human", "medium"])
    careless = make_bot("easy", 3)
    while not s.over:
        if s.is_bot_turn():
            s.bot_move()
        else:
            s.act(careless.choose(s.state))
    return s


async def test_r_on_the_scores_reviews_the_humans_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ReviewScreen, "playouts", 3)
    session = finished()
    moves = list(session.actions)
    app = LeHavreApp(session, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScoringScreen)
        await pilot.press("r")
        assert isinstance(app.screen, ReviewScreen)
        for _ in range(600):
            text = widget_text(app.screen.query_one("#review-text"))
            if text.startswith("Anna"):
                break
            await pilot.pause(0.05)
        assert text.startswith("Anna: the "), text
        assert "Played: " in text and "Better: " in text and "Ben:" not in text
        await pilot.press("escape")
        assert isinstance(app.screen, ScoringScreen)
    assert session.actions == moves and session.over
