"""The browser door: textual-serve runs the table client for each browser tab, which comes in
with a name and the invite code. Driven here over the page's websocket, as the browser does."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from lehavre_tui.net import web as web_module
from lehavre_tui.net.host import Host
from lehavre_tui.net.web import WebDoor, guest_tickets, tab_command, web_command

from ..plain.driver import BOX
from .conftest import RawClient
from .terminal import free_port

# real programs in pseudo-terminals, timed: one after another on one worker (pytest-xdist's
# --dist loadgroup), never beside each other
pytestmark = pytest.mark.xdist_group("timed")


@pytest.fixture
async def web(host: Host, tmp_path, monkeypatch) -> AsyncIterator[WebDoor]:
    monkeypatch.setenv("LEHAVRE_DATA", str(tmp_path / "data"))
    door = WebDoor(web_command(host.port), "127.0.0.1", free_port(), tickets=guest_tickets(host))
    await door.start()
    yield door
    await door.stop()


def drawn(seen: bytearray) -> bytes:
    return re.sub(rb"\x1b\[[0-?]*[ -/]*[@-~]", b"", bytes(seen))


async def screen_until(
    ws: aiohttp.ClientWebSocketResponse, seen: bytearray, *texts: bytes, timeout: float = 30.0
) -> None:
    """Read what the table client draws (and the page shows when it ends) until every one of
    `texts` has been drawn."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not all(t in drawn(seen) for t in texts):
        left = deadline - loop.time()
        try:
            msg = await asyncio.wait_for(ws.receive(), max(left, 0.01))
        except TimeoutError:
            raise AssertionError(f"not drawn: {texts!r}; at the end: {drawn(seen)[-2000:]!r}") from None
        if msg.type == aiohttp.WSMsgType.BINARY:
            seen += msg.data
        elif msg.type == aiohttp.WSMsgType.TEXT and msg.data.startswith('["lehavre_ended"'):
            seen += json.loads(msg.data)[1].encode()  # the page shows why the session ended
        elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
            raise AssertionError("the browser's connection closed")


async def test_a_browser_tab_gets_the_table_client_and_sits_down_with_the_code(web: WebDoor, two_players) -> None:
    base = f"http://127.0.0.1:{web.port}"
    async with aiohttp.ClientSession() as http:
        async with http.get(base + "/") as page:
            html = await page.text()
            assert page.status == 200 and f"ws://127.0.0.1:{web.port}/ws" in html
        async with http.ws_connect(base + "/ws?width=100&height=30", origin=base) as ws:
            seen = bytearray()
            await screen_until(ws, seen, "Čeština".encode(), b"Polski", b"English")  # a tab has no LANG: asked
            await ws.send_json(["focus", {}])  # as a browser does when the page has the keyboard
            await ws.send_json(["stdin", "\t"])  # from English on to Polski
            await asyncio.sleep(0.3)
            await ws.send_json(["stdin", "\r"])
            mark = len(seen)
            await screen_until(ws, seen, b"k7mq-2xrd")  # the name and the code, asked in Polish
            assert b"Kod zaproszenia" in drawn(seen[mark:])
            for keys in ("zoe", "\r", two_players.code, "\r"):
                await ws.send_json(["stdin", keys])
                await asyncio.sleep(0.5)  # as a person types: Enter moves on to the code first
            await screen_until(ws, seen, b"ZOE")  # her board at the table
            assert two_players.seats[0].login == "zoe"


async def ended(ws: aiohttp.ClientWebSocketResponse, timeout: float = 30.0) -> str:
    """The reason the door gives the page before it closes the socket (what the page shows)."""
    reason = ""
    while True:
        msg = await asyncio.wait_for(ws.receive(), timeout)
        if msg.type == aiohttp.WSMsgType.TEXT:
            data = json.loads(msg.data)
            if data[0] == "lehavre_ended":
                reason = data[1]
        elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
            return reason


async def test_browser_tabs_are_limited_per_address_and_the_page_says_so(web: WebDoor, monkeypatch) -> None:
    monkeypatch.setattr(web_module, "MAX_PER_ADDRESS", 0)
    base = f"http://127.0.0.1:{web.port}"
    async with aiohttp.ClientSession() as http, http.ws_connect(base + "/ws", origin=base) as ws:
        assert "Too many tables are open from here" in await ended(ws)


