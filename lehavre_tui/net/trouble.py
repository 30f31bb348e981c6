"""When a table client fails: its player reads one sentence, the details go to a log file.

A traceback on a remote player's screen would show the host's paths and the values of local
variables (a ticket, an invite code); it goes to `client.log` in the data directory instead
(over SSH and in a browser that is the host's), kept below `MAX_LOG_BYTES` (one older file).
"""

from __future__ import annotations

import contextlib
import os
import time
import traceback
from pathlib import Path

MAX_LOG_BYTES = 1024 * 1024


def client_log_path() -> Path:
    from ..session import autosave_path

    return autosave_path().parent / "client.log"


def log_failure(error: BaseException, where: str) -> None:
    """The details of a failure, appended to the client's log (never raises)."""
    with contextlib.suppress(OSError):
        path = client_log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > MAX_LOG_BYTES:
            path.replace(path.with_suffix(".log.old"))
        details = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8") as f:
            f.write(f"{stamp} pid {os.getpid()} {where}:\n{details}\n")
