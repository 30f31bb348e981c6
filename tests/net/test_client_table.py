"""The table client of a hosted table (`lehavre join`), driven with Textual's pilot against a
host in the same event loop; the other player is a raw protocol client."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from textual.pilot import Pilot

from lehavre_tui.engine.setup import Setup
from lehavre_tui.engine.state import OFFER_SPACES
from lehavre_tui.net.host import Host
from lehavre_tui.net.protocol import TableUpdate
from lehavre_tui.tui.app import LeHavreApp
from lehavre_tui.tui.hosted import Visit
from lehavre_tui.tui.screens.feeding import FeedingScreen
from lehavre_tui.tui.screens.lobby import LobbyScreen
from lehavre_tui.tui.screens.table import TableScreen
from lehavre_tui.tui.widgets import CommandInput, GameLog, PlayerLine
from lehavre_tui.tui.widgets.command_bar import CommandHint, completions

from ..tui.conftest import widget_text
from .conftest import seated


async def until(pilot: Pilot, ready: Callable[[], bool], timeout: float = 8.0) -> None:
    for _ in range(int(timeout / 0.05)):
        if ready():
            return
        await pilot.pause(0.05)
    raise AssertionError("the table client did not get there in time")


def hint_text(app: LeHavreApp) -> str:
    return str(app.screen.query_one(CommandHint)._text)


def log_text(app: LeHavreApp) -> str:
    """The log as drawn, its wrapped lines joined again."""
    return " ".join(" ".join(line.text for line in app.screen.query_one(GameLog).lines).split())


async def play(pilot: Pilot, line: str) -> None:
    box = pilot.app.screen.query_one(CommandInput)
    box.value = line
    await box.action_submit()
    await pilot.pause()


def visit_as(host: Host, login: str, table: int | None = None) -> Visit:
    return Visit("127.0.0.1", host.port, "", "en", ticket=host.issue_ticket(login, table, "en"))


async def test_a_player_sits_down_from_the_lobby_and_plays_with_another(host: Host, two_players) -> None:
    host.new_table(Setup(players=3, seed=5), ["human", "random", "human"], named=False)
    visit = visit_as(host, "anna")
    app = LeHavreApp(None, visit=visit)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: len(visit.tables) == 2)
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("enter")  # the first table
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert visit.table is not None and visit.table.seat == 0
        ben = await seated(host, "ben", two_players.id)
        await play(pilot, "supply")
        update = await ben.until("table")
        while update.moves < 1:
            update = await ben.until("table")
        await play(pilot, "take fish")
        await play(pilot, "end")
        await until(pilot, lambda: app.session is not None and app.session.state.current == 1)
        # now it is Ben's turn: Anna's bar says what she may do meanwhile
        await until(pilot, lambda: "Ben is to play. Meanwhile: sell" in hint_text(app))
        assert completions(app.game, "") and all(
            c.split()[0] in ("sell", "help", "say", "show", "cards", "scores", "lobby", "quit")
            for c in completions(app.game, "")
        )
        await ben.send({"type": "command", "seat": 1, "text": "supply"})
        await until(pilot, lambda: "Ben's ship reaches" in log_text(app))
        # words for the table, both ways
        await play(pilot, "say good luck")
        await ben.said("Anna says: good luck")
        await ben.send({"type": "say", "seat": 1, "text": "thanks"})
        await until(pilot, lambda: "Ben says: thanks" in log_text(app))


async def test_keys_typed_before_the_table_is_drawn_are_typed_at_the_table(host: Host, two_players) -> None:
    visit = visit_as(host, "anna", two_players.id)
    table_on_its_way: list[TableUpdate] = []
    draw_table = visit._table
    visit._table = table_on_its_way.append  # type: ignore[method-assign]  # the table arrives late
    app = LeHavreApp(None, visit=visit)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: bool(table_on_its_way))
        assert visit.arriving and not isinstance(app.screen, TableScreen)
        await pilot.press(*"supply", "enter")  # Anna types her move before she sees the table
        assert two_players.moves == 0
        draw_table(table_on_its_way[0])
        await until(pilot, lambda: two_players.moves == 1)
        assert not visit.arriving and visit.typed_ahead == []
        assert app.screen.query_one(CommandInput).value == ""


def test_keys_are_held_from_the_start_of_a_visit_that_goes_straight_to_the_host(host: Host) -> None:
    """A key can reach the client before its first screen is up: a login the host knows holds
    it from the start; a visit that first asks for a name and code (or a language) does not."""
    straight = visit_as(host, "anna")
    assert straight.hold("s", "s", True) and straight.typed_ahead == [("s", "s")]
    assert not straight.hold("f1", None, False)  # keys that are not typing work at once
    for asking in (Visit("127.0.0.1", host.port, "", "en"), Visit("127.0.0.1", host.port, "", None, ticket="t")):
        assert not asking.hold("s", "s", True)


async def test_a_refusal_from_the_host_comes_back_into_the_bar(host: Host, two_players) -> None:
    app = LeHavreApp(None, visit=visit_as(host, "ben", two_players.id))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await play(pilot, "take fish")  # Anna's turn
        bar = app.screen.query_one(CommandInput)
        await until(pilot, lambda: bar.value == "take fish")
        assert "Anna is to act now; while you wait you may only sell" in hint_text(app)
        assert two_players.moves == 0
        for word, why in (("undo", "cannot be taken back"), ("save", "The host keeps this game"),
                          ("pause", "The host plays the bots")):  # fmt: skip
            await play(pilot, word)
            assert why in log_text(app)


async def test_a_player_who_leaves_is_shown_away(host: Host, two_players) -> None:
    app = LeHavreApp(None, visit=visit_as(host, "anna", two_players.id))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        ben = await seated(host, "ben", two_players.id)
        await until(pilot, lambda: "Ben is at the table." in log_text(app))
        ben.close()
        await until(pilot, lambda: "Ben is away; the seat waits." in log_text(app))
        lines = [w for w in app.screen.query(PlayerLine) if w.seat_no == 1]
        assert lines and "away" in widget_text(lines[0])
        assert app.session is not None and app.session.away(1) and not app.session.away(0)


async def test_a_lost_connection_comes_back_to_the_same_seat(host: Host, two_players) -> None:
    visit = visit_as(host, "anna", two_players.id)
    app = LeHavreApp(None, visit=visit)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await play(pilot, "supply")
        await until(pilot, lambda: two_players.moves == 1)
        for client in list(host.clients):
            client.writer.transport.abort()  # the line breaks
        await until(pilot, lambda: "lost; trying again" in log_text(app))
        await until(pilot, lambda: "Anna is at the table." in log_text(app).split("lost; trying again")[-1])
        await play(pilot, "take fish")
        await until(pilot, lambda: two_players.moves == 2)
        assert app.session is visit.table and visit.table is not None and visit.table.seat == 0


def feeding_shown(screen: FeedingScreen) -> bool:
    who = screen.query("#feeding-who")
    return bool(who) and "feeds the workers" in str(who.first().render())


async def test_only_the_feeding_players_own_client_opens_the_feeding(host: Host) -> None:
    game = host.new_table(Setup(players=2, variant="short", seed=1), ["human", "human"], named=False)
    s = game.session
    while s.state.phase != "feeding":  # play the first round quickly, host side
        st = s.state
        fullest = OFFER_SPACES[max(range(len(OFFER_SPACES)), key=lambda i: st.offers[i])]
        line = "supply" if not st.supplied else (f"take {fullest}" if not st.main_done else "end")
        game.play(st.current, line)
    ben_feeds = s.state.current == 1
    app = LeHavreApp(None, visit=visit_as(host, "anna" if ben_feeds else "ben", game.id))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause(0.3)
        assert not isinstance(app.screen, FeedingScreen)  # the other player feeds
        assert "is to play. Meanwhile" in hint_text(app)
    app = LeHavreApp(None, visit=visit_as(host, "ben" if ben_feeds else "anna", game.id))
    async with app.run_test(size=(100, 30)) as pilot:
        # the window is up and filled in (left before it is mounted, the test would close the
        # app while the window is still being put together)
        await until(pilot, lambda: isinstance(app.screen, FeedingScreen) and feeding_shown(app.screen))


async def test_a_browser_visitor_gives_a_name_and_the_invite_code(host: Host, two_players) -> None:
    visit = Visit("127.0.0.1", host.port, "", "en")
    app = LeHavreApp(None, visit=visit)
    async with app.run_test(size=(100, 30)) as pilot:
        assert visit.needs_login
        await pilot.click("#login-go")
        assert "Give your player name and the table's invite code" in str(
            app.screen.query_one("#lobby-status").render()
        )
        app.screen.query_one("#login-name").value = "zoe"  # type: ignore[attr-defined]
        app.screen.query_one("#login-code").value = two_players.code  # type: ignore[attr-defined]
        await pilot.pause(0.3)  # a button pressed again at once is ignored (Textual's press effect)
        await pilot.click("#login-go")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert visit.table is not None and visit.table.name == "Zoe"


async def test_a_host_that_ends_the_visit_ends_the_client_with_its_reason(host: Host) -> None:
    visit = Visit("127.0.0.1", host.port, "", "en", ticket="forged")
    app = LeHavreApp(None, visit=visit)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: visit.ended)
        await pilot.pause(0.2)
    assert app.return_code == 1
    assert "no longer valid" in visit.status


async def test_the_table_update_message_is_a_valid_protocol_message(host: Host, two_players) -> None:
    anna = await seated(host, "anna", two_players.id)
    await anna.send({"type": "say", "seat": 0, "text": 'quotes " and \\ backslashes'})
    update = await anna.said('Anna says: quotes " and \\ backslashes')
    assert isinstance(update, TableUpdate)
    await asyncio.sleep(0)


async def test_a_polish_reader_reads_the_table_moves_and_the_bar_in_polish(host: Host) -> None:
    from lehavre_tui.net.words import in_language
    from lehavre_tui.text import set_language

    table = host.new_table(Setup(players=2, variant="short", seed=1, names=["Ben", "Anna"]), ["human"] * 2, True)
    ben = await seated(host, "ben", table.id)  # Ben is to play
    visit = Visit("127.0.0.1", host.port, "", "pl", ticket=host.issue_ticket("anna", None, "pl"))
    app = LeHavreApp(None, visit=visit, language="pl")
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            assert [c.lang for c in host.clients if c.name == "Anna"] == ["pl"]
            # Anna waits: her bar, in Polish, and only what she may do meanwhile, in Polish words
            await until(pilot, lambda: "Gra Ben. Tymczasem: sprzedaj" in hint_text(app))
            offered = completions(app.game, "")
            assert offered and all(c.split()[0] in ("sprzedaj", "pomoc", "powiedz", "pokaż", "karty",
                                                    "wyniki", "lobby", "wyjdź") for c in offered)  # fmt: skip
            # Ben's move, narrated by the host as a message, is worded here in Polish
            moves = table.moves
            await ben.send({"type": "command", "seat": 0, "text": "supply"})
            await until(pilot, lambda: table.moves == moves + 1)
            event = table.session.log[-1].event
            await until(pilot, lambda: " ".join(in_language("pl", event).split()) in log_text(app))
            assert str(event) not in log_text(app)
            # words said at the table, and a refusal from the host, both in Polish
            await play(pilot, "powiedz cześć")
            await until(pilot, lambda: "Anna mówi: cześć" in log_text(app))
            await play(pilot, "zaopatrz")
            await until(pilot, lambda: "czekając, możesz tylko sprzedać" in str(app.screen.query_one(CommandHint)._text)
                        or "czekając, możesz tylko sprzedać" in log_text(app))  # fmt: skip
    finally:
        set_language("en")


async def test_through_join_a_seat_code_is_shown_once_kept_and_nobody_else_sits_there(host: Host, two_players) -> None:
    kept: list[str] = []
    visit = Visit("127.0.0.1", host.port, "anna", "en", code=two_players.code, keep_seat_code=kept.append)
    app = LeHavreApp(None, visit=visit)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert visit.table is not None and visit.table.seat == 0
        assert len(kept) == 1 and visit.seat_code == kept[0]
        await until(pilot, lambda: f"seat code {kept[0]}" in log_text(app))
        assert f"{two_players.code} {kept[0]}" in log_text(app)  # how to come back
    # another `lehavre join --name anna --code CODE`, without the seat code: not into her seat
    thief = Visit("127.0.0.1", host.port, "anna", "en", code=two_players.code)
    app = LeHavreApp(None, visit=thief)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "belongs to the player who first sat in it" in thief.status)
        assert thief.table is None and isinstance(app.screen, LobbyScreen)
    # Anna's own client, with the seat code it kept: back in her seat, no new code
    back = Visit("127.0.0.1", host.port, "anna", "en", code=two_players.code, seat_code=kept[0])
    app = LeHavreApp(None, visit=back)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert back.table is not None and back.table.seat == 0 and len(kept) == 1
