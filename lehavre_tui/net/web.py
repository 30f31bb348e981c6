"""The table in a browser: textual-serve runs the table client for each browser tab.

The browser's visitor has no SSH login, so the client asks for a name and the table's
invite code (`lehavre join --guest`). Browser sessions are limited per address and in all,
since each runs a client program. Each tab's client is given a guest ticket naming the
tab's address, so that the host's guard counts the codes typed in a tab against the
browser's address (not against this machine's, where every tab's client runs).

The door answers only under its public address (`--public-url`, else the address it listens
on): another `Host:` is refused, and the page's websocket must come from a page of that
address (its `Origin`). Forwarding headers (`X-Forwarded-For`, `X-Forwarded-Host`) are read
only behind a proxy (`--behind-proxy`). The page is our own (web_page.html): no font or
script from another site; it shows why a session ended (the table client's last words,
sent before the socket closes), closes its socket when the page is left, and says it is
there every `BEAT_SECONDS` while shown: a tab hidden or silent for `SILENT_SECONDS` gives
its place back. A tab that ends is logged in one line; the client's own output is kept
from the host's console.

A tab narrower than the table's `MIN_WIDTH` columns (a phone's) gets the game in plain text
lines (`--plain`: tui/plain_text.py), as the SSH door gives a narrow terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import re
import shlex
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path
from string import Template
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from ..text import _
from .door import MIN_WIDTH
from .host import Host

MAX_PER_ADDRESS = 4  # browser tabs from one address at once
MAX_SESSIONS = 40  # browser tabs in all
BEAT_SECONDS = 15.0  # how often a shown page says it is there
SILENT_SECONDS = 300.0  # a tab that said nothing for so long gives its place back
MAX_SIZE = (400, 200)  # columns and rows a tab may ask for
PAGE = Path(__file__).with_name("web_page.html")


def stopping_words() -> str:
    """Why a tab ends when the host stops (in the host's language, read when said)."""
    return _("The host is stopping; your game is kept: come back to this page when it runs again.")


_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07")


def tab_command(command: str, ticket: str | None, width: int) -> str:
    """The shell line of one tab's table client: its ticket, and the game in plain text lines
    for a tab narrower than the table (a phone's)."""
    if ticket is not None:  # '--ticket=…': a ticket may begin with '-' (URL-safe base64)
        command += f" --ticket={shlex.quote(ticket)}"
    if width < MIN_WIDTH:
        command += " --plain"
    return command


def web_command(port: int) -> str:
    """The shell line textual-serve runs for a browser tab (made of our own words only); the
    tab asks its reader's language first."""
    return shlex.join([sys.executable, "-m", "lehavre_tui", "join", f"127.0.0.1:{port}", "--guest", "--ask-lang"])


def guest_tickets(host: Host) -> tuple[Callable[[str], str], Callable[[str], None]]:
    """The host's guest tickets for the browser door's tabs: made for an address, revoked."""

    def issue(address: str) -> str:
        return host.issue_ticket("", None, "", may_create=False, address=address, guest=True)

    return issue, host.revoke_ticket


def public_origin(url: str) -> tuple[str, str]:
    """(the origin 'http://host:port', the Host header 'host:port') of a public URL;
    ValueError with a sentence when it is not one."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(_("--public-url takes an address such as https://play.example.org or http://10.0.0.5:8000."))
    try:
        port = parts.port
    except ValueError:
        raise ValueError(
            _("--public-url takes an address such as https://play.example.org or http://10.0.0.5:8000.")
        ) from None
    default = 443 if parts.scheme == "https" else 80
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    netloc = host if port in (None, default) else f"{host}:{port}"
    return f"{parts.scheme}://{netloc}", netloc.lower()


class Tab(AppService):
    """One browser tab's table client, whose output on stderr (its last words: why it ended)
    is kept for the page and never printed on the host's console."""

    last_words = ""
    _kept: asyncio.Task[None] | None = None

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        process = await super()._open_app_process(width, height)
        stderr, quiet = process.stderr, asyncio.StreamReader()
        assert stderr is not None
        quiet.feed_eof()
        process.stderr = quiet  # textual-serve prints what it reads here: nothing
        self._kept = asyncio.get_running_loop().create_task(self._keep(stderr))
        return process

    async def _keep(self, stream: asyncio.StreamReader) -> None:
        tail = b""
        with contextlib.suppress(Exception):
            while chunk := await stream.read(4096):
                tail = (tail + chunk)[-4096:]
        text = _ESCAPES.sub("", tail.decode("utf-8", "replace"))
        self.last_words = " ".join(text.split())

    async def ended(self, seconds: float) -> None:
        """The client's exit collected (its pipes closed), ended if it lingers."""
        process = self._process
        if process is None:
            return
        try:
            await asyncio.wait_for(process.wait(), seconds)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(process.wait(), 1.0)
        if process.stdin is not None:  # its last pipe: the process's transport closes with it
            with contextlib.suppress(Exception):
                process.stdin.close()

    async def words(self, seconds: float) -> str:
        if self._kept is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._kept), seconds)
        return self.last_words


