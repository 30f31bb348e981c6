"""The SSH front door: `ssh -p 2222 anna@host` and Anna is in her seat.

An asyncssh server in the host process. Who logs in:
- a key from the authorized-keys file: any table, and new ones;
- any other key the client proves: known by its fingerprint; the invite code of a table is
  asked inside the session before any table is shown (unless the key already has a seat at
  an open table: it comes back to it);
- no key: the password is a table's invite code, or the invite code followed by the
  player's seat code (tables.py) to come back to a seat.
A key binds the seat its login takes to the key; a login without one gets a seat code.
Every code is checked in its address's turn at the host's guard (guard.py), a connection is
closed after three wrong codes, and every login, let in or refused, is logged.

Every session gets a pseudo-terminal running the table client (`lehavre join`, given a
ticket for this login), the window size (at most `MAX_WIDTH`×`MAX_HEIGHT`) and its changes
passed on, the client ended when the connection drops. A login reaches the game and nothing
else: commands (exec), subsystems (sftp), port forwarding, agent and X11 forwarding are
refused; the one command a login may give is `plain` (`ssh -t -p 2222 anna@host plain`): the
table client in plain text lines, as for a terminal whose TERM is `dumb` or that is narrower
than the table's 80 columns. Only modern algorithms are offered (`KEX`, `CIPHERS`, `MACS`), and the version
string names no library.

A chain of small checks stands before the table client, each refusing with a sentence:
connections not yet logged in (per address and in all, `LOGIN_SECONDS` each; when all are
taken, the oldest gives way), connections logged in (per address and in all), a terminal, the
tables open from one address.

Each login reads the table in its own language: the one its ssh client's LANG (or LC_ALL,
LC_MESSAGES) names, when it sends it (`ssh -o SendEnv=LANG`, the default of many systems'
ssh_config) and it is English, Polish or Czech; otherwise the table client asks at login.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import math
import os
import re
import signal
import struct
import sys
import termios
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

import asyncssh

from ..engine.message import Msg
from ..text import LANGUAGES
from .guard import CONNECTION_FAILURES
from .host import Host
from .tables import code_owner, key_owner
from .words import in_language

MAX_PER_ADDRESS = 8  # tables open from one address at once (each runs a table client)
MAX_CONNECTIONS = 100  # SSH connections logged in, and twice MAX_PER_ADDRESS from one address
MAX_LOGGING_IN = 32  # SSH connections not yet logged in
MAX_LOGGING_IN_PER_ADDRESS = 4
LOGIN_SECONDS = 10.0  # to authenticate
CODE_SECONDS = 60.0  # to type the invite code asked inside the session
IDLE_SECONDS = 3600.0  # a session with no keystroke for an hour is closed
# Keys a session may send: KEYS_AT_ONCE bytes in a burst (a paste), and KEYS_PER_SECOND over
# time. Typing and moving the mouse (about 13 bytes an event) stay far below; a flood would
# keep its table client, which runs on the host, busy for as long as it lasted.
KEYS_PER_SECOND = 4096
KEYS_AT_ONCE = 65536
MAX_WIDTH, MAX_HEIGHT = 400, 200  # the largest terminal a table is drawn for
VERSION = "LeHavre"  # the SSH version string: SSH-2.0-LeHavre
KEX = ("mlkem768x25519-sha256", "curve25519-sha256", "curve25519-sha256@libssh.org")
CIPHERS = ("chacha20-poly1305@openssh.com", "aes256-gcm@openssh.com", "aes128-gcm@openssh.com")
MACS = ("hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com")  # unused by the ciphers above
HOST_KEY_ALGS = ("ssh-ed25519",)
PLAIN = "plain"  # the one command a login may give: the game in plain text lines
MIN_WIDTH = 80  # columns the table is drawn in; a narrower terminal gets the plain text

_KEY_START = re.compile(r"(?:^|\s)((?:ssh-|ecdsa-|sk-)\S+\s+[A-Za-z0-9+/=]+)")


def read_authorized_keys(path: Path) -> set[bytes]:
    """The public keys in an OpenSSH authorized-keys file (options in front of a key are
    read past and not honoured: a key only lets its owner in). Unreadable lines are skipped."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return set()
    keys: set[bytes] = set()
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        found = _KEY_START.search(line)
        if found is None:
            continue
        try:
            keys.add(asyncssh.import_public_key(found.group(1)).public_data)
        except (asyncssh.KeyImportError, ValueError):
            continue
    return keys


