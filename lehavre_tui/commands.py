"""The command language shared by the command bar and the command line.

`parse(text, state)` turns a line such as ``enter bakehouse 4 pay wood=1`` into an engine
action, `to_command(action, state)` writes the canonical line for an action (which `parse`
turns back into an equal action), `complete(prefix, state)` offers full lines for the legal
actions, and `help_text(topic, state)` explains verbs, payments and cards.
Parsing never changes the state.

Names: buildings and ships by id (``building-firm-1``), hyphenated English, Polish or Czech
name, or any unambiguous prefix of one of them (or of one of their words: ``court``).
When a prefix fits several cards, the ones that make sense now decide (``wharf`` picks the
one Wharf you can enter; with both free you are asked which).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from .engine.actions import (
    Action,
    Build,
    BuyBuilding,
    BuyShip,
    EndTurn,
    Enter,
    Feed,
    Reorder,
    RepayLoan,
    SellBuilding,
    SellShip,
    Supply,
    TakeOffer,
)
from .engine.cards import (
    BuildAction,
    BuildingCard,
    CodedAction,
    ConvertAction,
    SellTableAction,
    content,
)
from .engine.effects import effect_for
from .engine.errors import IllegalAction
from .engine.goods import Good, goods_text, parse_good
from .engine.rules import apply, fee_text, legal_actions
from .engine.state import OFFER_SPACES, TOWN, GameState

__all__ = [
    "CommandError",
    "HelpRequested",
    "SYNTAX",
    "building_id",
    "complete",
    "help_text",
    "parse",
    "to_command",
]


class CommandError(ValueError):
    """A line that is not a command; the message says what is wrong and what would be right."""


class HelpRequested(CommandError):
    """The line asked for help (``help [topic]``); `text` is the answer, also the message."""

    def __init__(self, topic: str | None, text: str) -> None:
        super().__init__(text)
        self.topic = topic
        self.text = text


VERBS: tuple[str, ...] = (
    "supply", "take", "enter", "build", "buy", "sell", "repay", "feed", "keep", "swap", "end",
    "help",
)  # fmt: skip
ALIASES: dict[str, str] = {
    "s": "supply", "t": "take", "e": "enter", "h": "help", "?": "help", "done": "end", "pass": "end",
}  # fmt: skip
UNKNOWN = "Unknown command '{}'. Try: take, enter, build, buy, sell, repay, feed, end, help."

# One line per verb: the summary shown by `help` (and in the README).
SYNTAX: tuple[tuple[str, str], ...] = (
    ("supply", "supply (s) - move your ship to the next supply chit; its goods land on the offers"),
    ("take", "take SPACE (t) - take a whole offer space: take fish / francs / wood / clay / ..."),
    ("enter", "enter BUILDING [CHOICES] [PAYMENT] (e) - e.g. enter bakehouse 4, enter wharf iron"),
    ("build", "build BUILDING [with GOODS] - 2nd Construction Firm build, else enter the best firm"),
    ("buy", "buy BUILDING | buy SHIP - buy joinery, buy wooden-ship (town buildings, stack tops)"),
    ("sell", "sell BUILDING | sell SHIP - sell joinery, sell wooden (your cheapest), sell dina"),
    ("repay", "repay [N|all] - pay back loans, 5 francs each"),
    ("feed", "feed [TOKENS] - pay the round's food: feed, or feed francs=3 fish=1"),
    ("keep", "keep - after the Marketplace: leave the top two special buildings as they are"),
    ("swap", "swap - after the Marketplace: swap the top two special buildings"),
    ("end", "end - end your turn"),
    ("help", "help [TOPIC] - verbs, goods, payments, names, or a building: help bakehouse"),
)

_ENTER_HELP = """\
Choices after the building name depend on the card:
  enter bakehouse 4          how many to convert (also: grain=4; nothing = as many as possible)
  enter joinery 3            how many to hand over (Joinery, special buildings)
  enter building-firm-1 joinery      enter construction-firm joinery fishery
  enter wharf iron           ship type: wooden, iron, steel, luxury (wharf-1 / wharf-2 if both free)
  enter marketplace fish wood clay
  enter shipping-line cattle=2 bread=1 [ships=2]
  enter business-office steel+brick [fish=3 wood=2]
  enter bridge all           or name the goods: enter bridge smoked_fish=2 fish=3
  enter local-court one | two | one+francs        enter ironworks extra
  enter haulage-firm grain cattle    enter coal-trader coal=2 charcoal=1
  enter furriery hides=2 leather=1   enter town-square coke leather
  enter harbour-watch bakehouse 4    (the building taken over, then its choices)
  enter wharf yacht          an iron ship for the Luxury Yacht
