"""Bots at the table, hints and the solo records on the scoring screen."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot

from lehavre_tui import text
from lehavre_tui.bots.heuristic import action_values
from lehavre_tui.cli import main
from lehavre_tui.commands import parse, to_command
from lehavre_tui.engine.actions import EndTurn
from lehavre_tui.engine.setup import Setup
from lehavre_tui.session import Session
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.feeding import FeedingScreen
from lehavre_tui.tui.screens.handoff import HandoffScreen
from lehavre_tui.tui.screens.scoring import ScoringScreen
from lehavre_tui.tui.screens.setup import SetupScreen
from lehavre_tui.tui.widgets import CommandInput, PlayerPanel

from .conftest import SIZE, click_form, hint, log_text, type_command, widget_text


def bot_app(seats: list[str], players: int = 2, seed: int = 1, **kw: object) -> LeHavreApp:
    session = Session.new(Setup(players=players, variant="short", seed=seed), seats=seats)
    return LeHavreApp(session, bot_pace=0, **kw)  # type: ignore[arg-type]


async def wait_bots(app: LeHavreApp, pilot: Pilot[None], limit: float = 60) -> None:
    """Let the bots play until a person is to act (or the game is over). The app draws at
    its own pace meanwhile, as it does at a real table (a pause would force a frame)."""
    s = app.session
    assert s is not None
    end = time.monotonic() + limit
    while app.game.bot_busy or s.is_bot_turn():
        assert time.monotonic() < end, "the bots did not finish their moves"
        await asyncio.sleep(0.002)
    await pilot.pause()


def last_round(seats: list[str], players: int = 2) -> Session:
    """The bots' game of `bot_app(seats, players)`, played by the engine up to its last round."""
    s = Session.new(Setup(players=players, variant="short", seed=1), seats=seats)
    rounds = s.state.rounds_total
    while s.state.round < rounds:
        s.bot_move()
    return s


def replayed(s: Session) -> Session:
    """The same moves straight through a new session: the table's game must equal it."""
    again = Session.new(s.setup, seats=s.seats)
    for action in s.actions:
        again.act(action)
    return again


async def test_a_round_against_a_heuristic_bot() -> None:
    app = bot_app(["human", "heuristic"])
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        await wait_bots(app, pilot)
        typed = 0
        while s.state.round == 1 or s.state.phase != "turn":
            assert not isinstance(app.screen, HandoffScreen)  # one person: nobody to hand over to
            assert s.state.current == 0 and not s.is_bot_turn()
            command = to_command(action_values(s.state)[0][1], s.state)
            if isinstance(app.screen, FeedingScreen):  # typed in the feeding window
                await pilot.press(*command, "enter")
            else:
                await type_command(app, pilot, command, dismiss=False)
            typed += 1
            await wait_bots(app, pilot)
        assert s.state.round == 2
        # the 7 turns of round 1 alternated; Anna's moves came from the bar, Ben's from the bot
        ends = [m for a, m in zip(s.actions, s.movers, strict=True) if isinstance(a, EndTurn)]
        assert ends[:7] == [0, 1, 0, 1, 0, 1, 0]  # then Ben, the bot, starts round 2
        assert typed == s.movers.count(0)
        assert s.state.model_dump() == replayed(s).state.model_dump()
        text = log_text(app)
        assert "Ben (heuristic bot) " in text
        table = app.table
        assert table is not None
        assert "(heuristic bot)" in str(table.query(PlayerPanel)[1].border_title)


