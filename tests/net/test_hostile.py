"""Clients that misbehave get a refusal or are disconnected; the host and the other seats go on."""

from __future__ import annotations

import asyncio

from lehavre_tui.net import host as host_module
from lehavre_tui.net.host import Host
from lehavre_tui.net.protocol import PROTOCOL_VERSION, Bye, Refusal, Seated

from .conftest import RawClient, seated


async def still_playing(host: Host, game, seat_name: str = "anna") -> None:  # noqa: ANN001
    """A seated player can still move: the host is unharmed."""
    me = await seated(host, seat_name, game.id)
    moves = game.moves
    await me.send({"type": "command", "seat": game.session.state.current, "text": "supply", "id": 99})
    answer = await me.until("done") if game.session.state.current == 0 else await me.until("refusal")
    assert answer.id == 99
    assert game.moves in (moves, moves + 1)
    me.close()


async def test_garbage_is_refused_and_the_connection_goes_on(host: Host, two_players) -> None:
    anna = await seated(host, "anna", two_players.id)
    for junk in (
        b"\x00\xff\xfe garbage\n",
        b"[1, 2, 3]\n",
        b'{"type": "launch", "x": 1}\n',
        b'{"type": "command", "seat": "0; rm -rf /", "text": "supply"}\n',
        b"[" * 30000 + b"\n",
    ):
        await anna.send(junk)
        refusal = await anna.until("refusal")
        assert isinstance(refusal, Refusal) and refusal.text.startswith("A message from the client")
    await anna.send({"type": "command", "seat": 0, "text": "supply", "id": 5})
    assert (await anna.until("done")).id == 5


async def test_a_line_of_ten_megabytes_ends_that_connection_only(host: Host, two_players) -> None:
    ben = await seated(host, "ben", two_players.id)
    flood = await RawClient.open(host.port)
    said: list = []
    try:
        flood.writer.write(b'{"type": "hello", "name": "' + b"x" * (10 * 1024 * 1024) + b'"}\n')
        await asyncio.wait_for(flood.writer.drain(), 10)
        said = await flood.closed()
    except (ConnectionError, OSError):
        pass  # the host closed while the rest was on its way: the bye may be lost with it
    assert not said or (isinstance(said[-1], Bye) and "longer than 64 KiB" in said[-1].text)
    assert len(host.clients) == 1  # only Ben's
    await ben.send({"type": "ping"})
    assert (await ben.until("pong")).type == "pong"
    await still_playing(host, two_players)


async def test_a_flood_of_messages_is_refused_then_disconnected(host: Host, two_players) -> None:
    ben = await seated(host, "ben", two_players.id)
    flood = await seated(host, "anna", two_players.id)
    await flood.send(b'{"type": "ping"}\n' * 200)
    said = await flood.closed()
    kinds = [m.type for m in said]
    assert "refusal" in kinds and isinstance(said[-1], Bye) and "Too many messages" in said[-1].text
    assert kinds.count("pong") <= host_module.BURST + 2
    await ben.send({"type": "ping"})
    assert (await ben.until("pong")).type == "pong"


async def test_a_connection_that_never_speaks_is_closed(host: Host, two_players, monkeypatch) -> None:
    monkeypatch.setattr(host_module, "HELLO_SECONDS", 0.3)
    silent = await RawClient.open(host.port)
    said = await silent.closed(timeout=5)
    assert isinstance(said[-1], Bye) and "said nothing" in said[-1].text
    await still_playing(host, two_players)


async def test_a_seated_client_silent_too_long_is_let_go_and_its_seat_waits(
    host: Host, two_players, monkeypatch
) -> None:
    monkeypatch.setattr(host_module, "IDLE_SECONDS", 0.5)
    quiet = await seated(host, "ben", two_players.id)
    said = await quiet.closed(timeout=5)
    assert isinstance(said[-1], Bye) and "silent" in said[-1].text
    assert two_players.present.get(1, 0) == 0 and two_players.seats[1].login == "ben"


async def test_hello_first_and_of_the_same_version(host: Host, two_players) -> None:
    rude = await RawClient.open(host.port)
    await rude.send({"type": "command", "seat": 0, "text": "supply"})
    assert "Say hello first" in (await rude.closed())[-1].text
    old = await RawClient.open(host.port)
    await old.send({"type": "hello", "version": PROTOCOL_VERSION + 1, "name": "anna", "key": host.local_key})
    assert f"speaks version {PROTOCOL_VERSION}" in (await old.closed())[-1].text
    nobody = await RawClient.open(host.port)
    await nobody.hello("anna")
    assert "invite code" in (await nobody.closed())[-1].text
    forged = await RawClient.open(host.port)
    await forged.hello("anna", ticket="made-up")
    assert "no longer valid" in (await forged.closed())[-1].text
    bad_name = await RawClient.open(host.port)
    await bad_name.hello("anna; rm -rf ~", key=host.local_key)
    assert "cannot be a player name" in (await bad_name.closed())[-1].text
    assert two_players.moves == 0
    await still_playing(host, two_players)


async def test_logins_beyond_the_limit_are_turned_away_but_a_seat_is_always_let_back(
    host: Host, two_players, monkeypatch
) -> None:
    monkeypatch.setattr(host_module, "MAX_CLIENTS", 2)
    anna = await seated(host, "anna", two_players.id)
    ben = await seated(host, "ben", two_players.id)
    idle = await RawClient.open(host.port)  # not logged in: it takes no login's place
    carl = await RawClient.open(host.port)
    await carl.hello("carl", code=two_players.code)
    said = await carl.closed()
    assert isinstance(said[-1], Bye) and "as many players as it takes" in said[-1].text
    again = await seated(host, "anna", two_players.id)  # Anna's seat: let in beyond the limit
    assert "another terminal" in (await anna.closed())[-1].text
    idle.close()
    await again.send({"type": "ping"})
    assert (await again.until("pong")).type == "pong"
    await ben.send({"type": "ping"})
    assert (await ben.until("pong")).type == "pong"


async def test_idle_connections_do_not_crowd_out_a_login(host: Host, two_players) -> None:
    anna = await seated(host, "anna", two_players.id)
    idle = [await RawClient.open(host.port) for _ in range(500)]  # more than MAX_CLIENTS, saying nothing
    await asyncio.sleep(0.2)
    assert len(host.waiting) <= host_module.MAX_WAITING
    ben = await RawClient.open(host.port)
    await ben.hello("ben", code=two_players.code)
    seat = await ben.until("seated")
    assert isinstance(seat, Seated) and seat.seat == 1
    await ben.until("table")
    await anna.send({"type": "command", "seat": 0, "text": "supply", "id": 1})
    assert (await anna.until("done")).type == "done"
    for c in idle:
        c.close()


def test_a_client_that_does_not_read_is_let_go() -> None:
    class Transport:
        backlog = 0
        aborted = False

        def is_closing(self) -> bool:
            return self.aborted

        def get_write_buffer_size(self) -> int:
            return self.backlog

        def abort(self) -> None:
            self.aborted = True

    class Writer:
        def __init__(self) -> None:
            self.transport = Transport()
            self.sent: list[bytes] = []

        def write(self, data: bytes) -> None:
            self.sent.append(data)

    writer = Writer()
    client = host_module.Client(writer)  # type: ignore[arg-type]
    client.send_raw(b"a\n")
    writer.transport.backlog = host_module.MAX_BACKLOG + 1  # it read none of it
    client.send_raw(b"b\n")
    assert writer.sent == [b"a\n"] and writer.transport.aborted and client.closed
    client.send_raw(b"c\n")
    assert writer.sent == [b"a\n"]
