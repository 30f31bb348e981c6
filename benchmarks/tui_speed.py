"""How quickly the table appears and answers, at 160×48, in a pseudo-terminal.

1. First frame, as a ratio: launch a bare Textual app (Header, Static, Input, Footer:
   `benchmarks/bare_app.py`) and the game (`lehavre new --players 2 --short --seed 1`) the
   same way (`python -m ...` in a pseudo-terminal of 160×48), alternately, several times
   each, and time each from the launch to its first frame on screen (the bare app's text; the
   table's top bar). The machine's load moves both alike, so the ratio of the medians is the
   figure that says what the table costs. Goal: at most 1.5×. The set-up screen (`lehavre`
   alone) is launched in turn with them; its goal: at most 1.25×.
2. Enter to the result: in the game, type commands and time from the Enter key to the output
   that shows the move's result. Goal: median at most 35 ms. The medians of the moves that
   redraw the table in place and of those that open or close a window are shown too.

    .venv/bin/python benchmarks/tui_speed.py [--launches 9] [--games 3] [--compare DIR]

`--compare DIR` times another copy of the game (a checkout of an older version, say) the same
way, in the same run, its launches alternating with the others: on a shared machine only
figures from one run can be compared. `--instructions` also counts the instructions from the
launch to the first frame under valgrind (`benchmarks/first_frame.py`), which the machine's
load does not move. The load average is printed before and after.

Launches run as a player's second and later launches do: the bytecode of both programs cached
(Python writes it on the first run; here in a folder of this run, even where
PYTHONDONTWRITEBYTECODE is set) and the game's parsed card files cached (LEHAVRE_CACHE, also a
folder of this run), both filled by uncounted warm-up launches. With `--no-bytecode-cache`
every launch compiles the modules that have no bytecode yet.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import pty
import re
import select
import shutil
import statistics
import struct
import sys
import tempfile
import termios
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COLS, ROWS = 160, 48
ANSI = re.compile(rb"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>]")

# (what to type, text that appears once the table shows the result). `end` opens the handoff
# window, Enter on an empty bar closes it, `show` opens a card: these change windows; the
# others redraw the table in place.
WINDOWS = ("end", "(close handoff)", "show fishery")
SCRIPT: list[tuple[str, str]] = [
    ("supply", "(main action)"),
    ("take wood", "takes the 3 wood"),
    ("end", "Ben is at the keyboard"),
    ("", "Turn 2 of 7"),  # Enter closes the handoff window
    ("supply", "second chit"),
    ("take francs", "takes the 4 francs"),
    ("end", "Anna is at the keyboard"),
    ("", "Turn 3 of 7"),
    ("supply", "third chit"),
    ("show fishery", "Rybárna"),
]

GAME_ARGS = ["new", "--players", "2", "--short", "--seed", "1"]


@dataclass
class Program:
    label: str
    cmd: list[str]
    ready: str  # text on its first frame
    env: dict[str, str] = field(default_factory=dict)
    cwd: Path = ROOT  # where it is started (`python -m` finds its package there first)


BARE = Program("bare Textual app", [sys.executable, "-m", "benchmarks.bare_app"], "READY-BARE")
GAME = Program("the table", [sys.executable, "-m", "lehavre_tui", *GAME_ARGS], "Round 1/8")
SETUP = Program("the set-up screen", [sys.executable, "-m", "lehavre_tui"], "A new game")
GOALS = {SETUP.label: 1.25}  # the table's goal: 1.5

LAUNCH_ENV: dict[str, str] = {}  # the bytecode and card-data caches of this run (see main)


def _read(fd: int, timeout: float) -> bytes:
    ready, _, _ = select.select([fd], [], [], timeout)
    if not ready:
        return b""
    try:
        return os.read(fd, 1 << 16)
    except OSError:
        return b""


def _wait_for(fd: int, marker: str, limit: float = 10.0) -> float:
    """Seconds until `marker` shows up in the terminal output (escape codes removed).

    The output is cleaned as it arrives (an escape code cut in two by a read waits for the
    rest), so that this process spends little of the machine's time while the program draws."""
    start = time.perf_counter()
    raw = b""  # output not cleaned yet: at most the start of an escape code
    plain = b""
    want = marker.encode()
    while time.perf_counter() - start < limit:
        raw += _read(fd, 0.05)
        cut = raw.rfind(b"\x1b")
        if cut < 0 or len(raw) - cut > 256:  # no escape code left open
            cut = len(raw)
        plain = plain[-len(want) :] + ANSI.sub(b"", raw[:cut])
        raw = raw[cut:]
        if want in plain or want in plain[-len(want) :] + ANSI.sub(b"", raw):
            return time.perf_counter() - start
    raise TimeoutError(f"'{marker}' did not appear within {limit} s")


