"""A host in the test's own event loop, on a free loopback port, and raw protocol clients."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from lehavre_tui.engine.setup import Setup
from lehavre_tui.net.host import Host
from lehavre_tui.net.protocol import PROTOCOL_VERSION, HostMessage, TableUpdate, decode_host
from lehavre_tui.net.storage import Store


class RawClient:
    """Speaks the protocol by hand: what a hostile client could send, it can."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int) -> RawClient:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=16 * 1024 * 1024)
        return cls(reader, writer)

    async def send(self, data: dict | bytes) -> None:
        raw = data if isinstance(data, bytes) else json.dumps(data).encode() + b"\n"
        self.writer.write(raw)
        await self.writer.drain()

    async def receive(self, timeout: float = 5.0) -> HostMessage | None:
        """The next message, None when the host closed the connection."""
        line = await asyncio.wait_for(self.reader.readline(), timeout)
        return decode_host(line) if line else None

    async def until(self, kind: str, timeout: float = 5.0) -> HostMessage:
        """Skip messages up to the first of type `kind`."""
        while True:
            msg = await self.receive(timeout)
            assert msg is not None, f"the host closed the connection before a '{kind}'"
            if msg.type == kind:
                return msg

    async def heard(self, timeout: float = 5.0) -> TableUpdate:
        """The next table update that brings new log entries."""
        while True:
            msg = await self.until("table", timeout)
            assert isinstance(msg, TableUpdate)
            if msg.log:
                return msg

    async def said(self, text: str, timeout: float = 5.0) -> TableUpdate:
        """Table updates up to the one whose new log entries hold `text`."""
        while True:
            update = await self.heard(timeout)
            if any(e.text == text for e in update.log):
                return update

    async def closed(self, timeout: float = 5.0) -> list[HostMessage]:
        """Every message up to the end of the connection (which must come)."""
        out = []
        while True:
            msg = await self.receive(timeout)
            if msg is None:
                return out
            out.append(msg)

    async def hello(
        self,
        name: str,
        *,
        key: str | None = None,
        code: str | None = None,
        ticket: str | None = None,
        table: int | None = None,
    ) -> None:
        await self.send(
            {
                "type": "hello",
                "version": PROTOCOL_VERSION,
                "name": name,
                "lang": "en",
                "key": key,
                "code": code,
                "ticket": ticket,
                "table": table,
            }
        )

    def close(self) -> None:
        self.writer.close()


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    store = Store(tmp_path / "tables.sqlite3")
    h = Host(store, bot_pace=0.0, bot_budget=0.05)
    await h.start(0)
    yield h
    await h.stop()
    store.close()


@pytest.fixture
def two_players(host: Host):  # noqa: ANN201 - a HostedGame
    return host.new_table(Setup(players=2, variant="short", seed=1), ["human", "human"], named=False)


async def seated(host: Host, name: str, table: int) -> RawClient:
    c = await RawClient.open(host.port)
    await c.hello(name, key=host.local_key, table=table)
    await c.until("seated")
    await c.until("table")
    return c
