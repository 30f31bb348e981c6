"""A review of a game: the moves of a player that cost most against the expert's estimate.

Every move of the player is first judged quickly by the heuristic (how much worse than its
favourite the played move looks one step ahead). The most doubtful of them (`LOOKS`) are
searched by the expert (expert.py) for a playout count, so a review gives the same answer
every time. Where the expert prefers another move, both moves are played out in the same
deals (the hidden cards dealt anew, as the bots always do) and the difference of the
player's value against the best opponent is the move's cost in francs of wealth. The five
costliest are told: the position in words, the move played, the better move, what it brings
and what it would have been worth.

A review only reads the moves; the game and its save are not changed.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.actions import Action, Feed
from ..engine.errors import IllegalAction
from ..engine.message import Count, Goods, Listing, Msg, MsgN
from ..engine.round_end import food_due
from ..engine.rules import apply, legal_actions
from ..engine.setup import Setup, new_game
from ..engine.state import GameState
from .expert import EXPERT, ExpertBot, values_of
from .heuristic import action_values
from .hint import describe, effect
from .playout import play_to_round_end
from .value import seat_value
from .view import determinise, public_view

MOST = 5  # moves told at most
LOOKS = 12  # moves searched by the expert at most (the most doubtful at first sight)
PLAYOUTS = 40  # the expert's playouts a move, and the trial games a move's worth is measured in
WORTH_MIN = 0.5  # francs: a smaller difference is no mistake


@dataclass
class Mistake:
    move: int  # the move's number in the game (1 = the first move)
    state: GameState  # the position before the move
    played: Action
    better: Action
    worth: float  # francs of wealth the better move is estimated to gain over the played one
    games: int  # the trial games the estimate rests on

    def lines(self) -> list[Msg]:
        """The mistake told to the player, line by line (render each to read it)."""
        s, seat = self.state, self.state.current
        p = s.players[seat]
        holdings, food = Goods.of(p.goods, p.francs), Count(food_due(s, seat), "food")
        # named as a player counts: the round, the turn of the round, the player; the cost beside
        # it (whole francs, counted with each language's noun forms)
        cost = Count(max(1, round(self.worth)), "franc")
        if s.phase == "final":
            heading = Msg("The final actions: {player}'s move, about {cost} lost.", player=p.name, cost=cost)
        else:
            heading = Msg(
                "Round {round}, turn {turn}: {player}'s move, about {cost} lost.",
                round=s.round, turn=s.turn + 1, player=p.name, cost=cost,
            )
        if p.loans:
            position = Msg(
                "{player} had {holdings} and {loans}, with {food} due at the end of the round.",
                player=p.name, holdings=holdings, loans=Count(p.loans, "loan"), food=food,
            )
        else:
            position = Msg(
                "{player} had {holdings}, with {food} due at the end of the round.",
                player=p.name, holdings=holdings, food=food,
            )
        lost = effect(s, self.played)
        if lost is None:
            played = Msg("Played: {move}.", move=describe(s, self.played))
        else:
            played = Msg("Played: {move}: {effect}.", move=describe(s, self.played), effect=lost)
        gain = effect(s, self.better)
        if gain is None:
            better = Msg("Better: {move}.", move=describe(s, self.better))
        else:
            better = Msg("Better: {move}: {gain}.", move=describe(s, self.better), gain=gain)
        # whole francs, counted with each language's noun forms ("about 3 francs better off": acc)
        francs = Count(max(1, round(self.worth)), "franc", "acc")
        worth = MsgN(
            "In {n} trial game to the end of the round it left {player} about {worth} of wealth better off.",
            "In {n} trial games to the end of the round it left {player} about {worth} of wealth better off.",
            "n", n=self.games, player=p.name, worth=francs,
        )
        return [heading, position, played, better, worth]


def game_moves(setup: Setup, actions: list[Action]) -> list[tuple[GameState, Action]]:
    """Every position of the game with the move made in it (replayed from the set-up)."""
    s = new_game(setup)
    out: list[tuple[GameState, Action]] = []
    for a in actions:
        out.append((s, a))
        s = apply(s, a)
    return out


def first_sight_loss(state: GameState, played: Action) -> float:
    """How much worse than the heuristic's favourite the played move looks one step ahead
    (judged with the expert's weights)."""
    ranked = action_values(state, EXPERT)
    if len(ranked) < 2:
        return 0.0
    for v, a in ranked:
        if a == played:
            return ranked[0][0] - v
    try:  # a move the heuristic does not list (other goods chosen, for example)
        view = public_view(state)
        return ranked[0][0] - seat_value(apply(view, played), state.current, EXPERT)
    except IllegalAction:
        return 0.0


def worth(state: GameState, action: Action, deals: list[int]) -> list[float]:
    """The mover's value against the best opponent after `action`, in each deal."""
    me = state.current
    out = []
    for deal in deals:
        world = determinise(state, me, random.Random(deal))
        s = apply(world, action, in_place=True, narrate=False)
        if s.phase != "over":
            s = play_to_round_end(s, random.Random(deal + 1), w=EXPERT)
        out.append(values_of(s, EXPERT)[me])
    return out


# what a review is doing: (what, moves searched so far, moves to search in all; 0 while not known)
Progress = Callable[[Msg, int, int], None]


class ReviewStopped(Exception):
    """The reader left the review before it was done."""


def review(
    moves: list[tuple[GameState, Action]],
    seat: int,
    *,
    playouts: int = PLAYOUTS,
    most: int = MOST,
    seed: int = 0,
    stop: Callable[[], bool] | None = None,
    progress: Progress | None = None,
) -> list[Mistake]:
    """The costliest moves of `seat` (at most `most`), in the order they were played. `stop` is asked before
    each move is searched; when it answers True the review ends with ReviewStopped. `progress`
    is told what is being judged: (what, searched so far, to search in all)."""
    name = moves[0][0].names[seat] if moves else ""
    if progress is not None:
        progress(Msg("Reviewing {player}: every move at first sight", player=name), 0, 0)
    choices = []
    for n, (s, a) in enumerate(moves, 1):
        if s.current != seat or isinstance(a, Feed) or s.phase == "over" or len(legal_actions(s)) < 2:
            continue
        choices.append((first_sight_loss(s, a), n, s, a))
    choices.sort(key=lambda t: (-t[0], t[1]))
    found: list[Mistake] = []
    rng = random.Random(seed)
    searched = choices[:LOOKS]
    for done, (_, n, s, played) in enumerate(searched):
        if stop is not None and stop():
            raise ReviewStopped
        if progress is not None:
            progress(Msg("Reviewing {player}: the expert searches move {move} of the game", player=name, move=n),
                     done, len(searched))  # fmt: skip
        better = ExpertBot(seed + n, time_budget=3600.0, max_playouts=playouts).analyse(s, force=True).best
        if better == played:
            continue
        deals = [rng.getrandbits(32) for _ in range(playouts)]
        gain = statistics.fmean(worth(s, better, deals)) - statistics.fmean(worth(s, played, deals))
        if gain >= WORTH_MIN:
            found.append(Mistake(n, s, played, better, gain, playouts))
    found.sort(key=lambda m: (-m.worth, m.move))
    return sorted(found[:most], key=lambda m: m.move)


@dataclass
class GameReview:
    seat: int
    name: str
    mistakes: list[Mistake]
    moves: int  # moves of the player looked at


def reviewed_seats(names: list[str], seats: list[str] | None, player: str | None) -> list[int]:
    """The seats to review: the named player, else each human (each seat if none is human).
    A name that is not a player's raises ValueError with the message as its argument."""
    if player is not None:
        for i, name in enumerate(names):
            if name.casefold() == player.strip().casefold():
                return [i]
        raise ValueError(Msg(
            "Nobody called '{typed}' plays this game; the players are {names}.",
            typed=player, names=Listing(tuple(names)),
        ))
    humans = [i for i, kind in enumerate(seats or ["human"] * len(names)) if kind == "human"]
    return humans or list(range(len(names)))


def review_game(
    setup: Setup,
    actions: list[Action],
    seats: list[int],
    *,
    playouts: int = PLAYOUTS,
    stop: Callable[[], bool] | None = None,
    progress: Progress | None = None,
) -> list[GameReview]:
    """The review of each given seat of a game (finished or not); `stop` and `progress` as for
    `review`."""
    moves = game_moves(setup, actions)
    names = moves[0][0].names if moves else new_game(setup).names
    out = []
    for seat in seats:
        mine = sum(1 for s, _ in moves if s.current == seat)
        mistakes = review(moves, seat, playouts=playouts, seed=setup.seed or 0, stop=stop, progress=progress)
        out.append(GameReview(seat, names[seat], mistakes, mine))
    return out


def review_text(reviews: list[GameReview]) -> list[Msg]:
    """The reviews as lines to read (render each)."""
    lines: list[Msg] = []
    for r in reviews:
        if not r.mistakes:
            lines.append(MsgN(
                "{player}: in {n} move the expert found nothing that cost wealth.",
                "{player}: in {n} moves the expert found nothing that cost wealth.",
                "n", player=r.name, n=r.moves,
            ))
            continue
        lines.append(MsgN(
            "{player}: the {n} move that cost most against the expert's estimate.",
            "{player}: the {n} moves that cost most against the expert's estimate.",
            "n", player=r.name, n=len(r.mistakes),
        ))
        for m in r.mistakes:
            lines.extend(m.lines())
    return lines
