"""The SSH front door with the real `ssh` client: who gets in, and that a login reaches the
game and nothing else."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import stat
import struct
import termios
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest
from asyncssh.packet import Boolean, String

from lehavre_tui.net import door as door_module
from lehavre_tui.net.door import Door, client_command, lang_of, read_authorized_keys
from lehavre_tui.net.host import Host

from .terminal import free_port, ssh_binary, ssh_login

# the real ssh client in pseudo-terminals, timed: one after another on one worker (pytest-xdist's
# --dist loadgroup), never beside each other (the other timed tests are the group "timed")
pytestmark = pytest.mark.xdist_group("timed-ssh")


class Keys:
    def __init__(self, tmp: Path) -> None:
        self.player = tmp / "player_key"
        self.stranger = tmp / "stranger_key"
        for path in (self.player, self.stranger):
            key = asyncssh.generate_private_key("ssh-ed25519")
            key.write_private_key(str(path))
            os.chmod(path, 0o600)
            path.with_suffix(".pub").write_bytes(key.export_public_key())
        self.authorized = tmp / "authorized_keys"
        self.authorized.write_bytes(self.player.with_suffix(".pub").read_bytes())


@pytest.fixture
def keys(tmp_path: Path) -> Keys:
    ssh_binary()
    return Keys(tmp_path)


@pytest.fixture
async def door(host: Host, keys: Keys, tmp_path: Path, monkeypatch) -> AsyncIterator[Door]:
    monkeypatch.setenv("LEHAVRE_DATA", str(tmp_path / "data"))
    d = Door(host, client_command(), authorized_keys=keys.authorized, host_key_path=tmp_path / "host_key")
    d.port = await d.start("127.0.0.1", free_port())  # type: ignore[attr-defined]
    yield d
    await d.stop()


def ssh_argv(door: Door, key: Path, *options: str, login: str = "anna") -> list[str]:
    return [
        ssh_binary(), "-F", "/dev/null", "-p", str(door.port), "-i", str(key),  # type: ignore[attr-defined]
        "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", *options, f"{login}@127.0.0.1",
    ]  # fmt: skip


async def run_ssh(argv: list[str], *command: str, timeout: float = 20) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(
        *argv, *command, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    out, _ = await asyncio.wait_for(proc.communicate(), timeout)
    assert proc.returncode is not None
    return proc.returncode, out.decode()


async def test_a_command_is_refused_and_never_run(door: Door, keys: Keys, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    code, said = await run_ssh(ssh_argv(door, keys.player), f"touch {marker}")
    assert code == 1 and "runs nothing else" in said
    assert not marker.exists()
    code, said = await run_ssh(ssh_argv(door, keys.player, "-s"), "sftp")
    assert code != 0 and not marker.exists()
    assert not door.children


async def test_a_login_without_a_terminal_is_told_to_ask_for_one(door: Door, keys: Keys) -> None:
    code, said = await run_ssh(ssh_argv(door, keys.player, "-T"))
    assert code == 1 and "needs a terminal" in said


async def test_port_forwarding_is_refused(door: Door, keys: Keys, host: Host) -> None:
    # a remote forward: the door refuses it, and ssh says so
    code, said = await run_ssh(
        ssh_argv(door, keys.player, "-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:22")
    )
    assert code != 0 and "forwarding failed" in said
    # a local forward to the host's table port: the door opens no channel to it
    local = free_port()
    proc = await asyncio.create_subprocess_exec(
        *ssh_argv(door, keys.player, "-N", "-L", f"{local}:127.0.0.1:{host.port}"),
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    try:
        for _ in range(100):
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", local)
                break
            except OSError:
                await asyncio.sleep(0.1)
        clients = len(host.clients)
        try:
            writer.write(b'{"type": "ping"}\n')
            assert await asyncio.wait_for(reader.read(), 10) == b""  # closed at once, nothing answered
        except ConnectionResetError:
            pass  # or closed before the ping went out
        assert len(host.clients) == clients
        writer.close()
    finally:
        proc.terminate()
        await proc.communicate()


async def test_a_key_not_authorized_is_asked_the_invite_code_and_then_owns_its_seat(
    door: Door, keys: Keys, host: Host, two_players
) -> None:
    zoe = ssh_login("zoe", door.port, keys.stranger)  # type: ignore[attr-defined]
    try:
        await zoe.drawn("Invite code of the table:")
        assert not door.children  # no table before the code
        at = zoe.type("aaaa-bbbb-cccc")
        await zoe.drawn("opens no table here; try again", "Invite code of the table:", since=at)
        zoe.type(two_players.code)
        await zoe.drawn("Turn 1 of 7: Zoe to play", timeout=30)
        stranger = asyncssh.read_private_key(str(keys.stranger))
        assert two_players.seats[0].owner == f"key:{stranger.get_fingerprint()}"
    finally:
        zoe.close()
    again = ssh_login("zoe", door.port, keys.stranger)  # type: ignore[attr-defined]
    try:  # the key has its seat: straight back to it, no code asked
        await again.drawn("Turn 1 of 7: Zoe to play", timeout=30)
        assert "Invite code" not in again.text()
    finally:
        again.close()


async def test_a_code_that_must_wait_its_turn_says_so_on_the_screen(
    door: Door, keys: Keys, host: Host, two_players
) -> None:
    """After many wrong codes from the address, a code waits its turn: the player is told how
    long, not left before a silent prompt."""
    for _ in range(4):  # guesses from this address before, the last one checked just now
        host.guard.failed("127.0.0.1", "eve", "password")
    host.guard.turn("127.0.0.1")  # the next check waits 2 s after it
    zoe = ssh_login("zoe", door.port, keys.stranger)  # type: ignore[attr-defined]
    try:
        await zoe.drawn("Invite code of the table:")
        at = zoe.type(two_players.code)
        await zoe.drawn("codes are checked slowly: this one in", since=at, timeout=10)
        await zoe.drawn("Turn 1 of 7: Zoe to play", timeout=30)
    finally:
        zoe.close()


async def test_three_wrong_codes_inside_the_session_end_it(door: Door, keys: Keys, two_players) -> None:
    zoe = ssh_login("zoe", door.port, keys.stranger)  # type: ignore[attr-defined]
    try:
        for _ in range(3):
            await zoe.drawn("Invite code of the table:", since=zoe.mark() - 40)
            zoe.type("aaaa-bbbb-cccc")
            await asyncio.sleep(0.2)
        await zoe.drawn("opens no table here; goodbye")
        for _ in range(50):
            if zoe.proc.poll() is not None:
                break
            await asyncio.sleep(0.1)
        assert zoe.proc.poll() is not None and not door.children
        assert door.host.guard.failures("127.0.0.1") == 3
    finally:
        zoe.close()


async def test_a_seat_is_not_taken_by_another_key_nor_by_the_code(
    door: Door, keys: Keys, host: Host, two_players, tmp_path: Path
) -> None:
    anna = ssh_login("anna", door.port, keys.player)  # type: ignore[attr-defined]
    try:
        await anna.drawn("Turn 1 of 7: Anna to play", timeout=30)
        # another key, with the right invite code, as anna: not into her seat
        other = ssh_login("anna", door.port, keys.stranger)  # type: ignore[attr-defined]
        try:
            await other.drawn("Invite code of the table:")
            other.type(two_players.code)
            await other.drawn("belongs to the player who first sat in it", timeout=30)
        finally:
            other.close()
        # no key, the invite code as the password, as anna: not into her seat either
        options = ["-o", "BatchMode=no", "-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=password"]
        nokey = ssh_login("anna", door.port, keys.stranger, extra=options)  # type: ignore[attr-defined]
        try:
            await nokey.drawn("password:")
            nokey.type(two_players.code)
            await nokey.drawn("belongs to the player who first sat in it", timeout=30)
        finally:
            nokey.close()
        at = anna.type("supply")
        await anna.drawn("ship reaches", since=at)  # Anna plays on, never thrown out
        assert "another terminal" not in anna.text()
    finally:
        anna.close()


async def test_pipelined_password_guesses_wait_for_their_turn(door: Door, host: Host, two_players) -> None:
    # a client that sends password requests without waiting for answers: asyncssh cancels a
    # check in progress when the next request comes, which must not skip the pause
    checks: list[float] = []
    table_by_code = host.table_by_code

    def counted(code: str):  # noqa: ANN202
        checks.append(asyncio.get_running_loop().time())
        return table_by_code(code)

    host.table_by_code = counted  # type: ignore[method-assign]

    class Guesser(asyncssh.SSHClient):
        """Sends 200 password requests at once, then one more as asyncssh's client would."""

        def connection_made(self, conn: asyncssh.SSHClientConnection) -> None:
            self.conn = conn

        def password_auth_requested(self) -> str:
            for n in range(200):
                request = self.conn.send_userauth_request(b"password", Boolean(False), String(f"guess-{n}"))
                asyncio.get_running_loop().create_task(request)
            return "guess"

    start = asyncio.get_running_loop().time()
    for _ in range(4):  # connection after connection, each pipelining its guesses
        with contextlib.suppress(asyncssh.Error, OSError):
            conn = await asyncio.wait_for(
                asyncssh.connect(
                    "127.0.0.1", door.port, username="anna", known_hosts=None, client_keys=None,
                    password=None, client_factory=Guesser, preferred_auth="password",
                ),
                4,
            )  # fmt: skip
            conn.close()
    elapsed = asyncio.get_running_loop().time() - start
    rate = len(checks) / elapsed
    assert host.guard.failures("127.0.0.1") == len(checks)
    assert host.guard.checks >= 400  # the requests came (each took a turn) ...
    assert 3 <= len(checks) <= 6 and rate < 1.0, f"{len(checks)} codes checked in {elapsed:.1f} s"  # few checked


