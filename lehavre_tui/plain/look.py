"""`look`: the table described in sentences, as a screen reader reads them.

`brief` is what `look` says (who acts, the offers, the player's own holdings); `describe`
answers `look offers|proposals|town|ships|round|me|NAME` in full. Every line is a message
(engine/message.py), put into words in the reader's language by `text.render`; no column is
aligned with spaces, nothing is drawn.
"""

from __future__ import annotations

from ..commands.words import fold
from ..engine.cards import BuildingCard, content, round_card
from ..engine.message import Arg, Card, Count, GoodName, Goods, Listing, Msg, MsgN
from ..engine.rules import food_due, ship_food
from ..engine.scoring import final_scores
from ..engine.setup import round_row
from ..engine.state import OFFER_GOOD, OFFER_SPACES, GameState
from ..text import N_
from .prompt import phase_words

# what may follow `look`, in each language, folded ('look oferty', 'l lodě')
TOPICS: dict[str, tuple[str, ...]] = {
    "offers": ("offers", "offer", "stragany", "stragan", "oferty", "nabidky", "nabidka"),
    "proposals": ("proposals", "proposal", "projekty", "projekt", "budovy", "navrhy", "balicky"),
    "town": ("town", "miasto", "mesto"),
    "ships": ("ships", "ship", "statki", "statek", "lode", "lod"),
    "round": ("round", "runda", "kolo"),
    "me": ("me", "ja", "mnie"),
}
# the short forms of the frequent looks: `l`, `lo`, `lp`, ...
SHORT: dict[str, str | None] = {
    "l": None, "lo": "offers", "lp": "proposals", "lt": "town", "ls": "ships", "lr": "round", "lm": "me",
}  # fmt: skip
_SHIP_KIND = {  # the table says the same in its ship column
    "wooden": N_("Wooden ships"),
    "iron": N_("Iron ships"),
    "steel": N_("Steel ships"),
    "luxury": N_("Luxury liners"),
}


def topic_of(word: str) -> str | None:
    """The English topic a typed word stands for, in any language; None when it is none."""
    w = fold(word)
    for topic, words in TOPICS.items():
        if w in words:
            return topic
    return None


def _none() -> Msg:
    return Msg("none")


def _listing(items: list[Arg]) -> Arg:
    return Listing(tuple(items), ",") if items else _none()


def fee(card: BuildingCard) -> Arg:
    """What entering costs: '1 food or 1 franc', 'free', 'none (cannot be entered)'."""
    if not card.can_enter:
        return Msg("none (cannot be entered)")
    if not card.fees:
        return Msg("free")
    parts: list[Arg] = []
    for f in card.fees:
        if f.food:
            parts.append(Count(f.food, "food"))
        if f.francs:
            parts.append(Count(f.francs, "franc"))
    return Listing(tuple(parts), "or")


def offers(s: GameState) -> Msg:
    """'Offers: 3 fish, 2 wood and 1 clay; nothing of iron, grain or cattle.'"""
    goods = {OFFER_GOOD[k]: n for k, n in zip(OFFER_SPACES, s.offers, strict=True) if k in OFFER_GOOD and n}
    francs = s.offers[0]
    empty: list[Arg] = [Msg("francs")] if not francs else []
    empty += [GoodName(OFFER_GOOD[k]) for k, n in zip(OFFER_SPACES, s.offers, strict=True) if k in OFFER_GOOD and not n]
    if not goods and not francs:
        return Msg("Offers: none; every offer space is empty.")
    if not empty:
        return Msg("Offers: {offers}.", offers=Goods.of(goods, francs=francs))
    return Msg("Offers: {offers}; nothing of {empty}.", offers=Goods.of(goods, francs=francs),
               empty=Listing(tuple(empty), "or"))  # fmt: skip


