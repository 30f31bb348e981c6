"""The SSH front door with the real `ssh` client: who gets in, and that a login reaches the
game and nothing else."""

from __future__ import annotations

import asyncio
import os
import stat
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest

from lehavre_tui.net import door as door_module
from lehavre_tui.net.door import Door, client_command, lang_of, read_authorized_keys
from lehavre_tui.net.host import Host

from .terminal import free_port, ssh_binary, ssh_login


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


async def test_keys_not_authorized_are_refused(door: Door, keys: Keys) -> None:
    code, said = await run_ssh(ssh_argv(door, keys.stranger))
    assert code == 255 and "Permission denied" in said


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
    assert lang_of({"LANG": "C.UTF-8"}) is None
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