def host_key(path: Path) -> asyncssh.SSHKey:
    """The host's SSH key, made once and kept (mode 0600) in the user data directory."""
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    return key


def lang_of(env: Mapping[str, str]) -> str | None:
    """The language a login reads the table in: the first of LC_ALL, LC_MESSAGES and LANG its
    ssh client sent ('pl_PL.UTF-8' -> 'pl'), when that names one of the game's; English for
    the C and POSIX locales ('C.UTF-8', what many servers and containers send), which by
    gettext's convention read the untranslated text; None when nothing was sent or it names
    another language ('de_DE'): the login is asked."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            code = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
            if code in ("c", "posix"):
                return "en"
            return code if code in LANGUAGES else None
    return None


# The player's terminal as the table client found it, for a sentence the door says when it
# closes the session itself: mouse reports, bracketed paste off, the cursor shown, the main screen.
LEAVE_SCREEN = b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[?25h\x1b[?1049l\r\n"


def _say(process: asyncssh.SSHServerProcess, lang: str | None, words: Msg) -> None:
    """A sentence to the login's terminal before (or after) its table, in its language."""
    process.stderr.write((in_language(lang or "en", words) + "\r\n").encode())


class Door:
    def __init__(
        self,
        host: Host,
        client: Sequence[str],
        *,
        authorized_keys: Path | None,
        host_key_path: Path,
    ) -> None:
        self.host = host
        self.client = list(client)  # the table client's command, before its options
        self.keys_path = authorized_keys
        self.host_key_path = host_key_path
        self.per_address: Counter[str] = Counter()  # SSH connections logged in
        self.logging_in: Counter[str] = Counter()  # SSH connections not yet logged in
        self.waiting: dict[DoorServer, None] = {}  # those connections, the oldest first
        self.tables_open: Counter[str] = Counter()  # sessions running a table client
        self.sessions: set[asyncio.Task[None]] = set()
        self.children: set[asyncio.subprocess.Process] = set()
        self._keys: set[bytes] = set()
        self._keys_stamp: float | None = None
        self._server: asyncssh.SSHAcceptor | None = None

    def authorized(self) -> set[bytes]:
        """The authorized keys, read again when the file changes."""
        if self.keys_path is None:
            return set()
        try:
            stamp = self.keys_path.stat().st_mtime
        except OSError:
            return set()
        if stamp != self._keys_stamp:
            self._keys, self._keys_stamp = read_authorized_keys(self.keys_path), stamp
        return self._keys

    async def start(self, listen: str, port: int) -> int:
        key = host_key(self.host_key_path)
        self.fingerprint = key.get_fingerprint()
        self._server = await asyncssh.create_server(
            lambda: DoorServer(self),
            listen,
            port,
            server_host_keys=[key],
            server_version=VERSION,
            kex_algs=list(KEX),
            encryption_algs=list(CIPHERS),
            mac_algs=list(MACS),
            compression_algs=["none"],
            signature_algs=list(HOST_KEY_ALGS),
            process_factory=self._session,
            encoding=None,
            line_editor=False,
            allow_scp=False,
            agent_forwarding=False,
            x11_forwarding=False,
            login_timeout=LOGIN_SECONDS,
            keepalive_interval=30,
            keepalive_count_max=3,
        )
        sockets = self._server.sockets
        return int(sockets[0].getsockname()[1]) if sockets else port

    async def stop(self, grace: float = 0.0) -> None:
        """No more logins; the table clients get `grace` seconds to end by themselves (told
        so by the host, they put the players' terminals back in order), then are ended."""
        if self._server is not None:
            self._server.close()
        deadline = asyncio.get_running_loop().time() + grace
        while self.children and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)
        for child in list(self.children):
            _end(child)
        if self.sessions:
            await asyncio.wait(set(self.sessions), timeout=5)  # each collects its client's exit
        for task in list(self.sessions):
            task.cancel()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)

    # --- a session -----------------------------------------------------------------------------
    async def _session(self, process: asyncssh.SSHServerProcess) -> None:
        task = asyncio.current_task()
        if task is not None:
            self.sessions.add(task)
        try:
            await self._play(process)
        except (asyncssh.Error, OSError, BrokenPipeError):
            pass  # the connection went away
        finally:
            if task is not None:
                self.sessions.discard(task)

    async def _play(self, process: asyncssh.SSHServerProcess) -> None:
        lang = lang_of(process.env)
        asked = process.command is not None and process.command.strip() == PLAIN
        if (process.command is not None and not asked) or process.subsystem is not None:
            _say(process, lang, Msg("This host plays Le Havre and runs nothing else. Log in without a command."))
            process.exit(1)
            return
        term = process.get_terminal_type()
        if not term:
            _say(process, lang, Msg("Le Havre needs a terminal: log in without -T (or with ssh -t)."))
            process.exit(1)
            return
        width = process.get_terminal_size()[0]
        plain = asked or term.lower() == "dumb" or 0 < width < MIN_WIDTH
        if plain and not asked and term.lower() != "dumb":
            narrow = Msg("Your terminal is {width} columns wide, narrower than the table's {min}: here is the game "
                         "in plain text.", width=width, min=MIN_WIDTH)  # fmt: skip
            _say(process, lang, narrow)
        address = str((process.get_extra_info("peername") or ("",))[0])
        if self.tables_open[address] >= MAX_PER_ADDRESS:
            too_many = Msg(
                "Too many tables open from {address} ({n}); close one and log in again.",
                address=address,
                n=MAX_PER_ADDRESS,
            )
            _say(process, lang, too_many)
            process.exit(1)
            return
        login = str(process.get_extra_info("username") or "")
        table = process.get_extra_info("lehavre_table")
        owner = process.get_extra_info("lehavre_owner")
        authorized = bool(process.get_extra_info("lehavre_authorized"))
        if owner is not None and not authorized:  # a key of its own: back to its seat, or the code first
            table = self.host.owns_seat(owner, login)
            if table is None:
                table = await self._ask_code(process, lang, address, login)
                if table is None:
                    process.exit(1)
                    return
        ticket = self.host.issue_ticket(login, table, lang or "", owner=owner, may_create=authorized, address=address)
        self.tables_open[address] += 1
        try:
            code = await self._run_client(process, term, ticket, lang, plain)
        finally:
            self.host.revoke_ticket(ticket)
            self.tables_open[address] -= 1
            if self.tables_open[address] <= 0:
                del self.tables_open[address]
        with contextlib.suppress(Exception):
            process.exit(code)

    async def _ask_code(
        self, process: asyncssh.SSHServerProcess, lang: str | None, address: str, login: str
    ) -> int | None:
        """The invite code, asked inside the session of a key not in the authorized-keys file:
        the table it opens, or None (the login was told why)."""
        guard = self.host.guard
        for failures in range(CONNECTION_FAILURES):
            process.stderr.write(in_language(lang or "en", Msg("Invite code of the table: ")).encode())
            try:
                typed = await asyncio.wait_for(_read_line(process), CODE_SECONDS)
            except TimeoutError:
                process.stderr.write(b"\r\n")
                _say(process, lang, Msg("No invite code was given in time; goodbye."))
                return None
            if typed is None:
                return None
            wait = guard.turn(address)
            if wait >= 1:  # said, so that a long wait is not taken for a hung session
                _say(process, lang, Msg(
                    "Many wrong codes came from your address, so codes are checked slowly: this one in {n} s.",
                    n=math.ceil(wait),
                ))  # fmt: skip
            await asyncio.sleep(wait)
            game = self.host.table_by_code(typed)
            if game is not None:
                guard.let_in(address, login, "key+invite-code", game.id)
                return game.id
            guard.failed(address, login, "key+invite-code")
            if failures + 1 < CONNECTION_FAILURES:
                _say(process, lang, Msg("That invite code opens no table here; try again."))
        _say(process, lang, Msg("That invite code opens no table here; goodbye."))
        return None

    async def _run_client(
        self, process: asyncssh.SSHServerProcess, term: str, ticket: str, lang: str | None, plain: bool = False
    ) -> int:
        master, slave = os.openpty()
        width, height, _, _ = process.get_terminal_size()
        if (width or 0) > MAX_WIDTH or (height or 0) > MAX_HEIGHT:
            too_big = Msg(
                "Your terminal is {width}×{height}; the table is drawn in at most {most}.",
                width=width,
                height=height,
                most=f"{MAX_WIDTH}×{MAX_HEIGHT}",
            )
            _say(process, lang, too_big)
        _set_size(master, width or 80, height or 24)
        _keys_as_typed(slave)
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/"),
            "TERM": term if re.fullmatch(r"[A-Za-z0-9._+-]{1,40}", term) else "xterm-256color",
            "LANG": "C.UTF-8",
            "LEHAVRE_TICKET": ticket,
            "LEHAVRE_PTY": "1",  # the client makes the pseudo-terminal its controlling terminal
        }
        for name in ("LEHAVRE_DATA", "LEHAVRE_ASCII", "VIRTUAL_ENV", "PYTHONPATH"):
            if name in os.environ:
                env[name] = os.environ[name]
        try:
            child = await asyncio.create_subprocess_exec(
                *self.client,
                f"127.0.0.1:{self.host.port}",
                *(("--lang", lang) if lang is not None else ("--ask-lang",)),
                *(("--plain",) if plain else ()),
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                start_new_session=True,
            )
        finally:
            os.close(slave)
        self.children.add(child)
        os.set_blocking(master, False)
        loop = asyncio.get_running_loop()
        screen = loop.create_task(_copy_screen(master, process))
        keys = loop.create_task(_copy_keys(process, master, lang))
        ended = loop.create_task(child.wait())
        try:
            await asyncio.wait({screen, keys, ended}, return_when=asyncio.FIRST_COMPLETED)
            if ended.done():  # the client quit: what it last drew still goes out
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.shield(screen), 1.0)
        finally:
            keys.cancel()
            screen.cancel()
            _end(child)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(child.wait(), 3)
            self.children.discard(child)
            os.close(master)
        return child.returncode if child.returncode is not None and child.returncode >= 0 else 0


