"""Keystrokes land where the player expects: in the command bar, unless a window needs typing;
nothing is paid or dismissed that the player did not choose."""

from __future__ import annotations

from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Input

from lehavre_tui.engine.goods import Good
from lehavre_tui.engine.rules import legal_actions
from lehavre_tui.session import Session
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.card import CardScreen
from lehavre_tui.tui.screens.feeding import FeedingScreen
from lehavre_tui.tui.screens.scoring import ScoringScreen
from lehavre_tui.tui.screens.setup import SetupScreen
from lehavre_tui.tui.screens.table import TableScreen
from lehavre_tui.tui.widgets import CommandInput, ProposalStacks

from .conftest import SIZE, hint, new_session, type_command
from .test_pilot import ROUND_1, ROUND_2, replay


async def keys(pilot: Pilot[None], text: str) -> None:
    """Type a line key by key, as a player does, and press Enter."""
    await pilot.press(*text, "enter")
    await pilot.pause()


def bar(app: LeHavreApp) -> CommandInput:
    table = app.table
    assert table is not None
    return table.query_one(CommandInput)


# --- the command bar keeps the keyboard ------------------------------------------------------


async def test_after_a_card_is_closed_typing_lands_in_the_bar() -> None:
    app = LeHavreApp(new_session())
    async with app.run_test(size=SIZE) as pilot:
        table = app.table
        assert table is not None
        stacks = table.query_one(ProposalStacks)
        first = stacks.render_lines(Region(0, 0, stacks.size.width, 1))[0].text
        number = first.split()[2]  # "1 ▸ 03 Fishery ...": the top card's number
        await pilot.click(ProposalStacks, offset=(first.index(number), 0))
        await pilot.pause()
        assert isinstance(app.screen, CardScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await keys(pilot, "supply")
        assert app.session is not None and app.session.state.supplied


async def test_a_click_on_a_board_leaves_the_keyboard_with_the_bar() -> None:
    app = LeHavreApp(new_session())
    async with app.run_test(size=SIZE) as pilot:
        table = app.table
        assert table is not None
        stacks = table.query_one(ProposalStacks)
        await pilot.click(ProposalStacks, offset=(stacks.size.width - 1, 3))  # no link there
        await pilot.pause()
        await keys(pilot, "supply")
        assert app.session is not None and app.session.state.supplied


async def test_typing_on_a_card_goes_to_the_bar() -> None:
    app = LeHavreApp(new_session())
    async with app.run_test(size=SIZE) as pilot:
        await type_command(app, pilot, "show fishery")
        assert isinstance(app.screen, CardScreen)
        await keys(pilot, "supply")  # the card closes, the line is played
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None and app.session.state.supplied


async def test_a_refused_line_is_replaced_by_new_typing() -> None:
    app = LeHavreApp(new_session())
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "supplyy")
        box = bar(app)
        assert box.value == "supplyy"  # kept to be corrected
        assert "Unknown command" in hint(app)
        await keys(pilot, "supply")  # typing a new command replaces it
        assert app.session is not None and app.session.state.supplied
        assert box.value == ""


async def test_a_refused_line_can_be_corrected() -> None:
    app = LeHavreApp(new_session())
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "supplyy")
        await pilot.press("backspace", "enter")  # the last letter goes
        await pilot.pause()
        assert app.session is not None and app.session.state.supplied
        await keys(pilot, "take woo")
        await pilot.press("end", *"d", "enter")  # or the cursor moves into it
        await pilot.pause()
        assert app.session.state.main_done


async def test_a_line_feed_plays_the_line_as_enter_does() -> None:
    app = LeHavreApp(new_session())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"supply", "ctrl+j")  # Ctrl+J, or Enter typed before the terminal was raw
        await pilot.pause()
        assert app.session is not None and app.session.state.supplied
        assert bar(app).value == ""


# --- the feeding window --------------------------------------------------------------------


def feeding_app() -> tuple[LeHavreApp, Session]:
    s = replay(ROUND_1 + ROUND_2)
    assert s.state.phase == "feeding"
    return LeHavreApp(s), s


async def test_typed_payment_is_what_is_paid() -> None:
    app, s = feeding_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FeedingScreen)
        seat = s.state.current
        p = s.state.players[seat]
        francs, fish = p.francs, p.goods[Good.FISH]
        await keys(pilot, "francs=3")
        after = s.state.players[seat]
        assert (after.francs, after.goods[Good.FISH]) == (francs - 3, fish)


async def test_enter_alone_is_refused_saying_what_paying_nothing_would_mean() -> None:
    app, s = feeding_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FeedingScreen)
        before = s.state.model_dump()
        await pilot.press("enter")
        await pilot.pause()
        assert s.state.model_dump() == before
        said = str(screen.query_one("#feeding-error").render())
        assert "Paying nothing would leave all 3 food unpaid" in said
        assert "loans cover only food you cannot pay otherwise" in said
        # a refused payment stays in the box, nothing paid
        await keys(pilot, "fish=1")
        assert s.state.model_dump() == before
        assert "That pays 1 of 3 food" in str(screen.query_one("#feeding-error").render())
        assert screen.query_one("#feeding-input", Input).value == "fish=1"


