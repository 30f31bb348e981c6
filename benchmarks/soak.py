"""Soak test: random games over every set-up for a given time, checking the table after every move.

Run: .venv/bin/python benchmarks/soak.py --seconds 300 [--seed 0]

Games go round the ten set-ups (1 to 5 players, full and short game), each played by
uniformly random legal moves from its own seed. After every move the table is checked
(`lehavre_tui.engine.invariants`: nothing negative, every card in one place, seven turns a
round) and the move's command line must read back as the same move; at the end of every
game the turns, the decks, the replay of the moves and the save -> load round trip are
checked. A game that breaks a check or raises is a failure, reported with its set-up and
seed so that it can be replayed; the soak goes on with the next game.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lehavre_tui.commands import parse, to_command  # noqa: E402
from lehavre_tui.engine.actions import Action  # noqa: E402
from lehavre_tui.engine.invariants import RoundCount, finished_game_problems, table_problems  # noqa: E402
from lehavre_tui.engine.rules import apply, legal_actions  # noqa: E402
from lehavre_tui.engine.setup import Setup, complete_setup, new_game  # noqa: E402

SETUPS = [(players, variant) for players in range(1, 6) for variant in ("full", "short")]
MAX_MOVES = 20_000  # a random game longer than this is a failure (it would never end)


@dataclass
class Tally:
    games: int = 0
    moves: int = 0
    failures: list[str] = field(default_factory=list)
    per_setup: dict[str, int] = field(default_factory=dict)


def soak_game(players: int, variant: str, seed: int) -> tuple[int, list[str]]:
    """Play one random game with every check; returns its moves and the problems found."""
    setup = complete_setup(Setup(players=players, variant=variant, seed=seed))  # type: ignore[arg-type]
    s = new_game(setup)
    rng = random.Random(seed)
    actions: list[Action] = []
    rounds = RoundCount()
    while s.phase != "over":
        legal = legal_actions(s)
        if not legal:
            return len(actions), [f"move {len(actions) + 1}: the player to act has no legal move"]
        a = rng.choice(legal)
        line = to_command(a, s)
        if parse(line, s) != a:
            return len(actions), [f"move {len(actions) + 1}: '{line}' does not read back as {a!r}"]
        before, s = s, apply(s, a)
        actions.append(a)
        problems = table_problems(s) + rounds.step(before, a, s)
        if problems:
            return len(actions), [f"move {len(actions)} ({line}): {p}" for p in problems]
        if len(actions) >= MAX_MOVES:
            return len(actions), [f"no end after {MAX_MOVES} moves"]
    return len(actions), rounds.at_end(s) + finished_game_problems(setup, actions, s)


def soak(seconds: float, seed: int) -> Tally:
    tally = Tally()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        players, variant = SETUPS[tally.games % len(SETUPS)]
        game_seed = seed + tally.games
        name = f"{players}p {variant}"
        try:
            moves, problems = soak_game(players, variant, game_seed)
        except Exception:  # noqa: BLE001 - a crash is a failure to report, not the end of the soak
            moves, problems = 0, [traceback.format_exc(limit=3).strip().splitlines()[-1]]
        tally.games += 1
        tally.moves += moves
        tally.per_setup[name] = tally.per_setup.get(name, 0) + 1
        for p in problems:
            line = f"{name}, seed {game_seed}: {p}"
            tally.failures.append(line)
            print(f"FAILURE {line}", flush=True)
    return tally


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0, help="how long to play (default 60)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    args = ap.parse_args()
    if not args.seconds > 0:
        ap.error("--seconds must be above 0")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    started = time.monotonic()
    tally = soak(args.seconds, args.seed)
    elapsed = time.monotonic() - started
    load_after = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{tally.games} games, {tally.moves} moves in {elapsed:.0f} s "
        f"({tally.moves / elapsed:.0f} moves/s, each checked); {len(tally.failures)} failures."
    )
    print("games per set-up: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.per_setup.items())))
    print(f"load average {load:.1f} at the start, {load_after:.1f} at the end ({os.cpu_count()} cores)")
    sys.exit(1 if tally.failures else 0)


if __name__ == "__main__":
    main()