Payments (optional; without them the engine pays so as to waste least):
  fee=francs | fee=food | fee fish=1 francs=1     how to pay the entry fee
  pay wood=2 coal=1          energy tokens
  food meat=1                food tokens inside an action
  with brick=1 clay=2        building materials (building firms, wharves)"""

_TOPIC_HELP: dict[str, str] = {
    "goods": (
        "Goods: fish, wood, clay, iron, grain, cattle, coal, hides (standard); smoked_fish, "
        "charcoal, brick, steel, bread, meat, coke, leather (upgraded). Write amounts as "
        "good=N (fish=2); a good alone means 1."
    ),
    "payments": _ENTER_HELP.split("Payments", 1)[1].split("\n", 1)[1]
    + "\n  feed francs=2 fish=1      food at the end of a round (francs count 1 each)",
    "names": (
        "Buildings and ships: id (building-firm-1), hyphenated name (bridge-over-the-seine), "
        "Polish or Czech name, or any unambiguous beginning of one of them or of one of its "
        "words (bake, court). Ships: wooden, iron, steel, luxury (or wooden-ship, ...), or a "
        "ship's own name (appoline). Case does not matter."
    ),
}
_TOPIC_ALIASES = {"good": "goods", "payment": "payments", "pay": "payments", "fee": "payments",
                  "energy": "payments", "food": "payments", "name": "names"}  # fmt: skip


# --- names --------------------------------------------------------------------------------------

_TRANSLATE = str.maketrans({"ł": "l", "Ł": "l", "&": " ", "'": "", "’": ""})


def _norm(text: str) -> str:
    """'Masons’ Guild' -> 'masons-guild', 'Łowisko' -> 'lowisko', 'wharf_1' -> 'wharf-1'."""
    t = unicodedata.normalize("NFKD", text.translate(_TRANSLATE))
    t = "".join(c for c in t if not unicodedata.combining(c)).lower()
    t = "".join(c if (c.isascii() and c.isalnum()) or c == "+" else "-" for c in t)
    return "-".join(part for part in t.split("-") if part)


def _label(building: str) -> str:
    """The canonical word for a building: its id with hyphens."""
    return building.replace("_", "-")


@dataclass(frozen=True)
class _Name:
    value: str  # building id, "ship:<type>" or "card:<ship id>"
    label: str  # the canonical word
    title: str  # the English name, to tell twin cards (the two Wharves) apart from others
    keys: tuple[str, ...]


SHIP = "ship:"
CARD = "card:"


@cache
def _building_names() -> tuple[_Name, ...]:
    out = []
    for b, card in content().buildings.items():
        keys = {_label(b), _norm(card.name), _norm(card.name_pl), _norm(card.name_cs)}
        if card.action.kind == "wharf":
            keys.add("shipyard")
        out.append(_Name(b, _label(b), card.name, tuple(sorted(keys))))
    return tuple(out)


@cache
def _ship_type_names() -> tuple[_Name, ...]:
    return tuple(
        _Name(SHIP + t, _norm(kind.name), kind.name, (t, f"{t}-ship", _norm(kind.name)))
        for t, kind in content().ship_kinds.items()
    )


def _ship_card_names(ships: Iterable[str]) -> tuple[_Name, ...]:
    cards = content().ships
    return tuple(_Name(CARD + x, _norm(cards[x].name), cards[x].name, (_norm(cards[x].name), x.lower())) for x in ships)


_OFFER_NAMES: tuple[_Name, ...] = tuple(
    _Name(sp, sp, sp, (sp, "money", "coins") if sp == "francs" else (sp,)) for sp in OFFER_SPACES
)


def _tier(tok: str, key: str) -> int | None:
    """0: the whole key, 1: its beginning, 2: the beginning of one of its later words."""
    flat_tok, flat_key = tok.replace("-", ""), key.replace("-", "")
    if key == tok or flat_key == flat_tok:
        return 0
    if key.startswith(tok) or flat_key.startswith(flat_tok):
        return 1
    if any(key[i + 1 :].startswith(tok) for i, c in enumerate(key) if c == "-"):
        return 2
    return None


def _or(words: Sequence[str]) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _resolve(
    word: str,
    names: Sequence[_Name],
    relevant: Collection[str],
    what: str,
    now: str = "",
    also: Collection[str] = (),
    twins: bool = False,
) -> str:
    """The value of the name `word` stands for.

    Among several names that fit equally well, the one in `relevant` (what makes sense
    now) wins, else the one in `also` (e.g. the cards on the table); otherwise the player
    is asked which, unless `twins` allows either of two cards of one name (help on the
    Wharf). `now` describes the relevant names when the word fits none
    ("Buildings you can enter now").
    """
    tok = _norm(word)
    hits: dict[int, list[_Name]] = {}
    if tok:
        for n in names:
            tiers = [t for k in n.keys if (t := _tier(tok, k)) is not None]
            if tiers:
                hits.setdefault(min(tiers), []).append(n)
    if not hits:
        labels = [n.label for n in names if n.value in relevant]
        hint = f" {now}: {', '.join(labels)}." if now and labels else ""
        raise CommandError(f"There is no {what} called '{word}'.{hint}")
    found = hits[min(hits)]
    if len(found) == 1:
        return found[0].value
    shown = found
    for level in (relevant, also):
        rel = [n for n in found if n.value in level]
        if len(rel) == 1:
            return rel[0].value
        if rel:
            shown = rel
            break
    if (twins or shown is found) and len({n.title for n in shown}) == 1:
        return found[0].value  # twin cards, neither usable now: the engine will say why
    ask = "say which" if len({n.title for n in shown}) == 1 else "type more of the name"
    raise CommandError(f"'{word}' could be {_or([n.label for n in shown])}; {ask}.")


def building_id(word: str) -> str:
    """The building id a name or prefix stands for (no game needed); raises CommandError."""
    return _resolve(word, _building_names(), (), "building")


# --- what makes sense now -----------------------------------------------------------------------


def _cards() -> dict[str, BuildingCard]:
    return content().buildings


def _enterable(s: GameState, b: str) -> bool:
    card = _cards()[b]
    if b not in s.owner or not card.can_enter or effect_for(card) is None:
        return False
    if s.player().worker == b:
        return False
    return s.phase == "final" or not s.occupants(b)


def _visible(s: GameState) -> set[str]:
    """Buildings on the table: in play or in a proposal stack."""
    return set(s.owner) | {b for st in s.proposals for b in st}


def _tops(s: GameState) -> list[str]:
    return [st[0] for st in s.proposals if st]


def _for_sale(s: GameState) -> set[str]:
    cards = _cards()
    out = {b for b in s.town_buildings() + _tops(s) if cards[b].price is not None}
    return out | {SHIP + t for t, st in s.ship_stacks.items() if st}


# --- tokens -------------------------------------------------------------------------------------


def _words(text: str) -> list[str]:
    text = re.sub(r"\s*([=:])\s*", r"\1", text.replace(",", " ").strip())
    return text.split()


def _split_pair(token: str) -> tuple[str, int] | None:
    """'fish=2' -> ('fish', 2); a token without '=' -> None."""
    m = re.fullmatch(r"([^=:]+)[=:](.*)", token)
    if m is None:
        return None
    key, raw = m.group(1), m.group(2)
    if not raw.isdigit():
        raise CommandError(f"'{token}': the amount must be a whole number, e.g. {key}=2.")
    return key, int(raw)


_FRANC_WORDS = ("francs", "franc", "fr")
_GOOD_LIST = "fish, wood, clay, iron, grain, cattle, coal, hides, smoked_fish, charcoal, brick, steel, bread, meat, coke, leather"  # noqa: E501


def _good(word: str, francs: bool = False) -> str:
    """A good's key ('smoked_fish') or 'francs' where francs may pay; CommandError otherwise."""
    low = word.lower()
    if francs and low in _FRANC_WORDS:
        return "francs"
    try:
        return parse_good(low.replace("-", "_")).key
    except KeyError:
        also = " (or francs)" if francs else ""
        raise CommandError(f"'{word}' is not a good; goods are {_GOOD_LIST}{also}.") from None


