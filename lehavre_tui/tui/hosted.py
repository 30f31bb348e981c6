"""A visit to a host (`lehavre join`, a login over SSH, a browser): the connection, the lobby,
the seat at a table. The table itself is the same table as at one keyboard (screens/table.py),
playing at a `HostedTable`.

The visit keeps the connection: it says hello, hands the lobby its tables, opens the table
when the host seats the player, and passes every table the host sends to the screen. A lost
connection is tried again every few seconds, back to the same seat; a host that ends the
visit (`Bye`) ends the app with its reason.

A player who proved no SSH key gets a seat code when taking a seat: the visit shows it once
in the table's log, sends it when connecting again, and hands it to `keep_seat_code` (the
terminal client keeps it for the next visit from this machine).

The visit knows nothing of the app's screens: it tells the app what happened with messages
(messages.py: seated, a move made, words for the table, back in the lobby), and the app
draws it.

The visit reads the table in its reader's language (`lang`): every word the host sends is
a message this client renders. A visit without a language (a login whose ssh client sent
no LANG, a browser tab) asks for one in the lobby before it connects.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import events

from ..net.client import HostedTable, HostLink
from ..net.host import PING_SECONDS
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
    login_problem,
)
from ..net.trouble import log_failure
from ..net.words import read
from ..text import _, render, set_language
from .messages import LobbyChanged, VisitLeft, VisitMoved, VisitRefused, VisitSays, VisitSeated

if TYPE_CHECKING:
    from textual.app import App

RETRY_SECONDS = (1.0, 2.0, 4.0, 8.0)


class Visit:
    def __init__(
        self,
        host: str,
        port: int,
        name: str = "",
        lang: str | None = "en",
        *,
        ticket: str | None = None,
        guest: bool = False,
        code: str | None = None,
        key: str | None = None,
        table: int | None = None,
        seat_code: str | None = None,
        keep_seat_code: Callable[[str], None] | None = None,
    ) -> None:
        self.host, self.port = host, port
        self.name = name  # the login name; the host says how it sits at the table
        self.lang = lang  # the language this reader reads the table in; None: asked in the lobby
        self.ticket, self.code, self.key = ticket, code, key
        self.guest = guest  # a browser tab: its ticket says where it is, the name and code are typed
        self.wanted = table  # the table to sit at on arriving
        self.seat_code = seat_code  # the code of this player's own seat (no SSH key)
        self.keep_seat_code = keep_seat_code
        self._tell: str | None = None  # said in the table's log once it is drawn
        self.app: App[Any] | None = None  # the app this visit is shown in
        self.link: HostLink | None = None
        self.welcome: Welcome | None = None
        self.tables: list[TableInfo] = []
        self.table: HostedTable | None = None
        self._seated: Seated | None = None  # seated, the table not yet received
        self.ended = False
        self.status = self._first_status()
        # Keys typed while the client is on its way (starting; connecting; seated, the table
        # not yet drawn) are held, then typed where the visit arrives: the table, or the lobby.
        # A visit that asks for a language or a login first is in the lobby from the start.
        self.arriving = not (self.needs_language or self.needs_login)
        self.typed_ahead: list[tuple[str, str | None]] = []

    def _first_status(self) -> str:
        if self.needs_login:
            return _("Give your player name and the table's invite code (the host printed it).")
        return _("Connecting to the host at {address}…").format(address=f"{self.host}:{self.port}")

    @property
    def needs_language(self) -> bool:
        """The reader is to choose a language before anything else."""
        return self.lang is None

    def choose_language(self, lang: str) -> None:
        """The reader's choice in the lobby: every word from now on in `lang`."""
        set_language(lang)
        self.lang = lang
        self.status = self._first_status()

    @property
    def needs_login(self) -> bool:
        """Nothing to come in with yet: the lobby asks for a name and the invite code."""
        if self.ticket and not self.guest:
            return False  # the SSH door vouches for the login
        return not self.name or not (self.key or self.code)

    def login(self, name: str, code: str) -> None:
        problem = login_problem(name.strip(), code.strip())
        if problem is not None:
            self.status = render(problem)
            self._lobby_changed()
            return
        self.name, self.code = name.strip(), code.strip()
        self.status = _("Connecting to the host at {address}…").format(address=f"{self.host}:{self.port}")
        self.go_on()

    def go_on(self) -> None:
        """Connect, now that the lobby has what the visit needed (a language, a login)."""
        if self.app is not None:
            self.start(self.app)

    # --- the connection ------------------------------------------------------------------------
    def start(self, app: App[Any]) -> None:
        self.app = app
        if self.needs_language or self.needs_login:
            self._lobby_changed()
            return
        self.arriving = True
        app.run_worker(self._keep_connected(), group="host", exclusive=True, exit_on_error=False)

    def hold(self, key: str, character: str | None, printable: bool) -> bool:
        """Keep a key typed on the way to the table (True), to be typed on arriving."""
        if not self.arriving or not (printable or key in ("enter", "ctrl+j", "backspace")):
            return False
        self.typed_ahead.append((key, character))
        return True

    def at_table(self) -> list[tuple[str, str | None]]:
        """The table's command bar has the keyboard: the keys typed on the way, for it."""
        if self.table is None or not self.arriving:
            return []
        self.arriving = False
        keys, self.typed_ahead = self.typed_ahead, []
        return keys

    def _arrive(self) -> None:
        """The lobby is where the visit stays: what was typed on the way is typed there now."""
        if not self.arriving:
            return
        self.arriving = False
        keys, self.typed_ahead = self.typed_ahead, []
        if self.app is not None:
            for key, character in keys:  # typed again, as if pressed now
                self.app.post_message(events.Key(key, character))

    async def _keep_connected(self) -> None:
        try:
            await self._connected()
        except Exception as exc:  # noqa: BLE001 - one sentence for the player, the details to the log
            self.failed(exc)

    def failed(self, exc: BaseException) -> None:
        """This client failed: its player is told in one sentence, the details go to its log."""
        log_failure(exc, f"a visit to {self.host}:{self.port}")
        self.ended = True
        self.status = _(
            "The connection to the host ended because this client failed; the game is safe at the host: "
            "join again to play on."
        )
        if self.app is not None:
            self.app.exit(return_code=1, message=self.status)

    async def _connected(self) -> None:
        tries = 0
        while not self.ended:
            link = HostLink(self.host, self.port)
            try:
                await link.connect()
            except OSError as exc:
                wait = RETRY_SECONDS[min(tries, len(RETRY_SECONDS) - 1)]
                self._lost(
                    _("The host at {address} cannot be reached ({reason}); trying again in {n} s.").format(
                        address=f"{self.host}:{self.port}", reason=exc.strerror or exc, n=f"{wait:.0f}"
                    )
                )
                tries += 1
                await asyncio.sleep(wait)
                continue
            tries = 0
            self.link = link
            table = self.table.table_id if self.table is not None else self.wanted
            link.send(
                Hello(
                    version=PROTOCOL_VERSION,
                    name=self.name,
                    lang=self.lang or "en",
                    ticket=self.ticket,
                    code=self.code,
                    key=self.key,
                    table=table,
                    seat_code=self.seat_code,
                )
            )
            pinger = asyncio.get_running_loop().create_task(self._ping(link))
            try:
                await link.run(self._shown)
            except (OSError, BadMessage):
                pass
            finally:
                pinger.cancel()
                link.close()
            if not self.ended:
                self._lost(_("The connection to the host was lost; trying again…"))
                await asyncio.sleep(RETRY_SECONDS[0])

    async def _ping(self, link: HostLink) -> None:
        while True:
            await asyncio.sleep(PING_SECONDS)
            link.send(Ping())

    def _lost(self, text: str) -> None:
        self.status = text
        app = self.app
        if app is None:
            return
        if self.table is not None:
            app.post_message(VisitSays(text))
        self._lobby_changed()
        self._arrive()

    # --- what the lobby asks -------------------------------------------------------------------
    def read_log(self) -> None:
        """The table's whole log from the host (a newcomer is sent the round's part)."""
        if self.table is not None and self.link is not None:
            self.table.read_log()

    def refresh_tables(self) -> None:
        if self.link is not None:
            self.link.send(ListTables())

    def join(self, table: int) -> None:
        if self.link is not None:
            self.arriving = True
            self.link.send(JoinTable(table=table))

    def create(self, seats: list[str], variant: str) -> None:
        if self.link is not None:
            self.arriving = True
            self.link.send(CreateTable(seats=seats, variant=variant))

    def leave_table(self) -> None:
        """Back to the lobby; the seat waits at the table."""
        app = self.app
        self.table = None
        self.wanted = None
        if self.link is not None:
            self.link.send(LeaveTable())
        if app is not None:
            app.post_message(VisitLeft())
        self._lobby_changed()

    # --- what the host says --------------------------------------------------------------------
    def _shown(self, msg: HostMessage) -> None:
        """A message from the host, shown; a message this client fails to show is said so
        (the connection goes on: the next table the host sends draws everything again)."""
        try:
            self._message(msg)
        except Exception as exc:  # noqa: BLE001 - said at the table or in the lobby
            text = _("This client could not show what the host sent ({reason}).").format(
                reason=f"{type(exc).__name__}: {exc}"
            )
            self.status = text
            app = self.app
            if app is not None and self.table is not None:
                app.post_message(VisitSays(text))
            self._lobby_changed()

    def _message(self, msg: HostMessage) -> None:
        app = self.app
        if app is None:
            return
        if isinstance(msg, Welcome):
            self.welcome = msg
            self.status = _("Connected as {player}.").format(player=msg.name)
            self._lobby_changed()
        elif isinstance(msg, Tables):
            self.tables = list(msg.tables)
            self._lobby_changed()
            if self.table is None and self._seated is None:
                self._arrive()  # not seated: the lobby is where the visit goes
        elif isinstance(msg, Seated):
            self._seated = msg
            if msg.seat_code is not None:
                self._new_seat_code(msg.seat_code, msg.code or "")
            if self.table is not None and self.table.table_id == msg.table and self.link is not None:
                self.table.seated_again(self.link, msg)
                self._seated = None
        elif isinstance(msg, TableUpdate):
            self._table(msg)
        elif isinstance(msg, Done):
            if self.table is not None:
                self.table.answered(msg.id)
        elif isinstance(msg, Refusal):
            text = read(msg.words, msg.text)
            sent = self.table.answered(msg.id) if self.table is not None else None
            if sent is not None:
                app.post_message(VisitRefused(sent, text))
            elif self.table is not None:
                app.post_message(VisitSays(text))
            else:
                self.status = text
                self._lobby_changed()
                self._arrive()  # the lobby stays
        elif isinstance(msg, Note):
            if self.table is not None:
                self.table.answered(msg.id)
            if self.table is not None:
                app.post_message(VisitSays(read(msg.words, msg.text), warn=False))
        elif isinstance(msg, Bye):
            self.ended = True
            self.status = read(msg.words, msg.text)
            app.exit(return_code=1, message=self.status)  # said in the terminal once the table is gone

    def _table(self, u: TableUpdate) -> None:
        app = self.app
        assert app is not None
        if self._seated is not None and self._seated.table == u.table and self.link is not None:
            self.table = HostedTable(self.link, self._seated, u)
            self._seated = None
            told, self._tell = self._tell, None
            # arrived once its bar has the keyboard (at_table)
            app.post_message(VisitSeated(self.table, note=told))
            return
        table = self.table
        if table is None or table.table_id != u.table:
            return
        before = (table.state.current, table.state.phase)
        table.update(u)
        app.post_message(VisitMoved(table, before))

    def _new_seat_code(self, seat_code: str, invite: str) -> None:
        """The host made this player's seat code: kept, and shown once."""
        self.seat_code = seat_code
        if self.keep_seat_code is not None:
            with contextlib.suppress(OSError):
                self.keep_seat_code(seat_code)
        self._tell = _(
            "This seat is yours with your seat code {seat_code} (shown only now: note it). To come back "
            "from elsewhere, give the invite code followed by it: {invite} {seat_code}"
        ).format(seat_code=seat_code, invite=invite)

    def _lobby_changed(self) -> None:
        if self.app is not None:
            self.app.post_message(LobbyChanged())