async def test_the_door_answers_only_under_its_public_address(web: WebDoor) -> None:
    base = f"http://127.0.0.1:{web.port}"
    async with aiohttp.ClientSession() as http:
        async with http.get(base + "/", headers={"Host": "evil.example:80"}) as page:
            assert page.status == 421 and "answers at http://127.0.0.1:" in await page.text()
        async with http.get(
            base + "/", headers={"X-Forwarded-Proto": "https", "X-Forwarded-Host": "x.example"}
        ) as page:
            html = await page.text()  # forwarding headers are not read without --behind-proxy
            assert page.status == 200 and "https" not in html and "x.example" not in html
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(base + "/ws", headers={"Host": "evil.example"}, origin=base)
        assert refused.value.status == 421


@pytest.mark.parametrize("origin", ["http://evil.example", "http://127.0.0.1:1", None])
async def test_the_websocket_comes_only_from_the_doors_own_page(web: WebDoor, origin: str | None) -> None:
    base = f"http://127.0.0.1:{web.port}"
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(base + "/ws", origin=origin)
        assert refused.value.status == 403
    assert not web.tabs


async def test_a_public_url_names_the_page_and_its_socket(host: Host, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("LEHAVRE_DATA", str(tmp_path / "data"))
    door = WebDoor(web_command(host.port), "127.0.0.1", free_port(), public_url="https://play.example.org")
    await door.start()
    try:
        base = f"http://127.0.0.1:{door.port}"
        async with aiohttp.ClientSession() as http:
            async with http.get(base + "/") as page:
                assert page.status == 421
            async with http.get(base + "/", headers={"Host": "play.example.org"}) as page:
                html = await page.text()
                assert page.status == 200 and "wss://play.example.org/ws" in html
                assert "https://play.example.org/static/js/textual.js" in html
    finally:
        await door.stop()


async def test_the_page_loads_nothing_from_another_site(web: WebDoor) -> None:
    base = f"http://127.0.0.1:{web.port}"
    async with aiohttp.ClientSession() as http, http.get(base + "/") as page:
        html = await page.text()
    addresses = set(re.findall(r"""(?:https?|wss?)://[^/"'\s]+""", html))
    assert addresses == {f"http://127.0.0.1:{web.port}", f"ws://127.0.0.1:{web.port}"}
    assert "googleapis" not in html and "pagehide" in html and "lehavre_here" in html


async def test_every_end_of_a_tab_shows_its_reason_and_the_console_gets_one_line(web: WebDoor, host: Host) -> None:
    lines: list[str] = []
    web.log = lines.append
    base = f"http://127.0.0.1:{web.port}"
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(base + "/ws?width=100&height=30", origin=base) as ws:
            seen = bytearray()
            await screen_until(ws, seen, b"English")
            await ws.send_json(["stdin", "\r"])  # English
            await screen_until(ws, seen, b"k7mq-2xrd")
            for keys in ("zoe", "\r", "aaaa-bbbb", "\r"):
                await ws.send_json(["stdin", keys])
                await asyncio.sleep(0.5)
            reason = await ended(ws)
        assert "That invite code opens no table here" in reason
        async with http.ws_connect(base + "/ws?width=100&height=30", origin=base) as ws:
            await screen_until(ws, bytearray(), b"English")
            await web.stop()  # the host stops: the tab is told at once
            assert "The host is stopping; your game is kept" in await ended(ws, timeout=3.0)
    assert len(lines) == 2 and all(line.startswith("browser tab from 127.0.0.1 ended") for line in lines)
    assert "That invite code opens no table here" in lines[0]


def test_the_browser_command_is_made_of_our_own_words_only() -> None:
    line = web_command(7000)
    assert line.endswith("-m lehavre_tui join 127.0.0.1:7000 --guest --ask-lang")


async def test_a_browser_tab_does_not_take_a_seat_by_its_name(web: WebDoor, host: Host, two_players) -> None:
    anna = await RawClient.open(host.port)
    await anna.hello("anna", code=two_players.code)
    assert (await anna.until("seated")).seat == 0  # type: ignore[union-attr]
    lines: list[str] = []
    host.guard.log = lines.append
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(
            f"http://127.0.0.1:{web.port}/ws?width=100&height=30", origin=f"http://127.0.0.1:{web.port}"
        ) as ws,
    ):
        seen = bytearray()
        await screen_until(ws, seen, b"English")
        await ws.send_json(["focus", {}])
        await ws.send_json(["stdin", "\r"])
        await screen_until(ws, seen, b"k7mq-2xrd")
        for keys in ("anna", "\r", two_players.code, "\r"):
            await ws.send_json(["stdin", keys])
            await asyncio.sleep(0.5)
        await screen_until(ws, seen, b"belongs to the player who first sat in it")
    assert two_players.present.get(0) == 1 and two_players.seats[0].login == "anna"
    assert any("login accepted" in ln and "method=web" in ln for ln in lines)  # the tab's own login
    await anna.send({"type": "ping"})
    assert (await anna.until("pong")).type == "pong"  # Anna was never thrown out


