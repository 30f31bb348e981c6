"""The rules: `legal_actions(state)` and `apply(state, action)`.

`apply` is the single source of truth. It works on a copy and returns it; an illegal
move raises `IllegalAction` and leaves the given state as it was. Bots may pass
`in_place=True` with actions taken from `legal_actions` to skip the copy.

Turn structure (rulebook "The player's turn"): supply action, then one main action,
with extra actions (buy, sell, repay) at any time of one's own turn. Seven turns make
a round; then harvest, feeding, the town's building, and the round card's ship.
After the last round every player takes one final main action.

When a ship reaches the Interest chit, players short of francs who could sell something
get a short window (phase "interest") to sell, then pay; the turn then goes on.

This module holds the turn itself (supply, main actions, ending a turn) and the two
entry points; `trade.py` has buying and selling, `loans.py` loans and interest,
`round_end.py` harvest, feeding, the town's building and the next round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from typing import Any

from .actions import (
    Action,
    Build,
    BuyBuilding,
    BuyShip,
    EndTurn,
    Enter,
    Feed,
    PayInterest,
    Reorder,
    RepayLoan,
    SellBuilding,
    SellShip,
    Supply,
    TakeOffer,
)
from .cards import BuildingCard, content
from .checks import building_card, main_check, own_turn
from .effects import Ctx, effect_for
from .effects.base import Options, Perform, check_choices
from .effects.construction import can_build, do_build
from .errors import IllegalAction
from .goods import FOOD_VALUE, Good
from .loans import REPAY_FRANCS, interest, pay_interest, repay
from .message import CARDS, Card, Count, GoodName, Goods, Listing, Msg, Ordinal, Typed
from .payments import (
    FRANCS,
    Payment,
    choose_food,
    default_fee,
    fee_alternatives,
    fee_payment,
    food_over_fee,
    pay,
    payment_goods,
    positive_counts,
    receive,
)
from .round_end import (
    TURNS_PER_ROUND,
    end_round,
    feed,
    food_due,
    game_over,
    place_stadium,
    ship_food,
    stadium_may_move,
)
from .state import OFFER_GOOD, OFFER_SPACES, TOWN, GameState, PlayerState
from .trade import buy, buy_building_action, buy_ship, purchases, sell, sell_ship
from .words import fee_words, franc_count, francs_text, offer_goods

__all__ = [
    "apply", "legal_actions", "may_enter", "fee_payment", "fee_text", "fee_words", "food_due", "ship_food",
    "TURNS_PER_ROUND",
]


# --- supply action ------------------------------------------------------------------------------


def _supply(s: GameState, a: Supply) -> None:
    own_turn(s, SUPPLYING)
    if s.phase == "final":
        raise IllegalAction(Msg("There is no supply action in the final phase; take your final main action."))
    if s.supplied:
        raise IllegalAction(Msg("You have already moved your ship this turn."))
    pos = s.turn
    p = s.players[s.current]
    p.ship_marker = pos
    first, second, unloaded, pays_interest = _chit(s.chits[pos])
    first_time = not s.revealed[pos]
    s.revealed[pos] = True
    s.offers[first] += 1
    s.offers[second] += 1
    if first_time:
        s.events.append(Msg(
            "{player}'s ship reaches the {ordinal} chit (turned face up): {first} and {second} are unloaded.",
            player=p.name, ordinal=_ORDINALS[pos], first=unloaded[0], second=unloaded[1],
        ))
    else:
        s.events.append(Msg(
            "{player}'s ship reaches the {ordinal} chit: {first} and {second} are unloaded.",
            player=p.name, ordinal=_ORDINALS[pos], first=unloaded[0], second=unloaded[1],
        ))
    s.supplied = True
    if pays_interest:
        interest(s)


_ORDINALS = tuple(Ordinal(i) for i in range(1, TURNS_PER_ROUND + 1))  # the chits' places
SUPPLYING = Msg("the supply action")  # translators: "... {what} is not possible now"


@cache
def _chit(chit_id: int) -> tuple[int, int, tuple[Goods, Goods], bool]:
    """A supply chit's two offer spaces, what it unloads, and whether it brings interest."""
    chit = content().chits[chit_id - 1]
    return (
        OFFER_SPACES.index(chit.first),
        OFFER_SPACES.index(chit.second),
        (offer_goods(chit.first, 1), offer_goods(chit.second, 1)),
        chit.interest,
    )


# --- main action A ------------------------------------------------------------------------------


