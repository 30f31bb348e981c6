"""The table played through its command bar, keys and clicks, checked against the engine."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widgets import Button, DataTable, Input, TabbedContent

from lehavre_tui.cli import main
from lehavre_tui.commands import to_command
from lehavre_tui.engine.cards import content
from lehavre_tui.engine.goods import Good
from lehavre_tui.engine.rules import legal_actions
from lehavre_tui.session import Session, autosave_path
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.screens.card import CardScreen
from lehavre_tui.tui.screens.common import TooSmall
from lehavre_tui.tui.screens.feeding import FeedingScreen
from lehavre_tui.tui.screens.handoff import HandoffScreen
from lehavre_tui.tui.screens.help import HelpScreen
from lehavre_tui.tui.screens.scoring import ScoringScreen
from lehavre_tui.tui.screens.setup import SetupScreen
from lehavre_tui.tui.screens.table import TableScreen
from lehavre_tui.tui.widgets import CommandInput, OfferSpaces, PlayerPanel

from .conftest import SIZE, click_form, hint, log_text, new_app, new_session, setup_form, type_command, widget_text

# Round 1 of the seeded 2-player short game (seed 1): Anna builds and uses the Fishery.
ROUND_1 = [
    "supply", "build fishery", "end",
    "supply", "take wood", "end",
    "supply", "enter fishery", "end",
    "supply", "take francs", "end",
    "supply", "take clay", "end",
    "supply", "take wood", "end",
    "supply", "take iron", "end",
]  # fmt: skip
# Round 2: Ben starts; 7 food are due, the wooden ships feed 4 each.
ROUND_2 = [
    "supply", "take fish", "end",
    "supply", "take iron", "end",
    "supply", "take wood", "end",
    "supply", "take francs", "end",
    "supply", "take clay", "end",
    "supply", "take cattle", "end",
    "supply", "take wood", "end",
]  # fmt: skip


def replay(commands: list[str]) -> Session:
    """The same commands straight through the session: what the table must show."""
    s = new_session()
    for c in commands:
        s.command(c)
    return s


async def test_a_whole_round_through_the_command_bar() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        for c in ROUND_1:
            await type_command(app, pilot, c)
        s = app.session
        assert s is not None
        state = s.state
        assert (state.round, state.phase, state.turn) == (2, "turn", 0)
        assert state.current == 1  # Ben starts round 2
        assert state.owner["fishery"] == 0
        assert state.players[0].goods[Good.FISH] == 6
        assert state.players[0].worker == "fishery"
        assert state.players[1].francs == 10
        assert state.owner["bakehouse"] == -1  # the town built the Bakehouse
        assert state.model_dump() == replay(ROUND_1).state.model_dump()
        # the table shows it
        table = app.table
        assert table is not None
        assert "Round 2/8" in widget_text(table.query_one("#topbar"))
        assert "Anna builds the Fishery" in log_text(app)


async def test_feeding_at_the_end_of_round_two() -> None:
    # rounds 1 and 2 played by the engine (the bar plays round 1 above), the last move here
    app = LeHavreApp(replay(ROUND_1 + ROUND_2[:-1]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()  # the table is drawn
        await type_command(app, pilot, ROUND_2[-1])
        s = app.session
        assert s is not None
        assert s.state.phase == "feeding"
        screen = app.screen
        assert isinstance(screen, FeedingScreen)
        seat = s.state.current
        name = s.state.players[seat].name
        who = str(screen.query_one("#feeding-who").render())
        assert f"{name} feeds the workers: 3 food due" in who  # 7 food, the ship feeds 4
        assert "Proposed: pay 3 fish" in str(screen.query_one("#feeding-proposal").render())
        # a payment that is not enough is refused and explained; nothing changes
        before = s.state.model_dump()
        box = screen.query_one("#feeding-input", Input)
        box.value = "fish=1"
        await box.action_submit()
        await pilot.pause()
        assert s.state.model_dump() == before
        assert "That pays 1 of 3 food" in str(screen.query_one("#feeding-error").render())
        # accept the proposal for the first player, pay francs for the second
        await pilot.click("#feed-default")
        await pilot.pause()
        assert s.state.players[seat].goods[Good.FISH] >= 0
        if s.state.phase == "feeding":
            other = s.state.current
            francs = s.state.players[other].francs
            box = app.screen.query_one("#feeding-input", Input)
            box.value = "francs=3"
            await box.action_submit()
            await pilot.pause()
            assert s.state.players[other].francs == francs - 3
        assert s.state.phase == "turn" and s.state.round == 3
        assert not isinstance(app.screen, FeedingScreen)
        assert isinstance(app.screen, HandoffScreen)  # round 3 begins with a new player


async def test_handoff_shows_what_happened_since_the_last_turn() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        for c in ["supply", "take fish"]:
            await type_command(app, pilot, c)
        await type_command(app, pilot, "end", dismiss=False)
        screen = app.screen
        assert isinstance(screen, HandoffScreen)
        assert screen.query_one("#handoff").border_title == "Ben to play"
        text = str(screen.query_one("#handoff-text").render())
        assert "Anna takes the 4 fish." in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.focused is app.screen.query_one(CommandInput)


async def test_a_whole_game_reaches_the_scores() -> None:
    app = new_app(handoff=False)
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        moves = 0
        while s.state.phase != "over":
            await type_command(app, pilot, to_command(legal_actions(s.state)[0], s.state))
            moves += 1
            assert moves < 1000
        screen = app.screen
        assert isinstance(screen, ScoringScreen)
        winners = " and ".join(s.state.players[i].name for i in s.winners())
        assert winners in str(screen.query_one("#winners").render())
        breakdown = screen.query_one("#breakdown").render()
        assert breakdown is not None
        # the table stays readable behind the scores
        await pilot.click("#score-table")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "The game is over" in hint(app)


async def test_undo_takes_back_the_last_move_of_the_turn() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        await type_command(app, pilot, "supply")
        after_supply = s.state.model_dump()
        await type_command(app, pilot, "take wood")
        assert s.state.main_done
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert s.state.model_dump() == after_supply
        assert "Anna takes the last move back." in log_text(app)
        assert "take wood" not in log_text(app).split("takes the last move back")[-1]
        # the supply turned a chit face up: it cannot be taken back
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert s.state.model_dump() == after_supply
        assert "Nothing to take back" in hint(app)


async def test_refused_commands_change_nothing() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        before = s.state.model_dump()
        moves = len(s.actions)
        await type_command(app, pilot, "take fish")  # the supply comes first
        assert "First move your ship" in hint(app)
        assert "First move your ship" in log_text(app)
        await type_command(app, pilot, "frobnicate the harbour")
        assert "Unknown command 'frobnicate'" in hint(app)
        await type_command(app, pilot, "enter")
        await type_command(app, pilot, "buy")
        await type_command(app, pilot, "feed fish=2")
        await type_command(app, pilot, "show nothing-like-this")
        assert s.state.model_dump() == before
        assert len(s.actions) == moves
        # the refused line stays in the bar, to be corrected
        table = app.table
        assert table is not None
        assert table.query_one(CommandInput).value == "show nothing-like-this"


async def test_help_in_the_command_bar_and_the_help_screen() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await type_command(app, pilot, "help take")  # the answer in the help window, in front
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        assert screen.query_one(TabbedContent).active == "help-topic"
        assert "take SPACE" in widget_text(screen.query_one("#help-topic Plain"))
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        glossary = screen.query_one(DataTable)
        assert glossary.row_count == len(content().buildings)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_too_small_terminal_says_so() -> None:
    app = new_app()
    async with app.run_test(size=(79, 23)) as pilot:
        await pilot.pause()
        notice = app.screen.query_one(TooSmall)
        assert notice.display
        assert str(notice.render()).startswith("Le Havre needs a terminal of at least 80×24; this one is 79×23.")
        assert not app.screen.query_one(".body").display
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.screen.query_one(TooSmall).display
        assert app.screen.query_one(".body").display
        await pilot.resize_terminal(120, 23)
        await pilot.pause()
        assert "this one is 120×23." in str(app.screen.query_one(TooSmall).render())


async def test_compact_and_wide_tables_switch_on_resize() -> None:
    app = new_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table = app.table
        assert table is not None and not table.wide
        table.query_one(CommandInput).value = "take fi"
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        assert table.wide
        assert len(table.query(PlayerPanel)) == 2
        assert table.query_one(CommandInput).value == "take fi"  # what was typed survives
        await type_command(app, pilot, "supply")
        assert app.session is not None and app.session.state.supplied


async def test_clicking_an_offer_space_fills_the_command_bar() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        table = app.table
        assert table is not None
        offers = table.query_one(OfferSpaces)
        first = offers.render_lines(Region(0, 0, offers.size.width, 1))[0]
        x = first.text.index("wood")
        await pilot.click(OfferSpaces, offset=(x + 1, 0))
        await pilot.pause()
        assert table.query_one(CommandInput).value == "take wood"


async def test_card_detail_and_moves_on_it() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await type_command(app, pilot, "supply")
        await type_command(app, pilot, "show fishery")
        screen = app.screen
        assert isinstance(screen, CardScreen)
        assert screen.query_one("#card").border_title == "03 Fishery"
        assert "Łowisko" in widget_text(screen.query_one("#card-facts"))
        moves = [str(b.label) for b in screen.query(".move").results(Button)]
        assert moves and all("fishery" in m for m in moves)  # e.g. enter building-firm-1 fishery
        await pilot.click("#move-0")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.query_one(CommandInput).value == moves[0]


async def test_command_palette_plays_a_move() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"supply")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None and app.session.state.supplied


async def test_tab_completes_and_up_recalls() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await type_command(app, pilot, "supply")
        table = app.table
        assert table is not None
        box = table.query_one(CommandInput)
        box.value = "take wo"
        await pilot.press("tab")
        assert box.value == "take wood"
        box.value = ""
        await pilot.press("up")
        assert box.value == "supply"


async def test_save_with_ctrl_s_and_load_it_again(data_dir: Path) -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await type_command(app, pilot, "supply")
        await type_command(app, pilot, "take wood")
        await pilot.press("ctrl+s")
        await pilot.pause()
        saves = list(data_dir.glob("lehavre-*.json"))
        assert len(saves) == 1
        assert f"Saved to {saves[0]}" in log_text(app).replace("\n", "")
    loaded = Session.load(saves[0])
    assert app.session is not None
    assert loaded.state.model_dump() == app.session.state.model_dump()


async def test_setup_screen_starts_a_game(data_dir: Path) -> None:
    app = LeHavreApp()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, SetupScreen)
        await click_form(pilot, "players", 3)
        await click_form(pilot, "name-2")
        await pilot.press("end", *["backspace"] * 5, *"Zoe", "down", "down", "5")  # Clara → Zoe; the seed
        await click_form(pilot, "variant", True)
        await click_form(pilot, "start")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        s = app.session
        assert s is not None
        assert s.state.names == ["Anna", "Ben", "Zoe"]
        assert s.state.variant == "short"
        assert s.setup.seed == 5
        assert autosave_path().exists()  # the session saves after every move


async def test_setup_screen_refuses_twin_names() -> None:
    app = LeHavreApp()
    async with app.run_test(size=SIZE) as pilot:
        await click_form(pilot, "name-1")
        await pilot.press("end", *["backspace"] * 3, *"anna")
        await click_form(pilot, "start")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "names must differ" in widget_text(setup_form(app)).lower()


async def test_continue_the_autosaved_game() -> None:
    s = new_session(autosave=autosave_path())
    s.command("supply")
    s.command("take wood")
    app = LeHavreApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()  # the saved game is read once the screen is drawn
        assert "continue" in setup_form(app).stops()
        assert "Saved game: round 1 of 8, Anna, Ben." in widget_text(setup_form(app))
        await click_form(pilot, "continue")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)  # welcome back: whose turn it is
        assert app.session is not None
        assert app.session.state.model_dump() == s.state.model_dump()


async def test_a_damaged_autosave_is_explained_not_opened() -> None:
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format_version": 1, "setup": ', encoding="utf-8")
    app = LeHavreApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()  # the saved game is read once the screen is drawn
        assert "the saved game is damaged" in widget_text(setup_form(app))
        await click_form(pilot, "continue")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "damaged" in widget_text(setup_form(app))


def test_loading_a_damaged_save_fails_with_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("this is not a save", encoding="utf-8")
    assert main(["load", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "The save file is not valid JSON (line 1); it may be damaged."
    assert main(["load", str(tmp_path / "missing.json")]) == 2
    assert "There is no save file" in capsys.readouterr().err
    assert main(["--continue"]) == 2
    assert "no autosaved game" in capsys.readouterr().err
    assert main(["new", "--players", "7"]) == 2
    assert main(["new", "--players", "2", "--names", "Ann,ann"]) == 2
    assert "names must differ" in capsys.readouterr().err


async def test_ascii_symbols() -> None:
    app = new_app(ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = app.export_screenshot()
        assert "₣" not in text and "①" not in text
        assert "5F" in text.replace("&#160;", " ")


async def test_odd_input_is_explained_never_crashes(tmp_path: Path) -> None:
    app = new_app()
    lines = [
        "   ",
        "take",
        "take ☃",
        "enter [bold]x[/]",
        "help [",
        "feed fish=abc",
        "repay -1",
        "repay ²",
        "feed fish=²",
        "enter fishery ²",
        "repay " + "9" * 5000,
        "buy ship",
        "show",
        "undo now",
        "e " + "x" * 300,
        f"save {tmp_path / 'a-file.txt' / 'x.json'}",
    ]
    (tmp_path / "a-file.txt").write_text("not a folder", encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        before = s.state.model_dump()
        for line in lines:
            await type_command(app, pilot, line)
            if isinstance(app.screen, HelpScreen):  # 'help [' is answered in the help window
                assert line.startswith("help")
                app.screen.dismiss()
                await pilot.pause()
            assert app.table is not None and isinstance(app.screen, TableScreen)
        assert s.state.model_dump() == before
        assert "could not be saved" in log_text(app)


async def test_names_with_brackets_are_shown_as_written() -> None:
    from lehavre_tui.engine.setup import Setup

    session = Session.new(Setup(players=2, variant="short", seed=1, names=["[b]Zed", "Ann[/]"]))
    app = LeHavreApp(session)
    async with app.run_test(size=SIZE) as pilot:
        for c in ["supply", "take fish"]:
            await type_command(app, pilot, c)
        await type_command(app, pilot, "end", dismiss=False)
        assert isinstance(app.screen, HandoffScreen)
        assert "Ann[/] is at the keyboard" in str(app.screen.query_one("#handoff-go", Button).label)
        await pilot.press("enter")
        await pilot.press("f2")
        await pilot.pause()
        assert "Town" in widget_text(app.screen.query_one("#cards-list"))
        await pilot.press("escape")
        await pilot.pause()
        panels = [widget_text(p) for p in app.screen.query(PlayerPanel)]
        assert "[B]ZED" in panels[0] and "ANN[/]" in panels[1]


async def test_pasted_lines_are_played_one_after_the_other() -> None:
    from textual import events

    app = new_app(handoff=False)
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        table = app.table
        assert table is not None
        box = table.query_one(CommandInput)
        box.focus()
        box.value = "sup"  # typed before the paste: the first line continues it
        box.post_message(events.Paste("ply\r\ntake wood\n\nend\ntake fi"))
        for _ in range(50):
            await pilot.pause()
            if len(s.actions) >= 3:
                break
        assert [a.kind for a in s.actions] == ["supply", "take", "end"]
        assert box.value == "take fi"  # the unfinished line waits in the bar
        box.value = ""
        box.post_message(events.Paste("supply\ntake nothing\n"))
        for _ in range(50):
            await pilot.pause()
        assert [a.kind for a in s.actions] == ["supply", "take", "end", "supply"]
        assert box.value == "take nothing"  # refused: back in the bar to be corrected
        assert "take nothing" not in [a.kind for a in s.actions]


async def test_a_single_pasted_word_is_just_text() -> None:
    from textual import events

    app = new_app(handoff=False)
    async with app.run_test(size=SIZE) as pilot:
        table = app.table
        assert table is not None
        box = table.query_one(CommandInput)
        box.focus()
        box.post_message(events.Paste("supply"))
        await pilot.pause()
        assert box.value == "supply"
        assert app.session is not None and app.session.actions == []


async def test_clicking_your_ship_fills_its_sale_into_the_bar() -> None:
    from lehavre_tui.engine.cards import content

    app = new_app(handoff=False)
    async with app.run_test(size=SIZE) as pilot:
        s = app.session
        assert s is not None
        table = app.table
        assert table is not None
        ship = content().ships[s.state.players[0].ships[0]]  # the short game's starting ship
        panel = table.query(PlayerPanel)[0]
        lines = panel.render_lines(Region(0, 0, panel.size.width, panel.size.height))
        y, line = next((i, ln.text) for i, ln in enumerate(lines) if "Ships" in ln.text)
        await pilot.click(panel, offset=(line.index(ship.name), y))
        await pilot.pause()
        assert table.query_one(CommandInput).value == f"sell {ship.name.lower()}"
        # another player's ships are not for the player to act to sell
        other = table.query(PlayerPanel)[1]
        lines = other.render_lines(Region(0, 0, other.size.width, other.size.height))
        y, line = next((i, ln.text) for i, ln in enumerate(lines) if "Ships" in ln.text)
        theirs = content().ships[s.state.players[1].ships[0]].name
        table.query_one(CommandInput).value = ""
        await pilot.click(other, offset=(line.index(theirs), y))
        await pilot.pause()
        assert table.query_one(CommandInput).value == ""
