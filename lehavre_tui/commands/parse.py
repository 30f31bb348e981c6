"""From a command line to an engine action: one parser per verb."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from functools import partial

from ..engine.actions import (
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
from ..engine.cards import BuildAction, content
from ..engine.errors import IllegalAction
from ..engine.rules import apply
from ..engine.state import OFFER_SPACES, GameState
from .enter import _enter_choices
from .errors import CommandError, HelpRequested
from .help import help_text
from .names import (
    _OFFER_NAMES,
    CARD,
    SHIP,
    AmbiguousName,
    _building_names,
    _label,
    _or,
    _resolve,
    _ship_card_names,
    _ship_type_names,
    _take_name,
    _take_names,
)
from .now import _cards, _enterable, _for_sale, _tops, _visible
from .tokens import _is_number, _number, _payments, _sections, _tokens, _words
from .verbs import ALIASES, NOT_VERBS, UNKNOWN, VERBS


def _verb(word: str) -> str:
    w = word.lower()
    if w in VERBS:
        return w
    if w in ALIASES:
        return ALIASES[w]
    hits = [v for v in VERBS if v.startswith(w)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise CommandError(f"'{word}' could be {_or(hits)}; type more letters.")
    if w in NOT_VERBS:
        raise CommandError(NOT_VERBS[w])
    near = difflib.get_close_matches(w, VERBS, n=2, cutoff=0.7)
    guess = f" Did you mean {_or(near)}?" if near else ""
    raise CommandError(UNKNOWN.format(word, guess))


def parse(text: str, state: GameState) -> Action:
    """The action a command line stands for; CommandError (or HelpRequested) otherwise."""
    words = _words(text)
    if not words:
        raise CommandError("Type a command, e.g. 'supply', 'take fish' or 'enter bakehouse 4'; 'help' lists them all.")
    verb = _verb(words[0])
    return _PARSERS[verb](words[1:], state)


def _no_args(verb: str, action: Action) -> Callable[[list[str], GameState], Action]:
    def parse_it(args: list[str], s: GameState) -> Action:
        if args:
            raise CommandError(f"'{verb}' takes nothing after it; just type '{verb}'.")
        return action

    return parse_it


def _parse_help(args: list[str], s: GameState) -> Action:
    topic = " ".join(args) or None
    raise HelpRequested(topic, help_text(topic, s))


def _parse_take(args: list[str], s: GameState) -> Action:
    full = {sp for i, sp in enumerate(OFFER_SPACES) if s.offers[i]}
    on_offer = ", ".join(f"{sp} {s.offers[i]}" for i, sp in enumerate(OFFER_SPACES) if s.offers[i])
    if len(args) != 1:
        now = f"; on offer now: {on_offer}" if on_offer else ""
        raise CommandError(f"Say which offer space to take, e.g. 'take fish'{now}.")
    space = _resolve(args[0], _OFFER_NAMES, full, "offer space", "Offer spaces with goods now")
    return TakeOffer(space=space)


def _parse_enter(args: list[str], s: GameState) -> Action:
    free = [b for b in s.owner if _enterable(s, b)]
    if not args:
        can = ", ".join(_label(b) for b in free)
        now = f"; free for you now: {can}" if can else ""
        raise CommandError(f"Say which building to enter, e.g. 'enter bakehouse 4'{now}.")
    main, sections = _sections(args)
    if not main:
        raise CommandError("Name the building first, e.g. 'enter marketplace fish wood clay'.")
    now = "Buildings you can enter now"
    try:
        b, k = _take_name(main, _building_names(), free, "building", now, _visible(s))
    except AmbiguousName as exc:
        # twin cards free at once (the two Building Firms): the one where the rest of the
        # line can be carried out is meant; otherwise the player is asked which
        k = exc.taken
        tried = {b: _refusal(s, partial(_enter, s, b, main[k:], sections)) for b in exc.values}
        fits = [b for b, why in tried.items() if why is None]
        if len(fits) == 1:
            return _enter(s, fits[0], main[k:], sections)
        reasons = set(tried.values())
        if not fits and len(reasons) == 1:
            raise CommandError(str(reasons.pop())) from None  # the same reason for every one of them
        raise
    return _enter(s, b, main[k:], sections)


def _enter(s: GameState, b: str, choices: list[str], sections: dict[str, list[str]]) -> Action:
    fields = _enter_choices(_cards()[b], choices, s)
    materials = _tokens(sections.get("goods", []))
    if materials is not None:
        if "goods" in fields:
            raise CommandError("Name the goods once: either after the building or after 'with'.")
        fields["goods"] = materials
    fields.update(_payments(sections))
    return Enter.model_validate({"building": b, **fields})


def _refusal(s: GameState, make: Callable[[], Action]) -> str | None:
    """Why the action `make` builds from the line is refused now; None when it is legal."""
    try:
        apply(s, make())
    except (CommandError, IllegalAction, ValueError) as exc:
        return str(exc)
    return None


def _parse_build(args: list[str], s: GameState) -> Action:
    tops = _tops(s)
    main, sections = _sections(args)
    if not main:
        listed = ", ".join(_label(b) for b in tops) or "none left"
        raise CommandError(f"Say what to build, e.g. 'build joinery'; on top of the proposal stacks: {listed}.")
    names = _building_names()
    seen = _visible(s)
    now = "On top of the proposal stacks now"
    targets = _take_names(main, names, tops, "building", now, seen)
    goods = _tokens(sections.get("goods", []))
    pend = s.pending
    if pend is not None and pend.kind == "build" and pend.remaining > 0:
        if len(targets) != 1 or set(sections) - {"goods"}:
            raise CommandError("Build one building at a time, e.g. 'build joinery' (materials: 'with wood=1').")
        return Build(target=targets[0], goods=goods)
    return _build_shortcut(s, targets, goods, _payments(sections))


def _fee_cost(s: GameState, b: str) -> int:
    card = _cards()[b]
    if s.owner.get(b) == s.current or not card.fees:
        return 0
    return min(f.francs or f.food for f in card.fees)


def _build_shortcut(s: GameState, targets: list[str], goods: dict[str, int] | None, pay: dict[str, object]) -> Action:
    """Enter the best free building firm for these targets: own, free, or the cheapest fee."""
    cards = _cards()
    firms = []
    for b in s.owner:
        a = cards[b].action
        if isinstance(a, BuildAction) and a.count >= len(targets) and _enterable(s, b):
            firms.append(b)
    if not firms:
        raise CommandError(
            "No Building Firm, Construction Firm or Sawmill is free for you to enter now, so you cannot build."
        )
    firms.sort(key=lambda b: (_fee_cost(s, b), s.owner[b] != s.current, cards[b].number))
    errors: list[tuple[bool, str]] = []
    for b in firms:
        act = Enter.model_validate({"building": b, "targets": targets, "goods": goods, **pay})
        try:
            apply(s, act)
        except IllegalAction as exc:
            a = cards[b].action
            assert isinstance(a, BuildAction)
            errors.append((a.needs_wood, str(exc)))
            continue
        return act
    errors.sort(key=lambda e: e[0])  # a plain building firm explains best
    raise CommandError(errors[0][1])


def _ship_prefix(args: list[str]) -> tuple[list[str], bool]:
    if args and args[0].lower() in ("ship", "ships"):
        return args[1:], True
    return args, False


def _parse_buy(args: list[str], s: GameState) -> Action:
    args, ship_only = _ship_prefix(args)
    sale = _for_sale(s)
    names = _ship_type_names() if ship_only else _building_names() + _ship_type_names()
    value, k = _take_name(args, names, sale, "building or ship", "For sale now", _visible(s)) if args else ("", 0)
    if not args or k != len(args):
        now = ", ".join(n.label for n in names if n.value in sale)
        now = f"; for sale now: {now}" if now else ""
        raise CommandError(f"Say what to buy, one at a time, e.g. 'buy joinery' or 'buy wooden-ship'{now}.")
    if value.startswith(SHIP):
        return BuyShip(ship_type=value[len(SHIP) :])
    return BuyBuilding(building=value)


def _parse_sell(args: list[str], s: GameState) -> Action:
    args, ship_only = _ship_prefix(args)
    p = s.player()
    ships = content().ships
    mine = set(s.buildings_of(s.current)) | {CARD + x for x in p.ships}
    mine |= {SHIP + ships[x].type for x in p.ships}
    names = _ship_type_names() + _ship_card_names(p.ships)
    if not ship_only:
        names = _building_names() + names
    value, k = _take_name(args, names, mine, "building or ship", "Yours to sell") if args else ("", 0)
    if not args or k != len(args):
        raise CommandError(
            "Say what to sell, one at a time, e.g. 'sell joinery', 'sell wooden' (your cheapest wooden ship) "
            "or a ship's name."
        )
    if value.startswith(CARD):
        return SellShip(ship=value[len(CARD) :])
    if value.startswith(SHIP):
        t = value[len(SHIP) :]
        own = [x for x in p.ships if ships[x].type == t]
        if not own:
            raise CommandError(f"You have no {content().ship_kinds[t].name.lower()} to sell.")
        cheapest = min(ships[x].value for x in own)
        return SellShip(ship=next(x for x in own if ships[x].value == cheapest))
    return SellBuilding(building=value)


def _parse_repay(args: list[str], s: GameState) -> Action:
    if not args:
        return RepayLoan()
    count = _number(args[0], "'repay 2'") if len(args) == 1 and _is_number(args[0]) else 0
    if count > 0:
        return RepayLoan(count=count)
    if len(args) == 1 and args[0].lower() == "all":
        p = s.player()
        return RepayLoan(count=max(1, min(p.loans, p.francs // 5)))
    raise CommandError("Say how many loans to repay: 'repay' (one), 'repay 2' or 'repay all'.")


def _parse_pay(args: list[str], s: GameState) -> Action:
    if not args:
        return PayInterest()
    if s.phase == "interest":
        raise CommandError(
            "Interest is paid in francs only; type just 'pay' (a loan covers what your francs do not), "
            "or sell a building or ship first."
        )
    raise CommandError(
        "'pay' alone settles interest you are short of. To pay energy at a building, put it after "
        "the building: 'enter bakehouse 4 pay wood=2'; food at the end of a round: 'feed fish=2'."
    )


def _parse_feed(args: list[str], s: GameState) -> Action:
    return Feed(payment=_tokens(args, francs=True))


_PARSERS: dict[str, Callable[[list[str], GameState], Action]] = {
    "supply": _no_args("supply", Supply()),
    "take": _parse_take,
    "enter": _parse_enter,
    "build": _parse_build,
    "buy": _parse_buy,
    "sell": _parse_sell,
    "repay": _parse_repay,
    "feed": _parse_feed,
    "pay": _parse_pay,
    "keep": _no_args("keep", Reorder(swap=False)),
    "swap": _no_args("swap", Reorder(swap=True)),
    "end": _no_args("end", EndTurn()),
    "help": _parse_help,
}