def _take(s: GameState, a: TakeOffer) -> None:
    main_check(s)
    space = a.space.lower()
    if space not in OFFER_SPACES:
        raise IllegalAction(Msg(
            "'{typed}' is not an offer space; choose one of {spaces}.", typed=Typed(a.space),
            spaces=Listing(tuple(Typed(sp) for sp in OFFER_SPACES), ","),
        ))
    i = OFFER_SPACES.index(space)
    n = s.offers[i]
    if n == 0:
        if space == "francs":
            raise IllegalAction(Msg("The francs space is empty; take goods from a space that has some."))
        raise IllegalAction(Msg(
            "The {good} space is empty; take goods from a space that has some.", good=GoodName(OFFER_GOOD[space])
        ))
    p = s.players[s.current]
    if space == "francs":
        p.francs += n
    else:
        p.goods[OFFER_GOOD[space]] += n
    s.offers[i] = 0
    s.events.append(Msg("{player} takes the {goods}.", player=p.name, goods=offer_goods(space, n, "acc")))
    s.main_done = True


# --- main action B: entering a building ---------------------------------------------------------


def fee_text(card: BuildingCard) -> str:
    """English only (screens not yet put into messages); messages use `fee_words`."""
    if not card.fees:
        return "free"
    parts = []
    for f in card.fees:
        if f.food:
            parts.append(f"{f.food} food")
        if f.francs:
            parts.append(francs_text(f.francs))
    return " or ".join(parts)


def _enters(s: GameState, p: PlayerState, owner: int, payment: Payment, card: BuildingCard) -> Msg:
    """The player pays the entry fee to the building's owner; the sentence that says so."""
    pay(p, payment)
    over = food_over_fee(card, payment)
    building = CARDS[card.id]
    if owner != TOWN:
        o = s.players[owner]
        receive(o, payment)
        fee = payment_goods(payment, "acc")
        if over > 0:
            return Msg(
                "{player} enters the {building}, paying {fee} to {owner} ({over} more than the fee).",
                player=p.name, building=building, fee=fee, owner=o.name, over=Count(over, "food"),
            )
        return Msg("{player} enters the {building}, paying {fee} to {owner}.",
                   player=p.name, building=building, fee=fee, owner=o.name)
    # the town's building: francs go to the bank, food tokens back to the general supply
    fr = payment.get(FRANCS, 0)
    food = Goods.made(tuple([(t, n) for t, n in payment.items() if isinstance(t, Good) and n]), 0, "acc")
    if not food.goods:
        return Msg("{player} enters the {building}, paying {francs} to the bank.",
                   player=p.name, building=building, francs=franc_count(fr, "acc"))
    if fr:
        if over > 0:
            return Msg(
                "{player} enters the {building}, paying {food} to the supply and {francs} to the bank "
                "({over} more than the fee).",
                player=p.name, building=building, food=food, francs=franc_count(fr, "acc"), over=Count(over, "food"),
            )
        return Msg(
            "{player} enters the {building}, paying {food} to the supply and {francs} to the bank.",
            player=p.name, building=building, food=food, francs=franc_count(fr, "acc"),
        )
    if over > 0:
        return Msg(
            "{player} enters the {building}, paying {food} to the supply ({over} more than the fee).",
            player=p.name, building=building, food=food, over=Count(over, "food"),
        )
    return Msg(
        "{player} enters the {building}, paying {food} to the supply.",
        player=p.name, building=building, food=food,
    )


def _fee_choice_check(s: GameState, seat: int, owner: int, card: BuildingCard, a: Enter) -> None:
    """Refuse a fee named where none is due, a fee named two ways, and counts below 1."""
    if owner == seat:
        raise IllegalAction(Msg(
            "You own the {building}, so you pay no entry fee; leave out the fee payment.", building=Card(card.id)
        ))
    if not card.fees:
        raise IllegalAction(Msg("The {building} is free to enter; leave out the fee payment.", building=Card(card.id)))
    if a.fee_goods is not None:
        if a.fee == "francs":
            raise IllegalAction(Msg(
                "Pay the fee either in francs ('fee francs') or with the tokens you name, not both."
            ))
        positive_counts(a.fee_goods)


