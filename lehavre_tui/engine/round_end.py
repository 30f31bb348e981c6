"""The end of a round: harvest, feeding, the town's building, the round card's ship.

Then the next round begins (turns pass on clockwise without reset: the player left of
whoever took the seventh turn starts), or after the last round the final phase.
"""

from __future__ import annotations

from .actions import (
    Feed,
)
from .cards import content, round_card
from .errors import IllegalAction
from .goods import FOOD_VALUE, Good
from .loans import has_something_to_sell, take_loans
from .message import Arg, Card, Count, Goods, Listing, Msg, MsgN
from .payments import (
    FRANCS,
    Payment,
    check_payment,
    choose_food,
    parse_payment,
    pay,
    payment_goods,
    payment_value,
    positive_counts,
    refuse_spare,
)
from .setup import round_row
from .state import TOWN, GameState, PlayerState
from .words import GOOD_AT_START, SHIP_KIND

TURNS_PER_ROUND = 7
STADIUM = "football_stadium"  # the special building built on an emptied proposal stack


def ship_food(s: GameState, seat: int) -> int:
    """Food the seat's ships supply each round (luxury liners supply none)."""
    n = s.num_players
    ships = content().ships
    kinds = content().ship_kinds
    return sum(kinds[ships[x].type].food[n - 1] for x in s.players[seat].ships)


def food_due(s: GameState, seat: int) -> int:
    due = round_row(content(), s.round_card(), len(s.names)).food
    if s.players[seat].ships:
        due -= ship_food(s, seat)
    return max(0, due)


def end_round(s: GameState) -> None:
    c = content()
    card = round_card(c, s.round_card())
    row = round_row(c, card.id, s.num_players)
    s.events.append(Msg("Round {round} ends.", round=s.round))
    if card.harvest:
        harvest(s)
    else:
        s.events.append(Msg("No harvest this round."))
    n = s.num_players
    s.events.append(Msg("Feeding: {food} per player.", food=Count(row.food, "food")))
    s.feeding_queue = [(s.current + 1 + i) % n for i in range(n)]
    s.phase = "feeding"
    advance_feeding(s)


def harvest(s: GameState) -> None:
    got: list[Msg] = []
    for i, p in enumerate(s.players):
        grain = 1 if p.goods[Good.GRAIN] >= 1 else 0
        cattle = 0
        if p.goods[Good.CATTLE] >= 2:
            # Feedlot: 2 cattle with 2 to 6 cattle (rulebook, special building Feedlot)
            cattle = 2 if s.owner.get("feedlot") == i and p.goods[Good.CATTLE] <= 6 else 1
        p.goods[Good.GRAIN] += grain
        p.goods[Good.CATTLE] += cattle
        if grain or cattle:
            parts = [Goods.one(Good.GRAIN, grain, "acc")] if grain else []
            if cattle:
                parts.append(Goods.one(Good.CATTLE, cattle, "acc"))
            # translators: one player's harvest, "Anna 1 grain and 1 cattle"
            got.append(Msg("{player} {goods}", player=p.name, goods=Listing(tuple(parts), "and")))
    if got:
        s.events.append(Msg("Harvest: {harvests}.", harvests=semicolons(got)))
    else:
        s.events.append(Msg("Harvest: nobody has grain or two cattle."))


def semicolons(items: list[Msg]) -> Msg:
    """Clauses one after another, "Anna 1 grain; Ben 1 cattle" (at least one)."""
    out = items[-1]
    for item in reversed(items[:-1]):
        # translators: two clauses of a list, "Anna 1 grain; Ben 1 cattle"
        out = Msg("{first}; {rest}", first=item, rest=out)
    return out


def feeding_has_choice(s: GameState, seat: int) -> bool:
    """Does paying this round's food leave the player a real choice?"""
    due = food_due(s, seat)
    if due == 0:
        return False
    p = s.players[seat]
    if p.food_goods() > 0:
        return True  # which food tokens, or francs instead
    # only francs: a choice remains only if selling could avoid a loan
    return p.francs < due and has_something_to_sell(s, seat)


def advance_feeding(s: GameState) -> None:
    while s.feeding_queue:
        seat = s.feeding_queue[0]
        if feeding_has_choice(s, seat):
            s.current = seat
            return
        feed_seat(s, seat, None)
        s.feeding_queue.pop(0)
    finish_round(s)


def feed_seat(s: GameState, seat: int, raw: dict[str, int] | None) -> None:
    p = s.players[seat]
    due = food_due(s, seat)
    if due == 0:
        s.events.append(Msg("{player}'s ships supply all the food needed.", player=p.name))
        return
    if raw is not None:
        if s.strict_moves:
            positive_counts(raw)
        everything = _everything(p)
        payment = parse_payment(raw)
        for t in payment:
            if t != FRANCS and t not in FOOD_VALUE:
                assert isinstance(t, Good)
                raise IllegalAction(Msg(
                    "{good} is not food; pay with fish, smoked fish, bread, meat or francs.", good=GOOD_AT_START[t]
                ))
        check_payment(p, payment, 0, "food", exact=False)  # the player's own; enough comes next
        if payment_value(payment, "food") < due and payment != everything:
            raise IllegalAction(Msg(
                "That pays {value} of {due}. Pay in full, or hand over all "
                "your food and francs before a loan is taken.",
                value=payment_value(payment, "food"), due=Count(due, "food"),
            ))
        if s.strict_moves and payment_value(payment, "food") >= due:
            refuse_spare(payment, due, "food")
    else:
        found = choose_food(p, due)
        payment = found if found is not None else _everything(p)
    value = payment_value(payment, "food")
    pay(p, payment)
    waste = max(0, value - due)
    paid = payment_goods(payment, "acc")
    if waste:
        s.events.append(Msg(
            "{player} feeds the workers with {payment} ({waste} wasted).",
            player=p.name, payment=paid, waste=Count(waste, "food"),
        ))
    elif not paid.goods and not paid.francs:  # its own sentence: "nic nie płacąc" in Polish
        s.events.append(Msg("{player} feeds the workers with nothing.", player=p.name))
    else:
        s.events.append(Msg("{player} feeds the workers with {payment}.", player=p.name, payment=paid))
    if value < due:
        take_loans(s, p, due - value)


