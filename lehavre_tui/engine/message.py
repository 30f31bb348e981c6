"""Events and refusals as data: a template and its parameters, not a finished sentence.

The engine says what happened (`Msg("{player} buys the {building} for {price}.", ...)`) and
leaves the words to whoever reads it. A template is written in English and is also the key of
the sentence in the catalogs (`lehavre_tui/locale/*/LC_MESSAGES/lehavre.po`), so a template is
the event's code: change its words and the catalogs must follow (a test says which).

The parameters are plain data, so a log can be sent, stored and read in another language:
- `str`: words that are never translated (a player's name, what a player typed);
- `int`: a number;
- `Card`: a building or a ship card, read as its name in the reader's language;
- `Goods`: goods (and francs) with their counts, "2 fish, 1 wood and 3 francs";
- `Count`: a number with its noun, "2 loans", the noun from `NOUNS`;
- `GoodName`: the name of one kind of good without a count;
- `Ordinal`: "third" (a supply chit, a pier);
- `Typed`: command words, what a player typed or may type ('wood=2 coal=1', 'wharf_1',
  'one+francs'), read in the reader's command words ('drewno=2 węgiel=1');
- `Listing`: several parameters joined by "and", "or" or a comma;
- `Msg`: a clause of its own.

`str(msg)` is the English sentence; `lehavre_tui.text.render` gives any language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Literal, NamedTuple, Union

from .goods import Good

# Nouns that are counted in sentences: key -> (singular, plural) templates. The catalogs
# hold each pair with every plural form of the language; `case` picks the form a sentence
# needs ("nom": who or what does something, "acc": what is taken, paid or given).
NOUNS: dict[str, tuple[str, str]] = {
    "franc": ("{n} franc", "{n} francs"),
    "loan": ("{n} loan", "{n} loans"),
    "ship": ("{n} ship", "{n} ships"),
    "building": ("{n} building", "{n} buildings"),
    "worker": ("{n} worker", "{n} workers"),
    "food": ("{n} food", "{n} food"),
    "energy": ("{n} energy", "{n} energy"),
    "good": ("{n} good", "{n} goods"),
    "token": ("{n} token", "{n} tokens"),
    "time": ("{n} time", "{n} times"),
    "turn": ("{n} turn", "{n} turns"),
    "round": ("{n} round", "{n} rounds"),
    "point": ("{n} point", "{n} points"),
    "option": ("{n} option", "{n} options"),
    "hammer": ("{n} hammer", "{n} hammers"),
    "fisherman": ("{n} fishing symbol", "{n} fishing symbols"),
    "move": ("{n} move", "{n} moves"),
}

Case = Literal["nom", "acc"]

ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


class Card(NamedTuple):
    """A building or ship card by its id (or a ship type: "wooden", "iron", "steel", "luxury")."""

    id: str


class _Cards(dict[str, Card]):
    """`Card`s made once and shared: `CARDS[building]` (the engine narrates every move)."""

    def __missing__(self, card_id: str) -> Card:
        card = self[card_id] = Card(card_id)
        return card


CARDS = _Cards()


class GoodName(NamedTuple):
    good: Good


class Ordinal(NamedTuple):
    n: int  # 1 = first


class Count(NamedTuple):
    n: int
    noun: str  # a key of NOUNS
    case: Case = "nom"


class Goods(NamedTuple):
    """Counts of goods and francs; empty reads as "nothing"."""

    goods: tuple[tuple[Good, int], ...]
    francs: int = 0
    case: Case = "nom"

    @classmethod
    def of(cls, goods: Mapping[Good, int] | Iterable[int], francs: int = 0, case: Case = "nom") -> Goods:
        """From a mapping of goods or a stock vector (index = Good), keeping the order, dropping zeros."""
        if isinstance(goods, dict):  # the usual case, made quick: goods by Good
            items = tuple([(g if type(g) is Good else Good(g), n) for g, n in goods.items() if n])
        elif isinstance(goods, Mapping):
            items = tuple((Good(g), n) for g, n in goods.items() if n)
        else:
            items = tuple((_GOODS[i], n) for i, n in enumerate(goods) if n)
        return cls(items, francs, case)

    @staticmethod
    def one(good: Good, n: int, case: Case = "nom") -> Goods:
        """`n` of one good, kept when `n` is 0: "0 fish" (where `of` would say "nothing")."""
        return _one_good(good, n, case)

    @staticmethod
    def made(goods: tuple[tuple[Good, int], ...], francs: int, case: Case) -> Goods:
        """`Goods(goods, francs, case)` made quicker (no keywords, no defaults): for the
        engine, which narrates every move."""
        return _tuple_new(Goods, (goods, francs, case))


_GOODS = tuple(Good)
_tuple_new = tuple.__new__


@lru_cache(maxsize=4096)
def _one_good(good: Good, n: int, case: Case) -> Goods:
    return Goods(((good, n),), 0, case)


class Typed(NamedTuple):
    """Command words: goods and francs ('wood=2'), buildings, ship types and choices by the
    engine's ids ('wharf_1', 'one+francs'). A reader reads them in their own command words;
    a word that is none of these stays as it was typed."""

    text: str


class Listing(NamedTuple):
    items: tuple[Arg, ...]
    conj: Literal["and", "or", ","] = "and"


Arg = Union[str, int, Card, GoodName, Ordinal, Count, Goods, Typed, Listing, "Msg"]


class Msg:
    """An event or a refusal: a template, its parameters, and for a count-dependent sentence
    its plural template and the parameter that counts (`MsgN`)."""

    __slots__ = ("text", "args")
    # a count-dependent sentence (`MsgN`) has its own; the engine makes thousands of the others
    plural: str | None = None
    count: str | None = None

    def __init__(self, text: str, /, **args: Arg) -> None:
        self.text = text
        self.args = args

    def template(self) -> str:
        """The English template this message uses."""
        if self.plural is not None and self.count is not None and count_of(self.args[self.count]) != 1:
            return self.plural
        return self.text

    def __str__(self) -> str:
        return english(self)

    def __repr__(self) -> str:
        return f"Msg({english(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Msg):
            mine = (self.text, self.plural, self.count, self.args)
            return mine == (other.text, other.plural, other.count, other.args)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)


class _CountedMsg(Msg):
    __slots__ = ("plural", "count")


def MsgN(singular: str, plural: str, count: str, /, **args: Arg) -> Msg:  # noqa: N802 - read like Msg
    """A sentence whose words follow the number in parameter `count` (an int, a Count or a
    Listing): the catalogs give each language its plural forms ("{names} wins!" / "{names} win!")."""
    m = _CountedMsg(singular, **args)
    m.plural = plural
    m.count = count
    return m


def count_of(arg: Arg) -> int:
    if isinstance(arg, int):
        return arg
    if isinstance(arg, Count):
        return arg.n
    if isinstance(arg, Listing):
        return len(arg.items)
    raise TypeError(f"{arg!r} is not a count")


# --- English --------------------------------------------------------------------------------


def english(arg: Arg) -> str:
    """A parameter or a whole message in English."""
    if isinstance(arg, str):
        return arg
    if isinstance(arg, Msg):
        return arg.template().format_map({k: english(v) for k, v in arg.args.items()})
    if isinstance(arg, bool):
        raise TypeError("a message parameter is never a bool")
    if isinstance(arg, int):
        return str(arg)
    if isinstance(arg, Card):
        return card_name(arg.id)
    if isinstance(arg, GoodName):
        return arg.good.label
    if isinstance(arg, Ordinal):
        return ORDINAL_WORDS[arg.n - 1] if 0 < arg.n <= len(ORDINAL_WORDS) else f"{arg.n}th"
    if isinstance(arg, Count):
        one, many = NOUNS[arg.noun]
        return (one if arg.n == 1 else many).format(n=arg.n)
    if isinstance(arg, Goods):
        return goods_english(arg)
    if isinstance(arg, Typed):
        return arg.text
    if isinstance(arg, Listing):
        return join_english([english(a) for a in arg.items], arg.conj)
    raise TypeError(f"{arg!r} is not a message parameter")


def goods_english(g: Goods) -> str:
    """'2 fish, 1 wood', with francs after ' and ': '1 fish and 3 francs'; 'nothing' when empty."""
    parts = []
    if g.goods:
        parts.append(", ".join(good.counted(n) for good, n in g.goods))
    if g.francs:
        parts.append(english(Count(g.francs, "franc")))
    return " and ".join(parts) if parts else "nothing"


def join_english(words: list[str], conj: str) -> str:
    if conj == ",":
        return ", ".join(words)
    if len(words) <= 2:
        return f" {conj} ".join(words)
    return f"{', '.join(words[:-1])} {conj} {words[-1]}"


def card_name(card_id: str) -> str:
    from .cards import content  # the card data is loaded once; messages are read rarely

    c = content()
    if card_id in c.buildings:
        return c.buildings[card_id].name
    if card_id in c.ships:
        return c.ships[card_id].name
    if card_id in c.ship_kinds:
        return c.ship_kinds[card_id].name
    return card_id