def _drain(fd: int, quiet: float = 0.3) -> None:
    """Read until the terminal has been quiet for `quiet` seconds."""
    while _read(fd, quiet):
        pass


@contextlib.contextmanager
def launched(program: Program, cmd: list[str] | None = None) -> Iterator[tuple[int, int, float]]:
    """Start the program in a pseudo-terminal of 160×48; yields (pid, fd, start time)."""
    data = tempfile.mkdtemp(prefix="lehavre-bench-")
    env = {**os.environ, "LEHAVRE_DATA": data, "TERM": "xterm-256color", "COLORTERM": "truecolor"}
    env["LC_ALL"] = "C.UTF-8"  # the table in English, whatever this terminal's language: SCRIPT waits for English words
    env = {**env, **LAUNCH_ENV, **program.env}
    env = {k: v for k, v in env.items() if v}  # an empty value removes the variable
    argv = cmd or program.cmd
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the program, in the child
        os.chdir(program.cwd)
        # the size is set here too, so the program never sees the pty's default size
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    try:
        yield pid, fd, start
        with contextlib.suppress(OSError):  # the program may have stopped by itself
            os.write(fd, b"\x11")  # ctrl+q
            _drain(fd, 0.3)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, 9)  # the program started above, if it did not quit by itself
        with contextlib.suppress(ChildProcessError):  # already waited for
            os.waitpid(pid, 0)
        os.close(fd)
        shutil.rmtree(data, ignore_errors=True)


def first_frame(program: Program) -> float:
    """Seconds from the launch to the program's first frame on screen."""
    with launched(program) as (_pid, fd, start):
        _wait_for(fd, program.ready)
        return time.perf_counter() - start


def first_frames(programs: list[Program], launches: int) -> dict[str, list[float]]:
    """Each program's first frames, the programs launched in turn (one uncounted launch each)."""
    for program in programs:
        first_frame(program)  # fills the caches; not counted
    times: dict[str, list[float]] = {p.label: [] for p in programs}
    for _ in range(launches):
        for program in programs:
            times[program.label].append(first_frame(program))
    return times


def instructions(program: Program) -> int:
    """Instructions (counted by valgrind) from the launch to the program's first frame."""
    which = ["bare"] if program is BARE else ["game"] if program is SETUP else ["game", *GAME_ARGS]
    with tempfile.NamedTemporaryFile(prefix="lehavre-bench-vg-", suffix=".log") as log:
        vg = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", f"--log-file={log.name}"]
        cmd = [*vg, sys.executable, str(ROOT / "benchmarks" / "first_frame.py"), *which]
        first_frame(program)  # the caches, as for the timed launches
        with launched(program, cmd) as (pid, fd, _):
            while os.waitpid(pid, os.WNOHANG) == (0, 0):
                _read(fd, 0.5)  # keep the terminal's output flowing until the program stops
        found = re.search(r"Collected : (\d+)", Path(log.name).read_text())
    if found is None:
        raise SystemExit(f"valgrind counted nothing for {program.label}")
    return int(found.group(1))


def in_terminal(program: Program) -> list[tuple[str, float]]:
    """Play SCRIPT in the game in a pseudo-terminal: Enter to the result, for each command."""
    times: list[tuple[str, float]] = []
    with launched(program) as (_pid, fd, _start):
        _wait_for(fd, program.ready)
        _drain(fd)
        for text, marker in SCRIPT:
            if text:
                os.write(fd, text.encode())
                _drain(fd, 0.2)
            t0 = time.perf_counter()
            os.write(fd, b"\r")
            _wait_for(fd, marker)
            times.append((text or "(close handoff)", time.perf_counter() - t0))
            _drain(fd)
    return times


