"""What every building action needs: who acts, paying energy and materials, narrating.

An effect has two halves: `perform(ctx, card, act)` carries out an `Enter` (raising
IllegalAction when the choice is not possible) and `options(ctx, card)` lists the
sensible `Enter` actions for `legal_actions`. In `options`, `ctx.p` is a copy of the
player after paying the entry fee, and nothing may be changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from ..actions import Enter
from ..cards import BuildingCard, content
from ..errors import IllegalAction
from ..goods import SUBSTITUTE, Good
from ..message import Arg, Card, Count, GoodName, Goods, Msg, Typed
from ..payments import (
    FRANCS,
    Payment,
    check_payment,
    choose_energy,
    choose_food,
    paid_as,
    pairs_text,
    parse_payment,
    pay,
    positive_counts,
)
from ..state import GameState, PlayerState


class Ctx:
    """Who acts on which building, and where the narration goes."""

    __slots__ = ("state", "seat", "p", "card", "events", "memo")

    def __init__(
        self,
        state: GameState,
        seat: int,
        p: PlayerState,
        card: BuildingCard | None = None,
        events: list[Msg] | None = None,
        memo: dict[object, object] | None = None,
    ) -> None:
        self.state = state
        self.seat = seat
        self.p = p
        self.card = card
        self.events: list[Msg] = [] if events is None else events
        # findings shared by the options of several buildings for the same position
        # (e.g. which proposal tops the player can pay for); only `options` use it
        self.memo: dict[object, object] = {} if memo is None else memo

    @property
    def name(self) -> str:
        return self.p.name

    @property
    def final(self) -> bool:
        return self.state.phase == "final"

    def say(self, msg: Msg) -> None:
        self.events.append(msg)

    def owns(self, building: str) -> bool:
        return self.state.owner.get(building) == self.seat

    # --- energy -----------------------------------------------------------------------------
    def energy_due(self, need: int) -> int:
        """Energy actually due for one payment of the main action (Wind Farm: 3 less)."""
        if need > 0 and self.owns("wind_farm"):
            return max(0, need - 3)
        return need

    def energy_payment(
        self, need: int, explicit: dict[str, int] | None, reserved: list[int] | None = None
    ) -> Payment | None:
        """Tokens for `need` energy (after discounts); None if the player cannot pay."""
        need = self.energy_due(need)
        if need <= 0:
            if explicit and self.state.strict_moves:
                raise IllegalAction(Msg(
                    "The {building}'s discount covers all the energy here; leave out the energy payment.",
                    building=Card("wind_farm"),
                ))
            return {}
        if explicit is not None:
            payment = parse_payment(explicit)
            check_payment(self.p, payment, need, "energy", allow_francs=False, exact=self.state.strict_moves)
            if reserved:
                for t, n in payment.items():
                    if isinstance(t, Good) and n + reserved[t] > self.p.goods[t]:
                        raise IllegalAction(Msg(
                            "The {good} you offered as energy is needed for the action itself.", good=GoodName(t)
                        ))
            return payment
        return choose_energy(self.p, need, reserved)

    def pay_energy(
        self, need: int, explicit: dict[str, int] | None, what: Arg, reserved: list[int] | None = None
    ) -> None:
        """Pay the energy `what` (a clause: "Building a ship") needs."""
        due = self.energy_due(need)
        payment = self.energy_payment(need, explicit, reserved)
        if payment is None:
            raise IllegalAction(Msg(
                "{what} needs {energy}; you have {have}.",
                what=what, energy=Count(due, "energy"), have=self.p.energy() - _reserved_energy(reserved),
            ))
        pay(self.p, payment)
        if payment:
            self.say(paid_as(self.name, payment, due, "energy"))

    # --- food inside an action (Coal Trader) -------------------------------------------------
    def pay_food(self, need: int, explicit: dict[str, int] | None, what: Arg) -> None:
        if need <= 0:
            return
        if explicit is not None:
            payment = parse_payment(explicit)
            check_payment(self.p, payment, need, "food", exact=self.state.strict_moves)
        else:
            found = choose_food(self.p, need)
            if found is None:
                raise IllegalAction(Msg(
                    "{what} costs {food}; you have {have}.",
                    what=what, food=Count(need, "food"), have=self.p.food_goods() + self.p.francs,
                ))
            payment = found
        pay(self.p, payment)
        self.say(paid_as(self.name, payment, need, "food"))

    # --- goods ------------------------------------------------------------------------------
    def gain(self, goods: dict[Good, int], francs: int = 0) -> None:
        """The player receives goods and francs, and it is said."""
        got = self.add(goods, francs)
        if got is not None:
            self.say(Msg("{player} receives {goods}.", player=self.name, goods=got))

    def add(self, goods: dict[Good, int], francs: int = 0) -> Goods | None:
        """The player receives goods and francs; what that was, for a sentence (None: nothing)."""
        p = self.p
        if goods:
            for g, n in goods.items():
                p.goods[g] += n
            got = tuple([(g, n) for g, n in goods.items() if n])
        else:
            got = ()
        p.francs += francs
        return Goods.made(got, francs, "acc") if got or francs else None

    def take_goods(self, goods: dict[Good, int], what: Arg) -> None:
        for g, n in goods.items():
            if self.p.goods[g] < n:
                raise IllegalAction(
                    Msg(
                        "{what} needs {goods}; you have {have}.",
                        what=what, goods=Goods.one(g, n), have=self.p.goods[g],
                    )
                )
        for g, n in goods.items():
            self.p.goods[g] -= n


def _reserved_energy(reserved: list[int] | None) -> int:
    if not reserved:
        return 0
    return reserved[Good.WOOD] + 3 * reserved[Good.CHARCOAL] + 3 * reserved[Good.COAL] + 10 * reserved[Good.COKE]


def crafts(ctx: Ctx) -> int:
    """Craft buildings the acting player owns (Marketplace, Town Square), counted once per context."""
    found = ctx.memo.get("crafts")
    if found is None:
        found = ctx.memo["crafts"] = sum(1 for c in ctx.state.owned_cards(ctx.seat) if c.type == "craft")
    return found  # type: ignore[return-value]


# --- materials (building costs, ship costs) ---------------------------------------------------


def material_payment(
    p: PlayerState, required: dict[Good, int], explicit: dict[str, int] | None, what: Arg
) -> dict[Good, int]:
    """Goods that pay `required` (for `what`: "The Joinery"), brick standing in for clay and
    steel for iron.

    Without an explicit choice the standard good is used first (it is worth less).
    """
    if explicit is not None:
        given = parse_payment(explicit)
        if FRANCS in given:
            raise IllegalAction(Msg("{what} is paid in goods, not francs.", what=what))
        goods: dict[Good, int] = {t: n for t, n in given.items() if isinstance(t, Good) and n}
        for g, n in goods.items():
            if p.goods[g] < n:
                raise IllegalAction(
                    Msg("You offered {offered} but have {have}.", offered=Goods.one(g, n, "acc"), have=p.goods[g])
                )
        left = dict(goods)
        for g, n in required.items():
            use = min(n, left.get(g, 0))
            left[g] = left.get(g, 0) - use
            short = n - use
            sub = SUBSTITUTE.get(g)
            if short and sub is not None:
                use2 = min(short, left.get(sub, 0))
                left[sub] = left.get(sub, 0) - use2
                short -= use2
            if short:
                raise IllegalAction(Msg(
                    "{what} needs {goods}; your goods do not cover the {good}.",
                    what=what, goods=Goods.of(required), good=GoodName(g),
                ))
        extra = {g: n for g, n in left.items() if n}
        if extra:
            raise IllegalAction(Msg(
                "{what} needs {goods}; leave out the {extra}.", what=what, goods=Goods.of(required),
                extra=Goods.of(extra, case="acc"),
            ))
        return goods
    out: dict[Good, int] = {}
    for g, n in required.items():
        have = p.goods[g] - out.get(g, 0)
        use = min(n, have)
        if use:
            out[g] = out.get(g, 0) + use
        short = n - use
        sub = SUBSTITUTE.get(g)
        if short and sub is not None:
            have2 = p.goods[sub] - out.get(sub, 0) - required.get(sub, 0)
            use2 = min(short, max(0, have2))
            if use2:
                out[sub] = out.get(sub, 0) + use2
            short -= use2
        if short:
            held = _have(p, required)
            if not held.goods:  # a sentence of its own, so that a translation can say it with its negation
                raise IllegalAction(Msg("{what} needs {goods}; you have nothing.", what=what, goods=Goods.of(required)))
            raise IllegalAction(Msg(
                "{what} needs {goods}; you have {have}.", what=what, goods=Goods.of(required), have=held,
            ))
    return out


def can_pay_materials(p: PlayerState, required: dict[Good, int]) -> bool:
    """Whether `required` can be paid (brick for clay, steel for iron); cheap, no messages."""
    goods = p.goods
    spare: dict[Good, int] | None = None  # substitutes needed beyond their own requirement
    for g, n in required.items():
        have = goods[g]
        if n > have:
            sub = SUBSTITUTE.get(g)
            if sub is None:
                return False
            if spare is None:
                spare = {}
            spare[sub] = spare.get(sub, 0) + n - have
    if spare is None:
        return True
    return all(goods[sub] >= extra + required.get(sub, 0) for sub, extra in spare.items())


Compiled = tuple[int, int, int, int, int, tuple[tuple[Good, int], ...]]


@lru_cache(maxsize=4096)
def _compile(required: tuple[tuple[Good, int], ...]) -> Compiled:
    d = dict(required)
    others = tuple((g, n) for g, n in required if g not in _MATERIALS)
    return (
        d.get(Good.WOOD, 0), d.get(Good.CLAY, 0), d.get(Good.BRICK, 0),
        d.get(Good.IRON, 0), d.get(Good.STEEL, 0), others,
    )


_MATERIALS = (Good.WOOD, Good.CLAY, Good.BRICK, Good.IRON, Good.STEEL)
_W, _C, _B, _I, _S = _MATERIALS


def compiled_requirement(required: dict[Good, int]) -> Compiled:
    """`required` in the form `affordable` reads fast (cache it with the requirement)."""
    return _compile(tuple(sorted(required.items())))


def affordable(goods: list[int], req: Compiled) -> bool:
    """`can_pay_materials` for a compiled requirement: brick covers missing clay, steel iron."""
    wood, clay, brick, iron, steel, others = req
    if wood > goods[_W]:
        return False
    short = clay - goods[_C]
    if brick + (short if short > 0 else 0) > goods[_B]:
        return False
    short = iron - goods[_I]
    if steel + (short if short > 0 else 0) > goods[_S]:
        return False
    return all(n <= goods[g] for g, n in others)


def _have(p: PlayerState, required: dict[Good, int]) -> Goods:
    """What the player has of the goods `required` asks for (and of their substitutes)."""
    kinds: list[Good] = []
    for g in required:
        kinds.append(g)
        sub = SUBSTITUTE.get(g)
        if sub is not None and sub not in kinds:
            kinds.append(sub)
    return Goods.of({g: p.goods[g] for g in kinds}, case="acc")


Perform = Callable[[Ctx, BuildingCard, Enter], None]
Options = Callable[[Ctx, BuildingCard], list[Enter]]
# The `Enter` fields an action reads, of CHOICES (the fee fields belong to entering itself);
# a function of the card where it depends on the card (a conversion may need no energy).
Reads = tuple[str, ...] | Callable[[BuildingCard], tuple[str, ...]]
CHOICES = ("amount", "goods", "targets", "option", "energy", "food")


@dataclass(frozen=True)
class Effect:
    perform: Perform
    options: Options
    reads: Reads = ()


EFFECTS: dict[str, Effect] = {}  # by action kind
CODED: dict[str, Effect] = {}  # by action code (kind "coded")


def effect(kind: str, options: Options, reads: Reads = ()) -> Callable[[Perform], Perform]:
    def wrap(fn: Perform) -> Perform:
        EFFECTS[kind] = Effect(fn, options, reads)
        return fn

    return wrap


def coded(code: str, options: Options, reads: Reads = ()) -> Callable[[Perform], Perform]:
    def wrap(fn: Perform) -> Perform:
        CODED[code] = Effect(fn, options, reads)
        return fn

    return wrap


def effect_for(card: BuildingCard) -> Effect | None:
    a = card.action
    if a.kind == "coded":
        return CODED.get(a.code)
    return EFFECTS.get(a.kind)


@lru_cache(maxsize=256)
def choices_read(building: str) -> frozenset[str]:
    """The `Enter` fields the building's action reads; any other one set is refused."""
    card = content().buildings[building]
    eff = effect_for(card)
    if eff is None:
        return frozenset()
    reads = eff.reads(card) if callable(eff.reads) else eff.reads
    assert set(reads) <= set(CHOICES), reads
    return frozenset(reads)


