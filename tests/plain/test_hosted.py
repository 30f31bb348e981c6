"""A hosted table in plain text: one player at the full table, one over `ssh -t ... plain`
with the real ssh client; a round played, each seeing the other's moves."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..net.terminal import ssh_binary, ssh_login
from ..net.test_ssh_play import Hosting, _wait_stored, first_round
from .driver import plain_bytes_only


@pytest.fixture
def hosting(tmp_path: Path) -> Iterator[Hosting]:
    ssh_binary()
    h = Hosting(tmp_path)
    yield h
    h.close()


def _plain_login(h: Hosting, name: str, **kw: object):
    t = ssh_login(name, h.ssh_port, h.key, command="plain", **kw)  # type: ignore[arg-type]
    h.terminals.append(t)
    return t


def test_a_round_with_one_player_at_the_full_table_and_one_in_plain_text(hosting: Hosting) -> None:
    plan = first_round()
    hosting.start()
    anna = hosting.login("anna")
    ben = _plain_login(hosting, "ben")
    ben.wait_for("You sit at table 1 as Ben.")
    anna.wait_for("Ben is at the table.")
    for n, move in enumerate(plan):
        me, other = (anna, ben) if move.seat == 0 else (ben, anna)
        at = other.mark()
        if me is ben:
            ben.wait_for("Ben, round ", since=0)
        me.type(move.command)
        _wait_stored(hosting, n + 1)
        if move.says is not None:
            other.wait_for(move.says, since=at, timeout=10)
    ben.wait_for("Round 2 of 8 begins")
    anna.wait_for("Round 2")
    raw = bytes(ben.raw)
    plain_bytes_only(raw)
    text = raw.decode()
    takes = [m.says for m in plan if m.says is not None]
    assert all(t in text for t in takes)  # Anna's moves and his own, each a line
    assert re.search(r"Ben, round 1, turn \d of 7, supply> ", text)
    assert "Ben, round 1: Anna is to play (supply)> " in text
    at = ben.mark()
    ben.type("log")  # the whole game's log, said again from its first line
    ben.wait_for(takes[0], since=at, timeout=10)


@pytest.mark.parametrize("how", ["dumb", "narrow"])
def test_a_dumb_or_narrow_terminal_gets_the_plain_text(hosting: Hosting, how: str) -> None:
    hosting.start()
    if how == "dumb":
        ben = hosting.terminals.append(t := ssh_login("ben", hosting.ssh_port, hosting.key, term="dumb")) or t
    else:
        ben = hosting.login("ben", width=45, height=30)
        ben.wait_for("Your terminal is 45 columns wide, narrower than the table's 80")
    ben.wait_for("You sit at table 1 as Ben.", "Ben, round 1: Anna is to play (supply)> ")
    at = ben.type("look offers")
    ben.wait_for("Offers: ", since=at)
    plain_bytes_only(bytes(ben.raw))


def test_no_other_command_is_run(hosting: Hosting) -> None:
    hosting.start()
    t = ssh_login("ben", hosting.ssh_port, hosting.key, command="plain; sh")
    hosting.terminals.append(t)
    t.wait_for("runs nothing else")


def test_join_plain_comes_back_to_its_seat_after_the_host_restarts(hosting: Hosting) -> None:
    from .driver import spawn

    hosting.start()
    ben = spawn(["join", "--plain", "--name", "ben"], hosting.data, "en")
    try:
        ben.expect(rb"You sit at table 1 as Ben\.")
        ben.expect(rb"Ben, round 1: Anna is to play \(supply\)> ")
        seen = ben.before + ben.after
        assert hosting.host is not None
        hosting.host.kill()
        hosting.host.wait(5)
        ben.expect(rb"The connection to the host was lost; trying again\.")
        seen += ben.before + ben.after
        hosting.start(resume=True)
        ben.expect(rb"Connected as Ben\.", timeout=30)
        ben.expect(rb"Anna is to play \(supply\)> ")
        ben.sendline("look me")
        ben.expect(rb"Wealth so far: ")
        seen += ben.before + ben.after
        plain_bytes_only(seen)
    finally:
        ben.close(force=True)


def test_a_player_without_a_key_is_told_the_seat_code_in_a_line(hosting: Hosting, tmp_path: Path) -> None:
    from .driver import spawn

    printed = hosting.start()
    invite = re.search(r"Invite code: (\S+)", printed)
    assert invite is not None, printed
    ben = spawn(["join", "--plain", f"127.0.0.1:{hosting.port}", "--name", "ben", "--code", invite.group(1)],
                tmp_path / "elsewhere", "en")  # fmt: skip
    try:
        ben.expect(rb"This seat is yours with your seat code (\S+) \(shown only now")
        ben.expect(rb"You sit at table 1 as Ben\.")
        ben.expect(rb"Anna is to play \(supply\)> ")
    finally:
        ben.close(force=True)
