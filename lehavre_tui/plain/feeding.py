"""The feeding and the interest, asked in lines.

"Feed 5 food: you have 3 fish and 6 francs. Type what you pay, e.g. fish=3 francs=2, or
'proposal' for 3 fish and 2 francs." What the player then types is a payment (`fish=3
francs=2`, in any language's words), 'proposal', or any other command ('sell joinery',
'look', 'hint').
"""

from __future__ import annotations

from ..commands import table_word_of, to_command, verb_of
from ..commands.words import fold
from ..engine.actions import Feed
from ..engine.goods import FOOD_VALUE, Good
from ..engine.loans import interest_due
from ..engine.message import Count, Goods, Msg
from ..engine.payments import FRANCS, Payment, choose_food
from ..engine.rules import food_due, ship_food
from ..engine.state import GameState
from ..text import language

# 'proposal' in the three languages: pay what the game proposes
PROPOSAL_WORDS = ("proposal", "propozycja", "navrh")


def proposal(s: GameState, seat: int) -> tuple[Payment, int]:
    """What `feed` pays for this seat now, and how much food loans must cover."""
    p = s.players[seat]
    due = food_due(s, seat)
    found = choose_food(p, due)
    if found is not None:
        return found, 0
    everything: Payment = {g: p.goods[g] for g in FOOD_VALUE if p.goods[g]}
    if p.francs:
        everything[FRANCS] = p.francs
    value = sum(FOOD_VALUE.get(t, 1) * n for t, n in everything.items() if isinstance(t, Good))
    return everything, max(0, due - value - p.francs)


def _goods(payment: Payment) -> Goods:
    goods = {t: n for t, n in payment.items() if isinstance(t, Good)}
    return Goods.of(goods, francs=payment.get(FRANCS, 0), case="acc")


def _example(s: GameState, payment: Payment) -> str:
    """The payment as the player would type it ('fish=3 francs=2', in the reader's words)."""
    raw = {(t.key if isinstance(t, Good) else t): n for t, n in payment.items() if n}
    words = to_command(Feed(payment=raw), s, language()).split()
    return " ".join(words[1:])


def feeding_question(s: GameState, seat: int) -> Msg:
    """What to feed, what the player has, and how to answer."""
    p = s.players[seat]
    due = food_due(s, seat)
    food = {g: p.goods[g] for g in FOOD_VALUE if p.goods[g]}
    have = Goods.of(food, francs=p.francs)
    pay, short = proposal(s, seat)
    ships = ship_food(s, seat)
    if due <= 0:
        return Msg("{player}: the ships feed the workers; type 'feed' to go on.", player=p.name)
    head = (
        Msg("{player}, feed {food} (the ships feed {ships}): you have {have}.", player=p.name,
            food=Count(due, "food", "acc"), ships=Count(ships, "food", "acc"), have=have)
        if ships
        else Msg("{player}, feed {food}: you have {have}.", player=p.name, food=Count(due, "food", "acc"), have=have)
    )  # fmt: skip
    if short:
        return Msg("{head} That is {short} short: a loan covers the rest (4 francs each). Type 'proposal' to pay "
                   "{payment} and take the loan, or 'sell NAME' first.",
                   head=head, short=Count(short, "food", "nom"), payment=_goods(pay))  # fmt: skip
    return Msg("{head} Type what you pay, e.g. {example}, or 'proposal' for {payment}.", head=head,
               example=_example(s, pay), payment=_goods(pay))  # fmt: skip


def interest_question(s: GameState, seat: int) -> Msg:
    p = s.players[seat]
    return Msg("{player}, interest of {due} is due and you have {have}. Type 'pay' to pay it (a loan covers what "
               "is missing), or sell a building or a ship first ('sell NAME').",
               player=p.name, due=Count(interest_due(s, p), "franc", "acc"),
               have=Count(p.francs, "franc", "acc"))  # fmt: skip


def feeding_command(text: str) -> str:
    """A line typed while feeding, as a command: 'proposal' is 'feed', a bare payment is
    'feed PAYMENT'; a command ('sell joinery', 'look') stays as it is."""
    words = text.split()
    if not words:
        return text
    if fold(words[0]) in PROPOSAL_WORDS and len(words) == 1:
        return "feed"
    first = words[0]
    if verb_of(first) or table_word_of(first):
        return text
    return f"feed {text}"
