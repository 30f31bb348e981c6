"""Extra actions: buying buildings and ships, selling them to the town.

Buying: the town's buildings and the top card of each proposal stack and ship stack, never
in the final phase, never what you sold yourself this turn. Selling: to the town only, for
half the value, at any time of your own turn and when a payment is due from you (feeding,
interest); at a table where every player has a keyboard, a waiting player may sell too,
between the moves of the player to act. A worker on a building that changes owner goes home.
"""

from __future__ import annotations

from functools import lru_cache

from .actions import (
    Action,
    BuyBuilding,
    BuyShip,
    SellBuilding,
    SellShip,
)
from .cards import content
from .checks import building_card, own_turn
from .errors import IllegalAction
from .message import CARDS, Card, Msg, Typed
from .state import TOWN, GameState, PlayerState
from .words import A_SHIP_KIND, SHIP_KIND, SHIP_KINDS, franc_count

BUYING = Msg("buying")  # translators: what is not possible now: "... {what} is not possible now."

buy_building_action = lru_cache(maxsize=None)(lambda b: BuyBuilding(building=b))
buy_ship_action = lru_cache(maxsize=None)(lambda t: BuyShip(ship_type=t))


def _buy_check(s: GameState) -> None:
    own_turn(s, BUYING)
    if s.phase == "final":
        raise IllegalAction(Msg("Nothing can be bought in the final phase; you may still sell and repay loans."))


def buy(s: GameState, a: BuyBuilding) -> None:
    _buy_check(s)
    card = building_card(a.building)
    b = card.id
    p = s.players[s.current]
    owner = s.owner.get(b)
    stack = next((i for i, st in enumerate(s.proposals) if st and st[0] == b), None)
    building = CARDS[b]
    if owner is not None and owner != TOWN:
        if owner == s.current:
            raise IllegalAction(Msg(
                "The {building} belongs to you; only the town's buildings and the proposal tops can be bought.",
                building=building,
            ))
        raise IllegalAction(Msg(
            "The {building} belongs to {owner}; only the town's buildings and the proposal tops can be bought.",
            building=building, owner=s.players[owner].name,
        ))
    if owner is None and stack is None:
        if any(b in st for st in s.proposals):
            raise IllegalAction(Msg(
                "The {building} is not on top of its proposal stack; only top cards can be bought.", building=building
            ))
        raise IllegalAction(Msg("The {building} is not in play.", building=building))
    if card.price is None:
        if card.cost is None:
            raise IllegalAction(Msg("The {building} cannot be bought.", building=building))
        raise IllegalAction(Msg("The {building} cannot be bought, only built.", building=building))
    if b in s.turn_sold:
        raise IllegalAction(Msg(
            "You sold the {building} this turn; it cannot be bought back in the same turn.", building=building
        ))
    if p.francs < card.price:
        raise IllegalAction(Msg(
            "The {building} costs {price}; you have {have} (loans may not pay for it).",
            building=building, price=franc_count(card.price), have=p.francs,
        ))
    p.francs -= card.price
    if stack is not None:
        s.proposals[stack].pop(0)
    s.owner[b] = s.current
    s.events.append(Msg(
        "{player} buys the {building} for {price}.",
        player=p.name, building=building, price=franc_count(card.price, "acc")
    ))
    send_workers_home(s, b)


def send_workers_home(s: GameState, b: str) -> None:
    """A worker on a building that changes owner goes back to its player."""
    for q in s.players:
        if q.worker == b:
            q.worker = None
            s.events.append(Msg("{player}'s worker leaves the {building}.", player=q.name, building=CARDS[b]))


def buy_ship(s: GameState, a: BuyShip) -> None:
    _buy_check(s)
    kinds = content().ship_kinds
    t = a.ship_type.lower()
    if t not in kinds:
        raise IllegalAction(Msg(
            "'{typed}' is not a ship type; choose wooden, iron, steel or luxury.",
            typed=Typed(a.ship_type),
        ))
    kind = kinds[t]
    stack = s.ship_stacks[t]
    if not stack:
        raise IllegalAction(Msg("There is no {kind} on offer.", kind=SHIP_KIND[t]))
    if kind.price is None:
        raise IllegalAction(Msg("{kinds} cannot be bought, only built at a Wharf.", kinds=SHIP_KINDS[t]))
    ship = stack[-1]
    if ship in s.turn_sold:
        raise IllegalAction(Msg("You sold that ship this turn; it cannot be bought back in the same turn."))
    p = s.players[s.current]
    if p.francs < kind.price:
        raise IllegalAction(Msg(
            "{a_kind} costs {price}; you have {have}.",
            a_kind=A_SHIP_KIND[t], price=franc_count(kind.price), have=p.francs
        ))
    p.francs -= kind.price
    stack.pop()
    p.ships.append(ship)
    sc = content().ships[ship]
    s.events.append(Msg(
        "{player} buys the {kind} {ship} (value {value}) for {price}.",
        player=p.name, kind=SHIP_KIND[t], ship=Card(ship), value=sc.value, price=franc_count(kind.price, "acc"),
    ))


