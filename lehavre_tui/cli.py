"""The `lehavre` command: play a script of commands, or simulate random games.

    lehavre run SCRIPT [--json] [--lang en|pl|cs]
    lehavre simulate --players N [--short] [--seed S] [--games K] [--json] [--jobs J]

A script is a set-up header of `key: value` lines, a line `---`, then one command per
line (see `commands/`; in English, Polish or Czech words, mixed as you like); `#` starts a
comment. Errors print one sentence and exit 2. What is printed is in the language of
`--lang`, else of the environment (LC_ALL, LC_MESSAGES, LANG), else English.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .command_line import LanguageError, add_language_option, argv_language, resolve_language
from .engine.errors import IllegalAction
from .engine.message import Listing, Msg
from .engine.words import plural
from .text import _, render, set_language

# The engine's models and rules, and the commands, are imported where a script, a simulation
# or a review needs them: `lehavre` alone opens the set-up screen without them.
if TYPE_CHECKING:
    from .engine.setup import Setup
    from .engine.state import GameState, Variant
    from .series import Series

EXIT_ERROR = 2
MAX_ACTIONS = 100_000  # a random game longer than this is reported as unfinished


class ScriptError(Exception):
    """A script that cannot be played; the message is one sentence for the player
    (`msg` as data, read in the reader's language with `text.render`; `str()` is English)."""

    def __init__(self, msg: Msg | str) -> None:
        self.msg: Msg | str = msg
        super().__init__(str(msg))


# --- scripts ------------------------------------------------------------------------------------

HEADER_KEYS = (
    "players", "variant", "seed", "names", "chits", "stack1", "stack2", "stack3", "specials",
    "expensive_loans",
)  # fmt: skip


@dataclass
class Script:
    setup: Setup
    commands: list[tuple[int, str]] = field(default_factory=list)  # (line number, command)


def _strip(line: str) -> str:
    return line.split("#", 1)[0].strip()


def _int(value: str, key: str, n: int) -> int:
    try:
        return int(value)
    except ValueError:
        raise ScriptError(
            Msg("line {n}: '{key}' must be a whole number, not '{value}'.", n=n, key=key, value=value)
        ) from None


def _names(value: str, n: int, special: bool) -> list[str]:
    from .commands import CommandError, building_id
    from .engine.cards import content

    out = []
    for word in value.replace(",", " ").split():
        try:
            b = building_id(word)
        except CommandError as exc:
            raise ScriptError(Msg("line {n}: {error}", n=n, error=exc.msg)) from None
        deck = content().buildings[b].deck
        if (deck == "special") != special:
            if special:
                raise ScriptError(Msg("line {n}: '{word}' is not a special building.", n=n, word=word))
            raise ScriptError(
                Msg("line {n}: '{word}' is not a standard building for a proposal stack.", n=n, word=word)
            )
        out.append(b)
    return out


_YES = ("yes", "y", "true", "on", "1")
_NO = ("no", "n", "false", "off", "0")


def _yes_no(value: str, key: str, n: int) -> bool:
    word = value.lower()
    if word in _YES:
        return True
    if word in _NO:
        return False
    raise ScriptError(Msg("line {n}: '{key}' is yes or no, not '{value}'.", n=n, key=key, value=value))


def _setup(header: dict[str, tuple[int, str]]) -> Setup:
    from pydantic import ValidationError

    from .engine.setup import Setup

    if "players" not in header:
        raise ScriptError(Msg("The script's header must say how many players, e.g. 'players: 3'."))
    data: dict[str, Any] = {}
    for key, (n, value) in header.items():
        if key in ("players", "seed"):
            data[key] = _int(value, key, n)
        elif key == "variant":
            if value.lower() not in ("full", "short"):
                raise ScriptError(Msg("line {n}: the variant is 'full' or 'short', not '{value}'.", n=n, value=value))
            data["variant"] = value.lower()
        elif key == "names":
            data["names"] = [x.strip() for x in value.split(",") if x.strip()]
        elif key == "chits":
            data["chit_order"] = [_int(x, key, n) for x in value.replace(",", " ").split()]
        elif key == "specials":
            data["special_deck"] = _names(value, n, special=True)
        elif key == "expensive_loans":
            data["expensive_loans"] = _yes_no(value, key, n)
    keys = [k for k in ("stack1", "stack2", "stack3") if k in header]
    stacks = [_names(header[k][1], header[k][0], special=False) for k in keys]
    if stacks and len(stacks) != 3:
        raise ScriptError(Msg("Give all three proposal stacks (stack1, stack2, stack3) or none."))
    if stacks:
        data["stacks"] = stacks
    try:
        return Setup.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        msg = str(first["msg"]).removeprefix("Value error, ")
        if where:
            raise ScriptError(Msg("Bad set-up ({where}): {error}.", where=where, error=msg)) from None
        raise ScriptError(Msg("Bad set-up: {error}.", error=msg)) from None


def read_script(text: str) -> Script:
    """Split a script into its set-up and its numbered command lines."""
    lines = text.removeprefix("\ufeff").splitlines()  # a byte-order mark is no part of the first key
    try:
        sep = next(i for i, line in enumerate(lines) if line.strip() == "---")
    except StopIteration:
        raise ScriptError(Msg("The script has no '---' line between the set-up header and the commands.")) from None
    header: dict[str, tuple[int, str]] = {}
    for i, raw in enumerate(lines[:sep], start=1):
        line = _strip(raw)
        if not line:
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower().replace(" ", "_").replace("-", "_")
        if not colon:
            raise ScriptError(Msg("line {n}: a header line is 'key: value', e.g. 'players: 3'.", n=i))
        if key not in HEADER_KEYS:
            raise ScriptError(
                Msg("line {n}: unknown header key '{key}'; known: {keys}.", n=i, key=key,
                    keys=Listing(HEADER_KEYS, ","))
            )  # fmt: skip
        if key in header:
            raise ScriptError(
                Msg("line {n}: '{key}' was already given on line {first}; give each key once.", n=i, key=key,
                    first=header[key][0])
            )  # fmt: skip
        header[key] = (i, value.strip())
    commands = [(i, _strip(raw)) for i, raw in enumerate(lines[sep + 1 :], start=sep + 2)]
    return Script(_setup(header), [(i, c) for i, c in commands if c])


def _start(setup: Setup) -> GameState:
    from .engine.setup import new_game

    try:
        return new_game(setup)
    except IllegalAction as exc:
        raise ScriptError(Msg("Bad set-up: {error}", error=exc.msg)) from None


def _play(script: Script, out: list[str]) -> GameState:
    """Apply every command; log lines go to `out`, in the reader's language. ScriptError
    names the failing line."""
    from .commands import CommandError, HelpRequested, parse
    from .engine.rules import apply

    state = _start(script.setup)
    out.extend(render(e) for e in state.events)
    for n, command in script.commands:
        try:
            action = parse(command, state)
            state = apply(state, action)
        except HelpRequested as exc:
            out.append(exc.text)
            continue
        except (CommandError, IllegalAction) as exc:
            raise ScriptError(Msg("line {n}: {command}: {error}", n=n, command=command, error=exc.msg)) from None
        out.extend(render(e) for e in state.events)
    return state


def result_json(state: GameState) -> dict[str, Any]:
    from .engine.scoring import final_scores, winners

    over = state.phase == "over"
    return {
        "state": state.model_dump(mode="json"),
        "scores": [sc.model_dump(mode="json") for sc in final_scores(state)],
        "winners": [state.players[i].name for i in winners(state)] if over else [],
    }


def _run(args: argparse.Namespace) -> int:
    path = Path(args.script)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        return _fail(Msg("Cannot read the script '{path}': {reason}.", path=str(path), reason=str(exc.strerror or exc)))
    except UnicodeDecodeError:
        return _fail(Msg("The script '{path}' is not a UTF-8 text file.", path=str(path)))
    log: list[str] = []
    try:
        state = _play(read_script(text), log)
    except ScriptError as exc:
        if not args.json:
            _print_lines(log)
        return _fail(exc.msg)
    if args.json:
        print(json.dumps(result_json(state)))
    else:
        from .summary import summary

        _print_lines(log + summary(state))
    return 0


# --- simulation ---------------------------------------------------------------------------------


def simulate_game(players: int, variant: Variant, seed: int) -> dict[str, Any]:
    """One game of uniformly random legal moves; `random.Random(seed)` picks them."""
    from .engine.rules import apply, legal_actions
    from .engine.scoring import final_scores, winners
    from .engine.setup import Setup, new_game

    rng = random.Random(seed)
    started = time.perf_counter()
    state = new_game(Setup(players=players, variant=variant, seed=seed))
    actions = 0
    while state.phase != "over" and actions < MAX_ACTIONS:
        state = apply(state, rng.choice(legal_actions(state)), in_place=True)
        actions += 1
    over = state.phase == "over"
    return {
        "seed": seed,
        "finished": over,
        "winners": [state.players[i].name for i in winners(state)] if over else [],
        "scores": {sc.name: sc.total for sc in final_scores(state)},
        "actions": actions,
        "seconds": round(time.perf_counter() - started, 3),
    }


def _win_shares(wins: Mapping[str, float], games: Mapping[str, int] | int) -> str:
    """Running win shares with their 95 % intervals, for the progress bar: `hard 62 % (41–79)`;
    `games` is how many games each could have won (the same for all, or each its own)."""
    from .bots.tournament import wilson

    parts = []
    for who, won in wins.items():
        n = games if isinstance(games, int) else games[who]
        low, high = wilson(won, n)
        parts.append(f"{who} {100 * won / max(n, 1):.0f} % ({100 * low:.0f}–{100 * high:.0f})")
    return "  ".join(parts)


def _stopped(series: Series[Any]) -> int:
    """After Ctrl+C: say how far the series got (the finished games' results are printed)."""
    from .series import EXIT_INTERRUPTED

    print(
        render(Msg(
            "Stopped by Ctrl+C: {done} of {total} games were finished; the results are theirs.",
            done=len(series.finished), total=series.total,
        )),
        file=sys.stderr,
    )  # fmt: skip
    return EXIT_INTERRUPTED


def _tournament(args: argparse.Namespace, variant: Variant) -> int:
    """Bots against each other, seats rotating from game to game; statistics per kind."""
    from .bots.tournament import KINDS, GameResult, KindStats, count_game, play_game, seating
    from .progress import Bar
    from .seats import SHOWN_KINDS
    from .series import play_series

    kinds = [k.strip().lower() for k in args.seats.split(",") if k.strip()]
    bad = [k for k in kinds if k not in KINDS]
    if bad:
        return _fail(
            Msg("'{kind}' is not a bot; --seats takes {kinds} (people play in the table).", kind=bad[0],
                kinds=Listing(SHOWN_KINDS, ","))
        )  # fmt: skip
    players = args.players if args.players is not None else len(kinds)
    if not 1 <= players <= 5:
        return _fail(Msg("Le Havre is played by 1 to 5 players; give 1 to 5 seats or --players 1 to 5."))
    lineup = [seating(kinds, g, players) for g in range(args.games)]
    games = [(seats, variant, args.seed + g, args.budget, args.playouts) for g, seats in enumerate(lineup)]
    wins = dict.fromkeys(kinds, 0.0)
    seats_played = dict.fromkeys(kinds, 0)
    with Bar(len(games), _("games")) as bar:

        def played(g: int, r: GameResult) -> None:
            for i, kind in enumerate(lineup[g]):
                seats_played[kind] += 1
                if i in r.winners:
                    wins[kind] += 1 / len(r.winners)
            bar.advance(note=_win_shares(wins, seats_played))  # a share per seat, as in the table after

        series = play_series(play_game, games, args.jobs, played)
    stats = {k: KindStats(k) for k in kinds}
    for g, r in enumerate(series.results):  # in the order of the games, however they were shared out
        if r is not None:
            count_game(stats, lineup[g], r)
    rows = [
        {
            "kind": st.kind,
            "seats": st.games,
            "wins": round(st.wins, 2),
            "win_rate": round(st.win_rate, 3),
            "average_wealth": round(st.avg_wealth, 1),
            "ms_per_move_mean": round(st.avg_time * 1000, 2),
            "ms_per_move_median": round(st.median_time * 1000, 2),
        }
        for st in stats.values()
    ]
    if args.json:
        print(json.dumps(rows))
    else:
        finished = len(series.finished)
        print(f"{plural(finished, variant + ' game')}, {plural(players, 'player')}, seats rotating: {', '.join(kinds)}")
        print(f"{'kind':<10} {'seats':>5} {'wins':>6} {'win %':>6} {'wealth':>7} {'ms/move':>8} {'median':>7}")
        for st in stats.values():
            print(
                f"{st.kind:<10} {st.games:>5} {st.wins:>6.2f} {100 * st.win_rate:>5.1f}% "
                f"{st.avg_wealth:>7.1f} {st.avg_time * 1000:>8.2f} {st.median_time * 1000:>7.2f}"
            )
    return _stopped(series) if series.stopped else 0


def _review(args: argparse.Namespace) -> int:
    """The costliest moves of a saved game; the save is only read."""
    from .bots.review import PLAYOUTS, review_game, review_text, reviewed_seats
    from .engine.save import SaveError, load_save, read_seats
    from .progress import Bar
    from .save_files import read_save_file

    playouts = PLAYOUTS if args.playouts is None else args.playouts
    if not 1 <= playouts <= 100_000:
        return _fail(Msg("--playouts is how many trial games the expert plays for a move: give 1 to 100000."))
    try:
        text = read_save_file(Path(args.save))
        setup, actions, state, _narration = load_save(text)
    except SaveError as exc:
        return _fail(exc.msg)
    try:
        seats = reviewed_seats(state.names, read_seats(text), args.player)
    except ValueError as exc:
        return _fail(exc.args[0])
    with Bar(0, render(Msg("Reviewing the game"))) as bar:
        reviews = review_game(
            setup, actions, seats, playouts=playouts,
            progress=lambda what, done, total: bar.show(done, total, render(what)),
        )  # fmt: skip
    _print_lines([render(line) for line in review_text(reviews)])
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from .bots.tournament import search_options_error
    from .progress import Bar
    from .series import default_jobs, play_series

    variant_: Variant = "short" if args.short else "full"
    if args.games < 1:
        return _fail(Msg("Play at least one game: --games 1 or more."))
    if args.jobs is not None and args.jobs < 1:
        return _fail(Msg(
            "--jobs is how many games are played at once: give 1 or more (the default is every core: {cores} here).",
            cores=default_jobs(),
        ))  # fmt: skip
    args.jobs = default_jobs() if args.jobs is None else args.jobs
    problem = search_options_error(args.budget, args.playouts)
    if problem:
        return _fail(problem)
    if args.seats:
        return _tournament(args, variant_)
    if args.players is None:
        return _fail(Msg("Say how many players: --players 1 to 5 (or give bot seats with --seats)."))
    if not 1 <= args.players <= 5:
        return _fail(Msg("Le Havre is played by 1 to 5 players; choose --players 1 to 5."))
    variant: Variant = "short" if args.short else "full"
    games = [(args.players, variant, args.seed + k) for k in range(args.games)]
    results: list[dict[str, Any] | None] = [None] * len(games)
    wins: dict[str, float] = {}
    shown = 0  # the results are printed in the order of the games, each as soon as those before it are
    done = 0
    with Bar(len(games), _("games")) as bar:

        def played(k: int, r: dict[str, Any]) -> None:
            nonlocal shown, done
            results[k] = {"game": k + 1, **r}
            done += 1
            for name in r["winners"]:
                wins[name] = wins.get(name, 0.0) + 1 / len(r["winners"])
            bar.advance(note=_win_shares(dict(sorted(wins.items())), done))
            while shown < len(results) and (ready := results[shown]) is not None:
                if not args.json:
                    bar.print(_result_line(ready))
                shown += 1

        series = play_series(simulate_game, games, args.jobs, played)
    finished = [r for r in results if r is not None]
    if args.json:
        print(json.dumps(finished))
    elif series.stopped:  # the games finished after one still being played when Ctrl+C came
        for r in results[shown:]:
            if r is not None:
                print(_result_line(r))
    return _stopped(series) if series.stopped else 0


def _result_line(r: dict[str, Any]) -> str:
    scores = ", ".join(f"{name} {total}" for name, total in r["scores"].items())
    if r["finished"]:
        won = " and ".join(r["winners"])
        head = f"{won} win{'s' if len(r['winners']) == 1 else ''}"
    else:
        head = "unfinished"
    return (
        f"Game {r['game']} (seed {r['seed']}): {head}; scores {scores}; {r['actions']} actions in {r['seconds']:.2f} s."
    )


# --- entry point --------------------------------------------------------------------------------


def _fail(message: Msg | str) -> int:
    print(render(message), file=sys.stderr)
    return EXIT_ERROR


def _print_lines(lines: Sequence[str]) -> None:
    for line in lines:
        print(line)


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser; its help texts are in the reader's language (set it first)."""
    parser = argparse.ArgumentParser(
        prog="lehavre",
        description=_(
            "Le Havre in the terminal. 'lehavre' alone opens the set-up screen to start a game; "
            "the commands below open a game straight away, play scripts, review or simulate games."
        ),
    )
    add_language_option(parser, top=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    run = sub.add_parser("run", help=_("play a script of commands and print the log"))
    run.add_argument("script", metavar="SCRIPT", help=_("set-up header, a '---' line, then commands"))
    run.add_argument("--json", action="store_true", help=_("print the final state and scores as JSON"))
    add_language_option(run)
    rev = sub.add_parser(
        "review", help=_("the moves of a saved game that cost most against the expert's estimate (read-only)")
    )
    rev.add_argument("save", metavar="SAVE", help=_("a saved game, finished or not"))
    rev.add_argument("--player", default=None, help=_("whose moves (default: each human)"))
    rev.add_argument(
        "--playouts", type=int, default=None, help=_("the expert's trial games a move (default 40; more is slower)")
    )
    add_language_option(rev)
    sim = sub.add_parser(
        "simulate",
        help="play random legal games to the end",
        epilog=_("Ctrl+C stops the games: the results of those finished are printed, and the exit status is 130."),
    )
    sim.add_argument("--players", type=int, default=None, help="number of players, 1 to 5")
    sim.add_argument(
        "--seats",
        default=None,
        help="bots rotating through the seats: random, easy, medium, hard or expert, e.g. expert,hard",
    )
    sim.add_argument(
        "--budget", type=float, default=2.0, help="seconds a move for the hard and expert bots (default 2)"
    )
    sim.add_argument(
        "--playouts",
        type=int,
        default=None,
        help="playouts a move for the hard and expert bots, instead of a time (same seed, same moves)",
    )
    sim.add_argument("--short", action="store_true", help="the short game")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    sim.add_argument("--games", type=int, default=1, help="number of games (default 1)")
    sim.add_argument("--json", action="store_true", help="print a JSON list of results")
    sim.add_argument(
        "--jobs",
        type=int,
        default=None,
        help=_("games played at once, each in a process of its own (default: every core); "
               "the results are the same for any number"),
    )  # fmt: skip
    from .tui.launch import add_play_commands  # the table: new, load, --continue

    add_play_commands(parser, sub)
    from .net.options import add_host_command  # a hosted table: host, join
    from .tui.join import add_join_command

    add_host_command(sub)
    add_join_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    set_language(resolve_language(None))  # the environment's: also for a word on a bad --lang
    try:  # the help texts are read in the language asked for: known before parsing
        set_language(resolve_language(argv_language(words)))
    except LanguageError as exc:
        return _fail(str(exc))
    parser = build_parser()
    try:
        args = parser.parse_args(words)
    except SystemExit as exc:  # --help, or a usage error already explained by argparse
        return exc.code if isinstance(exc.code, int) else EXIT_ERROR
    if args.command in ("run", "simulate", "review"):
        gc.enable()  # paused for the launch by `lehavre_tui.__main__`; these may run long
    if args.command in ("run", "simulate", "review"):
        try:
            return {"run": _run, "simulate": _simulate, "review": _review}[args.command](args)
        except KeyboardInterrupt:  # a simulation keeps its finished games itself (see _stopped)
            from .series import EXIT_INTERRUPTED

            print(render(Msg("Stopped by Ctrl+C.")), file=sys.stderr)
            return EXIT_INTERRUPTED
    if args.command == "host":
        from .net.serve import host_main

        return host_main(args)
    if args.command == "join":
        from .tui.join import join

        return join(args)
    # No subcommand (or new, load, --continue): open the table in the terminal.
    from .tui.launch import play

    return play(args, parser)


if __name__ == "__main__":
    sys.exit(main())