def check_choices(card: BuildingCard, act: Enter) -> None:
    """Refuse a choice the building's action does not use, and a number or count below 1.

    The engine never ignores what a player said: a choice that would silently be dropped
    is almost always a mistake (the wrong building, or a payment meant elsewhere).
    """
    if (
        act.amount is None and act.goods is None and not act.targets
        and act.option is None and act.energy is None and act.food is None
    ):
        return  # nothing named (as in most moves): nothing to check
    reads = choices_read(card.id)
    name = Card(card.id)
    if act.amount is not None:
        if "amount" not in reads:
            raise IllegalAction(Msg("The {building} takes no number; leave out the {n}.", building=name, n=act.amount))
        if act.amount < 1:
            raise IllegalAction(Msg(
                "The number at the {building} must be 1 or more, not {n}; "
                "leave it out and the game takes the most it can.",
                building=name, n=act.amount,
            ))
    if act.goods is not None:
        if "goods" not in reads:
            raise IllegalAction(
                Msg("The {building} takes no goods; leave out {typed}.", building=name, typed=pairs_text(act.goods))
            )
        positive_counts(act.goods)
    if act.targets and "targets" not in reads:
        raise IllegalAction(Msg(
            "There is nothing to name at the {building}; leave out '{typed}'.",
            building=name, typed=Typed(" ".join(act.targets)),
        ))
    if act.option is not None and "option" not in reads:
        raise IllegalAction(
            Msg("The {building} has no option to choose; leave out '{typed}'.", building=name, typed=Typed(act.option))
        )
    if act.energy is not None:
        if "energy" not in reads:
            raise IllegalAction(Msg(
                "The {building} needs no energy; leave out the energy payment ({typed}).",
                building=name, typed=pairs_text(act.energy),
            ))
        positive_counts(act.energy)
    if act.food is not None:
        if "food" not in reads:
            raise IllegalAction(Msg(
                "The {building} asks no food in its action (only its entry fee may take food); "
                "leave out the food payment ({typed}).",
                building=name, typed=pairs_text(act.food),
            ))
        positive_counts(act.food)


