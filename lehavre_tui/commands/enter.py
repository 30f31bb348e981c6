"""The `enter` verb's per-card choices: amounts, goods, targets and options."""

from __future__ import annotations

from ..engine.cards import BuildingCard, CodedAction, ConvertAction, SellTableAction
from ..engine.goods import Good, parse_good
from ..engine.message import Card, GoodName, Msg, Typed
from ..engine.state import OFFER_SPACES, GameState
from ..text import language
from ..text.command_words import shown_good
from .errors import CommandError
from .names import (
    _OFFER_NAMES,
    CARD,
    SHIP,
    TOPS_NOW,
    WATCHED_NOW,
    _building_names,
    _norm,
    _resolve,
    _ship_card_names,
    _ship_type_names,
    _take_name,
    _take_names,
    building_word,
)
from .now import _cards, _tops, _visible
from .tokens import _good, _good_key, _is_good, _is_number, _number, _split_pair, _tokens
from .words import choice_of, is_francs


def _kind(card: BuildingCard) -> str:
    a = card.action
    return a.code if isinstance(a, CodedAction) else a.kind


def _amount(card: BuildingCard, tokens: list[str], good: Good | None) -> int | None:
    """A number (or good=N for the card's own good); 'all' or nothing: the engine's maximum.
    Without a good the number counts sets (the card sells sets of goods)."""
    amount: int | None = None
    lang = language()
    word = Typed(building_word(card.id, "en"))  # the reader's word, declined where a language says so
    if good is None:
        example = Msg("'enter {building} 2'", building=word)
    else:
        example = Msg(
            "'enter {building} 2' or 'enter {building} {good}=2'", building=word, good=shown_good(good.key, lang)
        )
    b = Card(card.id)
    for t in tokens:
        pair = _split_pair(t)
        named = _good(pair[0]) if pair is not None and _is_good(pair[0]) else None
        if choice_of(t) in ("all", "max"):
            continue
        if _is_number(t):
            n = _number(t, example)
        elif pair is not None and good is not None and named == good.key:
            n = pair[1]
        elif pair is not None and good is not None and named is not None:
            other = GoodName(parse_good(named))
            raise CommandError(
                Msg("The {building} takes {good}, not {other}; e.g. {example}.", building=b, good=GoodName(good),
                    other=other, example=example)
            )  # fmt: skip
        elif good is None:
            raise CommandError(
                Msg("The {building} needs only how many sets, e.g. {example}; '{word}' is not that.", building=b,
                    example=example, word=t)
            )  # fmt: skip
        else:
            raise CommandError(
                Msg("The {building} needs only how many {good}, e.g. {example}; '{word}' is not that.", building=b,
                    good=GoodName(good), example=example, word=t)
            )  # fmt: skip
        if amount is not None:
            if good is None:
                raise CommandError(Msg("Give the number of sets once, e.g. {example}.", example=example))
            raise CommandError(Msg("Give the number of {good} once, e.g. {example}.", good=GoodName(good),
                                   example=example))  # fmt: skip
        amount = n
    return amount


_OFFICE_TRADES = ("steel", "brick", "charcoal", "leather")
_COURT = {"one": "one", "1": "one", "two": "two", "2": "two"}


def _office_option(card: BuildingCard, words: list[str]) -> str | None:
    typed = [p for w in words for p in w.lower().split("+") if p]
    parts = []
    for p in typed:
        key = _good_key(p)
        if key not in _OFFICE_TRADES:
            raise CommandError(
                Msg(
                    "'{word}' is not a trade at the {building}: steel (for 4 goods) and/or one of "
                    "brick, charcoal, leather (for 1 good), e.g. 'enter business-office steel+brick'.",
                    word=p,
                    building=Card(card.id),
                )
            )
        parts.append(key)
    for p, key in zip(typed, parts, strict=True):
        if parts.count(key) > 1:
            raise CommandError(
                Msg(
                    "Each trade at the {building} is made at most once a visit; '{word}' is named twice. "
                    "Name steel once and one of brick, charcoal, leather once, e.g. "
                    "'enter business-office steel+brick'.",
                    building=Card(card.id),
                    word=p,
                )
            )
    parts = sorted(parts, key=lambda p: p != "steel")
    return "+".join(parts) or None


def _court_word(word: str) -> str:
    """'one', 'two' or 'francs' for a word of the Local Court's choice in any language."""
    if is_francs(word):
        return "francs"
    return _COURT.get(word) or choice_of(word) or word


def _court_option(card: BuildingCard, words: list[str]) -> str | None:
    parts = [_court_word(p) for w in words for p in w.lower().split("+") if p]
    if not parts:
        return None
    if parts in (["francs"], ["one", "francs"]):
        return "one+francs"
    if len(parts) == 1 and parts[0] in ("one", "two"):
        return parts[0]
    raise CommandError(
        Msg("At the {building} choose one, two or one+francs, e.g. 'enter local-court two'.", building=Card(card.id))
    )


