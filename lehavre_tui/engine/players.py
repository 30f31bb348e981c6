"""How many may sit at the table, and the names seats get when none is given.

Plain values in a module of their own, so that the set-up screen can offer the seats
without loading the engine's models (engine/setup.py uses them too)."""

MAX_PLAYERS = 5
DEFAULT_NAMES = ("Anna", "Ben", "Clara", "David", "Eva")
