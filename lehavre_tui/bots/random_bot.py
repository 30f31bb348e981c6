"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from ..engine.actions import Action
from ..engine.rules import legal_actions
from ..engine.state import GameState


class RandomBot:
    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        actions = legal_actions(state)
        if not actions:
            raise ValueError("No legal action: the game is over.")
        return self.rng.choice(actions)
