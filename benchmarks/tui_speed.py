"""How quickly the table appears and answers, at 160×48.

Two measurements:

1. In a real terminal (a pseudo-terminal): start `python -m lehavre_tui new ...`, time the
   first frame (until the top bar is drawn), then type commands and time from the Enter key
   to the output that shows the move's result.
2. In-process, headless: time from a submitted command to the next frame the app draws.

Targets: first frame <= 1 s, command to redrawn table <= 100 ms.

    .venv/bin/python benchmarks/tui_speed.py
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pty
import re
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COLS, ROWS = 160, 48
ANSI = re.compile(rb"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>]")

# (what to type, text that appears once the table shows the result)
SCRIPT: list[tuple[str, str]] = [
    ("supply", "(main action)"),
    ("take wood", "takes the 3 wood"),
    ("end", "Ben is at the keyboard"),
    ("", "Turn 2 of 7"),  # Enter closes the handoff window
    ("supply", "second chit"),
    ("take francs", "takes the 4 francs"),
    ("end", "Anna is at the keyboard"),
    ("", "Turn 3 of 7"),
    ("supply", "third chit"),
    ("show fishery", "Rybárna"),
]


def _read(fd: int, timeout: float) -> bytes:
    ready, _, _ = select.select([fd], [], [], timeout)
    if not ready:
        return b""
    try:
        return os.read(fd, 1 << 16)
    except OSError:
        return b""


def _wait_for(fd: int, marker: str, limit: float = 10.0) -> float:
    """Seconds until `marker` shows up in the terminal output (escape codes removed)."""
    start = time.perf_counter()
    seen = b""
    want = marker.encode()
    while time.perf_counter() - start < limit:
        seen += _read(fd, 0.05)
        if want in ANSI.sub(b"", seen):
            return time.perf_counter() - start
    raise TimeoutError(f"'{marker}' did not appear within {limit} s")


def _drain(fd: int, quiet: float = 0.3) -> None:
    """Read until the terminal has been quiet for `quiet` seconds."""
    while _read(fd, quiet):
        pass


def in_terminal() -> tuple[float, list[tuple[str, float]]]:
    data = tempfile.mkdtemp(prefix="lehavre-bench-")
    env = {**os.environ, "LEHAVRE_DATA": data, "TERM": "xterm-256color", "COLORTERM": "truecolor"}
    cmd = [sys.executable, "-m", "lehavre_tui", "new", "--players", "2", "--short", "--seed", "1"]
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the game, in the child
        os.chdir(ROOT)
        os.execvpe(cmd[0], cmd, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    times: list[tuple[str, float]] = []
    try:
        _wait_for(fd, "Round 1/8")
        first = time.perf_counter() - start
        _drain(fd)
        for text, marker in SCRIPT:
            if text:
                os.write(fd, text.encode())
                _drain(fd, 0.2)
            t0 = time.perf_counter()
            os.write(fd, b"\r")
            _wait_for(fd, marker)
            times.append((text or "(close handoff)", time.perf_counter() - t0))
            _drain(fd)
        os.write(fd, b"\x11")  # ctrl+q
        _drain(fd, 0.5)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, 9)  # the game started above, if it did not quit by itself
        os.waitpid(pid, 0)
        os.close(fd)
    return first, times


async def headless() -> list[tuple[str, float]]:
    os.environ.setdefault("LEHAVRE_DATA", tempfile.mkdtemp(prefix="lehavre-bench-"))
    from lehavre_tui.engine.setup import Setup
    from lehavre_tui.session import Session
    from lehavre_tui.tui.app import LeHavreApp
    from lehavre_tui.tui.screens.handoff import HandoffScreen
    from lehavre_tui.tui.widgets import CommandInput

    app = LeHavreApp(Session.new(Setup(players=2, variant="short", seed=1)))
    frames: list[float] = []
    display = app._display

    def timed(screen, renderable):
        frames.append(time.perf_counter())
        display(screen, renderable)

    app._display = timed  # type: ignore[method-assign]
    out: list[tuple[str, float]] = []
    async with app.run_test(size=(COLS, ROWS)) as pilot:
        await pilot.pause()
        for _turn in range(10):
            s = app.session
            assert s is not None
            take = next(a for a in legal_after_supply(s) if a.startswith("take "))
            for text in ("supply", take, "end"):
                table = app.table
                assert table is not None
                box = table.query_one(CommandInput)
                box.value = text
                await pilot.pause()
                frames.clear()
                t0 = time.perf_counter()
                await box.action_submit()
                await pilot.pause()
                if frames:
                    out.append((text, frames[0] - t0))
                while isinstance(app.screen, HandoffScreen):
                    app.screen.dismiss()
                    await pilot.pause()
    return out


def legal_after_supply(session: object) -> list[str]:
    """The commands possible once the ship has moved (on a copy; the game is not touched)."""
    from lehavre_tui.commands import complete, parse
    from lehavre_tui.engine.rules import apply

    state = session.state  # type: ignore[attr-defined]
    after = apply(state, parse("supply", state))
    return complete("", after)


def first_frame_in_tmux() -> float | None:
    """Launch to the top bar on screen inside tmux (a real terminal emulator), if tmux is here."""
    if shutil.which("tmux") is None:
        return None
    data = tempfile.mkdtemp(prefix="lehavre-bench-")
    name = f"lehavre-bench-{os.getpid()}"
    game = f"cd {ROOT} && LEHAVRE_DATA={data} {sys.executable} -m lehavre_tui new --players 2 --short --seed 1"
    start = time.perf_counter()
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", str(COLS), "-y", str(ROWS), game], check=True)
    try:
        while time.perf_counter() - start < 10:
            shown = subprocess.run(["tmux", "capture-pane", "-p", "-t", name], capture_output=True, text=True)
            if "Round 1/8" in shown.stdout:
                return time.perf_counter() - start
            time.sleep(0.005)
        return None
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], check=False)


def report(label: str, times: list[tuple[str, float]]) -> None:
    ms = [t * 1000 for _, t in times]
    print(f"{label}: median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms over {len(ms)} commands")
    for text, t in times:
        print(f"    {text:<18} {t * 1000:6.0f} ms")


def main() -> None:
    in_tmux = first_frame_in_tmux()
    if in_tmux is not None:
        print(f"tmux {COLS}×{ROWS}: first frame {in_tmux * 1000:.0f} ms after launch (target <= 1000 ms)")
    first, times = in_terminal()
    print(f"Pseudo-terminal {COLS}×{ROWS}: first frame {first * 1000:.0f} ms after launch (target <= 1000 ms)")
    report("Pseudo-terminal, Enter to the result on screen (target <= 100 ms)", times)
    report("Headless, submit to the next frame", asyncio.run(headless()))


if __name__ == "__main__":
    main()
