"""Building buildings (Building Firms, Construction Firm, Sawmill) and ships (Wharves)."""

from __future__ import annotations

from functools import lru_cache

from ..actions import Enter
from ..cards import SHIP_TYPES, BuildAction, BuildingCard, content
from ..errors import IllegalAction
from ..goods import Good
from ..message import CARDS, Card, Count, Goods, Listing, Msg, Typed
from ..state import TOWN, Pending
from ..words import A_SHIP_KIND, SHIP_KIND
from .base import (
    Compiled,
    Ctx,
    affordable,
    can_pay_materials,
    compiled_requirement,
    effect,
    material_payment,
    opt,
)

SHIP_ENERGY = 3
STADIUM = "football_stadium"  # the one special building that is built (on an emptied stack)
YACHT = "luxury_yacht"
YACHT_WORDS = ("yacht", "luxury_yacht")
BUILDING_A_SHIP = Msg("Building a ship")  # translators: what needs energy: "Building a ship needs 3 energy"


# --- buildings ----------------------------------------------------------------------------


def stack_of(ctx: Ctx, building: str) -> int | None:
    """Index of the proposal stack whose top card is `building`."""
    for i, stack in enumerate(ctx.state.proposals):
        if stack and stack[0] == building:
            return i
    return None


def building_requirements(ctx: Ctx, target: BuildingCard, via: BuildAction) -> list[dict[Good, int]]:
    """The build costs the player may pay for `target` (more than one with a choice of discount)."""
    return list(_requirements(target.id, via.wood_discount, ctx.owns("masons_guild")))


@lru_cache(maxsize=1024)
def _requirements(target: str, wood_discount: int, masons: bool) -> tuple[dict[Good, int], ...]:
    cost = dict(content().buildings[target].cost or {})
    if wood_discount and cost.get(Good.WOOD):
        cost[Good.WOOD] = max(0, cost[Good.WOOD] - wood_discount)
    options = [cost]
    if masons:
        # Masons' Guild: one clay or one brick less on every building built (owner's choice).
        options = []
        for g in (Good.BRICK, Good.CLAY):
            if cost.get(g):
                cheaper = dict(cost)
                cheaper[g] -= 1
                options.append(cheaper)
        options = options or [cost]
    return tuple({g: n for g, n in c.items() if n} for c in options)


def _check_target(ctx: Ctx, via_card: BuildingCard, target: str) -> BuildingCard:
    via = via_card.action
    assert isinstance(via, BuildAction)
    cards = content().buildings
    if target not in cards:
        raise IllegalAction(Msg("There is no building called '{typed}'.", typed=Typed(target)))
    t = cards[target]
    if stack_of(ctx, target) is None:
        if target == STADIUM and ctx.state.owner.get(target) == TOWN:
            raise IllegalAction(Msg(
                "The {building} waits with the town's buildings; it can be built once a "
                "proposal stack is empty and it has taken that stack's place.",
                building=Card(t.id),
            ))
        if target in ctx.state.owner:
            raise IllegalAction(Msg("The {building} is already built; it can only be bought.", building=Card(t.id)))
        tops = _tops(ctx)
        if tops is None:
            raise IllegalAction(Msg("Only the top card of a proposal stack can be built (all stacks are empty)."))
        raise IllegalAction(Msg("Only the top card of a proposal stack can be built ({tops}).", tops=tops))
    if t.cost is None:
        raise IllegalAction(Msg("The {building} cannot be built, only bought.", building=Card(t.id)))
    if via.needs_wood and not t.cost.get(Good.WOOD):
        raise IllegalAction(Msg(
            "The {via} builds only buildings that need wood; the {building} needs none.",
            via=Card(via_card.id), building=Card(t.id),
        ))
    return t


def _tops(ctx: Ctx) -> Listing | None:
    """The buildings on top of the proposal stacks, "Fishery, Joinery" (None: no stack left)."""
    tops = tuple(Card(st[0]) for st in ctx.state.proposals if st)
    return Listing(tops, ",") if tops else None


def can_build(ctx: Ctx, via_card: BuildingCard, target: str) -> bool:
    try:
        t = _check_target(ctx, via_card, target)
    except IllegalAction:
        return False
    via = via_card.action
    assert isinstance(via, BuildAction)
    return any(can_pay_materials(ctx.p, req) for req in building_requirements(ctx, t, via))


