"""The host and its clients over the loopback interface: seats, moves, words, reconnecting."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from typing import get_args

import pytest

from lehavre_tui.engine.setup import Setup
from lehavre_tui.engine.state import Pending
from lehavre_tui.net.host import Host
from lehavre_tui.net.protocol import Bye, Note, Refusal, Seated, SeatKind, Tables, TableUpdate, Welcome
from lehavre_tui.net.words import from_data
from lehavre_tui.seats import BOT_KINDS

from .conftest import RawClient, seated


async def test_logins_take_the_seats_of_their_names_and_moves_reach_everybody(host: Host, two_players) -> None:
    anna = await RawClient.open(host.port)
    await anna.hello("anna", key=host.local_key, table=two_players.id)
    welcome = await anna.receive()
    assert isinstance(welcome, Welcome) and welcome.name == "Anna"
    sat = await anna.until("seated")
    assert isinstance(sat, Seated) and sat.seat == 0 and sat.name == "Anna" and sat.code == two_players.code
    first = await anna.until("table")
    assert isinstance(first, TableUpdate) and first.log_from == 0 and first.moves == 0
    ben = await seated(host, "BEN", two_players.id)
    await anna.until("table")  # Ben sat down
    await anna.send({"type": "command", "seat": 0, "text": "supply", "id": 7})
    done = await anna.until("done")
    assert done.id == 7
    update = await ben.until("table")
    assert isinstance(update, TableUpdate) and update.moves == 1 and update.state.supplied
    assert any(e.text.startswith("Anna") for e in update.log)
    assert [s.present for s in update.seats] == [True, True]


async def test_a_client_acts_only_for_its_own_seat(host: Host, two_players) -> None:
    anna = await seated(host, "anna", two_players.id)
    ben = await seated(host, "ben", two_players.id)
    await ben.send({"type": "command", "seat": 0, "text": "supply", "id": 1})  # a forged seat
    refusal = await ben.until("refusal")
    assert isinstance(refusal, Refusal) and "only for the seat it was given: your seat is 2 (Ben)" in refusal.text
    await ben.send({"type": "command", "seat": 1, "text": "supply", "id": 2})  # Ben's own, out of turn
    refusal = await ben.until("refusal")
    assert refusal.id == 2 and "Anna is to act now; while you wait you may only sell" in refusal.text
    assert two_players.moves == 0
    await anna.send({"type": "command", "seat": 0, "text": "help sell", "id": 3})
    note = await anna.until("note")
    assert isinstance(note, Note) and "half their value" in note.text


async def test_unknown_logins_take_free_seats_and_their_names_then_watch(host: Host, two_players) -> None:
    zoe = await RawClient.open(host.port)
    await zoe.hello("zoe", key=host.local_key, table=two_players.id)
    sat = await zoe.until("seated")
    assert sat.seat == 0 and sat.name == "Zoe"
    update = await zoe.until("table")
    assert update.state.players[0].name == "Zoe" and update.seats[0].name == "Zoe"
    assert two_players.session.state.players[0].name == "Zoe"
    ben = await seated(host, "ben", two_players.id)
    carl = await RawClient.open(host.port)
    await carl.hello("carl", key=host.local_key, table=two_players.id)
    sat = await carl.until("seated")
    assert sat.seat is None and sat.code is None  # every seat is taken: Carl watches
    await carl.send({"type": "command", "seat": 0, "text": "supply"})
    assert "You are watching" in (await carl.until("refusal")).text
    await carl.send({"type": "say", "seat": None, "text": "good \x1b[31mluck"})
    said = await ben.heard()
    assert said.log[-1].text == "Carl (watching) says: good  [31mluck" and said.log[-1].kind == "say"


async def test_seats_the_host_named_wait_for_their_players(host: Host) -> None:
    game = host.new_table(Setup(players=2, seed=3, names=["Ann", "Bo"]), ["human", "human"], named=True)
    zoe = await RawClient.open(host.port)
    await zoe.hello("zoe", key=host.local_key, table=game.id)
    assert (await zoe.until("seated")).seat is None
    bo = await RawClient.open(host.port)
    await bo.hello("bo", key=host.local_key, table=game.id)
    assert (await bo.until("seated")).seat == 1


async def test_a_dropped_seat_waits_away_and_its_player_comes_back_to_it(host: Host, two_players) -> None:
    anna = await seated(host, "anna", two_players.id)
    ben = await seated(host, "ben", two_players.id)
    await anna.send({"type": "command", "seat": 0, "text": "supply", "id": 1})
    await anna.until("done")
    ben.close()
    update = await anna.until("table")
    while update.seats[1].present:
        update = await anna.until("table")
    assert update.seats[1].claimed and update.log[-1].text == "Ben is away; the seat waits."
    ben = await RawClient.open(host.port)
    await ben.hello("Ben", key=host.local_key, table=two_players.id)
    assert (await ben.until("seated")).seat == 1
    back = await ben.until("table")
    assert back.moves == 1 and back.log_from == 0 and back.log[-1].text == "Ben is at the table."


async def test_a_second_login_of_the_same_player_takes_the_seat_over(host: Host, two_players) -> None:
    old = await seated(host, "anna", two_players.id)
    new = await seated(host, "anna", two_players.id)
    said = await old.closed()
    assert any(isinstance(m, Bye) and "from another terminal" in m.text for m in said)
    await new.send({"type": "command", "seat": 0, "text": "supply", "id": 1})
    assert (await new.until("done")).id == 1


async def test_a_move_is_on_the_disk_before_anybody_sees_it(host: Host, two_players) -> None:
    anna = await seated(host, "anna", two_players.id)
    ben = await seated(host, "ben", two_players.id)
    await anna.send({"type": "command", "seat": 0, "text": "supply"})
    update = await ben.until("table")
    while update.moves < 1:
        update = await ben.until("table")
    other = sqlite3.connect(host.store.path)  # another reader, as after a crash
    assert other.execute("SELECT n, seat FROM moves WHERE table_id = ?", (two_players.id,)).fetchall() == [(1, 0)]
    other.close()


async def test_a_move_that_cannot_be_stored_is_refused_and_taken_back(host: Host, two_players, monkeypatch) -> None:
    anna = await seated(host, "anna", two_players.id)

    def full_disk(*args: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(host.store, "add_move", full_disk)
    await anna.send({"type": "command", "seat": 0, "text": "supply", "id": 4})
    refusal = await anna.until("refusal")
    assert refusal.id == 4 and "could not store the move (database or disk is full); nothing changed" in refusal.text
    assert two_players.moves == 0 and not two_players.session.state.supplied


async def test_words_said_at_the_table_reach_everybody_and_are_kept(host: Host, two_players) -> None:
    anna = await seated(host, "anna", two_players.id)
    ben = await seated(host, "ben", two_players.id)
    await anna.send({"type": "say", "seat": 0, "text": "  hello\nBen  "})
    heard = await ben.heard()
    assert heard.log[-1].text == "Anna says: hello Ben" and heard.log[-1].seat == 0
    [(after, seat, stored)] = host.store.says(two_players.id)  # kept as a message, for every reader's language
    assert (after, seat) == (0, 0) and str(from_data(json.loads(stored))) == "Anna says: hello Ben"
    await anna.send({"type": "say", "seat": 1, "text": "as Ben"})
    assert "your seat is 1 (Anna)" in (await anna.until("refusal")).text


async def test_bots_at_a_hosted_table_are_played_by_the_host(host: Host) -> None:
    game = host.new_table(Setup(players=2, variant="short", seed=5), ["human", "random"], named=False)
    anna = await seated(host, "anna", game.id)
    for line in ("supply", "take wood", "end"):
        await anna.send({"type": "command", "seat": 0, "text": line})
        await anna.until("done")
    update = await anna.until("table")
    while update.state.current != 0:  # the bot plays its whole turn, then it is Anna's again
        update = await anna.until("table", timeout=20)
    assert update.moves > 3 and game.session.movers[3] == 1
    assert host.store.moves(game.id)[3][0] == 1


def test_every_seat_a_table_takes_can_be_told_over_the_wire() -> None:
    assert set(get_args(SeatKind)) == {"human", *BOT_KINDS}


async def test_tables_with_bots_of_every_level_are_listed_created_and_played(host: Host, two_players) -> None:
    """A table with level bots is listed in the lobby, a new one can be asked for with them,
    and its players get the table after the bots' moves."""
    game = host.new_table(Setup(players=4, variant="short", seed=6), ["human", "easy", "medium", "expert"], named=False)
    me = await RawClient.open(host.port)
    await me.hello("eva", key=host.local_key)
    await me.until("welcome")
    tables = await me.until("tables")
    assert [s.kind for s in tables.tables[-1].seats] == ["human", "easy", "medium", "expert"]
    await me.send({"type": "create", "seats": ["human", "hard", "expert"], "variant": "short"})
    sat = await me.until("seated")
    assert [s.kind for s in host.tables[sat.table].seats] == ["human", "hard", "expert"]
    anna = await seated(host, "anna", game.id)
    for line in ("supply", "take wood", "end"):
        await anna.send({"type": "command", "seat": 0, "text": line})
        await anna.until("done")
    update = await anna.until("table")
    assert [s.kind for s in update.seats] == ["human", "easy", "medium", "expert"]


