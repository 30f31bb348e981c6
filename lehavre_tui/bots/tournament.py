"""Bots against bots: single games and seeded tournaments with per-kind statistics."""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field

from ..engine.message import Msg
from ..engine.rules import apply
from ..engine.scoring import score, winners
from ..engine.setup import Setup, new_game
from ..engine.state import Variant
from ..text import render
from .base import Bot
from .expert import ExpertBot
from .heuristic import HeuristicBot
from .levels import BOT_KINDS, SHOWN_KINDS, EasyBot, level_of
from .random_bot import RandomBot
from .search import SearchBot

KINDS = BOT_KINDS
MAX_BUDGET = 3600.0  # seconds a move for a search bot; also the bound of a search by playouts


def search_options_error(budget: float | None, playouts: int | None = None) -> str | None:
    """What is wrong with a hard or expert bot's thinking time (--budget) or playouts, in a sentence
    in the reader's language; None if nothing."""
    if budget is not None and not 0 < budget <= MAX_BUDGET:  # also refuses nan
        return render(Msg(
            "--budget is the seconds a hard or expert bot may think for a move: give a number above 0, "
            "at most {limit}.",
            limit=f"{MAX_BUDGET:g}",
        ))
    if playouts is not None and playouts < 1:
        return render(Msg(
            "--playouts is how many games a hard or expert bot plays out for a move: give 1 or more, "
            "e.g. --playouts 200."
        ))
    return None


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win share of `wins` in `n` games."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def make_bot(
    kind: str, seed: int, budget: float = 2.0, playouts: int | None = None, expert_playouts: int | None = None
) -> Bot:
    """A bot of the given kind or level ("human" is not a bot); old names stand for levels."""
    level = level_of(kind)
    # with a playout count a search is the same for the same seed on any machine
    time_budget = budget if playouts is None else MAX_BUDGET
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return EasyBot(seed)
    if level == "medium":
        return HeuristicBot(seed, name=kind)
    if level == "hard":
        return SearchBot(seed, time_budget=time_budget, max_playouts=playouts, name=kind)
    if level == "expert":
        if expert_playouts is not None:  # the expert's own count (its playouts are lighter)
            return ExpertBot(seed, time_budget=MAX_BUDGET, max_playouts=expert_playouts)
        return ExpertBot(seed, time_budget=time_budget, max_playouts=playouts)
    raise ValueError(f"Unknown bot kind {kind!r}; choose one of {', '.join(SHOWN_KINDS)}.")


@dataclass
class GameResult:
    seats: list[str]
    scores: list[int]
    winners: list[int]
    move_times: list[list[float]]  # per seat, seconds per decision
    moves: int


def play_game(
    seats: list[str],
    variant: Variant = "short",
    seed: int = 0,
    budget: float = 2.0,
    playouts: int | None = None,
    *,
    expert_playouts: int | None = None,
) -> GameResult:
    """Play one game between bots of the given kinds, seat by seat."""
    bots = [make_bot(kind, seed * 31 + i, budget, playouts, expert_playouts) for i, kind in enumerate(seats)]
    s = new_game(Setup(players=len(seats), variant=variant, seed=seed))
    times: list[list[float]] = [[] for _ in seats]
    moves = 0
    while s.phase != "over":
        seat = s.current
        t = time.perf_counter()
        action = bots[seat].choose(s)
        times[seat].append(time.perf_counter() - t)
        s = apply(s, action)
        moves += 1
    return GameResult(
        seats=list(seats),
        scores=[score(s, i).total for i in range(len(seats))],
        winners=winners(s),
        move_times=times,
        moves=moves,
    )


@dataclass
class KindStats:
    kind: str
    games: int = 0
    wins: float = 0.0  # a tie shares the win
    wealth: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def avg_wealth(self) -> float:
        return statistics.fmean(self.wealth) if self.wealth else 0.0

    @property
    def avg_time(self) -> float:
        return statistics.fmean(self.times) if self.times else 0.0

    @property
    def median_time(self) -> float:
        return statistics.median(self.times) if self.times else 0.0


def count_game(stats: dict[str, KindStats], seats: list[str], r: GameResult) -> None:
    """Add a game's result to the statistics of each seat's kind (a tie shares the win)."""
    for i, kind in enumerate(seats):
        st = stats[kind]
        st.games += 1
        st.wealth.append(r.scores[i])
        st.times.extend(r.move_times[i])
        if i in r.winners:
            st.wins += 1 / len(r.winners)


def seating(kinds: list[str], game: int, players: int) -> list[str]:
    """Kinds rotate through the seats from game to game."""
    return [kinds[(game + i) % len(kinds)] for i in range(players)]


def tournament(
    kinds: list[str],
    games: int,
    variant: Variant = "short",
    seed: int = 0,
    players: int = 2,
    budget: float = 2.0,
    playouts: int | None = None,
) -> dict[str, KindStats]:
    """Play `games` seeded games with alternating seats; statistics per bot kind.

    Wins are counted per seat: a kind holding several seats of a game can win it once
    per seat. Ties share the win among the tied seats.
    """
    stats = {k: KindStats(k) for k in kinds}
    for g in range(games):
        seats = seating(kinds, g, players)
        count_game(stats, seats, play_game(seats, variant, seed + g, budget, playouts))
    return stats