_NO_CHOICE = {
    "receive", "receive_per_symbol", "black_market", "arts_centre", "church", "none",
    "leather_industry", "brick_manufacturer", "kiln", "steelworks", "zoo",
}  # fmt: skip
_PICK_GOODS = ("marketplace", "town_square", "bridge")  # a good alone means one of it
_YACHT_WORDS = ("yacht", "luxury-yacht")


def _wharf_choices(tokens: list[str], s: GameState) -> dict[str, object]:
    bare = [w for w in tokens if _split_pair(w) is None and w.lower() != "a" and choice_of(w) != "ship"]
    out: dict[str, object] = {"goods": _tokens([w for w in tokens if _split_pair(w) is not None])}
    if bare and (_norm(bare[0]) in _YACHT_WORDS or choice_of(bare[0]) == "yacht"):
        p = s.player()
        rest = _take_names(bare[1:], _ship_card_names(p.ships), (), "ship of yours")
        out["targets"] = ["yacht", *(v[len(CARD) :] for v in rest)]
    else:
        found = _take_names(bare, _ship_type_names(), (), "ship type")
        out["targets"] = [v[len(SHIP) :] for v in found]
    return out


def _watch_choices(tokens: list[str], s: GameState) -> dict[str, object]:
    """Harbour Watch: the building taken over, then the choices for its action."""
    if not tokens:
        return {}
    visited = {q.worker for i, q in enumerate(s.players) if i != s.current and q.worker}
    b, k = _take_name(tokens, _building_names(), visited, "building", WATCHED_NOW, _visible(s))
    inner = _enter_choices(_cards()[b], tokens[k:], s)
    targets = inner.pop("targets", [])
    assert isinstance(targets, list)
    return {**inner, "targets": [b, *targets]}


def _generic_choices(tokens: list[str]) -> dict[str, object]:
    """Any other card: N is the amount, good=N the goods, option=X the option, words targets."""
    out: dict[str, object] = {}
    goods: list[str] = []
    targets: list[str] = []
    for t in tokens:
        low = t.lower()
        pair = low.replace(":", "=").split("=", 1)
        if len(pair) == 2 and choice_of(pair[0]) == "option":
            out["option"] = pair[1]
        elif _is_number(t):
            out["amount"] = _number(t)
        elif _split_pair(t) is not None:
            goods.append(t)
        else:
            targets.append(low)
    return {**out, "goods": _tokens(goods), "targets": targets}


def _enter_choices(card: BuildingCard, tokens: list[str], s: GameState) -> dict[str, object]:
    """Enter's amount, goods, targets and option from the words after the building name."""
    kind = _kind(card)
    pairs = [t for t in tokens if _split_pair(t) is not None]
    bare = [t for t in tokens if _split_pair(t) is None]
    out: dict[str, object] = {}
    a = card.action
    if isinstance(a, ConvertAction):
        out["amount"] = _amount(card, tokens, a.input)
    elif isinstance(a, SellTableAction):
        out["amount"] = _amount(card, tokens, a.good)
    elif kind == "sell_sets":
        out["amount"] = _amount(card, tokens, None)
    elif kind == "build":
        tops = _tops(s)
        seen = _visible(s)
        names = _building_names()
        out["targets"] = _take_names(bare, names, tops, "building", TOPS_NOW, seen)
        out["goods"] = _tokens(pairs)
    elif kind == "wharf":
        out = _wharf_choices(tokens, s)
    elif kind in _PICK_GOODS:
        out["goods"] = _tokens([t for t in tokens if choice_of(t) not in ("all", "best")])
    elif kind == "shipping_line":
        shipped: list[str] = []
        for t in tokens:
            pair = _split_pair(t)
            if pair is not None and choice_of(pair[0]) in ("ships", "ship"):
                count: int | None = pair[1]
            else:
                count = _number(t, Msg("'ships=2'")) if _is_number(t) else None
            if count is None:
                shipped.append(t)
            elif "amount" in out:
                raise CommandError(Msg("Give the number of ships once, e.g. 'ships=2'."))
            else:
                out["amount"] = count
        out["goods"] = _tokens(shipped)
    elif kind == "business_office":
        out["option"] = _office_option(card, bare)
        out["goods"] = _tokens(pairs)
    elif kind == "local_court":
        if pairs:
            raise CommandError(
                Msg("At the {building} choose one, two or one+francs; '{word}' is not that.", building=Card(card.id),
                    word=pairs[0])
            )  # fmt: skip
        out["option"] = _court_option(card, bare)
    elif kind == "ironworks":
        if [choice_of(t) for t in tokens] not in ([], ["extra"]):
            raise CommandError(
                Msg("At the {building} you may add 'extra' (6 energy for a fourth iron), nothing else.",
                    building=Card(card.id))
            )  # fmt: skip
        out["option"] = "extra" if tokens else None
    elif kind == "haulage_firm":
        full = {sp for i, sp in enumerate(OFFER_SPACES) if s.offers[i]}
        out["targets"] = [_resolve(w, _OFFER_NAMES, full, "offer space") for w in tokens]
    elif kind == "harbour_watch":
        out = _watch_choices(tokens, s)
    else:  # the engine refuses any choice the card does not use, and says so
        out = _generic_choices(tokens)
    return {k: v for k, v in out.items() if v is not None and v != []}
