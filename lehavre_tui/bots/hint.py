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
from ..engine.goods import Good
from ..engine.round_end import food_due
from ..engine.rules import apply
from ..engine.state import OFFER_SPACES, GameState
from ..engine.words import a_or_an, francs_text
from .search import PRIOR_MARGIN, Analysis, SearchBot


def _building(b: str) -> str:
    cards = content().buildings
    return cards[b].name if b in cards else b


def describe(state: GameState, action: Action) -> str:
    """The action in a player's words."""
    if isinstance(action, Supply):
        return "Move your ship to the next supply chit"
    if isinstance(action, TakeOffer):
        n = state.offers[OFFER_SPACES.index(action.space)]
        return f"Take the {n} {'francs' if action.space == 'francs' else action.space}"
    if isinstance(action, Enter):
        text = f"Enter the {_building(action.building)}"
        if action.targets:
            text += " for the " + " and the ".join(_building(t) for t in action.targets)
        elif action.goods:
            text += " for " + ", ".join(f"{n} {g.replace('_', ' ')}" for g, n in action.goods.items())
        elif action.amount is not None:
            text += f" ({action.amount}x)"
        return text
    if isinstance(action, Build):
        return f"Build the {_building(action.target)}"
    if isinstance(action, BuyBuilding):
        return f"Buy the {_building(action.building)}"
    if isinstance(action, BuyShip):
        return f"Buy {a_or_an(action.ship_type)} ship"
    if isinstance(action, SellBuilding):
        return f"Sell the {_building(action.building)}"
    if isinstance(action, SellShip):
        ship = content().ships.get(action.ship)
        return f"Sell the {ship.type if ship else ''} ship {ship.name if ship else action.ship}".replace("  ", " ")
    if isinstance(action, RepayLoan):
        return "Repay a loan"
    if isinstance(action, Feed):
        return "Feed your workers" + (" with francs" if action.payment else "")
    if isinstance(action, Reorder):
        return "Swap the top two special buildings" if action.swap else "Leave the special buildings as they are"
    if isinstance(action, PayInterest):
        return "Pay the interest (a loan covers what your francs do not)"
    if isinstance(action, EndTurn):
        return "End your turn"
    return str(action)


def _goods_words(goods: dict[Good, int]) -> str:
    parts = [f"{n} {g.label}" for g, n in goods.items() if n]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def effect(state: GameState, action: Action) -> str:
    """What the move brings the player, in a few words: 'you get 5 fish, which covers
    the 4 food due this round'. Empty for moves that would show hidden cards (the supply)
    or change nothing the player holds."""
    if isinstance(action, (Supply, EndTurn)):
        return ""
    seat = state.current
    before = state.players[seat]
    after_state = apply(state, action)
    after = after_state.players[seat]
    got = {Good(i): n - m for i, (n, m) in enumerate(zip(after.goods, before.goods, strict=True)) if n > m}
    gave = {Good(i): m - n for i, (n, m) in enumerate(zip(after.goods, before.goods, strict=True)) if m > n}
    francs = after.francs - before.francs
    parts: list[str] = []
    cards = content().buildings
    new = [b for b in after_state.buildings_of(seat) if b not in state.buildings_of(seat)]
    parts += [f"the {cards[b].name} (value {cards[b].value})" for b in new]
    ships = content().ships
    parts += [f"the {ships[x].type} ship {ships[x].name}" for x in after.ships if x not in before.ships]
    if got:
        parts.append(_goods_words(got))
    if francs > 0:
        parts.append(francs_text(francs))
    text = ""
    if parts:
        text = "you get " + (parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1])
    paid = [_goods_words(gave)] if gave else []
    if francs < 0:
        paid.append(francs_text(-francs))
    if paid:
        text += (" for " if text else "you pay ") + " and ".join(paid)
    if after.loans < before.loans:
        text += ("; " if text else "") + "a loan is paid back"
    if state.phase == "turn" and after_state.phase == "turn" and after_state.round == state.round:
        due = food_due(state, seat)
        has_before = before.food_goods() + before.francs
        has_after = after.food_goods() + after.francs
        if has_before < due <= has_after:
            text += f", which covers the {due} food due this round"
    return text


def _why(an: Analysis, state: GameState) -> str:
    """Why it is the best move, as a player would say it."""
    if an.options == 1:
        return "it is the only move."
    if not an.playouts:
        return f"of the {an.options} moves possible, it looks best at first sight."
    searched = [c for c in an.candidates if c.playouts]
    if len(searched) < 2:
        others = an.options - 1
        return f"the other {others} move{'s' if others > 1 else ''} look at least {PRIOR_MARGIN:.0f} wealth worse."
    lead = searched[0].mean - searched[1].mean
    other = describe(state, searched[1].action).lower()
    games = f"{an.playouts} quick trial games to the end of the round"
    if lead < 0.5:
        return f"a close call: in {games} it did about as well as the next best move ({other})."
    return f"in {games} it left you about {lead:.0f} wealth better off than the next best move ({other})."


def hint(state: GameState, budget: float = 1.0) -> tuple[Action, str]:
    """The suggested action for the player to act and a one-line reason: what the move
    brings, and why it beats the others."""
    bot = SearchBot(seed=state.round * 100 + state.turn, time_budget=budget)
    an = bot.analyse(state, force=True)
    what = describe(state, an.best)
    gain = effect(state, an.best)
    why = _why(an, state)
    if gain:
        return an.best, f"{what}: {gain}; {why}"
    return an.best, f"{what}: {why}"