def _enter_check(s: GameState, seat: int, card: BuildingCard) -> None:
    b = card.id
    if b not in s.owner:
        if any(b in st for st in s.proposals):
            raise IllegalAction(Msg(
                "The {building} is still a building proposal; build or buy it first.", building=Card(b)
            ))
        raise IllegalAction(Msg("The {building} is not in play.", building=Card(b)))
    if not card.can_enter:
        raise IllegalAction(Msg(
            "The {building} offers no action (lock symbol); it counts only at the end.", building=Card(b)
        ))
    p = s.players[seat]
    if p.worker == b:
        raise IllegalAction(Msg(
            "Your worker already stands on the {building}; enter another building.", building=Card(b)
        ))
    if s.phase != "final":
        for q in s.players:
            if q.worker == b:
                raise IllegalAction(Msg(
                    "The {building} is occupied by {player}'s worker.", building=Card(b), player=q.name
                ))
    if b not in _enterable():
        raise IllegalAction(Msg(
            "The {building}'s action is not available in this version of the game yet.", building=Card(b)
        ))


def may_enter(s: GameState, building: str) -> bool:
    """Whether the player to act could step onto `building` now (fee and choices aside)."""
    try:
        _enter_check(s, s.current, content().buildings[building])
    except IllegalAction:
        return False
    return True


def _enter(s: GameState, a: Enter) -> None:
    main_check(s)
    card = building_card(a.building)
    seat = s.current
    _enter_check(s, seat, card)
    p = s.players[seat]
    owner = s.owner[card.id]
    if s.strict_moves:
        if a.fee is not None or a.fee_goods is not None:
            _fee_choice_check(s, seat, owner, card, a)
        check_choices(card, a)
    ctx = Ctx(s, seat, p, card, s.events)
    if owner != seat and card.fees:
        s.events.append(_enters(s, p, owner, fee_payment(p, card, a, s.strict_moves), card))
    else:
        s.events.append(Msg("{player} enters the {building}.", player=p.name, building=CARDS[card.id]))
    p.worker = card.id
    _perform(card.id)(ctx, card, a)
    s.main_done = True


@cache
def _perform(building: str) -> Perform:
    eff = effect_for(content().buildings[building])
    assert eff is not None
    return eff.perform


Entry = tuple[Options, BuildingCard, tuple[tuple[int, int], ...], bool, int, int]


@lru_cache(maxsize=1)
def _enterable() -> dict[str, Entry]:
    """Buildings with an action, looked up once: their options, card, fee alternatives
    (food, francs), whether the options are blind to the fee, and a good the action cannot
    do without (at least that many; -1: none) so that hopeless visits are passed over."""
    out = {}
    for b, card in content().buildings.items():
        eff = effect_for(card)
        if card.can_enter and eff is not None:
            good, least = _needs(card)
            out[b] = (eff.options, card, fee_alternatives(b), _fee_blind(card), good, least)
    return out


def _needs(card: BuildingCard) -> tuple[int, int]:
    """A good the building's action needs at least so many of (good -1: nothing known)."""
    a = card.action
    if a.kind == "convert":
        return a.input, 1
    if a.kind == "sell_table":
        return a.good, 1
    if a.kind == "sell_sets" and a.give:
        g, k = next(iter(a.give.items()))
        return g, k
    return -1, 0


def _fee_blind(card: BuildingCard) -> bool:
    """Whether the building's options never look at food tokens or francs, the only things
    an entry fee takes: then they are the same before and after paying it."""
    a = card.action
    if a.kind in ("receive", "receive_per_symbol", "build", "wharf"):
        return True
    if a.kind == "convert":  # energy is paid in wood, charcoal, coal and coke: never food
        return a.input not in FOOD_VALUE
    if a.kind == "sell_table":
        return a.good not in FOOD_VALUE
    if a.kind == "sell_sets":
        return not any(g in FOOD_VALUE for g in a.give)
    return False


def _enter_options(s: GameState, seat: int) -> list[Action]:
    """Every sensible way to enter a building now (fees paid the engine's way)."""
    out: list[Action] = []
    p = s.players[seat]
    worker = p.worker
    goods = p.goods
    occupied = () if s.phase == "final" else {q.worker for q in s.players}
    # Fees are paid in food or francs, never in materials or energy, so what the options
    # find out about those holds for every position after a fee: the contexts share a memo.
    memo: dict[object, object] = {}
    free = Ctx(s, seat, p, memo=memo)
    food = p.food_goods() + p.francs  # francs may pay food
    payable: dict[tuple[tuple[int, int], ...], bool] = {}
    # buildings with the same fee leave the player in the same position: pay it once
    after_fee: dict[tuple[tuple[int, int], ...], Ctx | None] = {}
    enterable = _enterable()
    for b, owner in s.owner.items():
        found = enterable.get(b)
        if found is None or b == worker or b in occupied:
            continue
        options, card, key, blind, good, least = found
        if good >= 0 and goods[good] < least:
            continue
        if owner == seat or not key:
            out.extend(options(free, card))
            continue
        if blind:
            ok = payable.get(key)
            if ok is None:
                ok = payable[key] = any(
                    p.francs >= francs if francs else food >= need for need, francs in key
                )
            if ok:
                out.extend(options(free, card))
            continue
        if key in after_fee:
            ctx = after_fee[key]
        else:
            fee = default_fee(p, key)
            if fee is None:
                ctx = None
            else:
                q = p.clone()
                pay(q, fee)
                ctx = Ctx(s, seat, q, memo=memo)
            after_fee[key] = ctx
        if ctx is not None:
            out.extend(options(ctx, card))
    return out


