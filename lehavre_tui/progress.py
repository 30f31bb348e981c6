"""What a long command is doing while it works: a bar with the steps done of all, the time
left and a note (the running win shares of a series of games, or what is being judged).

The bar is drawn only when standard output is a terminal, and disappears when the work is done:
output that is piped or redirected gets the results alone, as before.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)


def shown(out: TextIO | None = None) -> bool:
    """Whether a bar is drawn on `out` (standard output by default): only on a terminal."""
    out = sys.stdout if out is None else out
    try:
        return out.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False


class Bar:
    """`with Bar(total, what) as bar:` … `bar.advance(note=...)`; lines printed with `bar.print`
    appear above the bar (or plainly, without one)."""

    def __init__(self, total: int, what: str, out: TextIO | None = None) -> None:
        # total 0: not known yet (the bar pulses until `show` gives it)
        self.out = sys.stdout if out is None else out
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        if shown(self.out):
            self._progress = Progress(
                SpinnerColumn(),
                TextColumn("{task.description}"),
                BarColumn(bar_width=24),
                MofNCompleteColumn(),
                TimeRemainingColumn(elapsed_when_finished=True),
                TextColumn("{task.fields[note]}"),
                console=Console(file=self.out),
                transient=True,
            )
            self._task = self._progress.add_task(what, total=total or None, note="")  # 0: not known yet

    def __enter__(self) -> Bar:
        if self._progress is not None:
            self._progress.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._progress is not None:
            self._progress.stop()

    def advance(self, steps: int = 1, note: str | None = None, what: str | None = None) -> None:
        if self._progress is None or self._task is None:
            return
        if note is None:
            self._progress.update(self._task, advance=steps, description=what)
        else:
            self._progress.update(self._task, advance=steps, description=what, note=note)

    def show(self, done: int, total: int, what: str) -> None:
        """Where the work is: `done` of `total` steps (0 of 0: not known yet), and what it is doing."""
        if self._progress is None or self._task is None:
            return
        self._progress.update(self._task, completed=done, total=total or None, description=what)

    def print(self, line: str) -> None:
        if self._progress is not None:
            self._progress.console.print(line, markup=False, highlight=False, soft_wrap=True)
        else:
            print(line, file=self.out, flush=True)
