"""Instructions per random 4-player full game, counted by valgrind (machine-independent).

Run: .venv/bin/python benchmarks/engine_instructions.py [--games 5]
Needs `valgrind` on the PATH. Wall-clock times on a shared machine swing from one minute to
the next; instruction counts repeat exactly, so two versions of the engine compare fairly.
The same games as `engine_speed.py` (seeds 0, 1, 2, ...) are played.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _play(games: int) -> None:
    from engine_speed import random_game  # type: ignore[import-not-found]

    random_game(2, "short", 0)  # the same warm-up as the empty run
    for seed in range(games):
        random_game(4, "full", seed)


def _count(games: int) -> int:
    cmd = [
        "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
        sys.executable, __file__, "--inner", str(games),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stderr
    found = re.search(r"Collected : (\d+)", out)
    if found is None:
        raise SystemExit("valgrind printed no instruction count:\n" + out[-2000:])
    return int(found.group(1))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--inner", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.inner is not None:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        _play(args.inner)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed; this benchmark counts instructions with it.")
    per_game = (_count(args.games) - _count(0)) / args.games
    print(f"random 4-player full game: {per_game / 1e6:.0f} million instructions "
          f"(mean of {args.games} games)")


if __name__ == "__main__":
    main()
