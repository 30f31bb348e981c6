"""Special buildings whose actions are written as code, one function each.

The other special buildings work through the data kinds of `basic.py` (receive,
receive_per_symbol, sell_sets), and the passive cards through hooks elsewhere:
Wind Farm (`Ctx.energy_due`), Masons' Guild (`construction.building_requirements`),
Feedlot (`round_end.harvest`), Luxury Yacht (`construction.wharf`), Football Stadium
(`round_end.place_stadium`), Guildhouse and Business Park (end-game bonuses in the data).

How each action is chosen inside `Enter` (the command language uses the same fields):

* leather_industry, brick_manufacturer, kiln, steelworks, zoo: no choice (`energy` may
  name the energy tokens for the Kiln and the Steelworks).
* furriery: `goods` = what is handed in: `{"hides": n, "leather": m}`; n hides become
  n bread, m leather (at most 2) are sold for 5 francs each. Without `goods`: all hides
  and as much leather as may be sold.
* town_square: `goods` = the upgraded goods taken, one of each kind, e.g.
  `{"coke": 1, "leather": 1}`; without `goods` the most valuable kinds are taken.
* haulage_firm: `targets` = two neighbouring offer spaces, e.g. `["grain", "cattle"]`.
* harbour_watch: `targets[0]` = the building whose visitor is sent home; the remaining
  `targets` and the other fields (`amount`, `goods`, `option`, `energy`, `food`) are the
  choices for that building's action, e.g. `targets=["building_firm_1", "joinery"]`.
* coal_trader: `goods` = what is bought, e.g. `{"charcoal": 1, "coal": 2}`; `food` = the
  exact food tokens (and francs) paying for it all at once.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import Any

from ..actions import Enter
from ..cards import BuildingCard, CodedAction, content
from ..errors import IllegalAction
from ..goods import Good
from ..message import Card, Count, GoodName, Goods, Listing, Msg, MsgN, Typed
from ..payments import Payment, fee_payment, food_over_fee, pay, payment_goods, receive
from ..state import OFFER_GOOD, OFFER_SPACES, TOWN, GameState
from ..words import franc_count
from .base import CHOICES, Ctx, check_choices, coded, crafts, effect_for, opt, plain
from .standard import given_goods


def _params(card: BuildingCard) -> dict[str, Any]:
    assert isinstance(card.action, CodedAction)
    return card.action.params


ONCE = ("amount",)  # actions carried out once per visit read the amount only to refuse 2 or more


def _once(card: BuildingCard, act: Enter) -> None:
    if act.amount not in (None, 1):
        raise IllegalAction(Msg("The {building}'s action can be carried out once per visit.", building=Card(card.id)))


# --- SP-11 Leather Industry, SP-28 Brick Manufacturer: return goods, show francs ----------


def _show_trade(ctx: Ctx, card: BuildingCard, good: Good, n: int, show: int) -> Msg | None:
    """Why the trade is impossible, or None."""
    if ctx.p.goods[good] < n:
        return Msg(
            "The {building} takes {goods}; you have {have}.",
            building=Card(card.id), goods=Goods.one(good, n, "acc"), have=ctx.p.goods[good],
        )
    if ctx.p.francs < show:
        return Msg(
            "At the {building} you must show at least {francs} (you keep them); you have {have}.",
            building=Card(card.id), francs=franc_count(show, "acc"), have=ctx.p.francs,
        )
    return None


def _show_perform(ctx: Ctx, card: BuildingCard, act: Enter, good: Good, key: str) -> None:
    p = _params(card)
    n, show, francs = p.get(key, 3), p["show"], p["francs"]
    _once(card, act)
    why = _show_trade(ctx, card, good, n, show)
    if why:
        raise IllegalAction(why)
    ctx.p.goods[good] -= n
    ctx.say(Msg(
        "{player} returns {goods} and shows {francs}.",
        player=ctx.name, goods=Goods.one(good, n, "acc"), francs=franc_count(ctx.p.francs, "acc"),
    ))
    ctx.gain({}, francs)


def _show_options(good: Good, key: str) -> Callable[[Ctx, BuildingCard], list[Enter]]:
    def options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
        p = _params(card)
        ok = _show_trade(ctx, card, good, p.get(key, 3), p["show"]) is None
        return [plain(card.id)] if ok else []

    return options


@coded("leather_industry", _show_options(Good.LEATHER, "leather"), reads=ONCE)
def leather_industry(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    """Return 3 leather, show at least 14 francs (kept), receive 16 francs."""
    _show_perform(ctx, card, act, Good.LEATHER, "leather")


@coded("brick_manufacturer", _show_options(Good.BRICK, "brick"), reads=ONCE)
def brick_manufacturer(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    """Return 3 brick, show at least 10 francs (kept), receive 14 francs."""
    _show_perform(ctx, card, act, Good.BRICK, "brick")


# --- SP-12 Furriery -------------------------------------------------------------------


def _furriery_choice(ctx: Ctx, card: BuildingCard, act: Enter) -> tuple[int, int]:
    """(hides to turn into bread, leather to sell) as chosen, or the most possible."""
    top = _params(card).get("leather_max", 2)
    if act.goods is None:
        return ctx.p.goods[Good.HIDES], min(top, ctx.p.goods[Good.LEATHER])
    goods = given_goods(act.goods, card.id)
    other: dict[Good, int] = {g: n for g, n in goods.items() if g not in (Good.HIDES, Good.LEATHER)}
    if other:
        raise IllegalAction(Msg(
            "The {building} takes hides (for bread) and leather (for francs), not {goods}.",
            building=Card(card.id), goods=Goods.of(other, case="acc"),
        ))
    hides, leather = goods.get(Good.HIDES, 0), goods.get(Good.LEATHER, 0)
    if leather > top:
        raise IllegalAction(Msg(
            "The {building} buys at most {goods} per visit, not {n}.",
            building=Card(card.id), goods=Goods.one(Good.LEATHER, top, "acc"), n=leather,
        ))
    for g, n in ((Good.HIDES, hides), (Good.LEATHER, leather)):
        if n > ctx.p.goods[g]:
            raise IllegalAction(Msg("You have {goods}, not {n}.", goods=Goods.one(g, ctx.p.goods[g], "acc"), n=n))
    return hides, leather


def _furriery_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    hides = ctx.p.goods[Good.HIDES]
    leather = min(_params(card).get("leather_max", 2), ctx.p.goods[Good.LEATHER])
    out: list[Enter] = []
    for h, m in ((hides, leather), (hides, 0), (0, leather)):
        goods = {"hides": h, "leather": m} if h and m else {"hides": h} if h else {"leather": m} if m else {}
        e = opt(card.id, goods=goods)
        if goods and e not in out:
            out.append(e)
    return out


@coded("furriery", _furriery_options, reads=("goods",))
def furriery(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    """Any number of hides -> bread 1:1, and/or sell up to 2 leather at 5 francs each.

    `goods={"hides": n, "leather": m}` names what is handed in.
    """
    hides, leather = _furriery_choice(ctx, card, act)
    if hides + leather == 0:
        if ctx.p.goods[Good.HIDES] + ctx.p.goods[Good.LEATHER]:
            raise IllegalAction(Msg(
                "The {building} turns hides into bread and buys up to 2 leather; "
                "say what to hand in, e.g. hides=2 leather=1.",
                building=Card(card.id),
            ))
        raise IllegalAction(Msg(
            "The {building} turns hides into bread and buys up to 2 leather; you have neither.",
            building=Card(card.id),
        ))
    if hides:
        ctx.p.goods[Good.HIDES] -= hides
        ctx.p.goods[Good.BREAD] += hides
        ctx.say(Msg(
            "{player} turns {hides} into {bread}.",
            player=ctx.name, hides=Goods.one(Good.HIDES, hides, "acc"), bread=Goods.one(Good.BREAD, hides, "acc"),
        ))
    if leather:
        ctx.p.goods[Good.LEATHER] -= leather
        ctx.say(Msg("{player} sells {goods}.", player=ctx.name, goods=Goods.one(Good.LEATHER, leather, "acc")))
        ctx.gain({}, _params(card).get("leather_francs", 5) * leather)


# --- SP-15 Town Square ------------------------------------------------------------------

# The upgraded goods it gives (never steel), most valuable first.
SQUARE_KINDS: tuple[Good, ...] = (
    Good.COKE,
    Good.LEATHER,
    Good.MEAT,
    Good.BREAD,
    Good.BRICK,
    Good.CHARCOAL,
    Good.SMOKED_FISH,
)


def square_size(ctx: Ctx) -> int:
    """One good per craft building owned; never more than the 7 kinds on offer."""
    return min(crafts(ctx), len(SQUARE_KINDS))


def _square_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    k = square_size(ctx)
    if not k:
        return []
    return [
        opt(card.id, goods={g.key: 1 for g in combo})
        for combo in combinations(SQUARE_KINDS, k)
    ]


@coded("town_square", _square_options, reads=("goods",))
def town_square(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    """One upgraded good per craft building owned, all of different kinds, no steel."""
    k = square_size(ctx)
    if not k:
        raise IllegalAction(Msg(
            "You own no craft building, so the {building} would give you nothing.", building=Card(card.id)
        ))
    kinds = Listing(tuple(GoodName(g) for g in SQUARE_KINDS), ",")
    goods = given_goods(act.goods, card.id)
    if act.goods is None:
        goods = {g: 1 for g in SQUARE_KINDS[:k]}
    if not goods:
        raise IllegalAction(Msg("Choose up to {k} different upgraded goods ({kinds}).", k=k, kinds=kinds))
    for g, n in goods.items():
        if g not in SQUARE_KINDS:
            raise IllegalAction(Msg(
                "The {building} gives upgraded goods other than steel ({kinds}), not {good}.",
                building=Card(card.id), kinds=kinds, good=GoodName(g),
            ))
        if n != 1:
            raise IllegalAction(Msg("The {building} never gives two goods of the same kind.", building=Card(card.id)))
    if len(goods) > k:
        raise IllegalAction(MsgN(
            "You own {k} craft building, so you may take {k} good here, not {n}.",
            "You own {k} craft buildings, so you may take {k} goods here, not {n}.",
            "k", k=k, n=len(goods),
        ))
    got = ctx.add(goods)
    if got is not None:
        ctx.say(Msg("{player} receives {goods} at the {building}.", player=ctx.name, goods=got, building=Card(card.id)))


# --- SP-20 Haulage Firm -----------------------------------------------------------------

HAULAGE_PAIRS: tuple[tuple[str, str], ...] = tuple(
    (OFFER_SPACES[i], OFFER_SPACES[i + 1]) for i in range(1, len(OFFER_SPACES) - 1)
)  # fish-wood, wood-clay, clay-iron, iron-grain, grain-cattle (the franc space never)
_HAULAGE_WORDS = Listing(tuple(Typed(f"{a}+{b}") for a, b in HAULAGE_PAIRS), ",")


def _pair_goods(state: GameState, pair: tuple[str, str]) -> dict[Good, int]:
    return {OFFER_GOOD[sp]: state.offers[OFFER_SPACES.index(sp)] for sp in pair}


def _haulage_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    if ctx.p.francs < _params(card).get("francs", 3):
        return []
    # a pair with one empty space is allowed (docs/rules-notes.md), so it is offered too
    return [
        opt(card.id, targets=list(pair))
        for pair in HAULAGE_PAIRS
        if any(_pair_goods(ctx.state, pair).values())
    ]


@coded("haulage_firm", _haulage_options, reads=("targets",))
def haulage_firm(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    """Pay 3 francs, take all goods of two neighbouring offer spaces (`targets`)."""
    price = _params(card).get("francs", 3)
    pairs = _HAULAGE_WORDS  # the spaces as the player names them, "fish+wood"
    spaces = [t.lower() for t in act.targets]
    if len(spaces) != 2:
        raise IllegalAction(Msg("Name two neighbouring offer spaces: {pairs}.", pairs=pairs))
    if "francs" in spaces:
        raise IllegalAction(Msg(
            "The {building} never takes the francs; choose two goods spaces.",
            building=Card(card.id),
        ))
    for sp in spaces:
        if sp not in OFFER_SPACES:
            raise IllegalAction(
                Msg("'{typed}' is not an offer space; choose one of {pairs}.", typed=Typed(sp), pairs=pairs)
            )
    a, b = sorted(spaces, key=OFFER_SPACES.index)
    first, second = GoodName(OFFER_GOOD[a]), GoodName(OFFER_GOOD[b])
    if (a, b) not in HAULAGE_PAIRS:
        raise IllegalAction(Msg(
            "The {first} and {second} spaces are not neighbours; choose one of {pairs}.",
            first=first, second=second, pairs=pairs,
        ))
    goods = _pair_goods(ctx.state, (a, b))
    if not any(goods.values()):
        raise IllegalAction(Msg(
            "The {first} and {second} spaces are both empty; there is nothing to haul.", first=first, second=second
        ))
    if ctx.p.francs < price:
        raise IllegalAction(Msg(
            "The {building} costs {price}; you have {have}.",
            building=Card(card.id), price=franc_count(price), have=ctx.p.francs,
        ))
    ctx.p.francs -= price
    ctx.say(Msg("{player} pays {francs} to the bank.", player=ctx.name, francs=franc_count(price, "acc")))
    for sp in (a, b):
        ctx.state.offers[OFFER_SPACES.index(sp)] = 0
    got = ctx.add({g: n for g, n in goods.items() if n})
    if got is not None:
        ctx.say(Msg(
            "{player} receives {goods} from the {first} and {second} spaces.",
            player=ctx.name, goods=got, first=first, second=second,
        ))


# --- SP-21 Harbour Watch ----------------------------------------------------------------


def watch_targets(
    state: GameState, seat: int, watch: str = "harbour_watch"
) -> list[tuple[str, int]]:
    """(building, seat) for every building with another player's worker that has an action."""
    cards = content().buildings
    out: list[tuple[str, int]] = []
    seen: set[str] = set()
    for i, q in enumerate(state.players):
        b = q.worker
        if i == seat or b is None or b == watch or b in seen or b not in state.owner:
            continue
        card = cards[b]
        if card.can_enter and effect_for(card) is not None:
            seen.add(b)
            out.append((b, i))
    return out


