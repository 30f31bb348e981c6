"""Back from actions to commands: the canonical line for an action."""

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
from ..engine.state import GameState
from .enter import _NO_CHOICE, _PICK_GOODS, _kind
from .names import _label, _norm
from .now import _cards
from .tokens import _pairs_text


def _choice_words(a: Enter) -> list[str]:
    """The building's word and the choices after it (no payments)."""
    card = _cards()[a.building]
    kind = _kind(card)
    words = [_label(a.building)]
    if kind == "harbour_watch" and a.targets:
        inner = a.model_copy(update={"building": a.targets[0], "targets": a.targets[1:]})
        return words + _choice_words(inner)
    goods = dict(a.goods or {})
    if kind in ("build", "wharf"):
        goods = {}  # materials: after 'with'
    known = kind in _NO_CHOICE or kind in _KNOWN_KINDS
    if kind == "shipping_line" and a.amount is not None:
        words.append(f"ships={a.amount}")
    elif a.amount is not None:
        words.append(str(a.amount))
    if kind == "build":
        words += [_label(t) for t in a.targets]
    elif kind == "wharf" and a.targets[:1] == ["yacht"]:
        ships = content().ships
        words += ["yacht", *(_norm(ships[x].name) if x in ships else x for x in a.targets[1:])]
    else:
        words += a.targets
    if a.option is not None:
        words.append(a.option if known else f"option={a.option}")
    if kind in _PICK_GOODS:
        words += [k if n == 1 else f"{k}={n}" for k, n in goods.items()]
    else:
        words += _pairs_text(goods)
    return words


_KNOWN_KINDS = {
    "convert", "sell_table", "sell_sets", "build", "wharf", "shipping_line", "business_office",
    "local_court", "ironworks", "haulage_firm", "harbour_watch", *_PICK_GOODS,
}  # fmt: skip


def _enter_command(a: Enter) -> list[str]:
    words = ["enter", *_choice_words(a)]
    kind = _kind(_cards()[a.building])
    if kind == "harbour_watch" and a.targets:
        kind = _kind(_cards()[a.targets[0]])
    if a.fee is not None and not (a.fee == "food" and a.fee_goods):
        words.append(f"fee={a.fee}")
    if a.fee_goods:
        words += ["fee", *_pairs_text(a.fee_goods)]
    if a.energy:
        words += ["pay", *_pairs_text(a.energy)]
    if a.food:
        words += ["food", *_pairs_text(a.food)]
    if kind in ("build", "wharf") and a.goods:
        words += ["with", *_pairs_text(a.goods)]
    return words


def to_command(action: Action, state: GameState) -> str:
    """The canonical command line for an action (`parse` turns it back into an equal action)."""
    a = action
    if isinstance(a, Supply):
        return "supply"
    if isinstance(a, TakeOffer):
        return f"take {a.space}"
    if isinstance(a, Enter):
        return " ".join(_enter_command(a))
    if isinstance(a, Build):
        materials = ["with", *_pairs_text(a.goods)] if a.goods else []
        return " ".join(["build", _label(a.target), *materials])
    if isinstance(a, Reorder):
        return "swap" if a.swap else "keep"
    if isinstance(a, BuyBuilding):
        return f"buy {_label(a.building)}"
    if isinstance(a, BuyShip):
        return f"buy {_norm(content().ship_kinds[a.ship_type].name)}"
    if isinstance(a, SellBuilding):
        return f"sell {_label(a.building)}"
    if isinstance(a, SellShip):
        ships = content().ships
        if a.ship in ships:
            return f"sell {_norm(ships[a.ship].name)}"
        return f"sell {a.ship}"
    if isinstance(a, RepayLoan):
        return "repay" if a.count == 1 else f"repay {a.count}"
    if isinstance(a, Feed):
        return " ".join(["feed", *_pairs_text(a.payment)])
    if isinstance(a, PayInterest):
        return "pay"
    return "end"
