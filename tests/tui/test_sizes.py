"""Every screen at the smallest terminal (80×24), the compact one (100×30) and the full table
(160×48), for 1, 2, 4 and 5 players, in English, Polish and Czech: nothing is cut off without
a sign (see clipping.py). Polish and Czech words are often longer; the player counts between
the extremes are checked in English only, to keep the time these tests take."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from textual.pilot import Pilot
from textual.widgets import TabbedContent

from lehavre_tui.bots.heuristic import action_values
from lehavre_tui.engine.rules import legal_actions
from lehavre_tui.engine.setup import DEFAULT_NAMES, Setup
from lehavre_tui.engine.state import GameState
from lehavre_tui.session import Session, autosave_path
from lehavre_tui.text import _, ngettext, set_language
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.card import CardScreen
from lehavre_tui.tui.screens.cards import CardsScreen
from lehavre_tui.tui.screens.common import TooSmall
from lehavre_tui.tui.screens.feeding import FeedingScreen
from lehavre_tui.tui.screens.handoff import HandoffScreen
from lehavre_tui.tui.screens.help import HelpScreen
from lehavre_tui.tui.screens.scoring import ScoringScreen
from lehavre_tui.tui.screens.setup import SetupScreen
from lehavre_tui.tui.screens.table import TABS, TableScreen

from .clipping import clipped
from .conftest import click_form, setup_form, type_command, whole_text, widget_text
from .pseudo import stretched

__all__ = ["stretched"]  # the fixture, used by name

SIZES = [(80, 24), (100, 30), (160, 48)]
PLAYERS = [1, 2, 4, 5]
LANGS = ["en", "pl", "cs"]
# (language, players): every count in English, the fewest and the most boards in the others
LANG_PLAYERS = [("en", n) for n in PLAYERS] + [(lang, n) for lang in LANGS[1:] for n in (2, 5)]
# The longest names a player may type (12 letters), so that every line is at its widest.
LONG_NAMES = ["Maximiliana", "Bartholomew", "Christabell", "Dorothea-Ann", "Evangelinee"]


_GAMES: dict[tuple[int, str, bool], str] = {}  # (players, moment, long names) -> the saved game
MOMENTS: dict[str, Callable[[GameState], bool]] = {
    "mid-game": lambda st: st.round >= 3 and st.phase == "turn" and st.supplied,
    "feeding": lambda st: st.phase == "feeding" and st.round >= 2,
    "over": lambda st: False,
}


def played(players: int, moment: str, *, long_names: bool = True) -> Session:
    """A seeded game (with long names unless told) that the heuristic bot plays for every
    seat up to `moment`: round 3 begun (buildings built, workers placed), a feeding, the end."""
    key = (players, moment, long_names)
    if key not in _GAMES:
        variant = "full" if players != 2 else "short"
        names = LONG_NAMES[:players] if long_names else DEFAULT_NAMES[:players]
        s = Session.new(Setup(players=players, variant=variant, seed=1, names=names))
        until = MOMENTS[moment]
        while not until(s.state) and s.state.phase != "over":
            s.act(action_values(s.state)[0][1])
        _GAMES[key] = s.to_text()
    return Session.from_text(_GAMES[key])


def interest_choice(players: int) -> Session:
    """Random moves until a player short of francs for the interest must choose: sell or pay."""
    for seed in range(200):
        s = Session.new(Setup(players=players, variant="full", seed=seed, names=LONG_NAMES[:players]))
        rng = random.Random(seed)
        while not s.over:
            s.act(rng.choice(legal_actions(s.state)))
            if s.state.phase == "interest":
                return s
    raise AssertionError("no random game reached an interest choice")


@pytest.fixture(params=LANGS)
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    """The table read in each language (the tests below all take it)."""
    set_language(request.param)
    yield request.param
    set_language("en")


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.pause()


def no_clipping(app: LeHavreApp, what: str) -> None:
    problems = clipped(app.screen)
    assert not problems, f"{what}:\n" + "\n".join(problems)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("lang", "players"), LANG_PLAYERS, indirect=["lang"])
async def test_the_table_fits(size: tuple[int, int], players: int, lang: str) -> None:
    app = LeHavreApp(played(players, "mid-game"), bot_pace=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.wide == (size == (160, 48))
        no_clipping(app, f"the table, {players} players")
        if not table.wide:
            for tab in TABS:  # every board in its tab
                table.query_one(TabbedContent).active = tab
                await settle(pilot)
                no_clipping(app, f"the {tab} tab, {players} players")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_windows_over_the_table_fit(size: tuple[int, int], lang: str) -> None:
    """Help (every tab), a card, the list of cards: with 5 players, the most cards."""
    app = LeHavreApp(played(5, "mid-game"), bot_pace=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        for tab in ("help-keys", "help-turn", "help-commands", "help-buildings"):
            app.screen.query_one(TabbedContent).active = tab
            await settle(pilot)
            no_clipping(app, f"help, {tab}")
        await pilot.press("escape")
        for card in ("bakehouse", "shipping_line", "harbour_watch"):
            await type_command(app, pilot, f"show {card}")
            await settle(pilot)
            assert isinstance(app.screen, CardScreen)
            no_clipping(app, f"the card {card}")
            await pilot.press("escape")
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, CardsScreen)
        no_clipping(app, "the cards on the table")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_card_with_four_moves_fits(size: tuple[int, int], lang: str) -> None:
    """The Marketplace in the 2-player game: four ways to enter it, a button each."""
    app = LeHavreApp(played(2, "mid-game"), bot_pace=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await type_command(app, pilot, "show marketplace")
        await settle(pilot)
        assert isinstance(app.screen, CardScreen)
        assert len(app.screen.query(".move")) == 4
        no_clipping(app, "the Marketplace with its moves")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 5])
async def test_feeding_fits(size: tuple[int, int], players: int, lang: str) -> None:
    s = played(players, "feeding")
    app = LeHavreApp(s, bot_pace=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, FeedingScreen)
        no_clipping(app, "feeding")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 5])
async def test_handoff_and_interest_fit(size: tuple[int, int], players: int, lang: str) -> None:
    """A loaded game greets the player to act; here one short of francs for the interest."""
    app = LeHavreApp(interest_choice(players), bot_pace=0, resumed=True)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        no_clipping(app, "handoff")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None and app.session.state.phase == "interest"
        no_clipping(app, "the table at the interest choice")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("lang", "players"), LANG_PLAYERS, indirect=["lang"])
async def test_final_scores_fit(size: tuple[int, int], players: int, lang: str) -> None:
    app = LeHavreApp(played(players, "over"), bot_pace=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ScoringScreen)
        no_clipping(app, f"the scores, {players} players")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_setup_fits(size: tuple[int, int], lang: str) -> None:
    """With a finished game saved, so that the Continue button names it (the longest label);
    as opened (2 players), then with 1 and with 5 players chosen."""
    finished = played(5, "over")
    finished.save(autosave_path())
    app = LeHavreApp()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        form = setup_form(app)
        for players in (2, 1, 5):
            await click_form(pilot, "players", players)
            await settle(pilot)
            assert f"(●) {players}" in widget_text(form)
            no_clipping(app, f"set-up, {players} players")
        assert "continue" in form.stops()
        finished = _("finished, {players}").format(players=", ".join(LONG_NAMES))
        saved = " ".join(widget_text(form).split())
        assert " ".join(_("Saved game: {game}.").format(game=finished).split()) in saved


@pytest.mark.parametrize("size", [(79, 24), (80, 23), (60, 15)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_below_80x24_a_clear_message(size: tuple[int, int], lang: str) -> None:
    app = LeHavreApp(played(2, "mid-game"), bot_pace=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        notice = app.screen.query_one(TooSmall)
        assert notice.display
        x = "×"
        assert str(notice.render()) == _(
            "Le Havre needs a terminal of at least {least}; this one is {size}. "
            "Enlarge the window (or make the font smaller); ctrl+q quits."
        ).format(least=f"80{x}24", size=f"{size[0]}{x}{size[1]}")
        assert not app.screen.query_one(".body").display
        no_clipping(app, "the too-small notice")


async def test_the_players_row_marks_the_chosen_count() -> None:
    """The set-up opens with 2 players chosen: the keyboard highlight is on 2, not on 1."""
    app = LeHavreApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        form = setup_form(app)
        form.go("players")
        await pilot.press("right")  # from the 2 chosen, not from the first
        assert form.form.players == 3


async def test_a_long_refusal_fits_under_the_bar(lang: str) -> None:
    """Two lines under the command bar: a longer sentence ends in '…' there and is in the
    log in full (the log is in view at every size)."""
    from lehavre_tui.tui.widgets.command_bar import CommandHint

    from .conftest import log_text

    app = LeHavreApp(played(2, "mid-game"), bot_pace=0)
    long = "This move is refused because " + "of a very long reason, " * 12 + "and that is all."
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.refuse(long)
        await settle(pilot)
        shown = whole_text(app.screen.query_one(CommandHint)).rstrip().splitlines()
        assert len(shown) == 2 and shown[1].rstrip().endswith("…")
        assert long in " ".join(log_text(app).split())  # the log wraps it to its width
        no_clipping(app, "a long refusal")


@pytest.mark.parametrize("width", [80, 100, 130, 160, 200])
async def test_the_top_bar_always_says_whose_turn_in_full(width: int, lang: str) -> None:
    """The longest phase line (a long name short of francs for the interest) stays whole;
    round and wealth give way to it, as much as the width needs and no more."""
    from lehavre_tui.tui.view import phase_line
    from lehavre_tui.tui.widgets import TopBar

    app = LeHavreApp(interest_choice(5), bot_pace=0, handoff=False)
    async with app.run_test(size=(width, 48)) as pilot:
        await settle(pilot)
        assert app.session is not None
        bar = app.screen.query_one(TopBar)
        text = widget_text(bar)
        assert phase_line(app.session.state) in text
        if width >= 200 and lang == "en":  # how much room the other parts take depends on the words
            assert "wealth" in text and "town builds" in text
        if width >= 100 and lang == "en":
            assert "Round 9/20 · 2 food · no harvest" in text
        no_clipping(app, "the top bar")


@pytest.mark.parametrize("players", [4, 5])
async def test_all_three_proposal_stacks_in_view_with_many_players(players: int, lang: str) -> None:
    """With 4 or 5 player boards the proposal board has less room: it lists fewer cards under
    each top (and counts the rest) rather than pushing stack 3 out of view."""
    from lehavre_tui.tui.widgets import ProposalStacks

    app = LeHavreApp(played(players, "mid-game"), bot_pace=0)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        board = app.screen.query_one("#proposals")
        stacks = board.query_one(ProposalStacks)
        assert not board.show_vertical_scrollbar
        assert stacks.below < stacks.most  # it had to give way
        text = whole_text(stacks)
        assert all(f"{i} ▸" in text for i in (1, 2, 3))
        # the cards left out are counted: "+ 3 more below (F2 lists them)"
        said = " ".join(text.split())
        assert any(
            ngettext("+ {n} more below (F2 lists them)", "+ {n} more below (F2 lists them)", n).format(n=n) in said
            for n in range(1, 30)
        )


async def _fits_at_80x24(app: LeHavreApp, what: str, window: type | None = None) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if window is not None:
            assert isinstance(app.screen, window)
        no_clipping(app, what)
        if isinstance(app.screen, TableScreen):
            for tab in TABS:
                app.screen.query_one(TabbedContent).active = tab
                await settle(pilot)
                no_clipping(app, f"{what}, the {tab} tab")
        if isinstance(app.screen, SetupScreen):
            await click_form(pilot, "players", 5)
            await settle(pilot)
            no_clipping(app, f"{what}, 5 players")


LONGER: dict[str, Callable[[], tuple[LeHavreApp, type | None]]] = {
    "table, 2 players": lambda: (LeHavreApp(played(2, "mid-game"), bot_pace=0), TableScreen),
    "table, 5 players": lambda: (LeHavreApp(played(5, "mid-game"), bot_pace=0), TableScreen),
    "feeding": lambda: (LeHavreApp(played(5, "feeding"), bot_pace=0), FeedingScreen),
    "handoff": lambda: (LeHavreApp(interest_choice(5), bot_pace=0, resumed=True), HandoffScreen),
    "interest": lambda: (LeHavreApp(interest_choice(5), bot_pace=0, handoff=False), TableScreen),
    "scores": lambda: (LeHavreApp(played(5, "over"), bot_pace=0), ScoringScreen),
    "set-up": lambda: (LeHavreApp(), SetupScreen),
}


@pytest.mark.parametrize("what", list(LONGER))
async def test_words_a_third_longer_fit_at_80x24(stretched: str, what: str) -> None:
    """Before the Polish and Czech catalogs exist: every word a third longer than in English
    (pseudo.py), at the smallest table, and nothing is cut."""
    app, window = LONGER[what]()
    await _fits_at_80x24(app, what, window)


async def test_words_a_third_longer_fit_the_windows_at_80x24(stretched: str) -> None:
    app = LeHavreApp(played(5, "mid-game"), bot_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        for tab in ("help-keys", "help-turn", "help-commands", "help-buildings"):
            app.screen.query_one(TabbedContent).active = tab
            await settle(pilot)
            no_clipping(app, f"help, {tab}")
        await pilot.press("escape")
        for card in ("bakehouse", "marketplace", "harbour_watch"):
            await type_command(app, pilot, f"show {card}")
            await settle(pilot)
            assert isinstance(app.screen, CardScreen)
            no_clipping(app, f"the card {card}")
            await pilot.press("escape")
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, CardsScreen)
        no_clipping(app, "the cards on the table")
