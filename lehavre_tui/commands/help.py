"""Help on the command language: the verbs, payments, goods, names, the words in Polish and
Czech, and every card. The texts are in the reader's language (`text.language()`); their
command examples are English in the templates, and a translation may give them in its own
command words, which the parser understands as well."""

from __future__ import annotations

from ..engine.cards import BuildingCard, ConvertAction, SellTableAction, content
from ..engine.goods import ENERGY_VALUE, FOOD_VALUE, STANDARD_GOODS, UPGRADED_GOODS, Good
from ..engine.message import Arg, Card, Count, GoodName, Goods, Listing, Msg, MsgN
from ..engine.rules import legal_actions
from ..engine.state import GameState
from ..text import N_, _, card_text, language, render
from ..text.command_words import shown_good
from .enter import _kind
from .errors import CommandError
from .names import SHIP, AmbiguousName, _building_names, _resolve, _ship_type_names, building_word, words_listing
from .now import _cards, _visible, card_place
from .render import command_words
from .verbs import VERBS
from .words import goods_words, shown_topic, shown_verb, topic_of, verb_of, verb_words, word_lists

# One line per verb: the summary shown by `help` (and in the README); `_(line)` where shown.
SYNTAX: tuple[tuple[str, str], ...] = (
    # translators: the command words of these lines may be given in your language's command
    # words (zaopatrz, weź, wejdź, zbuduj, kup, sprzedaj, spłać, nakarm, zapłać, zostaw, zamień,
    # koniec, pomoc; doplň, vezmi, vstup, postav, kup, prodej, splať, nakrm, zaplať, nech,
    # prohoď, konec, pomoc), and goods and buildings in your rulebook's words: the parser
    # understands them (help words lists them)
    ("supply", N_("supply (s) - move your ship to the next supply chit; its goods land on the offers")),
    ("take", N_("take SPACE (t) - take a whole offer space: take fish / francs / wood / clay / ...")),
    ("enter", N_("enter BUILDING [CHOICES] [PAYMENT] (e) - e.g. enter bakehouse 4, enter wharf iron")),
    ("build", N_("build BUILDING [with GOODS] - 2nd Construction Firm build, else enter the best firm")),
    ("buy", N_("buy BUILDING | buy SHIP - buy joinery, buy wooden-ship (town buildings, stack tops)")),
    ("sell", N_("sell BUILDING | sell SHIP - sell joinery, sell wooden (your cheapest), sell dina")),
    ("repay", N_("repay [N|all] - pay back loans, 5 francs each")),
    ("feed", N_("feed [TOKENS] - pay the round's food: feed, or feed francs=3 fish=1")),
    ("pay", N_("pay - settle interest you are short of: a loan covers what your francs do not")),
    ("keep", N_("keep - after the Marketplace: leave the top two special buildings as they are")),
    ("swap", N_("swap - after the Marketplace: swap the top two special buildings")),
    ("end", N_("end - end your turn")),
    ("help", N_("help [TOPIC] - verbs, goods, payments, names, or a building: help bakehouse")),
)

# translators: the command examples may be given in your language's command words
_ENTER_CHOICES = N_("""\
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
  enter wharf yacht          an iron ship for the Luxury Yacht""")
_PAYMENTS_HEAD = N_("Payments (optional; without them the engine pays so as to waste least):")
# translators: the command examples may be given in your language's command words
_PAYMENT_LINES = N_("""\
  fee=francs | fee=food | fee fish=1 francs=1     how to pay the entry fee
  pay wood=2 coal=1          energy tokens
  food meat=1                food tokens inside an action
  with brick=1 clay=2        building materials (building firms, wharves)""")
_FEED_LINE = N_("  feed francs=2 fish=1      food at the end of a round (francs count 1 each)")
_JUST_ENOUGH = N_(
    "Name just enough: food and energy give no change, so a payment with a token you could "
    "leave out is refused (1 coke for 6 energy is fine: no token can go)."
)


