"""Help on the command language: the verbs, payments, goods, names and every card."""

from __future__ import annotations

from ..engine.cards import BuildingCard, ConvertAction, SellTableAction, content
from ..engine.goods import ENERGY_VALUE, FOOD_VALUE, Good, goods_text
from ..engine.rules import fee_text, legal_actions
from ..engine.state import GameState
from ..engine.words import francs_text, plural
from .enter import _kind
from .errors import CommandError
from .names import SHIP, _building_names, _label, _resolve, _ship_type_names
from .now import _cards, _visible, card_location
from .render import to_command
from .verbs import ALIASES, VERBS

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
    ("pay", "pay - settle interest you are short of: a loan covers what your francs do not"),
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

def _values(table: dict[Good, int]) -> str:
    """'fish 1, smoked fish 2, ...': what each token is worth as food or energy."""
    return ", ".join(f"{g.label} {n}" for g, n in table.items())


_TOPIC_HELP: dict[str, str] = {
    "goods": (
        "Goods: fish, wood, clay, iron, grain, cattle, coal, hides (standard); smoked_fish, "
        "charcoal, brick, steel, bread, meat, coke, leather (upgraded). Write amounts as "
        "good=N (fish=2); a good alone means 1.\n"
        f"Food: {_values(FOOD_VALUE)}, each franc 1.\n"
        f"Energy: {_values(ENERGY_VALUE)}."
    ),
    "payments": _ENTER_HELP.split("Payments", 1)[1].split("\n", 1)[1]
    + "\n  feed francs=2 fish=1      food at the end of a round (francs count 1 each)"
    + f"\nFood: {_values(FOOD_VALUE)}, each franc 1. Energy: {_values(ENERGY_VALUE)}."
    + "\nName just enough: food and energy give no change, so a payment with a token you could "
    "leave out is refused (1 coke for 6 energy is fine: no token can go).",
    "names": (
        "Buildings and ships: id (building-firm-1), hyphenated name (bridge-over-the-seine), "
        "Polish or Czech name, or any unambiguous beginning of one of them or of one of its "
        "words (bake, court). Ships: wooden, iron, steel, luxury (or wooden-ship, ...), or a "
        "ship's own name (appoline). Case does not matter."
    ),
}
_TOPIC_ALIASES = {"good": "goods", "payment": "payments", "pay": "payments", "fee": "payments",
                  "energy": "payments", "food": "payments", "name": "names"}  # fmt: skip


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
        "sell": "Buildings and ships go to the town for half their value. You sell in your own turn, "
        "while you feed your workers, and when interest is due that you cannot pay. The rules also "
        "let you sell in another player's turn (not during their action), but at one keyboard you "
        "cannot: the keyboard belongs to the player whose turn it is. At a hosted table (lehavre host) "
        "every player has a keyboard and may sell while waiting. What you sell you may not "
        "buy back in the same turn.",
        "pay": "When a ship reaches the Interest chit and you lack the francs, you may first sell "
        "buildings or ships, then 'pay'.",
        "buy": "Buy a town building or the top card of a proposal stack; ships come from the top of their stack.",
    }.get(verb)
    return line if extra is None else f"{line}\n{extra}"


def _card_help(b: str, s: GameState) -> str:
    card = _cards()[b]
    where = _where(b, s)
    lines = [
        f"{card.name} (Polish: {card.name_pl}; Czech: {card.name_cs}) - card {card.number}, '{_label(b)}'",
        f"Type: {card.type}. Value: {card.value}. "
        f"Price: {'cannot be bought' if card.price is None else francs_text(card.price)}.",
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
    return f"Now: {card_location(b, s)}."


def _ship_help(t: str, s: GameState) -> str:
    kind = content().ship_kinds[t]
    n = s.num_players
    price = "cannot be bought" if kind.price is None else francs_text(kind.price)
    stack = s.ship_stacks.get(t, [])
    on_offer = f"{len(stack)} on offer" if stack else "none on offer"
    return (
        f"{kind.name}: build cost {goods_text(dict(kind.cost))} plus 3 energy at a Wharf; "
        f"price {price}. "
        f"Feeds {kind.food[n - 1]} food a round with {plural(n, 'player')}; "
        f"carries {plural(kind.capacity, 'good')} at the Shipping Line. Now: {on_offer}."
    )