def _is_good(word: str) -> bool:
    try:
        parse_good(word.lower().replace("-", "_"))
    except KeyError:
        return False
    return True


def _tokens(tokens: Iterable[str], francs: bool = False) -> dict[str, int] | None:
    """'fish=2 wood' -> {'fish': 2, 'wood': 1}; nothing -> None."""
    out: dict[str, int] = {}
    for t in tokens:
        pair = _split_pair(t)
        key, n = pair if pair is not None else (t, 1)
        k = _good(key, francs)
        out[k] = out.get(k, 0) + n
    return out or None


def _pairs_text(goods: dict[str, int] | None) -> list[str]:
    return [f"{k}={n}" for k, n in (goods or {}).items()]


# --- the verbs ----------------------------------------------------------------------------------


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
    raise CommandError(UNKNOWN.format(word))


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


# --- enter: sections and per-card choices -------------------------------------------------------

_SECTION_WORDS = {
    "fee": "fee", "pay": "energy", "energy": "energy", "food": "food", "with": "goods",
}  # fmt: skip


def _sections(args: list[str]) -> tuple[list[str], dict[str, list[str]]]:
    """Split 'joinery with wood=1 pay coal=1' into the choices and the payment sections."""
    main: list[str] = []
    sections: dict[str, list[str]] = {}
    current, name = main, ""
    for a in args:
        low = a.lower()
        if name == "fee" and low in ("food", "francs"):
            current.append(low)
        elif low in _SECTION_WORDS:
            name = _SECTION_WORDS[low]
            current = sections.setdefault(name, [])
        elif low.startswith(("fee=", "fee:")):
            sections.setdefault("fee", []).append(low[4:])
        else:
            current.append(a)
    for key, tokens in sections.items():
        if not tokens:
            word = next(w for w, k in _SECTION_WORDS.items() if k == key)
            example = _SECTION_EXAMPLE[key]
            raise CommandError(f"'{word}' must be followed by what to pay, e.g. {example}.")
    return main, sections