async def test_only_modern_algorithms_and_no_library_version(door: Door, keys: Keys) -> None:
    argv = [a if a != "LogLevel=ERROR" else "LogLevel=DEBUG2" for a in ssh_argv(door, keys.player, "-vv")]
    code, said = await run_ssh(argv, "true")
    banner = re.search(r"Remote protocol version [\d.]+, remote software version (\S+)", said)
    assert banner is not None and banner.group(1) == "LeHavre"
    assert "AsyncSSH" not in said
    offered = dict(
        re.findall(r"debug2: (KEX algorithms|host key algorithms|ciphers stoc|MACs stoc|compression stoc): (\S+)", said)
    )
    assert offered, said[-2000:]
    # the second of each pair that ssh prints is the peer's (the door's) proposal
    server = {}
    for name, value in re.findall(r"debug2: (KEX algorithms|host key algorithms|ciphers stoc|MACs stoc): (\S+)", said):
        server[name] = value
    kex = server["KEX algorithms"].split(",")
    assert set(kex) <= {"mlkem768x25519-sha256", "curve25519-sha256", "curve25519-sha256@libssh.org",
                        "ext-info-s", "kex-strict-s-v00@openssh.com"}, kex  # fmt: skip
    assert server["ciphers stoc"].split(",") == [
        "chacha20-poly1305@openssh.com", "aes256-gcm@openssh.com", "aes128-gcm@openssh.com"
    ]  # fmt: skip
    assert server["MACs stoc"].split(",") == ["hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com"]
    assert server["host key algorithms"] == "ssh-ed25519"
    for weak in ("sha1", "umac-64", "group14", "rsa2048"):
        assert weak not in ",".join(server.values())


