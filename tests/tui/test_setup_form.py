"""The set-up form, played as a player plays it: keys in the order typed, clicks on what they
point at, a sentence for every key the form cannot take, and nothing pressed by accident."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from rich.cells import cell_len
from textual import events
from textual.pilot import Pilot

from lehavre_tui.text import language
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.setup import SetupScreen
from lehavre_tui.tui.screens.table import TableScreen
from lehavre_tui.tui.setup_form import NAME_LENGTH, SEED_LENGTH, WIDTH, SetupForm

from .conftest import click_form, settle, setup_form, widget_text


@asynccontextmanager
async def the_form(size: tuple[int, int]) -> AsyncIterator[tuple[LeHavreApp, Pilot[None], SetupForm]]:
    """The set-up screen as `lehavre` opens it, at this size: the app, its pilot, the form."""
    app = LeHavreApp()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        yield app, pilot, setup_form(app)


def form_lines(form: SetupForm) -> list[str]:
    return widget_text(form).splitlines()


def line_of(form: SetupForm, words: str) -> str:
    return next(line for line in form_lines(form) if words in line)


async def test_seat_rows_come_and_go_with_the_number_of_players_and_keep_what_was_typed() -> None:
    async with the_form((100, 30)) as (app, pilot, form):
        assert [line.split()[1:3] for line in form_lines(form) if "Player " in line] == [["1", "Anna"], ["2", "Ben"]]
        await click_form(pilot, "players", 5)
        assert [line.split()[2] for line in form_lines(form) if "Player " in line] == [
            "Anna", "Ben", "Clara", "David", "Eva"
        ]  # fmt: skip
        await click_form(pilot, "name-4")
        await pilot.press("end", "backspace", "backspace", "backspace", *"Emil", "tab", "right")  # a person → easy bot
        await click_form(pilot, "players", 2)
        assert "Player 5" not in widget_text(form)
        await click_form(pilot, "players", 5)
        assert "Emil" in line_of(form, "Player 5") and "easy bot" in line_of(form, "Player 5")
        await click_form(pilot, "start")
        await settle(pilot)
        session = app.session
        assert session is not None
        assert [p.name for p in session.state.players][4] == "Emil"
        assert session.seats[4] == "easy"


async def test_keys_typed_quickly_act_in_the_order_typed() -> None:
    """Tab then letters: the letters land in the field Tab went to, however fast they come."""
    async with the_form((80, 24)) as (app, pilot, form):
        await click_form(pilot, "name-0")
        await pilot.press("end", "backspace", "backspace", "backspace", "backspace", "Z", "o", "tab", "tab", "end", "x")
        assert form.form.names[:2] == ["Zo", "Benx"]


async def test_the_keyboard_starts_on_start_and_moves_by_rows_and_by_tab() -> None:
    async with the_form((80, 24)) as (app, pilot, form):
        assert app.focused is form and form.stop == "start"
        assert line_of(form, "[ Start ]").startswith("▸ ")
        await pilot.press("up")
        assert form.stop == "language" and line_of(form, "English").startswith("▸ ")
        await pilot.press("up", "up", "up")
        assert form.stop == "name-1"
        await pilot.press("tab")
        assert form.stop == "seat-1"
        await pilot.press("up")
        assert form.stop == "seat-0"  # the same column a row up
        await pilot.press("shift+tab", "shift+tab", "shift+tab")
        assert form.stop == "quit"  # round to the last button
        await pilot.press("left")
        assert form.stop == "tutorial"  # Continue is left out: no game is saved


async def test_choices_change_by_arrows_letters_and_clicks() -> None:
    async with the_form((80, 24)) as (app, pilot, form):
        form.go("players")
        await pilot.press("right", "right")
        assert form.form.players == 4
        await pilot.press("1")
        assert form.form.players == 1
        await pilot.press("left")
        assert form.form.players == 1  # the first stays the first
        await click_form(pilot, "variant", True)
        assert form.form.short and form.stop == "variant"
        await pilot.press("f")
        assert not form.form.short
        await click_form(pilot, "seat-0")  # its ◂: back round to the last level
        assert form.form.seats[0] == "expert"
        await pilot.press("right")
        assert form.form.seats[0] == "human"
        await pilot.press("m")
        assert form.form.seats[0] == "medium" and "medium bot" in line_of(form, "Player 1")


async def test_what_a_field_cannot_take_is_said_and_the_field_stays_as_it_was() -> None:
    async with the_form((80, 24)) as (app, pilot, form):
        await click_form(pilot, "seed")
        await pilot.press("4", "2", "x")
        assert form.form.seed == "42"
        assert "only digits go in it" in widget_text(form)
        await pilot.press("7")
        assert form.form.seed == "427" and "only digits" not in widget_text(form)  # a key that did: said no more
        form.post_message(events.Paste("²"))  # a digit to Python, no number to a player
        await settle(pilot)
        assert form.form.seed == "427" and "only digits go in it" in widget_text(form)
        await pilot.press("backspace", "backspace", "backspace")
        await pilot.press(*"1" * (SEED_LENGTH + 1))
        assert len(form.form.seed) == SEED_LENGTH and f"at most {SEED_LENGTH} digits" in widget_text(form)
        await click_form(pilot, "name-1")
        await pilot.press("end", *"Bartholomew")
        assert form.form.names[1] == "Ben" + "Bartholome"[: NAME_LENGTH - 3] and f"at most {NAME_LENGTH} letters" in (
            widget_text(form)
        )


async def test_letters_where_no_letter_goes_are_answered_and_press_nothing() -> None:
    async with the_form((80, 24)) as (app, pilot, form):
        await pilot.press("s", "u", "p", "space", "p", "l", "z")  # the keyboard is on Start
        assert isinstance(app.screen, SetupScreen) and app.session is None
        assert "Letters go into a name or the seed" in widget_text(form)
        form.go("players")
        await pilot.press("x")
        assert form.form.players == 2 and "Letters go into a name or the seed" in widget_text(form)


async def test_a_paste_goes_into_the_field_one_line_of_it() -> None:
    async with the_form((80, 24)) as (app, pilot, form):
        await click_form(pilot, "name-0")
        await pilot.press("end", *["backspace"] * 4)
        app.screen.query_one(SetupForm).post_message(events.Paste("Zofia\nrm -rf /"))
        await settle(pilot)
        assert form.form.names[0] == "Zofia"
        form.go("start")
        form.post_message(events.Paste("anything"))
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen) and "Letters go into" in widget_text(form)


async def test_enter_in_a_field_moves_on_and_only_a_button_starts() -> None:
    async with the_form((80, 24)) as (app, pilot, form):
        await click_form(pilot, "name-1")
        await pilot.press("enter")
        assert form.stop == "seat-1" and isinstance(app.screen, SetupScreen)
        form.go("start")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


async def test_continue_without_a_saved_game_cannot_be_pressed() -> None:
    async with the_form((80, 24)) as (app, pilot, form):
        assert "continue" not in form.stops()
        x = widget_text(form).splitlines()[-2].index("[ Continue ]")
        y = len(form_lines(form)) - 2
        await pilot.click(SetupForm, offset=(x + 2, y))
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen) and app.session is None


async def test_the_chosen_options_are_marked_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    async with the_form((100, 30)) as (app, pilot, form):
        assert "( ) 1  (●) 2  ( ) 3" in line_of(form, "Players")
        await click_form(pilot, "players", 3)
        assert "( ) 1  ( ) 2  (●) 3" in line_of(form, "Players")
        assert line_of(form, "Players").startswith("▸ ")  # where the keyboard is, by a mark


async def test_a_tall_terminal_spaces_the_rows() -> None:
    async with the_form((160, 48)) as (_app, _pilot, form):
        tall = len(form_lines(form))
    async with the_form((80, 24)) as (app, pilot, form):
        assert len(form_lines(form)) < tall
        await pilot.resize_terminal(160, 48)
        await settle(pilot)
        assert len(form_lines(form)) == tall


KEYS = [
    *"abcxyz0123456789 ĄŁéř-語",
    "tab", "shift+tab", "up", "down", "left", "right", "home", "end", "backspace", "delete", "enter", "space",
]  # fmt: skip


@pytest.mark.parametrize("seed", range(3))
async def test_random_keys_keep_the_form_whole(seed: int) -> None:
    """Thousands of random keys (never Enter on a button, which leaves the form): the
    keyboard is always on a stop drawn, the fields hold what they may, every line fits."""
    rng = random.Random(seed)
    async with the_form((80, 24)) as (app, pilot, form):
        for _ in range(1500):
            key = rng.choice(KEYS)
            if form.stop in ("start", "tutorial", "continue", "quit") and key == "enter":
                continue
            if form.stop == "language" and key in ("right", "left", "space", "end", "home", "c", "p"):
                continue  # a language chosen redraws every screen: tested on its own
            character = key if len(key) == 1 else (" " if key == "space" else None)
            form.act(key, character)
            assert form.stop in form.stops()
            assert all(len(name) <= NAME_LENGTH for name in form.form.names)
            assert form.form.seed == "" or (form.form.seed.isdigit() and len(form.form.seed) <= SEED_LENGTH)
            if form.is_text(form.stop):
                assert 0 <= form.cursor <= len(form.text(form.stop))
        await settle(pilot)
        assert language() == "en"
        assert all(cell_len(line.rstrip()) <= WIDTH for line in form_lines(form))
        assert isinstance(app.screen, SetupScreen)
