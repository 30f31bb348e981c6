"""End to end: `lehavre host`, two players logged in with the real `ssh` client, a whole round.

The host runs as a program of its own (it is killed with SIGKILL and resumed); each player
is an `ssh` process in a pseudo-terminal of 100×30, reading what the table client draws.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import asyncssh
import pytest

from lehavre_tui.engine.message import Msg
from lehavre_tui.engine.setup import Setup
from lehavre_tui.engine.state import OFFER_SPACES
from lehavre_tui.net.storage import Store
from lehavre_tui.net.words import in_language
from lehavre_tui.session import Session

from .terminal import Terminal, free_port, ssh_binary, ssh_login

# the real ssh client in pseudo-terminals, timed: one after another on one worker (pytest-xdist's
# --dist loadgroup), never beside each other (the other timed tests are the group "timed")
pytestmark = pytest.mark.xdist_group("timed-ssh")

SETUP = Setup(players=2, variant="short", seed=1)


@dataclass
class Move:
    seat: int
    command: str
    says: str | None  # a log line the move writes, short enough for the log panel


def first_round() -> list[Move]:
    """The first round of the game the host deals: each turn supply, take the fullest offer
    space, end; the feeding as the engine proposes."""
    s = Session.new(SETUP)
    moves: list[Move] = []
    while s.state.round == 1 or s.state.phase == "feeding":
        st = s.state
        seat = st.current
        if st.phase == "feeding":
            line = "feed"
        elif not st.supplied:
            line = "supply"
        elif not st.main_done:
            fullest = max(range(len(OFFER_SPACES)), key=lambda i: st.offers[i])
            line = f"take {OFFER_SPACES[fullest]}"
        else:
            line = "end"
        events = s.command(line)
        says = next((e for e in events if " takes the " in e), None)
        moves.append(Move(seat, line, says))
    return moves


class Hosting:
    """The host program and the players' terminals, all ended at teardown."""

    def __init__(self, tmp: Path) -> None:
        self.data = tmp / "data"
        self.key = tmp / "player_key"
        private = asyncssh.generate_private_key("ssh-ed25519")
        private.write_private_key(str(self.key))
        os.chmod(self.key, 0o600)
        self.authorized = tmp / "authorized_keys"
        self.authorized.write_bytes(private.export_public_key())
        self.ssh_port, self.port = free_port(), free_port()
        self.env = {**os.environ, "LEHAVRE_DATA": str(self.data), "LANG": "C.UTF-8"}  # the host's words in English
        for name in ("LC_ALL", "LC_MESSAGES"):
            self.env.pop(name, None)
        self.host: subprocess.Popen[bytes] | None = None
        self.terminals: list[Terminal] = []

    def start(self, resume: bool = False) -> str:
        options = ["--resume"] if resume else ["--players", "2", "--short", "--seed", "1"]
        argv = [sys.executable, "-m", "lehavre_tui", "host", *options, "--pace", "0",
                "--ssh-port", str(self.ssh_port), "--port", str(self.port),
                "--authorized-keys", str(self.authorized)]  # fmt: skip
        self.host = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=self.env)
        assert self.host.stdout is not None
        said = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.host.stdout.readline().decode()
            said.append(line)
            if not line or line.startswith("Ctrl+C stops the host"):
                break
        assert said[-1].startswith("Ctrl+C"), "".join(said)
        return "".join(said)

    def login(self, name: str, width: int = 100, height: int = 30, lang: str | None = "en_US.UTF-8") -> Terminal:
        t = ssh_login(name, self.ssh_port, self.key, width=width, height=height, lang=lang)
        self.terminals.append(t)
        return t

    def clients(self) -> list[int]:
        """The table clients the host runs now (its child processes)."""
        assert self.host is not None
        found: list[int] = []
        for task in Path(f"/proc/{self.host.pid}/task").iterdir():
            found += [int(p) for p in (task / "children").read_text().split()]
        return found

    def close(self) -> None:
        for t in self.terminals:
            t.close()
        if self.host is not None and self.host.poll() is None:
            self.host.send_signal(signal.SIGTERM)
            try:
                self.host.wait(10)
            except subprocess.TimeoutExpired:
                self.host.kill()
                self.host.wait(5)


@pytest.fixture
def hosting(tmp_path: Path) -> Iterator[Hosting]:
    ssh_binary()
    h = Hosting(tmp_path)
    yield h
    h.close()


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except OSError:
        return False
    return state != "Z"