@lru_cache(maxsize=65536)
def _option(
    building: str,
    amount: int | None,
    targets: tuple[str, ...],
    option: str | None,
    goods: tuple[tuple[str, int], ...] | None,
) -> Enter:
    return Enter(
        building=building,
        amount=amount,
        targets=targets,
        option=option,
        goods=None if goods is None else dict(goods),
    )


def opt(
    building: str,
    amount: int | None = None,
    targets: Iterable[str] = (),
    option: str | None = None,
    goods: dict[str, int] | None = None,
) -> Enter:
    """An `Enter` for `legal_actions`; actions are immutable, so equal ones are shared."""
    return _option(building, amount, tuple(targets), option, None if goods is None else tuple(goods.items()))


@lru_cache(maxsize=4096)
def _amounts(building: str, top: int) -> tuple[Enter, ...]:
    return tuple(_option(building, n, (), None, None) for n in range(top, 0, -1))


def amount_options(building: str, top: int) -> list[Enter]:
    """`Enter` the building with an amount from `top` down to 1 (largest first)."""
    return list(_amounts(building, top)) if top > 0 else []


@lru_cache(maxsize=256)
def plain(building: str) -> Enter:
    """`Enter` the building with no choices."""
    return _option(building, None, (), None, None)


def card(building: str) -> BuildingCard:
    return content().buildings[building]