# --- pending choices inside the main action -----------------------------------------------------

# translators: what is not possible now: "It is time to feed the workers; {what} is not possible now."
BUILDING = Msg("building")
LOOKING = Msg("looking at the special buildings")
ENDING = Msg("ending the turn")


def _build(s: GameState, a: Build) -> None:
    own_turn(s, BUILDING)
    pend = s.pending
    if pend is None or pend.kind != "build" or pend.remaining <= 0:
        raise IllegalAction(Msg(
            "You can build only as the action of a {firm}, the {construction} or the {sawmill}.",
            firm=Card("building_firm_1"), construction=Card("construction_firm"), sawmill=Card("sawmill"),
        ))
    via = building_card(pend.building)
    if a.goods is not None and s.strict_moves:
        positive_counts(a.goods)
    do_build(Ctx(s, s.current, s.players[s.current], via, s.events), via, a.target, a.goods)
    left = pend.remaining - 1
    s.pending = pend.model_copy(update={"remaining": left}) if left > 0 else None


def _reorder(s: GameState, a: Reorder) -> None:
    own_turn(s, LOOKING)
    if s.pending is None or s.pending.kind != "peek":
        raise IllegalAction(Msg(
            "Only after the {building} may you look at the top two special buildings.", building=Card("marketplace")
        ))
    name = s.players[s.current].name
    if a.swap and len(s.special_deck) >= 2:
        s.special_deck[0], s.special_deck[1] = s.special_deck[1], s.special_deck[0]
        s.events.append(Msg("{player} looks at the top two special buildings and swaps them.", player=name))
    else:
        s.events.append(Msg(
            "{player} looks at the top two special buildings and puts them back as they were.", player=name
        ))
    s.pending = None


# --- extra actions ------------------------------------------------------------------------------


# --- end of turn, end of round ------------------------------------------------------------------


def _end_turn(s: GameState, a: EndTurn) -> None:
    own_turn(s, ENDING)
    p = s.players[s.current]
    if s.phase == "turn" and not s.supplied:
        raise IllegalAction(Msg("Move your ship first ('supply'), then take a main action."))
    if not s.main_done:
        raise IllegalAction(Msg("Take your main action first: take an offer space or enter a building."))
    p.turns_taken += 1
    s.pending = None
    s.turn_sold = []
    s.main_done = False
    n = s.num_players
    if s.phase == "final":
        s.final_turns += 1
        if s.final_turns >= n:
            game_over(s)
        else:
            s.current = (s.current + 1) % n
            s.events.append(Msg("{player} takes a final action.", player=s.players[s.current].name))
        return
    s.supplied = False
    s.turn += 1
    if s.turn >= TURNS_PER_ROUND:
        end_round(s)
    else:
        s.current = (s.current + 1) % n


# --- the two entry points -----------------------------------------------------------------------

HANDLERS: dict[type, Callable[[GameState, Any], None]] = {
    Supply: _supply,
    TakeOffer: _take,
    Enter: _enter,
    Build: _build,
    Reorder: _reorder,
    BuyBuilding: buy,
    BuyShip: buy_ship,
    SellBuilding: sell,
    SellShip: sell_ship,
    RepayLoan: repay,
    Feed: feed,
    PayInterest: pay_interest,
    EndTurn: _end_turn,
}


def mover(state: GameState, action: Action) -> int:
    """The seat that makes `action`: a waiting player's sale names its seller, every other
    move is the player to act's."""
    seat = getattr(action, "seat", None)
    return state.current if seat is None else seat


class _Unheard(list[Msg]):
    """Narration nobody reads (a bot's playouts): what is told is dropped at once."""

    def append(self, msg: Msg) -> None:
        pass

    def extend(self, msgs: Iterable[Msg]) -> None:
        pass