async def test_a_huge_terminal_is_drawn_at_most_400_by_200(door: Door, keys: Keys, two_players) -> None:
    anna = ssh_login("anna", door.port, keys.player, width=1000, height=500)  # type: ignore[attr-defined]
    try:
        await anna.drawn("Your terminal is 1000×500; the table is drawn in at most 400×200.")
        await anna.drawn("Anna to play", timeout=30)
        child = next(iter(door.children))
        size = _child_size(child.pid)
        assert size == (400, 200)
        assert await _size_becomes(child.pid, anna, 120, 40) == (120, 40)
        assert await _size_becomes(child.pid, anna, 2000, 900) == (400, 200)  # resizes too
    finally:
        anna.close()


async def test_keys_faster_than_anyone_types_close_the_session_with_a_word(door: Door, keys: Keys, two_players) -> None:
    """A flood of keys (3 MB, no Enter) ends the session with a sentence on the main screen; the
    table and the other seat go on, and a paste or typing is never taken for a flood."""
    ben = ssh_login("ben", door.port, keys.player)  # type: ignore[attr-defined]
    anna = ssh_login("anna", door.port, keys.player)  # type: ignore[attr-defined]
    try:
        await anna.drawn("Anna to play", timeout=30)
        at = anna.type("say " + "a" * 250)  # a long paste: said (within 300 characters)
        await anna.drawn("Anna says:", since=at)
        flood = threading.Thread(target=_write_all, args=(anna.master, b"a" * 3_000_000), daemon=True)
        flood.start()  # (a thread: the pseudo-terminal blocks while ssh sends, and the door is here)
        await anna.drawn("Keys came faster than anyone types; goodbye.", timeout=30)
        assert "\x1b[?1049l" in anna.raw.decode("utf-8", "replace")  # back on the main screen
        await ben.drawn("Anna is away", timeout=15)  # the seat waits; the table goes on
    finally:
        anna.close()
        ben.close()


