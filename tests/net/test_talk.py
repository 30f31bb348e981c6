"""Words said at a hosted table: kept with the moves, resumed in their places, bounded."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lehavre_tui.engine.errors import IllegalAction
from lehavre_tui.engine.rules import legal_actions
from lehavre_tui.engine.setup import Setup
from lehavre_tui.net import host as host_module
from lehavre_tui.net import tables
from lehavre_tui.net.host import Host
from lehavre_tui.net.protocol import TableUpdate
from lehavre_tui.net.storage import Store
from lehavre_tui.net.tables import SAYS_PER_MINUTE, WATCHERS_SAYS_PER_MINUTE, HostedGame

from .conftest import RawClient, seated

MOVES = 8


def _table(tmp_path: Path, name: str) -> tuple[Store, HostedGame]:
    store = Store(tmp_path / f"{name}.sqlite3")
    return store, HostedGame.create(store, Setup(players=2, variant="short", seed=3), ["human", "human"], named=False)


def _play(game: HostedGame, says_at: set[int]) -> None:
    """MOVES moves (the first legal one each time), words said after the moves in `says_at`
    (0: before the first move), by both seats and a watcher."""
    for n in range(MOVES + 1):
        if n in says_at:
            game.say(0, "Anna", f"after {n}")
            game.say(None, "Zoe", f"watching after {n}")
            game.say(1, "Ben", f"and after {n}")
        if n < MOVES:
            game.play_action(legal_actions(game.session.state)[0])


@pytest.mark.parametrize("says_at", [{k} for k in range(MOVES + 1)] + [set(range(MOVES + 1)), {0, MOVES}, {2, 3, 5}])
def test_a_resumed_table_has_the_log_the_players_saw(tmp_path: Path, says_at: set[int]) -> None:
    store, game = _table(tmp_path, "t")
    _play(game, says_at)
    seen = [(e.text, e.move, e.seat, e.kind) for e in game.log]
    resumed = HostedGame.from_stored(store.open_tables()[0], store)
    assert [(e.text, e.move, e.seat, e.kind) for e in resumed.log] == seen
    assert resumed.session.state.model_dump() == game.session.state.model_dump()
    store.close()


# --- talk is bounded ---------------------------------------------------------------------------


def test_says_are_limited_per_seat_and_watchers_per_minute(tmp_path: Path) -> None:
    store, game = _table(tmp_path, "rate")
    for k in range(SAYS_PER_MINUTE):
        game.say(0, "Anna", f"line {k}", now=100.0 + k)
    with pytest.raises(IllegalAction) as refused:
        game.say(0, "Anna", "one more", now=120.0)
    assert str(refused.value) == "Say at most 12 lines a minute; wait 40 s."
    game.say(1, "Ben", "Ben has his own minute", now=120.0)
    game.say(0, "Anna", "a minute later", now=160.5)
    for k in range(SAYS_PER_MINUTE):  # one watcher
        game.say(None, "zoe", f"z {k}", now=200.0)
    with pytest.raises(IllegalAction):
        game.say(None, "ZOE", "again", now=200.0)
    for k in range(WATCHERS_SAYS_PER_MINUTE - SAYS_PER_MINUTE):  # others, up to the watchers' minute
        game.say(None, f"w{k}", "hi", now=200.0)
    with pytest.raises(IllegalAction) as refused:
        game.say(None, "yet-another", "hi", now=200.0)
    assert "The watchers say at most 20 lines a minute together" in str(refused.value)
    store.close()


def test_a_table_keeps_so_many_lines_from_each_seat_and_its_watchers(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(tables, "SAYS_KEPT_PER_SEAT", 5)
    monkeypatch.setattr(tables, "SAYS_KEPT_WATCHING", 3)
    store, game = _table(tmp_path, "kept")
    for k in range(5):
        game.say(0, "Anna", f"a {k}", now=1000.0 * k)
    with pytest.raises(IllegalAction) as refused:
        game.say(0, "Anna", "more", now=99999.0)
    assert str(refused.value) == "You have said 5 lines at this table, as many as it keeps from a seat."
    for k in range(3):
        game.say(None, f"w{k}", "hi", now=1000.0 * k)
    with pytest.raises(IllegalAction):
        game.say(None, "w9", "hi", now=99999.0)
    game.say(1, "Ben", "Ben still talks", now=99999.0)
    resumed = HostedGame.from_stored(store.open_tables()[0], store)  # the count survives a restart
    with pytest.raises(IllegalAction):
        resumed.say(0, "Anna", "more", now=99999.0)
    assert store.db.execute("SELECT count(*) FROM says").fetchone()[0] == 9
    store.close()


def _play_round(game: HostedGame) -> None:
    start = game.session.state.round
    while game.session.state.round == start:
        game.play_action(legal_actions(game.session.state)[0])


async def test_a_newcomer_gets_the_rounds_log_and_the_whole_log_on_request(host: Host, two_players) -> None:
    two_players.say(0, "Anna", "before the first move")
    _play_round(two_players)
    assert two_players.round_began > 0
    two_players.say(1, "Ben", "in round two")
    zoe = await RawClient.open(host.port)
    await zoe.hello("zoe", key=host.local_key, table=two_players.id)
    first = await zoe.until("table")
    assert isinstance(first, TableUpdate) and first.log_from == two_players.round_began
    texts = [e.text for e in first.log]
    assert "Ben says: in round two" in texts and "Anna says: before the first move" not in texts
    await zoe.send({"type": "log"})
    whole = await zoe.until("table")
    assert isinstance(whole, TableUpdate) and whole.log_from == 0 and len(whole.log) == len(two_players.log)
    assert whole.log[0].text == two_players.log[0].text
    await zoe.send({"type": "log"})  # again at once: the whole log is long, so not so often
    refusal = await zoe.until("refusal")
    assert refusal.text.startswith("The whole log was sent a moment ago; ask again in")


def test_the_client_keeps_where_its_log_begins() -> None:
    from lehavre_tui.net.client import HostedTable
    from lehavre_tui.net.protocol import LogEntry, Seated

    def update(start: int, texts: list[str]) -> TableUpdate:
        return TableUpdate(
            table=1,
            moves=0,
            state=Session_new().state,
            seats=[],
            log_from=start,
            log=[LogEntry.of(t, 0, 0) for t in texts],
        )

    table = HostedTable(None, Seated(table=1, seat=0, name="Anna"), update(40, ["a", "b"]))  # type: ignore[arg-type]
    assert [str(line.event) for line in table.log] == ["a", "b"] and table.log_base == 40
    table.update(update(42, ["c"]))
    assert [str(line.event) for line in table.log] == ["a", "b", "c"]
    table.update(update(41, ["B", "C"]))  # told anew from 41 (a seat took its player's name)
    assert [str(line.event) for line in table.log] == ["a", "B", "C"]
    table.update(update(0, ["w", "x", "y"]))  # the whole log
    assert [str(line.event) for line in table.log] == ["w", "x", "y"] and table.log_base == 0


def Session_new():  # noqa: N802 - a fresh game's state for the table above
    from lehavre_tui.session import Session

    return Session.new(Setup(players=2, variant="short", seed=1), seats=["human", "human"])


async def test_no_update_is_longer_than_the_limit(host: Host, two_players, monkeypatch) -> None:
    monkeypatch.setattr(host_module, "MAX_UPDATE", 60_000)
    for k in range(200):
        two_players.say(0, "Anna", "x" * 250, now=float(k * 10))
    zoe = await RawClient.open(host.port)
    await zoe.hello("zoe", key=host.local_key, table=two_players.id)
    await zoe.send({"type": "log"})
    first = await zoe.until("table")
    await zoe.until("table")
    raw = first.model_dump_json()
    assert len(raw) < 60_000 and first.log_from > 0
    assert first.log[-1].text == two_players.log[-1].text  # the newest entries are the ones kept


async def test_a_client_reads_a_line_over_its_limit_as_a_broken_connection() -> None:
    from lehavre_tui.net import client as client_module
    from lehavre_tui.net.client import HostLink
    from lehavre_tui.net.protocol import BadMessage

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"x" * (client_module.READ_LIMIT + 10) + b"\n")
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    link = HostLink("127.0.0.1", port)
    await link.connect()
    with pytest.raises(BadMessage) as broken:
        await link.run(lambda m: None)
    assert "longer than 16 MiB" in str(broken.value)
    link.close()
    server.close()


async def test_log_at_the_table_brings_the_whole_log(host: Host, two_players) -> None:
    from lehavre_tui.tui.hosted import Visit
    from lehavre_tui.tui.visiting import VisitingApp

    from .test_client_table import play, until

    two_players.say(0, "Anna", "from the first round")
    _play_round(two_players)
    visit = Visit("127.0.0.1", host.port, "", "en", ticket=host.issue_ticket("anna", two_players.id, "en"))
    app = VisitingApp(None, visit=visit)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: visit.table is not None)
        table = visit.table
        assert table is not None and table.log_base == two_players.round_began > 0
        await play(pilot, "log")
        await until(pilot, lambda: table.log_base == 0)
        assert len(table.log) == len(two_players.log)
        assert "Anna says: from the first round" in [str(line.event) for line in table.log]


async def test_a_connection_that_comes_and_goes_does_not_grow_the_log(host: Host, two_players) -> None:
    anna = await seated(host, "anna", two_players.id)
    ben = await seated(host, "ben", two_players.id)
    await anna.send({"type": "say", "seat": 0, "text": "hello Ben"})
    await anna.said("Anna says: hello Ben")
    ben.close()
    update = await anna.said("Ben is away; the seat waits.")
    length = len(two_players.log)
    for _ in range(30):
        ben = await seated(host, "ben", two_players.id)
        ben.close()
        await asyncio.sleep(0.02)
    await anna.send({"type": "say", "seat": 0, "text": "still here"})
    update = await anna.said("Anna says: still here")
    texts = [e.text for e in two_players.log]
    notes = [t for t in texts if t in ("Ben is at the table.", "Ben is away; the seat waits.")]
    assert len(notes) == 4 and len(texts) == length + 3  # Ben's notes since the last move: four at most
    assert texts[-1] == "Anna says: still here"
    assert update.log_from + len(update.log) == len(two_players.log)


async def test_a_seat_that_takes_its_players_name_tells_the_whole_log_anew(host: Host, two_players) -> None:
    anna = await seated(host, "anna", two_players.id)
    _play_round(two_players)  # Ben's moves are in the log under the set-up's name
    await anna.send({"type": "say", "seat": 0, "text": "who is coming?"})
    await anna.said("Anna says: who is coming?")
    zoe = await RawClient.open(host.port)
    await zoe.hello("zoe", key=host.local_key, table=two_players.id)
    assert (await zoe.until("seated")).name == "Zoe"  # type: ignore[union-attr]
    update = await anna.until("table")
    while update.log_from != 0:
        update = await anna.until("table")
    texts = " ".join(e.text for e in update.log)
    assert "Zoe" in texts and "Ben" not in texts and len(update.log) == len(two_players.log)
