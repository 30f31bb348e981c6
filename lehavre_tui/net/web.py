"""The table in a browser: textual-serve runs the table client for each browser tab.

The browser's visitor has no SSH login, so the client asks for a name and the table's
invite code (`lehavre join --guest`). Browser sessions are limited per address and in all,
since each runs a client program. Each tab's client is given a guest ticket naming the
tab's address, so that the host's guard counts the codes typed in a tab against the
browser's address (not against this machine's, where every tab's client runs).
"""

from __future__ import annotations

import asyncio
import shlex
import sys
from collections import Counter
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from aiohttp import web
from textual_serve.server import Server

from .host import Host

MAX_PER_ADDRESS = 4  # browser tabs from one address at once
MAX_SESSIONS = 40  # browser tabs in all

_TAB_TICKET: ContextVar[str | None] = ContextVar("tab_ticket", default=None)  # the tab being opened


def web_command(port: int) -> str:
    """The shell line textual-serve runs for a browser tab (made of our own words only); the
    tab asks its reader's language first."""
    return shlex.join([sys.executable, "-m", "lehavre_tui", "join", f"127.0.0.1:{port}", "--guest", "--ask-lang"])


def guest_tickets(host: Host) -> tuple[Callable[[str], str], Callable[[str], None]]:
    """The host's guest tickets for the browser door's tabs: made for an address, revoked."""

    def issue(address: str) -> str:
        return host.issue_ticket("", None, "", may_create=False, address=address, guest=True)

    return issue, host.revoke_ticket


class WebDoor(Server):
    port: int  # textual-serve's: the port asked for, then the one bound

    def __init__(
        self,
        command: str,
        host: str,
        port: int,
        tickets: tuple[Callable[[str], str], Callable[[str], None]] | None = None,
    ) -> None:
        self._command = command
        self.tickets = tickets  # (a guest ticket for a tab's address, its revocation), from the host
        super().__init__(command, host=host, port=port, title="Le Havre")
        self.tabs: Counter[str] = Counter()
        self._runner: web.AppRunner | None = None

    @property
    def command(self) -> str:
        """The table client's command for the tab being opened (read once for each tab)."""
        ticket = _TAB_TICKET.get()
        return self._command if ticket is None else f"{self._command} --ticket {shlex.quote(ticket)}"

    @command.setter
    def command(self, value: str) -> None:
        self._command = value

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: the host prints its own lines."""

    def initialize_logging(self) -> None:
        """The host's output stays the host's."""

    async def handle_index(self, request: web.Request) -> Any:
        """The page, with the websocket's address as the browser reached this host."""
        scheme = "https" if request.headers.get("X-Forwarded-Proto") == "https" else "http"
        self.public_url = f"{scheme}://{request.host}"
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        address = request.remote or ""
        if self.tabs[address] >= MAX_PER_ADDRESS or self.tabs.total() >= MAX_SESSIONS:
            raise web.HTTPTooManyRequests(text="Too many tables open from here; close one and try again.")
        self.tabs[address] += 1
        ticket = self.tickets[0](address) if self.tickets is not None else None
        _TAB_TICKET.set(ticket)  # this task's own: read by `command` as the tab's client starts
        try:
            return await super().handle_websocket(request)
        finally:
            if ticket is not None and self.tickets is not None:
                self.tickets[1](ticket)
            self.tabs[address] -= 1
            if self.tabs[address] <= 0:
                del self.tabs[address]

    async def start(self) -> int:
        """Serve in the running event loop (the host's); returns the port."""
        app = await self._make_app()  # textual-serve 1.1's application, without its own loop
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        server: Any = site._server  # the bound socket tells the port when 0 was asked for
        sockets = getattr(server, "sockets", None) or []
        if sockets:
            self.port = int(sockets[0].getsockname()[1])
        return self.port

    async def stop(self) -> None:
        """Close every tab (its table client is told to quit) and stop serving."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 3.0
        while self.tabs and loop.time() < deadline:  # the table clients end
            await asyncio.sleep(0.05)
        await asyncio.sleep(1.0)  # and their exits are collected before the loop may close