async def test_a_silent_tab_gives_its_place_back_with_a_reason(web: WebDoor, monkeypatch) -> None:
    monkeypatch.setattr(web_module, "SILENT_SECONDS", 1.0)
    lines: list[str] = []
    web.log = lines.append
    base = f"http://127.0.0.1:{web.port}"
    async with aiohttp.ClientSession() as http, http.ws_connect(base + "/ws", origin=base) as ws:
        assert web.tabs.total() == 1
        assert "This tab was hidden or silent too long (1 s); your seat waits" in await ended(ws)
    for _ in range(40):
        if not web.tabs and lines:
            break
        await asyncio.sleep(0.05)
    assert not web.tabs and "hidden or silent" in lines[0]


@pytest.mark.skipif(shutil.which("node") is None, reason="the page's script is run in node")
def test_the_pages_script_shows_the_reason_beats_while_shown_and_lets_go_when_left() -> None:
    here = Path(__file__).parent
    out = subprocess.run(
        ["node", str(here / "page_check.js"), str(web_module.PAGE)], capture_output=True, text=True, check=True
    ).stdout
    assert json.loads(out) == {
        "native": True,  # textual.js gets the browser's own socket
        "beat": True,  # a shown page says it is there
        "hiddenQuiet": True,  # a hidden one does not
        "reason": "The host is stopping.",  # the door's last words are shown
        "lost": "LOST",  # a socket that ends without them: the page's own sentence
        "pagehideCloses": True,  # a page left (or kept in the back/forward cache) closes its socket
        "reloads": True,  # and comes back afresh
    }


async def test_behind_a_proxy_its_forwarding_headers_are_read(host: Host, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("LEHAVRE_DATA", str(tmp_path / "data"))
    door = WebDoor(
        web_command(host.port),
        "127.0.0.1",
        free_port(),
        public_url="https://play.example.org",
        behind_proxy=True,
    )
    await door.start()
    base = f"http://127.0.0.1:{door.port}"
    proxied = {"X-Forwarded-Host": "play.example.org", "X-Forwarded-For": "203.0.113.7, 10.0.0.2"}
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(base + "/", headers=proxied) as page:
                assert page.status == 200 and "wss://play.example.org/ws" in await page.text()
            async with http.get(base + "/", headers={**proxied, "X-Forwarded-Host": "evil.example"}) as page:
                assert page.status == 421
            async with http.ws_connect(base + "/ws", headers=proxied, origin="https://play.example.org") as ws:
                assert dict(door.tabs) == {"10.0.0.2": 1}  # the address the proxy saw
                await ws.close()
    finally:
        await door.stop()


async def test_a_narrow_tab_gets_the_game_in_plain_lines_not_a_refusal(web: WebDoor, two_players) -> None:
    base = f"http://127.0.0.1:{web.port}"
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(base + "/ws?width=45&height=20", origin=base) as ws,  # a phone's browser
    ):
        seen = bytearray()
        await screen_until(ws, seen, b"Language")  # asked in a line, in the three languages
        await ws.send_json(["focus", {}])
        for answer, then in (("en", b"player name"), ("zoe", b"Invite code"), (two_players.code, b"supply>")):
            await ws.send_json(["stdin", answer + "\r"])
            await screen_until(ws, seen, then)
        await ws.send_json(["stdin", "supply\r"])
        await screen_until(ws, seen, b"unloaded")  # her move, narrated in a line
        text = drawn(seen).decode("utf-8", "replace")
        assert "needs a terminal of at least" not in text
        assert not BOX.search(text), BOX.findall(text)
        await ws.send_json(["stdin", "quit\r"])
        assert await ended(ws) == "The session ended."
    assert two_players.seats[0].login == "zoe" and two_players.moves == 1