def _write_all(fd: int, data: bytes) -> None:
    with contextlib.suppress(OSError):
        for at in range(0, len(data), 4096):
            os.write(fd, data[at : at + 4096])


async def _size_becomes(pid: int, terminal, width: int, height: int) -> tuple[int, int]:  # noqa: ANN001
    """The player's terminal resized: the size the table client gets."""
    before = _child_size(pid)
    terminal.resize(width, height)
    for _ in range(50):
        await asyncio.sleep(0.1)
        if _child_size(pid) != before:
            break
    return _child_size(pid)


def _child_size(pid: int) -> tuple[int, int]:
    """The window size of a table client's pseudo-terminal, as the client sees it."""
    fd = os.open(os.readlink(f"/proc/{pid}/fd/0"), os.O_RDWR | os.O_NOCTTY)
    try:
        rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    finally:
        os.close(fd)
    return cols, rows


async def test_the_invite_code_is_the_password_and_opens_its_table(door: Door, keys: Keys, host: Host,
                                                                   two_players) -> None:  # fmt: skip
    options = ["-o", "BatchMode=no", "-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=password"]
    wrong = ssh_login("zoe", door.port, keys.stranger, extra=options)  # type: ignore[attr-defined]
    right = ssh_login("zoe", door.port, keys.stranger, extra=options)  # type: ignore[attr-defined]
    try:
        await wrong.drawn("password:")
        at = wrong.type("aaaa-bbbb")
        await wrong.drawn("password:", since=at)  # asked again
        await right.drawn("password:")
        right.type(two_players.code)
        await right.drawn("Turn 1 of 7: Zoe to play", timeout=30)  # a free seat, with her name
        assert two_players.seats[0].login == "zoe"
    finally:
        wrong.close()
        right.close()


async def test_a_dropped_connection_ends_its_table_client(door: Door, keys: Keys, two_players) -> None:
    anna = ssh_login("anna", door.port, keys.player)  # type: ignore[attr-defined]
    try:
        await anna.drawn("Turn 1 of 7: Anna to play", timeout=30)
        assert len(door.children) == 1 and two_players.present.get(0) == 1
        child = next(iter(door.children))
        anna.kill()
        for _ in range(100):
            if child.returncode is not None and not two_players.present.get(0):
                break
            await asyncio.sleep(0.1)
        assert child.returncode is not None and not door.children
        assert not two_players.present.get(0)
    finally:
        anna.close()


async def test_window_size_changes_reach_the_table(door: Door, keys: Keys, two_players) -> None:
    anna = ssh_login("anna", door.port, keys.player, width=100, height=30)  # type: ignore[attr-defined]
    try:
        await anna.drawn("Turn 1 of 7: Anna to play", timeout=30)
        at = anna.mark()
        anna.resize(60, 20)  # below the least the table needs: it says so, with the new size
        await anna.drawn("needs a terminal of at least 80", "60×20", since=at)
        at = anna.mark()
        anna.resize(100, 30)
        await anna.drawn("Anna to play", since=at)
    finally:
        anna.close()


