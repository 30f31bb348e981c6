"""Bots to play against: random, heuristic (one step) and search (Monte Carlo)."""

from __future__ import annotations

from .base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot
from .view import determinise

__all__ = ["Bot", "HeuristicBot", "RandomBot", "SearchBot", "determinise"]
