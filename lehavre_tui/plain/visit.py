"""A hosted table in plain text (`lehavre join --plain`; `ssh -t -p 2222 anna@host plain`).

The same connection as the full table's visit (net/client.py): hello, the lobby's tables,
a seat, then every table the host sends. Here the lobby is a few lines ('join 1', 'new
human,random short'), and at the table the moves of everybody are narrated as they arrive,
between the lines typed. Lines are read in a thread (readline's `input` blocks) and played
on the connection's event loop, one at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable

from ..engine.message import Msg
from ..net.client import HostedTable, HostLink
from ..net.protocol import (
    PROTOCOL_VERSION,
    BadMessage,
    Bye,
    CreateTable,
    Done,
    Hello,
    HostMessage,
    JoinTable,
    LeaveTable,
    ListTables,
    Note,
    Ping,
    Refusal,
    Seated,
    TableInfo,
    Tables,
    TableUpdate,
    Welcome,
)
from ..net.words import read
from ..seats import SHOWN_KINDS
from ..text import N_, _, ngettext, render
from .game import PlainGame
from .lines import Lines
from .prompt import phase_words

PING_SECONDS = 30.0  # as the host expects of every client (net/host.py)
ANSWER_SECONDS = 3.0  # the longest the prompt waits for the host's answer to a command
RETRY_SECONDS = (1.0, 2.0, 4.0, 8.0)  # between tries to reach the host again


# a bot's seat, worded as the full table words it (the same sentences of the catalogs)
BOT_LABELS = {
    "random": N_("{player} (random bot)"),
    "easy": N_("{player} (easy bot)"),
    "medium": N_("{player} (medium bot)"),
    "hard": N_("{player} (hard bot)"),
    "expert": N_("{player} (expert bot)"),
    "heuristic": N_("{player} (heuristic bot)"),
    "search": N_("{player} (search bot)"),
}


def table_line(t: TableInfo) -> str:
    """'Table 1: short game, 2 players, round 2 of 8; seats: Anna (here), Ben (free).'"""
    seats = []
    for s in t.seats:
        if s.kind != "human":
            label = BOT_LABELS.get(s.kind)
            seats.append(_(label).format(player=s.name) if label else s.name)
        elif s.present:
            seats.append(_("{player} (here)").format(player=s.name))
        elif s.claimed:
            seats.append(_("{player} (away)").format(player=s.name))
        else:
            seats.append(_("{player} (free)").format(player=s.name))
    if t.watchers:
        seats.append(ngettext("{n} watching", "{n} watching", t.watchers).format(n=t.watchers))
    variant = Msg("short game") if t.variant == "short" else Msg("full game")
    if t.over:
        return render(Msg("Table {table}: {variant}, over; seats: {seats}.", table=t.id, variant=variant,
                          seats=", ".join(seats)))  # fmt: skip
    return render(Msg("Table {table}: {variant}, round {round} of {rounds}; seats: {seats}.", table=t.id,
                      variant=variant, round=t.round, rounds=t.rounds, seats=", ".join(seats)))  # fmt: skip


class HostedGame(PlainGame):
    """The line loop's words at a hosted table: the prompt names this seat's player."""

    table: HostedTable

    def _prompt(self) -> str:
        t = self.table
        s = t.state
        if not self.lines.interactive or t.plays_now() or t.over:
            return super()._prompt()
        if t.seat is None:
            return render(Msg("watching, round {round}: {other} is to play ({next})", round=s.round,
                              other=s.players[s.current].name, next=phase_words(s))) + "> "  # fmt: skip
        return render(Msg("{player}, round {round}: {other} is to play ({next})", player=t.name, round=s.round,
                          other=s.players[s.current].name, next=phase_words(s))) + "> "  # fmt: skip

    def play(self, text: str) -> None:
        super().play(text)
        self.keyboard = self.table.seat  # 'look me' is this seat, whoever moved last


class PlainVisit:
    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        lang: str,
        lines: Lines,
        *,
        ticket: str | None = None,
        code: str | None = None,
        key: str | None = None,
        table: int | None = None,
        guest: bool = False,
        seat_code: str | None = None,
        keep_seat_code: Callable[[str], None] | None = None,
        key_source: Callable[[], str | None] | None = None,
    ) -> None:
        self.guest = guest  # (a browser tab's ticket says where it is; not a login the door vouches for)
        self.seat_code = seat_code  # the code of this player's own seat (no SSH key)
        self.keep_seat_code = keep_seat_code
        self.host, self.port, self.name, self.lang = host, port, name, lang
        self.key_source = key_source  # the host's local key read again (a restarted host has a new one)
        self.ticket, self.code, self.key, self.wanted = ticket, code, key, table
        self.lines = lines
        self.link: HostLink | None = None
        self.welcome: Welcome | None = None
        self.seated: Seated | None = None
        self.table: HostedTable | None = None
        self.game: HostedGame | None = None
        self.tables: list[TableInfo] = []
        self.code_out = 0
        self.ended = False
        # the next prompt may go out: the host has shown the lobby or the table, and has answered
        # the line typed last (its moves narrated first)
        self._ready = threading.Event()

    # --- the connection ---------------------------------------------------------------------
    async def run(self) -> int:
        loop = asyncio.get_running_loop()
        typed: asyncio.Queue[str | None] = asyncio.Queue()
        self.lines.prompt_now = self._prompt
        self.lines.use_readline(lambda line: self.game.completions(line) if self.game is not None else [])
        connection = loop.create_task(self._keep_connected())
        reader = threading.Thread(target=self._read_lines, args=(loop, typed), daemon=True)
        reader.start()
        try:
            while not self.ended:
                waiting = loop.create_task(typed.get())
                done, _pending = await asyncio.wait({waiting, connection}, return_when=asyncio.FIRST_COMPLETED)
                if waiting not in done:
                    waiting.cancel()
                    break  # the host ended the visit, or cannot be reached at all
                line = waiting.result()
                if line is None:
                    break
                self._typed(line)
                if self.table is not None and self.table.sent:
                    loop.call_later(ANSWER_SECONDS, self._ready.set)  # a slow host: the prompt anyway
                else:
                    self._ready.set()
        finally:
            self.ended = True
            connection.cancel()
            if self.link is not None:
                self.link.close()
        return self.code_out

    async def _keep_connected(self) -> None:
        """Connect, and after a lost connection connect again, back to the same seat (the host
        keeps it waiting); a host that cannot be reached on the first try ends the visit."""
        tries = 0
        while not self.ended:
            link = HostLink(self.host, self.port)
            try:
                await link.connect()
            except OSError as exc:
                address, reason = f"{self.host}:{self.port}", str(exc.strerror or exc)
                self._say(render(Msg("The host at {address} cannot be reached ({reason}).", address=address,
                                     reason=reason)))  # fmt: skip
                if self.table is None and self.welcome is None:
                    self.code_out = 1
                    return
                wait = RETRY_SECONDS[min(tries, len(RETRY_SECONDS) - 1)]
                tries += 1
                await asyncio.sleep(wait)
                continue
            tries = 0
            self.link = link
            if self.key_source is not None:
                self.key = self.key_source() or self.key
            table = self.table.table_id if self.table is not None else self.wanted
            link.send(Hello(version=PROTOCOL_VERSION, name=self.name, lang=self.lang, ticket=self.ticket,
                            code=self.code, key=self.key, table=table, seat_code=self.seat_code))  # fmt: skip
            pinger = asyncio.get_running_loop().create_task(self._ping(link))
            try:
                with contextlib.suppress(OSError, BadMessage):
                    await link.run(self._shown)
            finally:
                pinger.cancel()
                link.close()
            if self.ended:
                return
            self._say(render(Msg("The connection to the host was lost; trying again.")))
            await asyncio.sleep(RETRY_SECONDS[0])

    async def _ping(self, link: HostLink) -> None:
        while True:
            await asyncio.sleep(PING_SECONDS)
            link.send(Ping())

    def _read_lines(self, loop: asyncio.AbstractEventLoop, typed: asyncio.Queue[str | None]) -> None:
        """The reader's lines, one at a time: the next prompt waits until the line is played."""
        while True:
            self._ready.wait()
            self._ready.clear()
            if self.ended:
                return
            line = self.lines.read(self._prompt())
            with contextlib.suppress(RuntimeError):  # the loop has closed: the visit is over
                loop.call_soon_threadsafe(typed.put_nowait, line)
            if line is None:
                return

    def _prompt(self) -> str:
        if self.game is not None:
            return self.game._prompt()
        return "> " if self.lines.interactive else ""

    def _say(self, *texts: str) -> None:
        self.lines.say(*texts)

    # --- what the host says ------------------------------------------------------------------
    def _shown(self, msg: HostMessage) -> None:
        try:
            self._message(msg)
        except Exception as exc:  # noqa: BLE001 - said, and the connection goes on
            self._say(_("This client could not show what the host sent ({reason}).").format(
                reason=f"{type(exc).__name__}: {exc}"))  # fmt: skip

    def _message(self, msg: HostMessage) -> None:
        if isinstance(msg, Welcome):
            self.welcome = msg
            self._say(_("Connected as {player}.").format(player=msg.name))
        elif isinstance(msg, Tables):
            self.tables = list(msg.tables)
            if self.table is None and self.seated is None:
                self._lobby()
        elif isinstance(msg, Seated):
            self.seated = msg
            if msg.seat_code is not None:
                self._new_seat_code(msg.seat_code, msg.code or "")
            if self.table is not None and self.table.table_id == msg.table and self.link is not None:
                self.table.seated_again(self.link, msg)
                self.seated = None
        elif isinstance(msg, TableUpdate):
            self._table(msg)
        elif isinstance(msg, Done):
            self._answered(msg.id)
        elif isinstance(msg, (Refusal, Note)):
            self._say(read(msg.words, msg.text))
            self._answered(msg.id)
        elif isinstance(msg, Bye):
            self._say(read(msg.words, msg.text))
            self.ended = True
            self.code_out = 1
            self._ready.set()

    def _new_seat_code(self, seat_code: str, invite: str) -> None:
        """The host made this player's seat code: kept, and said once (as the full table says it)."""
        self.seat_code = seat_code
        if self.keep_seat_code is not None:
            with contextlib.suppress(OSError):
                self.keep_seat_code(seat_code)
        self._say(
            _(
                "This seat is yours with your seat code {seat_code} (shown only now: note it). To come back "
                "from elsewhere, give the invite code followed by it: {invite} {seat_code}"
            ).format(seat_code=seat_code, invite=invite)
        )

    def _answered(self, id: int | None) -> None:
        table = self.table
        if table is not None:
            table.answered(id)
        if table is None or not table.sent:
            self._ready.set()

    def _lobby(self) -> None:
        lines = [table_line(t) for t in self.tables] or [render(Msg("No table is open yet."))]
        may_create = self.welcome is not None and self.welcome.may_create
        if may_create:
            bots = ", ".join(SHOWN_KINDS)
            lines.append(render(Msg("Type 'join N' to sit at table N, or 'new human,random short' to open a table "
                                    "(seats: human, {bots}); 'tables' lists them again, 'quit' leaves.",
                                    bots=bots)))  # fmt: skip
        else:
            lines.append(render(Msg("Type 'join N' to sit at table N; 'tables' lists them again, 'quit' leaves.")))
        self._say(*lines)
        self._ready.set()

    def _table(self, u: TableUpdate) -> None:
        if self.seated is not None and self.seated.table == u.table and self.link is not None:
            self.table = HostedTable(self.link, self.seated, u)
            self.seated = None
            self.game = HostedGame(self.table, self.lines, handoff=False)
            self.game.keyboard = self.table.seat
            self._say(render(Msg("You sit at table {table} as {player}.", table=u.table, player=self.table.name)))
            self._say(*(ln.text for ln in self.table.log[-12:]))  # the latest of the log, as the table shows it
            self.game.shown = len(self.table.log)
            self._after()
            self._ready.set()
            return
        table, game = self.table, self.game
        if table is None or game is None or table.table_id != u.table:
            return
        shown = game.shown
        table.update(u)
        self._say(*(ln.text for ln in table.log[min(shown, len(table.log)) :]))
        game.shown = len(table.log)
        self._after()
        self.lines.refresh_prompt()  # the turn may have passed without a line (an 'end')

    def _after(self) -> None:
        """What the game asks of this seat now (the feeding, the interest, the scores)."""
        game, table = self.game, self.table
        if game is None or table is None:
            return
        if table.over or table.plays_now():
            game._follow()

    # --- what the reader types ---------------------------------------------------------------
    def _typed(self, line: str) -> None:
        words = line.split()
        if not words:
            return
        head = words[0].lower()
        link = self.link
        if self.game is None or self.table is None:
            self._lobby_line(head, words[1:])
            return
        from ..commands import table_word_of

        if table_word_of(head) == "log" and len(words) == 1:
            self.table.read_log()  # the host sends the whole log: said from its first line
            self.game.shown = 0
            return
        if table_word_of(head) == "lobby" and len(words) == 1 and link is not None:
            link.send(LeaveTable())
            self.table = self.game = None
            self._ready.clear()  # the next prompt after the lobby's tables
            return
        self.game.play(line)
        if self.game.done:
            self.ended = True

    def _lobby_line(self, head: str, rest: list[str]) -> None:
        link = self.link
        if link is None:
            return
        from ..commands import table_word_of

        if table_word_of(head) == "quit":
            self.ended = True
        elif head in ("join", "j") and len(rest) == 1 and rest[0].isdigit():
            link.send(JoinTable(table=int(rest[0])))
        elif head in ("new", "n") and rest:
            seats = [k.strip().lower() for k in rest[0].split(",") if k.strip()]
            short = len(rest) > 1 and rest[1].lower() in ("short", "krótka", "kratka", "krátká", "kratka")
            try:
                link.send(CreateTable(seats=seats, variant="short" if short else "full"))
            except ValueError:
                self._say(render(Msg("'{seats}' is not a list of seats: human, random, easy, medium, hard or expert, "
                                     "comma separated.", seats=rest[0])))  # fmt: skip
        elif head in ("tables", "list", "look", "l"):
            link.send(ListTables())
        else:
            self._lobby()