def do_build(ctx: Ctx, via_card: BuildingCard, target: str, explicit: dict[str, int] | None) -> None:
    via = via_card.action
    assert isinstance(via, BuildAction)
    t = _check_target(ctx, via_card, target)
    payment: dict[Good, int] | None = None
    first_error: IllegalAction | None = None
    what = Msg("The {building}", building=CARDS[t.id])
    for req in building_requirements(ctx, t, via):
        try:
            payment = material_payment(ctx.p, req, explicit, what)
            break
        except IllegalAction as exc:
            first_error = first_error or exc
    if payment is None:
        assert first_error is not None
        raise first_error
    for g, n in payment.items():
        ctx.p.goods[g] -= n
    stack = stack_of(ctx, target)
    assert stack is not None
    ctx.state.proposals[stack].pop(0)
    ctx.state.owner[target] = ctx.seat
    ctx.say(Msg(
        "{player} builds the {building}, paying {goods}.",
        player=ctx.name, building=CARDS[t.id], goods=Goods.of(payment, case="acc"),
    ))


@lru_cache(maxsize=4096)
def _top_requirements(top: str, wood_discount: int, needs_wood: bool, masons: bool) -> tuple[Compiled, ...]:
    """What building the proposal `top` may cost through a given build action; () if it may not."""
    # the same checks as _check_target, for a card known to lie on top of a stack
    cost = content().buildings[top].cost
    if cost is None or (needs_wood and not cost.get(Good.WOOD)):
        return ()
    return tuple(compiled_requirement(r) for r in _requirements(top, wood_discount, masons))


def _build_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    via = card.action
    assert isinstance(via, BuildAction)
    # Building Firms, Construction Firm and Sawmill ask the same of the same tops
    key = ("build", via.wood_discount, via.needs_wood)
    tops = ctx.memo.get(key)
    if tops is None:
        masons = ctx.owns("masons_guild")
        goods = ctx.p.goods
        found = []
        for stack in ctx.state.proposals:
            if stack:
                for req in _top_requirements(stack[0], via.wood_discount, via.needs_wood, masons):
                    if affordable(goods, req):
                        found.append(stack[0])
                        break
        tops = ctx.memo[key] = tuple(found)
    return list(_build_choices(card.id, tops)) if tops else []


@lru_cache(maxsize=4096)
def _build_choices(building: str, targets: tuple[str, ...]) -> tuple[Enter, ...]:
    return tuple(opt(building, targets=(t,)) for t in targets)