async def test_the_proposal_is_paid_only_when_chosen() -> None:
    app, s = feeding_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FeedingScreen)
        seat = s.state.current
        fish = s.state.players[seat].goods[Good.FISH]
        await pilot.press("f5")
        await pilot.pause()
        assert s.state.players[seat].goods[Good.FISH] == fish - 3  # "Proposed: pay 3 fish"


# --- the final scores ----------------------------------------------------------------------


def last_move_app() -> LeHavreApp:
    s = new_session()
    while True:
        nxt = legal_actions(s.state)[0]
        trial = s.state
        from lehavre_tui.engine.rules import apply

        if apply(trial, nxt).phase == "over":
            break
        s.act(nxt)
    return LeHavreApp(s, handoff=False)


async def test_the_scores_stay_until_the_player_leaves_them() -> None:
    app = last_move_app()
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        from lehavre_tui.commands import to_command

        await type_command(app, pilot, to_command(legal_actions(s.state)[0], s.state))
        assert isinstance(app.screen, ScoringScreen)
        await pilot.press("enter", "escape", "space", "x")
        await pilot.pause()
        assert isinstance(app.screen, ScoringScreen)
        await pilot.press("t")  # look at the table
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await keys(pilot, "scores")  # and back to the scores
        assert isinstance(app.screen, ScoringScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


# --- Tab, one word at a time ---------------------------------------------------------------


async def test_tab_completes_one_word_at_a_time() -> None:
    app = LeHavreApp(new_session())
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "supply")
        box = bar(app)
        await pilot.press("e", "tab")
        await pilot.pause()
        assert box.value == "enter "  # the verb, not a whole Marketplace line
        shown = hint(app)
        assert "building-firm-1 (free)" in shown and "marketplace (fee 2 food or 1 franc)" in shown
        await pilot.press("tab")
        await pilot.pause()
        first = box.value
        assert first.startswith("enter ") and len(first.split()) == 2  # one building
        await pilot.press("tab")
        await pilot.pause()
        assert box.value != first and len(box.value.split()) == 2  # the next building
        box.value = ""
        await pilot.press(*"enter market", "tab")
        await pilot.pause()
        assert box.value == "enter marketplace "
        await pilot.press("tab")
        await pilot.pause()
        assert len(box.value.split()) == 3  # one good, then the next Tab offers the second


# --- undo after loading ----------------------------------------------------------------------


async def test_undo_after_loading_says_it_starts_afresh() -> None:
    s = new_session()
    for c in ("supply", "take wood"):
        s.command(c)
    loaded = Session.from_text(s.to_text())
    assert not loaded.can_undo() and loaded.undo_lost_by_loading()
    app = LeHavreApp(loaded, resumed=True, handoff=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "undo starts afresh after loading" in hint(app)
        # a move made after loading can be taken back as usual, then the same word again
        before = loaded.state.model_dump()
        await keys(pilot, "sell appoline")
        assert loaded.state.model_dump() != before
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert loaded.state.model_dump() == before
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "undo starts afresh after loading" in hint(app)


def test_a_fresh_turn_after_loading_has_nothing_lost() -> None:
    s = new_session()
    for c in ("supply", "take wood", "end"):
        s.command(c)
    loaded = Session.from_text(s.to_text())
    assert not loaded.undo_lost_by_loading()  # Ben has not moved yet: nothing was lost
    s2 = new_session()
    s2.command("supply")  # the supply turned a chit: it could not be undone anyway
    assert not Session.from_text(s2.to_text()).undo_lost_by_loading()


# --- the log names the bots ------------------------------------------------------------------


async def test_every_line_about_a_bot_says_it_is_one() -> None:
    from lehavre_tui.engine.setup import Setup

    s = Session.new(Setup(players=3, variant="short", seed=1), seats=["heuristic"] * 3)
    while not s.over:
        s.bot_move()
    names = [p.name for p in s.state.players]
    # lines about a player written down with another player's move: feeding, the final action
    about_other = [ln.text for ln in s.log if ln.text.startswith(tuple(n for n in names if n != names[ln.seat]))]
    assert any(" feeds the workers" in t for t in about_other)
    assert any(" takes a final action" in t for t in about_other)
    app = LeHavreApp(s, handoff=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        from .conftest import log_text

        text = " ".join(log_text(app).split())  # lines wrapped at the log's width, joined
        for line in about_other:
            if line.startswith(tuple(f"{n} " for n in names)):
                who, rest = line.split(" ", 1)
                assert f"{who} (heuristic bot) {rest}" in text, line
