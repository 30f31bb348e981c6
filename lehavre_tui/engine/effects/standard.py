"""Standard buildings whose actions are written as code, one function each."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from ..actions import Enter
from ..cards import BuildingCard, CodedAction, content
from ..errors import IllegalAction
from ..goods import SHIPPING_PRICE, STANDARD_GOODS, UPGRADED_GOODS, Good
from ..message import Arg, Card, Count, GoodName, Goods, Listing, Msg, MsgN, Typed
from ..payments import FRANCS, parse_payment
from ..state import OFFER_GOOD, OFFER_SPACES, Pending
from .base import Ctx, coded, crafts, opt, plain

MARKET_KINDS: tuple[Good, ...] = STANDARD_GOODS  # fish wood clay iron grain cattle coal hides
FOURTH_IRON = Msg("The fourth iron")  # translators: what needs energy: "The fourth iron needs 6 energy"


def _and(*items: Arg) -> Listing:
    return Listing(items, "and")


def _params(card: BuildingCard) -> dict[str, Any]:
    assert isinstance(card.action, CodedAction)
    return card.action.params


def given_goods(raw: dict[str, int] | None, building: str) -> dict[Good, int]:
    """The goods a player names for a building's action (never francs)."""
    if not raw:
        return {}
    parsed = parse_payment(raw)
    if FRANCS in parsed:
        raise IllegalAction(Msg("The {building} takes goods, not francs.", building=Card(building)))
    return {g: n for g, n in parsed.items() if isinstance(g, Good) and n}


def _own_check(ctx: Ctx, goods: dict[Good, int]) -> None:
    for g, n in goods.items():
        if ctx.p.goods[g] < n:
            raise IllegalAction(Msg("You have {goods}, not {n}.", goods=Goods.one(g, ctx.p.goods[g], "acc"), n=n))


# --- 01 Marketplace -----------------------------------------------------------------------


def market_size(ctx: Ctx, card: BuildingCard) -> int:
    """2 goods + 1 per craft building owned; at most 8 (4 in the solo game)."""
    p = _params(card)
    limit = p.get("solo_max", 4) if ctx.state.num_players == 1 else p.get("max", 8)
    return min(p.get("base", 2) + crafts(ctx), limit, len(MARKET_KINDS))


@lru_cache(maxsize=64)
def _market_choices(building: str, k: int) -> tuple[Enter, ...]:
    combos = list(combinations(MARKET_KINDS, k))
    if len(combos) > 28:  # a sensible, evenly spread selection for completion and bots
        step = len(combos) / 28
        combos = [combos[int(i * step)] for i in range(28)]
    return tuple(opt(building, goods={g.key: 1 for g in combo}) for combo in combos)


def _market_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    return list(_market_choices(card.id, market_size(ctx, card)))


_MARKET_WORDS = Listing(tuple(GoodName(g) for g in MARKET_KINDS), ",")


