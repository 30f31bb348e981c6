"""The common action kinds, described by data: receive, convert, sell sets, sell by table."""

from __future__ import annotations

from functools import lru_cache

from ..actions import Enter
from ..cards import (
    BuildingCard,
    ConvertAction,
    ReceiveAction,
    SellSetsAction,
    SellTableAction,
    SymbolReceiveAction,
    content,
)
from ..errors import IllegalAction
from ..goods import ENERGY_VALUE, Good
from ..message import Card, Count, GoodName, Goods, Msg
from ..words import franc_count
from .base import Ctx, amount_options, effect, plain


def _one(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    return [plain(card.id)]


# --- receive ------------------------------------------------------------------------------


@effect("receive", _one)
def receive(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    a = card.action
    assert isinstance(a, ReceiveAction)
    ctx.gain(dict(a.goods), a.francs)


def _symbols(ctx: Ctx) -> tuple[int, int]:
    """(fishermen, hammers) of the acting player, counted once per context."""
    found = ctx.memo.get("symbols")
    if found is None:
        found = ctx.memo["symbols"] = ctx.state.symbols(ctx.seat)
    return found  # type: ignore[return-value]


def symbol_goods(ctx: Ctx, a: SymbolReceiveAction) -> dict[Good, int]:
    return goods_for_symbols(a, *_symbols(ctx))


def goods_for_symbols(a: SymbolReceiveAction, fishermen: int, hammers: int) -> dict[Good, int]:
    out = dict(a.goods)
    bonuses = [(a.per_fisherman, fishermen), (a.per_hammer, hammers)]
    for per, count in bonuses:
        if a.symbol_cap is not None:
            count = min(count, a.symbol_cap)
        for g, n in per.items():
            out[g] = out.get(g, 0) + n * count
    return out


def _symbol_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    return [plain(card.id)] if _gives_something(card.id, *_symbols(ctx)) else []


@lru_cache(maxsize=1024)
def _gives_something(building: str, fishermen: int, hammers: int) -> bool:
    a = content().buildings[building].action
    assert isinstance(a, SymbolReceiveAction)
    return any(goods_for_symbols(a, fishermen, hammers).values())


@effect("receive_per_symbol", _symbol_options)
def receive_per_symbol(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    a = card.action
    assert isinstance(a, SymbolReceiveAction)
    goods = symbol_goods(ctx, a)
    if not any(goods.values()):
        raise IllegalAction(Msg(
            "You have no symbols for the {building}; it would give you nothing.",
            building=Card(card.id),
        ))
    ctx.gain(goods)


# --- convert ------------------------------------------------------------------------------


def _convert_energy(a: ConvertAction, n: int) -> int:
    if n <= 0:
        return 0
    per = a.energy_per_item
    return -(-per.numerator * n // per.denominator) + a.energy_flat  # rounded up


def _convert_max(ctx: Ctx, card: BuildingCard) -> int:
    a = card.action
    assert isinstance(a, ConvertAction)
    n = ctx.p.goods[a.input]
    if a.max is not None:
        n = min(n, a.max)
    return _convert_top(card.id, n, ctx.p.energy(), ctx.owns("wind_farm"))


@lru_cache(maxsize=4096)
def _convert_top(building: str, n: int, energy: int, wind_farm: bool) -> int:
    """The largest amount up to `n` whose energy can be paid from what is left afterwards.

    Tokens may overpay, so the energy left over is all that matters; the Wind Farm
    takes 3 off every energy payment of its owner's main action.
    """
    a = content().buildings[building].action
    assert isinstance(a, ConvertAction)
    per_token = ENERGY_VALUE.get(a.input, 0)
    while n > 0:
        due = _convert_energy(a, n)
        if wind_farm and due > 0:
            due = max(0, due - 3)
        if due <= energy - per_token * n:
            break
        n -= 1
    return n


def _convert_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    a = card.action
    assert isinstance(a, ConvertAction)
    n = ctx.p.goods[a.input]
    if not n:
        return []
    if a.max is not None and n > a.max:
        n = a.max
    return list(_convert_choices(card.id, n, ctx.p.energy(), ctx.owns("wind_farm")))


@lru_cache(maxsize=4096)
def _convert_choices(building: str, n: int, energy: int, wind_farm: bool) -> tuple[Enter, ...]:
    """Every amount that can be converted, largest first."""
    return tuple(amount_options(building, _convert_top(building, n, energy, wind_farm)))


def _convert_reads(card: BuildingCard) -> tuple[str, ...]:
    """How many to convert; the energy tokens only where the conversion needs energy."""
    a = card.action
    assert isinstance(a, ConvertAction)
    return ("amount", "energy") if a.energy_per_item or a.energy_flat else ("amount",)


@effect("convert", _convert_options, reads=_convert_reads)
def convert(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    a = card.action
    assert isinstance(a, ConvertAction)
    have = ctx.p.goods[a.input]
    n = act.amount if act.amount is not None else _convert_max(ctx, card)
    if n <= 0:
        if have == 0:
            raise IllegalAction(Msg(
                "The {building} turns {input} into {output}; you have none.",
                building=Card(card.id), input=GoodName(a.input), output=GoodName(a.output),
            ))
        if act.amount is None:
            # The goods are there but not the energy for even one: let the energy payment
            # below say so, instead of asking how many to convert.
            n = 1
        else:
            top = min(have, a.max) if a.max is not None else have
            raise IllegalAction(Msg(
                "Converting {goods} does nothing; choose 1 to {top} {input} to turn into {output}.",
                goods=Goods.one(a.input, n, "acc"), top=top, input=GoodName(a.input), output=GoodName(a.output),
            ))
    if a.max is not None and n > a.max:
        raise IllegalAction(Msg(
            "The {building} converts at most {goods}.", building=Card(card.id), goods=Goods.one(a.input, a.max, "acc")
        ))
    if n > have:
        raise IllegalAction(Msg("You have {goods}, not {n}.", goods=Goods.one(a.input, have, "acc"), n=n))
    reserved = [0] * 16
    reserved[a.input] = n
    what = Msg("Converting {goods}", goods=Goods.one(a.input, n, "acc"))
    ctx.pay_energy(_convert_energy(a, n), act.energy, what, reserved)
    ctx.p.goods[a.input] -= n
    ctx.p.goods[a.output] += n
    ctx.say(Msg(
        "{player} turns {input} into {output}.",
        player=ctx.name, input=Goods.one(a.input, n, "acc"), output=Goods.one(a.output, n, "acc"),
    ))
    francs = a.francs_per_item.numerator * n // a.francs_per_item.denominator  # rounded down
    extra: dict[Good, int] = {}
    if a.byproduct is not None:
        per = a.byproduct_per_item
        extra[a.byproduct] = per.numerator * n // per.denominator
    if francs or any(extra.values()):
        ctx.gain(extra, francs)


# --- sell sets ----------------------------------------------------------------------------


def _sets_max(ctx: Ctx, a: SellSetsAction) -> int:
    n = min(ctx.p.goods[g] // k for g, k in a.give.items() if k)
    if a.max_times is not None:
        n = min(n, a.max_times)
    return n


def _sets_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    a = card.action
    assert isinstance(a, SellSetsAction)
    return amount_options(card.id, _sets_max(ctx, a))


@effect("sell_sets", _sets_options, reads=("amount",))
def sell_sets(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    a = card.action
    assert isinstance(a, SellSetsAction)
    top = _sets_max(ctx, a)
    n = act.amount if act.amount is not None else top
    what = Goods.of(a.give, case="acc")
    if n <= 0 or top == 0:
        raise IllegalAction(Msg(
            "The {building} takes {goods} for {price}; you cannot give a set.",
            building=Card(card.id), goods=what, price=franc_count(a.francs, "acc"),
        ))
    if a.max_times is not None and n > a.max_times:
        raise IllegalAction(Msg(
            "The {building} buys at most {times} per visit.", building=Card(card.id), times=Count(a.max_times, "time")
        ))
    if n > top:
        raise IllegalAction(Msg(
            "You can give {goods} at most {times}, not {n}.",
            goods=what, times=Count(top, "time"), n=n,
        ))
    ctx.take_goods({g: k * n for g, k in a.give.items()}, Card(card.id))
    ctx.say(Msg(
        "{player} hands over {goods}.",
        player=ctx.name, goods=Goods.of({g: k * n for g, k in a.give.items()}, case="acc"),
    ))
    ctx.gain({}, a.francs * n)


# --- sell by table (Joinery) --------------------------------------------------------------


def _table_options(ctx: Ctx, card: BuildingCard) -> list[Enter]:
    a = card.action
    assert isinstance(a, SellTableAction)
    top = min(len(a.prices), ctx.p.goods[a.good])
    return amount_options(card.id, top)


@effect("sell_table", _table_options, reads=("amount",))
def sell_table(ctx: Ctx, card: BuildingCard, act: Enter) -> None:
    a = card.action
    assert isinstance(a, SellTableAction)
    have = ctx.p.goods[a.good]
    n = act.amount if act.amount is not None else min(len(a.prices), have)
    if n <= 0 or have == 0:
        raise IllegalAction(Msg(
            "The {building} buys 1 to {goods}; you have none.",
            building=Card(card.id), goods=Goods.one(a.good, len(a.prices), "acc"),
        ))
    if n > len(a.prices):
        raise IllegalAction(Msg(
            "The {building} buys at most {goods}.",
            building=Card(card.id), goods=Goods.one(a.good, len(a.prices), "acc")
        ))
    if n > have:
        raise IllegalAction(Msg("You have {goods}, not {n}.", goods=Goods.one(a.good, have, "acc"), n=n))
    ctx.p.goods[a.good] -= n
    ctx.say(Msg("{player} returns {goods}.", player=ctx.name, goods=Goods.one(a.good, n, "acc")))
    ctx.gain({}, a.prices[n - 1])