async def test_a_narrow_tab_turned_away_by_the_host_shows_why(web: WebDoor, two_players) -> None:
    base = f"http://127.0.0.1:{web.port}"
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(base + "/ws?width=45&height=20", origin=base) as ws,
    ):
        seen = bytearray()
        await screen_until(ws, seen, b"Language")
        await ws.send_json(["focus", {}])
        for answer, then in (("en", b"player name"), ("zoe", b"Invite code")):
            await ws.send_json(["stdin", answer + "\r"])
            await screen_until(ws, seen, then)
        await ws.send_json(["stdin", "aaaa-bbbb-cccc\r"])
        assert (await ended(ws)).startswith("That invite code opens no table here")  # the page says why


@pytest.mark.parametrize("ticket", ["-Ab3_x", "--help", "a b'c", "Zq9-"])
def test_a_tab_command_gives_its_client_the_ticket_whatever_it_begins_with(ticket: str) -> None:
    """A ticket is URL-safe base64: one in 64 begins with '-', which argparse took for an
    option ('--ticket: expected one argument'), and the tab ended at once."""
    import shlex

    from lehavre_tui.cli import build_parser
    from lehavre_tui.net.web import tab_command

    for width, plain in ((100, False), (45, True)):
        words = shlex.split(tab_command(web_command(2299), ticket, width))
        args = build_parser().parse_args(words[words.index("join") :])
        assert args.ticket == ticket and args.plain == plain


def _running(port: int) -> list[int]:
    """The table clients of this host's port still running (a zombie has ended)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if b"lehavre_tui join" in cmdline and f"127.0.0.1:{port}".encode() in cmdline and state != "Z":
            out.append(int(entry.name))
    return out


async def test_a_tabs_client_ends_when_its_door_is_gone(host: Host, tmp_path) -> None:  # noqa: ANN001
    """A door killed at once (its host crashed, say) leaves the clients of its tabs with no
    terminal to hang up: each ends on its own within seconds, instead of sitting at the host
    for good."""
    command = tab_command(web_command(host.port), None, 80)  # asking the language: a still screen
    door = (  # as textual-serve runs a tab: through a shell, over pipes, told the size first
        "import os, select, subprocess, threading\n"
        "env = dict(os.environ, TEXTUAL_DRIVER='textual.drivers.web_driver:WebDriver', COLUMNS='80', ROWS='24')\n"
        f"tab = subprocess.Popen({command!r}, shell=True, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,"
        " stderr=subprocess.DEVNULL)\n"
        "size = b'{\"type\": \"resize\", \"width\": 80, \"height\": 24}'\n"
        "tab.stdin.write(b'M' + len(size).to_bytes(4, 'big') + size)\n"
        "tab.stdin.flush()\n"
        "seen = b''\n"
        "while b'Polski' not in seen or select.select([tab.stdout], [], [], 1.5)[0]:\n"
        "    seen += tab.stdout.read1(65536) or b'Polski'\n"  # until it asks the language, and draws no more
        "threading.Thread(target=lambda: [None for _ in iter(lambda: tab.stdout.read(65536), b'')]).start()\n"
        "print('started', flush=True)\n"
        "threading.Event().wait()\n"
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", door, stdout=subprocess.PIPE, env={**os.environ, "LEHAVRE_DATA": str(tmp_path)}
    )
    assert process.stdout is not None
    assert await asyncio.wait_for(process.stdout.readline(), 60) == b"started\n"
    assert _running(host.port)
    process.kill()
    await process.wait()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 15
    while _running(host.port) and loop.time() < deadline:
        await asyncio.sleep(0.2)
    assert not _running(host.port), "a table client outlived the door that started it"
