"""The rules: `legal_actions(state)` and `apply(state, action)`.

`apply` is the single source of truth. It works on a copy and returns it; an illegal
move raises `IllegalAction` and leaves the given state as it was. Bots may pass
`in_place=True` with actions taken from `legal_actions` to skip the copy.

Turn structure (rulebook "The player's turn"): supply action, then one main action,
with extra actions (buy, sell, repay) at any time of one's own turn. Seven turns make
a round; then harvest, feeding, the town's building, and the round card's ship.
After the last round every player takes one final main action.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import ceil
from typing import Any

from .actions import (
    Action,
    Build,
    BuyBuilding,
    BuyShip,
    EndTurn,
    Enter,
    Feed,
    Reorder,
    RepayLoan,
    SellBuilding,
    SellShip,
    Supply,
    TakeOffer,
)
from .cards import BuildingCard, content
from .effects import Ctx, effect_for
from .effects.base import opt
from .effects.construction import can_build, do_build
from .errors import IllegalAction
from .goods import FOOD_VALUE, Good
from .payments import (
    FRANCS,
    Payment,
    check_payment,
    choose_food,
    parse_payment,
    pay,
    payment_text,
    payment_value,
    receive,
)
from .setup import round_row
from .state import OFFER_GOOD, OFFER_SPACES, TOWN, GameState, PlayerState

TURNS_PER_ROUND = 7
STADIUM = "football_stadium"  # the special building built on an emptied proposal stack
LOAN_FRANCS = 4
REPAY_FRANCS = 5
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _francs(n: int) -> str:
    return _plural(n, "franc")


# --- checks shared by several actions ---------------------------------------------------------


def _building(building: str) -> BuildingCard:
    cards = content().buildings
    if building not in cards:
        raise IllegalAction(f"There is no building called '{building}'.")
    return cards[building]


def _own_turn(s: GameState, what: str) -> None:
    if s.phase == "over":
        raise IllegalAction("The game is over.")
    if s.phase == "feeding":
        raise IllegalAction(f"It is time to feed the workers; {what} is not possible now. Pay with 'feed'.")


def _main_check(s: GameState) -> None:
    _own_turn(s, "a main action")
    if s.phase == "turn" and not s.supplied:
        raise IllegalAction("First move your ship ('supply'): the supply action comes before the main action.")
    if s.main_done:
        raise IllegalAction("You have already taken your main action; buy, sell, repay or 'end' your turn.")


# --- supply action ------------------------------------------------------------------------------


def _offer_word(space: str, n: int) -> str:
    return _francs(n) if space == "francs" else f"{n} {space}"


def _supply(s: GameState, a: Supply) -> None:
    _own_turn(s, "the supply action")
    if s.phase == "final":
        raise IllegalAction("There is no supply action in the final phase; take your final main action.")
    if s.supplied:
        raise IllegalAction("You have already moved your ship this turn.")
    pos = s.turn
    p = s.players[s.current]
    p.ship_marker = pos
    chit = content().chits[s.chits[pos] - 1]
    first_time = not s.revealed[pos]
    s.revealed[pos] = True
    for space in (chit.first, chit.second):
        s.offers[OFFER_SPACES.index(space)] += 1
    turned = " (turned face up)" if first_time else ""
    s.events.append(
        f"{p.name}'s ship reaches the {ORDINALS[pos]} chit{turned}: "
        f"{_offer_word(chit.first, 1)} and {_offer_word(chit.second, 1)} are unloaded."
    )
    s.supplied = True
    if chit.interest:
        _interest(s)


def _take_loans(s: GameState, p: PlayerState, shortfall: int) -> int:
    """Loans covering `shortfall` francs (4 each); the change stays with the player."""
    loans = ceil(shortfall / LOAN_FRANCS)
    p.loans += loans
    p.francs += loans * LOAN_FRANCS - shortfall
    s.events.append(f"{p.name} must take {_plural(loans, 'loan')} ({_francs(loans * LOAN_FRANCS)}).")
    return loans


def _interest(s: GameState) -> None:
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
            s.events.append(f"Interest is due: {p.name} pays {_francs(due)}.")
        else:
            short = due - p.francs
            p.francs = 0
            s.events.append(f"Interest is due: {p.name} cannot pay {_francs(due)}.")
            _take_loans(s, p, short)


# --- main action A ------------------------------------------------------------------------------


def _take(s: GameState, a: TakeOffer) -> None:
    _main_check(s)
    space = a.space.lower()
    if space not in OFFER_SPACES:
        raise IllegalAction(f"'{a.space}' is not an offer space; choose one of {', '.join(OFFER_SPACES)}.")
    i = OFFER_SPACES.index(space)
    n = s.offers[i]
    if n == 0:
        raise IllegalAction(f"The {space} space is empty; take goods from a space that has some.")
    p = s.players[s.current]
    if space == "francs":
        p.francs += n
    else:
        p.goods[OFFER_GOOD[space]] += n
    s.offers[i] = 0
    s.events.append(f"{p.name} takes the {_offer_word(space, n)}.")
    s.main_done = True


# --- main action B: entering a building ---------------------------------------------------------


def fee_payment(p: PlayerState, card: BuildingCard, a: Enter) -> Payment:
    """How the player pays the card's entry fee (food may be paid in francs, never the reverse).

    `fee="francs"` pays in francs (a franc fee, or a food fee franc for food); `fee="food"` or
    naming tokens in `fee_goods` pays a food fee; with neither, the cheaper way is taken.
    """
    options: list[Payment] = []
    if a.fee == "francs" and a.fee_goods is None:
        for fee in card.fees:
            need = fee.francs or fee.food
            if need and p.francs >= need:
                options.append({FRANCS: need})
    else:
        food_only = a.fee == "food" or a.fee_goods is not None
        alts = [f for f in card.fees if f.food] if food_only else list(card.fees)
        if not alts:
            raise IllegalAction(f"The {card.name}'s fee is {fee_text(card)}; it cannot be paid in food.")
        for fee in alts:
            if fee.francs:
                if p.francs >= fee.francs:
                    options.append({FRANCS: fee.francs})
            elif a.fee_goods is not None:
                given = parse_payment(a.fee_goods)
                check_payment(p, given, fee.food, "food")
                options.append(given)
            else:
                found = choose_food(p, fee.food)
                if found is not None:
                    options.append(found)
    if not options:
        raise IllegalAction(
            f"The {card.name}'s entry fee is {fee_text(card)}; you cannot pay it (loans may not pay fees)."
        )
    # the cheapest: fewest francs' worth (a food token counts its food value)
    return min(options, key=_payment_worth)


def _payment_worth(payment: Payment) -> float:
    worth = 0.0
    for t, n in payment.items():
        worth += n * (1.0 if t == FRANCS else FOOD_VALUE.get(t, 1) * 0.99)  # type: ignore[arg-type]
    return worth


def fee_text(card: BuildingCard) -> str:
    if not card.fees:
        return "free"
    parts = []
    for f in card.fees:
        if f.food:
            parts.append(f"{f.food} food")
        if f.francs:
            parts.append(_francs(f.francs))
    return " or ".join(parts)


def _transfer_fee(s: GameState, p: PlayerState, owner: int, payment: Payment) -> str:
    pay(p, payment)
    if owner == TOWN:
        return f"paying {payment_text(payment)} to the bank"
    o = s.players[owner]
    receive(o, payment)
    return f"paying {payment_text(payment)} to {o.name}"


def _enter_check(s: GameState, seat: int, card: BuildingCard) -> None:
    b = card.id
    if b not in s.owner:
        if any(b in st for st in s.proposals):
            raise IllegalAction(f"The {card.name} is still a building proposal; build or buy it first.")
        raise IllegalAction(f"The {card.name} is not in play.")
    if not card.can_enter:
        raise IllegalAction(f"The {card.name} offers no action (lock symbol); it counts only at the end.")
    p = s.players[seat]
    if p.worker == b:
        raise IllegalAction(f"Your worker already stands on the {card.name}; enter another building.")
    if s.phase != "final":
        occ = s.occupants(b)
        if occ:
            raise IllegalAction(f"The {card.name} is occupied by {s.players[occ[0]].name}'s worker.")
    if effect_for(card) is None:
        raise IllegalAction(f"The {card.name}'s action is not available in this version of the game yet.")


def _enter(s: GameState, a: Enter) -> None:
    _main_check(s)
    card = _building(a.building)
    seat = s.current
    _enter_check(s, seat, card)
    p = s.players[seat]
    owner = s.owner[card.id]
    ctx = Ctx(s, seat, p, card, s.events)
    if owner != seat and card.fees:
        how = _transfer_fee(s, p, owner, fee_payment(p, card, a))
        s.events.append(f"{p.name} enters the {card.name}, {how}.")
    else:
        s.events.append(f"{p.name} enters the {card.name}.")
    p.worker = card.id
    eff = effect_for(card)
    assert eff is not None
    eff.perform(ctx, card, a)
    s.main_done = True


def _enter_options(s: GameState, seat: int) -> list[Action]:
    """Every sensible way to enter a building now (fees paid the engine's way)."""
    out: list[Action] = []
    cards = content().buildings
    p = s.players[seat]
    final = s.phase == "final"
    occupied = set() if final else {q.worker for q in s.players if q.worker}
    after_fee: dict[tuple[tuple[int, int], ...], PlayerState | None] = {}
    contexts: dict[int, Ctx] = {}  # one per position after a fee; options never change it
    for b, owner in s.owner.items():
        card = cards[b]
        if not card.can_enter or b == p.worker or b in occupied:
            continue
        eff = effect_for(card)
        if eff is None:
            continue
        q: PlayerState | None = p
        if owner != seat and card.fees:
            # buildings with the same fee leave the player in the same position: pay it once
            key = tuple((f.food, f.francs) for f in card.fees)
            if key in after_fee:
                q = after_fee[key]
            else:
                try:
                    fee = fee_payment(p, card, opt(b))
                    q = p.clone()
                    pay(q, fee)
                except IllegalAction:
                    q = None
                after_fee[key] = q
        if q is not None:
            ctx = contexts.get(id(q))
            if ctx is None:
                ctx = contexts[id(q)] = Ctx(s, seat, q)
            out.extend(eff.options(ctx, card))
    return out


# --- pending choices inside the main action -----------------------------------------------------


def _build(s: GameState, a: Build) -> None:
    _own_turn(s, "building")
    pend = s.pending
    if pend is None or pend.kind != "build" or pend.remaining <= 0:
        raise IllegalAction(
            "You can build only as the action of a Building Firm, the Construction Firm or the Sawmill."
        )
    via = _building(pend.building)
    do_build(Ctx(s, s.current, s.players[s.current], via, s.events), via, a.target, a.goods)
    left = pend.remaining - 1
    s.pending = pend.model_copy(update={"remaining": left}) if left > 0 else None


def _reorder(s: GameState, a: Reorder) -> None:
    _own_turn(s, "looking at the special buildings")
    if s.pending is None or s.pending.kind != "peek":
        raise IllegalAction("Only after the Marketplace may you look at the top two special buildings.")
    name = s.players[s.current].name
    if a.swap and len(s.special_deck) >= 2:
        s.special_deck[0], s.special_deck[1] = s.special_deck[1], s.special_deck[0]
        s.events.append(f"{name} looks at the top two special buildings and swaps them.")
    else:
        s.events.append(f"{name} looks at the top two special buildings and puts them back as they were.")
    s.pending = None


# --- extra actions ------------------------------------------------------------------------------


def _buy_check(s: GameState) -> None:
    _own_turn(s, "buying")
    if s.phase == "final":
        raise IllegalAction("Nothing can be bought in the final phase; you may still sell and repay loans.")


def _buy(s: GameState, a: BuyBuilding) -> None:
    _buy_check(s)
    card = _building(a.building)
    b = card.id
    p = s.players[s.current]
    owner = s.owner.get(b)
    stack = next((i for i, st in enumerate(s.proposals) if st and st[0] == b), None)
    if owner is not None and owner != TOWN:
        who = "you" if owner == s.current else s.players[owner].name
        raise IllegalAction(
            f"The {card.name} belongs to {who}; only the town's buildings and the proposal tops can be bought."
        )
    if owner is None and stack is None:
        if any(b in st for st in s.proposals):
            raise IllegalAction(f"The {card.name} is not on top of its proposal stack; only top cards can be bought.")
        raise IllegalAction(f"The {card.name} is not in play.")
    if card.price is None:
        raise IllegalAction(f"The {card.name} cannot be bought{'' if card.cost is None else ', only built'}.")
    if b in s.turn_sold:
        raise IllegalAction(f"You sold the {card.name} this turn; it cannot be bought back in the same turn.")
    if p.francs < card.price:
        raise IllegalAction(
            f"The {card.name} costs {_francs(card.price)}; you have {p.francs} (loans may not pay for it)."
        )
    p.francs -= card.price
    if stack is not None:
        s.proposals[stack].pop(0)
    s.owner[b] = s.current
    s.events.append(f"{p.name} buys the {card.name} for {_francs(card.price)}.")
    _send_workers_home(s, b)


def _send_workers_home(s: GameState, b: str) -> None:
    """A worker on a building that changes owner goes back to its player."""
    name = content().buildings[b].name
    for q in s.players:
        if q.worker == b:
            q.worker = None
            s.events.append(f"{q.name}'s worker leaves the {name}.")


def _buy_ship(s: GameState, a: BuyShip) -> None:
    _buy_check(s)
    kinds = content().ship_kinds
    t = a.ship_type.lower()
    if t not in kinds:
        raise IllegalAction(f"'{a.ship_type}' is not a ship type; choose wooden, iron, steel or luxury.")
    kind = kinds[t]
    stack = s.ship_stacks[t]
    if not stack:
        raise IllegalAction(f"There is no {kind.name.lower()} on offer.")
    if kind.price is None:
        raise IllegalAction(f"{kind.name}s cannot be bought, only built at a Wharf.")
    ship = stack[-1]
    if ship in s.turn_sold:
        raise IllegalAction("You sold that ship this turn; it cannot be bought back in the same turn.")
    p = s.players[s.current]
    if p.francs < kind.price:
        raise IllegalAction(f"A {kind.name.lower()} costs {_francs(kind.price)}; you have {p.francs}.")
    p.francs -= kind.price
    stack.pop()
    p.ships.append(ship)
    sc = content().ships[ship]
    s.events.append(f"{p.name} buys the {kind.name.lower()} {sc.name} (value {sc.value}) for {_francs(kind.price)}.")


def _seller(s: GameState) -> PlayerState:
    if s.phase == "over":
        raise IllegalAction("The game is over.")
    return s.players[s.current]


def _sell(s: GameState, a: SellBuilding) -> None:
    p = _seller(s)
    card = _building(a.building)
    if s.owner.get(card.id) != s.current:
        raise IllegalAction(f"You do not own the {card.name}; you can sell only your own buildings.")
    s.owner[card.id] = TOWN
    # keep the town's buildings in order of arrival
    del s.owner[card.id]
    s.owner[card.id] = TOWN
    p.francs += card.value // 2
    s.turn_sold.append(card.id)
    s.events.append(f"{p.name} sells the {card.name} to the town for {_francs(card.value // 2)}.")
    _send_workers_home(s, card.id)


def _sell_ship(s: GameState, a: SellShip) -> None:
    p = _seller(s)
    ships = content().ships
    ship = a.ship if a.ship in p.ships else None
    if ship is None:
        # a ship type names the player's least valuable ship of that type
        mine = [x for x in p.ships if ships[x].type == a.ship.lower()]
        if not mine:
            raise IllegalAction(f"You have no ship '{a.ship}' to sell.")
        ship = min(mine, key=lambda x: ships[x].value)
    sc = ships[ship]
    p.ships.remove(ship)
    s.ship_stacks[sc.type].append(ship)
    p.francs += sc.value // 2
    s.turn_sold.append(ship)
    kind = content().ship_kinds[sc.type].name.lower()
    s.events.append(f"{p.name} sells the {kind} {sc.name} to the town for {_francs(sc.value // 2)}.")


def _repay(s: GameState, a: RepayLoan) -> None:
    p = _seller(s)
    if a.count < 1:
        raise IllegalAction("Repay at least one loan.")
    if p.loans < a.count:
        raise IllegalAction(f"You have {_plural(p.loans, 'loan')}, not {a.count}.")
    cost = REPAY_FRANCS * a.count
    if p.francs < cost:
        raise IllegalAction(f"Repaying {_plural(a.count, 'loan')} costs {_francs(cost)}; you have {p.francs}.")
    p.francs -= cost
    p.loans -= a.count
    s.events.append(f"{p.name} repays {_plural(a.count, 'loan')} for {_francs(cost)}.")


# --- end of turn, end of round ------------------------------------------------------------------


def _end_turn(s: GameState, a: EndTurn) -> None:
    _own_turn(s, "ending the turn")
    p = s.players[s.current]
    if s.phase == "turn" and not s.supplied:
        raise IllegalAction("Move your ship first ('supply'), then take a main action.")
    if not s.main_done:
        raise IllegalAction("Take your main action first: take an offer space or enter a building.")
    p.turns_taken += 1
    s.pending = None
    s.turn_sold = []
    s.main_done = False
    n = s.num_players
    if s.phase == "final":
        s.final_turns += 1
        if s.final_turns >= n:
            _game_over(s)
        else:
            s.current = (s.current + 1) % n
            s.events.append(f"{s.players[s.current].name} takes a final action.")
        return
    s.supplied = False
    s.turn += 1
    if s.turn >= TURNS_PER_ROUND:
        _end_round(s)
    else:
        s.current = (s.current + 1) % n


def ship_food(s: GameState, seat: int) -> int:
    """Food the seat's ships supply each round (luxury liners supply none)."""
    n = s.num_players
    ships = content().ships
    kinds = content().ship_kinds
    return sum(kinds[ships[x].type].food[n - 1] for x in s.players[seat].ships)


def food_due(s: GameState, seat: int) -> int:
    card = s.round_card()
    return max(0, round_row(content(), card, s.num_players).food - ship_food(s, seat))


def _end_round(s: GameState) -> None:
    c = content()
    card = next(r for r in c.rounds if r.id == s.round_card())
    row = round_row(c, card.id, s.num_players)
    s.events.append(f"Round {s.round} ends.")
    if card.harvest:
        _harvest(s)
    else:
        s.events.append("No harvest this round.")
    n = s.num_players
    s.events.append(f"Feeding: {row.food} food per player.")
    s.feeding_queue = [(s.current + 1 + i) % n for i in range(n)]
    s.phase = "feeding"
    _advance_feeding(s)


def _harvest(s: GameState) -> None:
    got = []
    for i, p in enumerate(s.players):
        grain = 1 if p.goods[Good.GRAIN] >= 1 else 0
        cattle = 0
        if p.goods[Good.CATTLE] >= 2:
            # Feedlot: 2 cattle with 2 to 6 cattle (rulebook, special building Feedlot)
            cattle = 2 if s.owner.get("feedlot") == i and p.goods[Good.CATTLE] <= 6 else 1
        p.goods[Good.GRAIN] += grain
        p.goods[Good.CATTLE] += cattle
        if grain or cattle:
            parts = [f"{grain} grain"] if grain else []
            if cattle:
                parts.append(f"{cattle} cattle")
            got.append(f"{p.name} {' and '.join(parts)}")
    s.events.append("Harvest: " + ("; ".join(got) if got else "nobody has grain or two cattle") + ".")


def feeding_has_choice(s: GameState, seat: int) -> bool:
    """Does paying this round's food leave the player a real choice?"""
    due = food_due(s, seat)
    if due == 0:
        return False
    p = s.players[seat]
    if p.food_goods() > 0:
        return True  # which food tokens, or francs instead
    # only francs: a choice remains only if selling could avoid a loan
    return p.francs < due and (bool(s.buildings_of(seat)) or bool(p.ships))


def _advance_feeding(s: GameState) -> None:
    while s.feeding_queue:
        seat = s.feeding_queue[0]
        if feeding_has_choice(s, seat):
            s.current = seat
            return
        _feed_seat(s, seat, None)
        s.feeding_queue.pop(0)
    _finish_round(s)


def _feed_seat(s: GameState, seat: int, raw: dict[str, int] | None) -> None:
    p = s.players[seat]
    due = food_due(s, seat)
    if due == 0:
        s.events.append(f"{p.name}'s ships supply all the food needed.")
        return
    everything: Payment = {g: p.goods[g] for g in FOOD_VALUE if p.goods[g]}
    if p.francs:
        everything[FRANCS] = p.francs
    if raw is not None:
        payment = parse_payment(raw)
        for t in payment:
            if t != FRANCS and t not in FOOD_VALUE:
                assert isinstance(t, Good)
                raise IllegalAction(
                    f"{t.label.capitalize()} is not food; pay with fish, smoked fish, bread, meat or francs."
                )
        check_payment(p, payment, 0, "food")
        if payment_value(payment, "food") < due and payment != everything:
            raise IllegalAction(
                f"That pays {payment_value(payment, 'food')} of {due} food. Pay in full, or hand over all "
                "your food and francs before a loan is taken."
            )
    else:
        found = choose_food(p, due)
        payment = found if found is not None else everything
    value = payment_value(payment, "food")
    pay(p, payment)
    waste = max(0, value - due)
    note = f" ({waste} food wasted)" if waste else ""
    s.events.append(f"{p.name} feeds the workers with {payment_text(payment)}{note}.")
    if value < due:
        _take_loans(s, p, due - value)


def _feed(s: GameState, a: Feed) -> None:
    if s.phase != "feeding" or not s.feeding_queue:
        raise IllegalAction("Feeding happens at the end of a round; it is not time for it now.")
    seat = s.feeding_queue[0]
    _feed_seat(s, seat, a.payment)
    s.feeding_queue.pop(0)
    _advance_feeding(s)


def _finish_round(s: GameState) -> None:
    """Town builds, the round card turns into a ship, the next round (or the final phase) begins."""
    c = content()
    card = next(r for r in c.rounds if r.id == s.round_card())
    row = round_row(c, card.id, s.num_players)
    stadium_may_move = _stadium_may_move(s)
    if row.town == "standard":
        # the Football Stadium on a stack space is never the town's to build
        tops = [st[0] for st in s.proposals if st and st[0] != STADIUM]
        if tops:
            b = min(tops, key=lambda x: c.buildings[x].number)
            for st in s.proposals:
                if st and st[0] == b:
                    st.pop(0)
            s.owner[b] = TOWN
            s.events.append(f"The town builds the {c.buildings[b].name}.")
    elif row.town == "special" and s.special_deck:
        b = s.special_deck.pop(0)
        s.owner[b] = TOWN
        s.events.append(f"The town builds a special building: the {c.buildings[b].name}.")
    if stadium_may_move:
        _place_stadium(s)
    ship = c.ships[card.ship]
    s.ship_stacks[ship.type].append(ship.id)
    kind = c.ship_kinds[ship.type].name.lower()
    s.events.append(f"The round card turns over: the {kind} {ship.name} (value {ship.value}) enters play.")
    s.feeding_queue = []
    s.turn_sold = []  # sales made while feeding do not bar purchases next round
    s.main_done = False
    s.supplied = False
    s.turn = 0
    n = s.num_players
    if s.round >= s.rounds_total:
        s.phase = "final"
        s.current = 0
        s.final_turns = 0
        s.events.append(
            f"The last round is over. Each player takes one final action, starting with {s.players[0].name}."
        )
        return
    s.round += 1
    s.phase = "turn"
    # turns pass clockwise without reset: 7 turns a round
    s.current = (TURNS_PER_ROUND * (s.round - 1)) % n
    nrow = round_row(c, s.round_card(), n)
    ncard = next(r for r in c.rounds if r.id == s.round_card())
    harvest = "harvest" if ncard.harvest else "no harvest"
    s.events.append(
        f"Round {s.round} of {s.rounds_total} begins ({nrow.food} food, {harvest}). "
        f"{s.players[s.current].name} starts."
    )


def _stadium_may_move(s: GameState) -> bool:
    """Could the Football Stadium move onto a proposal stack during the next step?

    Yes while it is face down, or while it waits with the town because every stack still
    holds cards. (A stadium that was built and sold back to the town belongs to the town
    for good: the stack it was built from stays empty, so it is never taken for waiting.)
    """
    return STADIUM in s.special_deck or (s.owner.get(STADIUM) == TOWN and all(s.proposals))


def _place_stadium(s: GameState) -> None:
    """A revealed Football Stadium waits with the town until a proposal stack is empty,
    then takes that stack's space and can be built like a proposal (never bought).
    Call only when `_stadium_may_move` held before the step."""
    if s.owner.get(STADIUM) != TOWN:
        return
    for i, st in enumerate(s.proposals):
        if not st:
            del s.owner[STADIUM]
            st.append(STADIUM)
            s.events.append(
                f"Proposal stack {i + 1} is empty: the Football Stadium takes its place "
                "and can now be built."
            )
            return


def _game_over(s: GameState) -> None:
    from .scoring import final_scores, winners

    s.phase = "over"
    scores = final_scores(s)
    s.events.append("The game is over. " + "; ".join(f"{sc.name} {sc.total}" for sc in scores) + ".")
    names = [s.players[i].name for i in winners(s)]
    s.events.append(f"{' and '.join(names)} win{'s' if len(names) == 1 else ''}!")


# --- the two entry points -----------------------------------------------------------------------

HANDLERS: dict[type, Callable[[GameState, Any], None]] = {
    Supply: _supply,
    TakeOffer: _take,
    Enter: _enter,
    Build: _build,
    Reorder: _reorder,
    BuyBuilding: _buy,
    BuyShip: _buy_ship,
    SellBuilding: _sell,
    SellShip: _sell_ship,
    RepayLoan: _repay,
    Feed: _feed,
    EndTurn: _end_turn,
}


def apply(state: GameState, action: Action, *, in_place: bool = False) -> GameState:
    """The state after `action`, or IllegalAction (the given state is never changed)."""
    s = state if in_place else state.clone()
    s.events = []
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"Unknown action {action!r}.")
    stadium_may_move = _stadium_may_move(s)
    handler(s, action)
    if stadium_may_move:
        _place_stadium(s)
    return s


