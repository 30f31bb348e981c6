"""Paying food and energy: choosing tokens, checking a player's own choice.

Food can be paid with fish (1), smoked fish (2), bread (2), meat (3) and francs (1 each);
energy with wood (1), charcoal (3), coal (3) and coke (10). Neither food nor energy gives
change: an overpayment is lost (rulebook: "Food and francs", "Energy").
When the player does not say what to pay with, the engine pays so as to waste least and,
among equal waste, to keep the more valuable goods (and francs before fish).
"""

from __future__ import annotations

from functools import cache, lru_cache

from .actions import Enter
from .cards import BuildingCard, content
from .errors import IllegalAction
from .goods import ENERGY_VALUE, FOOD_VALUE, Good, goods_text, parse_good
from .message import Arg, Card, Case, Count, GoodName, Goods, Listing, Msg, Typed
from .state import PlayerState
from .words import GOOD_AT_START, fee_words, franc_count, francs_text

FRANCS = "francs"
# (token, value, keep-weight): a higher weight is spent later. Grouped by value, largest first.
# Default order for food: fish, smoked fish, meat, bread, and francs last ("food first,
# money last"); for energy: wood, coal, coke, charcoal. Less waste always comes first.
_FOOD_TOKENS: tuple[tuple[Good | str, int, float], ...] = (
    (Good.MEAT, 3, 3.2),
    (Good.SMOKED_FISH, 2, 2.1),
    (Good.BREAD, 2, 2.4),
    (Good.FISH, 1, 1.0),
    (FRANCS, 1, 1.3),
)
_ENERGY_TOKENS: tuple[tuple[Good | str, int, float], ...] = (
    (Good.COKE, 10, 10.5),
    (Good.COAL, 3, 3.1),
    (Good.CHARCOAL, 3, 3.2),
    (Good.WOOD, 1, 1.0),
)

Payment = dict[Good | str, int]
_TOKENS = {"food": _FOOD_TOKENS, "food goods": _FOOD_TOKENS[:-1], "energy": _ENERGY_TOKENS}
_TOKEN_SETS = {tokens: name for name, tokens in _TOKENS.items()}


def _available(p: PlayerState, token: Good | str, reserved: list[int] | None) -> int:
    if token == FRANCS:
        return p.francs
    assert isinstance(token, Good)
    have = p.goods[token]
    return have - reserved[token] if reserved else have


def _best(
    need: int,
    tokens: tuple[tuple[Good | str, int, float], ...],
    have: list[int],
) -> Payment | None:
    """Cheapest (waste, weight) combination covering `need`, by value groups (memoised)."""
    found = _best_cached(need, _TOKEN_SETS[tokens], tuple(have))
    return None if found is None else dict(found)


@lru_cache(maxsize=8192)
def _best_cached(need: int, token_set: str, have_t: tuple[int, ...]) -> Payment | None:
    # the token set by name: a name is hashed at once, a tuple of tuples on every call
    tokens = _TOKENS[token_set]
    have = list(have_t)
    if need <= 0:
        return {}
    total_have = sum(have[i] * tokens[i][1] for i in range(len(tokens)))
    if total_have < need:
        return None
    ordered, values = value_groups(token_set)
    if len(values) == 3 and values[2] == 1:
        return _three_values(need, tokens, have, ordered, values)
    return _search(need, tokens, have, ordered, values)


@cache
def value_groups(token_set: str) -> tuple[list[list[int]], list[int]]:
    """Token indexes grouped by value (largest first), each group those kept least first."""
    tokens = _TOKENS[token_set]
    groups: dict[int, list[int]] = {}
    for i, (_, value, _w) in enumerate(tokens):
        groups.setdefault(value, []).append(i)
    for idxs in groups.values():
        idxs.sort(key=lambda i: tokens[i][2])
    values = sorted(groups, reverse=True)
    return [groups[v] for v in values], values