def apply(state: GameState, action: Action, *, in_place: bool = False, narrate: bool = True) -> GameState:
    """The state after `action`, or IllegalAction (the given state is never changed).

    `narrate=False` leaves `events` empty (bots playing out games read no narration)."""
    s = state if in_place else state.clone()
    s.events = [] if narrate else _Unheard()
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(Msg("Unknown action {action}.", action=repr(action)))
    stadium_waits = stadium_may_move(s)
    handler(s, action)
    if stadium_waits:
        place_stadium(s)
    return s


# Actions are immutable: the ones legal_actions lists again and again are made once.
_SUPPLY, _END, _FEED, _REPAY = Supply(), EndTurn(), Feed(), RepayLoan()
_KEEP_ORDER, _SWAP = Reorder(swap=False), Reorder(swap=True)
_PAY_INTEREST = PayInterest()
_feed_in_francs = lru_cache(maxsize=None)(lambda due: Feed(payment={FRANCS: due}))
_build_action = lru_cache(maxsize=None)(lambda b: Build(target=b))
_take_offer = lru_cache(maxsize=None)(lambda space: TakeOffer(space=space))
_sell_ship_action = lru_cache(maxsize=None)(lambda x: SellShip(ship=x))


@lru_cache(maxsize=1)
def _prices() -> dict[str, float]:
    """Purchase prices by building; infinite for those that cannot be bought."""
    return {b: float("inf") if c.price is None else c.price for b, c in content().buildings.items()}


@cache
def _cheapest_price() -> float:
    """The lowest purchase price of any building or ship: below it nothing can be bought."""
    ships = (k.price for k in content().ship_kinds.values() if k.price is not None)
    return min(*_prices().values(), *ships)


@lru_cache(maxsize=1)
def _sell_actions() -> dict[str, SellBuilding]:
    return {b: SellBuilding(building=b) for b in content().buildings}


def legal_actions(s: GameState) -> list[Action]:
    """What the player to act may do now; parametrised choices are enumerated sensibly."""
    if s.phase == "over":
        return []
    seat = s.current
    p = s.players[seat]
    out: list[Action] = []
    if s.phase == "interest":
        # pay (with a loan for what is missing), or sell first (as while feeding)
        out.append(_PAY_INTEREST)
        sell = _sell_actions()
        out.extend([sell[b] for b, o in s.owner.items() if o == seat])
        out.extend(_ship_sales(p))
        return out
    if s.phase == "feeding":
        out.append(_FEED)
        due = food_due(s, seat)
        # paying all in francs is a choice of its own unless the engine would pay so anyway
        if p.francs >= due and p.food_goods() and choose_food(p, due) != {FRANCS: due}:
            out.append(_feed_in_francs(due))
        buying = False
    else:
        if s.phase == "turn" and not s.supplied:
            out.append(_SUPPLY)
        elif not s.main_done:
            offers = s.offers
            for i, space in enumerate(OFFER_SPACES):
                if offers[i]:
                    out.append(_take_offer(space))
            out.extend(_enter_options(s, seat))
        else:
            pend = s.pending
            if pend is not None and pend.kind == "build":
                via = content().buildings[pend.building]
                ctx = Ctx(s, seat, p, via)
                for st in s.proposals:
                    if st and can_build(ctx, via, st[0]):
                        out.append(_build_action(st[0]))
            elif pend is not None and pend.kind == "peek":
                out.append(_KEEP_ORDER)
                if len(s.special_deck) >= 2:
                    out.append(_SWAP)
            out.append(_END)
        buying = s.phase == "turn"
    francs = p.francs
    owner = s.owner
    sell = _sell_actions()
    sales: list[Action] = []
    if buying and francs >= _cheapest_price():
        # one pass over the buildings in play: the town's may be bought, one's own sold
        prices = _prices()
        sold = s.turn_sold
        for b, o in owner.items():
            if o == seat:
                sales.append(sell[b])
            elif o == TOWN and prices[b] <= francs and b not in sold:
                out.append(buy_building_action(b))
        out.extend(purchases(s, p))
    elif seat in owner.values():  # a quick look first: often there is nothing to sell
        sales = [sell[b] for b, o in owner.items() if o == seat]
    if s.phase != "feeding" and p.loans and francs >= REPAY_FRANCS:
        out.append(_REPAY)
    out.extend(sales)
    if p.ships:
        out.extend(_ship_sales(p))
    return out


def _ship_sales(p: PlayerState) -> list[Action]:
    """One sale for each kind and value of ship the player has."""
    out: list[Action] = []
    seen: set[tuple[str, int]] = set()
    ships = content().ships
    for x in p.ships:
        key = (ships[x].type, ships[x].value)
        if key not in seen:
            seen.add(key)
            out.append(_sell_ship_action(x))
    return out