def _transfer(state: GameState, owner: int, payment: Payment) -> str | None:
    """The fee goes to the building's owner: that player's name, or None for the bank."""
    if owner == TOWN:
        return None
    o = state.players[owner]
    receive(o, payment)
    return o.name


def _take_over(ctx: Ctx, watch: BuildingCard, target: BuildingCard, victim: int) -> None:
    """Pay the evicted player, send the worker home, move in and pay the fee."""
    s = ctx.state
    price = _params(watch).get("francs", 1)
    q = s.players[victim]
    ctx.p.francs -= price
    q.francs += price
    q.worker = None
    ctx.say(Msg(
        "{player} pays {francs} to {other}, whose worker leaves the {building}.",
        player=ctx.name, francs=franc_count(price, "acc"), other=q.name, building=Card(target.id),
    ))
    ctx.p.worker = target.id
    owner = s.owner[target.id]
    if owner != ctx.seat and target.fees:
        fee = fee_payment(ctx.p, target, Enter(building=target.id))
        pay(ctx.p, fee)
        to = _transfer(s, owner, fee)
        over = food_over_fee(target, fee)
        ctx.say(_moves_onto(ctx.name, Card(target.id), payment_goods(fee, "acc"), to, over))
    else:
        ctx.say(Msg("{player} moves onto the {building}.", player=ctx.name, building=Card(target.id)))


