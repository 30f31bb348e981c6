"""The browser door: textual-serve runs the table client for each browser tab, which comes in
with a name and the invite code. Driven here over the page's websocket, as the browser does."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator

import aiohttp
import pytest

from lehavre_tui.net import web as web_module
from lehavre_tui.net.host import Host
from lehavre_tui.net.web import WebDoor, guest_tickets, web_command

from .conftest import RawClient
from .terminal import free_port


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
    """Read what the table client draws until every one of `texts` has been drawn."""
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
        elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
            raise AssertionError("the browser's connection closed")


async def test_a_browser_tab_gets_the_table_client_and_sits_down_with_the_code(web: WebDoor, two_players) -> None:
    base = f"http://127.0.0.1:{web.port}"
    async with aiohttp.ClientSession() as http:
        async with http.get(base + "/") as page:
            html = await page.text()
            assert page.status == 200 and f"ws://127.0.0.1:{web.port}/ws" in html
        async with http.ws_connect(base + "/ws?width=100&height=30") as ws:
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


async def test_browser_tabs_are_limited_per_address(web: WebDoor, monkeypatch) -> None:
    monkeypatch.setattr(web_module, "MAX_PER_ADDRESS", 0)
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(f"http://127.0.0.1:{web.port}/ws")
        assert refused.value.status == 429


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
        http.ws_connect(f"http://127.0.0.1:{web.port}/ws?width=100&height=30") as ws,
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
