"""Plain facts about the table, worded for the screen in the reader's language (no Textual
here, no state changes)."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import BuildingCard, content, round_card
from ..engine.goods import FOOD_VALUE, Good
from ..engine.message import Card, Count, GoodName, Goods, Msg
from ..engine.payments import FRANCS, Payment, choose_food
from ..engine.rules import food_due, ship_food
from ..engine.setup import round_row
from ..engine.state import GameState
from ..text import N_, NP_, _, ngettext, npgettext, pgettext, render
from ..text.render import good_noun, join
from .glyphs import Glyphs

# Two-letter marks for the supply chits and compact lists.
SHORT: dict[str, str] = {
    # translators: two letters standing for a good on the supply track ("Fi" for fish): no more fit
    "francs": NP_("good:short", "Fr"),
    "fish": NP_("good:short", "Fi"),
    "wood": NP_("good:short", "Wo"),
    "clay": NP_("good:short", "Cl"),
    "iron": NP_("good:short", "Ir"),
    "grain": NP_("good:short", "Gr"),
    "cattle": NP_("good:short", "Ca"),
}


def short_mark(good: str) -> str:
    """A good's two-letter mark on the supply track ("francs", "fish", ...)."""
    return pgettext("good:short", SHORT[good])


def good_label(good: Good) -> str:
    """A good's name on a player's board, without a count ("smoked" for smoked fish, to save room)."""
    if good is Good.SMOKED_FISH:
        # translators: smoked fish on a player's board, as short as it can be
        return pgettext("good:board", "smoked")
    return render(GoodName(good))


# The town's building at the end of a round, in the top bar.
TOWN_BUILDS: dict[str | None, str] = {
    "standard": N_("town builds a standard building"),
    "special": N_("town builds a special building"),
    None: N_("town builds nothing"),
}
# The same on the round card, with the ship launched then.
TOWN_THEN: dict[str | None, str] = {
    "standard": N_("Then the town builds a standard building; the {kind} {ship} ({value}) is launched."),
    "special": N_("Then the town builds a special building; the {kind} {ship} ({value}) is launched."),
    None: N_("Then the town builds nothing; the {kind} {ship} ({value}) is launched."),
}


# A building's type in lists (the Marketplace, Town Hall, Bank and others count them).
TYPE_WORDS: dict[str, str] = {
    # translators: a building's type, shortened to at most six letters for lists
    "craft": NP_("type:short", "craft"),
    "economic": NP_("type:short", "econ"),
    "industrial": NP_("type:short", "indus"),
    "public": NP_("type:short", "public"),
    "ship": NP_("type:short", "ship"),
    "none": "",
}
# The same in full (the card in full, the glossary).
TYPE_NAMES: dict[str, str] = {
    "craft": NP_("type", "craft"),
    "economic": NP_("type", "economic"),
    "industrial": NP_("type", "industrial"),
    "public": NP_("type", "public"),
    "ship": NP_("type", "ship"),
    "none": NP_("type", "none"),
}


def type_short(kind: str) -> str:
    return pgettext("type:short", TYPE_WORDS[kind]) if TYPE_WORDS[kind] else ""


def type_name(kind: str) -> str:
    return pgettext("type", TYPE_NAMES[kind])


def name(card_id: str) -> str:
    """A building's or a ship's name in the reader's language."""
    return render(Card(card_id))


def text_of(card_id: str) -> str:
    """A building card's text in the reader's language."""
    from ..text import card_text

    return card_text(card_id)


def template_of(event: Msg | str) -> str:
    """The English template of a log line (or the line itself when it is plain words), to
    tell what kind of line it is whatever the reader's language."""
    return event.text if isinstance(event, Msg) else event


def card(building: str) -> BuildingCard:
    return content().buildings[building]


def symbols(c: BuildingCard, g: Glyphs) -> str:
    """The fisherman and hammer symbols on a card, one mark each: '♆♆⚒'."""
    return g.fisherman * c.fishermen + g.hammer * c.hammers


def kind_tag(c: BuildingCard, g: Glyphs) -> str:
    """'craft ♆⚒': the building's type and its symbols, short enough for a list; a building
    of no type shows a dash."""
    return " ".join(x for x in (type_short(c.type), symbols(c, g)) if x) or g.dash


def symbol_words(c: BuildingCard) -> str:
    """'1 fisherman, 1 hammer' in full, or '' for a card without symbols."""
    parts = []
    if c.fishermen:
        parts.append(ngettext("{n} fisherman", "{n} fishermen", c.fishermen).format(n=c.fishermen))
    if c.hammers:
        parts.append(render(Count(c.hammers, "hammer")))
    return join(parts, ",")