def _moves_onto(player: str, building: Card, fee: Goods, owner: str | None, over: int) -> Msg:
    """The Harbour Watch's player moves onto the building, paying its fee to the owner (None: the bank)."""
    if owner is None:
        if over > 0:
            return Msg(
                "{player} moves onto the {building}, paying {fee} to the bank ({over} more than the fee).",
                player=player, building=building, fee=fee, over=Count(over, "food"),
            )
        return Msg("{player} moves onto the {building}, paying {fee} to the bank.",
                   player=player, building=building, fee=fee)
    if over > 0:
        return Msg(
            "{player} moves onto the {building}, paying {fee} to {owner} ({over} more than the fee).",
            player=player, building=building, fee=fee, owner=owner, over=Count(over, "food"),
        )
    return Msg("{player} moves onto the {building}, paying {fee} to {owner}.",
               player=player, building=building, fee=fee, owner=owner)


def _relabel(act: Enter, building: str, targets: list[str]) -> Enter:
    """The same choices addressed to another building (fees are paid separately)."""
    data = act.model_dump()
    data.update(building=building, targets=targets, fee=None, fee_goods=None)
    return Enter.model_validate(data)


def _watch_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    if ctx.p.francs < _params(card).get("francs", 1):
        return []
    cards = content().buildings
    out: list[Enter] = []
    for b, victim in watch_targets(ctx.state, ctx.seat, card.id):
        target = cards[b]
        eff = effect_for(target)
        assert eff is not None
        s2 = ctx.state.clone()
        me = ctx.p.clone()
        s2.players[ctx.seat] = me
        trial = Ctx(s2, ctx.seat, me, card)
        try:
            _take_over(trial, card, target, victim)
        except IllegalAction:
            continue
        for e in eff.options(Ctx(s2, ctx.seat, me, target), target):
            out.append(_relabel(e, card.id, [b, *e.targets]))
    return out


