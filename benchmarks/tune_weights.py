"""The value's weights tuned by play: the heuristic with changed weights against the heuristic
with the weights it starts from, in 2-player full games.

Every deal is played twice, the seats swapped, so the luck of the deal cancels out; the
heuristic has no randomness, so a game is the same for the same deal and weights on any
machine. A change is kept when it wins more than `--keep` of the games; the search then goes
on from the better weights (coordinate search). The expert's weights (bots/expert.py) were
found this way.

Run:
  # one pass over every weight, each tried at x0.5 and x1.6, 200 deals (400 games) a try
  .venv/bin/python benchmarks/tune_weights.py --deals 200
  # a second pass, from the expert's weights, with smaller steps and other deals
  .venv/bin/python benchmarks/tune_weights.py --start expert --factors 0.7,1.4 --seed 3000
  # weights against weights, e.g. the expert's against the plain ones
  .venv/bin/python benchmarks/tune_weights.py --match expert --deals 500
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lehavre_tui.bots.expert import EXPERT  # noqa: E402
from lehavre_tui.bots.heuristic import HeuristicBot  # noqa: E402
from lehavre_tui.bots.value import PLAIN, Weights  # noqa: E402
from lehavre_tui.engine.goods import Good  # noqa: E402
from lehavre_tui.engine.rules import apply  # noqa: E402
from lehavre_tui.engine.scoring import score, winners  # noqa: E402
from lehavre_tui.engine.setup import Setup, new_game  # noqa: E402
from lehavre_tui.progress import Bar  # noqa: E402
from lehavre_tui.series import default_jobs, play_series  # noqa: E402

# goods whose worth is scaled together
GROUPS: dict[str, tuple[Good, ...]] = {
    "worth of fish, wood, clay, grain": (Good.FISH, Good.WOOD, Good.CLAY, Good.GRAIN),
    "worth of iron, cattle, coal, hides": (Good.IRON, Good.CATTLE, Good.COAL, Good.HIDES),
    "worth of goods made from them": (
        Good.SMOKED_FISH, Good.CHARCOAL, Good.BRICK, Good.BREAD, Good.MEAT, Good.LEATHER,
    ),
    "worth of steel and coke": (Good.STEEL, Good.COKE),
}
FIELDS = [f.name for f in dataclasses.fields(Weights) if f.name != "worth"]


def scaled(w: Weights, what: str, factor: float) -> Weights:
    """`w` with one weight, or the worth of one group of goods, multiplied by `factor`."""
    if what in GROUPS:
        worth = list(w.worth)
        for g in GROUPS[what]:
            worth[g] *= factor
        return dataclasses.replace(w, worth=tuple(worth))
    return dataclasses.replace(w, **{what: getattr(w, what) * factor})


def game(deal: int, a: Weights, b: Weights, a_first: bool) -> tuple[float, int]:
    """One game of `a` against `b` (`a` first if `a_first`): `a`'s share of the win, and its
    wealth less the opponent's."""
    weights = [a, b] if a_first else [b, a]
    bots = [HeuristicBot(weights=w) for w in weights]
    s = new_game(Setup(players=2, variant="full", seed=deal))
    while s.phase != "over":
        s = apply(s, bots[s.current].choose(s), narrate=False)
    seat = 0 if a_first else 1
    won = winners(s)
    return (1 / len(won) if seat in won else 0.0), score(s, seat).total - score(s, 1 - seat).total


def match(jobs: int, a: Weights, b: Weights, deals: range) -> tuple[float, float]:
    """`a`'s win share and average wealth lead against `b`, every deal played with both seatings,
    `jobs` games at once. Ctrl+C ends the search (after the games of this match that finished)."""
    games = [(d, a, b, first) for d in deals for first in (True, False)]
    with Bar(len(games), "games") as bar:
        series = play_series(game, games, jobs, lambda _i, _r: bar.advance())
    results = series.finished
    share = sum(r[0] for r in results) / max(len(results), 1), sum(r[1] for r in results) / max(len(results), 1)
    if series.stopped:
        print(f"Stopped by Ctrl+C: {len(results)} of {len(games)} games of this match finished: "
              f"{share[0]:.1%}, wealth {share[1]:+.1f}")
        raise SystemExit(130)
    return share


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=200, help="deals a try (each played twice)")
    ap.add_argument("--seed", type=int, default=1000, help="the first deal")
    ap.add_argument("--factors", default="0.5,1.6", help="what each weight is multiplied by")
    ap.add_argument("--keep", type=float, default=0.53, help="win share a change must pass to be kept")
    ap.add_argument("--match", choices=("expert",), default=None, help="only play these weights against the plain")
    ap.add_argument("--start", choices=("plain", "expert"), default="plain", help="the weights the search starts from")
    ap.add_argument("--jobs", type=int, default=default_jobs(), help="games at once (default: every core)")
    args = ap.parse_args()
    deals = range(args.seed, args.seed + args.deals)
    jobs = max(1, args.jobs)
    if args.match:
        t = time.perf_counter()
        share, lead = match(jobs, EXPERT, PLAIN, deals)
        print(f"expert's weights against the plain: {share:.1%} of {2 * args.deals} games, "
              f"wealth {lead:+.1f} a game ({time.perf_counter() - t:.0f} s)")
        return
    best = EXPERT if args.start == "expert" else PLAIN
    for what in [*FIELDS, *GROUPS]:
        for factor in (float(x) for x in args.factors.split(",")):
            tried = scaled(best, what, factor)
            share, lead = match(jobs, tried, best, deals)
            kept = share > args.keep
            print(f"{what} x{factor:g}: {share:.1%}, wealth {lead:+.1f}" + ("  kept" if kept else ""), flush=True)
            if kept:
                best = tried
    print(json.dumps(dataclasses.asdict(best)))


if __name__ == "__main__":
    main()
