"""Attacks on one host while two players play: what gets through, and what the players feel.

Run: .venv/bin/python benchmarks/host_abuse.py [--seconds 20]

`lehavre host` runs as a program of its own (one two-player table, its files in a temporary
data directory). Two scripted players sit at the table over the table socket and play a move
every half second (as host_load.py's players do); first for `--seconds` alone, then for as
long again while, from this process and all from one address (loopback):

- SSH password guessing, pipelined: connections that each send 200 password requests at
  once (asyncssh cancels a check in progress when the next request comes), one after another;
- invite-code guessing on the table socket: hello after hello with made-up codes;
- crowding: 300 connections to the table socket that never say hello, and SSH connections
  that never log in, reopened as they are closed;
- a huge terminal: a login with a key of its own, the invite code typed in the session, a
  1000×500 terminal.

Measured: the codes offered and the codes checked (the host logs a line for every check), each
a second; the players' move latency (a move sent to the other player having it) p50/p99 alone
and under attack; the host's resident memory and its table clients' (the huge terminal's); and
the moves lost: at the end the host is killed (SIGKILL) and every move a player saw must be in
the table file. Words said (the say flood) are not among these attacks. The attacks run as a
program of their own at the lowest priority (nice 19), as an attacker on another machine would
spend none of this one's time; the host and its table clients run as usual.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import asyncssh
from asyncssh.packet import Boolean, String

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from host_load import Client, connect, free_port, next_move, rss_kib, until  # noqa: E402

from lehavre_tui.net.protocol import PROTOCOL_VERSION  # noqa: E402


class HostOutput:
    """Every line the host prints, read in a thread; the login lines counted."""

    def __init__(self, stream) -> None:  # noqa: ANN001
        self.lines: list[str] = []
        self.thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.thread.start()

    def _read(self, stream) -> None:  # noqa: ANN001
        for raw in stream:
            self.lines.append(raw.decode("utf-8", "replace").rstrip())

    def checks(self) -> int:
        return sum(1 for ln in self.lines if "login refused" in ln or "login accepted" in ln)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_rss_kib(pid: int) -> int:
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, ValueError, IndexError):
            stat = (entry / "stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                total += rss_kib(int(entry.name))
    return total


async def players(port: int, key: str, seconds: float, latencies: list[float]) -> list[Client]:
    """The two players, a move every half second for `seconds`."""
    a = await connect(port, key, "anna", 1)
    b = await connect(port, key, "ben", 1)
    readers = [asyncio.create_task(c.read_forever()) for c in (a, b)]
    await until(lambda: a.state is not None and b.state is not None)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        tick = time.perf_counter()
        lead = max((a, b), key=lambda c: c.moves)
        s = lead.state
        assert s is not None
        if s.phase == "over":
            break
        mover = a if a.seat == s.current else b
        other = b if mover is a else a
        n = lead.moves + 1
        sent = time.perf_counter()
        mover.send({"type": "command", "seat": mover.seat, "text": next_move(s), "id": n})
        with contextlib.suppress(TimeoutError):
            await until(lambda n=n, o=other, m=mover: o.moves >= n and m.moves >= n, timeout=10)
            latencies.append(time.perf_counter() - sent)
        await asyncio.sleep(max(0.0, 0.5 - (time.perf_counter() - tick)))
    for c in (a, b):
        c.writer.close()
    for task in readers:
        task.cancel()
    return [a, b]


class Guesser(asyncssh.SSHClient):
    """200 password requests at once, then one more as asyncssh's client would send it."""

    sent = 0

    def connection_made(self, conn: asyncssh.SSHClientConnection) -> None:
        self.conn = conn

    def password_auth_requested(self) -> str:
        for n in range(200):
            request = self.conn.send_userauth_request(b"password", Boolean(False), String(f"guess-{n}"))
            asyncio.get_running_loop().create_task(request)
        Guesser.sent += 201
        return "guess"