async def test_too_many_tables_from_one_address(door: Door, keys: Keys, monkeypatch, two_players) -> None:
    monkeypatch.setattr(door_module, "MAX_PER_ADDRESS", 1)
    first = ssh_login("anna", door.port, keys.player)  # type: ignore[attr-defined]
    try:
        await first.drawn("Turn 1 of 7", timeout=30)
        code, said = await run_ssh(ssh_argv(door, keys.player, "-tt", login="ben"))
        assert code == 1 and "Too many tables open from 127.0.0.1 (1)" in said
        monkeypatch.setattr(door_module, "MAX_CONNECTIONS", 1)  # not even a word of SSH
        code, said = await run_ssh(ssh_argv(door, keys.player, "-tt", login="ben"))
        assert code == 255 and "Permission denied" not in said
        at = first.type("supply")
        await first.drawn("ship reaches", since=at)  # the first login plays on
    finally:
        first.close()


async def test_the_host_key_is_made_once_and_kept_private(host: Host, keys: Keys, tmp_path: Path) -> None:
    path = tmp_path / "kept" / "host_key"
    first = Door(host, client_command(), authorized_keys=None, host_key_path=path)
    await first.start("127.0.0.1", 0)
    await first.stop()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = Door(host, client_command(), authorized_keys=None, host_key_path=path)
    await again.start("127.0.0.1", 0)
    await again.stop()
    assert first.fingerprint == again.fingerprint


def test_authorized_keys_read_past_options_comments_and_junk(keys: Keys, tmp_path: Path) -> None:
    player = keys.player.with_suffix(".pub").read_text().strip()
    stranger = keys.stranger.with_suffix(".pub").read_text().strip()
    path = tmp_path / "keys"
    path.write_text(
        f'# a comment\n\ncommand="/bin/evil",no-pty {player} anna@laptop\nnot a key at all\nssh-rsa AAAAjunk x\n'
    )
    found = read_authorized_keys(path)
    assert found == {asyncssh.import_public_key(player).public_data}
    assert asyncssh.import_public_key(stranger).public_data not in found
    assert read_authorized_keys(tmp_path / "missing") == set()


def test_the_language_comes_from_the_client_else_it_is_asked() -> None:
    assert lang_of({"LANG": "pl_PL.UTF-8"}) == "pl"
    assert lang_of({"LC_ALL": "cs_CZ.UTF-8", "LANG": "en_US.UTF-8"}) == "cs"
    assert lang_of({"LANG": "en_GB"}) == "en"
    assert lang_of({"LANG": "de_DE.UTF-8"}) is None  # not one of the game's: asked at login
    # the C and POSIX locales name no language: the untranslated text, English, unasked
    assert lang_of({"LANG": "C.UTF-8"}) == "en" and lang_of({"LANG": "C"}) == "en"
    assert lang_of({"LC_ALL": "POSIX", "LANG": "pl_PL.UTF-8"}) == "en"
    assert lang_of({"LANG": "plx_PL"}) is None and lang_of({"LANG": "csharp"}) is None
    assert lang_of({}) is None


def test_the_table_client_is_this_game(tmp_path: Path) -> None:
    argv = client_command()
    assert argv[1:] == ["-m", "lehavre_tui", "join"] and Path(argv[0]).exists()


async def test_the_lang_an_ssh_client_sends_gives_a_table_in_that_language(door: Door, keys: Keys) -> None:
    # LANG sent with SendEnv (as many systems' ssh_config does) reaches the door, which speaks it
    env = {**os.environ, "LANG": "pl_PL.UTF-8"}
    argv = ssh_argv(door, keys.player, "-o", "SendEnv=LANG")
    proc = await asyncio.create_subprocess_exec(
        *argv, "ls", stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT, env=env,
    )  # fmt: skip
    out, _ = await asyncio.wait_for(proc.communicate(), 20)
    assert proc.returncode == 1 and "Ten serwer służy tylko do gry w Le Havre" in out.decode()
    # ... and the table client it starts reads the lobby in Polish
    anna = ssh_login("anna", door.port, keys.player, lang="pl_PL.UTF-8")  # type: ignore[attr-defined]
    try:
        await anna.drawn("LE HAVRE · poczekalnia serwera · grasz jako Anna", "Otwórz nowy stół")
    finally:
        anna.close()


