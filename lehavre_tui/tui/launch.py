"""Opening the table from the command line: `lehavre`, `lehavre new`, `lehavre tutorial`,
`lehavre load`, `--continue`, each with `--lang en|pl|cs` (the reader's language, set by
`cli.main` before this runs).

Textual is imported only when a game is really opened, so the other commands stay quick.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..command_line import add_language_option, requested_language
from ..engine.message import Listing, Msg, MsgN
from ..seats import BOT_KINDS, SHOWN_KINDS
from ..text import N_, _, render

if TYPE_CHECKING:
    from ..table import Table

EXIT_ERROR = 2
SEAT_KINDS = ("human", *BOT_KINDS)  # accepted by --seats
SHOWN_SEAT_KINDS = ("human", *SHOWN_KINDS)  # named in help and errors
PLAIN_HELP = N_("the game in plain text lines, for screen readers and pipes (also when TERM=dumb)")


def add_play_commands(parser: argparse.ArgumentParser, sub: Any) -> None:
    """The interactive commands, added to the `lehavre` parser (which has `--lang` itself)."""
    parser.add_argument("--continue", dest="resume", action="store_true", help=_("open the autosaved game"))
    parser.add_argument("--ascii", action="store_true", help=_("plain ASCII symbols (also LEHAVRE_ASCII=1)"))
    parser.add_argument("--plain", action="store_true", help=_(PLAIN_HELP))
    new = sub.add_parser("new", help=_("open the table with a new game"))
    new.add_argument(
        "--players", type=int, default=None, help=_("number of players, 1 to 5 (default 2, or one per seat)")
    )
    new.add_argument("--short", action="store_true", help=_("the short game"))
    new.add_argument("--seed", type=int, default=None, help=_("deal this game (default: random)"))
    new.add_argument("--names", default="", help=_("player names, comma separated: Anna,Ben"))
    new.add_argument(
        "--seats", default="", help=_("who plays each seat: human, easy, medium, hard or expert, e.g. human,expert")
    )
    _bot_options(new)
    new.add_argument("--ascii", dest="ascii_here", action="store_true", help=_("plain ASCII symbols"))
    new.add_argument("--plain", dest="plain_here", action="store_true", help=_(PLAIN_HELP))
    add_language_option(new)
    tutorial = sub.add_parser(
        "tutorial", help=_("learn the game: play the rulebook's first round at the table, step by step")
    )
    tutorial.add_argument("--ascii", dest="ascii_here", action="store_true", help=_("plain ASCII symbols"))
    tutorial.add_argument("--plain", dest="plain_here", action="store_true", help=_(PLAIN_HELP))
    add_language_option(tutorial)
    load = sub.add_parser("load", help=_("open a saved game"))
    load.add_argument("file", metavar="FILE", help=_("a save file (ctrl+s in the game writes one)"))
    _bot_options(load)
    load.add_argument("--ascii", dest="ascii_here", action="store_true", help=_("plain ASCII symbols"))
    load.add_argument("--plain", dest="plain_here", action="store_true", help=_(PLAIN_HELP))
    add_language_option(load)


def _bot_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--budget", type=float, default=None, help=_("seconds a move for the hard and expert bots (default 2)")
    )
    parser.add_argument("--pace", type=float, default=0.6, help=_("seconds between two bot moves (default 0.6)"))


def _fail(message: Msg | str) -> int:
    print(render(message), file=sys.stderr)
    return EXIT_ERROR


def _error(exc: Exception) -> Msg | str:
    """An error's sentence as data when it carries one (`msg`), else its words."""
    msg = getattr(exc, "msg", None)
    return msg if isinstance(msg, (Msg, str)) else str(exc)


