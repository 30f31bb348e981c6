"""Playouts a second of a search move in a 2-player mid-game position.

Run: .venv/bin/python benchmarks/playout_speed.py [--seconds 3] [--rounds 5] [--before DIR]
     .venv/bin/python benchmarks/playout_speed.py --profile expert|hard

The position: a 2-player full game (seed 7) played by two heuristic bots up to round 8, at a
main action. Measured, taking turns so that a change in the machine's load hits all alike:
- hard: a move of the hard bot (search.py: the heuristic plays every seat to the round's end);
- expert: a move of the expert (expert.py: the light policy, playout.py, with the expert's
  weights, through the rest of the round and the next);
- light: the expert's policy alone, from fresh deals, to the round's end (one round, as the
  others' playouts);
- before (with --before DIR, a checkout of an earlier version, e.g. made by
  `git worktree add /tmp/before 931791a^`, the version before the levels): a move of that
  version's search bot, run by that version's own code in a child process.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lehavre_tui.bots.expert import EXPERT, ExpertBot  # noqa: E402
from lehavre_tui.bots.heuristic import HeuristicBot  # noqa: E402
from lehavre_tui.bots.playout import play_to_round_end  # noqa: E402
from lehavre_tui.bots.search import SearchBot  # noqa: E402
from lehavre_tui.bots.view import determinise  # noqa: E402
from lehavre_tui.engine.rules import apply  # noqa: E402
from lehavre_tui.engine.setup import Setup, new_game  # noqa: E402
from lehavre_tui.engine.state import GameState  # noqa: E402

# Run by the checkout given with --before, in its own process: the same position, its search.
BEFORE = """
import sys, time
sys.path.insert(0, sys.argv[1])
from lehavre_tui.bots.heuristic import HeuristicBot
from lehavre_tui.bots.search import SearchBot
from lehavre_tui.engine.rules import apply
from lehavre_tui.engine.setup import Setup, new_game
s = new_game(Setup(players=2, variant="full", seed=7))
bot = HeuristicBot(7)
while s.round < 8 or s.phase != "turn" or s.supplied is False:
    s = apply(s, bot.choose(s))
while s.phase == "turn" and s.main_done:
    s = apply(s, bot.choose(s))
t = time.perf_counter()
an = SearchBot(seed=1, time_budget=float(sys.argv[2])).analyse(s, force=True)
print(an.playouts / (time.perf_counter() - t), s.round, s.turn)
"""


def mid_game(seed: int = 7, until_round: int = 8) -> GameState:
    s = new_game(Setup(players=2, variant="full", seed=seed))
    bot = HeuristicBot(seed)
    while s.round < until_round or s.phase != "turn" or s.supplied is False:
        s = apply(s, bot.choose(s))
    while s.phase == "turn" and s.main_done:  # a position with a main action to choose
        s = apply(s, bot.choose(s))
    return s


def hard_rate(s: GameState, seconds: float) -> float:
    """The hard bot's playouts a second in one search move."""
    t = time.perf_counter()
    an = SearchBot(seed=1, time_budget=seconds).analyse(s, force=True)
    return an.playouts / (time.perf_counter() - t)


def expert_rate(s: GameState, seconds: float) -> float:
    """The expert's playouts a second in one search move."""
    t = time.perf_counter()
    an = ExpertBot(seed=1, time_budget=seconds).analyse(s, force=True)
    return an.playouts / (time.perf_counter() - t)


def light_rate(s: GameState, seconds: float) -> float:
    """The light policy's playouts a second with the expert's weights, to the round's end."""
    rng = random.Random(1)
    n = 0
    t = time.perf_counter()
    while time.perf_counter() - t < seconds:
        deal = rng.getrandbits(32)
        world = determinise(s, s.current, random.Random(deal))
        play_to_round_end(world, random.Random(deal + 1), w=EXPERT)
        n += 1
    return n / (time.perf_counter() - t)


def before_rate(checkout: Path, seconds: float, s: GameState) -> float:
    """The search bot's playouts a second in the checkout, in the same position."""
    out = subprocess.run(
        [sys.executable, "-c", BEFORE, str(checkout), str(seconds)], capture_output=True, text=True, check=True
    ).stdout.split()
    if (int(out[1]), int(out[2])) != (s.round, s.turn):
        raise SystemExit(f"the checkout reached another position (round {out[1]}, turn {out[2]})")
    return float(out[0])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--before", type=Path, default=None, help="a checkout of an earlier version")
    ap.add_argument("--profile", choices=("expert", "hard"), default=None)
    args = ap.parse_args()
    s = mid_game()
    print(f"position: round {s.round}, turn {s.turn}, phase {s.phase}, seat {s.current}")
    if args.profile:
        fn = expert_rate if args.profile == "expert" else hard_rate
        prof = cProfile.Profile()
        prof.enable()
        fn(s, args.seconds)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
        return
    rates: dict[str, list[float]] = {"before": [], "hard": [], "expert": [], "light": []}
    for _ in range(args.rounds):
        if args.before is not None:
            rates["before"].append(before_rate(args.before, args.seconds, s))
        rates["hard"].append(hard_rate(s, args.seconds))
        rates["expert"].append(expert_rate(s, args.seconds))
        rates["light"].append(light_rate(s, args.seconds))
    med = {k: statistics.median(v) for k, v in rates.items() if v}
    print(f"medians of {args.rounds} rounds of {args.seconds:g} s each, playouts a second:")
    for k, v in med.items():
        ratio = f"  ({v / med['before']:.1f}x before)" if "before" in med and k != "before" else ""
        print(f"  {k:7s} {v:8.1f}{ratio}")
    if "before" in med:
        for k in ("expert", "light"):
            print(f"{k} against before, round by round: "
                  + ", ".join(f"{a / b:.1f}x" for a, b in zip(rates[k], rates["before"], strict=True)))


if __name__ == "__main__":
    main()
