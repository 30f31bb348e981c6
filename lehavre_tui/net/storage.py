"""Where the host keeps its tables: one SQLite file (the standard library's sqlite3, WAL).

Per table: its set-up (which fixes the deal), its invite code, its seats (name, who plays
them, the login that sat there, the owner the seat is bound to) and its moves in order, each
with the seat that made it; and the words said at it. A move is committed (synchronous=FULL:
on the disk, not only in the operating system's cache) before the host shows it to anyone,
so a host killed at any moment comes back (`lehavre host --resume`) with every move anybody
saw.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from ..engine.actions import ACTION_ADAPTER, Action
from ..engine.setup import Setup
from ..session import autosave_path

SCHEMA_VERSION = 1
# letters and digits that cannot be mistaken for one another when read aloud or typed
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    setup TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    named INTEGER NOT NULL,
    login TEXT,
    owner TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS says (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL REFERENCES tables(id),
    after_move INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL
);
"""


def host_dir() -> Path:
    """The host's files, beside the autosave in the user's data directory (LEHAVRE_DATA)."""
    return autosave_path().parent / "host"


class StorageError(Exception):
    """The table file cannot be used; the message says which file and why."""


def new_code() -> str:
    """An invite code (or a seat code) such as 'k7mq-2xrd-p4wz': three groups of four from
    31 letters and digits, about 59 bits, easy to read out."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(12))
    return f"{letters[:4]}-{letters[4:8]}-{letters[8:]}"


@dataclass
class StoredSeat:
    name: str
    kind: str  # "human" or a bot kind
    named: bool  # the host gave this name (only that login sits here)
    login: str | None  # the login (lower case) that sat here
    owner: str | None = None  # who the seat belongs to (tables.py: a key, a seat code, the host's user)


@dataclass
class StoredTable:
    id: int
    code: str
    setup: Setup
    seats: list[StoredSeat]
    over: bool


class Store:
    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            os.chmod(path.parent, 0o700)  # the table file, its journal, the host's key: the host's user only
            fresh = not path.exists()
            self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            if fresh:
                os.chmod(path, 0o600)  # invite codes and deals: for the host's user only
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(seats)")}
            if "owner" not in columns:  # a table file from before seats had owners
                self.db.execute("ALTER TABLE seats ADD COLUMN owner TEXT")
            row = self.db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if row is None:
                self.db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif row[0] != str(SCHEMA_VERSION):
                raise StorageError(f"{path} was written by another version of the game (schema {row[0]}).")
        except sqlite3.Error as exc:
            raise StorageError(f"The table file {path} cannot be opened: {exc}.") from None

    def close(self) -> None:
        self.db.close()

    # --- tables ------------------------------------------------------------------------------
    def create_table(self, setup: Setup, seats: list[StoredSeat]) -> StoredTable:
        with self._transaction():
            while True:
                code = new_code()
                if self.db.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone() is None:
                    break
            cur = self.db.execute("INSERT INTO tables (code, setup) VALUES (?, ?)", (code, setup.model_dump_json()))
            table_id = cur.lastrowid
            assert table_id is not None
            self.db.executemany(
                "INSERT INTO seats (table_id, seat, name, kind, named, login, owner) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(table_id, i, s.name, s.kind, int(s.named), s.login, s.owner) for i, s in enumerate(seats)],
            )
        return StoredTable(table_id, code, setup, seats, False)

    def open_tables(self) -> list[StoredTable]:
        """The tables whose game is not over, oldest first."""
        out = []
        for table_id, code, setup_json, over in self.db.execute(
            "SELECT id, code, setup, over FROM tables WHERE over = 0 ORDER BY id"
        ).fetchall():
            try:
                setup = Setup.model_validate_json(setup_json)
            except ValueError as exc:
                raise StorageError(f"Table {table_id} in {self.path} has a damaged set-up: {exc}") from None
            seats = [
                StoredSeat(name, kind, bool(named), login, owner)
                for name, kind, named, login, owner in self.db.execute(
                    "SELECT name, kind, named, login, owner FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
                )
            ]
            out.append(StoredTable(table_id, code, setup, seats, bool(over)))
        return out

    def set_over(self, table_id: int) -> None:
        with self._transaction():
            self.db.execute("UPDATE tables SET over = 1 WHERE id = ?", (table_id,))

    def claim_seat(self, table_id: int, seat: int, login: str, name: str, owner: str | None = None) -> None:
        with self._transaction():
            self.db.execute(
                "UPDATE seats SET login = ?, name = ?, owner = ? WHERE table_id = ? AND seat = ?",
                (login, name, owner, table_id, seat),
            )

    def free_seat(self, table_id: int, name: str) -> str | None:
        """The seat of `name` at an open table waits for its player's next login, bound to
        nobody (a player who lost their key or seat code); its name (case aside) as stored,
        or None when the table has no such seat."""
        key = name.strip().casefold()
        with self._transaction():
            for seat, stored in self.db.execute(
                "SELECT seats.seat, seats.name FROM seats JOIN tables ON tables.id = seats.table_id "
                "WHERE seats.table_id = ? AND tables.over = 0 AND seats.kind = 'human'",
                (table_id,),
            ).fetchall():
                if stored.casefold() == key:
                    self.db.execute(
                        "UPDATE seats SET owner = NULL, login = NULL, named = 1 WHERE table_id = ? AND seat = ?",
                        (table_id, seat),
                    )
                    return str(stored)
        return None

    # --- moves and words -----------------------------------------------------------------------
    def add_move(self, table_id: int, n: int, seat: int, action: Action) -> None:
        """Move number `n` (1 the first); committed to the disk when this returns."""
        data = json.dumps(ACTION_ADAPTER.dump_python(action, mode="json", exclude_none=True))
        with self._transaction():
            self.db.execute("INSERT INTO moves VALUES (?, ?, ?, ?)", (table_id, n, seat, data))

    def moves(self, table_id: int) -> list[tuple[int, Action]]:
        """(seat, move) in order; StorageError when a move cannot be read back."""
        out: list[tuple[int, Action]] = []
        for n, seat, data in self.db.execute(
            "SELECT n, seat, action FROM moves WHERE table_id = ? ORDER BY n", (table_id,)
        ):
            if n != len(out) + 1:
                raise StorageError(f"Table {table_id} in {self.path} misses move {len(out) + 1}.")
            try:
                out.append((seat, ACTION_ADAPTER.validate_json(data)))
            except ValueError:
                raise StorageError(f"Move {n} of table {table_id} in {self.path} is damaged.") from None
        return out

    def add_say(self, table_id: int, after_move: int, seat: int, text: str) -> None:
        with self._transaction():
            self.db.execute(
                "INSERT INTO says (table_id, after_move, seat, text) VALUES (?, ?, ?, ?)",
                (table_id, after_move, seat, text),
            )

    def says(self, table_id: int) -> list[tuple[int, int, str]]:
        """(after move, seat, text) in the order said; the text is the words as a message in
        JSON (net/words.py), read in each reader's language."""
        return [
            (after, seat, text)
            for after, seat, text in self.db.execute(
                "SELECT after_move, seat, text FROM says WHERE table_id = ? ORDER BY id", (table_id,)
            )
        ]

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)


class _Transaction:
    """BEGIN IMMEDIATE … COMMIT, or ROLLBACK when the block fails."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        if kind is None:
            self.db.execute("COMMIT")
        else:
            self.db.execute("ROLLBACK")
