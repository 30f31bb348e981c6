"""`lehavre join [HOST:PORT]`: the table client of a hosted table, in this terminal.

Without an address the host running for this user is found in the data directory (its
`host.json`, which also lets this user in without an invite code). The SSH door starts the
same client on a pseudo-terminal, with a ticket for the login (LEHAVRE_TICKET).

A player without an SSH key who takes a seat with the invite code is given a seat code; it is
kept in the data directory (net/seat_codes.py) and given again on the next visit to that
table, so coming back from the same machine needs nothing typed (`--seat-code` from another).

The table is read in this reader's language: `--lang`, else the environment's (LC_ALL,
LC_MESSAGES, LANG) when it names English, Polish or Czech, else the choice saved on the
set-up screen; with none of them, or with `--ask-lang` (how the SSH door starts a login
whose ssh client sent no LANG, and how a browser tab starts), the lobby asks first.

`--plain` gives the plain-text client (plain/visit.py); under textual-serve (a browser tab too
narrow for the table) its lines are shown on a Textual screen (plain_text.py).
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import getpass
import json
import os
import signal
import sys
import termios
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..text import LANGUAGES, _

if TYPE_CHECKING:
    from ..plain.lines import Lines

EXIT_ERROR = 2


def add_join_command(sub: Any) -> None:
    join = sub.add_parser("join", help=_("sit down at a hosted table (lehavre host) in this terminal"))
    join.add_argument(
        "address",
        nargs="?",
        default=None,
        metavar="HOST:PORT",
        help=_("the host's table port (default: the host running for this user)"),
    )
    join.add_argument("--name", default=None, help=_("your player name (default: your user name)"))
    join.add_argument("--code", default=None, help=_("the table's invite code (the host printed it)"))
    join.add_argument(
        "--seat-code", default=None, help=_("the code of your seat, when you sat down from another machine")
    )
    join.add_argument("--table", type=int, default=None, help=_("the table to sit at (default: the lobby)"))
    join.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=_("the language to read the table in: en, pl or cs (default: from LC_ALL, LC_MESSAGES, LANG)"),
    )
    join.add_argument("--ask-lang", action="store_true", help=_("choose the language in the lobby, before coming in"))
    join.add_argument(
        "--guest", action="store_true", help=_("come in with a name and an invite code only (as a browser does)")
    )
    join.add_argument("--ticket", default=None, help=argparse.SUPPRESS)  # a browser tab's, from the door
    join.add_argument("--ascii", dest="ascii_here", action="store_true", help=_("plain ASCII symbols"))
    from .launch import PLAIN_HELP

    join.add_argument("--plain", action="store_true", help=_(PLAIN_HELP))


def reader_language(args: argparse.Namespace) -> str | None:
    """The language this reader reads the table in; None: asked in the lobby."""
    if args.lang is not None:
        return str(args.lang)
    if args.ask_lang:
        return None
    from ..command_line import requested_language
    from ..settings import read_settings

    return requested_language(None) or read_settings()[0].language


def host_file() -> Path:
    from ..net.storage import host_dir

    return host_dir() / "host.json"


def running_host() -> dict[str, Any] | None:
    """What the host running for this user wrote about itself (port, local key), if any."""
    try:
        data = json.loads(host_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and isinstance(data.get("port"), int) else None


def take_terminal() -> None:
    """Started by the SSH door on a pseudo-terminal: make it this process's controlling
    terminal (so window-size changes arrive as SIGWINCH), and end as programs do when the
    terminal hangs up, whatever the host process ignored."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def seat_codes(
    args: argparse.Namespace, address: str, ticket: str | None
) -> tuple[str | None, Callable[[str], None] | None]:
    """The seat code to come back with (`--seat-code`, else the one kept for this host and
    table), and how to keep a new one: only for the player's own client with an invite code
    (the clients the doors start run as the host's user and keep nothing)."""
    if not args.code or args.guest or ticket:
        return args.seat_code, None
    from ..net.seat_codes import keep_seat_code, kept_seat_code

    invite = str(args.code)

    def keep(code: str) -> None:
        keep_seat_code(address, invite, code)

    return args.seat_code or kept_seat_code(address, invite), keep


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return EXIT_ERROR


