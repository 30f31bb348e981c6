"""A game that follows the lesson: each move must be the rulebook's move of that step.

`TutorialSession` is a `Session` in which every seat is played by the one learner (no
handoff between people) and nothing is autosaved (the player's own game stays as it was).
A move is checked by what it does, not by its wording: `take wood`, `t wood` and
`take  WOOD` are the same engine action, and `feed fish=2` does what `feed` proposes.
Anything else is refused with the step's sentence, and the state stays as it was.
The step is the number of moves played, so undo takes the lesson back with the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..commands import CommandError, HelpRequested, parse
from ..engine.actions import Action
from ..engine.errors import IllegalAction
from ..engine.message import Msg
from ..engine.rules import apply
from ..engine.state import GameState
from ..session import Session
from ..text import _
from .lesson import SETUP, STEPS, Step


def same_move(state: GameState, a: Action, b: Action) -> bool:
    """Whether two moves do the same here: equal actions, or the same state after either
    (a payment named where the game would choose the same one)."""
    if a == b:
        return True
    try:
        after_a = apply(state, a)
        after_b = apply(state, b)
    except IllegalAction:
        return False
    return after_a.model_dump(exclude={"events"}) == after_b.model_dump(exclude={"events"})


def in_this_lesson(refusal: Msg | str, step: Step) -> Msg:
    """A refusal of the rules or of the command language, and what the lesson asks instead."""
    # translators: {refusal} is why the move cannot be made; {step} what the lesson asks for now
    return Msg("{refusal} In this lesson: {step}", refusal=refusal, step=Msg(step.do))


@dataclass
class TutorialSession(Session):
    hotseat: ClassVar[bool] = False  # one learner plays every seat
    tutorial: ClassVar[bool] = True

    @classmethod
    def start(cls) -> TutorialSession:
        """The lesson's table, at its first step."""
        s = cls.new(SETUP)  # no autosave: the lesson never replaces the saved game
        assert isinstance(s, TutorialSession)
        return s

    # --- where the lesson stands ------------------------------------------------------------
    @property
    def number(self) -> int:
        """The step to play now, from 1; len(STEPS) + 1 once the lesson is done."""
        return len(self.actions) + 1

    @property
    def step(self) -> Step | None:
        """The step to play now; None when the lesson is done."""
        return STEPS[len(self.actions)] if len(self.actions) < len(STEPS) else None

    @property
    def last(self) -> Step | None:
        """The step just played; None before the first move."""
        return STEPS[len(self.actions) - 1] if 0 < len(self.actions) <= len(STEPS) else None

    @property
    def finished(self) -> bool:
        return len(self.actions) >= len(STEPS)

    def expects(self, action: Action) -> bool:
        step = self.step
        if step is None:
            return True  # the lesson is over: the game plays on freely
        return any(same_move(self.state, action, want) for want in (step.action, *step.also))

    # --- playing ----------------------------------------------------------------------------
    def act(self, action: Action) -> list[str]:
        step = self.step
        if step is not None and not self.expects(action):
            try:
                apply(self.state, action)
            except IllegalAction as exc:
                raise IllegalAction(in_this_lesson(exc.msg, step)) from None
            raise IllegalAction(Msg("Not the rulebook's move here. {step}", step=Msg(step.do)))
        return super().act(action)

    def command(self, text: str) -> list[str]:
        try:
            action = parse(text, self.state)
        except HelpRequested:
            raise
        except CommandError as exc:
            step = self.step
            if step is None:
                raise
            raise CommandError(in_this_lesson(exc.msg, step)) from None
        return self.act(action)

    def hint(self, budget: float = 1.0) -> tuple[str, str]:
        """The lesson's move; after the lesson, the search bot's suggestion."""
        step = self.step
        if step is None:
            return super().hint(budget)
        return step.command, _(step.do)