_SECTION_EXAMPLE = {"fee": "'fee francs' or 'fee fish=1 francs=1'", "energy": "'pay wood=2'",
                    "food": "'food fish=2'", "goods": "'with wood=1 brick=1'"}  # fmt: skip


def _payments(sections: dict[str, list[str]]) -> dict[str, object]:
    """Enter's fee, fee_goods, energy and food fields from the payment sections."""
    out: dict[str, object] = {}
    fee_kind: str | None = None
    fee_tokens: list[str] = []
    for t in sections.get("fee", []):
        if t.lower() in ("food", "francs"):
            fee_kind = t.lower()
        else:
            fee_tokens.append(t)
    fee_goods = _tokens(fee_tokens, francs=True)
    if fee_goods is not None:
        if fee_kind == "francs":
            raise CommandError("A franc fee is paid in francs only; name tokens for a food fee: 'fee fish=2'.")
        fee_kind = "food"
    if fee_kind is not None:
        out["fee"] = fee_kind
    if fee_goods is not None:
        out["fee_goods"] = fee_goods
    for section in ("energy", "food"):
        given = _tokens(sections.get(section, []), francs=section == "food")
        if given is not None:
            out[section] = given
    return out


def _kind(card: BuildingCard) -> str:
    a = card.action
    return a.code if isinstance(a, CodedAction) else a.kind


