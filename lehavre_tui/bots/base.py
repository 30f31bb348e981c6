"""The bot interface."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..engine.actions import Action
from ..engine.state import GameState


@runtime_checkable
class Bot(Protocol):
    """A player that picks one of `legal_actions(state)` for the seat to act."""

    name: str

    def choose(self, state: GameState) -> Action: ...
