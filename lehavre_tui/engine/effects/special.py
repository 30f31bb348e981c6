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
from ..goods import Good, goods_text
from ..payments import Payment, pay, payment_text, receive
from ..state import OFFER_GOOD, OFFER_SPACES, TOWN, GameState
from ..words import francs_text, plural
from .base import CHOICES, Ctx, check_choices, coded, crafts, effect_for, opt, plain
from .standard import given_goods


def _params(card: BuildingCard) -> dict[str, Any]:
    assert isinstance(card.action, CodedAction)
    return card.action.params


ONCE = ("amount",)  # actions carried out once per visit read the amount only to refuse 2 or more


def _once(card: BuildingCard, act: Enter) -> None:
    if act.amount not in (None, 1):
        raise IllegalAction(f"The {card.name}'s action can be carried out once per visit.")


# --- SP-11 Leather Industry, SP-28 Brick Manufacturer: return goods, show francs ----------


def _show_trade(ctx: Ctx, card: BuildingCard, good: Good, n: int, show: int) -> str | None:
    """Why the trade is impossible, or None."""
    if ctx.p.goods[good] < n:
        return f"The {card.name} takes {n} {good.label}; you have {ctx.p.goods[good]}."
    if ctx.p.francs < show:
        return (
            f"At the {card.name} you must show at least {francs_text(show)} (you keep them); "
            f"you have {ctx.p.francs}."
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
    ctx.say(f"{ctx.name} returns {n} {good.label} and shows {francs_text(ctx.p.francs)}.")
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
    goods = given_goods(act.goods, "The Furriery")
    other: dict[Good, int] = {g: n for g, n in goods.items() if g not in (Good.HIDES, Good.LEATHER)}
    if other:
        raise IllegalAction(
            "The Furriery takes hides (for bread) and leather (for francs), "
            f"not {goods_text(other)}."
        )
    hides, leather = goods.get(Good.HIDES, 0), goods.get(Good.LEATHER, 0)
    if leather > top:
        raise IllegalAction(f"The Furriery buys at most {top} leather per visit, not {leather}.")
    for g, n in ((Good.HIDES, hides), (Good.LEATHER, leather)):
        if n > ctx.p.goods[g]:
            raise IllegalAction(f"You have {ctx.p.goods[g]} {g.label}, not {n}.")
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
        raise IllegalAction(
            "The Furriery turns hides into bread and buys up to 2 leather; "
            + (
                "say what to hand in, e.g. hides=2 leather=1."
                if ctx.p.goods[Good.HIDES] + ctx.p.goods[Good.LEATHER]
                else "you have neither."
            )
        )
    if hides:
        ctx.p.goods[Good.HIDES] -= hides
        ctx.p.goods[Good.BREAD] += hides
        ctx.say(f"{ctx.name} turns {hides} hides into {hides} bread.")
    if leather:
        ctx.p.goods[Good.LEATHER] -= leather
        ctx.say(f"{ctx.name} sells {leather} leather.")
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
        raise IllegalAction("You own no craft building, so the Town Square would give you nothing.")
    kinds = ", ".join(g.label for g in SQUARE_KINDS)
    goods = given_goods(act.goods, "The Town Square")
    if act.goods is None:
        goods = {g: 1 for g in SQUARE_KINDS[:k]}
    if not goods:
        raise IllegalAction(f"Choose up to {k} different upgraded goods ({kinds}).")
    for g, n in goods.items():
        if g not in SQUARE_KINDS:
            raise IllegalAction(
                f"The Town Square gives upgraded goods other than steel ({kinds}), not {g.label}."
            )
        if n != 1:
            raise IllegalAction("The Town Square never gives two goods of the same kind.")
    if len(goods) > k:
        raise IllegalAction(
            f"You own {plural(k, 'craft building')}, so you may take {plural(k, 'good')} "
            f"here, not {len(goods)}."
        )
    ctx.gain(goods, 0, " at the Town Square")


# --- SP-20 Haulage Firm -----------------------------------------------------------------

HAULAGE_PAIRS: tuple[tuple[str, str], ...] = tuple(
    (OFFER_SPACES[i], OFFER_SPACES[i + 1]) for i in range(1, len(OFFER_SPACES) - 1)
)  # fish-wood, wood-clay, clay-iron, iron-grain, grain-cattle (the franc space never)


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
    pairs = ", ".join(f"{a}+{b}" for a, b in HAULAGE_PAIRS)
    spaces = [t.lower() for t in act.targets]
    if len(spaces) != 2:
        raise IllegalAction(f"Name two neighbouring offer spaces: {pairs}.")
    if "francs" in spaces:
        raise IllegalAction("The Haulage Firm never takes the francs; choose two goods spaces.")
    for sp in spaces:
        if sp not in OFFER_SPACES:
            raise IllegalAction(f"'{sp}' is not an offer space; choose one of {pairs}.")
    a, b = sorted(spaces, key=OFFER_SPACES.index)
    if (a, b) not in HAULAGE_PAIRS:
        raise IllegalAction(f"The {a} and {b} spaces are not neighbours; choose one of {pairs}.")
    goods = _pair_goods(ctx.state, (a, b))
    if not any(goods.values()):
        raise IllegalAction(f"The {a} and {b} spaces are both empty; there is nothing to haul.")
    if ctx.p.francs < price:
        raise IllegalAction(f"The Haulage Firm costs {francs_text(price)}; you have {ctx.p.francs}.")
    ctx.p.francs -= price
    ctx.say(f"{ctx.name} pays {francs_text(price)} to the bank.")
    for sp in (a, b):
        ctx.state.offers[OFFER_SPACES.index(sp)] = 0
    ctx.gain({g: n for g, n in goods.items() if n}, 0, f" from the {a} and {b} spaces")


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


def _transfer(state: GameState, owner: int, payment: Payment) -> str:
    if owner == TOWN:
        return "the bank"
    o = state.players[owner]
    receive(o, payment)
    return o.name


def _take_over(ctx: Ctx, watch: BuildingCard, target: BuildingCard, victim: int) -> None:
    """Pay the evicted player, send the worker home, move in and pay the fee."""
    from ..rules import fee_payment, over_the_fee  # the rules module imports the effects

    s = ctx.state
    price = _params(watch).get("francs", 1)
    q = s.players[victim]
    ctx.p.francs -= price
    q.francs += price
    q.worker = None
    ctx.say(f"{ctx.name} pays {francs_text(price)} to {q.name}, whose worker leaves the {target.name}.")
    ctx.p.worker = target.id
    owner = s.owner[target.id]
    if owner != ctx.seat and target.fees:
        fee = fee_payment(ctx.p, target, Enter(building=target.id))
        pay(ctx.p, fee)
        to = _transfer(s, owner, fee)
        over = over_the_fee(target, fee)
        ctx.say(f"{ctx.name} moves onto the {target.name}, paying {payment_text(fee)} to {to}{over}.")
    else:
        ctx.say(f"{ctx.name} moves onto the {target.name}.")


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
    names = ", ".join(cards[b].name for b, _ in candidates)
    if not candidates:
        raise IllegalAction(
            "No other player's worker stands on a building with an action; "
            "the Harbour Watch has nobody to send home."
        )
    if not act.targets:
        raise IllegalAction(f"Say whose building to take over: {names}.")
    b = act.targets[0]
    if b not in cards:
        raise IllegalAction(f"There is no building called '{b}'.")
    target = cards[b]
    if b == card.id:
        raise IllegalAction("The Harbour Watch cannot send a worker home from itself.")
    if not target.can_enter:
        raise IllegalAction(
            f"The {target.name} offers no action, so the Harbour Watch cannot take it over."
        )
    victim = next((i for t, i in candidates if t == b), None)
    if victim is None:
        raise IllegalAction(
            f"No other player's worker stands on the {target.name}; choose one of: {names}."
        )
    price = _params(card).get("francs", 1)
    if ctx.p.francs < price:
        raise IllegalAction(
            f"The Harbour Watch costs {francs_text(price)}, paid to {s.players[victim].name}; "
            "you have none."
        )
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
    goods = given_goods(act.goods, "The Coal Trader")
    if not goods:
        raise IllegalAction(
            f"Say what to buy: up to {ch_max} charcoal for 1 food and up to {coal_max} coal "
            "for 2 food each, e.g. charcoal=1 coal=2."
        )
    other: dict[Good, int] = {
        g: n for g, n in goods.items() if g not in (Good.CHARCOAL, Good.COAL)
    }
    if other:
        raise IllegalAction(f"The Coal Trader sells charcoal and coal, not {goods_text(other)}.")
    charcoal, coal = goods.get(Good.CHARCOAL, 0), goods.get(Good.COAL, 0)
    if charcoal > ch_max:
        raise IllegalAction(f"The Coal Trader sells at most {ch_max} charcoal per visit.")
    if coal > coal_max:
        raise IllegalAction(f"The Coal Trader sells at most {coal_max} coal per visit.")
    food = _coal_food(card, charcoal, coal)
    ctx.pay_food(food, act.food, f"Buying {goods_text(goods)}")
    ctx.gain(goods, 0, " from the Coal Trader")


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
        raise IllegalAction(
            f"The {card.name} needs {n} {good.label} and {energy} energy; "
            f"you have {ctx.p.goods[good]} {good.label}."
        )
    ctx.pay_energy(energy, act.energy, f"The {card.name}")
    ctx.p.goods[good] -= n
    ctx.say(f"{ctx.name} hands over {n} {good.label}.")
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
        raise IllegalAction(
            f"The Zoo pays 1 franc per 3 cattle and fish together; your {n} would earn nothing."
        )
    ctx.gain({}, francs, " from the Zoo's visitors")