def _everything(p: PlayerState) -> Payment:
    """All the player's food tokens and francs."""
    everything: Payment = {g: p.goods[g] for g in FOOD_VALUE if p.goods[g]}
    if p.francs:
        everything[FRANCS] = p.francs
    return everything


def feed(s: GameState, a: Feed) -> None:
    if s.phase != "feeding" or not s.feeding_queue:
        raise IllegalAction(Msg("Feeding happens at the end of a round; it is not time for it now."))
    seat = s.feeding_queue[0]
    feed_seat(s, seat, a.payment)
    s.feeding_queue.pop(0)
    advance_feeding(s)


def finish_round(s: GameState) -> None:
    """Town builds, the round card turns into a ship, the next round (or the final phase) begins."""
    c = content()
    card = round_card(c, s.round_card())
    row = round_row(c, card.id, s.num_players)
    stadium_waits = stadium_may_move(s)
    if row.town == "standard":
        # the lowest number among the tops; the Football Stadium on a stack space counts
        # with its number 31 (docs/rules-notes.md)
        tops = [st[0] for st in s.proposals if st]
        if tops:
            b = min(tops, key=lambda x: c.buildings[x].proposal_number)
            for st in s.proposals:
                if st and st[0] == b:
                    st.pop(0)
            s.owner[b] = TOWN
            s.events.append(Msg("The town builds the {building}.", building=Card(b)))
    elif row.town == "special" and s.special_deck:
        b = s.special_deck.pop(0)
        s.owner[b] = TOWN
        s.events.append(Msg("The town builds a special building: the {building}.", building=Card(b)))
    if stadium_waits:
        place_stadium(s)
    ship = c.ships[card.ship]
    s.ship_stacks[ship.type].append(ship.id)
    s.events.append(Msg(
        "The round card turns over: the {kind} {ship} (value {value}) enters play.",
        kind=SHIP_KIND[ship.type], ship=Card(ship.id), value=ship.value,
    ))
    s.feeding_queue = []
    s.main_done = False
    s.supplied = False
    s.turn = 0
    n = s.num_players
    if s.round >= s.rounds_total:
        s.phase = "final"
        s.current = 0
        s.final_turns = 0
        s.events.append(Msg(
            "The last round is over. Each player takes one final action, starting with {player}.",
            player=s.players[0].name,
        ))
        return
    s.round += 1
    s.phase = "turn"
    # turns pass clockwise without reset: 7 turns a round
    s.current = (TURNS_PER_ROUND * (s.round - 1)) % n
    nrow = round_row(c, s.round_card(), n)
    ncard = round_card(c, s.round_card())
    args: dict[str, Arg] = dict(
        round=s.round, total=s.rounds_total, food=Count(nrow.food, "food"), player=s.players[s.current].name
    )
    if ncard.harvest:
        s.events.append(Msg("Round {round} of {total} begins ({food}, harvest). {player} starts.", **args))
    else:
        s.events.append(Msg("Round {round} of {total} begins ({food}, no harvest). {player} starts.", **args))


def stadium_may_move(s: GameState) -> bool:
    """Could the Football Stadium move onto a proposal stack during the next step?

    Yes while it is face down, or while it waits with the town because every stack still
    holds cards. (A stadium the town built, or one a player built and sold back, belongs to
    the town for good: the stack it was built from stays empty, so it is never taken for
    waiting.)
    """
    return STADIUM in s.special_deck or (s.owner.get(STADIUM) == TOWN and all(s.proposals))


def place_stadium(s: GameState) -> None:
    """A revealed Football Stadium waits with the town until a proposal stack is empty,
    then takes that stack's space and can be built like a proposal (never bought).
    Call only when `_stadium_may_move` held before the step."""
    if s.owner.get(STADIUM) != TOWN:
        return
    for i, st in enumerate(s.proposals):
        if not st:
            del s.owner[STADIUM]
            st.append(STADIUM)
            s.events.append(Msg(
                "Proposal stack {n} is empty: the {building} takes its place and can now be built.",
                n=i + 1, building=Card(STADIUM),
            ))
            return


def game_over(s: GameState) -> None:
    from .scoring import final_scores, winners

    s.phase = "over"
    scores = final_scores(s)
    # translators: one player's score, "Anna 42"
    totals = [Msg("{player} {points}", player=sc.name, points=sc.total) for sc in scores]
    s.events.append(Msg("The game is over. {scores}.", scores=semicolons(totals)))
    names = Listing(tuple(s.players[i].name for i in winners(s)))
    s.events.append(MsgN("{names} wins!", "{names} win!", "names", names=names))