def join(args: argparse.Namespace) -> int:
    if os.environ.get("LEHAVRE_PTY") == "1":
        take_terminal()
    ticket = os.environ.get("LEHAVRE_TICKET") or (args.ticket if args.guest else None)
    found = None if args.guest or ticket else running_host()
    if args.address is None:
        if found is None:
            return _fail(_("No host is running for this user; give its address: lehavre join HOST:PORT."))
        host, port = "127.0.0.1", int(found["port"])
    else:
        host, sep, port_text = args.address.rpartition(":")
        if not sep or not port_text.isdigit() or not 0 < int(port_text) < 65536:
            return _fail(_("'{address}' is not HOST:PORT, e.g. 127.0.0.1:7000.").format(address=args.address))
        host, port = host or "127.0.0.1", int(port_text)
    key = None
    if found is not None and int(found["port"]) == port and host in ("127.0.0.1", "localhost"):
        key = found.get("key") if isinstance(found.get("key"), str) else None
    name = args.name
    if name is None and not args.guest and not ticket:
        with contextlib.suppress(Exception):
            name = getpass.getuser()
    from ..net.protocol import login_problem
    from ..text import render

    problem = login_problem(name or "", args.code)
    if problem is not None:
        return _fail(render(problem))
    lang = reader_language(args)
    seat_code, keep = seat_codes(args, f"{host}:{port}", ticket)
    from ..plain import wants_plain

    if wants_plain(args.plain):
        local = key is not None  # the host of this user: its key is read again after a restart

        def key_now() -> str | None:
            again = running_host()
            return str(again["key"]) if again and isinstance(again.get("key"), str) else None

        return _plain(host, port, name or "", lang, ticket=ticket, guest=args.guest, code=args.code, key=key,
                      table=args.table, seat_code=seat_code, keep_seat_code=keep,
                      key_source=key_now if local else None)  # fmt: skip
    from ..net.trouble import log_failure
    from .hosted import Visit
    from .visiting import VisitingApp

    visit = Visit(
        host,
        port,
        name or "",
        lang,
        ticket=ticket,
        guest=args.guest,
        code=args.code,
        key=key,
        table=args.table,
        seat_code=seat_code,
        keep_seat_code=keep,
    )
    ascii = True if getattr(args, "ascii", False) or args.ascii_here else None
    # the reader's language, never the host user's saved one (the SSH door runs this as that user)
    app = VisitingApp(None, ascii=ascii, visit=visit, language=lang or "en")
    try:
        app.run()
    except Exception as exc:  # noqa: BLE001 - a remote screen never shows a traceback
        log_failure(exc, "the table client")
        return _fail(
            _(
                "The connection to the host ended because this client failed; the game is safe at the host: "
                "join again to play on."
            )
        )
    return app.return_code or 0


def _plain(host: str, port: int, name: str, lang: str | None, **visit: Any) -> int:
    """The hosted table in plain text lines (`--plain`, a dumb terminal, `ssh ... plain`); in
    a browser tab (textual-serve's driver), the same lines on a Textual screen."""
    if os.environ.get("TEXTUAL_DRIVER", "").endswith(":WebDriver"):
        from .plain_text import PlainTextApp

        app = PlainTextApp(lambda lines: plain_visit(lines, host, port, name, lang, **visit))
        app.run()
        if app.return_code and app.lines.last:  # the page shows these last words (why it ended)
            print(app.lines.last, file=sys.stderr)
        return app.return_code or 0
    from ..plain import Lines

    return plain_visit(Lines(), host, port, name, lang, **visit)


def plain_visit(lines: Lines, host: str, port: int, name: str, lang: str | None, **visit: Any) -> int:
    import asyncio

    from ..plain.visit import PlainVisit
    from ..text import set_language

    if lang is None:  # one line in the three languages: nothing is read yet
        answer = lines.read("Language / Język / Jazyk: en, pl, cs? ") if lines.interactive else ""
        word = (answer or "").strip().lower()[:2]
        lang = word if word in LANGUAGES else "en"
    set_language(lang)
    vouched = visit.get("ticket") and not visit.get("guest")  # the SSH door vouches for the login
    if not vouched and (not name or not (visit.get("key") or visit.get("code"))):
        if not lines.interactive:
            print(_("Give your player name and the table's invite code (the host printed it)."), file=sys.stderr)
            return EXIT_ERROR
        name = name or (lines.read(_("your player name") + ": ") or "").strip()
        visit["code"] = visit.get("code") or (lines.read(_("Invite code") + ": ") or "").strip()
    return asyncio.run(PlainVisit(host, port, name, lang, lines, **visit).run())