def report(label: str, times: list[tuple[str, float]], detail: bool) -> None:
    ms = [t * 1000 for _, t in times]
    print(f"  {label}: median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms over {len(ms)} commands")
    for kind, window in (("moves on the table", False), ("window opened or closed", True)):
        some = [t * 1000 for text, t in times if (text in WINDOWS) == window]
        print(f"    {kind:<24} median {statistics.median(some):.0f} ms over {len(some)}")
    if detail:
        for text in dict.fromkeys(text for text, _ in times):
            some = [t * 1000 for x, t in times if x == text]
            print(f"      {text:<18} median {statistics.median(some):4.0f} ms over {len(some)}")


def spread(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    return f"median {statistics.median(ms):4.0f} ms (from {ms[0]:.0f} to {ms[-1]:.0f}, {len(ms)} launches)"


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--launches", type=int, default=9, help="launches of each program for the first frame (default 9)")
    ap.add_argument("--games", type=int, default=3, help="games in which the script is typed (default 3)")
    ap.add_argument("--compare", metavar="DIR", help="also time the game in DIR (another checkout), in the same run")
    ap.add_argument(
        "--instructions", action="store_true", help="also count instructions to the first frame (valgrind; minutes)"
    )
    ap.add_argument("--no-bytecode-cache", action="store_true", help="launch as the environment says (no shared cache)")
    ap.add_argument("--detail", action="store_true", help="the median of each command too")
    args = ap.parse_args()
    caches = tempfile.mkdtemp(prefix="lehavre-bench-caches-")
    LAUNCH_ENV["LEHAVRE_CACHE"] = str(Path(caches) / "content")
    if not args.no_bytecode_cache:
        LAUNCH_ENV.update(PYTHONPYCACHEPREFIX=str(Path(caches) / "bytecode"), PYTHONDONTWRITEBYTECODE="")
    games = [GAME]
    if args.compare:
        other = Path(args.compare).resolve()
        if not (other / "lehavre_tui").is_dir():
            raise SystemExit(f"{other} has no lehavre_tui to compare with")
        games.append(Program(f"the table in {other.name}", GAME.cmd, GAME.ready, {"PYTHONPATH": str(other)}, other))
    try:
        run(args, games)
    finally:
        shutil.rmtree(caches, ignore_errors=True)


def run(args: argparse.Namespace, games: list[Program]) -> None:
    print(f"Before: {load()}")
    print("Bytecode: " + ("compiled where not cached" if args.no_bytecode_cache else "cached, as after a first run"))
    names = ", ".join(p.label for p in [BARE, *games])
    print(f"Pseudo-terminal {COLS}×{ROWS}, launch to first frame ({names} in turn, {args.launches} each):")
    games = [*games, SETUP]
    times = first_frames([BARE, *games], args.launches)
    bare = times[BARE.label]
    print(f"    {BARE.label:<26} {spread(bare)}")
    for game in games:
        mine = times[game.label]
        ratio = statistics.median(mine) / statistics.median(bare)
        each = sorted(g / b for g, b in zip(mine, bare, strict=True))
        print(f"    {game.label:<26} {spread(mine)}")
        print(
            f"    {'':<26} ratio of medians {ratio:.2f}× (goal <= {GOALS.get(game.label, 1.5)}×); "
            f"launch by launch {each[0]:.2f}× to {each[-1]:.2f}×, median {statistics.median(each):.2f}×"
        )
    if args.instructions:
        if shutil.which("valgrind") is None:
            print("    (no valgrind here: instructions not counted)")
        elif args.compare:
            print("    (instructions are counted for this checkout only)")
        if shutil.which("valgrind") is not None:
            bare_n, game_n, setup_n = instructions(BARE), instructions(GAME), instructions(SETUP)
            print(
                f"    instructions: bare {bare_n / 1e6:.0f} million, the table {game_n / 1e6:.0f} million: "
                f"{game_n / bare_n:.2f}×, the set-up screen {setup_n / 1e6:.0f} million: {setup_n / bare_n:.2f}× "
                "(valgrind; the same on a quiet or a busy machine)"
            )
    if args.games <= 0:
        print(f"After: {load()}")
        return
    print("Pseudo-terminal, Enter to the result on screen (goal: median <= 35 ms):")
    games = [g for g in games if g is not SETUP]  # the script is typed at the table
    results: dict[str, list[tuple[str, float]]] = {g.label: [] for g in games}
    for _ in range(args.games):
        for game in games:
            results[game.label].extend(in_terminal(game))
    for game in games:
        report(game.label, results[game.label], args.detail)
    print(f"After: {load()}")


if __name__ == "__main__":
    main()