async def ssh_guessing(ssh_port: int, stop: asyncio.Event) -> None:
    while not stop.is_set():
        with contextlib.suppress(asyncssh.Error, OSError, TimeoutError):
            conn = await asyncio.wait_for(
                asyncssh.connect(
                    "127.0.0.1", ssh_port, username="anna", known_hosts=None, client_keys=None,
                    password=None, client_factory=Guesser, preferred_auth="password",
                ),
                3,
            )  # fmt: skip
            conn.close()
        await asyncio.sleep(0.05)


async def socket_guessing(port: int, stop: asyncio.Event, counter: list[int]) -> None:
    n = 0
    while not stop.is_set():
        with contextlib.suppress(OSError):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": "mallory", "code": f"zzzz-zzzz-{n:04d}"}
            writer.write(json.dumps(hello).encode() + b"\n")
            counter[0] += 1
            n += 1
            with contextlib.suppress(TimeoutError, OSError):
                await asyncio.wait_for(reader.read(), 5)
            writer.close()


async def crowding(port: int, ssh_port: int, stop: asyncio.Event) -> None:
    held: list[asyncio.StreamWriter] = []
    while not stop.is_set():
        held = [w for w in held if not w.is_closing()]
        for target, most in ((port, 300), (ssh_port, 40)):
            mine = sum(1 for w in held if w.get_extra_info("peername")[1] == target)
            for _ in range(most - mine):
                with contextlib.suppress(OSError):
                    _, writer = await asyncio.open_connection("127.0.0.1", target)
                    held.append(writer)
        await asyncio.sleep(0.5)
    for w in held:
        w.close()


async def huge_terminal(ssh_port: int, code: str, stop: asyncio.Event, seated: list[bool]) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    with contextlib.suppress(asyncssh.Error, OSError):
        async with asyncssh.connect(
            "127.0.0.1", ssh_port, username="zoe", known_hosts=None, client_keys=[key], password=None
        ) as conn:
            process = await conn.create_process(term_type="xterm-256color", term_size=(1000, 500), encoding=None)
            await asyncio.sleep(1.0)
            process.stdin.write(code.encode() + b"\r")
            while not stop.is_set():
                with contextlib.suppress(TimeoutError):
                    drawn = await asyncio.wait_for(process.stdout.read(65536), 0.5)
                    seated[0] = seated[0] or b"LE HAVRE" in drawn or b"Turn" in drawn


async def attack(port: int, ssh_port: int, code: str, seconds: float) -> dict:
    """Every attack at once for `seconds` (the huge terminal first); what was sent."""
    stop = asyncio.Event()
    table_guesses, seated = [0], [False]
    tasks = [asyncio.create_task(huge_terminal(ssh_port, code, stop, seated))]
    await asyncio.sleep(2.5)
    tasks += [
        asyncio.create_task(ssh_guessing(ssh_port, stop)),
        asyncio.create_task(ssh_guessing(ssh_port, stop)),
        asyncio.create_task(socket_guessing(port, stop, table_guesses)),
        asyncio.create_task(crowding(port, ssh_port, stop)),
    ]
    await asyncio.sleep(seconds - 2.5)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"ssh": Guesser.sent, "table_socket": table_guesses[0], "huge_terminal_seated": seated[0]}


