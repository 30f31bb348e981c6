"""Loans: taken only when interest or feeding cannot be paid; interest; repaying.

A loan gives 4 francs; repaying costs 5; each loan left at the end costs 7
(rulebook "Loans"). Interest: when a ship reaches the Interest chit, every player
with a loan pays 1 franc (2 with the optional expensive loans).
"""

from __future__ import annotations

from math import ceil

from .actions import RepayLoan
from .errors import IllegalAction
from .state import GameState, PlayerState
from .trade import seller
from .words import francs_text, plural

LOAN_FRANCS = 4
REPAY_FRANCS = 5


def take_loans(s: GameState, p: PlayerState, shortfall: int) -> int:
    """Loans covering `shortfall` francs (4 each); the change stays with the player."""
    loans = ceil(shortfall / LOAN_FRANCS)
    p.loans += loans
    p.francs += loans * LOAN_FRANCS - shortfall
    s.events.append(f"{p.name} must take {plural(loans, 'loan')} ({francs_text(loans * LOAN_FRANCS)}).")
    return loans


def interest(s: GameState) -> None:
    """Interest chit: every player with a loan pays 1 franc (2 with expensive loans)."""
    n = s.num_players
    payers = [p for p in s.players if p.loans]
    if not payers:
        s.events.append("Interest is due, but nobody has a loan.")
        return
    for p in payers:
        due = 1 + (1 if s.expensive_loans and n >= 2 and p.loans >= n else 0)
        if p.francs >= due:
            p.francs -= due
            s.events.append(f"Interest is due: {p.name} pays {francs_text(due)}.")
        else:
            short = due - p.francs
            p.francs = 0
            s.events.append(f"Interest is due: {p.name} cannot pay {francs_text(due)}.")
            take_loans(s, p, short)


def repay(s: GameState, a: RepayLoan) -> None:
    p = seller(s)
    if a.count < 1:
        raise IllegalAction("Repay at least one loan.")
    if p.loans < a.count:
        raise IllegalAction(f"You have {plural(p.loans, 'loan')}, not {a.count}.")
    cost = REPAY_FRANCS * a.count
    if p.francs < cost:
        raise IllegalAction(f"Repaying {plural(a.count, 'loan')} costs {francs_text(cost)}; you have {p.francs}.")
    p.francs -= cost
    p.loans -= a.count
    s.events.append(f"{p.name} repays {plural(a.count, 'loan')} for {francs_text(cost)}.")
