"""Loans: taken only when interest or feeding cannot be paid; interest; repaying.

A loan gives 4 francs; repaying costs 5; each loan left at the end costs 7
(rulebook "Loans"). Interest: when a ship reaches the Interest chit, every player
with a loan pays 1 franc (2 with the optional expensive loans).
"""

from __future__ import annotations

from math import ceil

from .actions import PayInterest, RepayLoan
from .errors import IllegalAction
from .message import Count, Msg
from .state import GameState, PlayerState
from .trade import seller
from .words import franc_count

LOAN_FRANCS = 4
REPAY_FRANCS = 5


def take_loans(s: GameState, p: PlayerState, shortfall: int) -> int:
    """Loans covering `shortfall` francs (4 each); the change stays with the player."""
    loans = ceil(shortfall / LOAN_FRANCS)
    p.loans += loans
    p.francs += loans * LOAN_FRANCS - shortfall
    s.events.append(Msg(
        "{player} must take {loans} ({francs}).",
        player=p.name, loans=Count(loans, "loan", "acc"), francs=franc_count(loans * LOAN_FRANCS),
    ))
    return loans


def interest_due(s: GameState, p: PlayerState) -> int:
    """1 franc; with the expensive loans, 1 more for a player holding as many loans as players."""
    n = s.num_players
    return 1 + (1 if s.expensive_loans and n >= 2 and p.loans >= n else 0)


def has_something_to_sell(s: GameState, seat: int) -> bool:
    return bool(s.players[seat].ships) or seat in s.owner.values()


def interest(s: GameState) -> None:
    """Interest chit: every player with a loan pays 1 franc (2 with expensive loans).

    A player short of francs must sell a building or ship, or take another loan (rulebook
    "Loans"; nobody is forced to sell): with something to sell, the choice is theirs, in
    turn from the player whose ship arrived (phase "interest"); with nothing, a loan it is.
    """
    n = s.num_players
    if not any(p.loans for p in s.players):
        s.events.append(Msg("Interest is due, but nobody has a loan."))
        return
    waiting = []
    for i in range(n):
        p = s.players[i]
        if not p.loans:
            continue
        due = interest_due(s, p)
        if p.francs >= due:
            p.francs -= due
            s.events.append(Msg(
                "Interest is due: {player} pays {francs}.",
                player=p.name, francs=franc_count(due, "acc"),
            ))
        elif s.interest_choice and has_something_to_sell(s, i):
            waiting.append(i)
            s.events.append(Msg(
                "Interest is due: {player} has {have} of {due} and may sell a building or ship, or take a loan.",
                player=p.name, have=franc_count(p.francs, "acc"), due=franc_count(due),
            ))
        else:
            _short_of_interest(s, p, due)
    if waiting:
        # the player whose turn it is settles first, then the others clockwise
        waiting.sort(key=lambda i: (i - s.current) % n)
        s.interest_return = s.current
        s.interest_queue = waiting
        s.phase = "interest"
        s.current = waiting[0]


def _short_of_interest(s: GameState, p: PlayerState, due: int) -> None:
    short = due - p.francs
    p.francs = 0
    s.events.append(Msg(
        "Interest is due: {player} cannot pay {francs}.",
        player=p.name, francs=franc_count(due, "acc"),
    ))
    take_loans(s, p, short)


def pay_interest(s: GameState, a: PayInterest) -> None:
    """The player first in the interest queue pays, with a loan for what is missing."""
    if s.phase != "interest" or not s.interest_queue:
        raise IllegalAction(Msg("No interest is due now; it is paid when a ship reaches the Interest chit."))
    seat = s.interest_queue.pop(0)
    p = s.players[seat]
    due = interest_due(s, p)
    if p.francs >= due:
        p.francs -= due
        s.events.append(Msg("{player} pays {francs} interest.", player=p.name, francs=franc_count(due, "acc")))
    else:
        _short_of_interest(s, p, due)
    if s.interest_queue:
        s.current = s.interest_queue[0]
    else:
        s.phase = "turn"
        s.current = s.interest_return
        s.events.append(Msg("{player}'s turn goes on.", player=s.players[s.current].name))


def repay(s: GameState, a: RepayLoan) -> None:
    if s.phase == "interest":
        raise IllegalAction(Msg("Loans are repaid in your own turn; now settle the interest: sell, or 'pay'."))
    p = seller(s)
    if a.count < 1:
        raise IllegalAction(Msg("Repay at least one loan."))
    if p.loans < a.count:
        raise IllegalAction(Msg("You have {loans}, not {n}.", loans=Count(p.loans, "loan", "acc"), n=a.count))
    cost = REPAY_FRANCS * a.count
    if p.francs < cost:
        raise IllegalAction(Msg(
            "Repaying {loans} costs {cost}; you have {have}.",
            loans=Count(a.count, "loan", "acc"), cost=franc_count(cost), have=p.francs,
        ))
    p.francs -= cost
    p.loans -= a.count
    s.events.append(Msg(
        "{player} repays {loans} for {cost}.",
        player=p.name, loans=Count(a.count, "loan", "acc"), cost=franc_count(cost, "acc")
    ))