def _amount(card: BuildingCard, tokens: list[str], good: Good | None, noun: str) -> int | None:
    """A number (or good=N for the card's own good); 'all' or nothing: the engine's maximum."""
    amount: int | None = None
    label = _label(card.id)
    example = f"'enter {label} 2'"
    if good is not None:
        example += f" or 'enter {label} {good.key}=2'"
    for t in tokens:
        pair = _split_pair(t)
        named = _good(pair[0]) if pair is not None and _is_good(pair[0]) else None
        if t.lower() in ("all", "max"):
            continue
        if t.isdigit():
            n = int(t)
        elif pair is not None and good is not None and named == good.key:
            n = pair[1]
        elif pair is not None and good is not None and named is not None:
            raise CommandError(f"The {card.name} takes {good.label}, not {named}; e.g. {example}.")
        else:
            raise CommandError(f"The {card.name} needs only how many {noun}, e.g. {example}; '{t}' is not that.")
        if amount is not None:
            raise CommandError(f"Give the number of {noun} once, e.g. {example}.")
        amount = n
    return amount


_OFFICE_TRADES = ("steel", "brick", "charcoal", "leather")
_COURT = {"one": "one", "1": "one", "two": "two", "2": "two"}


def _office_option(card: BuildingCard, words: list[str]) -> str | None:
    parts = [p for w in words for p in w.lower().split("+") if p]
    for p in parts:
        if p not in _OFFICE_TRADES:
            raise CommandError(
                f"'{p}' is not a trade at the {card.name}: steel (for 4 goods) and/or one of "
                "brick, charcoal, leather (for 1 good), e.g. 'enter business-office steel+brick'."
            )
    parts = sorted(dict.fromkeys(parts), key=lambda p: p != "steel")
    return "+".join(parts) or None


def _court_option(card: BuildingCard, words: list[str]) -> str | None:
    parts = [p for w in words for p in w.lower().split("+") if p]
    if not parts:
        return None
    if parts in (["francs"], ["one", "francs"], ["1", "francs"]):
        return "one+francs"
    if len(parts) == 1 and parts[0] in _COURT:
        return _COURT[parts[0]]
    raise CommandError(f"At the {card.name} choose one, two or one+francs, e.g. 'enter local-court two'.")


_NO_CHOICE = {
    "receive", "receive_per_symbol", "black_market", "arts_centre", "church", "none",
    "leather_industry", "brick_manufacturer", "kiln", "steelworks", "zoo",
}  # fmt: skip
_PICK_GOODS = ("marketplace", "town_square", "bridge")  # a good alone means one of it
_YACHT_WORDS = ("yacht", "luxury-yacht")


def _wharf_choices(tokens: list[str], s: GameState) -> dict[str, object]:
    bare = [w for w in tokens if _split_pair(w) is None and w.lower() not in ("ship", "a")]
    out: dict[str, object] = {"goods": _tokens([w for w in tokens if _split_pair(w) is not None])}
    if bare and _norm(bare[0]) in _YACHT_WORDS:
        p = s.player()
        rest = [_resolve(w, _ship_card_names(p.ships), (), "ship of yours") for w in bare[1:]]
        out["targets"] = ["yacht", *(v[len(CARD) :] for v in rest)]
    else:
        found = [_resolve(w, _ship_type_names(), (), "ship type") for w in bare]
        out["targets"] = [v[len(SHIP) :] for v in found]
    return out