def _values(table: dict[Good, int]) -> Listing:
    """'fish 1, smoked fish 2, ...': what each token is worth as food or energy."""
    items: tuple[Arg, ...] = tuple(Msg("{good} {n}", good=GoodName(g), n=n) for g, n in table.items())
    return Listing(items, ",")


def _goods_help() -> str:
    lang = language()
    return "\n".join(
        render(m)
        for m in (
            Msg(
                "Goods: {standard} (standard); {upgraded} (upgraded). Write amounts as good=N (fish=2); "
                "a good alone means 1.",
                standard=words_listing(shown_good(g.key, lang) for g in STANDARD_GOODS),
                upgraded=words_listing(shown_good(g.key, lang) for g in UPGRADED_GOODS),
            ),
            Msg("Food: {food}, each franc 1.", food=_values(FOOD_VALUE)),
            Msg("Energy: {energy}.", energy=_values(ENERGY_VALUE)),
        )
    )


def _payments_help() -> str:
    values = Msg(
        "Food: {food}, each franc 1. Energy: {energy}.", food=_values(FOOD_VALUE), energy=_values(ENERGY_VALUE)
    )
    return "\n".join((_(_PAYMENT_LINES), _(_FEED_LINE), render(values), _(_JUST_ENOUGH)))


def _names_help() -> str:
    return _(
        "Buildings and ships: id (building-firm-1), hyphenated name (bridge-over-the-seine), "
        "Polish or Czech name, or any unambiguous beginning of one of them or of one of its "
        "words (bake, court). Ships: wooden, iron, steel, luxury (or wooden-ship, ...), or a "
        "ship's own name (appoline). Case does not matter."
    )


def _words_help() -> str:
    """The command words in Polish and Czech beside the English ones (from the word lists)."""

    def row(english: str, width: int, pl: tuple[str, ...], cs: tuple[str, ...]) -> str:
        return f"  {english:<{width}} pl: {', '.join(pl)}   cs: {', '.join(cs)}"

    lines = [
        _("Commands may be typed in English, Polish or Czech, with or without diacritics, even mixed in one line:")
    ]
    lines += [row(v, 7, verb_words(v, "pl"), verb_words(v, "cs")) for v in VERBS]
    lines.append(_("Goods (offer spaces, payments, choices):"))
    keys = [g.key for g in Good] + ["francs"]
    lines += [row(k, 12, goods_words(k, "pl"), goods_words(k, "cs")) for k in keys]
    lines.append(_("Payments, choices and ships:"))
    pl, cs = word_lists("pl"), word_lists("cs")
    for kind in ("sections", "choices", "ships"):
        lines += [row(w, 8, pl[kind][w], cs[kind][w]) for w in pl[kind]]
    lines.append(_("Buildings by their Polish or Czech names: wejdź do piekarni 4, vstup do pekárny 4."))
    return "\n".join(lines)


_TOPICS = ("goods", "payments", "names", "words")
_TOPIC_HELP = {"goods": _goods_help, "payments": _payments_help, "names": _names_help, "words": _words_help}


def _help_topics(s: GameState, lang: str | None = None) -> list[str]:
    """The topics `help` knows now, in the reader's words (or `lang`'s): verbs, goods, ...,
    the cards on the table."""
    lang = lang or language()
    shown = [b for b in _cards() if b in s.owner or any(b in st for st in s.proposals)]
    return [
        *(shown_verb(v, lang) for v in VERBS[:-1]),
        *(shown_topic(t, lang) for t in _TOPICS),
        *(building_word(b, lang) for b in shown),
    ]


def help_text(topic: str | None, state: GameState) -> str:
    """Help on the command language (no topic), a verb, 'goods', 'payments', 'names',
    'words' or a card, in the reader's language; the topic may be named in any language."""
    if not topic or not topic.strip():
        return _overview(state)
    t = topic.strip().lower()
    verb = verb_of(t)
    if verb in VERBS:
        return _verb_help(verb)
    about = topic_of(t)
    if about is not None:
        return _TOPIC_HELP[about]()
    try:
        names = _building_names() + _ship_type_names()
        value = _resolve(t, names, _visible(state), "building or ship", twins=True)
    except AmbiguousName as exc:
        return render(exc.msg)
    except CommandError:
        lang = language()
        topics = words_listing([*(shown_verb(v, lang) for v in VERBS[:-1]), *(shown_topic(x, lang) for x in _TOPICS)])
        return render(Msg("No help on '{topic}'. Topics: {topics}, or a building.", topic=topic, topics=topics))
    if value.startswith(SHIP):
        return _ship_help(value[len(SHIP) :], state)
    return _card_help(value, state)


