"""Talk against the host: 10,000 says attempted, and what the host and a client hold after.

Run: .venv/bin/python benchmarks/talk_flood.py [--says 10000] [--connections 30]

`lehavre host` runs as a program of its own (a three-player table, its files in a temporary data
directory). Two players sit at the table, each with a table client of its own process (the
client's connection and its table, `HostedTable`, as `lehavre join` holds them, without the
terminal's drawing); `--connections` more come in with the invite code and watch. Every
connection says lines of 300 characters, ten a second (the host's message rate), until `--says` were
attempted (the watchers, and a third player at the table). Measured: the says the host took
and refused, the table file's size, the resident memory of the host and of a player's client
before and after, the largest table update the client received, and the first update a
newcomer gets after the flood.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.host_load import free_port, rss_kib  # noqa: E402
from lehavre_tui.net.protocol import PROTOCOL_VERSION  # noqa: E402

READ_LIMIT = 32 * 1024 * 1024

CLIENT = """
import asyncio, json, sys
from lehavre_tui.net.client import HostedTable, HostLink
from lehavre_tui.net.protocol import Hello, PROTOCOL_VERSION, Seated, TableUpdate

async def main(port, key, name):
    link = HostLink("127.0.0.1", port)
    await link.connect()
    link.send(Hello(version=PROTOCOL_VERSION, name=name, key=key, table=1))
    held = {"table": None, "seated": None, "largest": 0}
    def on_message(m):
        if isinstance(m, Seated):
            held["seated"] = m
        elif isinstance(m, TableUpdate):
            size = len(m.model_dump_json())
            held["largest"] = max(held["largest"], size)
            if held["table"] is None:
                held["table"] = HostedTable(link, held["seated"], m)
                print("ready", flush=True)
            else:
                held["table"].update(m)
    reader = asyncio.get_running_loop().create_task(link.run(on_message))
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    print(json.dumps({"largest": held["largest"], "log": len(held["table"].log)}), flush=True)
    reader.cancel()

asyncio.run(main(int(sys.argv[1]), sys.argv[2], sys.argv[3]))
"""


async def flood(port: int, hello: dict, seat: int | None, says: int, counts: dict) -> None:
    if seat is None:
        await asyncio.sleep(1.0)  # the third player sits down first; then the watchers come
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=READ_LIMIT)
    writer.write(json.dumps(hello).encode() + b"\n")
    line = "x" * 300
    seated = asyncio.Event()

    async def read() -> None:
        while raw := await reader.readline():
            message = json.loads(raw)
            kind = message.get("type")
            counts[kind] = counts.get(kind, 0) + 1
            if kind in ("seated", "bye"):
                seated.set()
            if kind in ("refusal", "bye"):
                said = counts.setdefault("said", {})  # type: ignore[assignment]
                text = message["text"].split(";")[0]
                said[text] = said.get(text, 0) + 1  # type: ignore[attr-defined]

    reading = asyncio.get_running_loop().create_task(read())
    await asyncio.wait_for(seated.wait(), 120)  # logins are let in one after another, each in its turn
    try:
        for _ in range(says):
            writer.write(json.dumps({"type": "say", "seat": seat, "text": line}).encode() + b"\n")
            counts["attempted"] += 1
            await writer.drain()
            await asyncio.sleep(0.1)  # the host's message rate lets a connection send ten a second
    except ConnectionError:
        counts["dropped"] = counts.get("dropped", 0) + 1
    await asyncio.sleep(1.0)
    reading.cancel()
    writer.close()


async def run(args: argparse.Namespace) -> dict:
    data = Path(tempfile.mkdtemp(prefix="lehavre-talk-"))
    env = {**os.environ, "LEHAVRE_DATA": str(data)}
    port = free_port()
    host = subprocess.Popen(
        [sys.executable, "-m", "lehavre_tui", "host", "--players", "3", "--short", "--port", str(port),
         "--ssh-port", str(free_port())],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        code = ""
        assert host.stdout is not None
        while "Invite code:" not in code:
            code = host.stdout.readline()
        code = code.rsplit("Invite code:", 1)[1].strip()
        key = json.loads((data / "host" / "host.json").read_text())["key"]
        clients = [
            subprocess.Popen(
                [sys.executable, "-c", CLIENT, str(port), key, name],
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            for name in ("anna", "ben")
        ]
        for c in clients:
            assert c.stdout is not None and c.stdout.readline().strip() == "ready"
        before = {"host_kib": rss_kib(host.pid), "client_kib": rss_kib(clients[0].pid)}
        counts: dict = {"attempted": 0}
        per = -(-args.says // (args.connections + 1))  # so many from each, at least --says in all
        hellos = [({"type": "hello", "version": PROTOCOL_VERSION, "name": f"w{i}", "code": code}, None)
                  for i in range(args.connections)]  # fmt: skip
        hellos.append(({"type": "hello", "version": PROTOCOL_VERSION, "name": "clara", "key": key, "table": 1}, 2))
        started = time.monotonic()
        await asyncio.gather(*(flood(port, h, seat, per, counts) for h, seat in hellos))
        seconds = time.monotonic() - started
        after = {"host_kib": rss_kib(host.pid), "client_kib": rss_kib(clients[0].pid)}
        for c in clients:
            assert c.stdin is not None
            c.stdin.write("\n")
            c.stdin.flush()
        assert clients[0].stdout is not None
        held = json.loads(clients[0].stdout.readline())
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=READ_LIMIT)
        writer.write(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "name": "late", "code": code}).encode()
                     + b"\n")  # fmt: skip
        first = 0
        while True:
            raw = await reader.readline()
            if json.loads(raw).get("type") == "table":
                first = len(raw)
                break
        writer.close()
        store = data / "host" / "tables.sqlite3"
        with sqlite3.connect(store) as db:
            stored = db.execute("SELECT count(*) FROM says").fetchone()[0]
        size = sum(p.stat().st_size for p in store.parent.glob("tables.sqlite3*"))
        for c in clients:
            c.wait(timeout=10)
        return {
            "says_attempted": counts["attempted"],
            "says_stored": stored,
            "refusals": counts.get("refusal", 0),
            "connections_dropped": counts.get("dropped", 0),
            "refused_with": counts.get("said", {}),
            "seconds": round(seconds, 1),
            "table_file_kib": size // 1024,
            "host_rss_kib": {"before": before["host_kib"], "after": after["host_kib"]},
            "client_rss_kib": {"before": before["client_kib"], "after": after["client_kib"]},
            "client_largest_update_bytes": held["largest"],
            "client_log_entries": held["log"],
            "newcomer_first_update_bytes": first,
        }
    finally:
        host.terminate()
        host.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--says", type=int, default=10_000)
    parser.add_argument("--connections", type=int, default=30)  # the host lets 32 wait to log in
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args)), indent=2))


if __name__ == "__main__":
    main()