@coded("harbour_watch", _watch_options, reads=CHOICES)
def harbour_watch(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    """Pay 1 franc to a player whose worker stands on a building; take over its action.

    `targets[0]` names the building; the rest of the Enter (further targets, amount,
    goods, option, energy, food) are the choices for that building's action. The
    target's fee is paid the engine's way (the cheapest).
    """
    cards = content().buildings
    s = ctx.state
    candidates = watch_targets(s, ctx.seat, card.id)
    names = Listing(tuple(Card(b) for b, _ in candidates), ",")
    watch = Card(card.id)
    if not candidates:
        raise IllegalAction(Msg(
            "No other player's worker stands on a building with an action; the {building} has nobody to send home.",
            building=watch,
        ))
    if not act.targets:
        raise IllegalAction(Msg("Say whose building to take over: {buildings}.", buildings=names))
    b = act.targets[0]
    if b not in cards:
        raise IllegalAction(Msg("There is no building called '{typed}'.", typed=Typed(b)))
    target = cards[b]
    if b == card.id:
        raise IllegalAction(Msg("The {building} cannot send a worker home from itself.", building=watch))
    if not target.can_enter:
        raise IllegalAction(Msg(
            "The {building} offers no action, so the {watch} cannot take it over.", building=Card(b), watch=watch
        ))
    victim = next((i for t, i in candidates if t == b), None)
    if victim is None:
        raise IllegalAction(Msg(
            "No other player's worker stands on the {building}; choose one of: {buildings}.",
            building=Card(b), buildings=names,
        ))
    price = _params(card).get("francs", 1)
    if ctx.p.francs < price:
        raise IllegalAction(Msg(
            "The {building} costs {price}, paid to {other}; you have none.",
            building=watch, price=franc_count(price), other=s.players[victim].name,
        ))
    inner = _relabel(act, b, list(act.targets[1:]))
    if s.strict_moves:
        check_choices(target, inner)  # the choices are the target's
    _take_over(ctx, card, target, victim)
    eff = effect_for(target)
    assert eff is not None
    eff.perform(Ctx(s, ctx.seat, ctx.p, target, ctx.events), target, inner)


# --- SP-25 Coal Trader ------------------------------------------------------------------


def _coal_food(card: BuildingCard, charcoal: int, coal: int) -> int:
    p = _params(card)
    return charcoal * p.get("charcoal_food", 1) + coal * p.get("coal_food", 2)


def _coal_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    food = ctx.p.food_goods() + ctx.p.francs  # overpaying is allowed: the total is what counts
    return [o for o, need in _coal_choices(card.id) if need <= food]


@lru_cache(maxsize=8)
def _coal_choices(building: str) -> tuple[tuple[Enter, int], ...]:
    """Every purchase at the Coal Trader, largest first, with the food it costs."""
    card = content().buildings[building]
    p = _params(card)
    out = []
    for coal in range(p.get("coal_max", 5), -1, -1):
        for charcoal in range(p.get("charcoal_max", 1), -1, -1):
            if charcoal + coal:
                goods = {k: n for k, n in (("charcoal", charcoal), ("coal", coal)) if n}
                out.append((opt(building, goods=goods), _coal_food(card, charcoal, coal)))
    return tuple(out)


@coded("coal_trader", _coal_options, reads=("goods", "food"))
def coal_trader(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    """At most 1 charcoal for 1 food and/or up to 5 coal for 2 food each, paid at once.

    `goods` names the purchase, `food` (optional) the exact tokens paying for it.
    """
    p = _params(card)
    ch_max, coal_max = p.get("charcoal_max", 1), p.get("coal_max", 5)
    goods = given_goods(act.goods, card.id)
    trader = Card(card.id)
    if not goods:
        raise IllegalAction(Msg(
            "Say what to buy: up to {charcoal} for 1 food and up to {coal} for 2 food each, e.g. charcoal=1 coal=2.",
            charcoal=Goods.one(Good.CHARCOAL, ch_max, "acc"), coal=Goods.one(Good.COAL, coal_max, "acc"),
        ))
    other: dict[Good, int] = {
        g: n for g, n in goods.items() if g not in (Good.CHARCOAL, Good.COAL)
    }
    if other:
        raise IllegalAction(Msg(
            "The {building} sells charcoal and coal, not {goods}.", building=trader, goods=Goods.of(other, case="acc")
        ))
    charcoal, coal = goods.get(Good.CHARCOAL, 0), goods.get(Good.COAL, 0)
    if charcoal > ch_max:
        raise IllegalAction(Msg(
            "The {building} sells at most {goods} per visit.", building=trader,
            goods=Goods.one(Good.CHARCOAL, ch_max, "acc"),
        ))
    if coal > coal_max:
        raise IllegalAction(Msg(
            "The {building} sells at most {goods} per visit.",
            building=trader, goods=Goods.one(Good.COAL, coal_max, "acc")
        ))
    food = _coal_food(card, charcoal, coal)
    ctx.pay_food(food, act.food, Msg("Buying {goods}", goods=Goods.of(goods, case="acc")))
    got = ctx.add(goods)
    if got is not None:
        ctx.say(Msg("{player} receives {goods} from the {building}.", player=ctx.name, goods=got, building=trader))


# --- SP-30 Kiln, SP-32 Steelworks: one conversion with energy ----------------------------


def _energy_trade_ok(ctx: Ctx, good: Good, n: int, energy: int) -> bool:
    return ctx.p.goods[good] >= n and ctx.energy_payment(energy, None) is not None


def _energy_trade(
    ctx: Ctx, card: BuildingCard, act: Enter, good: Good, key: str, out: Good, out_key: str
) -> None:
    p = _params(card)
    n, energy, gets = p.get(key, 1), p.get("energy", 0), p.get(out_key, 1)
    _once(card, act)
    if ctx.p.goods[good] < n:
        raise IllegalAction(Msg(
            "The {building} needs {goods} and {energy}; you have {have}.",
            building=Card(card.id), goods=Goods.one(good, n), energy=Count(energy, "energy"),
            have=Goods.one(good, ctx.p.goods[good], "acc"),
        ))
    ctx.pay_energy(energy, act.energy, Msg("The {building}", building=Card(card.id)))
    ctx.p.goods[good] -= n
    ctx.say(Msg("{player} hands over {goods}.", player=ctx.name, goods=Goods.one(good, n, "acc")))
    ctx.gain({out: gets})


def _kiln_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    p = _params(card)
    ok = _energy_trade_ok(ctx, Good.CLAY, p.get("clay", 1), p.get("energy", 1))
    return [plain(card.id)] if ok else []


@coded("kiln", _kiln_options, reads=(*ONCE, "energy"))
def kiln(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    """1 clay + 1 energy -> 3 brick, once per visit."""
    _energy_trade(ctx, card, act, Good.CLAY, "clay", Good.BRICK, "brick")


def _steel_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    p = _params(card)
    ok = _energy_trade_ok(ctx, Good.IRON, p.get("iron", 1), p.get("energy", 15))
    return [plain(card.id)] if ok else []


@coded("steelworks", _steel_options, reads=(*ONCE, "energy"))
def steelworks(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    """15 energy + 1 iron -> 2 steel, once per visit."""
    _energy_trade(ctx, card, act, Good.IRON, "iron", Good.STEEL, "steel")


# --- SP-35 Zoo --------------------------------------------------------------------------


def zoo_francs(ctx: Ctx) -> int:
    """1/3 franc per cattle and per (fresh) fish owned, the total rounded down."""
    return (ctx.p.goods[Good.CATTLE] + ctx.p.goods[Good.FISH]) // 3


def _zoo_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    return [plain(card.id)] if zoo_francs(ctx) else []


@coded("zoo", _zoo_options)
def zoo(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    """Receive 1/3 franc per cattle and per fish owned (rounded down); the animals stay."""
    francs = zoo_francs(ctx)
    if not francs:
        n = ctx.p.goods[Good.CATTLE] + ctx.p.goods[Good.FISH]
        raise IllegalAction(Msg(
            "The {building} pays 1 franc per 3 cattle and fish together; your {n} would earn nothing.",
            building=Card(card.id), n=n,
        ))
    got = ctx.add({}, francs)
    if got is not None:
        ctx.say(Msg(
            "{player} receives {goods} from the {building}'s visitors.",
            player=ctx.name, goods=got, building=Card(card.id)
        ))