async def test_a_login_that_sends_no_language_chooses_one_first(door: Door, keys: Keys, host: Host) -> None:
    zoe = ssh_login("zoe", door.port, keys.player, lang=None)  # type: ignore[attr-defined]
    try:
        await zoe.drawn("Language · Język · Jazyk", "English", "Polski", "Čeština")
        assert not host.clients  # nothing is said to the host before the choice
        zoe.type("\t", enter=False)
        zoe.type("\t", enter=False)
        at = zoe.type("")  # Enter on Čeština
        await zoe.drawn("LE HAVRE · předsálí serveru · hraješ jako Zoe", since=at)
        assert [c.lang for c in host.clients] == ["cs"]
    finally:
        zoe.close()


async def test_agent_forwarding_is_refused(door: Door, keys: Keys, tmp_path: Path, monkeypatch) -> None:
    # a real agent, and ssh -A asking to forward it: the door's connection gets no agent
    sock = tmp_path / "agent.sock"
    agent = await asyncio.create_subprocess_exec(
        "ssh-agent", "-D", "-a", str(sock), stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
    )
    seen: list[object] = []
    play = door._play

    async def watched(process: asyncssh.SSHServerProcess) -> None:
        await asyncio.sleep(0.5)  # the agent request comes before the session's; let it be answered
        seen.append(process.channel.get_connection().get_agent_path())
        await play(process)

    monkeypatch.setattr(door, "_play", watched)
    try:
        for _ in range(50):
            if sock.exists():
                break
            await asyncio.sleep(0.1)
        env = {**os.environ, "SSH_AUTH_SOCK": str(sock)}
        argv = [a if a != "LogLevel=ERROR" else "LogLevel=DEBUG" for a in ssh_argv(door, keys.player, "-A")]
        proc = await asyncio.create_subprocess_exec(
            *argv, "true", stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT, env=env,
        )  # fmt: skip
        out, _ = await asyncio.wait_for(proc.communicate(), 20)
        assert "Requesting authentication agent forwarding" in out.decode()  # it was asked for
        assert seen == [None]  # and not given
    finally:
        agent.terminate()
        await agent.wait()


Connections = list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]


async def _anna_logs_in_beside(idle: Connections, door: Door, keys: Keys) -> None:
    """Anna logs in and reaches the table while the `idle` connections are open; they are closed after."""
    anna = ssh_login("anna", door.port, keys.player)  # type: ignore[attr-defined]
    try:
        await anna.drawn("Turn 1 of 7: Anna to play", timeout=30)
    finally:
        anna.close()
        for _, writer in idle:
            writer.close()


async def test_idle_connections_from_many_addresses_give_way_to_a_login(door: Door, keys: Keys, two_players) -> None:
    """More connections that say nothing than the door waits for, from 20 addresses (4 each,
    the most one address may hold): the oldest give way, and a player still logs in."""
    idle = []
    for n in range(2, 22):
        for _ in range(door_module.MAX_LOGGING_IN_PER_ADDRESS):
            with contextlib.suppress(OSError):
                idle.append(await asyncio.open_connection("127.0.0.1", door.port, local_addr=(f"127.0.0.{n}", 0)))
    await asyncio.sleep(0.5)
    assert len(idle) == 80 and door.logging_in.total() <= door_module.MAX_LOGGING_IN
    assert len(door.waiting) == door.logging_in.total()  # counted once, however a connection ends
    await _anna_logs_in_beside(idle, door, keys)


async def test_connections_that_never_log_in_do_not_crowd_out_a_login(door: Door, keys: Keys, two_players) -> None:
    idle = []
    for _ in range(40):  # from another address (all of 127/8 is this machine), saying nothing
        with contextlib.suppress(OSError):
            idle.append(await asyncio.open_connection("127.0.0.1", door.port, local_addr=("127.0.0.2", 0)))
    await asyncio.sleep(0.5)
    assert door.logging_in["127.0.0.2"] <= door_module.MAX_LOGGING_IN_PER_ADDRESS
    await _anna_logs_in_beside(idle, door, keys)
