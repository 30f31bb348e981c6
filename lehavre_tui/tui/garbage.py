"""When the table collects its old garbage: between moves, never while it answers a key.

Python's cyclic garbage collector goes through every object it tracks when it collects the
oldest generation; for a game in progress that takes 20 to 50 ms, and it used to fall in the
middle of a move about one time in ten, delaying that frame. The table leaves the young
generations to Python (about a millisecond each) but collects the oldest itself: when Python
would have (after as many collections of the middle generation since the last), and only once
nobody has touched a key or the mouse for `QUIET` seconds. Bots' moves are not input, so a
table of bots keeps collecting on time.
"""

from __future__ import annotations

import gc
import time

QUIET = 0.8  # seconds without a key or a click before the oldest generation is collected
OLDEST_DUE = 10  # Python's own threshold for the oldest generation (gc.get_threshold()[2])
NEVER = 1 << 30  # a threshold Python never reaches by itself


class GarbageAtRest:
    """Moves the collection of the oldest generation to quiet moments (see the module)."""

    def __init__(self) -> None:
        self.last_input = time.monotonic()
        self.collections = 0  # collections made by `collect_if_quiet` (for tests)
        self.due = OLDEST_DUE

    def start(self) -> None:
        young, middle, self.due = gc.get_threshold()
        gc.set_threshold(young, middle, NEVER)

    def stop(self) -> None:
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, self.due)

    def touched(self) -> None:
        """A key or a click arrived."""
        self.last_input = time.monotonic()

    def collect_if_quiet(self) -> bool:
        """Collect the oldest generation if it is due and the player is not typing."""
        if gc.get_count()[2] < self.due or time.monotonic() - self.last_input < QUIET:
            return False
        gc.collect()
        self.collections += 1
        return True
