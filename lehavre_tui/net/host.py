"""The host: the tables, and the table clients talking to it over the loopback interface.

Each client speaks the protocol of protocol.py over its own TCP connection. The host reads
one message at a time from each, checks it (its size, its rate, its seat), lets the table
play it through the engine, stores the move, and only then tells every client at the
table. Bots at a table are played here, thinking in a thread so the host stays responsive.

Limits against clients that misbehave (each answered with a refusal, or a `Bye` and the
connection closed, never with harm to the host or the other seats): a message longer than
`MAX_LINE`; a line that is not a message; more than `RATE` messages a second (`BURST` at
once); no hello within `HELLO_SECONDS`; nothing at all for `IDLE_SECONDS` (clients ping
every `PING_SECONDS`); more than `MAX_CLIENTS` logins; a client that does not read what it
is sent (`MAX_BACKLOG` bytes waiting).

Connections that have not yet been let in (no hello, or a hello whose code waits for its
turn at the guard, guard.py) have a budget of their own, `MAX_WAITING`: a new one beyond it
pushes out the one waiting longest. They never take the places of the logins let in, and a
login with a seat at a table is let in even when `MAX_CLIENTS` are.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import random
import secrets
import sys
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from ..commands import CommandError, HelpRequested
from ..engine.errors import IllegalAction
from ..engine.message import Msg
from ..engine.setup import Setup
from .guard import CONNECTION_FAILURES, Guard
from .protocol import (
    MAX_LINE,
    MAX_NAME,
    MAX_UPDATE,
    PROTOCOL_VERSION,
    BadMessage,
    Bye,
    ClientMessage,
    Command,
    CreateTable,
    Done,
    FreeSeat,
    Hello,
    JoinTable,
    LeaveTable,
    ListTables,
    LogEntry,
    Note,
    Ping,
    Pong,
    ReadLog,
    Refusal,
    Say,
    Seated,
    Tables,
    Welcome,
    decode_client,
    encode,
)
from .storage import Store
from .tables import HostedGame, HostTrouble, Seating, SeatTaken, clean_text, code_owner, display_name

RATE = 10.0  # messages a second, on average
BURST = 30  # messages at once
STRIKES = 20  # messages over the rate before the client is disconnected
HELLO_SECONDS = 5.0
IDLE_SECONDS = 600.0
PING_SECONDS = 30.0  # how often a client says it is still there
MAX_CLIENTS = 256  # logins let in (beyond it, only a login with a seat waiting for it)
MAX_WAITING = 32  # connections not yet let in
MAX_TABLES = 50
MAX_BACKLOG = 4 * 1024 * 1024
TICKET_SECONDS = 24 * 3600.0
LOG_SECONDS = 5.0  # a client is sent the whole log at most so often
PRESENCE_NOTES = 4  # "is away" and "is at the table" for one seat between two moves


def _same_secret(offered: str, held: str) -> bool:
    return hmac.compare_digest(offered.encode(), held.encode())


class Skipped:
    """A line that was refused (not a message, over the rate): nothing to do."""


SKIPPED = Skipped()


@dataclass
class Ticket:
    """Given by a door to the table client it starts for a login: the SSH door vouches for
    the login (`guest` False); the browser door only says where the tab is (`guest` True:
    its name and invite code are typed in the tab and checked here)."""

    login: str
    table: int | None  # the table whose invite code let the login in (None: any table)
    lang: str
    owner: str | None = None  # the key (or seat code) the login proved
    may_create: bool = False  # the login may open new tables (an authorized key)
    address: str = ""  # where the login came from
    guest: bool = False
    made: float = field(default_factory=time.monotonic)


@dataclass(eq=False)
class Client:
    writer: asyncio.StreamWriter
    login: str = ""
    name: str = ""  # the login as a player name
    lang: str = "en"  # the language this player reads the table in (its client renders every word)
    may_create: bool = False
    only_table: int | None = None  # an invite code opens its own table only
    owner: str | None = None  # the key or seat code this login proved (tables.py)
    trusted: bool = False  # the host's own user (its local key): any seat
    address: str = "127.0.0.1"  # where the login came from (a door's ticket says)
    method: str = "table-socket"
    failures: int = 0  # codes that were wrong on this connection
    refused_at: int | None = None  # the table whose seat of this name was refused (asked again: watch)
    watcher_name: str = ""  # the name it watches its table by (never a seat's name)
    game: HostedGame | None = None
    seat: int | None = None
    log_sent: int | None = None  # entries of the table's log this client has (None: a newcomer; 0: all anew)
    came_by_ssh: bool = False  # its login came through the SSH door
    log_read_at: float = -LOG_SECONDS  # when it was last sent the whole log
    tokens: float = BURST
    refill: float = field(default_factory=time.monotonic)
    strikes: int = 0
    closed: bool = False

    def send(self, message: object) -> None:
        self.send_raw(encode(message))  # type: ignore[arg-type]

    def send_raw(self, data: bytes) -> None:
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing():
            self.closed = True
            return
        if transport.get_write_buffer_size() > MAX_BACKLOG:
            self.closed = True  # it does not read what it is sent: let it go
            transport.abort()
            return
        self.writer.write(data)

    def within_rate(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.refill) * RATE)
        self.refill = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.strikes += 1
        return False


class Host:
    def __init__(self, store: Store, *, bot_pace: float = 0.6, bot_budget: float = 2.0) -> None:
        self.store = store
        self.tables: dict[int, HostedGame] = {}
        self.clients: set[Client] = set()  # logins let in
        self.waiting: OrderedDict[Client, None] = OrderedDict()  # connections not yet let in, oldest first
        self.tickets: dict[str, Ticket] = {}
        self.guard = Guard()  # shared with the doors: an address's failures count everywhere
        self.local_key = secrets.token_urlsafe(24)
        self.bot_pace = bot_pace
        self.bot_budget = bot_budget
        self.port = 0
        self._server: asyncio.Server | None = None
        self._bots: dict[int, asyncio.Task[None]] = {}
        self.on_change: Callable[[HostedGame], None] | None = None  # after every move (for tests)
        self.ssh_way: tuple[str, int] | None = None  # the SSH door's address and port, once it listens

    # --- tables --------------------------------------------------------------------------------
    def new_table(self, setup: Setup, kinds: list[str], named: bool) -> HostedGame:
        game = HostedGame.create(self.store, setup, kinds, named)
        self._adopt(game)
        return game

    def resume(self) -> list[HostedGame]:
        """Every stored table whose game is not over, with every stored move."""
        for stored in self.store.open_tables():
            if stored.id not in self.tables:
                self._adopt(HostedGame.from_stored(stored, self.store))
        return list(self.tables.values())

    def _adopt(self, game: HostedGame) -> None:
        game.session.bot_budget = self.bot_budget
        self.tables[game.id] = game
        if self._server is not None:
            self._kick_bots(game)

    def table_by_code(self, code: str) -> HostedGame | None:
        code = code.strip().lower().split(" ")[0]  # an invite code, maybe followed by a seat code
        found = None
        for game in self.tables.values():
            if hmac.compare_digest(game.code.encode(), code.encode()):
                found = game
        return found

    # --- tickets from the SSH door -------------------------------------------------------------
    def issue_ticket(
        self,
        login: str,
        table: int | None,
        lang: str,
        *,
        owner: str | None = None,
        may_create: bool | None = None,
        address: str = "",
        guest: bool = False,
    ) -> str:
        token = secrets.token_urlsafe(24)
        create = table is None if may_create is None else may_create
        self.tickets[token] = Ticket(login, table, lang, owner, create, address, guest)
        return token

    def owns_seat(self, owner: str, login: str) -> int | None:
        """The open table where this owner's login has its seat (a key coming back), if any."""
        for game in self.tables.values():
            if not game.session.over and game.held_by(owner, login):
                return game.id
        return None

    def free_seat(self, table: int, name: str) -> str | None:
        """The seat of `name` at `table` bound to nobody again (see Store.free_seat); its name,
        or None when there is no such seat."""
        freed = self.store.free_seat(table, name)
        game = self.tables.get(table)
        if freed is not None and game is not None:
            for seat in game.seats:
                if seat.name == freed and seat.kind == "human":
                    seat.owner, seat.login, seat.named = None, None, True
        return freed

    def revoke_ticket(self, token: str) -> None:
        self.tickets.pop(token, None)

    # --- serving -------------------------------------------------------------------------------
    async def start(self, port: int = 0) -> int:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", port, limit=MAX_LINE)
        self.port = self._server.sockets[0].getsockname()[1]
        for game in self.tables.values():
            self._kick_bots(game)
        return self.port

    async def stop(self) -> None:
        for task in self._bots.values():
            task.cancel()
        for client in list(self.clients):
            client.send(Bye.of(self._way_back(client)))
            client.closed = True
            client.writer.close()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)
        self._server = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = Client(writer)
        self.waiting[client] = None
        if len(self.waiting) > MAX_WAITING:  # the one waiting longest makes room
            oldest, _ = self.waiting.popitem(last=False)
            oldest.send(Bye.of(Msg("Too many connections are waiting to log in; try again.")))
            oldest.closed = True
            oldest.writer.close()
        try:
            await self._converse(client, reader)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self.waiting.pop(client, None)
            self.clients.discard(client)
            self._leave_table(client)
            client.closed = True
            with contextlib.suppress(Exception):
                writer.close()

    async def _read(
        self, client: Client, reader: asyncio.StreamReader, seconds: float
    ) -> ClientMessage | None | Skipped:
        """The next message; None when the client is to be let go (it was told why); SKIPPED
        for a line that was refused."""
        try:
            line = await asyncio.wait_for(reader.readline(), seconds)
        except TimeoutError:
            if not client.login:
                client.send(Bye.of(Msg("The connection said nothing; it is closed.")))
            else:
                client.send(
                    Bye.of(Msg("The connection was silent for {seconds} seconds; it is closed.", seconds=int(seconds)))
                )
            return None
        except ValueError:  # longer than the limit: the rest is not read
            client.send(Bye.of(Msg("A message longer than {kib} KiB; the connection is closed.", kib=MAX_LINE // 1024)))
            return None
        if not line:
            return None
        if not client.within_rate():
            if client.strikes > STRIKES:
                client.send(
                    Bye.of(Msg("Too many messages (at most {n} a second); the connection is closed.", n=int(RATE)))
                )
                return None
            client.send(Refusal.of(Msg("Too many messages: at most {n} a second. This one was not read.", n=int(RATE))))
            return SKIPPED
        try:
            return decode_client(line)
        except BadMessage as exc:
            client.send(Refusal.of(exc.msg))
            return SKIPPED

    async def _converse(self, client: Client, reader: asyncio.StreamReader) -> None:
        hello = await self._read(client, reader, HELLO_SECONDS)
        if hello is None or hello is SKIPPED:
            return
        if isinstance(hello, FreeSeat):
            client.send(self._free_seat_asked(hello))
            return
        if not isinstance(hello, Hello):
            client.send(Bye.of(Msg("Say hello first (the table client does).")))
            return
        if not await self._admit(client, hello) or client.closed:
            return
        self.waiting.pop(client, None)
        if len(self.clients) >= MAX_CLIENTS and not any(
            g.waits_for(client.login, client.owner, client.trusted) for g in self.tables.values()
        ):
            client.send(Bye.of(Msg("The host has as many players as it takes; try again later.")))
            return
        self.clients.add(client)
        client.send(Welcome(name=client.name, may_create=client.may_create))
        table = hello.table if hello.table is not None else client.only_table
        if table is None:
            table = self._home_table(client)
        if table is not None:
            self._join(client, table)
        else:
            client.send(self._tables(client))
        while not client.closed:
            message = await self._read(client, reader, IDLE_SECONDS)
            if message is None:
                return
            if not isinstance(message, Skipped):
                self._dispatch(client, message)

    async def _admit(self, client: Client, hello: Hello) -> bool:
        """Who the client is: the SSH door's login (a ticket), the host's own user (the local
        key), or a name with an invite code (a browser tab, `lehavre join --code`), that code
        checked in its address's turn (guard.py). False when let go (it was told why)."""
        if hello.version != PROTOCOL_VERSION:
            client.send(
                Bye.of(
                    Msg(
                        "This host speaks version {host} of the table protocol, the client version {client}: "
                        "use the same version of the game.",
                        host=PROTOCOL_VERSION,
                        client=hello.version,
                    )
                )
            )
            return False
        login = hello.name
        invite, _, seat_code = (hello.code or "").strip().partition(" ")
        seat_code = (hello.seat_code or seat_code).strip()
        ticket = self.tickets.get(hello.ticket) if hello.ticket is not None else None
        if hello.ticket is not None and ticket is None:
            client.send(Bye.of(Msg("This login is no longer valid; log in again.")))
            return False
        if ticket is not None:
            client.address = ticket.address or client.address
        if ticket is not None and not ticket.guest:  # the SSH door checked who this is
            login, client.only_table, client.may_create = ticket.login, ticket.table, ticket.may_create
            client.owner, client.method = ticket.owner, "ssh"
            client.came_by_ssh = True
            if client.owner is None and seat_code:  # back with the seat code the host gave it
                await asyncio.sleep(self.guard.turn(client.address))
                client.owner = code_owner(seat_code)
        elif ticket is None and hello.key is not None and _same_secret(hello.key, self.local_key):
            client.may_create = client.trusted = True
            client.method = "local-key"
        elif invite:
            client.method = "web" if ticket is not None else "invite-code"
            await asyncio.sleep(self.guard.turn(client.address))  # guessing takes its time
            game = self.table_by_code(invite)
            if game is None:
                self.guard.failed(client.address, login, client.method)
                client.send(
                    Bye.of(Msg("That invite code opens no table here: lehavre join HOST:PORT --name NAME --code CODE."))
                )
                return False
            client.only_table = game.id
            client.owner = code_owner(seat_code) if seat_code else None
            self.guard.let_in(client.address, login, client.method, game.id)
        else:
            client.send(Bye.of(Msg("Give the table's invite code: lehavre join HOST:PORT --name NAME --code CODE.")))
            return False
        name = display_name(login)
        if name is None:
            client.send(
                Bye.of(
                    Msg(
                        "'{login}' cannot be a player name: use 1 to {n} letters, digits, '-', '_' or '.'.",
                        login=clean_text(login)[:40],
                        n=MAX_NAME,
                    )
                )
            )
            return False
        client.login, client.name = login, name
        client.lang = hello.lang
        return True

    def _free_seat_asked(self, asked: FreeSeat) -> Bye:
        """`lehavre host --free-seat`, from the host's own user only; the answer ends it."""
        if not _same_secret(asked.key, self.local_key):
            return Bye.of(Msg("Only the host's own user frees a seat."))
        freed = self.free_seat(asked.table, clean_text(asked.name))
        if freed is None:
            return Bye.of(
                Msg(
                    "Table {table} has no seat of {player} waiting: see the tables the host lists.",
                    table=asked.table,
                    player=clean_text(asked.name)[:40],
                )
            )
        for other in list(self.clients):  # whoever holds the seat now leaves it
            game = self.tables.get(asked.table)
            if (
                game is not None
                and other.game is game
                and other.seat is not None
                and game.seats[other.seat].name == freed
            ):
                other.send(Bye.of(Msg("The host freed this seat; log in again to sit down.")))
                self._leave_table(other)
                other.closed = True
                other.writer.close()
        return Bye.of(
            Msg(
                "The seat of {player} at table {table} is free: the next login named {player} sits there and owns it.",
                player=freed,
                table=asked.table,
            )
        )

    def _home_table(self, client: Client) -> int | None:
        """The table a login goes to without the lobby: the one table waiting for it (its
        seat, or a seat of its name), or the host's only table when that has a seat for it."""
        open_tables = [g for g in self.tables.values() if not g.session.over]
        mine = [g for g in open_tables if g.waits_for(client.login, client.owner, client.trusted)]
        if len(mine) == 1:
            return mine[0].id
        if not mine and len(open_tables) == 1 and open_tables[0].has_free_seat():
            return open_tables[0].id
        return None

    def _tables(self, client: Client) -> Tables:
        shown = [g for g in self.tables.values() if client.only_table in (None, g.id)]
        return Tables(tables=[g.info() for g in shown])

    # --- messages ------------------------------------------------------------------------------
    def _dispatch(self, client: Client, message: ClientMessage) -> None:
        if isinstance(message, Ping):
            client.send(Pong())
        elif isinstance(message, Command):
            self._command(client, message)
        elif isinstance(message, Say):
            self._say(client, message)
        elif isinstance(message, ReadLog):
            self._read_log(client)
        elif isinstance(message, ListTables):
            client.send(self._tables(client))
        elif isinstance(message, JoinTable):
            self._join(client, message.table)
        elif isinstance(message, LeaveTable):
            self._leave_table(client)
            client.send(self._tables(client))
        elif isinstance(message, CreateTable):
            self._create(client, message)
        elif isinstance(message, Hello):
            client.send(Refusal.of(Msg("Hello was said already.")))

    def _seat_check(self, client: Client, seat: int | None, id: int | None = None) -> HostedGame | None:
        """The client's table when the message names the client's own seat; else a refusal."""
        game = client.game
        if game is None:
            client.send(Refusal.of(Msg("Sit at a table first: join one from the lobby."), id))
            return None
        if seat != client.seat:
            if client.seat is None:
                client.send(Refusal.of(Msg("A client acts only for the seat it was given: you are watching."), id))
            else:
                mine = Msg(
                    "A client acts only for the seat it was given: your seat is {seat} ({player}).",
                    seat=client.seat + 1,
                    player=client.name,
                )
                client.send(Refusal.of(mine, id))
            return None
        return game

    def _command(self, client: Client, message: Command) -> None:
        if client.game is not None and client.seat is None:
            client.send(Refusal.of(Msg("You are watching this table: 'say TEXT' talks to it."), message.id))
            return
        game = self._seat_check(client, message.seat, message.id)
        if game is None or client.seat is None:
            return
        try:
            game.play(client.seat, clean_text(message.text))
        except HelpRequested as exc:  # read by the table client itself, in its reader's language
            client.send(Note.of(exc.text, message.id))
            return
        except (IllegalAction, CommandError, HostTrouble) as exc:
            client.send(Refusal.of(exc.msg, message.id))
            return
        client.send(Done(id=message.id))
        self._changed(game)

    def _say(self, client: Client, message: Say) -> None:
        game = self._seat_check(client, message.seat)
        if game is None:
            return
        try:
            game.say(client.seat, client.name if client.seat is not None else client.watcher_name, message.text)
        except (IllegalAction, HostTrouble) as exc:
            client.send(Refusal.of(exc.msg))
            return
        self._broadcast(game)

    def _read_log(self, client: Client) -> None:
        """The whole log, for one client: at most once in `LOG_SECONDS` (it can be long)."""
        if client.game is None:
            client.send(Refusal.of(Msg("Sit at a table first: join one from the lobby.")))
            return
        now = time.monotonic()
        if now - client.log_read_at < LOG_SECONDS:
            wait = max(1, int(client.log_read_at + LOG_SECONDS - now + 0.999))
            client.send(Refusal.of(Msg("The whole log was sent a moment ago; ask again in {s} s.", s=wait)))
            return
        client.log_read_at = now
        self._send_table(client, client.game, whole_log=True)

    def _create(self, client: Client, message: CreateTable) -> None:
        if not client.may_create:
            client.send(
                Refusal.of(Msg("A login with an invite code plays at that code's table; it opens no new ones."))
            )
            return
        if len(self.tables) >= MAX_TABLES:
            client.send(
                Refusal.of(Msg("This host has {n} tables, as many as it keeps; join one of them.", n=MAX_TABLES))
            )
            return
        if "human" not in message.seats:
            client.send(Refusal.of(Msg("A new table needs a seat for you: make at least one seat human.")))
            return
        setup = Setup(players=len(message.seats), variant=message.variant, seed=random.SystemRandom().randrange(10**6))
        try:
            game = self.new_table(setup, list(message.seats), named=False)
        except HostTrouble as exc:
            client.send(Refusal.of(exc.msg))
            return
        self._join(client, game.id)

    def _join(self, client: Client, table: int) -> None:
        game = self.tables.get(table)
        if game is None or client.only_table not in (None, table):
            client.send(Refusal.of(Msg("There is no table {table} open to you here.", table=table)))
            client.send(self._tables(client))
            return
        self._leave_table(client)
        try:
            seating = game.seat_for(client.login, client.owner, client.trusted)
        except SeatTaken as exc:  # somebody else's seat: a guess, when a seat code was offered
            if client.owner is not None and client.owner.startswith("code:"):
                self.guard.failed(client.address, client.login, "seat-code", game.id)
                client.failures += 1
            else:
                self.guard.seat_refused(client.address, client.login, client.method, game.id)
            if client.failures >= CONNECTION_FAILURES:
                client.send(Bye.of(exc.msg))
                client.closed = True
                client.writer.close()
                return
            if client.refused_at != table:  # told why, in the lobby, which lists the table to watch
                client.refused_at = table
                client.send(Refusal.of(exc.msg))
                client.send(self._tables(client))
                return
            # asked again from the lobby: watching, as it says, by a name no seat has
            seating = Seating(None, game.watcher_name(client.name))
        except (IllegalAction, HostTrouble) as exc:
            client.send(Refusal.of(exc.msg))
            return
        if seating.seat is not None:  # the same player on a new connection: the old one ends
            for other in list(self.clients):
                if other is not client and other.game is game and other.seat == seating.seat:
                    other.send(Bye.of(Msg("You sat down at this table from another terminal; this one is closed.")))
                    self._leave_table(other)
                    other.closed = True
                    other.writer.close()
        back = seating.seat is not None and game.present.get(seating.seat, 0) == 0
        client.game, client.seat, client.log_sent = game, seating.seat, None
        client.watcher_name = seating.name if seating.seat is None else ""
        game.arrive(seating.seat)
        client.send(
            Seated(
                table=game.id,
                seat=seating.seat,
                name=seating.name,
                code=game.code if seating.seat is not None else None,
                seat_code=seating.seat_code,
            )
        )
        if seating.renamed:
            for other in self.clients:
                if other.game is game and other is not client:
                    other.log_sent = 0  # the whole log is told anew with the new name
        if back:
            self._presence(game, seating.seat, Msg("{player} is at the table.", player=seating.name))
        self._broadcast(game)
        self._kick_bots(game)

    def _leave_table(self, client: Client) -> None:
        game, seat = client.game, client.seat
        if game is None:
            return
        client.game = None
        client.seat = None
        game.leave(seat)
        if seat is not None and game.present.get(seat, 0) == 0:
            self._presence(game, seat, Msg("{player} is away; the seat waits.", player=game.seats[seat].name))
        self._broadcast(game)

    def _presence(self, game: HostedGame, seat: int | None, words: Msg) -> None:
        """A player came or went: noted in the log, at most `PRESENCE_NOTES` times for a seat
        between two moves (the seats show who is there), so that a connection that comes and
        goes does not make the log, or any client, grow."""
        if seat is None:
            return
        moves, count = game.presence_notes.get(seat, (game.moves, 0))
        if moves != game.moves:
            count = 0
        if count >= PRESENCE_NOTES:
            return
        game.presence_notes[seat] = (game.moves, count + 1)
        self._note(game, words)

    def _note(self, game: HostedGame, words: Msg) -> None:
        game.log.append(LogEntry.of(words, game.moves, -1, kind="note"))

    def _way_back(self, client: Client) -> Msg:
        if client.came_by_ssh and self.ssh_way is not None and client.login:
            address, port = self.ssh_way
            return Msg(
                "The host is stopping; your game is kept: come back with {command} when it runs again.",
                command=f"ssh -p {port} {client.login}@{address}",
            )
        return Msg("The host is stopping; your game is kept: come back the way you came in when it runs again.")

    # --- telling the clients -------------------------------------------------------------------
    def _changed(self, game: HostedGame) -> None:
        self._broadcast(game)
        self._kick_bots(game)
        if self.on_change is not None:
            self.on_change(game)

    def _broadcast(self, game: HostedGame) -> None:
        """Every client at the table gets the table and the log entries it has not seen."""
        shared: dict[str, str] = {}
        for client in list(self.clients):
            if client.game is game and not client.closed:
                self._send_table(client, game, shared=shared)

    def _send_table(
        self, client: Client, game: HostedGame, *, whole_log: bool = False, shared: dict[str, str] | None = None
    ) -> None:
        """The table for one client: the state as its seat sees it, and the log from what it
        has (a newcomer: from the round's start; `whole_log`: all of it), never more than
        `MAX_UPDATE` bytes (the oldest entries are left out)."""
        shared = {} if shared is None else shared
        if "seats" not in shared:
            shared["seats"] = json.dumps([s.model_dump(mode="json") for s in game.seat_infos()])
        if game.sees_alone(client.seat):
            state = game.view(client.seat).model_dump_json(exclude={"events"})
        else:
            if "state" not in shared:
                shared["state"] = game.view(None).model_dump_json(exclude={"events"})
            state = shared["state"]
        if whole_log or client.log_sent == 0:
            start = 0
        elif client.log_sent is None or client.log_sent > len(game.log):
            start = game.round_began
        else:
            start = client.log_sent
        head = f'{{"type":"table","table":{game.id},"moves":{game.moves},"state":{state},"seats":{shared["seats"]},'
        room = MAX_UPDATE - len(head.encode()) - 64
        entries: list[str] = []
        for entry in reversed(game.log[start:]):  # the newest first, as many as fit
            text = entry.model_dump_json()
            room -= len(text.encode()) + 1
            if room < 0:
                break
            entries.append(text)
        start = len(game.log) - len(entries)
        log = "[" + ",".join(reversed(entries)) + "]"
        client.send_raw(f'{head}"log_from":{start},"log":{log}}}\n'.encode())
        client.log_sent = len(game.log)

    # --- bots ----------------------------------------------------------------------------------
    def _kick_bots(self, game: HostedGame) -> None:
        task = self._bots.get(game.id)
        if game.bot_to_move() and (task is None or task.done()):
            self._bots[game.id] = asyncio.get_running_loop().create_task(self._bots_play(game))

    async def _bots_play(self, game: HostedGame) -> None:
        """The bots to move play, one move at a time, `bot_pace` apart so people can follow."""
        while game.bot_to_move() and self._server is not None:
            await asyncio.sleep(self.bot_pace)
            moves, state = game.moves, game.session.state
            try:
                action = await asyncio.to_thread(game.session.bot_choice, state)
            except Exception as exc:  # noqa: BLE001 - said at the table, the host goes on
                self._note(game, Msg("The bot could not move: {reason}", reason=str(exc)))
                self._broadcast(game)
                return
            if game.moves != moves or not game.bot_to_move():
                continue  # somebody sold meanwhile: think again on the new table
            try:
                game.play_action(action)
            except (IllegalAction, HostTrouble) as exc:
                print(f"table {game.id}: the bot's move was refused: {exc}", file=sys.stderr)
                return
            self._broadcast(game)
            if self.on_change is not None:
                self.on_change(game)