class WebDoor(Server):
    port: int  # textual-serve's: the port asked for, then the one bound

    def __init__(
        self,
        command: str,
        host: str,
        port: int,
        *,
        tickets: tuple[Callable[[str], str], Callable[[str], None]] | None = None,
        public_url: str | None = None,
        behind_proxy: bool = False,
        log: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(command, host=host, port=port, title="Le Havre", public_url=public_url)
        self.tickets = tickets  # (a guest ticket for a tab's address, its revocation), from the host
        self.public_given = public_url is not None
        self.behind_proxy = behind_proxy
        self.tabs: Counter[str] = Counter()
        self.ending = asyncio.Event()
        self.log = log or (lambda line: print(line, file=sys.stderr, flush=True))
        self._runner: web.AppRunner | None = None
        self._sockets: set[web.WebSocketResponse] = set()
        self._told: set[web.WebSocketResponse] = set()  # pages given their reason already
        self._handlers: set[asyncio.Task[Any]] = set()
        self._clients: set[Tab] = set()  # the tabs' table clients still running

    def initialize_logging(self) -> None:
        """The host's output stays the host's."""

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: the host prints its own lines."""

    # --- who is asking ---------------------------------------------------------------------------
    def _origin(self) -> tuple[str, str]:
        return public_origin(self.public_url)

    def _hosts(self) -> set[str]:
        origin, netloc = self._origin()
        hosts = {netloc}
        if not self.public_given and self.host in ("127.0.0.1", "::1"):
            hosts.add(netloc.replace(self.host if self.host != "::1" else "[::1]", "localhost", 1))
        return hosts

    def _address(self, request: web.Request) -> str:
        if self.behind_proxy and (forwarded := request.headers.get("X-Forwarded-For")):
            return forwarded.split(",")[-1].strip()  # the address the proxy saw
        return request.remote or ""

    def _host_refusal(self, request: web.Request) -> web.Response | None:
        asked = request.headers.get("X-Forwarded-Host") if self.behind_proxy else None
        asked = (asked or request.headers.get("Host") or "").strip().lower()
        if asked in self._hosts():
            return None
        return web.Response(status=421, text=_("This door answers at {url} only.").format(url=self.public_url) + "\n")

    # --- the page --------------------------------------------------------------------------------
    async def handle_index(self, request: web.Request) -> Any:
        """Our page, with the addresses of the public URL (never of the request's headers)."""
        refusal = self._host_refusal(request)
        if refusal is not None:
            return refusal
        origin, _netloc = self._origin()
        ws = ("wss:" if origin.startswith("https:") else "ws:") + origin.split(":", 1)[1] + "/ws"
        page = _page().substitute(
            static=html.escape(origin + "/static", quote=True),
            ws=html.escape(ws, quote=True),
            beat=int(BEAT_SECONDS * 1000),
            lost=html.escape(json.dumps(_("The connection to the host was lost."))[1:-1]),
            again=html.escape(_("Come back")),
        )
        return web.Response(text=page, content_type="text/html", headers={"Cache-Control": "no-store"})

    # --- a tab -----------------------------------------------------------------------------------
    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        refusal = self._host_refusal(request)
        if refusal is not None:
            return refusal
        origin, _netloc = self._origin()
        if request.headers.get("Origin", "").strip().lower() != origin.lower():
            return web.Response(status=403, text=_("This door's page is at {url}.").format(url=self.public_url) + "\n")
        address = self._address(request)
        ws = web.WebSocketResponse(heartbeat=BEAT_SECONDS, max_msg_size=64 * 1024)
        await ws.prepare(request)
        started = time.monotonic()
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
        self._sockets.add(ws)
        try:
            if self.ending.is_set():
                why = stopping_words()
                await self._end(ws, why)
            elif self.tabs[address] >= MAX_PER_ADDRESS or self.tabs.total() >= MAX_SESSIONS:
                why = _("Too many tables are open from here ({n} at most); close one and try again.").format(
                    n=MAX_PER_ADDRESS
                )
                await self._end(ws, why)
            else:
                self.tabs[address] += 1
                ticket = self.tickets[0](address) if self.tickets is not None else None
                try:
                    why = await self._play(ws, request, ticket)
                finally:
                    if ticket is not None and self.tickets is not None:
                        self.tickets[1](ticket)
                    self.tabs[address] -= 1
                    if self.tabs[address] <= 0:
                        del self.tabs[address]
            self.log(f"browser tab from {address} ended after {time.monotonic() - started:.0f} s: {why}")
        except Exception as exc:  # noqa: BLE001 - one line on the console, never a traceback
            self.log(f"browser tab from {address} ended: {type(exc).__name__}: {exc}")
        finally:
            self._sockets.discard(ws)
            self._told.discard(ws)
            if task is not None:
                self._handlers.discard(task)
            with contextlib.suppress(Exception):
                await ws.close()
        return ws

    async def _play(self, ws: web.WebSocketResponse, request: web.Request, ticket: str | None) -> str:
        """The tab's table client until one of them ends; the reason, as the page shows it."""
        width = min(_int(request.query.get("width"), 80), MAX_SIZE[0])
        height = min(_int(request.query.get("height"), 24), MAX_SIZE[1])

        async def exited() -> None:  # the client ended: the page is told why below
            pass

        tab = Tab(
            tab_command(self.command, ticket, width),
            write_bytes=ws.send_bytes,
            write_str=ws.send_str,
            close=exited,
            download_manager=self.download_manager,
            debug=False,
        )
        await tab.start(width, height)
        self._clients.add(tab)
        try:
            return await self._run(ws, tab)
        finally:
            process = tab._process
            if process is None or (
                process.returncode is not None and process.stdin is not None and process.stdin.is_closing()
            ):
                self._clients.discard(tab)  # else collected when the door stops

    async def _run(self, ws: web.WebSocketResponse, tab: Tab) -> str:
        reading = asyncio.get_running_loop().create_task(self._read(ws, tab))
        running = tab._task
        assert running is not None
        await asyncio.wait({reading, running}, return_when=asyncio.FIRST_COMPLETED)
        if not running.done():  # the page went away, or fell silent
            why = reading.result() if reading.done() and not reading.cancelled() else ""
            hurry = 0.2 if self.ending.is_set() else 1.0  # a stopping host is gone within 2 s
            if self.ending.is_set():
                why = why or stopping_words()
            if why:  # said before the client is ended: a page told nothing would show no reason
                await self._end(ws, why)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(tab.stop(), hurry)
            await tab.ended(hurry)
            return why or "the page closed"
        reading.cancel()
        with contextlib.suppress(BaseException):
            await reading
        tab._task = None
        # a client that ended because the host stops: the page's own words, not the client's
        why = stopping_words() if self.ending.is_set() else await tab.words(0.5) or _("The session ended.")
        await self._end(ws, why)
        await tab.ended(0.2 if self.ending.is_set() else 1.0)
        return why

    async def _read(self, ws: web.WebSocketResponse, tab: Tab) -> str:
        """What the page sends, to the client; '' when the page closed, else why it is let go."""
        while True:
            try:
                msg = await ws.receive(timeout=SILENT_SECONDS)
            except TimeoutError:
                return _(
                    "This tab was hidden or silent too long ({n} s); your seat waits: come back to play on."
                ).format(n=int(SILENT_SECONDS))
            if msg.type != WSMsgType.TEXT:
                if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    return ""
                continue
            try:
                kind, *rest = json.loads(msg.data)
            except (ValueError, TypeError):
                continue
            data = rest[0] if rest else None
            if kind == "stdin" and isinstance(data, str):
                await tab.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                width, height = _int(data.get("width"), 80), _int(data.get("height"), 24)
                await tab.set_terminal_size(min(max(width, 1), MAX_SIZE[0]), min(max(height, 1), MAX_SIZE[1]))
            elif kind == "ping" and isinstance(data, str):
                await ws.send_json(["pong", data[:32]])
            elif kind == "blur":
                await tab.blur()
            elif kind == "focus":
                await tab.focus()

    async def _end(self, ws: web.WebSocketResponse, why: str) -> None:
        """The reason, for the page to show; then the socket is closed. A page is told once
        (the page shows the last reason it got)."""
        if ws in self._told:
            return
        self._told.add(ws)
        with contextlib.suppress(Exception):
            await ws.send_json(["lehavre_ended", why])
            await ws.close()

    # --- the door --------------------------------------------------------------------------------
    async def start(self) -> int:
        """Serve in the running event loop (the host's); returns the port."""
        for name in ("aiohttp", "textual-serve"):  # their tracebacks never reach the host's console
            quiet = logging.getLogger(name)
            quiet.addHandler(logging.NullHandler())
            quiet.propagate = False
        app = await self._make_app()  # textual-serve 1.1's application, without its own loop
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        server: Any = site._server  # the bound socket tells the port when 0 was asked for
        sockets = getattr(server, "sockets", None) or []
        if sockets:
            self.port = int(sockets[0].getsockname()[1])
        if not self.public_given:
            self.public_url = f"http://{self.host if ':' not in self.host else f'[{self.host}]'}:{self.port}"
        return self.port

    async def stop(self, seconds: float = 0.3) -> None:
        """Stop serving: the tabs still open are told why at once (their table clients were
        told by the host), their clients get `seconds` and a second to end, then all is closed."""
        self.ending.set()
        for ws in list(self._sockets):  # every page is told first, whatever its client does
            await self._end(ws, stopping_words())
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds + 1.0
        while self._handlers and loop.time() < deadline:  # each ends its client and says so
            await asyncio.sleep(0.05)
        if self._runner is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._runner.cleanup(), 0.5)
            self._runner = None
        for tab in list(self._clients):  # a client still running is ended, and its exit collected
            await tab.ended(0.1)


@cache
def _page() -> Template:
    return Template(PAGE.read_text(encoding="utf-8"))


def _int(value: object, default: int) -> int:
    try:
        return max(1, int(str(value)))
    except ValueError:
        return default