def test_two_players_over_ssh_play_a_round_leave_come_back_and_survive_a_killed_host(hosting: Hosting) -> None:
    plan = first_round()
    printed = hosting.start()
    assert f"ssh -p {hosting.ssh_port} NAME@127.0.0.1" in printed and "Invite code: " in printed
    anna = hosting.login("anna")
    ben = hosting.login("Ben", width=80, height=24)
    anna.wait_for("Turn 1 of 7: Anna to play", "Ben is at the table.")
    ben.wait_for("Anna is to play. Meanwhile:")

    # a move out of turn is refused, on Ben's screen only
    at = ben.type("supply")
    ben.wait_for("Anna is to act now", since=at)

    players = {0: anna, 1: ben}
    delays = []
    for n, move in enumerate(plan):
        me, other = players[move.seat], players[1 - move.seat]
        at_other = other.mark()
        me.type(move.command)
        if move.says is not None:
            delays.append(other.wait_for(move.says, since=at_other, timeout=10))
        _wait_stored(hosting, n + 1)
        if n == 5:  # Ben leaves in the middle of the round and comes back to his seat
            at = anna.mark()
            ben.kill()
            anna.wait_for("Ben is away; the seat waits.", since=at)
            ben = players[1] = hosting.login("ben", width=80, height=24)
            ben.wait_for("Ben is at the table.", "Meanwhile: sell")  # his table, drawn in full
    assert delays and max(delays) < 1.0, delays  # every move on the other screen within a second
    anna.wait_for("Round 2")

    # the host is killed outright: its table clients end with it, nothing of the game is lost
    clients = hosting.clients()
    assert len(clients) == 2
    assert hosting.host is not None
    hosting.host.kill()
    hosting.host.wait(5)
    deadline = time.monotonic() + 10
    while any(alive(p) for p in clients) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(p) for p in clients)
    store = Store(hosting.data / "host" / "tables.sqlite3")
    assert [a for _, a in store.moves(1)] == _planned_actions(plan)
    store.close()

    printed = hosting.start(resume=True)
    assert "Table 1: short game, round 2 of" in printed
    anna, ben = hosting.login("anna"), hosting.login("ben", width=80, height=24)
    anna.wait_for("Round 2/")
    after = Session.new(SETUP)
    for m in plan:
        after.command(m.command)
    seated = {0: anna, 1: ben}
    current = after.state.current
    seated[1 - current].wait_for(f"{after.state.players[current].name} is to play")
    at = seated[1 - current].mark()
    seated[current].type("supply")
    seated[1 - current].wait_for("ship reaches", since=at)
    _wait_stored(hosting, len(plan) + 1)


def test_a_move_typed_as_soon_as_ssh_has_logged_in_is_played(hosting: Hosting) -> None:
    """The table client is still starting when Anna types: her keys wait for it, unchanged."""
    hosting.start()
    anna = hosting.login("anna")
    deadline = time.monotonic() + 15
    while termios.tcgetattr(anna.master)[3] & termios.ICANON:  # ssh makes its terminal raw once in
        assert time.monotonic() < deadline, "ssh did not log in"
        time.sleep(0.01)
    assert "Anna" not in anna.text()  # the table is not drawn yet
    anna.type("supply")
    _wait_stored(hosting, 1, timeout=15)
    anna.wait_for("Anna to play (main action)")
    assert "supply" not in anna.text().split("Round 1/")[0]  # not echoed before the table


def test_two_players_read_the_same_move_each_in_their_own_language(hosting: Hosting) -> None:
    hosting.start()
    anna = hosting.login("anna", lang="pl_PL.UTF-8")
    ben = hosting.login("ben", lang="cs_CZ.UTF-8")
    arrived = Msg("{player} is at the table.", player="Ben")
    anna.wait_for(in_language("pl", arrived))  # the host's note, in Polish for Anna
    at_anna, at_ben = anna.mark(), ben.mark()
    anna.type("supply")
    s = Session.new(SETUP)
    s.command("supply")
    event = s.log[-1].event  # the move as the host's engine narrates it: a message
    assert isinstance(event, Msg)
    polish, czech = in_language("pl", event), in_language("cs", event)
    assert polish != czech != str(event)
    anna.wait_for(polish[:24], since=at_anna)  # the first words of the line, before the log wraps it
    ben.wait_for(czech[:24], since=at_ben)
    assert str(event)[:24] not in anna.text(at_anna) + ben.text(at_ben)


def _planned_actions(plan: list[Move]) -> list:
    s = Session.new(SETUP)
    for m in plan:
        s.command(m.command)
    return s.actions


def _wait_stored(hosting: Hosting, n: int, timeout: float = 5.0) -> None:
    """Move `n` is in the table file (a move is stored before it is shown)."""
    import sqlite3

    deadline = time.monotonic() + timeout
    path = hosting.data / "host" / "tables.sqlite3"
    while True:
        db = sqlite3.connect(path)
        try:
            count = db.execute("SELECT COUNT(*) FROM moves WHERE table_id = 1").fetchone()[0]
        finally:
            db.close()
        if count >= n:
            return
        assert time.monotonic() < deadline, f"move {n} not stored ({count} are)"
        time.sleep(0.05)


def test_stopping_the_host_leaves_the_reason_and_the_way_back_on_the_players_screen(hosting: Hosting) -> None:
    hosting.start()
    anna = hosting.login("anna")
    anna.wait_for("Anna to play")
    mark = anna.mark()
    started = time.monotonic()
    assert hosting.host is not None
    hosting.host.send_signal(signal.SIGINT)
    hosting.host.wait(5)
    assert time.monotonic() - started < 2.0
    anna.wait_for("come back with", since=mark, timeout=5)
    screen = " ".join(anna.text(since=mark).split())  # the sentence as the terminal wrapped it, joined again
    assert f"The host is stopping; your game is kept: come back with ssh -p {hosting.ssh_port} anna@127.0.0.1" in screen
    assert "Traceback" not in screen
