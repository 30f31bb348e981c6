"""Stopping the host (Ctrl+C): every client is told at once how to come back, and the host is
gone within 2 s; a browser tab shows the same in its page."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

from lehavre_tui.net.protocol import PROTOCOL_VERSION

from .terminal import free_port


async def test_stopping_the_host_tells_every_client_and_is_done_within_two_seconds(tmp_path: Path) -> None:
    env = {**os.environ, "LEHAVRE_DATA": str(tmp_path / "data")}
    port, web = free_port(), free_port()
    host = subprocess.Popen(
        [sys.executable, "-m", "lehavre_tui", "host", "--players", "2", "--short", "--port", str(port),
         "--ssh-port", str(free_port()), "--web", str(web), "--authorized-keys", str(tmp_path / "none")],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        assert host.stdout is not None
        while not host.stdout.readline().startswith("Ctrl+C"):
            assert host.poll() is None, "the host did not start"
        key = json.loads((tmp_path / "data" / "host" / "host.json").read_text())["key"]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": "anna", "key": key, "table": 1}
        writer.write(json.dumps(hello).encode() + b"\n")
        while b'"type":"table"' not in await reader.readline():
            pass
        base = f"http://127.0.0.1:{web}"
        async with aiohttp.ClientSession() as http, http.ws_connect(base + "/ws", origin=base) as ws:
            await asyncio.wait_for(ws.receive(), 20)  # the tab's client draws
            started = time.monotonic()
            host.send_signal(signal.SIGINT)
            bye = json.loads(await asyncio.wait_for(reader.readline(), 2))
            told = time.monotonic() - started
            reason = ""
            while True:
                msg = await asyncio.wait_for(ws.receive(), 2)
                if msg.type == aiohttp.WSMsgType.TEXT and "lehavre_ended" in msg.data:
                    reason = json.loads(msg.data)[1]
                if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                    break
        host.wait(timeout=5)
        gone = time.monotonic() - started
        writer.close()
    finally:
        if host.poll() is None:
            host.kill()
    assert bye["type"] == "bye" and bye["text"].startswith("The host is stopping; your game is kept: come back")
    assert reason.startswith("The host is stopping; your game is kept: come back to this page")
    assert told < 0.5 and gone < 2.0 and host.returncode == 0
    console = host.stdout.read()
    assert "Traceback" not in console and console.count("browser tab from 127.0.0.1 ended") == 1
