"""The Textual front end: a hotseat game of Le Havre in the terminal."""

from .app import LeHavreApp, run

__all__ = ["LeHavreApp", "run"]
