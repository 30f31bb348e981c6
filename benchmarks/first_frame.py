"""Run the game (or the bare app) until its first frame is written, then stop at once.

`tui_speed.py --instructions` runs this under valgrind to count the work before the first frame:
unlike wall time, the count does not move with the machine's load. The game is started as
`lehavre` starts it (`lehavre_tui.__main__.main`).

    python benchmarks/first_frame.py bare
    python benchmarks/first_frame.py game new --players 2 --short --seed 1
"""

import gc
import os
import sys
from pathlib import Path

if sys.argv[1] != "bare":
    gc.disable()  # the first thing `lehavre_tui.__main__.main` does, before the import below

from textual.app import App  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this project's lehavre_tui

_display = App._display


def _display_then_stop(self: App, screen: object, renderable: object) -> None:
    _display(self, screen, renderable)  # type: ignore[arg-type]
    if renderable is not None:
        sys.stdout.flush()
        os._exit(0)  # nothing after the first frame is counted (no shutdown)


App._display = _display_then_stop  # type: ignore[method-assign]

if __name__ == "__main__":
    if sys.argv[1] == "bare":
        from bare_app import BareApp

        BareApp().run()
    else:
        from lehavre_tui.__main__ import main

        sys.argv = ["lehavre", *sys.argv[2:]]
        main()
