"""Hints: the search bot's suggestion for the player to act, with a short reason."""

from __future__ import annotations

from ..engine.actions import (
    Action,
    Build,
    BuyBuilding,
    BuyShip,
    EndTurn,
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
from ..engine.goods import Good, parse_good
from ..engine.message import Arg, Card, Count, GoodName, Goods, Listing, Msg, MsgN
from ..engine.round_end import food_due
from ..engine.rules import apply
from ..engine.state import OFFER_GOOD, OFFER_SPACES, GameState
from ..engine.words import SHIP_KIND, franc_count, offer_goods
from .search import PRIOR_MARGIN, Analysis, SearchBot

BUY_SHIP: dict[str, Msg] = {
    "wooden": Msg("Buy a wooden ship"),
    "iron": Msg("Buy an iron ship"),
    "steel": Msg("Buy a steel ship"),
    "luxury": Msg("Buy a luxury liner"),
}


def _thing(word: str) -> Arg:
    """A building's, ship's, ship kind's or offer space's name for a word of a move."""
    if word in content().buildings or word in content().ships:
        return Card(word)
    if word in SHIP_KIND:
        return SHIP_KIND[word]
    if word in OFFER_GOOD:
        return GoodName(OFFER_GOOD[word])
    return word


def _named_goods(goods: dict[str, int]) -> Arg:
    """Goods as a move names them ({"smoked_fish": 2}), as words: "2 smoked fish"."""
    try:
        return Goods(tuple((parse_good(k), n) for k, n in goods.items()), 0, "acc")
    except KeyError:
        return " ".join(f"{k}={n}" for k, n in goods.items())


def describe(state: GameState, action: Action) -> Msg:
    """The action in a player's words."""
    if isinstance(action, Supply):
        return Msg("Move your ship to the next supply chit")
    if isinstance(action, TakeOffer):
        n = state.offers[OFFER_SPACES.index(action.space)]
        return Msg("Take the {goods}", goods=offer_goods(action.space, n, "acc"))
    if isinstance(action, Enter):
        building = _thing(action.building)
        if action.targets:
            # translators: "the Joinery": one of the things a move names
            things = Listing(tuple(Msg("the {thing}", thing=_thing(t)) for t in action.targets))
            return Msg("Enter the {building} for {things}", building=building, things=things)
        if action.goods:
            return Msg("Enter the {building} for {goods}", building=building, goods=_named_goods(action.goods))
        if action.amount is not None:
            return Msg("Enter the {building} ({n}x)", building=building, n=action.amount)
        return Msg("Enter the {building}", building=building)
    if isinstance(action, Build):
        return Msg("Build the {building}", building=_thing(action.target))
    if isinstance(action, BuyBuilding):
        return Msg("Buy the {building}", building=_thing(action.building))
    if isinstance(action, BuyShip):
        return BUY_SHIP.get(action.ship_type) or Msg("Buy a ship ({typed})", typed=action.ship_type)
    if isinstance(action, SellBuilding):
        return Msg("Sell the {building}", building=_thing(action.building))
    if isinstance(action, SellShip):
        ship = content().ships.get(action.ship)
        if ship is None:
            return Msg("Sell the ship {typed}", typed=action.ship)
        return Msg("Sell the {kind} {ship}", kind=SHIP_KIND[ship.type], ship=Card(ship.id))
    if isinstance(action, RepayLoan):
        return Msg("Repay a loan")
    if isinstance(action, Feed):
        return Msg("Feed your workers with francs") if action.payment else Msg("Feed your workers")
    if isinstance(action, Reorder):
        if action.swap:
            return Msg("Swap the top two special buildings")
        return Msg("Leave the special buildings as they are")
    if isinstance(action, PayInterest):
        return Msg("Pay the interest (a loan covers what your francs do not)")
    assert isinstance(action, EndTurn), action
    return Msg("End your turn")


def effect(state: GameState, action: Action) -> Msg | None:
    """What the move brings the player, in a few words: 'you get 5 fish, which covers
    the 4 food due this round'. None for moves that would show hidden cards (the supply)
    or change nothing the player holds."""
    if isinstance(action, (Supply, EndTurn)):
        return None
    seat = state.current
    before = state.players[seat]
    after_state = apply(state, action)
    after = after_state.players[seat]
    got = {Good(i): n - m for i, (n, m) in enumerate(zip(after.goods, before.goods, strict=True)) if n > m}
    gave = {Good(i): m - n for i, (n, m) in enumerate(zip(after.goods, before.goods, strict=True)) if m > n}
    francs = after.francs - before.francs
    gains: list[Arg] = []
    cards = content().buildings
    new = [b for b in after_state.buildings_of(seat) if b not in state.buildings_of(seat)]
    gains += [Msg("the {building} (value {value})", building=Card(b), value=cards[b].value) for b in new]
    ships = content().ships
    gains += [
        Msg("the {kind} {ship}", kind=SHIP_KIND[ships[x].type], ship=Card(x))
        for x in after.ships
        if x not in before.ships
    ]
    gains += [Goods.one(g, n, "acc") for g, n in got.items()]
    if francs > 0:
        gains.append(franc_count(francs, "acc"))
    paid: list[Arg] = [Goods.one(g, n, "acc") for g, n in gave.items()]
    if francs < 0:
        paid.append(franc_count(-francs, "acc"))
    text: Msg | None = None
    if gains and paid:
        text = Msg("you get {gains} for {paid}", gains=Listing(tuple(gains)), paid=Listing(tuple(paid)))
    elif gains:
        text = Msg("you get {gains}", gains=Listing(tuple(gains)))
    elif paid:
        text = Msg("you pay {paid}", paid=Listing(tuple(paid)))
    if after.loans < before.loans:
        text = Msg("{effect}; a loan is paid back", effect=text) if text else Msg("a loan is paid back")
    if text is not None and state.phase == "turn" and after_state.phase == "turn" and after_state.round == state.round:
        due = food_due(state, seat)
        has_before = before.food_goods() + before.francs
        has_after = after.food_goods() + after.francs
        if has_before < due <= has_after:
            text = Msg("{effect}, which covers the {food} due this round", effect=text, food=Count(due, "food"))
    return text


def _why(an: Analysis, state: GameState) -> Msg:
    """Why it is the best move, as a player would say it."""
    if an.options == 1:
        return Msg("it is the only move.")
    if not an.playouts:
        return MsgN(
            "of the {n} move possible, it looks best at first sight.",
            "of the {n} moves possible, it looks best at first sight.",
            "n", n=an.options,
        )
    searched = [c for c in an.candidates if c.playouts]
    margin = f"{PRIOR_MARGIN:.0f}"
    if len(searched) < 2:
        return MsgN(
            "the other {n} move looks at least {margin} wealth worse.",
            "the other {n} moves look at least {margin} wealth worse.",
            "n", n=an.options - 1, margin=margin,
        )
    lead = searched[0].mean - searched[1].mean
    other = describe(state, searched[1].action)
    games = MsgN(
        "{n} quick trial game to the end of the round", "{n} quick trial games to the end of the round",
        "n", n=an.playouts,
    )
    if lead < 0.5:
        return Msg(
            "a close call: in {games} it did about as well as the next best move ({other}).", games=games, other=other
        )
    return Msg(
        "in {games} it left you about {lead} wealth better off than the next best move ({other}).",
        games=games, lead=f"{lead:.0f}", other=other,
    )


def hint(state: GameState, budget: float = 1.0) -> tuple[Action, Msg]:
    """The suggested action for the player to act and a one-line reason: what the move
    brings, and why it beats the others."""
    bot = SearchBot(seed=state.round * 100 + state.turn, time_budget=budget)
    an = bot.analyse(state, force=True)
    what = describe(state, an.best)
    gain = effect(state, an.best)
    why = _why(an, state)
    if gain is not None:
        # translators: a hint: the move, what it brings, why it is best
        return an.best, Msg("{move}: {gain}; {why}", move=what, gain=gain, why=why)
    return an.best, Msg("{move}: {why}", move=what, why=why)
