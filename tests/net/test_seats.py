"""A seat belongs to whoever first sat in it: by key, by seat code, by the host's own user;
the invite code lets in to a free seat or to watch, never into a taken seat."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lehavre_tui.net import guard as guard_module
from lehavre_tui.net.host import Host
from lehavre_tui.net.protocol import PROTOCOL_VERSION, Bye, Refusal, Seated
from lehavre_tui.net.seat_codes import keep_seat_code, kept_seat_code
from lehavre_tui.net.storage import CODE_ALPHABET, Store, new_code
from lehavre_tui.net.tables import code_owner, key_owner

from .conftest import RawClient, seated


async def with_code(host: Host, name: str, code: str, seat_code: str | None = None) -> tuple[RawClient, Seated]:
    c = await RawClient.open(host.port)
    await c.send(
        {"type": "hello", "version": PROTOCOL_VERSION, "name": name, "lang": "en", "code": code, "seat_code": seat_code}
    )
    seat = await c.until("seated")
    assert isinstance(seat, Seated)
    return c, seat


async def test_a_seat_taken_with_the_code_is_not_taken_by_its_name(host: Host, two_players) -> None:
    anna, seat = await with_code(host, "anna", two_players.code)
    assert seat.seat == 0 and seat.seat_code is not None  # no key: a seat code of her own, given once
    assert two_players.seats[0].owner == code_owner(seat.seat_code)
    assert seat.seat_code not in (two_players.seats[0].owner or "")  # the store keeps its digest only
    await anna.until("table")
    # somebody else with the invite code, as Anna (and as ANNA): refused, Anna stays
    for name in ("anna", "ANNA"):
        thief = await RawClient.open(host.port)
        await thief.hello(name, code=two_players.code)
        refusal = await thief.until("refusal")
        assert isinstance(refusal, Refusal) and "belongs to the player who first sat in it" in refusal.text
        assert "--free-seat 1 Anna" in refusal.text
        thief.close()
    await anna.send({"type": "command", "seat": 0, "text": "supply", "id": 1})
    assert (await anna.until("done")).type == "done"
    assert two_players.present.get(0) == 1


async def test_a_wrong_seat_code_is_refused_and_three_close_the_connection(host: Host, two_players) -> None:
    anna, seat = await with_code(host, "anna", two_players.code)
    await anna.until("table")
    thief = await RawClient.open(host.port)
    await thief.hello("anna", code=f"{two_players.code} {new_code()}")  # the invite code, a made-up seat code
    assert "belongs to" in (await thief.until("refusal")).text
    for _ in range(2):
        await thief.send({"type": "join", "table": two_players.id})
    said = await thief.closed()
    assert isinstance(said[-1], Bye) and "belongs to" in said[-1].text
    assert host.guard.failures("127.0.0.1") == 3


async def test_the_seat_code_brings_its_player_back(host: Host, two_players) -> None:
    anna, seat = await with_code(host, "anna", two_players.code)
    await anna.until("table")
    anna.close()
    again, back = await with_code(host, "anna", two_players.code, seat.seat_code)
    assert back.seat == 0 and back.seat_code is None  # hers: no new code
    again.close()
    # the invite code followed by the seat code in one (as a password or in a browser's field)
    once_more, back = await with_code(host, "anna", f"{two_players.code} {seat.seat_code}")
    assert back.seat == 0


async def test_a_watcher_with_the_code_watches_and_takes_no_seat(host: Host, two_players) -> None:
    anna, _ = await with_code(host, "anna", two_players.code)
    ben, _ = await with_code(host, "ben", two_players.code)
    zoe, seat = await with_code(host, "zoe", two_players.code)
    assert seat.seat is None and seat.seat_code is None
    await zoe.send({"type": "join", "table": two_players.id})
    assert (await zoe.until("seated")).seat is None  # type: ignore[union-attr]


async def test_the_hosts_own_user_sits_anywhere_and_a_key_only_in_its_own(host: Host, two_players) -> None:
    ticket = host.issue_ticket("anna", two_players.id, "en", owner=key_owner("SHA256:annas-key"))
    anna = await RawClient.open(host.port)
    await anna.hello("", ticket=ticket)
    assert (await anna.until("seated")).seat == 0  # type: ignore[union-attr]
    assert two_players.seats[0].owner == "key:SHA256:annas-key"
    other = await RawClient.open(host.port)
    await other.hello("", ticket=host.issue_ticket("anna", two_players.id, "en", owner=key_owner("SHA256:other")))
    assert "belongs to" in (await other.until("refusal")).text
    local = await seated(host, "anna", two_players.id)  # the host's local key: the host's user
    assert "another terminal" in (await anna.closed())[-1].text
    local.close()


async def test_a_seats_owner_is_stored_and_kept_over_a_resume(host: Host, two_players, tmp_path: Path) -> None:
    anna, seat = await with_code(host, "anna", two_players.code)
    assert seat.seat_code is not None
    again = Store(host.store.path)
    try:
        resumed = Host(again)
        game = resumed.resume()[0]
        assert game.seats[0].owner == code_owner(seat.seat_code)
        assert game.seats[0].login == "anna"
    finally:
        again.close()


async def test_the_host_frees_a_seat_for_a_player_who_lost_the_code(host: Host, two_players) -> None:
    anna, seat = await with_code(host, "anna", two_players.code)
    anna.close()
    assert host.free_seat(two_players.id, "ANNA") == "Anna"
    assert host.free_seat(two_players.id, "nobody") is None
    back, again = await with_code(host, "anna", two_players.code)  # a new login named anna takes it
    assert again.seat == 0 and again.seat_code not in (None, seat.seat_code)
    stored = host.store.open_tables()[0].seats[0]
    assert stored.owner == code_owner(again.seat_code or "")


async def test_a_wrong_invite_code_waits_its_turn_on_the_table_socket(host: Host, two_players, monkeypatch) -> None:
    monkeypatch.setattr(guard_module, "FIRST_PAUSE", 0.4)
    lines: list[str] = []
    host.guard.log = lines.append
    loop = asyncio.get_running_loop()
    times = []
    for _ in range(5):
        c = await RawClient.open(host.port)
        start = loop.time()
        await c.hello("mallory", code="aaaa-bbbb-cccc")
        said = await c.closed()
        times.append(loop.time() - start)
        assert "opens no table here" in said[-1].text  # type: ignore[union-attr]
    assert max(times[:3]) < 0.3  # three free failures (typos) ...
    assert times[3] >= 0.35 and times[4] >= 0.75  # ... then 0.4 s, 0.8 s: doubling
    assert len(lines) == 5 and all("login refused address=127.0.0.1 login=mallory" in ln for ln in lines)
    good, _ = await with_code(host, "anna", two_players.code)
    assert "login accepted" in lines[-1] and f"table={two_players.id}" in lines[-1]


def test_invite_codes_carry_about_60_bits() -> None:
    code = new_code()
    groups = code.split("-")
    assert [len(g) for g in groups] == [4, 4, 4] and all(ch in CODE_ALPHABET for g in groups for ch in g)
    import math

    assert 12 * math.log2(len(CODE_ALPHABET)) > 59


def test_join_keeps_the_seat_code_for_this_host_and_table(tmp_path: Path) -> None:
    path = tmp_path / "seat_codes.json"
    assert kept_seat_code("h:1", "abcd-efgh-jkmn", path) is None
    keep_seat_code("h:1", "ABCD-efgh-jkmn", "seat-code-1", path)
    assert kept_seat_code("h:1", "abcd-efgh-jkmn", path) == "seat-code-1"
    assert kept_seat_code("h:2", "abcd-efgh-jkmn", path) is None
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    path.write_text("not json")
    assert kept_seat_code("h:1", "abcd-efgh-jkmn", path) is None  # a damaged file: nothing kept, no crash


async def test_the_running_host_frees_a_seat_for_its_own_user_only(host: Host, two_players) -> None:
    from lehavre_tui.net.serve import _ask_host

    anna, seat = await with_code(host, "anna", two_players.code)
    await anna.until("table")
    said = await _ask_host(host.port, "not-the-key", two_players.id, "anna")
    assert said is not None and "Only the host's own user" in said
    assert two_players.seats[0].owner is not None
    said = await _ask_host(host.port, host.local_key, two_players.id, "anna")
    assert said is not None and "The seat of Anna at table 1 is free" in said
    assert "freed this seat" in (await anna.closed())[-1].text  # type: ignore[union-attr]
    assert two_players.seats[0].owner is None
    thief_turned_anna, again = await with_code(host, "anna", two_players.code)
    assert again.seat == 0 and again.seat_code is not None


def test_free_seat_without_a_running_host_changes_the_table_file(tmp_path: Path, monkeypatch, capsys) -> None:
    from lehavre_tui.cli import build_parser
    from lehavre_tui.engine.setup import Setup
    from lehavre_tui.net.serve import host_main
    from lehavre_tui.net.storage import host_dir
    from lehavre_tui.net.tables import HostedGame

    monkeypatch.setenv("LEHAVRE_DATA", str(tmp_path))
    store = Store(host_dir() / "tables.sqlite3")
    game = HostedGame.create(store, Setup(players=2, variant="short", seed=1), ["human", "human"], named=False)
    game.seat_for("anna", key_owner("SHA256:lost"))
    store.close()
    args = build_parser().parse_args(["host", "--free-seat", str(game.id), "Anna"])
    assert host_main(args) == 0
    assert "is free" in capsys.readouterr().out
    store = Store(host_dir() / "tables.sqlite3")
    assert store.open_tables()[0].seats[0].owner is None
    store.close()
    assert host_main(build_parser().parse_args(["host", "--free-seat", "x", "Anna"])) == 2
    assert host_main(build_parser().parse_args(["host", "--free-seat", "7", "Anna"])) == 2
    assert "not a table number" in capsys.readouterr().err


def test_lehavre_join_comes_back_with_the_seat_code_it_kept(tmp_path: Path, monkeypatch) -> None:
    from lehavre_tui.cli import build_parser
    from lehavre_tui.tui.join import seat_codes

    monkeypatch.setenv("LEHAVRE_DATA", str(tmp_path))
    args = build_parser().parse_args(["join", "h:7000", "--name", "anna", "--code", "abcd-efgh-jkmn"])
    code, keep = seat_codes(args, "h:7000", None)
    assert code is None and keep is not None
    keep("seat-code-1")  # the host gave one on sitting down
    again, _ = seat_codes(args, "h:7000", None)
    assert again == "seat-code-1"  # the next visit from this machine: nothing typed
    given = build_parser().parse_args(["join", "h:7000", "--code", "abcd-efgh-jkmn", "--seat-code", "other"])
    assert seat_codes(given, "h:7000", None)[0] == "other"
    guest = build_parser().parse_args(["join", "h:7000", "--guest", "--code", "abcd-efgh-jkmn"])
    assert seat_codes(guest, "h:7000", None) == (None, None)  # a browser tab keeps nothing
    assert seat_codes(args, "h:7000", "a-door-ticket") == (None, None)  # nor an SSH login's client


async def test_a_login_refused_its_seat_is_shown_the_table_logged_and_watches_when_it_asks_again(
    host: Host, two_players
) -> None:
    from lehavre_tui.net.protocol import Tables

    lines: list[str] = []
    host.guard.log = lines.append
    ticket = host.issue_ticket("anna", two_players.id, "en", owner=key_owner("SHA256:annas-key"))
    anna = await RawClient.open(host.port)
    await anna.hello("", ticket=ticket)
    assert (await anna.until("seated")).seat == 0  # type: ignore[union-attr]
    other = await RawClient.open(host.port)
    await other.hello("", ticket=host.issue_ticket("anna", two_players.id, "en", owner=key_owner("SHA256:eve")))
    assert "the invite code lets you watch" in (await other.until("refusal")).text
    tables = await other.until("tables")  # the lobby lists the table the sentence speaks of
    assert isinstance(tables, Tables) and [t.id for t in tables.tables] == [two_players.id]
    refused = [line for line in lines if "seat refused" in line]
    assert len(refused) == 1 and "login=anna" in refused[0] and f"table={two_players.id}" in refused[0], lines
    assert host.guard.failures("127.0.0.1") == 0  # no secret was checked: nothing is slowed
    await other.send({"type": "join", "table": two_players.id})  # Enter on the table in the lobby
    watching = await other.until("seated")
    assert isinstance(watching, Seated) and watching.seat is None
    assert watching.name == "Anna-2"  # never by the seat's name: the words said are not taken for Anna's
    assert two_players.seats[0].owner == "key:SHA256:annas-key"  # Anna's seat stays hers
    await other.send({"type": "command", "seat": 0, "text": "supply", "id": 1})
    assert isinstance(await other.until("refusal"), Refusal)
    await other.send({"type": "say", "seat": None, "text": "I resign"})
    said = await anna.heard()
    while said.log[-1].kind != "say":  # Anna's own arrival was told first
        said = await anna.heard()
    assert said.log[-1].text == "Anna-2 (watching) says: I resign"
    anna.close()
    other.close()


async def test_a_watcher_is_never_shown_by_a_seats_name(two_players) -> None:  # noqa: ANN001
    from lehavre_tui.net.protocol import MAX_NAME

    names = [s.name for s in two_players.seats]
    assert names == ["Anna", "Ben"]
    assert two_players.watcher_name("Carl") == "Carl"
    assert two_players.watcher_name("Anna") == "Anna-2"
    assert two_players.watcher_name("\u0410nna") == "\u0410nna-2"  # a Cyrillic А looks like Anna too
    two_players.seats[1].name = "B" * MAX_NAME
    shown = two_players.watcher_name("B" * MAX_NAME)
    assert shown == "B" * (MAX_NAME - 2) + "-2" and len(shown) == MAX_NAME
