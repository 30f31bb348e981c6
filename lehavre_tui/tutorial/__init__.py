"""The tutorial: the rulebook's worked first round, played at the real table step by step.

`lesson` holds the data (the set-up and, per move, the rulebook player's move with what to do
and what it did); `session` checks each move the learner makes against it.
"""

from __future__ import annotations

from .lesson import INTRO, SETUP, STEPS, Step
from .session import TutorialSession, same_move

__all__ = ["INTRO", "SETUP", "STEPS", "Step", "TutorialSession", "same_move"]