def legend(g: Glyphs) -> str:
    """What the marks in the building lists mean."""
    return _(
        "{fisherman} fisherman, {hammer} hammer; types: craft, econ (economic), indus (industrial), public, ship"
    ).format(fisherman=g.fisherman, hammer=g.hammer)


def count_words(good: Good, n: int) -> str:
    """'2 wood': a count of one good, in the form its number asks for."""
    return npgettext("good:nom", *good_noun(good), n).format(n=n)


def cost_text(cost: dict[Good, int] | None, compact: bool = False) -> str:
    if cost is None:
        return _("cannot be built")
    if not cost:
        return _("free")
    if compact:
        return " ".join(count_words(g, n) for g, n in cost.items())
    return render(Goods.of(cost))


def fee_words(c: BuildingCard, g: Glyphs) -> str:
    """The entry fee alone: '1 food/1₣', 'free' or 'no entry'."""
    if not c.can_enter:
        return _("no entry")
    if not c.fees:
        return _("free")
    parts = []
    for f in c.fees:
        if f.food:
            parts.append(render(Count(f.food, "food")))
        if f.francs:
            parts.append(f"{f.francs}{g.franc}")
    return "/".join(parts)


def fee_short(c: BuildingCard, g: Glyphs) -> str:
    if not c.can_enter or not c.fees:
        return fee_words(c, g)
    # translators: a building's entry fee in a list: "fee 1 food/1₣"
    return _("fee {fee}").format(fee=fee_words(c, g))


def price_text(c: BuildingCard, g: Glyphs) -> str:
    return _("not for sale") if c.price is None else f"{c.price}{g.franc}"


@dataclass(frozen=True)
class RoundInfo:
    number: int
    card_id: str
    food: int
    harvest: bool
    town: str | None
    ship: str  # ship card id on the back


def round_info(s: GameState, number: int) -> RoundInfo:
    c = content()
    cid = s.round_cards[number - 1]
    rc = round_card(c, cid)
    row = round_row(c, cid, s.num_players)
    return RoundInfo(number, cid, row.food, rc.harvest, row.town, rc.ship)


@dataclass(frozen=True)
class FoodView:
    due: int  # after the ships' food
    ships: int  # food the ships supply
    goods: int  # food value of food goods
    francs: int

    @property
    def covered(self) -> bool:
        return self.goods + self.francs >= self.due

    @property
    def short(self) -> int:
        return max(0, self.due - self.goods - self.francs)


def food_view(s: GameState, seat: int) -> FoodView:
    p = s.players[seat]
    return FoodView(food_due(s, seat), ship_food(s, seat), p.food_goods(), p.francs)


def default_feeding(s: GameState, seat: int) -> tuple[Payment, int]:
    """What `feed` pays for this seat now, and how many francs of loans it leaves to cover."""
    p = s.players[seat]
    due = food_due(s, seat)
    found = choose_food(p, due)
    if found is not None:
        return found, 0
    everything: Payment = {gd: p.goods[gd] for gd in FOOD_VALUE if p.goods[gd]}
    if p.francs:
        everything[FRANCS] = p.francs
    value = sum(FOOD_VALUE.get(t, 1) * n for t, n in everything.items() if isinstance(t, Good))
    value += everything.get(FRANCS, 0)
    return everything, max(0, due - value)


def payment_words(payment: Payment) -> str:
    """'2 fish and 3 francs' (what is paid: the accusative)."""
    goods = {t: n for t, n in payment.items() if isinstance(t, Good)}
    return render(Goods.of(goods, francs=payment.get(FRANCS, 0), case="acc"))


def phase_line(s: GameState) -> str:
    """Who acts and what is expected, in one short sentence."""
    name = s.players[s.current].name
    if s.phase == "over":
        return _("The game is over")
    if s.phase == "feeding":
        return _("Feeding: {player} pays").format(player=name)
    if s.phase == "interest":
        return _("Interest: {player} is short of francs (sell, or pay)").format(player=name)
    if s.phase == "final":
        return _("Final actions: {player} to play").format(player=name)
    if not s.supplied:
        template = _("Turn {turn} of 7: {player} to play (supply)")
    elif not s.main_done:
        template = _("Turn {turn} of 7: {player} to play (main action)")
    else:
        template = _("Turn {turn} of 7: {player} to play (buy, sell or end)")
    return template.format(turn=s.turn + 1, player=name)


def escape(text: str) -> str:
    """Text for a place that reads markup (frame titles, button labels): every '[' as written."""
    return text.replace("\\", "\\\\").replace("[", "\\[")