@effect("build", _build_options, reads=("targets", "goods"))
def build(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    a = card.action
    assert isinstance(a, BuildAction)
    if not act.targets:
        tops = _tops(ctx)
        if tops is None:
            raise IllegalAction(Msg("Say what to build: the top of a proposal stack (none left)."))
        raise IllegalAction(Msg("Say what to build: the top of a proposal stack ({tops}).", tops=tops))
    if len(act.targets) > a.count:
        raise IllegalAction(Msg(
            "The {building} builds at most {buildings}.", building=Card(card.id), buildings=Count(a.count, "building")
        ))
    if len(act.targets) > 1 and act.goods is not None and ctx.state.strict_moves:
        raise IllegalAction(Msg(
            "Materials can be named for one building at a time: build the first with them, "
            "then the second with 'build'."
        ))
    do_build(ctx, card, act.targets[0], act.goods if len(act.targets) == 1 else None)
    if len(act.targets) > 1:
        do_build(ctx, card, act.targets[1], None)
    elif a.count > 1:
        # Construction Firm: the second build may follow later in the turn, after a purchase.
        ctx.state.pending = Pending(kind="build", building=card.id, remaining=a.count - 1)


# --- ships --------------------------------------------------------------------------------


def ship_requirements(ctx: Ctx, wharf: str, ship_type: str) -> dict[Good, int]:
    kind = content().ship_kinds[ship_type]
    req = dict(kind.cost)
    if ship_type != "wooden" and wharf not in ctx.state.modernised:
        # The first non-wooden ship at a Wharf needs one brick laid on it first.
        req[Good.BRICK] = req.get(Good.BRICK, 0) + 1
    return req


def _ship_check(ctx: Ctx, wharf: str, ship_type: str) -> str:
    kinds = content().ship_kinds
    if ship_type not in kinds:
        raise IllegalAction(
            Msg("'{typed}' is not a ship type; choose wooden, iron, steel or luxury.", typed=Typed(ship_type))
        )
    stack = ctx.state.ship_stacks.get(ship_type) or []
    if not stack:
        raise IllegalAction(Msg("There is no {kind} on offer.", kind=SHIP_KIND[ship_type]))
    return stack[-1]


def _reserved(payment: dict[Good, int]) -> list[int]:
    r = [0] * 16
    for g, n in payment.items():
        r[g] += n
    return r


def can_build_ship(ctx: Ctx, wharf: str, ship_type: str) -> bool:
    if not ctx.state.ship_stacks.get(ship_type):
        return False
    req = ship_requirements(ctx, wharf, ship_type)
    if not can_pay_materials(ctx.p, req):  # the cheap test first: most ships are out of reach
        return False
    pay = material_payment(ctx.p, req, None, A_SHIP_KIND[ship_type])
    return ctx.energy_payment(SHIP_ENERGY, None, _reserved(pay)) is not None


def _yacht_ships(ctx: Ctx) -> list[str]:
    """The player's iron ships, least valuable first (one may be exchanged for the yacht)."""
    ships = content().ships
    return sorted((x for x in ctx.p.ships if ships[x].type == "iron"), key=lambda x: ships[x].value)


def can_take_yacht(ctx: Ctx) -> bool:
    s = ctx.state
    return s.owner.get(YACHT) == TOWN and YACHT not in s.turn_sold and bool(_yacht_ships(ctx))


def _wharf_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    memo = ctx.memo
    modernised = card.id in ctx.state.modernised
    out = []
    for t in SHIP_TYPES:
        # every Wharf asks the same, except whether it still needs its brick
        key = ("ship", t, modernised or t == "wooden")
        ok = memo.get(key)
        if ok is None:
            ok = memo[key] = can_build_ship(ctx, card.id, t)
        if ok:
            out.append(opt(card.id, targets=(t,)))
    if can_take_yacht(ctx):
        out.append(opt(card.id, targets=["yacht"]))
    return out


def take_yacht(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    """Luxury Yacht: instead of building a ship, one iron ship (it leaves the game) for it.

    `targets=["yacht"]` gives up the least valuable iron ship; `targets=["yacht", ship id]`
    names it. No goods, no energy, no modernising.
    """
    s = ctx.state
    yacht = content().buildings[YACHT]
    if s.owner.get(YACHT) != TOWN:
        if YACHT not in s.owner:
            raise IllegalAction(Msg(
                "The {building} is not in play; only the town's yacht can be exchanged.", building=Card(yacht.id)
            ))
        raise IllegalAction(Msg(
            "The {building} does not belong to the town; only the town's yacht can be exchanged.",
            building=Card(yacht.id),
        ))
    if YACHT in s.turn_sold:
        raise IllegalAction(Msg(
            "You sold the {building} this turn; it cannot come back in the same turn.", building=Card(yacht.id)
        ))
    mine = _yacht_ships(ctx)
    if not mine:
        raise IllegalAction(Msg(
            "The {building} is exchanged for one of your iron ships; you have none.", building=Card(yacht.id)
        ))
    if len(act.targets) > 2:
        raise IllegalAction(Msg("Name at most one iron ship to give up for the yacht."))
    ship = act.targets[1] if len(act.targets) == 2 else mine[0]
    if ship not in mine:
        raise IllegalAction(Msg(
            "'{typed}' is not one of your iron ships ({ships}).", typed=Typed(ship), ships=Listing(tuple(mine), ",")
        ))
    ctx.p.ships.remove(ship)
    s.owner[YACHT] = ctx.seat
    sc = content().ships[ship]
    ctx.say(Msg(
        "{player} gives up the iron ship {ship} (value {value}), which leaves the game, and takes the {building}.",
        player=ctx.name, ship=Card(ship), value=sc.value, building=Card(yacht.id),
    ))


@effect("wharf", _wharf_options, reads=("targets", "goods", "energy"))
def wharf(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    if act.targets and act.targets[0].lower() in YACHT_WORDS:
        if (act.goods is not None or act.energy is not None) and ctx.state.strict_moves:
            raise IllegalAction(Msg(
                "The {building} is taken for an iron ship, with no goods or energy; leave out the payment.",
                building=Card(YACHT),
            ))
        take_yacht(ctx, card, act)
        return
    if len(act.targets) != 1:
        raise IllegalAction(Msg(
            "Say which ship to build: wooden, iron, steel or luxury (one ship a visit), "
            "or 'yacht' to exchange an iron ship for the {building}.",
            building=Card(YACHT),
        ))
    ship_type = act.targets[0]
    ship = _ship_check(ctx, card.id, ship_type)
    ships = content().ships
    req = ship_requirements(ctx, card.id, ship_type)
    payment = material_payment(ctx.p, req, act.goods, A_SHIP_KIND[ship_type])
    ctx.pay_energy(SHIP_ENERGY, act.energy, BUILDING_A_SHIP, _reserved(payment))
    for g, n in payment.items():
        ctx.p.goods[g] -= n
    if ship_type != "wooden" and card.id not in ctx.state.modernised:
        ctx.state.modernised.append(card.id)
        ctx.say(Msg("{player} modernises the {building} with 1 brick.", player=ctx.name, building=Card(card.id)))
    ctx.state.ship_stacks[ship_type].pop()
    ctx.p.ships.append(ship)
    ctx.say(Msg(
        "{player} builds the {kind} {ship} (value {value}), paying {goods}.",
        player=ctx.name, kind=SHIP_KIND[ship_type], ship=Card(ship), value=ships[ship].value,
        goods=Goods.of(payment, case="acc"),
    ))
