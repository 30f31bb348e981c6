"""Programs in pseudo-terminals for the end-to-end tests: the real `ssh` client, a host.

`Terminal` runs a program on a pseudo-terminal of a given size, keeps everything it
draws, and waits for text to appear on it (escape sequences left out, so text drawn in
several colours reads as one line).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import select
import shutil
import signal
import socket
import struct
import subprocess
import termios
import threading
import time
from pathlib import Path

# CSI (colours, cursor moves), OSC (titles), other two-character escapes, and the
# line-drawing charset switches
_ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78cDEHM]")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def ssh_binary() -> str:
    ssh = shutil.which("ssh")
    if ssh is None:
        raise AssertionError("The OpenSSH client (ssh) is missing: apt-get install -y openssh-client (.ci/run does).")
    return ssh


def _take_terminal() -> None:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    def __init__(self, argv: list[str], *, width: int = 100, height: int = 30, env: dict[str, str] | None = None):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.proc = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
            preexec_fn=_take_terminal,  # as a login shell has it: ssh asks for passwords on it
        )
        os.close(slave)
        self.master = master
        self.raw = bytearray()
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                ready, _, _ = select.select([self.master], [], [], 0.2)
                if not ready:
                    if self.proc.poll() is not None:
                        return
                    continue
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            with self._lock:
                self.raw += data

    def text(self, since: int = 0) -> str:
        with self._lock:
            raw = bytes(self.raw[since:])
        return _ESCAPES.sub(b"", raw).decode("utf-8", "replace")

    def mark(self) -> int:
        with self._lock:
            return len(self.raw)

    def wait_for(self, *texts: str, since: int = 0, timeout: float = 15.0) -> float:
        """Seconds until every one of `texts` has been drawn after `since`."""
        start = time.monotonic()
        while True:
            shown = self.text(since)
            if all(t in shown for t in texts):
                return time.monotonic() - start
            if time.monotonic() - start > timeout:
                tail = shown[-1500:]
                raise AssertionError(f"Not drawn within {timeout} s: {texts!r}. At the end it showed:\n{tail}")
            time.sleep(0.02)

    async def drawn(self, *texts: str, since: int = 0, timeout: float = 15.0) -> None:
        """As `wait_for`, letting the event loop run meanwhile (a door in this process)."""
        import asyncio

        start = time.monotonic()
        while not all(t in self.text(since) for t in texts):
            if time.monotonic() - start > timeout:
                raise AssertionError(f"Not drawn within {timeout} s: {texts!r}:\n{self.text(since)[-1500:]}")
            await asyncio.sleep(0.05)

    def type(self, line: str, enter: bool = True) -> int:
        """Type a line (and Enter); returns the mark before it."""
        at = self.mark()
        os.write(self.master, line.encode() + (b"\r" if enter else b""))
        return at

    def resize(self, width: int, height: int) -> None:
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGWINCH)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, sig)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(5)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.kill()
        self._reader.join(2)
        with contextlib.suppress(OSError):
            os.close(self.master)


def ssh_login(
    name: str,
    port: int,
    key: Path,
    *,
    width: int = 100,
    height: int = 30,
    extra: list[str] | None = None,
    env: dict[str, str] | None = None,
    lang: str | None = "en_US.UTF-8",
    command: str | None = None,
    term: str = "xterm-256color",
) -> Terminal:
    """A login with the real ssh client; `lang` is sent as its LANG (`-o SendEnv=LANG`, as
    many systems' ssh_config does), None sends no LANG (the table client then asks).
    `command` is what the login asks the host to run ('plain'); `term` its TERM."""
    send: list[str] = []
    if lang is not None:
        send = ["-o", "SendEnv=LANG"]
        env = {**(os.environ if env is None else env), "LANG": lang}
    env = {**(os.environ if env is None else env), "TERM": term}
    argv = [
        ssh_binary(), "-F", "/dev/null", *send, *(extra or []), "-tt", "-p", str(port), "-i", str(key),
        "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", f"{name}@127.0.0.1",
        *([command] if command is not None else []),
    ]  # fmt: skip
    return Terminal(argv, width=width, height=height, env=env)