async def test_a_login_goes_to_its_table_without_the_lobby(host: Host, two_players) -> None:
    zoe = await RawClient.open(host.port)
    await zoe.hello("zoe", key=host.local_key)  # the only table has a free seat
    assert (await zoe.until("seated")).seat == 0
    other = host.new_table(Setup(players=2, seed=4, names=["Ann", "Bo"]), ["human", "human"], named=True)
    bo = await RawClient.open(host.port)
    await bo.hello("bo", key=host.local_key)  # the one table with a seat of his name
    sat = await bo.until("seated")
    assert sat.table == other.id and sat.seat == 1
    eva = await RawClient.open(host.port)
    await eva.hello("eva", key=host.local_key)  # two tables, none hers: the lobby
    await eva.until("welcome")
    assert isinstance(await eva.receive(), Tables)


async def test_the_lobby_lists_creates_and_joins_tables(host: Host, two_players) -> None:
    host.new_table(Setup(players=2, seed=8), ["human", "human"], named=False)
    me = await RawClient.open(host.port)
    await me.hello("eva", key=host.local_key)
    assert (await me.receive()).may_create
    tables = await me.receive()
    assert isinstance(tables, Tables) and [t.id for t in tables.tables] == [two_players.id, two_players.id + 1]
    await me.send({"type": "create", "seats": ["human", "random", "human"], "variant": "short"})
    sat = await me.until("seated")
    assert sat.seat == 0 and sat.name == "Eva" and sat.table == two_players.id + 2
    new = host.tables[sat.table]
    assert [s.kind for s in new.seats] == ["human", "random", "human"]
    await me.send({"type": "leave"})
    tables = await me.until("tables")
    assert len(tables.tables) == 3 and not tables.tables[2].seats[0].present and tables.tables[2].seats[0].claimed
    await me.send({"type": "join", "table": two_players.id})
    assert (await me.until("seated")).seat == 0  # an unnamed seat takes her name there too


