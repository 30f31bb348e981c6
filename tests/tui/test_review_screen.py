"""The review of the game from the scoring screen: a key, a window, nothing changed."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from lehavre_tui.bots.review import GameReview, review_game
from lehavre_tui.bots.tournament import make_bot
from lehavre_tui.engine.actions import Action
from lehavre_tui.engine.setup import Setup
from lehavre_tui.session import Session
from lehavre_tui.text import set_language
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens import review as review_module
from lehavre_tui.tui.screens.review import ReviewScreen
from lehavre_tui.tui.screens.scoring import ScoringScreen

from .conftest import SIZE, settle, widget_text
from .test_language import english_left, names_on, screen_text, words


@cache
def _finished() -> str:
    s = Session.new(Setup(players=2, variant="short", seed=4), seats=["human", "medium"])
    careless = make_bot("easy", 3)
    while not s.over:
        if s.is_bot_turn():
            s.bot_move()
        else:
            s.act(careless.choose(s.state))
    return s.to_text()


def finished() -> Session:
    """A short game, Anna played carelessly against the medium bot (played once a process)."""
    return Session.from_text(_finished())


_REVIEWS: dict[str, list[GameReview]] = {}


def reviewed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert's review of a game worked out once a process: the same game, seats and
    playouts are reviewed alike (its seeds are the game's), in any language."""

    def remembered(setup: Setup, actions: list[Action], seats: list[int], **kw: Any) -> list[GameReview]:
        key = repr((setup, actions, seats, kw["playouts"]))
        if key not in _REVIEWS:
            _REVIEWS[key] = review_game(setup, actions, seats, **kw)
        return _REVIEWS[key]

    monkeypatch.setattr(review_module, "review_game", remembered)


async def test_r_on_the_scores_reviews_the_humans_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ReviewScreen, "playouts", 3)
    reviewed_once(monkeypatch)
    session = finished()
    moves = list(session.actions)
    app = LeHavreApp(session, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScoringScreen)
        await pilot.press("r")
        assert isinstance(app.screen, ReviewScreen)
        await settle(pilot)  # the expert's thread done, its text laid out in full
        text = widget_text(app.screen.query_one("#review-text"))
        assert text.startswith("Anna: the "), text
        assert "Played: " in text and "Better: " in text and "Ben:" not in text
        await pilot.press("escape")
        assert isinstance(app.screen, ScoringScreen)
    assert session.actions == moves and session.over


async def review_words(lang: str, session_text: str) -> tuple[set[str], set[str], str]:
    """The words of the review window (its frame, the whole review, its button) read in
    `lang`, the names on it, and the review itself."""
    set_language(lang)
    app = LeHavreApp(Session.from_text(session_text), bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        assert isinstance(app.screen, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        review = widget_text(app.screen.query_one("#review-text"))
        box = app.screen.query_one("#review").region
        window = [line[box.x : box.right] for line in screen_text(app).split("\n")[box.y : box.bottom]]
        names = names_on(app, lang, card_names_in_english=False)
    set_language("en")
    return words([review, *window]), names, review


async def test_the_review_window_reads_in_polish(monkeypatch: pytest.MonkeyPatch) -> None:
    """Opened with r on the scores: the window, the review's sentences and its button in
    Polish, none of the English words the same window shows in English left."""
    monkeypatch.setattr(ReviewScreen, "playouts", 3)
    reviewed_once(monkeypatch)
    game = finished().to_text()
    english, _names, in_english = await review_words("en", game)
    assert in_english.startswith("Anna: the ") and "Played: " in in_english
    shown, names, in_polish = await review_words("pl", game)
    assert in_polish.startswith("Anna: ") and "Zagrano: " in in_polish and "Lepiej: " in in_polish
    assert {"przegląd", "gry", "wróć", "wyników"} <= shown  # the frame's title and the button
    left = english_left(shown, english, names)
    assert not left, "the review window in Polish still shows English words: " + ", ".join(left)


async def test_closing_the_review_stops_the_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    """Esc before the review is done: the expert stops after the move it is searching, instead
    of thinking on in the background."""
    import time

    from lehavre_tui.bots.expert import ExpertBot

    searched: list[float] = []
    analyse = ExpertBot.analyse

    def slow(self: ExpertBot, *args: object, **kw: object):  # type: ignore[no-untyped-def]
        time.sleep(0.2)  # as long as a real search of a move takes, at least
        searched.append(time.monotonic())
        return analyse(self, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(ExpertBot, "analyse", slow)
    monkeypatch.setattr(ReviewScreen, "playouts", 2)
    app = LeHavreApp(finished(), bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        while not searched:
            await pilot.pause(0.05)
        await pilot.press("escape")
        assert isinstance(app.screen, ScoringScreen)
        closed = len(searched)
        await app.workers.wait_for_complete()  # the expert's thread has ended
        assert len(searched) <= closed + 1, "the expert went on searching after the window closed"
