"""Bots against bots: win rates, average wealth and time per move.

Run: .venv/bin/python benchmarks/bots_tournament.py --games 40 --kinds heuristic,random
     .venv/bin/python benchmarks/bots_tournament.py --games 10 --kinds search,heuristic --budget 0.2
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lehavre_tui.bots.tournament import KINDS, tournament  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--kinds", default="heuristic,random", help=f"comma-separated, of {', '.join(KINDS)}")
    ap.add_argument("--variant", choices=("full", "short"), default="full")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--budget", type=float, default=2.0, help="seconds per move for the search bot")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    t = time.perf_counter()
    stats = tournament(kinds, args.games, args.variant, args.seed, args.players, args.budget)
    dt = time.perf_counter() - t
    print(f"{args.games} {args.variant} games, {args.players} players, kinds {', '.join(kinds)}"
          f"{f', search budget {args.budget} s' if 'search' in kinds else ''}: {dt:.0f} s")
    print(f"{'kind':<10} {'seats':>5} {'wins':>6} {'wins %':>7} {'avg wealth':>11} {'avg ms/move':>12} "
          f"{'median ms/move':>15}")
    for st in stats.values():
        print(f"{st.kind:<10} {st.games:>5} {st.wins:>6.1f} {100 * st.win_rate:>6.1f}% {st.avg_wealth:>11.1f} "
              f"{1000 * st.avg_time:>12.2f} {1000 * st.median_time:>15.2f}")


if __name__ == "__main__":
    main()
