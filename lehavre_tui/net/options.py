"""The `lehavre host` command line: its options only, so that building the parser imports
nothing of the host (SSH, storage, bots)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..command_line import add_language_option
from ..text import _


def add_host_command(sub: Any) -> None:
    host = sub.add_parser("host", help=_("host a table: players join over SSH, with lehavre join, or in a browser"))
    host.add_argument(
        "--players", type=int, default=None, help=_("number of players, 1 to 5 (default 2, or one per seat)")
    )
    host.add_argument("--short", action="store_true", help=_("the short game"))
    host.add_argument("--seed", type=int, default=None, help=_("deal this game (default: random)"))
    host.add_argument("--names", default="", help=_("player names, comma separated; each seat waits for its login"))
    host.add_argument(
        "--seats", default="", help=_("who plays each seat: human, easy, medium, hard or expert, e.g. human,expert")
    )
    host.add_argument(
        "--budget", type=float, default=2.0, help=_("seconds a move for the hard and expert bots (default 2)")
    )
    host.add_argument("--pace", type=float, default=0.6, help=_("seconds between two bot moves (default 0.6)"))
    host.add_argument("--ssh-port", type=int, default=2222, help=_("the SSH port players log in on (default 2222)"))
    host.add_argument(
        "--listen",
        default="127.0.0.1",
        help=_(
            "the address the SSH (and browser) door listens on (default 127.0.0.1: this machine "
            "only; 0.0.0.0 for every network)"
        ),
    )
    host.add_argument(
        "--authorized-keys",
        type=Path,
        default=Path("~/.ssh/authorized_keys"),
        help=_("public keys that may log in without the invite code (default ~/.ssh/authorized_keys)"),
    )
    host.add_argument(
        "--port",
        type=int,
        default=0,
        help=_("the table port on 127.0.0.1 that table clients use (default: a free one)"),
    )
    host.add_argument(
        "--web", type=int, default=None, metavar="PORT", help=_("also serve the table to browsers on PORT")
    )
    host.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help=_("the address players open in the browser, e.g. https://play.example.org (default: --listen and --web)"),
    )
    host.add_argument(
        "--behind-proxy",
        action="store_true",
        help=_("the browser door is reached through a proxy: trust its X-Forwarded-For and X-Forwarded-Host"),
    )
    host.add_argument("--resume", action="store_true", help=_("continue every stored table whose game is not over"))
    host.add_argument(
        "--free-seat",
        nargs=2,
        metavar=("TABLE", "NAME"),
        default=None,
        help=_("free the seat of NAME at TABLE for a player who lost their key or seat code, and exit"),
    )
    add_language_option(host)  # the host's own messages; each player reads the table in their own