def _overview(s: GameState) -> str:
    lang = language()
    lines = [_("Commands (case does not matter; names may be shortened):")]
    lines += [f"  {_(line)}" for _verb, line in SYNTAX]
    verbs = list(dict.fromkeys(command_words(a, lang)[0] for a in legal_actions(s)))
    if verbs:
        lines.append(render(Msg("Now you may: {verbs}.", verbs=words_listing(verbs))))
    lines.append(_("More: help enter, help payments, help goods, help names, help <building>."))
    lines.append(_("Commands in Polish and Czech: help words."))
    return "\n".join(lines)


_VERB_HELP = {
    "build": N_(
        "After the Construction Firm's first build, 'build joinery' makes the second one.\n"
        "Otherwise 'build joinery' enters the best building firm free for you (your own, a "
        "free one, else the cheapest fee) and builds the Joinery there."
    ),
    "feed": N_(
        "Without tokens the engine pays so as to waste least. "
        "Short of food, hand over everything and loans cover the rest."
    ),
    "sell": N_(
        "Buildings and ships go to the town for half their value. You sell in your own turn, "
        "while you feed your workers, and when interest is due that you cannot pay. The rules also "
        "let you sell in another player's turn (not during their action), but at one keyboard you "
        "cannot: the keyboard belongs to the player whose turn it is. At a hosted table (lehavre host) "
        "every player has a keyboard and may sell while waiting. What you sell you may not "
        "buy back in the same turn."
    ),
    "pay": N_(
        "When a ship reaches the Interest chit and you lack the francs, you may first sell "
        "buildings or ships, then 'pay'."
    ),
    "buy": N_("Buy a town building or the top card of a proposal stack; ships come from the top of their stack."),
}


def _verb_help(verb: str) -> str:
    line = _(dict(SYNTAX)[verb])
    if verb == "enter":
        return "\n".join((line, _(_ENTER_CHOICES), _(_PAYMENTS_HEAD), _(_PAYMENT_LINES)))
    extra = _VERB_HELP.get(verb)
    return line if extra is None else f"{line}\n{_(extra)}"


_TYPES = {
    "craft": N_("craft"),
    "economic": N_("economic"),
    "industrial": N_("industrial"),
    "public": N_("public"),
    "ship": N_("ship"),
    "none": N_("none"),
}


def _card_help(b: str, s: GameState) -> str:
    card = _cards()[b]
    lang = language()
    name, word, number = Card(b), building_word(b, lang), card.number
    if lang == "pl":
        head = Msg("{name} (English: {en}; Czech: {cs}) - card {number}, '{word}'", name=name, en=card.name,
                   cs=card.name_cs, number=number, word=word)  # fmt: skip
    elif lang == "cs":
        head = Msg("{name} (English: {en}; Polish: {pl}) - card {number}, '{word}'", name=name, en=card.name,
                   pl=card.name_pl, number=number, word=word)  # fmt: skip
    else:
        head = Msg("{name} (Polish: {pl}; Czech: {cs}) - card {number}, '{word}'", name=name, pl=card.name_pl,
                   cs=card.name_cs, number=number, word=word)  # fmt: skip
    price: Arg = Msg("cannot be bought") if card.price is None else Count(card.price, "franc")
    if not card.can_enter:
        fee: Arg = Msg("none (cannot be entered)")
    elif not card.fees:
        fee = Msg("free")
    else:
        parts: list[Arg] = []
        for f in card.fees:
            if f.food:
                parts.append(Count(f.food, "food"))
            if f.francs:
                parts.append(Count(f.francs, "franc"))
        fee = Listing(tuple(parts), "or")
    cost: Arg = Msg("cannot be built") if card.cost is None else Goods.of(card.cost)
    symbols: list[Arg] = []
    if card.fishermen:
        symbols.append(MsgN("{n} fisherman", "{n} fishermen", "n", n=card.fishermen))
    if card.hammers:
        symbols.append(MsgN("{n} hammer", "{n} hammers", "n", n=card.hammers))
    lines = [
        head,
        Msg(
            "Type: {type}. Value: {value}. Price: {price}.",
            type=Msg(_TYPES[card.type]),
            value=card.value,
            price=price,
        ),  # fmt: skip
        Msg("Entry fee: {fee}. Build cost: {cost}.", fee=fee, cost=cost),
        Msg("Symbols: {symbols}.", symbols=Listing(tuple(symbols), ",")) if symbols else Msg("Symbols: none."),
    ]
    out = [render(m) for m in lines]
    out.append(card_text(b))
    if card.can_enter:
        out.append(render(Msg("Command: {example}", example=_enter_example(card))))
    out.append(render(Msg("Now: {place}.", place=card_place(b, s))))
    return "\n".join(out)


