"""The protocol between the host and its table clients: JSON lines, each a pydantic message.

A client opens a TCP connection to the host on the loopback interface and says `Hello`
first (its protocol version, its login name, its language, and how it may come in: a
ticket from the SSH door, a table's invite code, or the host's local key). The host answers
`Welcome` or `Bye`. In the lobby the client lists, creates and joins tables; seated, it
sends the command text its player types (`Command`, with its seat, checked on every
message) and words for the table (`Say`), and receives the table (`TableUpdate`: the
state as everybody at the table sees it, the seats, the log) after every move.

Words for the players (the log, refusals, notes, a `Bye`) travel as engine messages
(`words`, see words.py), each client reading them in its own reader's language; `text` is the
same in English, for scripts and older tools.

Every message is one line of at most `MAX_LINE` bytes. Version 1 was the first (words as
English sentences); version 2 sends them as messages. A host refuses a client of another
version with a `Bye` that says which version it speaks.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ..engine.message import Msg
from ..engine.state import GameState, Variant
from .words import to_data

# 3: seats of the bot levels (a client of 2 could not read them); 4: seats bound to their owner,
# seat codes; 5: a newcomer gets the log from the round's start (a client keeps where its log
# begins), the whole log on request
PROTOCOL_VERSION = 5
MAX_LINE = 64 * 1024  # bytes in one message from a client (a table update may be longer)
MAX_UPDATE = 8 * 1024 * 1024  # bytes in one message from the host (a client reads up to twice that)
MAX_COMMAND = 500  # characters of a command line
MAX_SAY = 300  # characters of words for the table
MAX_NAME = 16  # characters of a player name
MAX_LOGIN = 64  # characters of the login name a client says hello with
MAX_CODE = 64  # characters of an invite code as typed

Lang = Literal["en", "pl", "cs"]
# a person, or a bot by every name a bot seat accepts (seats.BOT_KINDS: the levels, random, old names)
SeatKind = Literal["human", "random", "easy", "medium", "hard", "expert", "heuristic", "search"]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- from a client ---------------------------------------------------------------------------


class Hello(_Message):
    type: Literal["hello"] = "hello"
    version: int
    name: str = Field(max_length=MAX_LOGIN)  # the login name (a seat of that name, or a new name)
    lang: Lang = "en"  # the language the player reads the table in
    ticket: str | None = Field(default=None, max_length=128)  # given by the SSH door
    code: str | None = Field(default=None, max_length=MAX_CODE)  # a table's invite code
    seat_code: str | None = Field(default=None, max_length=64)  # the code of this player's own seat
    key: str | None = Field(default=None, max_length=128)  # the host's local key (its own user)
    table: int | None = None  # the table to sit at; None: the lobby (or the code's table)


class FreeSeat(_Message):
    """Instead of a hello, from the host's own user (`lehavre host --free-seat`): the seat of
    `name` at `table` is bound to nobody again, for a player who lost their key or code."""

    type: Literal["free-seat"] = "free-seat"
    key: str = Field(max_length=128)  # the host's local key
    table: int
    name: str = Field(max_length=64)


class ListTables(_Message):
    type: Literal["list"] = "list"


class CreateTable(_Message):
    """A new table from the lobby; the one creating it sits in the first human seat."""

    type: Literal["create"] = "create"
    seats: list[SeatKind] = Field(min_length=1, max_length=5)
    variant: Variant = "full"


class JoinTable(_Message):
    type: Literal["join"] = "join"
    table: int


class LeaveTable(_Message):
    """Back to the lobby; the seat waits (away) as after a dropped connection."""

    type: Literal["leave"] = "leave"


class Command(_Message):
    type: Literal["command"] = "command"
    seat: int  # must be the seat the client was given; checked on every message
    text: str = Field(max_length=MAX_COMMAND)
    id: int = 0  # echoed in the answer (Done, Refusal or Note)


class Say(_Message):
    type: Literal["say"] = "say"
    seat: int | None  # the client's seat, None when watching
    text: str = Field(max_length=MAX_SAY)


class ReadLog(_Message):
    """The table's whole log, for this client (a newcomer is sent the current round's)."""

    type: Literal["log"] = "log"


class Ping(_Message):
    type: Literal["ping"] = "ping"


ClientMessage = Annotated[
    Hello | FreeSeat | ListTables | CreateTable | JoinTable | LeaveTable | Command | Say | ReadLog | Ping,
    Field(discriminator="type"),
]


# --- from the host ---------------------------------------------------------------------------


class SeatInfo(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    kind: SeatKind
    present: bool = False  # a client holds the seat now (bots are always present)
    claimed: bool = False  # somebody has sat there (so the seat waits for them, away)


class TableInfo(BaseModel):
    """A table as the lobby lists it."""

    model_config = ConfigDict(extra="forbid")

    id: int
    variant: Variant
    seats: list[SeatInfo]
    round: int
    rounds: int
    over: bool
    watchers: int = 0


class LogEntry(BaseModel):
    """One line of a table's log: `words`, the engine's event (or the host's note, or words
    said) as a message, read in each reader's language; `text`, the line in English."""

    model_config = ConfigDict(extra="forbid")

    text: str
    move: int  # the move that produced it (0: the set-up)
    seat: int  # who was acting (for words said: who said them; -1 a watcher)
    kind: Literal["event", "say", "note"] = "event"
    words: Any = None

    @classmethod
    def of(cls, event: Msg | str, move: int, seat: int, kind: Literal["event", "say", "note"] = "event") -> LogEntry:
        return cls(text=str(event), move=move, seat=seat, kind=kind, words=to_data(event))


