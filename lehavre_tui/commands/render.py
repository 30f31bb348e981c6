"""Back from actions to commands: the canonical line for an action, and the same line in
Polish or Czech words (word for word: the n-th word of one is the n-th word of the other)."""

from __future__ import annotations

from ..engine.actions import (
    Action,
    Build,
    BuyBuilding,
    BuyShip,
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
from ..engine.cards import content
from ..engine.state import OFFER_SPACES, GameState
from ..text.command_words import shown_good
from .enter import _NO_CHOICE, _PICK_GOODS, _kind
from .names import _norm, building_word, offer_word, ship_type_word
from .now import _cards
from .tokens import _pairs_text
from .words import shown_choice, shown_food, shown_section, shown_verb


def _option_words(kind: str, option: str, lang: str) -> str:
    """'steel+brick', 'one+francs', 'extra' in a language ('stal+cegły', 'jeden+franki')."""
    if lang == "en":
        return option
    if kind == "business_office":
        return "+".join(shown_good(p, lang) for p in option.split("+"))
    if kind in ("local_court", "ironworks"):
        return "+".join(shown_good(p, lang) if p == "francs" else shown_choice(p, lang) for p in option.split("+"))
    return option


def _choice_words(a: Enter, lang: str = "en") -> list[str]:
    """The building's word and the choices after it (no payments)."""
    card = _cards()[a.building]
    kind = _kind(card)
    words = [building_word(a.building, lang)]
    if kind == "harbour_watch" and a.targets:
        inner = a.model_copy(update={"building": a.targets[0], "targets": a.targets[1:]})
        return words + _choice_words(inner, lang)
    goods = dict(a.goods or {})
    if kind in ("build", "wharf"):
        goods = {}  # materials: after 'with'
    known = kind in _NO_CHOICE or kind in _KNOWN_KINDS
    if kind == "shipping_line" and a.amount is not None:
        words.append(f"{shown_choice('ships', lang)}={a.amount}")
    elif a.amount is not None:
        words.append(str(a.amount))
    if kind == "build":
        words += [building_word(t, lang) for t in a.targets]
    elif kind == "wharf" and a.targets[:1] == ["yacht"]:
        ships = content().ships
        words += [shown_choice("yacht", lang), *(_norm(ships[x].name) if x in ships else x for x in a.targets[1:])]
    elif kind == "wharf" and lang != "en":
        words += [ship_type_word(t, lang) if t in content().ship_kinds else t for t in a.targets]
    elif kind == "haulage_firm":
        words += [offer_word(t, lang) if t in OFFER_SPACES else t for t in a.targets]
    else:
        words += a.targets
    if a.option is not None:
        words.append(_option_words(kind, a.option, lang) if known else f"{shown_choice('option', lang)}={a.option}")
    if kind in _PICK_GOODS:
        words += [shown_good(k, lang) if n == 1 else f"{shown_good(k, lang)}={n}" for k, n in goods.items()]
    else:
        words += _pairs_text(goods, lang)
    return words


_KNOWN_KINDS = {
    "convert", "sell_table", "sell_sets", "build", "wharf", "shipping_line", "business_office",
    "local_court", "ironworks", "haulage_firm", "harbour_watch", *_PICK_GOODS,
}  # fmt: skip


def _enter_command(a: Enter, lang: str) -> list[str]:
    words = [shown_verb("enter", lang), *_choice_words(a, lang)]
    kind = _kind(_cards()[a.building])
    if kind == "harbour_watch" and a.targets:
        kind = _kind(_cards()[a.targets[0]])
    if a.fee is not None and not (a.fee == "food" and a.fee_goods):
        how = shown_food(lang) if a.fee == "food" else shown_good("francs", lang)
        words.append(f"{shown_section('fee', lang)}={how}")
    if a.fee_goods:
        words += [shown_section("fee", lang), *_pairs_text(a.fee_goods, lang)]
    if a.energy:
        words += [shown_section("pay", lang), *_pairs_text(a.energy, lang)]
    if a.food:
        words += [shown_section("food", lang), *_pairs_text(a.food, lang)]
    if kind in ("build", "wharf") and a.goods:
        words += [shown_section("with", lang), *_pairs_text(a.goods, lang)]
    return words


def to_command(action: Action, state: GameState, lang: str = "en") -> str:
    """The canonical command line for an action (`parse` turns it back into an equal action);
    with `lang` "pl" or "cs" the same line in Polish or Czech words, which `parse` reads too."""
    return " ".join(command_words(action, lang))


def command_words(action: Action, lang: str = "en") -> list[str]:
    """The words of `to_command`'s line."""
    a = action
    verb = shown_verb(_VERB[type(a)], lang) if type(a) in _VERB else ""
    if isinstance(a, Enter):
        return _enter_command(a, lang)
    if isinstance(a, TakeOffer):
        return [verb, offer_word(a.space, lang)]
    if isinstance(a, Build):
        materials = [shown_section("with", lang), *_pairs_text(a.goods, lang)] if a.goods else []
        return [verb, building_word(a.target, lang), *materials]
    if isinstance(a, Reorder):
        return [shown_verb("swap" if a.swap else "keep", lang)]
    if isinstance(a, BuyBuilding):
        return [verb, building_word(a.building, lang)]
    if isinstance(a, BuyShip):
        return [verb, ship_type_word(a.ship_type, lang)]
    if isinstance(a, SellBuilding):
        return [verb, building_word(a.building, lang)]
    if isinstance(a, SellShip):
        ships = content().ships
        return [verb, _norm(ships[a.ship].name) if a.ship in ships else a.ship]
    if isinstance(a, RepayLoan):
        return [verb] if a.count == 1 else [verb, str(a.count)]
    if isinstance(a, Feed):
        return [verb, *_pairs_text(a.payment, lang)]
    if verb:
        return [verb]  # supply, pay
    return [shown_verb("end", lang)]


_VERB: dict[type, str] = {
    Supply: "supply", TakeOffer: "take", Build: "build", BuyBuilding: "buy", BuyShip: "buy",
    SellBuilding: "sell", SellShip: "sell", RepayLoan: "repay", Feed: "feed", PayInterest: "pay",
}  # fmt: skip
