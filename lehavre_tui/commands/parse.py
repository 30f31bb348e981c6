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
from ..engine.message import Listing, Msg
from ..engine.rules import apply
from ..engine.state import OFFER_SPACES, GameState
from ..text import N_, language
from .enter import _enter_choices
from .errors import CommandError, HelpRequested
from .help import help_text
from .names import (
    _OFFER_NAMES,
    CARD,
    ENTER_NOW,
    FOR_SALE_NOW,
    OFFERS_NOW,
    SHIP,
    TOPS_NOW,
    YOURS_TO_SELL,
    AmbiguousName,
    _building_names,
    _or,
    _resolve,
    _ship_card_names,
    _ship_type_names,
    _shown,
    _take_name,
    _take_names,
    building_word,
    offer_word,
    words_listing,
)
from .now import _cards, _enterable, _for_sale, _tops, _visible
from .tokens import _is_number, _number, _payments, _sections, _tokens, _words
from .verbs import NOT_VERBS, UNKNOWN, UNKNOWN_GUESS, VERBS
from .words import LANGUAGES, choice_of, fold, is_into, is_loan, is_turn, not_verb_of, shown_verb, verb_of, verb_words


def _verb(word: str) -> str:
    """The English verb of the line's first word: a whole verb in any language ('take',
    'weź', 'wez', 'vezmi'), a short form, or the beginning of an English verb ('ent'), else
    the beginning of a Polish or Czech one ('sprzed'). The same for every reader."""
    w = word.lower()
    exact = verb_of(w)
    if exact is not None:
        return exact
    hits = [v for v in VERBS if v.startswith(w)]
    if not hits and fold(w):
        folded = fold(w)
        local: dict[str, str] = {}
        for lang in LANGUAGES[1:]:
            for v in VERBS:
                for x in verb_words(v, lang):
                    if fold(x).startswith(folded):
                        local.setdefault(v, x)
        hits = list(local)
        if len(hits) > 1:
            names = _or([local[v] for v in hits])
            raise CommandError(Msg("'{word}' could be {names}; type more letters.", word=word, names=names))
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise CommandError(Msg("'{word}' could be {names}; type more letters.", word=word, names=_or(hits)))
    loan = not_verb_of(w)
    if loan is not None:
        raise CommandError(Msg(NOT_VERBS[loan]))
    near = _near_verbs(w, {v: v for v in VERBS})
    if not near:  # a Polish or Czech verb mistyped
        words = {fold(x): x for lang in LANGUAGES[1:] for v in VERBS for x in verb_words(v, lang)}
        near = _near_verbs(fold(w), words)
    if near:
        raise CommandError(Msg(UNKNOWN_GUESS, word=word, names=_or(near)))
    raise CommandError(Msg(UNKNOWN, word=word))


def _near_verbs(word: str, words: dict[str, str]) -> list[str]:
    """The verbs a mistyped word may have meant: two neighbouring letters swapped ('byu' for
    'buy', which is too short for a likeness by letters to find), else the closest by letters."""
    swapped = [shown for key, shown in words.items() if _swapped(word, key)]
    if swapped:
        return swapped[:2]
    return [words[x] for x in difflib.get_close_matches(word, list(words), n=2, cutoff=0.7)]