async def run(args: argparse.Namespace) -> dict:
    data = Path(tempfile.mkdtemp(prefix="lehavre-abuse-"))
    env = {**os.environ, "LEHAVRE_DATA": str(data)}
    port, ssh_port = free_port(), free_port()
    host = subprocess.Popen(
        [sys.executable, "-m", "lehavre_tui", "host", "--players", "2", "--short", "--port", str(port),
         "--ssh-port", str(ssh_port), "--authorized-keys", str(data / "none"), "--pace", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
    )  # fmt: skip
    assert host.stdout is not None
    code = ""
    while True:
        line = host.stdout.readline().decode()
        if not line and host.poll() is not None:
            raise RuntimeError("the host did not start")
        found = re.search(r"Invite code: (\S+)", line)
        if found:
            code = found.group(1)
        if line.startswith("Ctrl+C"):
            break
    output = HostOutput(host.stdout)
    key = json.loads((data / "host" / "host.json").read_text())["key"]
    await asyncio.sleep(0.5)
    rss_start = rss_kib(host.pid)

    alone: list[float] = []
    cpu, clock = cpu_seconds(host.pid), time.perf_counter()
    played = await players(port, key, args.seconds, alone)
    cpu_alone = (cpu_seconds(host.pid) - cpu) / (time.perf_counter() - clock)
    seen = max(c.moves for c in played)

    checks_before = output.checks()
    # the attacks from a program of their own, so that they do not slow the players' loop here
    attacker = subprocess.Popen(
        [sys.executable, __file__, "--attack", str(port), str(ssh_port), code, str(args.seconds + 3)],
        stdout=subprocess.PIPE,
    )
    await asyncio.sleep(3.0)  # the huge terminal logs in first, the rest then begin
    attacked: list[float] = []
    start, cpu = time.perf_counter(), cpu_seconds(host.pid)
    played = await players(port, key, args.seconds, attacked)
    elapsed = time.perf_counter() - start
    cpu_attacked = (cpu_seconds(host.pid) - cpu) / elapsed
    load = os.getloadavg()[0]
    seen = max(seen, *(c.moves for c in played))
    rss_host = rss_kib(host.pid)
    rss_clients = children_rss_kib(host.pid)
    checks = output.checks() - checks_before
    sent = json.loads(attacker.communicate(timeout=60)[0] or b"{}")

    host.send_signal(signal.SIGKILL)
    host.wait()
    db = sqlite3.connect(data / "host" / "tables.sqlite3")
    stored = db.execute("SELECT COUNT(*) FROM moves WHERE table_id = 1").fetchone()[0]
    db.close()

    def ms(xs: list[float], q: float) -> float:
        xs = sorted(xs)
        return round(1000 * xs[int(q * (len(xs) - 1))], 1) if xs else float("nan")

    return {
        "seconds_each": args.seconds,
        "ssh_passwords_sent_per_s": round(sent.get("ssh", 0) / elapsed, 1),
        "table_socket_codes_sent_per_s": round(sent.get("table_socket", 0) / elapsed, 1),
        "huge_terminal_seated": sent.get("huge_terminal_seated", False),
        "codes_checked_per_s": round(checks / elapsed, 2),
        "codes_checked": checks,
        "moves_alone": len(alone),
        "moves_attacked": len(attacked),
        "latency_ms_alone_p50": round(1000 * statistics.median(alone), 1) if alone else None,
        "latency_ms_alone_p90": ms(alone, 0.90),
        "latency_ms_alone_p99": ms(alone, 0.99),
        "latency_ms_attacked_p50": round(1000 * statistics.median(attacked), 1) if attacked else None,
        "latency_ms_attacked_p90": ms(attacked, 0.90),
        "latency_ms_attacked_p99": ms(attacked, 0.99),
        "host_cpu_percent_alone": round(100 * cpu_alone, 1),
        "host_cpu_percent_attacked": round(100 * cpu_attacked, 1),
        "load_average_1min": round(load, 1),
        "host_rss_mib_start": round(rss_start / 1024, 1),
        "host_rss_mib_attacked": round(rss_host / 1024, 1),
        "table_clients_rss_mib": round(rss_clients / 1024, 1),
        "moves_seen": seen,
        "moves_lost_after_kill": max(0, seen - stored),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the players play alone, then attacked")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--attack", nargs=4, metavar=("PORT", "SSH_PORT", "CODE", "SECONDS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        port, ssh_port, code, seconds = args.attack
        os.nice(19)  # an attacker elsewhere spends none of this machine's time: here it takes only what is left
        print(json.dumps(asyncio.run(attack(int(port), int(ssh_port), code, float(seconds)))))
        return
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result))
        return
    for k, v in result.items():
        print(f"{k:>30}: {v}")


if __name__ == "__main__":
    main()