def _watch_choices(tokens: list[str], s: GameState) -> dict[str, object]:
    """Harbour Watch: the building taken over, then the choices for its action."""
    if not tokens:
        return {}
    visited = {q.worker for i, q in enumerate(s.players) if i != s.current and q.worker}
    now = "Buildings with another player's worker now"
    b = _resolve(tokens[0], _building_names(), visited, "building", now, _visible(s))
    inner = _enter_choices(_cards()[b], tokens[1:], s)
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
        if low.startswith(("option=", "option:")):
            out["option"] = low[7:]
        elif t.isdigit():
            out["amount"] = int(t)
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
        out["amount"] = _amount(card, tokens, a.input, a.input.label)
    elif isinstance(a, SellTableAction):
        out["amount"] = _amount(card, tokens, a.good, a.good.label)
    elif kind == "sell_sets":
        out["amount"] = _amount(card, tokens, None, "sets")
    elif kind == "build":
        tops = _tops(s)
        now = "On top of the proposal stacks now"
        seen = _visible(s)
        names = _building_names()
        out["targets"] = [_resolve(w, names, tops, "building", now, seen) for w in bare]
        out["goods"] = _tokens(pairs)
    elif kind == "wharf":
        out = _wharf_choices(tokens, s)
    elif kind in _PICK_GOODS:
        out["goods"] = _tokens([t for t in tokens if t.lower() not in ("all", "best")])
    elif kind == "shipping_line":
        shipped: list[str] = []
        for t in tokens:
            pair = _split_pair(t)
            if pair is not None and pair[0].lower() in ("ships", "ship"):
                count: int | None = pair[1]
            else:
                count = int(t) if t.isdigit() else None
            if count is None:
                shipped.append(t)
            elif "amount" in out:
                raise CommandError("Give the number of ships once, e.g. 'ships=2'.")
            else:
                out["amount"] = count
        out["goods"] = _tokens(shipped)
    elif kind == "business_office":
        out["option"] = _office_option(card, bare)
        out["goods"] = _tokens(pairs)
    elif kind == "local_court":
        if pairs:
            raise CommandError(f"At the {card.name} choose one, two or one+francs; '{pairs[0]}' is not that.")
        out["option"] = _court_option(card, bare)
    elif kind == "ironworks":
        if [t.lower() for t in tokens] not in ([], ["extra"]):
            raise CommandError(f"At the {card.name} you may add 'extra' (6 energy for a fourth iron), nothing else.")
        out["option"] = "extra" if tokens else None
    elif kind == "haulage_firm":
        full = {sp for i, sp in enumerate(OFFER_SPACES) if s.offers[i]}
        out["targets"] = [_resolve(w, _OFFER_NAMES, full, "offer space") for w in tokens]
    elif kind == "harbour_watch":
        out = _watch_choices(tokens, s)
    elif kind in _NO_CHOICE:
        if tokens:
            raise CommandError(f"The {card.name} needs no choices; just 'enter {_label(card.id)}'.")
    else:
        out = _generic_choices(tokens)
    return {k: v for k, v in out.items() if v is not None and v != []}


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
    b = _resolve(main[0], _building_names(), free, "building", now, _visible(s))
    card = _cards()[b]
    fields = _enter_choices(card, main[1:], s)
    materials = _tokens(sections.get("goods", []))
    if materials is not None:
        if "goods" in fields:
            raise CommandError("Name the goods once: either after the building or after 'with'.")
        fields["goods"] = materials
    fields.update(_payments(sections))
    return Enter.model_validate({"building": b, **fields})