class DoorServer(asyncssh.SSHServer):
    """One SSH connection: who it is, and how it got in (its owner and table, kept as the
    connection's extra info for its session)."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.logged_in = False
        self.failures = 0  # wrong codes on this connection
        self.method = ""  # how it logged in

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        door = self.door
        door.logging_in[self.address] += 1
        door.waiting[self] = None
        if (
            door.logging_in[self.address] > MAX_LOGGING_IN_PER_ADDRESS
            or door.per_address[self.address] >= 2 * MAX_PER_ADDRESS
        ):
            conn.abort()  # before a word of SSH is said: nothing more is spent on it
        elif door.logging_in.total() > MAX_LOGGING_IN:
            # full of connections that never log in, from many addresses: the oldest goes, so
            # that a login, which takes a moment, always finds room
            oldest = next(iter(door.waiting))
            if oldest.conn is not None:
                oldest.conn.abort()
            oldest.gone()

    def gone(self) -> None:
        """No longer waiting to log in (logged in, or closed): counted once."""
        if self in self.door.waiting:
            del self.door.waiting[self]
            _less(self.door.logging_in, self.address)

    def auth_completed(self) -> None:
        door = self.door
        self.gone()
        self.logged_in = True
        if self.method != "password":  # (a password was logged when it was checked)
            assert self.conn is not None
            door.host.guard.let_in(self.address, str(self.conn.get_extra_info("username") or ""), self.method)
        door.per_address[self.address] += 1
        if door.per_address[self.address] > 2 * MAX_PER_ADDRESS or door.per_address.total() > MAX_CONNECTIONS:
            assert self.conn is not None
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "Too many connections; try again later.")

    def connection_lost(self, exc: Exception | None) -> None:
        if self.logged_in:
            _less(self.door.per_address, self.address)
        self.gone()

    def begin_auth(self, username: str) -> bool:
        return True  # a login always authenticates

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Any key: asyncssh lets the login in once the client proves it holds the key; the
        key then names the login's seats, and one not in the authorized-keys file is asked
        the invite code inside the session."""
        assert self.conn is not None
        authorized = key.public_data in self.door.authorized()
        self.method = "authorized-key" if authorized else "key"
        self.conn.set_extra_info(lehavre_owner=key_owner(key.get_fingerprint()), lehavre_authorized=authorized)
        return True

    def password_auth_supported(self) -> bool:
        return True  # keyboard-interactive asks for the same password

    async def validate_password(self, username: str, password: str) -> bool:
        """The invite code (maybe followed by the player's seat code), checked in the
        address's turn. A new request cancels this one while it waits: its turn is used all
        the same (guard.py)."""
        assert self.conn is not None
        guard = self.door.host.guard
        await asyncio.sleep(guard.turn(self.address))
        invite, _, seat_code = password.strip().partition(" ")
        game = self.door.host.table_by_code(invite)
        if game is None:
            guard.failed(self.address, username, "password")
            self.failures += 1
            if self.failures >= CONNECTION_FAILURES:
                self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "Too many wrong invite codes.")
            return False
        guard.let_in(self.address, username, "password", game.id)
        self.method = "password"
        owner = code_owner(seat_code) if seat_code.strip() else None
        self.conn.set_extra_info(lehavre_table=game.id, lehavre_owner=owner, lehavre_authorized=False)
        return True

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        return False  # no port forwarding

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False