def _swapped(a: str, b: str) -> bool:
    """`a` is `b` with two neighbouring letters swapped."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


def parse(text: str, state: GameState) -> Action:
    """The action a command line stands for; CommandError (or HelpRequested) otherwise."""
    words = _words(text)
    if not words:
        raise CommandError(
            Msg("Type a command, e.g. 'supply', 'take fish' or 'enter bakehouse 4'; 'help' lists them all.")
        )
    verb = _verb(words[0])
    return _PARSERS[verb](words[1:], state)


def _no_args(verb: str, action: Action) -> Callable[[list[str], GameState], Action]:
    def parse_it(args: list[str], s: GameState) -> Action:
        if args:
            word = shown_verb(verb, language())
            raise CommandError(Msg("'{verb}' takes nothing after it; just type '{verb}'.", verb=word))
        return action

    return parse_it


def _parse_help(args: list[str], s: GameState) -> Action:
    topic = " ".join(args) or None
    raise HelpRequested(topic, help_text(topic, s))


def _parse_take(args: list[str], s: GameState) -> Action:
    full = {sp for i, sp in enumerate(OFFER_SPACES) if s.offers[i]}
    lang = language()
    on_offer = [
        Msg("{space} {n}", space=offer_word(sp, lang), n=n) for sp, n in zip(OFFER_SPACES, s.offers, strict=True) if n
    ]
    if len(args) != 1:
        if on_offer:
            raise CommandError(
                Msg("Say which offer space to take, e.g. 'take fish'; on offer now: {offers}.",
                    offers=Listing(tuple(on_offer), ","))
            )  # fmt: skip
        raise CommandError(Msg("Say which offer space to take, e.g. 'take fish'."))
    space = _resolve(args[0], _OFFER_NAMES, full, "offer space", OFFERS_NOW)
    return TakeOffer(space=space)


def _parse_enter(args: list[str], s: GameState) -> Action:
    free = [b for b in s.owner if _enterable(s, b)]
    if not args:
        if free:
            can = words_listing(building_word(b, language()) for b in free)
            raise CommandError(
                Msg("Say which building to enter, e.g. 'enter bakehouse 4'; free for you now: {buildings}.",
                    buildings=can)
            )  # fmt: skip
        raise CommandError(Msg("Say which building to enter, e.g. 'enter bakehouse 4'."))
    main, sections = _sections(args)
    if len(main) > 1 and is_into(main[0]):
        main = main[1:]  # 'wejdź do piekarni', 'vstup do pekárny'
    if not main:
        raise CommandError(Msg("Name the building first, e.g. 'enter marketplace fish wood clay'."))
    try:
        b, k = _take_name(main, _building_names(), free, "building", ENTER_NOW, _visible(s))
    except AmbiguousName as exc:
        # twin cards free at once (the two Building Firms): the one where the rest of the
        # line can be carried out is meant; otherwise the player is asked which
        k = exc.taken
        tried = {b: _refusal(s, partial(_enter, s, b, main[k:], sections)) for b in exc.values}
        fits = [b for b, why in tried.items() if why is None]
        if len(fits) == 1:
            return _enter(s, fits[0], main[k:], sections)
        reasons = {str(why): why for why in tried.values() if why is not None}
        if not fits and len(reasons) == 1:
            raise CommandError(reasons.popitem()[1]) from None  # the same reason for every one of them
        raise
    return _enter(s, b, main[k:], sections)


def _enter(s: GameState, b: str, choices: list[str], sections: dict[str, list[str]]) -> Action:
    fields = _enter_choices(_cards()[b], choices, s)
    materials = _tokens(sections.get("goods", []))
    if materials is not None:
        if "goods" in fields:
            raise CommandError(Msg("Name the goods once: either after the building or after 'with'."))
        fields["goods"] = materials
    fields.update(_payments(sections))
    return Enter.model_validate({"building": b, **fields})


def _refusal(s: GameState, make: Callable[[], Action]) -> Msg | str | None:
    """Why the action `make` builds from the line is refused now; None when it is legal."""
    try:
        apply(s, make())
    except (CommandError, IllegalAction) as exc:
        return exc.msg
    except ValueError as exc:
        return str(exc)
    return None


def _parse_build(args: list[str], s: GameState) -> Action:
    tops = _tops(s)
    main, sections = _sections(args)
    if not main:
        if tops:
            listed = words_listing(building_word(b, language()) for b in tops)
            raise CommandError(
                Msg("Say what to build, e.g. 'build joinery'; on top of the proposal stacks: {buildings}.",
                    buildings=listed)
            )  # fmt: skip
        raise CommandError(Msg("Say what to build, e.g. 'build joinery'; on top of the proposal stacks: none left."))
    names = _building_names()
    seen = _visible(s)
    targets = _take_names(main, names, tops, "building", TOPS_NOW, seen)
    goods = _tokens(sections.get("goods", []))
    pend = s.pending
    if pend is not None and pend.kind == "build" and pend.remaining > 0:
        if len(targets) != 1 or set(sections) - {"goods"}:
            raise CommandError(Msg("Build one building at a time, e.g. 'build joinery' (materials: 'with wood=1')."))
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
            Msg("No Building Firm, Construction Firm or Sawmill is free for you to enter now, so you cannot build.")
        )
    firms.sort(key=lambda b: (_fee_cost(s, b), s.owner[b] != s.current, cards[b].number))
    errors: list[tuple[bool, Msg | str]] = []
    for b in firms:
        act = Enter.model_validate({"building": b, "targets": targets, "goods": goods, **pay})
        try:
            apply(s, act)
        except IllegalAction as exc:
            a = cards[b].action
            assert isinstance(a, BuildAction)
            errors.append((a.needs_wood, exc.msg))
            continue
        return act
    errors.sort(key=lambda e: e[0])  # a plain building firm explains best
    raise CommandError(errors[0][1])


def _ship_prefix(args: list[str]) -> tuple[list[str], bool]:
    if args and choice_of(args[0]) in ("ship", "ships"):
        return args[1:], True
    return args, False


def _parse_buy(args: list[str], s: GameState) -> Action:
    args, ship_only = _ship_prefix(args)
    sale = _for_sale(s)
    names = _ship_type_names() if ship_only else _building_names() + _ship_type_names()
    value, k = _take_name(args, names, sale, "building or ship", FOR_SALE_NOW, _visible(s)) if args else ("", 0)
    if not args or k != len(args):
        now = [_shown(n) for n in names if n.value in sale]
        if now:
            raise CommandError(
                Msg("Say what to buy, one at a time, e.g. 'buy joinery' or 'buy wooden-ship'; for sale now: {names}.",
                    names=words_listing(now))
            )  # fmt: skip
        raise CommandError(Msg("Say what to buy, one at a time, e.g. 'buy joinery' or 'buy wooden-ship'."))
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
    value, k = _take_name(args, names, mine, "building or ship", YOURS_TO_SELL) if args else ("", 0)
    if not args or k != len(args):
        raise CommandError(
            Msg(
                "Say what to sell, one at a time, e.g. 'sell joinery', 'sell wooden' (your cheapest wooden ship) "
                "or a ship's name."
            )
        )
    if value.startswith(CARD):
        return SellShip(ship=value[len(CARD) :])
    if value.startswith(SHIP):
        t = value[len(SHIP) :]
        own = [x for x in p.ships if ships[x].type == t]
        if not own:
            raise CommandError(Msg(_NO_SHIP_TO_SELL[t]))
        cheapest = min(ships[x].value for x in own)
        return SellShip(ship=next(x for x in own if ships[x].value == cheapest))
    return SellBuilding(building=value)


_NO_SHIP_TO_SELL = {
    "wooden": N_("You have no wooden ship to sell."),
    "iron": N_("You have no iron ship to sell."),
    "steel": N_("You have no steel ship to sell."),
    "luxury": N_("You have no luxury liner to sell."),
}


def _parse_end(args: list[str], s: GameState) -> Action:
    """'end', also with the turn named: 'koniec tury', 'zakończ turę', 'konec tahu', 'ukonči tah'."""
    if all(is_turn(a) for a in args):
        return EndTurn()
    return _no_args("end", EndTurn())(args, s)


def _parse_repay(args: list[str], s: GameState) -> Action:
    if args and is_loan(args[-1]):
        args = args[:-1]  # 'spłać pożyczkę', 'splať 2 půjčky', 'repay all loans'
    if not args:
        return RepayLoan()
    count = _number(args[0], Msg("'repay 2'")) if len(args) == 1 and _is_number(args[0]) else 0
    if count > 0:
        return RepayLoan(count=count)
    if len(args) == 1 and choice_of(args[0]) == "all":
        p = s.player()
        return RepayLoan(count=max(1, min(p.loans, p.francs // 5)))
    raise CommandError(Msg("Say how many loans to repay: 'repay' (one), 'repay 2' or 'repay all'."))


def _parse_pay(args: list[str], s: GameState) -> Action:
    if not args:
        return PayInterest()
    if s.phase == "feeding":
        return _parse_feed(args, s)  # 'zapłać 2 ryby' while the workers are fed
    if s.phase == "interest":
        raise CommandError(
            Msg(
                "Interest is paid in francs only; type just 'pay' (a loan covers what your francs do not), "
                "or sell a building or ship first."
            )
        )
    raise CommandError(
        Msg(
            "'pay' alone settles interest you are short of. To pay energy at a building, put it after "
            "the building: 'enter bakehouse 4 pay wood=2'; food at the end of a round: 'feed fish=2'."
        )
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
    "end": _parse_end,
    "help": _parse_help,
}