async def test_an_invite_code_opens_its_own_table_only(host: Host, two_players) -> None:
    other = host.new_table(Setup(players=2, seed=9), ["human", "human"], named=False)
    guest = await RawClient.open(host.port)
    await guest.hello("dora", code=two_players.code.upper())
    assert not (await guest.receive()).may_create
    assert (await guest.until("seated")).table == two_players.id
    await guest.send({"type": "join", "table": other.id})
    assert "no table" in (await guest.until("refusal")).text
    await guest.send({"type": "create", "seats": ["human", "human"]})
    assert "opens no new ones" in (await guest.until("refusal")).text
    wrong = await RawClient.open(host.port)
    await wrong.hello("dora", code="aaaa-aaaa")
    said = await wrong.closed()
    assert isinstance(said[-1], Bye) and "opens no table here" in said[-1].text


async def test_a_resumed_host_has_every_stored_move_and_word(host: Host, two_players) -> None:
    anna = await seated(host, "anna", two_players.id)
    for line in ("supply", "take fish", "end"):
        await anna.send({"type": "command", "seat": 0, "text": line})
        await anna.until("done")
    await anna.send({"type": "say", "seat": 0, "text": "your turn"})
    await anna.until("table")
    again = Host(host.store)
    games = again.resume()
    assert [g.id for g in games] == [two_players.id]
    resumed = games[0]
    assert resumed.session.state.model_dump() == two_players.session.state.model_dump()
    assert [e.text for e in resumed.log] == [e.text for e in two_players.log if e.kind != "note"]
    assert resumed.seats[0].login == "anna" and resumed.seats[1].login is None


async def test_the_marketplace_look_is_seen_by_its_player_only(host: Host) -> None:
    game = host.new_table(Setup(players=2, seed=2), ["human", "human"], named=False)
    s = game.session.state
    real = list(s.special_deck)
    assert len(real) == 6
    s.pending = Pending(kind="peek", building="marketplace")
    mine, theirs = game.view(0).special_deck, game.view(1).special_deck
    assert mine[:2] == real[:2] and sorted(mine) == sorted(set(mine)) and len(mine) == 6
    assert theirs == game.view(None).special_deck  # the others see the public deal
    assert game.sees_alone(0) and not game.sees_alone(1)
    s.pending = None


@pytest.mark.parametrize("players", [2])
async def test_the_hidden_order_never_leaves_the_host(host: Host, players: int) -> None:
    # two tables dealt alike except for the hidden order look the same to their clients
    a = host.new_table(Setup(players=players, seed=11), ["human"] * players, named=False)
    b = host.new_table(
        Setup(players=players, seed=11, chit_order=list(reversed(a.setup.chit_order or []))),
        ["human"] * players,
        named=False,
    )
    assert a.session.state.chits != b.session.state.chits
    assert a.view(None).chits == b.view(None).chits
    await asyncio.sleep(0)