class Welcome(_Message):
    type: Literal["welcome"] = "welcome"
    version: int = PROTOCOL_VERSION
    name: str  # the login name as the host took it
    may_create: bool  # this login may open new tables in the lobby


class Tables(_Message):
    type: Literal["tables"] = "tables"
    tables: list[TableInfo]


class Seated(_Message):
    type: Literal["seated"] = "seated"
    table: int
    seat: int | None  # None: watching (every seat is taken)
    name: str  # the player's name at this table
    code: str | None = None  # the table's invite code, for the players seated at it
    seat_code: str | None = None  # made for this player on taking the seat (no key): shown once


class TableUpdate(_Message):
    """The table after a change. `log` holds the entries from index `log_from` on; a client
    that holds no entry just before `log_from` starts its log there (a newcomer is sent the
    current round's entries, or as many as fit in `MAX_UPDATE`). The state hides what nobody
    at the table may see (the order of face-down supply chits and special buildings)."""

    type: Literal["table"] = "table"
    table: int
    moves: int
    state: GameState
    seats: list[SeatInfo]
    log_from: int
    log: list[LogEntry]


class Done(_Message):
    type: Literal["done"] = "done"
    id: int


class _Said(_Message):
    """Words to one client, as an answer to its message `id` or unasked."""

    id: int | None = None
    text: str  # in English
    words: Any = None  # the same as a message, read in the reader's language

    @classmethod
    def of(cls, words: Msg | str, id: int | None = None) -> Self:
        return cls(id=id, text=str(words), words=to_data(words))


class Refusal(_Said):
    type: Literal["refusal"] = "refusal"


class Note(_Said):
    """Words for this client only (help text, who joined)."""

    type: Literal["note"] = "note"


class Bye(_Message):
    """The host ends the connection, saying why."""

    type: Literal["bye"] = "bye"
    text: str  # in English
    words: Any = None  # the same as a message, read in the reader's language

    @classmethod
    def of(cls, words: Msg | str) -> Bye:
        return cls(text=str(words), words=to_data(words))


class Pong(_Message):
    type: Literal["pong"] = "pong"


HostMessage = Annotated[
    Welcome | Tables | Seated | TableUpdate | Done | Refusal | Note | Bye | Pong,
    Field(discriminator="type"),
]

_CLIENT: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
_HOST: TypeAdapter[HostMessage] = TypeAdapter(HostMessage)


class BadMessage(Exception):
    """A line that is not a message of this protocol; `msg` says what is wrong."""

    def __init__(self, msg: Msg) -> None:
        self.msg = msg
        super().__init__(str(msg))


# --- texts a client sends, checked before a message is built ----------------------------------


def say_problem(text: str) -> Msg | None:
    if len(text) > MAX_SAY:
        return Msg("Say at most {n} characters; these words have {given}.", n=MAX_SAY, given=len(text))
    return None


def command_problem(text: str) -> Msg | None:
    if len(text) > MAX_COMMAND:
        return Msg("A command is at most {n} characters; this one has {given}.", n=MAX_COMMAND, given=len(text))
    return None


def login_problem(name: str, code: str | None = None) -> Msg | None:
    """A name or an invite code too long to say hello with."""
    if len(name) > MAX_LOGIN:
        return Msg("A name is at most {n} characters; this one has {given}.", n=MAX_LOGIN, given=len(name))
    if code is not None and len(code) > MAX_CODE:
        return Msg("An invite code is at most {n} characters; this one has {given}.", n=MAX_CODE, given=len(code))
    return None


def encode(message: _Message) -> bytes:
    return message.model_dump_json().encode() + b"\n"


def _decode(line: bytes, adapter: TypeAdapter, who: str):  # noqa: ANN202 - a message of the adapter
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, or nested beyond reason
        raise BadMessage(
            _from(who, Msg("A message from the client is not JSON."), Msg("A message from the host is not JSON."))
        ) from None
    if not isinstance(data, dict) or "type" not in data:
        raise BadMessage(
            _from(who, Msg("A message from the client has no type."), Msg("A message from the host has no type."))
        )
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        said = {"where": where, "reason": first["msg"]}
        raise BadMessage(
            _from(
                who,
                Msg("A message from the client is not understood ({where}: {reason}).", **said),
                Msg("A message from the host is not understood ({where}: {reason}).", **said),
            )
        ) from None


def _from(who: str, client: Msg, host: Msg) -> Msg:
    return client if who == "client" else host


def decode_client(line: bytes) -> ClientMessage:
    message: ClientMessage = _decode(line, _CLIENT, "client")
    return message


def decode_host(line: bytes) -> HostMessage:
    message: HostMessage = _decode(line, _HOST, "host")
    return message
