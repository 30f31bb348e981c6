"""Load on the host: many tables, three scripted clients each, a move every second per table.

Run: .venv/bin/python benchmarks/host_load.py [--tables 20] [--clients 3] [--seconds 60]

`lehavre host` runs as a program of its own, with its files in a temporary data directory.
The scripted clients speak the table protocol from this process: one opens each table (three
human seats) and two more sit down at it. At every table the player to act sends its next
move once a second (supply, take the fullest offer space, end; feed, pay). Measured:

- latency: from sending a move to each of the table's clients having received and read the
  table with that move (all clients, all moves: p50, p99, max); the table client draws it in
  its next frame;
- host memory: the host's resident memory before the tables, with them, and after the play
  (the logs have grown), per table (the table's game, its log and its three connections);
- moves lost: at the end the host is killed (SIGKILL); every move any client saw must be in
  the table file.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lehavre_tui.engine.state import OFFER_SPACES, GameState  # noqa: E402
from lehavre_tui.net.protocol import PROTOCOL_VERSION, decode_host  # noqa: E402

READ_LIMIT = 16 * 1024 * 1024


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def next_move(s: GameState) -> str:
    """A plain player: supply, take the fullest offer space, end; feed and pay as proposed."""
    if s.phase == "feeding":
        return "feed"
    if s.phase == "interest":
        return "pay"
    if s.phase == "turn" and not s.supplied:
        return "supply"
    if not s.main_done and s.pending is None:
        fullest = max(range(len(OFFER_SPACES)), key=lambda i: s.offers[i])
        if s.offers[fullest]:
            return f"take {OFFER_SPACES[fullest]}"
    if s.pending is not None and s.pending.kind == "peek":
        return "keep"
    return "end"


@dataclass
class Client:
    name: str
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    table: int = 0
    seat: int | None = None
    state: GameState | None = None
    moves: int = 0  # the last move this client has seen
    seen_at: dict[int, float] = field(default_factory=dict)  # move -> when this client had it
    refusals: list[str] = field(default_factory=list)

    def send(self, message: dict) -> None:
        self.writer.write(json.dumps(message).encode() + b"\n")

    async def read_forever(self) -> None:
        while True:
            line = await self.reader.readline()
            if not line:
                return
            msg = decode_host(line)
            now = time.perf_counter()
            if msg.type == "seated":
                self.table, self.seat = msg.table, msg.seat  # type: ignore[union-attr]
            elif msg.type == "table":
                self.state = msg.state  # type: ignore[union-attr]
                for n in range(self.moves + 1, msg.moves + 1):  # type: ignore[union-attr]
                    self.seen_at[n] = now
                self.moves = max(self.moves, msg.moves)  # type: ignore[union-attr]
            elif msg.type == "refusal":
                self.refusals.append(msg.text)  # type: ignore[union-attr]


async def connect(port: int, key: str, name: str, table: int | None) -> Client:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=READ_LIMIT)
    c = Client(name, reader, writer)
    c.send({"type": "hello", "version": PROTOCOL_VERSION, "name": name, "key": key, "table": table})
    return c


async def until(check, timeout: float = 30.0) -> None:  # noqa: ANN001
    deadline = time.perf_counter() + timeout
    while not check():
        if time.perf_counter() > deadline:
            raise TimeoutError("the host did not answer in time")
        await asyncio.sleep(0.02)


async def run(args: argparse.Namespace) -> dict:
    data = Path(tempfile.mkdtemp(prefix="lehavre-load-"))
    env = {**os.environ, "LEHAVRE_DATA": str(data)}
    port, ssh_port = free_port(), free_port()
    host = subprocess.Popen(
        [sys.executable, "-m", "lehavre_tui", "host", "--players", "1", "--short", "--port", str(port),
         "--ssh-port", str(ssh_port), "--authorized-keys", str(data / "none")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
    )  # fmt: skip
    assert host.stdout is not None
    while not host.stdout.readline().startswith(b"Ctrl+C"):
        if host.poll() is not None:
            raise RuntimeError("the host did not start")
    key = json.loads((data / "host" / "host.json").read_text())["key"]
    await asyncio.sleep(1.0)
    before = rss_kib(host.pid)
    tables: list[list[Client]] = []
    readers = []
    for t in range(args.tables):
        opener = await connect(port, key, f"p{t}a", None)
        readers.append(asyncio.create_task(opener.read_forever()))
        await asyncio.sleep(0.05)
        opener.send({"type": "create", "seats": ["human"] * args.clients, "variant": "full"})
        # the host's own first table is 1 (a login may be sat there at once): wait for the new one
        await until(lambda o=opener: o.table > 1 and o.state is not None and o.state.num_players == args.clients)
        clients = [opener]
        for k in range(1, args.clients):
            c = await connect(port, key, f"p{t}{chr(ord('a') + k)}", opener.table)
            readers.append(asyncio.create_task(c.read_forever()))
            clients.append(c)
        await until(lambda cs=clients: all(c.state is not None for c in cs))
        tables.append(clients)
    await asyncio.sleep(1.0)
    with_tables = rss_kib(host.pid)

    sent_at: dict[tuple[int, int], float] = {}  # (table, move) -> when its mover sent it

    async def play(clients: list[Client], offset: float) -> None:
        await asyncio.sleep(offset)
        end = time.perf_counter() + args.seconds
        while time.perf_counter() < end:
            tick = time.perf_counter()
            lead = max(clients, key=lambda c: c.moves)
            s = lead.state
            assert s is not None
            if s.phase != "over":
                mover = next(c for c in clients if c.seat == s.current)
                n = lead.moves + 1
                sent_at[(mover.table, n)] = time.perf_counter()
                mover.send({"type": "command", "seat": mover.seat, "text": next_move(s), "id": n})
                with contextlib.suppress(TimeoutError):  # a move not seen is counted below
                    await until(lambda n=n: all(c.moves >= n for c in clients), timeout=10)
            await asyncio.sleep(max(0.0, 1.0 - (time.perf_counter() - tick)))

    await asyncio.gather(*(play(cs, i / len(tables)) for i, cs in enumerate(tables)))
    await asyncio.sleep(0.5)
    latencies = []
    unseen = 0
    for clients in tables:
        table = clients[0].table
        for (t, n), sent in sent_at.items():
            if t != table:
                continue
            for c in clients:
                if n in c.seen_at:
                    latencies.append(c.seen_at[n] - sent)
                else:
                    unseen += 1
    seen = {cs[0].table: max(c.moves for c in cs) for cs in tables}
    refusals = [r for cs in tables for c in cs for r in c.refusals]
    after_play = rss_kib(host.pid)
    host.send_signal(signal.SIGKILL)
    host.wait()
    for task in readers:
        task.cancel()
    db = sqlite3.connect(data / "host" / "tables.sqlite3")
    stored = dict(db.execute("SELECT table_id, COUNT(*) FROM moves GROUP BY table_id").fetchall())
    db.close()
    lost = sum(max(0, n - stored.get(t, 0)) for t, n in seen.items())
    latencies.sort()
    ms = [x * 1000 for x in latencies]
    return {
        "tables": args.tables,
        "clients_per_table": args.clients,
        "seconds": args.seconds,
        "moves": sum(seen.values()),
        "latency_ms_p50": round(statistics.median(ms), 1),
        "latency_ms_p99": round(ms[int(0.99 * (len(ms) - 1))], 1),
        "latency_ms_max": round(ms[-1], 1),
        "updates_measured": len(ms),
        "updates_not_seen": unseen,
        "host_rss_mib_before": round(before / 1024, 1),
        "host_rss_mib_with_tables": round(with_tables / 1024, 1),
        "host_kib_per_table": round((with_tables - before) / args.tables),
        "host_rss_mib_after_play": round(after_play / 1024, 1),
        "host_kib_per_table_after_play": round((after_play - before) / args.tables),
        "moves_lost_after_kill": lost,
        "refusals": len(refusals),
        "first_refusal": refusals[0] if refusals else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--clients", type=int, default=3, help="players (clients) per table, 1 to 5")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long every table plays")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result))
        return
    for k, v in result.items():
        print(f"{k:>26}: {v}")


if __name__ == "__main__":
    main()
