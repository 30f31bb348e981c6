"""`lehavre join [HOST:PORT]`: the table client of a hosted table, in this terminal.

Without an address the host running for this user is found in the data directory (its
`host.json`, which also lets this user in without an invite code). The SSH door starts the
same client on a pseudo-terminal, with a ticket for the login (LEHAVRE_TICKET).
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
from pathlib import Path
from typing import Any

EXIT_ERROR = 2
LANGS = ("en", "pl", "cs")


def add_join_command(sub: Any) -> None:
    join = sub.add_parser("join", help="sit down at a hosted table (lehavre host) in this terminal")
    join.add_argument(
        "address",
        nargs="?",
        default=None,
        metavar="HOST:PORT",
        help="the host's table port (default: the host running for this user)",
    )
    join.add_argument("--name", default=None, help="your player name (default: your user name)")
    join.add_argument("--code", default=None, help="the table's invite code (the host printed it)")
    join.add_argument("--table", type=int, default=None, help="the table to sit at (default: the lobby)")
    join.add_argument(
        "--lang",
        choices=LANGS,
        default=None,
        help="the language to read the table in: en, pl or cs (the table is in English for now)",
    )
    join.add_argument(
        "--guest", action="store_true", help="come in with a name and an invite code only (as a browser does)"
    )
    join.add_argument("--ascii", dest="ascii_here", action="store_true", help="plain ASCII symbols")


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


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return EXIT_ERROR


def join(args: argparse.Namespace) -> int:
    if os.environ.get("LEHAVRE_PTY") == "1":
        take_terminal()
    ticket = os.environ.get("LEHAVRE_TICKET") or None
    found = None if args.guest or ticket else running_host()
    if args.address is None:
        if found is None:
            return _fail("No host is running for this user; give its address: lehavre join HOST:PORT.")
        host, port = "127.0.0.1", int(found["port"])
    else:
        host, sep, port_text = args.address.rpartition(":")
        if not sep or not port_text.isdigit() or not 0 < int(port_text) < 65536:
            return _fail(f"'{args.address}' is not HOST:PORT, e.g. 127.0.0.1:7000.")
        host, port = host or "127.0.0.1", int(port_text)
    key = None
    if found is not None and int(found["port"]) == port and host in ("127.0.0.1", "localhost"):
        key = found.get("key") if isinstance(found.get("key"), str) else None
    name = args.name
    if name is None and not args.guest and not ticket:
        with contextlib.suppress(Exception):
            name = getpass.getuser()
    lang = args.lang or "en"
    from .app import LeHavreApp
    from .hosted import Visit

    visit = Visit(host, port, name or "", lang, ticket=ticket, code=args.code, key=key, table=args.table)
    ascii = True if getattr(args, "ascii", False) or args.ascii_here else None
    app = LeHavreApp(None, ascii=ascii, visit=visit)
    app.run()
    return app.return_code or 0
