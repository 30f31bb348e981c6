"""The client's side of a hosted table: the connection to the host, and the table it shows.

`HostLink` is the connection (JSON lines over TCP on the loopback interface); `HostedTable`
is a `Table` (table.py) for the table in the terminal: it holds what the host last said
(the state as this seat sees it, the seats, the log) and sends the command text typed at
this keyboard. The host answers later: a refusal, a note (help), or the table after the
move, for everybody at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from ..engine.actions import Action
from ..engine.errors import IllegalAction
from ..engine.message import Msg
from ..engine.rules import legal_actions
from ..engine.scoring import Score, final_scores, winners
from ..engine.state import GameState
from ..table import LogLine, NotAtThisTable
from ..text import render
from .protocol import (
    MAX_UPDATE,
    BadMessage,
    Command,
    HostMessage,
    LogEntry,
    ReadLog,
    Say,
    Seated,
    SeatInfo,
    TableUpdate,
    command_problem,
    decode_host,
    encode,
    say_problem,
)
from .words import from_data

READ_LIMIT = 2 * MAX_UPDATE  # the host never sends a longer line


class HostLink:
    """One connection to the host; `run` hands every message to `on_message` until it ends."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self._writer: asyncio.StreamWriter | None = None
        self._reader: asyncio.StreamReader | None = None

    async def connect(self) -> None:
        self._reader, self._writer = await asyncio.open_connection(self.host, self.port, limit=READ_LIMIT)

    @property
    def connected(self) -> bool:
        return self._writer is not None and not self._writer.is_closing()

    def send(self, message: object) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(encode(message))  # type: ignore[arg-type]

    async def run(self, on_message: Callable[[HostMessage], None]) -> None:
        """Read until the host closes the connection (returns) or it breaks (ConnectionError)."""
        reader = self._reader
        assert reader is not None
        while True:
            try:
                line = await reader.readline()
            except ValueError:  # longer than READ_LIMIT: the rest of the line is not read
                raise BadMessage(
                    Msg("The host sent a message longer than {mib} MiB.", mib=READ_LIMIT // (1024 * 1024))
                ) from None
            if not line:
                return
            on_message(decode_host(line))

    def close(self) -> None:
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.close()
        self._writer = None


class HostedTable:
    """A seat at a hosted table, as the table in the terminal sees it (see table.py)."""

    hotseat: ClassVar[bool] = False
    hosted: ClassVar[bool] = True
    tutorial: ClassVar[bool] = False

    def __init__(self, link: HostLink, seated: Seated, first: TableUpdate) -> None:
        self.link = link
        self.table_id = seated.table
        self.seat = seated.seat  # None: watching
        self.name = seated.name
        self.code = seated.code
        self.state: GameState = first.state
        self.log: list[LogLine] = []
        self.log_base = 0  # the index in the host's log of this client's first entry
        self.seat_info: list[SeatInfo] = []
        self.moves = 0
        self.bot_budget = 1.0
        self.sent: dict[int, str] = {}  # commands sent and not yet answered, by id
        self._next_id = 0
        self.update(first)

    # --- what the host says ----------------------------------------------------------------------
    def update(self, u: TableUpdate) -> None:
        self.state = u.state
        self.seat_info = list(u.seats)
        self.moves = u.moves
        entries = [LogLine(event_of(e), e.move, e.seat) for e in u.log]
        if self.log_base <= u.log_from <= self.log_base + len(self.log) and self.log:
            self.log = self.log[: u.log_from - self.log_base] + entries
        else:  # a newcomer's first part of the log, the whole log, or a log told anew
            self.log, self.log_base = entries, u.log_from

    def seated_again(self, link: HostLink, seated: Seated) -> None:
        """Back after a lost connection: the same seat (the host says so) on a new link."""
        self.link = link
        self.seat, self.name, self.code = seated.seat, seated.name, seated.code
        self.sent.clear()

    # --- the table for the terminal --------------------------------------------------------------
    @property
    def seats(self) -> list[str]:
        return [s.kind for s in self.seat_info]

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    @property
    def watching(self) -> bool:
        return self.seat is None

    def legal(self) -> list[Action]:
        return legal_actions(self.state)

    def command(self, text: str) -> list[str]:
        """Send a command line to the host (its answer comes later); help is read here, in
        this reader's language."""
        from ..commands import parse, verb_of

        if self.seat is None:
            raise IllegalAction(Msg("You are watching this table; 'say TEXT' talks to it."))
        problem = command_problem(text)
        if problem is not None:
            raise IllegalAction(problem)
        words = text.split()
        if words and verb_of(words[0]) == "help":
            parse(text, self.state if self.plays_now() else self.waiting_view())  # HelpRequested
        self._next_id += 1
        self.sent[self._next_id] = text
        self.link.send(Command(seat=self.seat, text=text, id=self._next_id))
        return []

    def answered(self, id: int | None) -> str | None:
        """The command a host's answer is about (None when not one of ours)."""
        return None if id is None else self.sent.pop(id, None)

    def plays_now(self) -> bool:
        return self.seat is not None and not self.over and self.state.current == self.seat

    def waiting_view(self) -> GameState:
        """The state as read by this seat's commands while another player is to act (the
        host reads a waiting seat's sale so too)."""
        view = self.state.clone()
        if self.seat is not None:
            view.current = self.seat
        return view

    def is_bot_turn(self) -> bool:
        return False  # the host plays the bots

    def away(self, seat: int) -> bool:
        if not 0 <= seat < len(self.seat_info):
            return False
        info = self.seat_info[seat]
        return info.kind == "human" and info.claimed and not info.present

    def say(self, text: str) -> None:
        problem = say_problem(text)
        if problem is not None:
            raise NotAtThisTable(problem)
        self.link.send(Say(seat=self.seat, text=text))

    def read_log(self) -> None:
        """Ask the host for the whole log (this client was sent the round's part of it)."""
        self.link.send(ReadLog())

    def bot_move(self) -> list[str]:
        raise NotAtThisTable(Msg("The host plays the bots at this table."))

    def hint(self, budget: float = 1.0) -> tuple[str, str]:
        from ..bots.hint import hint
        from ..commands import to_command

        action, reason = hint(self.state, budget)
        return to_command(action, self.state), render(reason)

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        raise NotAtThisTable(
            Msg("At a hosted table a move cannot be taken back: the other players have seen it. Sell, or play on.")
        )

    def undo_lost_by_loading(self) -> bool:
        return False

    def save(self, path: Path) -> None:
        raise NotAtThisTable(
            Msg(
                "The host keeps this game, every move stored as it is made; it goes on after a dropped "
                "connection or a restart of the host (lehavre host --resume)."
            )
        )

    def since_last_turn(self, seat: int) -> list[str]:
        return []

    def record_solo(self) -> tuple[int | None, list[tuple[str, int]]] | None:
        return None

    def scores(self) -> list[Score]:
        return final_scores(self.state)

    def winners(self) -> list[int]:
        return winners(self.state)


def event_of(entry: LogEntry) -> Msg | str:
    """A log entry as its message, to be read in this reader's language (its English text
    when the host sent words this client cannot read)."""
    if entry.words is None:
        return entry.text
    try:
        return from_data(entry.words)
    except (ValueError, TypeError):
        return entry.text