def _less(counter: Counter[str], address: str) -> None:
    counter[address] -= 1
    if counter[address] <= 0:
        del counter[address]


async def _read_line(process: asyncssh.SSHServerProcess) -> str | None:
    """A line typed at the player's terminal, not echoed (None when the connection ends)."""
    typed = bytearray()
    while True:
        try:
            data = await process.stdin.read(64)
        except asyncssh.TerminalSizeChanged:
            continue
        if not data:
            return None
        for byte in data:
            if byte in (13, 10):
                process.stderr.write(b"\r\n")
                return typed.decode("utf-8", errors="replace")
            if byte in (3, 4):  # Ctrl+C, Ctrl+D
                process.stderr.write(b"\r\n")
                return None
            if byte in (8, 127):
                del typed[-1:]
            elif byte >= 32 and len(typed) < 100:
                typed.append(byte)


def _keys_as_typed(fd: int) -> None:
    """The pseudo-terminal passes keys on as typed from the start: keys typed while the client
    is still starting wait for it unchanged (not echoed, Enter not turned into a line feed),
    as the table reads them once it is up."""
    attrs = termios.tcgetattr(fd)
    attrs[0] &= ~(termios.ICRNL | termios.INLCR | termios.IGNCR | termios.IXON)
    attrs[3] &= ~(termios.ECHO | termios.ICANON | termios.IEXTEN | termios.ISIG)
    attrs[6][termios.VMIN], attrs[6][termios.VTIME] = 1, 0
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def _set_size(fd: int, width: int, height: int) -> None:
    width, height = min(max(width, 1), MAX_WIDTH), min(max(height, 1), MAX_HEIGHT)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