def proposals(s: GameState) -> list[Msg]:
    """One line a stack: 'Proposal stack 1: Joinery, costs 3 wood, fee 1 food; 5 more below.'"""
    cards = content().buildings
    out: list[Msg] = []
    for i, stack in enumerate(s.proposals, start=1):
        if not stack:
            out.append(Msg("Proposal stack {n}: empty.", n=i))
            continue
        top = cards[stack[0]]
        cost: Arg = Goods.of(top.cost) if top.cost is not None else Msg("cannot be built")
        out.append(
            MsgN("Proposal stack {n}: {building}, costs {cost}, entry {fee}; {more} more below.",
                 "Proposal stack {n}: {building}, costs {cost}, entry {fee}; {more} more below.", "more",
                 n=i, building=Card(top.id), cost=cost, fee=fee(top), more=len(stack) - 1)
        )  # fmt: skip
    return out


def _occupied(s: GameState, b: str) -> Arg:
    who = [s.players[i].name for i in s.occupants(b)]
    return Listing(tuple(who), "and") if who else Msg("nobody")


def _building_line(s: GameState, b: str) -> Msg:
    card = content().buildings[b]
    return Msg("{building}: entry {fee}; in it: {who}.", building=Card(b), fee=fee(card), who=_occupied(s, b))


def town(s: GameState) -> list[Msg]:
    """The town's buildings, one a line, with fee and who is in them."""
    owned = s.town_buildings()
    if not owned:
        return [Msg("The town has no buildings yet.")]
    head = MsgN("The town has {n} building:", "The town has {n} buildings:", "n", n=len(owned))
    return [head, *(_building_line(s, b) for b in owned)]


def ships(s: GameState) -> list[Msg]:
    """Each kind of ship: how many are left and the next one's value, food and price."""
    c = content()
    n = s.num_players
    out: list[Msg] = []
    for t, stack in s.ship_stacks.items():
        kind = Msg(_SHIP_KIND[t])
        if not stack:
            out.append(Msg("{kind}: none left.", kind=kind))
            continue
        k = c.ship_kinds[t]
        top = c.ships[stack[-1]]
        price: Arg = Msg("cannot be bought") if k.price is None else Count(k.price, "franc")
        out.append(
            Msg("{kind}: {left} left; the next is {ship}, value {value}, feeds {food}, price {price}, "
                "built at a Wharf from {cost} and 3 energy.",
                kind=kind, left=len(stack), ship=top.name, value=top.value, food=Count(k.food[n - 1], "food"),
                price=price, cost=Goods.of(k.cost))
        )  # fmt: skip
    return out


def _chit(chit_id: int) -> Msg:
    ch = next(x for x in content().chits if x.id == chit_id)
    words: list[Arg] = []
    for key in (ch.first, ch.second):
        words.append(Msg("francs") if key == "francs" else GoodName(OFFER_GOOD[key]))
    if ch.interest:
        return Msg("{goods} (interest)", goods=Listing(tuple(words), "and"))
    return Msg("{goods}", goods=Listing(tuple(words), "and"))


def round_lines(s: GameState) -> list[Msg]:
    """This round's card (food, harvest, the town's building, the ship) and the supply chits."""
    c = content()
    r = min(s.round, s.rounds_total)
    cid = s.round_cards[r - 1]
    card, row = round_card(c, cid), round_row(c, cid, s.num_players)
    ship = c.ships[card.ship]
    town_builds = {"standard": Msg("a standard building"), "special": Msg("a special building"), None: Msg("nothing")}
    harvest = Msg("with a harvest") if card.harvest else Msg("without a harvest")
    lines = [
        Msg("Round {round} of {rounds}: the workers eat {food}; the round ends {harvest}; the town builds "
            "{building}; then the ship {ship} (value {value}) is launched.",
            round=r, rounds=s.rounds_total, food=Count(row.food, "food"), harvest=harvest,
            building=town_builds[row.town], ship=ship.name, value=ship.value)
    ]  # fmt: skip
    up = [Msg("{n}: {chit}", n=i + 1, chit=_chit(ch)) for i, ch in enumerate(s.chits) if s.revealed[i]]
    hidden = sum(1 for r_ in s.revealed if not r_)
    lines.append(Msg("Supply chits face up: {chits}.", chits=_listing(list(up))))
    if hidden:
        lines.append(MsgN("{n} supply chit is still face down.", "{n} supply chits are still face down.", "n",
                          n=hidden))  # fmt: skip
    return lines