# Actions are immutable: the ones legal_actions lists again and again are made once.
_SUPPLY, _END, _FEED, _REPAY = Supply(), EndTurn(), Feed(), RepayLoan()
_take_offer = lru_cache(maxsize=None)(lambda space: TakeOffer(space=space))
_sell_building = lru_cache(maxsize=None)(lambda b: SellBuilding(building=b))
_sell_ship_action = lru_cache(maxsize=None)(lambda x: SellShip(ship=x))
_buy_building = lru_cache(maxsize=None)(lambda b: BuyBuilding(building=b))
_buy_ship_action = lru_cache(maxsize=None)(lambda t: BuyShip(ship_type=t))


def legal_actions(s: GameState) -> list[Action]:
    """What the player to act may do now; parametrised choices are enumerated sensibly."""
    if s.phase == "over":
        return []
    seat = s.current
    p = s.players[seat]
    out: list[Action] = []
    if s.phase == "feeding":
        out.append(_FEED)
        due = food_due(s, seat)
        default = choose_food(p, due)
        if p.francs >= due and default is not None and default != {FRANCS: due}:
            out.append(Feed(payment={FRANCS: due}))
    else:
        if s.phase == "turn" and not s.supplied:
            out.append(_SUPPLY)
        elif not s.main_done:
            for i, space in enumerate(OFFER_SPACES):
                if s.offers[i]:
                    out.append(_take_offer(space))
            out.extend(_enter_options(s, seat))
        else:
            pend = s.pending
            if pend is not None and pend.kind == "build":
                via = content().buildings[pend.building]
                ctx = Ctx(s, seat, p, via)
                for st in s.proposals:
                    if st and can_build(ctx, via, st[0]):
                        out.append(Build(target=st[0]))
            elif pend is not None and pend.kind == "peek":
                out.append(Reorder(swap=False))
                if len(s.special_deck) >= 2:
                    out.append(Reorder(swap=True))
            out.append(_END)
        if s.phase == "turn":
            out.extend(_purchases(s, p))
        if p.loans and p.francs >= REPAY_FRANCS:
            out.append(_REPAY)
    for b in s.buildings_of(seat):
        out.append(_sell_building(b))
    seen: set[tuple[str, int]] = set()
    ships = content().ships
    for x in p.ships:
        key = (ships[x].type, ships[x].value)
        if key not in seen:
            seen.add(key)
            out.append(_sell_ship_action(x))
    return out


def _purchases(s: GameState, p: PlayerState) -> list[Action]:
    cards = content().buildings
    out: list[Action] = []
    candidates = [b for b, o in s.owner.items() if o == TOWN] + [st[0] for st in s.proposals if st]
    for b in candidates:
        price = cards[b].price
        if price is not None and price <= p.francs and b not in s.turn_sold:
            out.append(_buy_building(b))
    kinds = content().ship_kinds
    for t, stack in s.ship_stacks.items():
        price = kinds[t].price
        if stack and price is not None and price <= p.francs and stack[-1] not in s.turn_sold:
            out.append(_buy_ship_action(t))
    return out
