"""What opening the table costs: modules the first frame does not need are not imported."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# `lehavre new ...` as the command runs it, but drawn headless (one frame), then the modules
# it imported, one a line.
LAUNCH = """
import asyncio, sys
from textual.app import App

def run(self, *args, **kwargs):
    async def one_frame():
        async with self.run_test(size=(160, 48)) as pilot:
            await pilot.pause()
    asyncio.run(one_frame())

App.run = run
sys.argv = ["lehavre", "new", "--players", "2", "--short", "--seed", "1"]
from lehavre_tui.__main__ import main
main()
print("\\n".join(sorted(sys.modules)))
"""

NOT_NEEDED = (
    "lehavre_tui.bots",  # a game without bots
    "lehavre_tui.tutorial",
    "textual.widgets._tabbed_content",  # only the compact table has tabs
    "lehavre_tui.net.client",  # the hosted table's (the command line's options are allowed)
    "lehavre_tui.net.protocol",
    "asyncssh",
)


def launched_modules(tmp_path: Path) -> set[str]:
    env = {**os.environ, "LEHAVRE_DATA": str(tmp_path / "data"), "LEHAVRE_CACHE": str(tmp_path / "cache")}
    env["TERM"] = "xterm-256color"  # (a dumb terminal would get the plain text)
    done = subprocess.run(
        [sys.executable, "-c", LAUNCH], env=env, capture_output=True, text=True, timeout=120, check=True
    )
    return set(done.stdout.split())


def test_a_new_game_opens_without_importing_what_its_first_frame_does_not_need(tmp_path: Path) -> None:
    first = launched_modules(tmp_path)
    assert "lehavre_tui.tui.screens.table" in first  # the table was drawn
    for name in NOT_NEEDED:
        assert not any(m == name or m.startswith(name + ".") for m in first), name
    assert "tomllib" in first  # the first launch parses the card files
    again = launched_modules(tmp_path)
    assert "tomllib" not in again  # later launches read them parsed (engine/content_cache.py)