def _parse_build(args: list[str], s: GameState) -> Action:
    tops = _tops(s)
    main, sections = _sections(args)
    if not main:
        listed = ", ".join(_label(b) for b in tops) or "none left"
        raise CommandError(f"Say what to build, e.g. 'build joinery'; on top of the proposal stacks: {listed}.")
    names = _building_names()
    seen = _visible(s)
    now = "On top of the proposal stacks now"
    targets = [_resolve(w, names, tops, "building", now, seen) for w in main]
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
    if len(args) != 1:
        now = ", ".join(n.label for n in names if n.value in sale)
        now = f"; for sale now: {now}" if now else ""
        raise CommandError(f"Say what to buy, e.g. 'buy joinery' or 'buy wooden-ship'{now}.")
    value = _resolve(args[0], names, sale, "building or ship", "For sale now", _visible(s))
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
    if len(args) != 1:
        raise CommandError(
            "Say what to sell, e.g. 'sell joinery', 'sell wooden' (your cheapest wooden ship) or a ship's name."
        )
    value = _resolve(args[0], names, mine, "building or ship", "Yours to sell")
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
    if len(args) == 1 and args[0].isdigit() and int(args[0]) > 0:
        return RepayLoan(count=int(args[0]))
    if len(args) == 1 and args[0].lower() == "all":
        p = s.player()
        return RepayLoan(count=max(1, min(p.loans, p.francs // 5)))
    raise CommandError("Say how many loans to repay: 'repay' (one), 'repay 2' or 'repay all'.")


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
    "keep": _no_args("keep", Reorder(swap=False)),
    "swap": _no_args("swap", Reorder(swap=True)),
    "end": _no_args("end", EndTurn()),
    "help": _parse_help,
}


# --- back from actions to commands --------------------------------------------------------------


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
    return "end"


# --- completion ---------------------------------------------------------------------------------


def _word_fits(typed: str, word: str, first: bool) -> bool:
    tok = typed.lower()
    if first and ALIASES.get(tok) == word:
        return True
    if "=" in tok or "+" in tok:
        return word.startswith(tok)
    return _tier(_norm(tok), word) is not None


def complete(prefix: str, state: GameState) -> list[str]:
    """Full command lines for the legal actions that fit what has been typed so far.

    Each typed word may be the beginning of the command's word (or of one of its parts:
    'e court' fits 'enter local-court two'). After 'help ' the help topics are offered.
    """
    typed = prefix.lower().split()
    if typed and typed[0] in ("help", "?") and (len(typed) > 1 or prefix.endswith(" ")):
        rest = " ".join(typed[1:])
        return [f"help {t}" for t in _help_topics(state) if t.startswith(rest)]
    out: list[str] = []
    for a in legal_actions(state):
        line = to_command(a, state)
        words = line.split()
        if len(words) < len(typed) or line in out:
            continue
        pairs = zip(typed, words, strict=False)
        if all(_word_fits(t, w, i == 0) for i, (t, w) in enumerate(pairs)):
            out.append(line)
    return out


# --- help ---------------------------------------------------------------------------------------


def _help_topics(s: GameState) -> list[str]:
    shown = [b for b in _cards() if b in s.owner or any(b in st for st in s.proposals)]
    return [*VERBS[:-1], *_TOPIC_HELP, *(_label(b) for b in shown)]


def help_text(topic: str | None, state: GameState) -> str:
    """Help on the command language (no topic), a verb, 'goods', 'payments', 'names' or a card."""
    if not topic or not topic.strip():
        return _overview(state)
    t = topic.strip().lower()
    verb = ALIASES.get(t, t)
    if verb in VERBS:
        return _verb_help(verb)
    if t in _TOPIC_HELP or t in _TOPIC_ALIASES:
        return _TOPIC_HELP[_TOPIC_ALIASES.get(t, t)]
    try:
        names = _building_names() + _ship_type_names()
        value = _resolve(t, names, _visible(state), "building or ship", twins=True)
    except CommandError as exc:
        if "could be" in str(exc):
            return str(exc)
        topics = ", ".join(VERBS[:-1])
        return f"No help on '{topic}'. Topics: {topics}, goods, payments, names, or a building."
    if value.startswith(SHIP):
        return _ship_help(value[len(SHIP) :], state)
    return _card_help(value, state)


def _overview(s: GameState) -> str:
    lines = ["Commands (case does not matter; names may be shortened):"]
    lines += [f"  {line}" for _, line in SYNTAX]
    verbs = list(dict.fromkeys(to_command(a, s).split()[0] for a in legal_actions(s)))
    if verbs:
        lines.append(f"Now you may: {', '.join(verbs)}.")
    lines.append("More: help enter, help payments, help goods, help names, help <building>.")
    return "\n".join(lines)


def _verb_help(verb: str) -> str:
    line = dict(SYNTAX)[verb]
    extra = {
        "enter": _ENTER_HELP,
        "build": (
            "After the Construction Firm's first build, 'build joinery' makes the second one.\n"
            "Otherwise 'build joinery' enters the best building firm free for you (your own, a "
            "free one, else the cheapest fee) and builds the Joinery there."
        ),
        "feed": "Without tokens the engine pays so as to waste least. "
        "Short of food, hand over everything and loans cover the rest.",
        "sell": "Buildings and ships go to the town for half their value.",
        "buy": "Buy a town building or the top card of a proposal stack; ships come from the top of their stack.",
    }.get(verb)
    return line if extra is None else f"{line}\n{extra}"


def _card_help(b: str, s: GameState) -> str:
    card = _cards()[b]
    where = _where(b, s)
    lines = [
        f"{card.name} (Polish: {card.name_pl}; Czech: {card.name_cs}) - card {card.number}, '{_label(b)}'",
        f"Type: {card.type}. Value: {card.value}. "
        f"Price: {'cannot be bought' if card.price is None else f'{card.price} francs'}.",
        f"Entry fee: {fee_text(card) if card.can_enter else 'none (cannot be entered)'}. "
        f"Build cost: {'cannot be built' if card.cost is None else goods_text(dict(card.cost))}.",
    ]
    symbols = []
    if card.fishermen:
        symbols.append(f"{card.fishermen} fisherman")
    if card.hammers:
        symbols.append(f"{card.hammers} hammer")
    lines.append(f"Symbols: {', '.join(symbols) or 'none'}.")
    lines.append(card.text)
    if card.can_enter:
        lines.append(f"Command: {_enter_example(card)}")
    if where:
        lines.append(where)
    return "\n".join(lines)


_EXAMPLES = {
    "build": "{} BUILDING  (e.g. joinery; materials: with wood=1 clay=1)",
    "wharf": "{} wooden|iron|steel|luxury  (or yacht)",
    "marketplace": "{} fish wood clay  (different standard goods)",
    "town_square": "{} coke leather  (different upgraded goods)",
    "bridge": "{} all  (or name the goods: smoked_fish=2 fish=3)",
    "shipping_line": "{} cattle=2 bread=1  (optional ships=N)",
    "business_office": "{} steel+brick  (optional: the goods given, fish=3 wood=2)",
    "local_court": "{} one|two|one+francs",
    "ironworks": "{}  (or: extra)",
    "haulage_firm": "{} grain cattle  (two neighbouring offer spaces)",
    "harbour_watch": "{} BUILDING [its choices]",
    "coal_trader": "{} coal=2 charcoal=1  (optional: food fish=2 ...)",
    "furriery": "{} hides=2 leather=1",
    "sell_sets": "{} N  (how many times)",
}


def _enter_example(card: BuildingCard) -> str:
    head = f"enter {_label(card.id)}"
    a = card.action
    if isinstance(a, ConvertAction):
        return f"{head} N  (how many {a.input.label}; energy: pay wood=N)"
    if isinstance(a, SellTableAction):
        return f"{head} N  (how many {a.good.label})"
    return _EXAMPLES.get(_kind(card), "{}").format(head)


def _where(b: str, s: GameState) -> str:
    owner = s.owner.get(b)
    if owner == TOWN:
        return "Now: owned by the town."
    if owner is not None:
        return f"Now: owned by {s.players[owner].name}."
    for i, st in enumerate(s.proposals):
        if b in st:
            return f"Now: {'top of' if st[0] == b else 'in'} proposal stack {i + 1}."
    return "Now: not in play."


def _ship_help(t: str, s: GameState) -> str:
    kind = content().ship_kinds[t]
    n = s.num_players
    price = "cannot be bought" if kind.price is None else f"{kind.price} francs"
    stack = s.ship_stacks.get(t, [])
    on_offer = f"{len(stack)} on offer" if stack else "none on offer"
    return (
        f"{kind.name}: build cost {goods_text(dict(kind.cost))} plus 3 energy at a Wharf; "
        f"price {price}. "
        f"Feeds {kind.food[n - 1]} food a round with {n} player{'s' if n > 1 else ''}; "
        f"carries {kind.capacity} goods at the Shipping Line. Now: {on_offer}."
    )
