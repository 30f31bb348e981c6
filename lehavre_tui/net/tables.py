"""A hosted table: one game (a `Session`), its seats, who sits where, its stored moves.

The host alone changes a table, and only through the session (so through the engine).
Nothing here waits for the network: the host (host.py) calls in, then tells the clients.

A seat belongs to whoever first sat in it: the first login that takes it binds it to the
owner that login proved, stored with the seat. An owner is one of
- `key:SHA256:…`, an SSH key the login proved (any key, authorized or not);
- `code:…`, a seat code (a digest of it: the code itself is shown once, to its player only),
  made for a login that proved no key, and given back with the invite code to come back;
- `local`, the host's own user (the host's local key), who may sit in any seat.
From then on a login sits there only with the same owner; the invite code lets a person in
to take a free seat or to watch, never into a taken seat. The host frees a seat for a
player who lost their key (`lehavre host --free-seat TABLE NAME`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
import time
import unicodedata
from collections import deque
from dataclasses import dataclass, field

from ..bots.view import public_view, unseen_specials
from ..engine.actions import Action
from ..engine.errors import IllegalAction
from ..engine.message import Msg
from ..engine.setup import Setup
from ..engine.state import GameState
from ..session import Session
from .names import looks_alike, trim_marks
from .protocol import MAX_NAME, LogEntry, SeatInfo, TableInfo
from .storage import StorageError, Store, StoredSeat, StoredTable, new_code
from .words import from_data, to_data

SAYS_PER_MINUTE = 12  # lines of talk a seat (or a watcher) says in a minute
WATCHERS_SAYS_PER_MINUTE = 20  # lines the watchers of a table say in a minute, all together
SAYS_KEPT_PER_SEAT = 400  # lines of talk a table keeps from each seat
SAYS_KEPT_WATCHING = 200  # lines of talk a table keeps from its watchers, all together


class HostTrouble(Exception):
    """The host could not do what was asked (its disk, its table file); nothing changed.
    `msg` says so (read in each reader's language)."""

    def __init__(self, msg: Msg) -> None:
        self.msg = msg
        super().__init__(str(msg))


def clean_text(text: str) -> str:
    """Text from a client as it may be shown to others: control characters (terminal escape
    sequences among them) become spaces, runs of combining marks are cut short, and the ends
    are trimmed."""
    plain = "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") else ch for ch in text)
    return trim_marks(plain).strip()


LOCAL = "local"  # the owner of the seats the host's own user took


def key_owner(fingerprint: str) -> str:
    """The owner of the seats a login with this SSH key takes."""
    return f"key:{fingerprint}"


def code_owner(seat_code: str) -> str:
    """The owner of the seat a seat code was made for (its digest: the store never holds the
    code itself)."""
    return "code:" + hashlib.sha256(seat_code.strip().lower().encode()).hexdigest()


class SeatTaken(IllegalAction):
    """The seat of this name belongs to somebody else (another key, another seat code)."""


def login_key(login: str) -> str:
    return login.strip().casefold()


def display_name(login: str) -> str | None:
    """The player name a login plays under ('anna' → 'Anna'), or None when the login cannot
    be a name at the table (1 to 16 letters, digits, '-', '_' or '.')."""
    name = login.strip()
    if not 1 <= len(name) <= MAX_NAME or not all(ch.isalnum() or ch in "-_." for ch in name):
        return None
    return name[0].upper() + name[1:] if name.islower() else name


@dataclass
class Seating:
    """Where a login sits at a table: a seat, or watching (seat None)."""

    seat: int | None
    name: str
    renamed: bool = False  # the seat took the login's name: every client needs the table anew
    seat_code: str | None = None  # made now for the login that took the seat: shown to it once