def turn_player(s: GameState) -> int | None:
    """The seat whose turn it is: while the interest is settled, the turn it interrupted;
    while the workers are fed, nobody's."""
    if s.phase == "interest":
        return s.interest_return
    if s.phase == "feeding":
        return None
    return s.current


def _sold(s: GameState, card: str, seat: int) -> None:
    """What a player sells may not be bought back by that player in the same turn (Polish
    rulebook l. 546-547: "you may not sell and buy"). Only the player whose turn it is can
    buy, so only that player's sales are kept, in `turn_sold`: a sale in another player's
    turn (the interest, the feeding, a waiting player's sale) bars nobody."""
    if seat == turn_player(s):
        s.turn_sold.append(card)


def seller_seat(s: GameState, seat: int | None) -> int:
    """Who sells: the player to act, or a waiting player between the moves of the player to
    act. Both rulebooks let players sell in another player's turn, "but not during the action
    the other player carries out" (Czech rulebook l. 273, Polish l. 529-531): not while a
    Construction Firm's second build or the Marketplace's look at the special buildings is
    still open."""
    if s.phase == "over":
        raise IllegalAction(Msg("The game is over."))
    if seat is None or seat == s.current:
        return s.current
    if not 0 <= seat < s.num_players:
        raise IllegalAction(Msg(
            "There is no seat {seat} at this table of {players}.", seat=seat + 1, players=s.num_players
        ))
    if s.pending is not None:
        raise IllegalAction(Msg(
            "{player} is still carrying out the action of the {building}; sell when it is done "
            "(nobody sells during another player's action).",
            player=s.players[s.current].name, building=CARDS[s.pending.building],
        ))
    return seat


def seller(s: GameState, seat: int | None = None) -> PlayerState:
    return s.players[seller_seat(s, seat)]


def sell(s: GameState, a: SellBuilding) -> None:
    seat = seller_seat(s, a.seat)
    p = s.players[seat]
    card = building_card(a.building)
    if s.owner.get(card.id) != seat:
        raise IllegalAction(Msg(
            "You do not own the {building}; you can sell only your own buildings.", building=Card(card.id)
        ))
    s.owner[card.id] = TOWN
    # keep the town's buildings in order of arrival
    del s.owner[card.id]
    s.owner[card.id] = TOWN
    p.francs += card.value // 2
    _sold(s, card.id, seat)
    s.events.append(Msg(
        "{player} sells the {building} to the town for {price}.",
        player=p.name, building=CARDS[card.id], price=franc_count(card.value // 2, "acc"),
    ))
    send_workers_home(s, card.id)


def sell_ship(s: GameState, a: SellShip) -> None:
    seat = seller_seat(s, a.seat)
    p = s.players[seat]
    ships = content().ships
    ship = a.ship if a.ship in p.ships else None
    if ship is None:
        # a ship type names the player's least valuable ship of that type
        mine = [x for x in p.ships if ships[x].type == a.ship.lower()]
        if not mine:
            raise IllegalAction(Msg("You have no ship '{typed}' to sell.", typed=Typed(a.ship)))
        ship = min(mine, key=lambda x: ships[x].value)
    sc = ships[ship]
    p.ships.remove(ship)
    s.ship_stacks[sc.type].append(ship)
    p.francs += sc.value // 2
    _sold(s, ship, seat)
    s.events.append(Msg(
        "{player} sells the {kind} {ship} to the town for {price}.",
        player=p.name, kind=SHIP_KIND[sc.type], ship=Card(ship), price=franc_count(sc.value // 2, "acc"),
    ))


def purchases(s: GameState, p: PlayerState) -> list[Action]:
    """The proposal tops and top ships the player can afford now (the town's buildings are
    looked at with the player's own, in `legal_actions`)."""
    cards = content().buildings
    out: list[Action] = []
    francs = p.francs
    sold = s.turn_sold
    for st in s.proposals:
        if st:
            price = cards[st[0]].price
            if price is not None and price <= francs and st[0] not in sold:
                out.append(buy_building_action(st[0]))
    prices = _ship_prices()
    for t, stack in s.ship_stacks.items():
        if stack and prices[t] <= francs and stack[-1] not in sold:
            out.append(buy_ship_action(t))
    return out


@lru_cache(maxsize=1)
def _ship_prices() -> dict[str, float]:
    """Purchase prices by ship type; infinite for those only built (luxury liners)."""
    return {t: float("inf") if k.price is None else k.price for t, k in content().ship_kinds.items()}
