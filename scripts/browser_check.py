"""The table in a real browser: `lehavre host --web`, headless Chromium, a player sits down.

Run: .venv/bin/python scripts/browser_check.py [--chromium /usr/bin/chromium] [--out table.png]

Starts a host (2 players, short game) with the browser door on free ports, opens the page in
headless Chromium (driven over its DevTools protocol with aiohttp, which textual-serve brings),
types a name and the invite code as a player would, checks that the host sat that player down,
and saves screenshots of the lobby and the table. Exit status 0 when the player sat down. Chromium comes
from Debian's `chromium` package.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Page:
    """One Chromium tab, spoken to over the DevTools protocol. The page draws the terminal on a
    canvas, so what it shows is checked on the host's side and in the screenshots."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.n = 0

    async def call(self, method: str, **params: object) -> dict:
        self.n += 1
        await self.ws.send_json({"id": self.n, "method": method, "params": params})
        while True:
            msg = await self.ws.receive_json(timeout=30)
            if msg.get("id") == self.n:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})

    async def screenshot(self, out: Path) -> None:
        shot = await self.call("Page.captureScreenshot", format="png")
        out.write_bytes(base64.b64decode(shot["data"]))

    async def focus_terminal(self) -> None:
        """The keyboard to the terminal, as a click on the page gives it."""
        await self.call("Runtime.evaluate", expression="document.querySelector('.xterm-helper-textarea').focus()")

    async def type(self, text: str) -> None:
        for ch in text:
            if ch == "\r":
                for kind in ("keyDown", "keyUp"):
                    await self.call(
                        "Input.dispatchKeyEvent",
                        type=kind,
                        key="Enter",
                        code="Enter",
                        windowsVirtualKeyCode=13,
                        text="\r" if kind == "keyDown" else "",
                    )
            else:
                await self.call("Input.insertText", text=ch)
            await asyncio.sleep(0.05)


async def _seat_of(path: Path, login: str, timeout: float = 30.0) -> int | None:
    """The seat the host gave `login`, read from its table file (None: not within `timeout`)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        db = sqlite3.connect(path)
        try:
            row = db.execute("SELECT seat FROM seats WHERE login = ?", (login,)).fetchone()
        finally:
            db.close()
        if row is not None:
            return int(row[0])
        await asyncio.sleep(0.5)
    return None


async def check(chromium: str, out: Path) -> int:
    data = Path(tempfile.mkdtemp(prefix="lehavre-browser-"))
    env = {**os.environ, "LEHAVRE_DATA": str(data)}
    web, debug = free_port(), free_port()
    host = subprocess.Popen(
        [sys.executable, "-m", "lehavre_tui", "host", "--players", "2", "--short", "--seed", "1",
         "--ssh-port", str(free_port()), "--web", str(web), "--authorized-keys", str(data / "none")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
    )  # fmt: skip
    browser = None
    try:
        assert host.stdout is not None
        printed = ""
        while "Ctrl+C" not in printed:
            line = host.stdout.readline().decode()
            if not line:
                raise RuntimeError(f"the host did not start:\n{printed}")
            printed += line
        code = re.search(r"Invite code: (\S+)", printed)
        assert code is not None
        browser = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             f"--remote-debugging-port={debug}", f"--user-data-dir={data / 'chromium'}", "--window-size=1100,760",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        async with aiohttp.ClientSession() as http:
            for _ in range(100):
                try:
                    async with http.get(f"http://127.0.0.1:{debug}/json") as r:
                        targets = await r.json()
                    break
                except aiohttp.ClientError:
                    await asyncio.sleep(0.2)
            target = next(t for t in targets if t.get("type") == "page")
            async with http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=64 * 1024 * 1024) as ws:
                page = Page(ws)
                await page.call("Page.enable")
                await page.call("Page.navigate", url=f"http://127.0.0.1:{web}/")
                await asyncio.sleep(10)  # the table client starts (the terminal is drawn on a canvas)
                await page.screenshot(out.with_name(out.stem + "-language.png"))
                await page.focus_terminal()
                await page.type("\r")  # a tab sends no LANG: the language first (English, focused)
                await asyncio.sleep(1.5)
                await page.screenshot(out.with_name(out.stem + "-lobby.png"))
                await page.type("zoe\r")
                await asyncio.sleep(0.5)
                await page.type(code.group(1) + "\r")
                seated = await _seat_of(data / "host" / "tables.sqlite3", "zoe")
                await asyncio.sleep(4)
                await page.screenshot(out)
        if seated is None:
            print("Browser check failed: the login typed in the browser never sat down.", file=sys.stderr)
            return 1
        shots = f"{out}, the language choice and the lobby"
        print(f"Zoe, typed in headless Chromium, sits in seat {seated + 1}; screenshots: {shots}.")
        return 0
    except (TimeoutError, RuntimeError, AssertionError, StopIteration) as exc:
        print(f"Browser check failed: {exc}", file=sys.stderr)
        return 1
    finally:
        if browser is not None:
            browser.kill()
            browser.wait()
        host.send_signal(signal.SIGTERM)
        try:
            host.wait(10)
        except subprocess.TimeoutExpired:
            host.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--out", type=Path, default=Path("browser-table.png"))
    args = parser.parse_args()
    sys.exit(asyncio.run(check(args.chromium, args.out)))


if __name__ == "__main__":
    main()