@coded("marketplace", _market_options, reads=("goods",))
def marketplace(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    k = market_size(ctx, card)
    goods = given_goods(act.goods, card.id)
    kinds = _MARKET_WORDS
    building = Card(card.id)
    if not goods:
        raise IllegalAction(
            Msg("Choose up to {k} different standard goods ({kinds}), e.g. fish=1 wood=1.", k=k, kinds=kinds)
        )
    for g, n in goods.items():
        if g not in MARKET_KINDS:
            raise IllegalAction(Msg(
                "The {building} gives standard goods only ({kinds}), not {good}.",
                building=building, kinds=kinds, good=GoodName(g),
            ))
        if n != 1:
            raise IllegalAction(Msg("The {building} never gives two goods of the same kind.", building=building))
    if len(goods) > k:
        raise IllegalAction(Msg("You may take {k} different goods here, not {n}.", k=k, n=len(goods)))
    ctx.gain(goods)
    if ctx.state.variant == "full" and ctx.state.special_deck and not ctx.final:
        ctx.state.pending = Pending(kind="peek", building=card.id)
        ctx.say(Msg("{player} may look at the top two special buildings and reorder them.", player=ctx.name))


# --- 13 Black Market ----------------------------------------------------------------------


def _black_market_goods(ctx: Ctx, card: BuildingCard) -> tuple[dict[Good, int], int]:
    each = _params(card).get("each", 2)
    goods: dict[Good, int] = {}
    francs = 0
    for i, space in enumerate(OFFER_SPACES):
        if ctx.state.offers[i] == 0:
            if space == "francs":
                francs = each
            else:
                goods[OFFER_GOOD[space]] = each
    return goods, francs


def _black_market_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    goods, francs = _black_market_goods(ctx, card)
    return [plain(card.id)] if goods or francs else []


@coded("black_market", _black_market_options)
def black_market(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    goods, francs = _black_market_goods(ctx, card)
    if not goods and not francs:
        raise IllegalAction(Msg("No offer space is empty, so the {building} gives nothing.", building=Card(card.id)))
    got = ctx.add(goods, francs)
    if got is not None:
        ctx.say(Msg(
            "{player} receives {goods} from the {building}.",
            player=ctx.name, goods=got, building=Card(card.id),
        ))


# --- 18 Shipping Line ---------------------------------------------------------------------


def ship_capacity(ship: str) -> int:
    s = content().ships[ship]
    return content().ship_kinds[s.type].capacity


def _shippable_ships(ctx: Ctx) -> list[str]:
    ships = [s for s in ctx.p.ships if ship_capacity(s) > 0]
    return sorted(ships, key=ship_capacity, reverse=True)


def _shipping_plan(ctx: Ctx, n_ships: int) -> dict[Good, int] | None:
    ships = _shippable_ships(ctx)[:n_ships]
    energy = 3 * n_ships
    pay = ctx.energy_payment(energy, None)
    if pay is None:
        return None
    left = ctx.p.goods[:]
    for t, n in pay.items():
        if isinstance(t, Good):
            left[t] -= n
    capacity = sum(ship_capacity(s) for s in ships)
    chosen: dict[Good, int] = {}
    for g in sorted(Good, key=lambda g: -SHIPPING_PRICE[g]):
        take = min(left[g], capacity)
        if take:
            chosen[g] = take
            capacity -= take
        if not capacity:
            break
    return chosen or None


def _shipping_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    out = []
    for n in range(len(_shippable_ships(ctx)), 0, -1):
        plan = _shipping_plan(ctx, n)
        if plan:
            out.append(opt(card.id, amount=n, goods={g.key: k for g, k in plan.items()}))
    return out


@coded("shipping_line", _shipping_options, reads=("amount", "goods", "energy"))
def shipping_line(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    per_ship = _params(card).get("energy_per_ship", 3)
    ships = _shippable_ships(ctx)
    if not ships:
        raise IllegalAction(Msg("You have no ship that can carry goods (luxury liners cannot)."))
    goods = given_goods(act.goods, card.id)
    if not goods:
        plan = _shipping_plan(ctx, act.amount or len(ships))
        if plan is None:
            raise IllegalAction(Msg("Say what to ship, e.g. cattle=2 bread=1; you need 3 energy per ship used."))
        goods = plan
    _own_check(ctx, goods)
    total = sum(goods.values())
    # the fewest ships that carry it, largest first; the player may name more ships
    used, capacity = 0, 0
    for s in ships:
        if capacity >= total:
            break
        used += 1
        capacity += ship_capacity(s)
    if capacity < total:
        raise IllegalAction(
            Msg("Your ships carry at most {goods}, not {n}.", goods=Count(capacity, "good", "acc"), n=total)
        )
    if act.amount is not None:
        if act.amount > len(ships):
            raise IllegalAction(Msg("You have {ships} that can carry goods.", ships=Count(len(ships), "ship", "acc")))
        used = max(used, act.amount)
    reserved = [0] * 16
    for g, n in goods.items():
        reserved[g] += n
    ctx.pay_energy(per_ship * used, act.energy, Msg("Shipping on {ships}", ships=Count(used, "ship")), reserved)
    for g, n in goods.items():
        ctx.p.goods[g] -= n
    francs = sum(SHIPPING_PRICE[g] * n for g, n in goods.items())
    ctx.say(Msg(
        "{player} ships {goods} on {ships}.",
        player=ctx.name, goods=Goods.of(goods, case="acc"), ships=Count(used, "ship")
    ))
    ctx.gain({}, francs)


# --- 21 Business Office -------------------------------------------------------------------

OFFICE_SINGLE = (Good.CHARCOAL, Good.LEATHER, Good.BRICK)


# the goods given away first: the lowest shipping price, then the lower number
_GIVE_ORDER: tuple[Good, ...] = tuple(sorted(Good, key=lambda g: (SHIPPING_PRICE[g], g)))


def _cheapest(ctx: Ctx, n: int, exclude: dict[Good, int] | None = None) -> dict[Good, int] | None:
    left = ctx.p.goods[:]
    for g, k in (exclude or {}).items():
        left[g] -= k
    out: dict[Good, int] = {}
    for g in _GIVE_ORDER:
        take = min(left[g], n)
        if take > 0:
            out[g] = take
            n -= take
        if not n:
            return out
    return None


def _office_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    if sum(ctx.p.goods) < 1:
        return []
    out = []
    for option, n in (("steel", 4), ("brick", 1), ("charcoal", 1), ("leather", 1)):
        give = _cheapest(ctx, n)
        if give:
            out.append(opt(card.id, option=option, goods={g.key: k for g, k in give.items()}))
    give = _cheapest(ctx, 5)
    if give:
        goods = {g.key: k for g, k in give.items()}
        for single in ("brick", "charcoal", "leather"):
            out.append(opt(card.id, option=f"steel+{single}", goods=goods))
    return out


@coded("business_office", _office_options, reads=("option", "goods"))
def business_office(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    parts = [x.strip() for x in (act.option or "").replace(",", "+").split("+") if x.strip()]
    if not parts:
        raise IllegalAction(Msg(
            "Say what to trade for: steel (any 4 goods) and/or one of brick, charcoal, leather (any 1 good)."
        ))
    steel = parts.count("steel")
    singles = [x for x in parts if x != "steel"]
    if steel > 1 or len(singles) > 1:
        raise IllegalAction(Msg("Each trade of the {building} may be made once per visit.", building=Card(card.id)))
    outputs: dict[Good, int] = {}
    if steel:
        outputs[Good.STEEL] = 1
    for x in singles:
        try:
            g = Good[x.upper()]
        except KeyError:
            g = None
        if g not in OFFICE_SINGLE:
            raise IllegalAction(
                Msg("'{typed}' is not a trade here; one good buys 1 brick, charcoal or leather.", typed=Typed(x))
            )
        outputs[g] = outputs.get(g, 0) + 1
    need = 4 * steel + len(singles)
    goods = given_goods(act.goods, card.id)
    if not goods:
        auto = _cheapest(ctx, need)
        if auto is None:
            raise IllegalAction(
                Msg("These trades need {goods}; you have {have}.", goods=Count(need, "good"), have=sum(ctx.p.goods))
            )
        goods = auto
    if sum(goods.values()) != need:
        raise IllegalAction(Msg(
            "These trades take exactly {goods}; you offered {offered}.",
            goods=Count(need, "good", "acc"), offered=sum(goods.values()),
        ))
    _own_check(ctx, goods)
    for g, n in goods.items():
        ctx.p.goods[g] -= n
    ctx.say(Msg(
        "{player} trades {goods} at the {building}.",
        player=ctx.name, goods=Goods.of(goods, case="acc"), building=Card(card.id),
    ))
    ctx.gain(outputs)


# --- 27 Bridge over the Seine -------------------------------------------------------------


def bridge_francs(goods: dict[Good, int]) -> int:
    upgraded = sum(n for g, n in goods.items() if g.upgraded)
    standard = sum(n for g, n in goods.items() if not g.upgraded)
    return upgraded + standard // 3


def _bridge_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    p = ctx.p
    out = []
    upgraded = {g: p.goods[g] for g in UPGRADED_GOODS if p.goods[g]}
    std_total = sum(p.goods[g] for g in STANDARD_GOODS)
    std: dict[Good, int] = {}
    left = std_total // 3 * 3
    for g in sorted(STANDARD_GOODS, key=lambda g: (SHIPPING_PRICE[g], g)):
        take = min(p.goods[g], left)
        if take:
            std[g] = take
            left -= take
    for goods in ({**upgraded, **std}, std, upgraded):
        if goods and bridge_francs(goods) > 0:
            e = opt(card.id, goods={g.key: n for g, n in goods.items()})
            if e not in out:
                out.append(e)
    return out


@coded("bridge", _bridge_options, reads=("goods",))
def bridge(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    goods = given_goods(act.goods, card.id)
    if not goods:
        options = _bridge_options(ctx, card)
        if not options:
            raise IllegalAction(Msg(
                "The Bridge pays 1 franc per upgraded good and 1 per 3 standard goods; you have too little."
            ))
        goods = given_goods(options[0].goods, card.id)
    _own_check(ctx, goods)
    francs = bridge_francs(goods)
    if francs == 0:
        raise IllegalAction(Msg("That earns nothing: 1 franc per upgraded good, 1 per 3 standard goods."))
    for g, n in goods.items():
        ctx.p.goods[g] -= n
    ctx.say(Msg("{player} sells {goods} over the Bridge.", player=ctx.name, goods=Goods.of(goods, case="acc")))
    ctx.gain({}, francs)


# --- 15 Local Court -----------------------------------------------------------------------

COURT_OPTIONS = ("one", "two", "one+francs")
COURT_TEXT: dict[str, Msg] = {
    # translators: a choice at the Local Court, "'one' (return 1 loan)"
    "one": Msg("return 1 loan"),
    "two": Msg("return 2 loans"),
    "one+francs": Msg("return 1 loan and take 2 francs"),
}


def _court_choice(option: str) -> Msg:
    """"'one' (return 1 loan)": a choice as it is typed, and what it does."""
    return Msg("'{option}' ({meaning})", option=Typed(option), meaning=COURT_TEXT[option])


def _court_choices(loans: int) -> list[str]:
    if loans >= 3:
        return ["two", "one+francs"]
    if loans == 2:
        return ["one+francs"]
    if loans == 1:
        return ["one"]
    return []


def _court_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    return [opt(card.id, option=o) for o in _court_choices(ctx.p.loans)]


@coded("local_court", _court_options, reads=("option",))
def local_court(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    choices = _court_choices(ctx.p.loans)
    if not choices:
        raise IllegalAction(Msg("You have no loan for the {building} to cancel.", building=Card(card.id)))
    option = act.option or choices[0]
    if act.option is None and len(choices) > 1:
        # nothing named: the first choice, said aloud so the player sees what was chosen
        other = Listing(tuple(_court_choice(c) for c in choices[1:]), "or")
        ctx.say(Msg(
            "{player} names no choice at the {building}, so it is {choice} rather than {other}.",
            player=ctx.name, building=Card(card.id), choice=_court_choice(option), other=other,
        ))
    if option not in choices:
        offered = Listing(tuple(_court_choice(c) for c in choices), "or")
        raise IllegalAction(Msg(
            "With {loans} the {building} offers {offered}.",
            loans=Count(ctx.p.loans, "loan"), building=Card(card.id), offered=offered,
        ))
    returned = 2 if option == "two" else 1
    ctx.p.loans -= returned
    ctx.say(Msg(
        "The {building} cancels {n} of {player}'s loans.", building=Card(card.id), n=returned, player=ctx.name
    ))
    if option == "one+francs":
        ctx.gain({}, 2)


# --- 11 Arts Centre -----------------------------------------------------------------------


def _visitors(ctx: Ctx) -> int:
    return sum(
        1
        for i, p in enumerate(ctx.state.players)
        if i != ctx.seat and p.worker is not None and ctx.state.owner.get(p.worker) == ctx.seat
    )


def _arts_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    return [plain(card.id)] if _visitors(ctx) else []


@coded("arts_centre", _arts_options)
def arts_centre(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    n = _visitors(ctx)
    if not n:
        raise IllegalAction(Msg(
            "No other player's worker stands on your buildings; the {building} would pay nothing.",
            building=Card(card.id),
        ))
    got = ctx.add({}, _params(card).get("francs_per_worker", 4) * n)
    if got is not None:
        ctx.say(MsgN(
            "{player} receives {goods} for {n} visiting worker.", "{player} receives {goods} for {n} visiting workers.",
            "n", player=ctx.name, goods=got, n=n,
        ))


# --- 30 Church ----------------------------------------------------------------------------


def _church_ok(ctx: Ctx, card: BuildingCard) -> bool:
    p = _params(card)
    return ctx.p.goods[Good.BREAD] >= p.get("bread", 5) and ctx.p.goods[Good.FISH] >= p.get("fish", 2)


def _church_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    return [plain(card.id)] if _church_ok(ctx, card) else []


@coded("church", _church_options)
def church(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    p = _params(card)
    if not _church_ok(ctx, card):
        raise IllegalAction(Msg(
            "Only a player with at least {needed} (not smoked) may enter the {building}; you have {have}.",
            needed=_and(Goods.one(Good.BREAD, p.get("bread", 5), "acc"), Goods.one(Good.FISH, p.get("fish", 2), "acc")),
            building=Card(card.id),
            have=_and(
                Goods.one(Good.BREAD, ctx.p.goods[Good.BREAD], "acc"),
                Goods.one(Good.FISH, ctx.p.goods[Good.FISH], "acc"),
            ),
        ))
    got = ctx.add({Good.BREAD: p.get("gain_bread", 5), Good.FISH: p.get("gain_fish", 3)})
    if got is not None:
        ctx.say(Msg("{player} receives {goods} in the {building}.", player=ctx.name, goods=got, building=Card(card.id)))


# --- 22 Ironworks -------------------------------------------------------------------------


def _iron_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    out = [plain(card.id)]
    if ctx.energy_payment(_params(card).get("extra_energy", 6), None) is not None:
        out.insert(0, opt(card.id, option="extra"))
    return out


@coded("ironworks", _iron_options, reads=("option", "energy"))
def ironworks(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    p = _params(card)
    iron = p.get("iron", 3)
    if act.option not in (None, "extra"):
        raise IllegalAction(Msg(
            "At the {building} you may add 'extra': 6 energy for a fourth iron.",
            building=Card(card.id),
        ))
    if act.option is None and act.energy is not None and ctx.state.strict_moves:
        raise IllegalAction(Msg(
            "The {building} needs energy only for a fourth iron: add 'extra', or leave out the energy payment.",
            building=Card(card.id),
        ))
    if act.option == "extra":
        ctx.pay_energy(p.get("extra_energy", 6), act.energy, FOURTH_IRON)
        iron += 1
    ctx.gain({Good.IRON: iron})
