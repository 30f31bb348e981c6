"""Bots against bots: the ladder of levels and the 4-player figure, with win shares, average
wealth and time a move, and a 95 % confidence interval for every win share.

Run:
  # the ladder: each level against the next one up, 2-player full games, seats rotating
  .venv/bin/python benchmarks/bots_tournament.py ladder --games 200 --budget 0.2
  # every pair of levels instead of neighbours
  .venv/bin/python benchmarks/bots_tournament.py ladder --pairs all --games 50 --playouts 20
  # expert against three hard bots, 4-player full games, the expert's seat rotating
  .venv/bin/python benchmarks/bots_tournament.py four --games 100 --budget 0.2
  # the statistics of games logged so far (also of a run that was stopped)
  .venv/bin/python benchmarks/bots_tournament.py summary --log games.jsonl
  # any line-up, as before
  .venv/bin/python benchmarks/bots_tournament.py kinds --kinds expert,hard --games 20 --playouts 20

A time a move (--budget) is what players feel but depends on the machine and its load; a
playout count a move (--playouts for hard, --expert-playouts for expert) makes every game
repeatable from its seed. Every finished game is printed as a JSON line (--log FILE), so a
long run that is stopped still counts what it played.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lehavre_tui.bots.levels import LEVELS  # noqa: E402
from lehavre_tui.bots.tournament import GameResult, KindStats, count_game, play_game, seating, wilson  # noqa: E402
from lehavre_tui.engine.state import Variant  # noqa: E402
from lehavre_tui.progress import Bar  # noqa: E402
from lehavre_tui.series import default_jobs, play_series  # noqa: E402


def _game(seats: list[str], variant: Variant, seed: int, budget: float, playouts: int | None,
          expert_playouts: int | None) -> GameResult:
    return play_game(seats, variant, seed, budget, playouts, expert_playouts=expert_playouts)


def run(
    kinds: list[str], games: int, players: int, variant: Variant, seed: int, budget: float,
    playouts: int | None, expert_playouts: int | None, log: Any, jobs: int,
) -> dict[str, KindStats]:
    """`games` games, the kinds rotating through the seats, `jobs` at once (the same games and
    results for any number); statistics per kind. Ctrl+C counts the games finished."""
    lineup = [seating(kinds, g, players) for g in range(games)]
    with Bar(games, "games") as bar:

        def finished(g: int, r: GameResult) -> None:
            bar.advance()
            if log is not None:
                print(json.dumps({"seats": lineup[g], "seed": seed + g, "scores": r.scores, "winners": r.winners,
                                  "moves": r.moves, "seconds": [round(sum(t), 2) for t in r.move_times]}),
                      file=log, flush=True)

        series = play_series(
            _game, [(seats, variant, seed + g, budget, playouts, expert_playouts) for g, seats in enumerate(lineup)],
            jobs, finished,
        )
    stats = {k: KindStats(k) for k in kinds}
    for g, r in enumerate(series.results):
        if r is not None:
            count_game(stats, lineup[g], r)
    if series.stopped:
        print(f"Stopped by Ctrl+C: {len(series.finished)} of {games} games finished; the figures are theirs.")
    return stats


def table(title: str, stats: dict[str, KindStats]) -> None:
    print(title)
    print(f"{'level':<8} {'seats':>5} {'wins':>6} {'win %':>6} {'95% interval':>14} {'wealth':>7} "
          f"{'ms/move':>8} {'median':>7}")
    for st in stats.values():
        lo, hi = wilson(st.wins, st.games)
        print(f"{st.kind:<8} {st.games:>5} {st.wins:>6.1f} {100 * st.win_rate:>5.1f}% "
              f"{100 * lo:>6.1f}–{100 * hi:<5.1f}% {st.avg_wealth:>7.1f} {1000 * st.avg_time:>8.1f} "
              f"{1000 * st.median_time:>7.1f}")
    print(flush=True)


def summary(path: str) -> None:
    """Win shares, average wealth and seconds a move (a seat's thinking time over its share of
    the moves) of the games in a log."""
    stats: dict[str, KindStats] = {}
    games = 0
    for line in open(path, encoding="utf-8"):  # noqa: SIM115
        g = json.loads(line)
        games += 1
        seats = g["seats"]
        for i, kind in enumerate(seats):
            st = stats.setdefault(kind, KindStats(kind))
            st.games += 1
            st.wealth.append(g["scores"][i])
            st.times.append(g["seconds"][i] / (g["moves"] / len(seats)))
            if i in g["winners"]:
                st.wins += 1 / len(g["winners"])
    table(f"{path}: {games} games (ms/move: a seat's thinking time over its share of the moves)", stats)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("ladder", "four", "kinds", "summary"))
    ap.add_argument("--games", type=int, default=200, help="games a pair (ladder) or in all")
    ap.add_argument("--pairs", choices=("next", "all"), default="next", help="ladder: neighbours or every pair")
    ap.add_argument("--levels", default=",".join(LEVELS), help="ladder: the levels, weakest first")
    ap.add_argument("--kinds", default="medium,easy", help="kinds: the bots, comma-separated")
    ap.add_argument("--variant", choices=("full", "short"), default="full")
    ap.add_argument("--budget", type=float, default=0.2, help="seconds a move for hard and expert")
    ap.add_argument("--playouts", type=int, default=None, help="playouts a move for hard (and expert)")
    ap.add_argument("--expert-playouts", type=int, default=None, help="the expert's, if not --playouts")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--log", default=None, help="append a JSON line a game to this file")
    ap.add_argument("--jobs", type=int, default=default_jobs(), help="games at once (default: every core)")
    args = ap.parse_args()
    if args.what == "summary":
        summary(args.log)
        return
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    thinking = (f"{args.playouts} playouts a move" if args.playouts else f"{args.budget} s a move") + (
        f", expert {args.expert_playouts} playouts a move" if args.expert_playouts else "")
    common = dict(variant=args.variant, seed=args.seed, budget=args.budget, playouts=args.playouts,
                  expert_playouts=args.expert_playouts, log=log, jobs=max(1, args.jobs))
    t = time.perf_counter()
    if args.what == "ladder":
        levels = [k.strip() for k in args.levels.split(",") if k.strip()]
        if args.pairs == "next":
            pairs = list(zip(levels, levels[1:], strict=False))
        else:
            pairs = [(a, b) for i, a in enumerate(levels) for b in levels[i + 1:]]
        for low, high in pairs:
            stats = run([high, low], args.games, 2, **common)  # type: ignore[arg-type]
            table(f"{high} against {low}: {args.games} 2-player {args.variant} games, seats rotating, {thinking}",
                  stats)
    elif args.what == "four":
        stats = run(["expert", "hard", "hard", "hard"], args.games, 4, **common)  # type: ignore[arg-type]
        table(f"expert against three hard: {args.games} 4-player {args.variant} games, the expert's seat rotating, "
              f"{thinking} (hard: wins counted per seat, a share of the three)", stats)
    else:
        kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
        stats = run(kinds, args.games, len(kinds), **common)  # type: ignore[arg-type]
        table(f"{', '.join(kinds)}: {args.games} {args.variant} games, seats rotating, {thinking}", stats)
    print(f"{time.perf_counter() - t:.0f} s")


if __name__ == "__main__":
    main()
