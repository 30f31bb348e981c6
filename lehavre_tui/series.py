"""A series of games played on several cores: `lehavre simulate`, the bot tournaments and the
weight search in benchmarks/ all play theirs through `play_series`.

Each game is one call of a module-level function with its own arguments (its seed among them),
so a game's result depends on nothing but those: the results, handed back in the order of the
games, are the same whether one process plays them all or several share them out. The worker
processes ignore Ctrl+C; the process that started them stops them and keeps the games already
finished (`Series.stopped`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

R = TypeVar("R")

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a program stopped by Ctrl+C


@dataclass
class Series(Generic[R]):
    """The games of a series that were played: `results[i]` is game i's, or None if it was not
    finished (only when `stopped`)."""

    total: int
    results: list[R | None] = field(default_factory=list)
    stopped: bool = False

    @property
    def finished(self) -> list[R]:
        """The finished games' results, in the order of the games."""
        return [r for r in self.results if r is not None]


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is for the process that started the series


def _play(job: tuple[int, Callable[..., Any], tuple[Any, ...]]) -> tuple[int, Any]:
    index, game, args = job
    return index, game(*args)


def _context() -> Any:
    # fork shares the loaded game data with the workers; elsewhere the platform's own way
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def _played(
    game: Callable[..., R], games: Sequence[tuple[Any, ...]], jobs: int
) -> Generator[tuple[int, R], None, None]:
    """(index, result) of each game as it finishes."""
    if jobs <= 1 or len(games) <= 1:
        for i, args in enumerate(games):
            yield i, game(*args)
        return
    pool = _context().Pool(min(jobs, len(games)), initializer=_quiet_worker)
    try:
        yield from pool.imap_unordered(_play, [(i, game, args) for i, args in enumerate(games)])
        pool.close()
    finally:
        pool.terminate()  # also on Ctrl+C: the games still being played are dropped
        pool.join()


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Ctrl+C waits until the block is done and comes right after (as KeyboardInterrupt), so a
    game's result is never half recorded (counted but not printed, or printed twice). Python
    runs signal handlers in the main thread, whichever thread the signal reached."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    before = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before if before is not None else signal.default_int_handler)
    if caught:
        raise KeyboardInterrupt


def play_series(
    game: Callable[..., R],
    games: Sequence[tuple[Any, ...]],
    jobs: int = 1,
    on_result: Callable[[int, R], None] | None = None,
) -> Series[R]:
    """Play `game(*args)` for each args of `games` in `jobs` processes. `on_result(i, result)` is
    called in this process as each game finishes (in the order they finish). Ctrl+C stops the
    series: what was finished is kept and `stopped` is set, nothing is raised."""
    series: Series[R] = Series(total=len(games), results=[None] * len(games))
    played = _played(game, games, jobs)
    try:
        for i, result in played:
            with _ctrl_c_held():  # a finished game is kept and told whole, or not at all
                series.results[i] = result
                if on_result is not None:
                    on_result(i, result)
    except KeyboardInterrupt:
        series.stopped = True
    finally:
        played.close()  # stops the worker processes at once, whatever happened
    return series
