"""The guard at every door: guessing codes is slow and seen.

Every code a login offers (an invite code, a seat code) is checked only when its address's
turn comes. Failures are counted per address: the first `FREE_FAILURES` cost nothing (a
typo), then the address waits `FIRST_PAUSE` seconds between two checks, twice as long after
every further failure, up to `MAX_PAUSE`; an address with no failure for `FORGET_SECONDS` is
forgotten. A connection is closed after `CONNECTION_FAILURES` failures (its door counts).

The turns are kept per address, not per request: an SSH client may send a new password
request before the last is answered, and asyncssh then cancels the check in progress. A
cancelled request has still used its turn, so pipelining gains nothing. Turns are handed out
at most `MAX_PAUSE` ahead, so a flood does not lock its address out for ever (nor anybody
else: other addresses have their own turns).

Every login, let in or refused, is logged in one line on the host's standard error (which
`journalctl` keeps for a systemd service): the time, the outcome, the address, the login
name, the method and the table; so is a login refused the seat of its name (`seat refused`).
"""

from __future__ import annotations

import sys
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

FREE_FAILURES = 3
FIRST_PAUSE = 1.0
MAX_PAUSE = 60.0
FORGET_SECONDS = 15 * 60.0
CONNECTION_FAILURES = 3
MAX_ADDRESSES = 10_000  # addresses remembered (the oldest forgotten first)


@dataclass
class _Record:
    failures: int = 0
    last_failure: float = 0.0
    last_turn: float = float("-inf")


def _print(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _plain(text: object) -> str:
    """A value as one word of a log line: no spaces, quotes or control characters."""
    out = "".join(ch if ch.isprintable() and not ch.isspace() and ch not in "\"'=" else "?" for ch in str(text))
    return out[:64] or "-"


class Guard:
    def __init__(self, clock: Callable[[], float] = time.monotonic, log: Callable[[str], None] = _print) -> None:
        self.clock = clock
        self.log = log
        self._records: OrderedDict[str, _Record] = OrderedDict()
        self.checks = 0  # turns taken: codes offered (for the benchmark and the tests)

    def _record(self, address: str) -> _Record:
        now = self.clock()
        record = self._records.get(address)
        if record is not None and record.failures and now - record.last_failure > FORGET_SECONDS:
            record = None
        if record is None:
            record = self._records[address] = _Record()
            while len(self._records) > MAX_ADDRESSES:
                self._records.popitem(last=False)
        self._records.move_to_end(address)
        return record

    def step(self, address: str) -> float:
        """Seconds between two checks for this address now."""
        failures = self._record(address).failures
        if failures < FREE_FAILURES:
            return 0.0
        return min(MAX_PAUSE, FIRST_PAUSE * 2 ** (failures - FREE_FAILURES))

    def turn(self, address: str) -> float:
        """Take the address's next turn: the seconds to wait before checking a code from it."""
        record = self._record(address)
        now = self.clock()
        at = min(max(now, record.last_turn + self.step(address)), now + MAX_PAUSE)
        record.last_turn = at
        self.checks += 1
        return at - now

    def failed(self, address: str, login: str, method: str, table: int | None = None) -> None:
        record = self._record(address)
        record.failures += 1
        record.last_failure = self.clock()
        self._line("refused", address, login, method, table, f"failures={record.failures}")

    def let_in(self, address: str, login: str, method: str, table: int | None = None) -> None:
        self._line("accepted", address, login, method, table)

    def seat_refused(self, address: str, login: str, method: str, table: int) -> None:
        """A login let in whose name is another owner's seat: one line, not a failure (no
        secret was checked; a seat code offered for it counts through `failed`)."""
        self._line("refused", address, login, method, table, "seat=another-owner", outcome="seat")

    def failures(self, address: str) -> int:
        return self._record(address).failures

    def _line(
        self, result: str, address: str, login: str, method: str, table: int | None, *more: str, outcome: str = "login"
    ) -> None:
        when = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        words = [
            when,
            f"{outcome} {result}",
            f"address={_plain(address)}",
            f"login={_plain(login)}",
            f"method={_plain(method)}",
            f"table={'-' if table is None else table}",
            *more,
        ]
        self.log(" ".join(words))
