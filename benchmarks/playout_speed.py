"""Playouts a second of a search move in a 2-player mid-game position.

Run: .venv/bin/python benchmarks/playout_speed.py [--seconds 3] [--rounds 5] [--profile before|after]

The position: a 2-player full game (seed 7) played by two heuristic bots up to round 8.
"Before" is the flat Monte Carlo search of the `search` level (heuristic policy to the end
of the round, positions valued through the full score breakdown as before); "after" is the
light playout policy (playout.py, used by the review: no sales, the first way of using a
building, no narration), also to the end of the round, from fresh deals of the same
position. The expert plays the search's playouts (heuristic policy) since the light ones
were found to judge moves worse. All are measured in the same run on the same position.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lehavre_tui.bots import value  # noqa: E402
from lehavre_tui.bots.heuristic import HeuristicBot  # noqa: E402
from lehavre_tui.bots.search import SearchBot  # noqa: E402
from lehavre_tui.engine.rules import apply  # noqa: E402
from lehavre_tui.engine.scoring import score  # noqa: E402
from lehavre_tui.engine.setup import Setup, new_game  # noqa: E402
from lehavre_tui.engine.state import GameState  # noqa: E402


def mid_game(seed: int = 7, until_round: int = 8) -> GameState:
    s = new_game(Setup(players=2, variant="full", seed=seed))
    bot = HeuristicBot(seed)
    while s.round < until_round or s.phase != "turn" or s.supplied is False:
        s = apply(s, bot.choose(s))
    while s.phase == "turn" and s.main_done:  # a position with a main action to choose
        s = apply(s, bot.choose(s))
    return s


def flat_search_rate(s: GameState, seconds: float, *, as_before: bool = True) -> float:
    """The `search` level's playouts a second; `as_before` values positions through the full
    score breakdown (`score(s, seat).total`), as the value function did before `wealth`."""
    bot = SearchBot(seed=1, time_budget=seconds)
    fast = value.wealth
    if as_before:
        value.wealth = lambda st, seat: score(st, seat).total
    try:
        t = time.perf_counter()
        an = bot.analyse(s, force=True)
        return an.playouts / (time.perf_counter() - t)
    finally:
        value.wealth = fast


def expert_rate(s: GameState, seconds: float) -> float:
    """Light playouts a second (playout.py), each from a fresh deal of `s`."""
    from lehavre_tui.bots.playout import play_to_round_end
    from lehavre_tui.bots.view import determinise

    rng = random.Random(1)
    n = 0
    t = time.perf_counter()
    while time.perf_counter() - t < seconds:
        deal = rng.getrandbits(32)
        play_to_round_end(determinise(s, s.current, random.Random(deal)), random.Random(deal + 1))
        n += 1
    return n / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--profile", choices=("before", "after"), default=None)
    args = ap.parse_args()
    s = mid_game()
    print(f"position: round {s.round}, turn {s.turn}, phase {s.phase}, seat {s.current}")
    if args.profile:
        fn = flat_search_rate if args.profile == "before" else expert_rate
        prof = cProfile.Profile()
        prof.enable()
        fn(s, args.seconds)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
        return
    random.seed(0)
    # the three take turns, `rounds` times, so a change in the machine's load hits all alike
    befores, nows, afters = [], [], []
    for _ in range(args.rounds):
        befores.append(flat_search_rate(s, args.seconds))
        afters.append(expert_rate(s, args.seconds))
        nows.append(flat_search_rate(s, args.seconds, as_before=False))
    before, after, search_now = (statistics.median(x) for x in (befores, afters, nows))
    print(f"medians of {args.rounds} rounds of {args.seconds:g} s each")
    print(f"before (search, heuristic policy): {before:8.1f} playouts/s")
    print(f"search with today's value function: {search_now:7.1f} playouts/s")
    print(f"after  (light policy, playout.py):  {after:8.1f} playouts/s  ({after / before:.1f}x)")
    print("ratios round by round: " + ", ".join(f"{a / b:.1f}x" for a, b in zip(afters, befores, strict=True)))


if __name__ == "__main__":
    main()