@dataclass
class HostedGame:
    id: int
    code: str
    setup: Setup
    seats: list[StoredSeat]
    store: Store
    session: Session = field(init=False)
    log: list[LogEntry] = field(default_factory=list)
    present: dict[int, int] = field(default_factory=dict)  # seat -> clients holding it
    watchers: int = 0
    round_began: int = 0  # the index in `log` where the current round's entries begin
    presence_notes: dict[int, tuple[int, int]] = field(default_factory=dict)  # seat -> (moves, notes since)
    said_kept: dict[int, int] = field(default_factory=dict)  # seat (-1: the watchers) -> lines stored
    said_at: dict[str, deque[float]] = field(default_factory=dict)  # speaker -> times of the last minute's lines

    def __post_init__(self) -> None:
        self.rebuild()

    # --- creating and resuming ---------------------------------------------------------------
    @classmethod
    def create(cls, store: Store, setup: Setup, kinds: list[str], named: bool) -> HostedGame:
        """A new table; `named`: the set-up's names were given by the host (each seat waits
        for the login of its name)."""
        session = Session.new(setup, seats=kinds)  # checks the set-up and the seat kinds
        setup = session.setup
        seats = [
            StoredSeat(name, kind, named and kind == "human", None)
            for name, kind in zip(setup.names, session.seats, strict=True)
        ]
        stored = store.create_table(setup, seats)
        return cls.from_stored(stored, store)

    @classmethod
    def from_stored(cls, stored: StoredTable, store: Store) -> HostedGame:
        return cls(stored.id, stored.code, stored.setup, stored.seats, store)

    def rebuild(self) -> None:
        """The session and the log from the stored moves and words (a resumed host, a seat
        that took its player's name)."""
        setup = self.setup.model_copy(update={"names": [s.name for s in self.seats]})
        session = Session.new(setup, seats=[s.kind for s in self.seats])
        moves = self.store.moves(self.id)
        round_move = 0  # the move that began the current round
        for n, (_seat, action) in enumerate(moves, start=1):
            before = session.state.round
            try:
                session.act(action)
                if session.state.round != before:
                    round_move = n
            except IllegalAction as exc:
                raise StorageError(
                    f"Move {n} of table {self.id} no longer fits the game: {exc}"  # for the host's log, in English
                ) from None
        self.setup = setup
        self.session = session
        # The words said after move k come after the lines of move k, before those of k + 1.
        said = self.store.says(self.id)
        log: list[LogEntry] = []
        i = 0
        for line in session.log:
            while i < len(said) and said[i][0] < line.move:
                log.append(self._said(said[i][1], _stored_words(said[i][2]), said[i][0]))
                i += 1
            log.append(LogEntry.of(line.event, line.move, line.seat))
        log.extend(self._said(seat, _stored_words(text), after) for after, seat, text in said[i:])
        self.log = log
        self.round_began = next((k for k, e in enumerate(log) if e.move >= round_move), len(log)) if round_move else 0
        self.said_kept = {}
        for _after, seat, _text in said:
            self.said_kept[seat] = self.said_kept.get(seat, 0) + 1

    def _said(self, seat: int, words: Msg | str, move: int) -> LogEntry:
        return LogEntry.of(words, move, seat, kind="say")

    # --- seats ---------------------------------------------------------------------------------
    def seat_for(self, login: str, owner: str | None = None, trusted: bool = False) -> Seating:
        """Where `login` sits: the seat of its name when that is its own (bound to `owner`;
        any seat when `trusted`, the host's own user), the seat the host named for it, else a
        free seat the host did not name (which takes the login's name), else watching. A
        seat of its name that belongs to another owner: SeatTaken, with a sentence."""
        key = login_key(login)
        name = display_name(login)
        if name is None:
            raise IllegalAction(
                Msg(
                    "'{login}' cannot play here: a player name is 1 to {n} letters, digits, '-', '_' or '.'.",
                    login=clean_text(login)[:40],
                    n=MAX_NAME,
                )
            )
        for i, s in enumerate(self.seats):
            if s.login != key:
                continue
            if trusted or _same(s.owner, owner):
                return Seating(i, s.name)
            if s.owner is None:  # claimed before seats had owners: bound by this login now
                return Seating(i, s.name, seat_code=self._claim(i, key, s.name, owner, trusted))
            raise SeatTaken(
                Msg(
                    "The seat of {player} belongs to the player who first sat in it (by their SSH key or "
                    "seat code); the invite code lets you watch or take a free seat. If it is yours and "
                    "you lost the key or the code, the host can free it: lehavre host --free-seat {table} {player}.",
                    player=s.name,
                    table=self.id,
                )
            )
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.login is None and s.name.casefold() == key:
                return Seating(i, s.name, seat_code=self._claim(i, key, s.name, owner, trusted))
        for s in self.seats:  # 'Аnna' in Cyrillic is not Anna
            if looks_alike(s.name, name):
                raise IllegalAction(
                    Msg(
                        "'{login}' looks like {player}, a seat at this table: choose another name.",
                        login=clean_text(login)[:40],
                        player=s.name,
                    )
                )
        taken = {s.name.casefold() for s in self.seats}
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.login is None and not s.named and s.name.casefold() not in (key,):
                renamed = key not in taken
                made = self._claim(i, key, name if renamed else s.name, owner, trusted)
                if renamed:
                    self.rebuild()
                return Seating(i, self.seats[i].name, renamed, made)
        return Seating(None, name)

    def watcher_name(self, name: str) -> str:
        """The name a watcher is shown by: never one a seat has (or one that looks like it), so
        that words said while watching are never taken for a seated player's: a second Anna,
        refused Anna's seat, watches as Anna-2."""
        shown, n = name, 1
        while any(looks_alike(s.name, shown) for s in self.seats):  # ends: a seat takes one number at most
            n += 1
            shown = f"{name[: MAX_NAME - 1 - len(str(n))]}-{n}"
        return shown

    def waits_for(self, login: str, owner: str | None = None, trusted: bool = False) -> bool:
        """A seat here is this login's: it sat there before (with the same owner), or the
        seat has its name and waits for it."""
        key = login_key(login)
        return any(
            (s.login == key and (trusted or s.owner is None or _same(s.owner, owner)))
            or (s.kind == "human" and s.login is None and s.name.casefold() == key)
            for s in self.seats
        )

    def held_by(self, owner: str, login: str) -> bool:
        """This owner's login has its seat here."""
        key = login_key(login)
        return any(s.login == key and _same(s.owner, owner) for s in self.seats)

    def has_free_seat(self) -> bool:
        return any(s.kind == "human" and s.login is None and not s.named for s in self.seats)

    def _claim(self, seat: int, key: str, name: str, owner: str | None, trusted: bool) -> str | None:
        """Bind the seat to its owner; a login that proved none gets a seat code of its own
        (returned, to be shown to it once)."""
        made = None
        if owner is None:
            if trusted:
                owner = LOCAL
            else:
                made = new_code()
                owner = code_owner(made)
        try:
            self.store.claim_seat(self.id, seat, key, name, owner)
        except sqlite3.Error as exc:
            raise HostTrouble(Msg("The host could not keep the seat ({reason}); try again.", reason=str(exc))) from None
        self.seats[seat].login = key
        self.seats[seat].name = name
        self.seats[seat].owner = owner
        return made

    def arrive(self, seat: int | None) -> None:
        if seat is None:
            self.watchers += 1
        else:
            self.present[seat] = self.present.get(seat, 0) + 1

    def leave(self, seat: int | None) -> None:
        if seat is None:
            self.watchers = max(0, self.watchers - 1)
        elif self.present.get(seat, 0) > 1:
            self.present[seat] -= 1
        else:
            self.present.pop(seat, None)

    def seat_infos(self) -> list[SeatInfo]:
        return [
            SeatInfo(
                name=s.name,
                kind=s.kind,  # checked by Session.new
                present=s.kind != "human" or self.present.get(i, 0) > 0,
                claimed=s.login is not None,
            )
            for i, s in enumerate(self.seats)
        ]

    def info(self) -> TableInfo:
        st = self.session.state
        return TableInfo(
            id=self.id,
            variant=st.variant,
            seats=self.seat_infos(),
            round=min(st.round, st.rounds_total),
            rounds=st.rounds_total,
            over=self.session.over,
            watchers=self.watchers,
        )

    # --- playing -------------------------------------------------------------------------------
    @property
    def moves(self) -> int:
        return len(self.session.actions)

    def play(self, seat: int, text: str) -> list[LogEntry]:
        """Play a command typed at `seat`; returns the new log entries. IllegalAction,
        CommandError or HelpRequested leave everything as it was; so does HostTrouble."""
        log_before, round_before = len(self.session.log), self.session.state.round
        self.session.command_from(seat, text)
        return self._committed(log_before, round_before)

    def play_action(self, action: Action) -> list[LogEntry]:
        """A move chosen by the host itself (a bot's); as `play`."""
        log_before, round_before = len(self.session.log), self.session.state.round
        self.session.act(action)
        return self._committed(log_before, round_before)

    def _committed(self, log_before: int, round_before: int) -> list[LogEntry]:
        """Store the move just made before anybody is told of it; a move that cannot be
        stored is taken back (the table is rebuilt from the stored moves)."""
        s = self.session
        try:
            self.store.add_move(self.id, len(s.actions), s.movers[-1], s.actions[-1])
            if s.over:
                self.store.set_over(self.id)
        except sqlite3.Error as exc:
            self.rebuild()
            raise HostTrouble(
                Msg("The host could not store the move ({reason}); nothing changed, try again.", reason=str(exc))
            ) from None
        new = [LogEntry.of(ln.event, ln.move, ln.seat) for ln in s.log[log_before:]]
        if s.state.round != round_before:
            self.round_began = len(self.log)
        self.log.extend(new)
        return new

    def say(self, seat: int | None, name: str, text: str, now: float | None = None) -> LogEntry:
        """Words said at `seat` (None: by the watcher `name`): stored, then in the log.
        IllegalAction when empty, too fast, or beyond what the table keeps."""
        words = clean_text(text)
        if not words:
            raise IllegalAction(Msg("Say something after 'say', e.g. 'say good luck'."))
        now = time.monotonic() if now is None else now
        self._may_say(seat, name, now)
        if seat is None:
            line = Msg("{player} (watching) says: {words}", player=name, words=words)
        else:
            line = Msg("{player} says: {words}", player=name, words=words)
        try:
            self.store.add_say(self.id, self.moves, -1 if seat is None else seat, json.dumps(to_data(line)))
        except sqlite3.Error as exc:
            raise HostTrouble(
                Msg("The host could not keep your words ({reason}); try again.", reason=str(exc))
            ) from None
        entry = self._said(-1 if seat is None else seat, line, self.moves)
        self.log.append(entry)
        who = -1 if seat is None else seat
        self.said_kept[who] = self.said_kept.get(who, 0) + 1
        for key in self._speakers(seat, name):
            self.said_at.setdefault(key, deque()).append(now)
        if len(self.said_at) > 64:  # watchers come and go: forget who said nothing in the last minute
            self.said_at = {k: t for k, t in self.said_at.items() if t and t[-1] > now - 60}
        return entry

    def _speakers(self, seat: int | None, name: str) -> list[str]:
        return [f"seat {seat}"] if seat is not None else [f"watcher {login_key(name)}", "watchers"]

    def _may_say(self, seat: int | None, name: str, now: float) -> None:
        """Talk is bounded: so many lines a minute, so many kept (each seat its own, the
        watchers theirs), so that no client makes the table file or the clients grow."""
        kept = self.said_kept.get(-1 if seat is None else seat, 0)
        if seat is not None and kept >= SAYS_KEPT_PER_SEAT:
            raise IllegalAction(
                Msg("You have said {n} lines at this table, as many as it keeps from a seat.", n=SAYS_KEPT_PER_SEAT)
            )
        if seat is None and kept >= SAYS_KEPT_WATCHING:
            raise IllegalAction(
                Msg(
                    "The watchers have said {n} lines at this table, as many as it keeps from them.",
                    n=SAYS_KEPT_WATCHING,
                )
            )
        for key in self._speakers(seat, name):
            times = self.said_at.get(key)
            while times and times[0] <= now - 60:
                times.popleft()
            if not times:
                self.said_at.pop(key, None)
                continue
            limit = WATCHERS_SAYS_PER_MINUTE if key == "watchers" else SAYS_PER_MINUTE
            if len(times) >= limit:
                wait = max(1, int(times[0] + 60 - now + 0.999))
                if key == "watchers":
                    raise IllegalAction(
                        Msg("The watchers say at most {n} lines a minute together; wait {s} s.", n=limit, s=wait)
                    )
                raise IllegalAction(Msg("Say at most {n} lines a minute; wait {s} s.", n=limit, s=wait))

    def bot_to_move(self) -> bool:
        return self.session.is_bot_turn()

    # --- what a seat sees ----------------------------------------------------------------------
    def view(self, seat: int | None) -> GameState:
        """The state as `seat` sees it: the face-down supply chits and special buildings
        dealt anew (the same for every hidden order), except the two special buildings the
        Marketplace shows to the player who entered it."""
        state = self.session.state
        view = public_view(state)
        pend = state.pending
        if pend is not None and pend.kind == "peek" and seat == state.current:
            top = state.special_deck[:2]
            rest = [b for b in view.special_deck if b not in top]
            rest += [b for b in unseen_specials(state) if b not in top and b not in rest]
            view.special_deck = top + rest[: len(state.special_deck) - len(top)]
        return view

    def sees_alone(self, seat: int | None) -> bool:
        """This seat's view differs from everybody else's (the Marketplace's look)."""
        pend = self.session.state.pending
        return pend is not None and pend.kind == "peek" and seat == self.session.state.current


def _same(held: str | None, offered: str | None) -> bool:
    """The owner offered is the seat's (compared in constant time)."""
    return held is not None and offered is not None and hmac.compare_digest(held.encode(), offered.encode())


def _stored_words(text: str) -> Msg | str:
    """Words said at a table as stored: a message as JSON data (a line stored as plain
    text stays as it is)."""
    try:
        return from_data(json.loads(text))
    except (ValueError, TypeError, RecursionError):
        return text
