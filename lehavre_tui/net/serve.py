"""`lehavre host`: host tables for players in other terminals, over SSH, locally or in a browser.

    lehavre host [--players N] [--short] [--seed S] [--names A,B] [--seats human,heuristic]
                 [--ssh-port 2222] [--listen 127.0.0.1] [--authorized-keys FILE]
                 [--port P] [--web PORT [--public-url URL] [--behind-proxy]] [--resume]
                 [--lang en|pl|cs]
    lehavre host --free-seat TABLE NAME

`--lang` is the language of the host's own messages; every player reads the table in their
own (their ssh client's LANG, or a choice at login).

The host process holds the tables (host.py), the SSH front door (door.py) and, when asked,
the browser door (web.py); the table clients are programs of their own (`lehavre join`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import sys
from pathlib import Path

from pydantic import ValidationError

from ..engine.setup import Setup
from ..seats import BOT_KINDS, SHOWN_KINDS
from ..text import _, ngettext
from .door import Door, client_command
from .host import Host
from .storage import StorageError, Store, host_dir

EXIT_ERROR = 2
SEAT_KINDS = ("human", *BOT_KINDS)  # accepted by --seats (the old bot names too)


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return EXIT_ERROR


def table_options(args: argparse.Namespace) -> tuple[Setup, list[str], bool]:
    """The new table the options ask for: its set-up, its seats, whether the host named them.
    ValueError with a sentence when the options do not fit together."""
    seats = [k.strip().lower() for k in args.seats.split(",")] if args.seats.strip() else None
    names = [n.strip() for n in args.names.split(",") if n.strip()]
    players = args.players if args.players is not None else (len(seats) if seats else len(names) or 2)
    if not 1 <= players <= 5:
        raise ValueError(_("Le Havre is played by 1 to 5 players; choose --players 1 to 5."))
    if seats is not None:
        bad = [k for k in seats if k not in SEAT_KINDS]
        if bad:
            raise ValueError(
                _("'{kind}' is not a seat kind; --seats takes {kinds}, one per player.").format(
                    kind=bad[0], kinds=", ".join(("human", *SHOWN_KINDS))
                )
            )
        if len(seats) != players:
            raise ValueError(
                ngettext(
                    "{n} player needs {n} seat in --seats, not {given}.",
                    "{n} players need {n} seats in --seats, not {given}.",
                    players,
                ).format(n=players, given=len(seats))
            )
        if "human" not in seats:
            raise ValueError(
                _("A hosted table needs at least one human seat; bots play among themselves with simulate.")
            )
    from ..engine.message import Msg
    from ..text import render
    from .protocol import MAX_NAME
    from .tables import display_name

    for n in names:
        if display_name(n) is None:
            raise ValueError(
                render(
                    Msg(
                        "'{login}' cannot be a login name: a player name is 1 to {n} letters, digits, '-', '_' or '.'.",
                        login=n,
                        n=MAX_NAME,
                    )
                )
            )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    try:
        setup = Setup(players=players, variant="short" if args.short else "full", names=names, seed=seed)
    except ValidationError as exc:
        msg = str(exc.errors()[0]["msg"]).removeprefix("Value error, ")
        raise ValueError(_("Cannot set up that game: {reason}.").format(reason=msg)) from None
    return setup, seats or ["human"] * players, bool(names)


def free_seat_main(table_text: str, name: str) -> int:
    """`lehavre host --free-seat TABLE NAME`: the running host frees the seat (its own user
    asks, with the host's local key), or, with no host running, the table file is changed."""
    if not table_text.isdigit():
        return _fail(
            _("'{table}' is not a table number: lehavre host --free-seat TABLE NAME.").format(table=table_text)
        )
    table = int(table_text)
    from ..tui.join import running_host

    found = running_host()
    if found is not None and isinstance(found.get("key"), str):
        try:
            said = asyncio.run(_ask_host(int(found["port"]), str(found["key"]), table, name))
        except (OSError, ValueError):
            said = None  # no host answers there (it has stopped): the table file is changed
        if said is not None:
            print(said)
            return 0 if "is free" in said else EXIT_ERROR
    try:
        store = Store(host_dir() / "tables.sqlite3")
    except StorageError as exc:
        return _fail(str(exc))
    try:
        freed = store.free_seat(table, name)
    finally:
        store.close()
    if freed is None:
        return _fail(
            _("Table {table} has no seat of {player} waiting: see the tables the host lists.").format(
                table=table, player=name
            )
        )
    print(
        _(
            "The seat of {player} at table {table} is free: the next login named {player} sits there and owns it."
        ).format(player=freed, table=table)
    )
    return 0


async def _ask_host(port: int, key: str, table: int, name: str) -> str | None:
    from .protocol import Bye, FreeSeat, decode_host, encode
    from .words import read

    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 5)
    try:
        writer.write(encode(FreeSeat(key=key, table=table, name=name[:64])))
        line = await asyncio.wait_for(reader.readline(), 10)
    finally:
        writer.close()
    if not line:
        return None
    answer = decode_host(line)
    return read(answer.words, answer.text) if isinstance(answer, Bye) else None