async def _copy_screen(master: int, process: asyncssh.SSHServerProcess) -> None:
    """What the client draws goes to the player's terminal, as fast as the player takes it."""
    loop = asyncio.get_running_loop()
    while True:
        ready = loop.create_future()
        loop.add_reader(master, ready.set_result, None)
        try:
            await ready
        finally:
            loop.remove_reader(master)
        try:
            data = os.read(master, 65536)
        except BlockingIOError:
            continue
        except OSError:  # EIO: the client has ended
            return
        if not data:
            return
        process.stdout.write(data)
        await process.stdout.drain()


async def _copy_keys(process: asyncssh.SSHServerProcess, master: int, lang: str | None) -> None:
    """The player's keys go to the client; a new window size goes to the pseudo-terminal
    (the kernel tells the client with SIGWINCH). No keystroke for IDLE_SECONDS, or keys
    faster than KEYS_PER_SECOND beyond a burst of KEYS_AT_ONCE: closed."""
    loop = asyncio.get_running_loop()
    allowance, since = float(KEYS_AT_ONCE), loop.time()
    while True:
        try:
            data = await asyncio.wait_for(process.stdin.read(4096), IDLE_SECONDS)
        except asyncssh.TerminalSizeChanged as change:
            _set_size(master, change.width or 80, change.height or 24)  # at most MAX_WIDTH×MAX_HEIGHT
            continue
        except TimeoutError:
            process.stderr.write(LEAVE_SCREEN)
            _say(process, lang, Msg("No key pressed for {n} minutes; goodbye.", n=int(IDLE_SECONDS / 60)))
            return
        if not data:
            return
        now = loop.time()
        allowance = min(KEYS_AT_ONCE, allowance + (now - since) * KEYS_PER_SECOND) - len(data)
        since = now
        if allowance < 0:
            process.stderr.write(LEAVE_SCREEN)
            _say(process, lang, Msg("Keys came faster than anyone types; goodbye."))
            return
        view = memoryview(data)
        while view:
            try:
                n = os.write(master, view)
                view = view[n:]
            except BlockingIOError:  # the client is busy: wait until it reads again
                ready = loop.create_future()
                loop.add_writer(master, ready.set_result, None)
                try:
                    await ready
                finally:
                    loop.remove_writer(master)
            except OSError:
                return


def _end(child: asyncio.subprocess.Process) -> None:
    """Hang up on a table client (it ends as a program does when its terminal closes), and
    kill it if it is still there a moment later."""
    if child.returncode is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(child.pid, signal.SIGHUP)

    def kill() -> None:
        if child.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGKILL)

    asyncio.get_running_loop().call_later(2.0, kill)


def client_command() -> list[str]:
    """The table client as the door starts it: this Python, this game."""
    return [sys.executable, "-m", "lehavre_tui", "join"]