def _search(
    need: int,
    tokens: tuple[tuple[Good | str, int, float], ...],
    have: list[int],
    ordered: list[list[int]],
    values: list[int],
) -> Payment | None:
    """Depth first over the value groups, largest value and largest count first."""
    best: tuple[int, float, list[int]] | None = None

    def fill(vi: int, remaining: int, counts: list[int], weight: float) -> None:
        nonlocal best
        if remaining <= 0:
            key = (-remaining, weight)
            if best is None or key < (best[0], best[1]):
                best = (-remaining, weight, counts[:])
            return
        if vi == len(values):
            return
        value = values[vi]
        idxs = ordered[vi]
        group_have = sum(have[i] for i in idxs)
        top = min(group_have, -(-remaining // value))
        # try the largest count first: fewer tokens; the search is small (a few groups)
        for n in range(top, -1, -1):
            # take n tokens of this value, cheapest weight first
            left = n
            w = weight
            taken: list[tuple[int, int]] = []
            for i in idxs:
                k = min(left, have[i])
                if k:
                    taken.append((i, k))
                    w += k * tokens[i][2]
                    left -= k
            for i, k in taken:
                counts[i] += k
            fill(vi + 1, remaining - n * value, counts, w)
            for i, k in taken:
                counts[i] -= k
            if best is not None and best[0] == 0 and n * value < remaining and vi == len(values) - 1:
                break

    fill(0, need, [0] * len(tokens), 0.0)
    if best is None:
        return None
    return {tokens[i][0]: n for i, n in enumerate(best[2]) if n}


def _three_values(
    need: int,
    tokens: tuple[tuple[Good | str, int, float], ...],
    have: list[int],
    groups: list[list[int]],
    values: list[int],
) -> Payment | None:
    """The search of `_best_cached` unrolled for three values, the last 1 (food: 3, 2, 1;
    energy: 10, 3, 1): the same order, so the same payment, without the recursion."""
    g0, g1, g2 = groups
    v0, v1 = values[0], values[1]
    have1 = sum(have[i] for i in g1)
    have2 = sum(have[i] for i in g2)
    best: tuple[int, float, list[int]] | None = None
    for a in range(min(sum(have[i] for i in g0), -(-need // v0)), -1, -1):
        counts = [0] * len(tokens)
        w_a = _take(g0, a, tokens, have, counts, 0.0)
        rem_a = need - a * v0
        if rem_a <= 0:
            if best is None or (-rem_a, w_a) < (best[0], best[1]):
                best = (-rem_a, w_a, counts)
            continue
        for b in range(min(have1, -(-rem_a // v1)), -1, -1):
            counts_b = counts[:]
            w_b = _take(g1, b, tokens, have, counts_b, w_a)
            rem_b = rem_a - b * v1
            if rem_b <= 0:
                if best is None or (-rem_b, w_b) < (best[0], best[1]):
                    best = (-rem_b, w_b, counts_b)
                continue
            if have2 >= rem_b:  # value 1 tokens cover the rest exactly
                w_c = _take(g2, rem_b, tokens, have, counts_b, w_b)
                if best is None or (0, w_c) < (best[0], best[1]):
                    best = (0, w_c, counts_b)
    if best is None:
        return None
    return {tokens[i][0]: n for i, n in enumerate(best[2]) if n}


def _take(
    idxs: list[int],
    n: int,
    tokens: tuple[tuple[Good | str, int, float], ...],
    have: list[int],
    counts: list[int],
    weight: float,
) -> float:
    """Take `n` tokens of one value, those kept least first; the weight so far plus theirs."""
    for i in idxs:
        k = min(n, have[i])
        if k:
            counts[i] += k
            weight += k * tokens[i][2]
            n -= k
    return weight


def choose_food(p: PlayerState, need: int, allow_francs: bool = True) -> Payment | None:
    """Tokens to pay `need` food, or None if the player cannot."""
    if need <= 0:
        return {}
    if p.goods[Good.FISH] >= need:  # fish are the cheapest food per unit and waste nothing
        return {Good.FISH: need}
    g = p.goods
    have: tuple[int, ...] = (g[Good.MEAT], g[Good.SMOKED_FISH], g[Good.BREAD], g[Good.FISH])  # _FOOD_TOKENS
    if allow_francs:
        have = (*have, p.francs)
    found = _best_cached(need, "food" if allow_francs else "food goods", have)
    return None if found is None else dict(found)


def choose_energy(p: PlayerState, need: int, reserved: list[int] | None = None) -> Payment | None:
    if need <= 0:
        return {}
    if _available(p, Good.WOOD, reserved) >= need:  # wood: cheapest energy per unit, no waste
        return {Good.WOOD: need}
    have = [_available(p, t, reserved) for t, _, _ in _ENERGY_TOKENS]
    return _best(need, _ENERGY_TOKENS, have)


def positive_counts(tokens: dict[str, int]) -> None:
    """Refuse a count below 1 in goods or tokens a player names ('wood=0' says nothing)."""
    for k, n in tokens.items():
        if n < 1:
            raise IllegalAction(
                Msg("'{token}={n}' is not something to give or take: name 1 or more {token}, or leave it out.",
                    token=Typed(k), n=n)
            )


def pairs_text(tokens: dict[str, int]) -> Typed:
    """Tokens as the player names them: 'wood=2 coal=1' (in the reader's words: 'drewno=2')."""
    return Typed(" ".join(f"{k}={n}" for k, n in tokens.items()))


def parse_payment(raw: dict[str, int]) -> Payment:
    out: Payment = {}
    for k, n in raw.items():
        if not isinstance(n, int) or n < 0:
            raise IllegalAction(Msg("'{token}={n}' is not a whole number of tokens.", token=Typed(k), n=str(n)))
        if k.lower() in (FRANCS, "franc", "f"):
            out[FRANCS] = out.get(FRANCS, 0) + n
            continue
        try:
            g = parse_good(k)
        except KeyError:
            raise IllegalAction(Msg("'{token}' is not a good.", token=k)) from None
        out[g] = out.get(g, 0) + n
    return out


def token_value(token: Good | str, kind: str) -> int:
    """What one token pays of `kind` (food or energy); a franc pays 1 food."""
    if token == FRANCS:
        return 1
    assert isinstance(token, Good)
    return (FOOD_VALUE if kind == "food" else ENERGY_VALUE).get(token, 0)


def payment_value(payment: Payment, kind: str) -> int:
    table = FOOD_VALUE if kind == "food" else ENERGY_VALUE
    total = 0
    for t, n in payment.items():
        if t == FRANCS:
            total += n
        else:
            total += table.get(t, 0) * n  # type: ignore[arg-type]
    return total


def enough(payment: Payment, need: int, kind: str) -> Payment:
    """Part of `payment` still covering `need` from which no token can be left out.

    Tokens are left out the most valuable first, so what stays wastes least, and francs
    before food of the same value ("food first, money last"). Once a kind of token cannot
    be left out it never can later: the total only goes down.
    """
    left = dict(payment)
    value = payment_value(left, kind)
    for t in sorted(left, key=lambda t: (-token_value(t, kind), t != FRANCS)):
        v = token_value(t, kind)
        while left[t] and value - v >= need:
            left[t] -= 1
            value -= v
    return {t: n for t, n in left.items() if n}


def paid_as(player: str, payment: Payment, need: int, kind: str) -> Msg:
    """'Anna pays 1 coke as 6 energy (4 energy wasted).': a food or energy payment, with what
    the tokens could not make exact."""
    waste = payment_value(payment, kind) - need
    paid = payment_goods(payment, "acc")
    if waste > 0:
        return Msg("{player} pays {payment} as {need} ({waste} wasted).", player=player, payment=paid,
                   need=Count(need, kind), waste=Count(waste, kind))
    return Msg("{player} pays {payment} as {need}.", player=player, payment=paid, need=Count(need, kind))


def check_payment(
    p: PlayerState,
    payment: Payment,
    need: int,
    kind: str,
    allow_francs: bool = True,
    exact: bool = True,
) -> None:
    """Raise IllegalAction unless `payment` is the player's own and covers `need` of `kind`.

    With `exact`, also unless it is minimal: food and energy give no change, so a token that
    could be left out with the rest still covering the need would be lost for nothing,
    almost always a slip. Where the tokens cannot make the need exactly (1 coke for 6
    energy) the surplus is allowed: no single token can go.
    """
    table = FOOD_VALUE if kind == "food" else ENERGY_VALUE
    for t, n in payment.items():
        if t == FRANCS:
            if not allow_francs:
                raise IllegalAction(
                    Msg("Francs cannot pay food here.") if kind == "food" else Msg("Francs cannot pay energy here.")
                )
            if n > p.francs:
                raise IllegalAction(Msg(
                    "You offered {offered} but have {have}.",
                    offered=franc_count(n, "acc"), have=p.francs,
                ))
            continue
        assert isinstance(t, Good)
        if t not in table:
            accepted = Listing(tuple(GoodName(g) for g in table), ",")
            if kind == "food":
                raise IllegalAction(Msg(
                    "{good} is not food; use {accepted}.",
                    good=GOOD_AT_START[t], accepted=accepted,
                ))
            raise IllegalAction(Msg("{good} is not energy; use {accepted}.", good=GOOD_AT_START[t], accepted=accepted))
        if n > p.goods[t]:
            raise IllegalAction(
                Msg("You offered {offered} but have {have}.", offered=Goods.one(t, n, "acc"), have=p.goods[t])
            )
    value = payment_value(payment, kind)
    if value < need:
        raise IllegalAction(Msg("That pays {value}; {need} is needed.", value=Count(value, kind), need=need))
    if exact:
        refuse_spare(payment, need, kind)


def refuse_spare(payment: Payment, need: int, kind: str) -> None:
    """Refuse a payment covering `need` that still would with one of its tokens left out."""
    value = payment_value(payment, kind)
    if any(n and value - token_value(t, kind) >= need for t, n in payment.items()):
        args: dict[str, Arg] = dict(
            value=Count(value, kind), need=need, enough=payment_goods(enough(payment, need, kind), "acc"),
            payment=payment_goods(payment, "acc"),
        )
        if kind == "food":
            raise IllegalAction(Msg(
                "That pays {value} where {need} is needed, and food gives no change: "
                "pay {enough} instead of {payment}.",
                **args,
            ))
        raise IllegalAction(Msg(
            "That pays {value} where {need} is needed, and energy gives no change: "
            "pay {enough} instead of {payment}.",
            **args,
        ))


def pay(p: PlayerState, payment: Payment) -> None:
    for t, n in payment.items():
        if t == FRANCS:
            p.francs -= n
        else:
            assert isinstance(t, Good)
            p.goods[t] -= n


def receive(p: PlayerState, payment: Payment) -> None:
    """The other side of `pay`: a building's owner receives the fee tokens."""
    for t, n in payment.items():
        if t == FRANCS:
            p.francs += n
        else:
            assert isinstance(t, Good)
            p.goods[t] += n


def payment_goods(payment: Payment, case: Case = "nom") -> Goods:
    """A payment as a message parameter: '1 fish and 2 francs', 'nothing'."""
    goods = tuple([(t, n) for t, n in payment.items() if n and t != FRANCS])
    return Goods.made(goods, payment.get(FRANCS, 0), case)  # type: ignore[arg-type]


def payment_text(payment: Payment) -> str:
    """English only (screens not yet put into messages); messages use `payment_goods`."""
    parts = []
    francs = payment.get(FRANCS, 0)
    goods = {t: n for t, n in payment.items() if isinstance(t, Good)}
    if goods:
        parts.append(goods_text(goods))
    if francs:
        parts.append(francs_text(francs))
    return " and ".join(parts) if parts else "nothing"


# --- entry fees ------------------------------------------------------------------------------


def fee_payment(p: PlayerState, card: BuildingCard, a: Enter, exact: bool = True) -> Payment:
    """How the player pays the card's entry fee (food may be paid in francs, never the reverse).

    `fee="francs"` pays in francs (a franc fee, or a food fee franc for food); `fee="food"` or
    naming tokens in `fee_goods` pays a food fee; with neither, the cheaper way is taken.
    Named tokens must be `exact`: none of them could be left out (food gives no change).
    """
    if a.fee is None and a.fee_goods is None:
        found = default_fee(p, fee_alternatives(card.id))
        if found is None:
            raise IllegalAction(_unpaid_fee(card))
        return found
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
            raise IllegalAction(Msg(
                "The {building}'s fee is {fee}; it cannot be paid in food.",
                building=Card(card.id), fee=_fee_words(card)
            ))
        for fee in alts:
            if fee.francs:
                if p.francs >= fee.francs:
                    options.append({FRANCS: fee.francs})
            elif a.fee_goods is not None:
                given = parse_payment(a.fee_goods)
                check_payment(p, given, fee.food, "food", exact=exact)
                options.append(given)
            else:
                found = choose_food(p, fee.food)
                if found is not None:
                    options.append(found)
    if not options:
        raise IllegalAction(_unpaid_fee(card))
    # the cheapest: fewest francs' worth (a food token counts its food value)
    return min(options, key=payment_worth)


def _unpaid_fee(card: BuildingCard) -> Msg:
    return Msg(
        "The {building}'s entry fee is {fee}; you cannot pay it (loans may not pay fees).",
        building=Card(card.id), fee=_fee_words(card),
    )


def _fee_words(card: BuildingCard) -> Msg | Listing:
    return fee_words(fee_alternatives(card.id))


@cache
def fee_alternatives(building: str) -> tuple[tuple[int, int], ...]:
    """The building's fee alternatives as (food, francs)."""
    return tuple((f.food, f.francs) for f in content().buildings[building].fees)


def default_fee(p: PlayerState, fees: tuple[tuple[int, int], ...]) -> Payment | None:
    """The cheapest way to pay one of the fee alternatives (food, francs), or None."""
    best: Payment | None = None
    worth = 0.0
    for food, fr in fees:
        if fr:
            found: Payment | None = {FRANCS: fr} if p.francs >= fr else None
        else:
            found = choose_food(p, food)
        if found is not None:
            w = payment_worth(found)
            if best is None or w < worth:
                best, worth = found, w
    return best


def payment_worth(payment: Payment) -> float:
    worth = 0.0
    for t, n in payment.items():
        worth += n * (1.0 if t == FRANCS else FOOD_VALUE.get(t, 1) * 0.99)  # type: ignore[arg-type]
    return worth


def food_over_fee(card: BuildingCard, payment: Payment) -> int:
    """How much more food than the fee a payment gives (food tokens cannot always pay a
    food fee exactly); 0 or less when none."""
    if len(payment) == 1:  # the usual case, made quick: one kind of token
        ((t, n),) = payment.items()
        if t == FRANCS:
            return 0  # francs pay either alternative exactly
        return FOOD_VALUE.get(t, 0) * n - _food_fee(card.id)  # type: ignore[arg-type]
    return payment_value(payment, "food") - _food_fee(card.id)


@cache
def _food_fee(building: str) -> int:
    return next((food for food, _ in fee_alternatives(building) if food), 0)