def host_main(args: argparse.Namespace) -> int:
    if args.free_seat is not None:
        return free_seat_main(*args.free_seat)
    if not args.budget > 0 or not args.pace >= 0:
        return _fail(_("--budget is above 0 seconds and --pace is 0 seconds or more."))
    if args.public_url is not None:
        from .web import public_origin

        try:
            public_origin(args.public_url)
        except ValueError as exc:
            return _fail(str(exc))
    elif args.web is not None and args.listen in ("0.0.0.0", "::", ""):
        return _fail(
            _("A browser door on every network needs --public-url URL: the address players open in the browser.")
        )
    try:
        store = Store(host_dir() / "tables.sqlite3")
    except StorageError as exc:
        return _fail(str(exc))
    host = Host(store, bot_pace=args.pace, bot_budget=args.budget)
    try:
        if args.resume:
            if not host.resume():
                print(_("No stored table is waiting to be continued: players open tables in the lobby."))
        else:
            setup, seats, named = table_options(args)
            host.new_table(setup, seats, named)
    except (ValueError, StorageError) as exc:
        store.close()
        return _fail(str(exc))
    try:
        code = asyncio.run(_serve(host, args))
    finally:
        store.close()
    if code == 0 and not sys.flags.interactive:
        # Every table is stored and every client told: the interpreter's own clean-up (a
        # second or more with everything the host imported) is skipped, so that the host is
        # gone within 2 s of Ctrl+C (a service manager waits for it).
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)
    return code


async def _serve(host: Host, args: argparse.Namespace) -> int:
    await host.start(args.port)
    info = host_dir() / "host.json"
    _write_private(info, json.dumps({"port": host.port, "key": host.local_key, "pid": os.getpid()}))
    keys = args.authorized_keys.expanduser()
    door = Door(host, client_command(), authorized_keys=keys, host_key_path=host_dir() / "ssh_host_ed25519_key")
    web = None
    try:
        try:
            ssh_port = await door.start(args.listen, args.ssh_port)
        except OSError as exc:
            print(
                _("The SSH door cannot listen on {address} ({reason}); choose another --ssh-port.").format(
                    address=f"{args.listen}:{args.ssh_port}", reason=exc.strerror or exc
                ),
                file=sys.stderr,
            )
            return EXIT_ERROR
        web_port = None
        if args.web is not None:
            from .web import WebDoor, guest_tickets, web_command

            web = WebDoor(
                web_command(host.port),
                args.listen,
                args.web,
                tickets=guest_tickets(host),
                public_url=args.public_url,
                behind_proxy=args.behind_proxy,
            )
            try:
                web_port = await web.start()
            except OSError as exc:
                print(
                    _("The browser door cannot listen on {address} ({reason}).").format(
                        address=f"{args.listen}:{args.web}", reason=exc.strerror or exc
                    ),
                    file=sys.stderr,
                )
                return EXIT_ERROR
        host.ssh_way = (args.listen if args.listen not in ("0.0.0.0", "::") else "HOST", ssh_port)
        print("\n".join(welcome_lines(host, args, ssh_port, web_port, door.fingerprint, keys)), flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        print(_("The host stops; lehavre host --resume continues every table."), flush=True)
        return 0
    finally:
        # Every client is told at once; the table clients end by themselves (putting their
        # players' terminals back in order, the browser tabs showing why), and whatever is
        # left after a moment is ended: the host is gone within 2 s.
        await host.stop()
        stopping = [door.stop(grace=0.8)]
        if web is not None:
            stopping.append(web.stop(0.3))
        await asyncio.gather(*stopping, return_exceptions=True)
        with contextlib.suppress(OSError):
            info.unlink()


def welcome_lines(
    host: Host, args: argparse.Namespace, ssh_port: int, web_port: int | None, fingerprint: str, keys: Path
) -> list[str]:
    where = args.listen if args.listen not in ("0.0.0.0", "::") else "THIS-MACHINE"
    from ..tui.seat_names import bot_label

    n = len(host.tables)
    lines = [
        ngettext(
            "Le Havre host: {n} table; its files are in {path}.",
            "Le Havre host: {n} tables; its files are in {path}.",
            n,
        ).format(n=n, path=host_dir())
    ]
    for game in host.tables.values():
        st = game.session.state
        seats = ", ".join(bot_label(s.name, s.kind) for s in game.seats)
        template = (
            _("  Table {table}: short game, round {round} of {rounds}; seats {seats}. Invite code: {code}")
            if st.variant == "short"
            else _("  Table {table}: full game, round {round} of {rounds}; seats {seats}. Invite code: {code}")
        )
        lines.append(
            template.format(
                table=game.id, round=min(st.round, st.rounds_total), rounds=st.rounds_total, seats=seats, code=game.code
            )
        )
    lines += [
        _("Join over SSH:    {command}").format(command=f"ssh -p {ssh_port} NAME@{where}"),
        _("  NAME is the player's name at the table; another name takes a free seat it can rename, or watches."),
        _(
            "  Keys in {path} open every table; any other key is asked a table's invite code; without a key, "
            "the invite code is the password. A seat belongs to the key (or seat code) that first sat in it."
        ).format(path=keys),
        _("  Players read the table in their own language: their ssh client's LANG, else a choice at login."),
        _("  The host's key: {fingerprint}").format(fingerprint=fingerprint),
        _("On this machine:  {command}").format(
            command=f"lehavre join 127.0.0.1:{host.port} --name NAME" + ("" if n == 1 else " [--table N]")
        ),
    ]
    if web_port is not None:
        address = args.public_url or f"http://{where}:{web_port}"
        lines.append(_("In a browser:     {address}  (name and invite code)").format(address=address))
    lines.append(_("Ctrl+C stops the host; lehavre host --resume continues every table."))
    return lines


def _write_private(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