_EXAMPLES = {
    # translators: {command} is the command's beginning, e.g. "enter bakehouse" (in the
    # reader's words: "wejdź piekarnia"); the rest may be given in your language's command words
    "build": N_("{command} BUILDING  (e.g. joinery; materials: with wood=1 clay=1)"),
    "wharf": N_("{command} wooden|iron|steel|luxury  (or yacht)"),
    "marketplace": N_("{command} fish wood clay  (different standard goods)"),
    "town_square": N_("{command} coke leather  (different upgraded goods)"),
    "bridge": N_("{command} all  (or name the goods: smoked_fish=2 fish=3)"),
    "shipping_line": N_("{command} cattle=2 bread=1  (optional ships=N)"),
    "business_office": N_("{command} steel+brick  (optional: the goods given, fish=3 wood=2)"),
    "local_court": N_("{command} one|two|one+francs"),
    "ironworks": N_("{command}  (or: extra)"),
    "haulage_firm": N_("{command} grain cattle  (two neighbouring offer spaces)"),
    "harbour_watch": N_("{command} BUILDING [its choices]"),
    "coal_trader": N_("{command} coal=2 charcoal=1  (optional: food fish=2 ...)"),
    "furriery": N_("{command} hides=2 leather=1"),
    "sell_sets": N_("{command} N  (how many times)"),
}


def _enter_example(card: BuildingCard) -> Msg | str:
    lang = language()
    head = f"{shown_verb('enter', lang)} {building_word(card.id, lang)}"
    a = card.action
    if isinstance(a, ConvertAction):
        return Msg("{command} N  (how many {good}; energy: pay wood=N)", command=head, good=GoodName(a.input))
    if isinstance(a, SellTableAction):
        return Msg("{command} N  (how many {good})", command=head, good=GoodName(a.good))
    example = _EXAMPLES.get(_kind(card))
    return head if example is None else Msg(example, command=head)


def _ship_help(t: str, s: GameState) -> str:
    kind = content().ship_kinds[t]
    n = s.num_players
    price: Arg = Msg("cannot be bought") if kind.price is None else Count(kind.price, "franc")
    stack = s.ship_stacks.get(t, [])
    on_offer = Msg("{n} on offer", n=len(stack)) if stack else Msg("none on offer")
    return render(
        MsgN(
            "{ship}: build cost {cost} plus 3 energy at a Wharf; price {price}. Feeds {food} a round with "
            "{players} player; carries {goods} at the Shipping Line. Now: {offer}.",
            "{ship}: build cost {cost} plus 3 energy at a Wharf; price {price}. Feeds {food} a round with "
            "{players} players; carries {goods} at the Shipping Line. Now: {offer}.",
            "players",
            ship=Card(t),
            cost=Goods.of(kind.cost),
            price=price,
            food=Count(kind.food[n - 1], "food"),
            players=n,
            goods=Count(kind.capacity, "good"),
            offer=on_offer,
        )
    )
