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
from ..engine.state import OFFER_SPACES, GameState
from ..engine.words import a_or_an
from .search import SearchBot


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


def hint(state: GameState, budget: float = 1.0) -> tuple[Action, str]:
    """The suggested action for the player to act and a one-line reason."""
    bot = SearchBot(seed=state.round * 100 + state.turn, time_budget=budget)
    an = bot.analyse(state, force=True)
    what = describe(state, an.best)
    if an.options == 1:
        return an.best, f"{what}: it is the only move."
    if not an.playouts:
        return an.best, f"{what}: best of {an.options} options at first sight."
    searched = [c for c in an.candidates if c.playouts]
    if len(searched) < 2:
        return an.best, f"{what}: clearly best of {an.options} options."
    lead = searched[0].mean - searched[1].mean
    return an.best, (
        f"{what}: best of {an.options} options by {an.playouts} playouts, "
        f"about {lead:+.1f} wealth against the next best ({describe(state, searched[1].action).lower()})."
    )