def play(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Open the game the arguments ask for; 2 with one sentence when that is not possible."""
    # the engine is imported for a game only: `lehavre` alone opens the set-up screen without it
    from ..places import autosave_path

    ascii = True if getattr(args, "ascii", False) or getattr(args, "ascii_here", False) else None
    from ..plain import wants_plain

    asked = getattr(args, "plain", False) or getattr(args, "plain_here", False)
    plain = wants_plain(asked)
    resumed = False
    session: Table | None
    budget = getattr(args, "budget", None)
    pace = getattr(args, "pace", 0.6)
    if budget is not None:  # (the bots are imported only for a game that has them)
        from ..bots.tournament import search_options_error

        problem = search_options_error(budget)
        if problem:
            return _fail(problem)
    if not pace >= 0:
        return _fail(Msg("--pace is the seconds between two bot moves: give 0 or more."))
    if args.command == "new":
        seats = [k.strip().lower() for k in args.seats.split(",")] if args.seats.strip() else None
        players = args.players if args.players is not None else (len(seats) if seats else 2)
        if not 1 <= players <= 5:
            return _fail(Msg("Le Havre is played by 1 to 5 players; choose --players 1 to 5."))
        if seats is not None:
            bad = [k for k in seats if k not in SEAT_KINDS]
            if bad:
                return _fail(
                    Msg("'{kind}' is not a seat kind; --seats takes {kinds}, one per player.", kind=bad[0],
                        kinds=Listing(SHOWN_SEAT_KINDS, ","))
                )  # fmt: skip
            if len(seats) != players:
                return _fail(
                    MsgN("{players} player needs {players} seat in --seats, not {given}.",
                         "{players} players need {players} seats in --seats, not {given}.",
                         "players", players=players, given=len(seats))
                )  # fmt: skip
        from pydantic import ValidationError

        from ..engine.setup import Setup
        from ..session import Session

        names = [n.strip() for n in args.names.split(",") if n.strip()]
        seed = args.seed
        if seed is None:
            import random

            seed = random.SystemRandom().randrange(1_000_000)
        try:
            setup = Setup(players=players, variant="short" if args.short else "full", names=names, seed=seed)
        except ValidationError as exc:
            msg = str(exc.errors()[0]["msg"]).removeprefix("Value error, ")
            return _fail(Msg("Cannot set up that game: {error}.", error=msg))
        session = Session.new(setup, autosave=autosave_path(), seats=seats)
    elif args.command == "tutorial":
        from ..tutorial import TutorialSession

        session = TutorialSession.start()
    elif args.command == "load":
        from ..session import SaveError, Session

        try:
            session = Session.load(Path(args.file), autosave=autosave_path())
        except SaveError as exc:
            return _fail(_error(exc))
        resumed = True
    elif args.resume:
        path = autosave_path()
        if not path.exists():
            return _fail(Msg("There is no autosaved game yet ({path}); start one with 'lehavre new'.", path=str(path)))
        from ..session import SaveError, Session

        try:
            session = Session.load(path, autosave=path)
        except SaveError as exc:
            return _fail(Msg("The autosaved game cannot be opened: {error}", error=_error(exc)))
        resumed = True
    else:
        if plain and (asked or sys.stdin.isatty()):  # (a dumb terminal's pipe: the help, as before)
            return _plain_new(args, budget, pace)
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            parser.print_help()  # no terminal to draw the table on
            return 0
        session = None
    if session is not None and budget is not None:
        session.bot_budget = budget
    if plain and session is not None:
        return _plain(session, args, pace, resumed)
    from .app import LeHavreApp

    flag = getattr(args, "lang", None)  # checked by cli.main already
    language = requested_language(flag) if flag is not None else None  # else a saved choice, else the environment
    LeHavreApp(session, ascii=ascii, resumed=resumed, bot_pace=pace, language=language).run()
    return 0


def _plain(session: Any, args: argparse.Namespace, pace: float, resumed: bool) -> int:
    """The game in plain text lines (`--plain`, or a dumb terminal), in the table's language."""
    import os

    from ..plain import Lines, PlainGame
    from ..settings import read_settings, table_language
    from ..text import language_from_env, set_language

    flag = getattr(args, "lang", None)
    language = requested_language(flag) if flag is not None else None
    set_language(table_language(language, read_settings()[0], language_from_env(os.environ)))
    return PlainGame(session, Lines(), pace=pace, resumed=resumed).run()


def _plain_new(args: argparse.Namespace, budget: float | None, pace: float) -> int:
    """`lehavre --plain` alone: a new game of two people, as `lehavre new --plain` starts it."""
    import random

    from ..engine.setup import Setup
    from ..session import Session, autosave_path

    session = Session.new(Setup(players=2, seed=random.SystemRandom().randrange(1_000_000)), autosave=autosave_path())
    if budget is not None:
        session.bot_budget = budget
    return _plain(session, args, pace, False)