def player(s: GameState, seat: int) -> list[Msg]:
    """One player in full: money and goods, buildings, ships, the worker, food due, wealth."""
    c = content()
    p = s.players[seat]
    buildings = _listing([Card(b) for b in s.buildings_of(seat)])
    ship_list = _listing([Msg("{ship} (value {value})", ship=c.ships[x].name, value=c.ships[x].value) for x in p.ships])
    lines = [
        Msg("{player}: {francs}, {loans}; goods: {goods}.", player=p.name, francs=Count(p.francs, "franc"),
            loans=Count(p.loans, "loan"), goods=Goods.of(p.goods)),
        Msg("Buildings: {buildings}.", buildings=buildings),
        Msg("Ships: {ships}.", ships=ship_list),
    ]  # fmt: skip
    if p.worker is not None:
        lines.append(Msg("The worker is in the {building}.", building=Card(p.worker)))
    else:
        lines.append(Msg("The worker is not in a building."))
    if s.phase != "over":
        lines.append(
            Msg("At the end of the round the workers eat {due}; the ships feed {ships}.",
                due=Count(food_due(s, seat) + ship_food(s, seat), "food"), ships=Count(ship_food(s, seat), "food"))
        )  # fmt: skip
    wealth = final_scores(s)[seat].total
    lines.append(Msg("Wealth so far: {wealth}.", wealth=wealth))
    return lines


def brief(s: GameState, seat: int) -> list[Msg]:
    """What `look` says: who acts and what comes next, the offers, and the player at `seat`."""
    who = s.players[s.current].name
    if s.phase == "over":
        head = Msg("The game is over after {rounds} rounds.", rounds=s.rounds_total)
    else:
        head = Msg("{player} to act: {next}.", player=who, next=phase_words(s))
    p = s.players[seat]
    return [
        head,
        offers(s),
        Msg("{player}: {francs}, {loans}; goods: {goods}.", player=p.name, francs=Count(p.francs, "franc"),
            loans=Count(p.loans, "loan"), goods=Goods.of(p.goods)),
        Msg("More: look offers, proposals, town, ships, round, me, or a player's name."),
    ]  # fmt: skip


def player_seat(s: GameState, word: str) -> int | None:
    """The seat a typed name stands for: the whole name, else the one name it begins."""
    w = fold(word)
    exact = [i for i, p in enumerate(s.players) if fold(p.name) == w]
    if exact:
        return exact[0]
    begins = [i for i, p in enumerate(s.players) if w and fold(p.name).startswith(w)]
    return begins[0] if len(begins) == 1 else None


def describe(s: GameState, topic: str | None, words: str, seat: int) -> list[Msg]:
    """The answer to `look` (topic None and no words), `look TOPIC` or `look NAME`."""
    if topic is None and not words:
        return brief(s, seat)
    if topic == "offers":
        return [offers(s)]
    if topic == "proposals":
        return proposals(s)
    if topic == "town":
        return town(s)
    if topic == "ships":
        return ships(s)
    if topic == "round":
        return round_lines(s)
    if topic == "me":
        return player(s, seat)
    found = player_seat(s, words)
    if found is not None:
        return player(s, found)
    names = Listing(tuple(p.name for p in s.players), "or")
    return [
        Msg("Nothing called '{word}' to look at; try look offers, proposals, town, ships, round, me, or {names}.",
            word=words, names=names)
    ]  # fmt: skip