async def test_the_bar_waits_while_a_bot_plays() -> None:
    app = LeHavreApp(Session.new(Setup(players=2, variant="short", seed=1), seats=["heuristic", "human"]), bot_pace=30)
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        await pilot.pause()
        assert s.is_bot_turn() and app.game.bot_busy  # the bot's first move is due in 30 s
        before = s.state.model_dump()
        await type_command(app, pilot, "supply", dismiss=False)
        assert s.state.model_dump() == before
        assert "Anna (heuristic bot) is playing; wait for your turn." in hint(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert s.state.model_dump() == before
        assert "bot moves cannot be taken back" in hint(app)


async def test_two_bots_play_to_the_scoring_screen() -> None:
    """The last round at the table (its feeding and final actions); the rounds before by
    the engine (a bot's round at the table: test_a_round_against_a_heuristic_bot)."""
    s = last_round(["heuristic", "heuristic"])
    app = LeHavreApp(s, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_bots(app, pilot)
        assert s.over
        await pilot.pause()
        assert isinstance(app.screen, ScoringScreen)
        assert "wins" in widget_text(app.screen.query_one("#winners"))
        assert s.state.model_dump() == replayed(s).state.model_dump()


async def _hint_done(app: LeHavreApp, pilot: Pilot[None]) -> str:
    """The command the hint put in the bar, once the bot has thought."""
    for _ in range(500):
        if not app.game.hint_busy:
            break
        await pilot.pause(0.02)
    await pilot.pause()
    table = app.table
    assert table is not None
    return table.query_one(CommandInput).value


async def _hinted(app: LeHavreApp, pilot: Pilot[None]) -> str:
    await pilot.press("f4")
    return await _hint_done(app, pilot)


async def test_the_hint_key_puts_a_legal_command_in_the_bar() -> None:
    app = bot_app(["human", "human"], hint_budget=0.2)
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        command = await _hinted(app, pilot)
        assert command
        parse(command, s.state)  # a legal move of the command language
        assert len(s.actions) == 0  # suggested, not played
        assert hint(app).startswith(f"Hint: {command} — ")
        assert f"Hint: {command}" in log_text(app)
        # typed as a word too
        await type_command(app, pilot, "hint", dismiss=False)
        assert await _hint_done(app, pilot) == command


async def test_a_hint_in_the_bar_is_played_by_enter_and_replaced_by_typing() -> None:
    """The suggestion is the player's to take or to ignore: typing starts a line of one's
    own in its place (never appended to the suggestion), Enter plays it as it stands."""
    app = bot_app(["human", "human"], hint_budget=0.2)
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        table = app.table
        assert s is not None and table is not None
        box = table.query_one(CommandInput)
        assert await _hinted(app, pilot)
        await pilot.press("s")
        assert box.value == "s"
        box.value = ""
        before = s.state
        command = await _hinted(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert s.actions == [parse(command, before)]


async def test_a_hint_speaks_the_readers_words() -> None:
    text.set_language("pl")
    app = bot_app(["human", "human"], hint_budget=0.2)
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        command = await _hinted(app, pilot)
        assert command == to_command(parse(command, s.state), s.state, "pl")


async def test_a_solo_game_ends_with_the_best_scores(data_dir: Path) -> None:
    from lehavre_tui.records import best_scores

    s = last_round(["heuristic"], players=1)  # played at the table: the game ends there
    app = LeHavreApp(s, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_bots(app, pilot)
        assert s.over
        await pilot.pause()
        assert isinstance(app.screen, ScoringScreen)
        block = widget_text(app.screen.query_one("#solo-records"))
        assert "Your best solo scores (short game)" in block
        assert "New best!" in block
        total = s.scores()[0].total
        assert "Anna" in block and str(total) in block
    assert best_scores("short") == [("Anna", total)]
    assert (data_dir / "solo_records.json").exists()


async def test_setup_screen_seats_go_to_the_game() -> None:
    app = LeHavreApp(bot_pace=30)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.form.seats[:2] == ["human", "human"]
        await click_form(pilot, "seat-1")  # its ◂: round from a person to the expert bot
        await click_form(pilot, "seat-1")  # and down to the hard bot
        await click_form(pilot, "start")
        await pilot.pause()
        s = app.session
        assert s is not None
        assert s.seats == ["human", "hard"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["new", "--seats", "human,robot"], "'robot' is not a seat kind"),
        (["new", "--players", "3", "--seats", "human,heuristic"], "3 players need 3 seats"),
        (["new", "--budget", "0"], "--budget"),
    ],
)
def test_new_refuses_wrong_seats(args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


async def test_f6_pauses_a_game_of_bots_and_lets_it_play_on() -> None:
    app = bot_app(["heuristic", "heuristic"])
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        for _ in range(500):  # let them make a few moves
            if len(s.actions) >= 5:
                break
            await pilot.pause(0.01)
        await pilot.press("f6")
        assert app.game.bots_paused
        for _ in range(200):  # the move under way ends; then nothing more
            if not app.game.bot_busy:
                break
            await pilot.pause(0.01)
        moves = len(s.actions)
        await pilot.pause(0.3)
        assert len(s.actions) == moves
        assert "Bots paused" in log_text(app)
        await type_command(app, pilot, "supply")  # a bot is to play: refused, nothing changes
        assert "the bots are paused" in hint(app)
        assert len(s.actions) == moves
        await type_command(app, pilot, "pause")  # the word does the same as the key
        assert not app.game.bots_paused
        assert "The bots play on." in log_text(app)
        for _ in range(500):
            if len(s.actions) > moves + 3:
                break
            await pilot.pause(0.01)
        assert len(s.actions) > moves + 3


async def test_pause_at_a_table_without_bots_says_so() -> None:
    app = bot_app(["human", "human"])
    async with app.run_test(size=SIZE) as pilot:
        await type_command(app, pilot, "pause")
        assert "nothing to pause" in hint(app)
        assert not app.game.bots_paused
        assert "there is nothing to" in log_text(app)
