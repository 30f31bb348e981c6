"""The prompt: who acts, and what comes next ("Anna, round 3, turn 2 of 7, main action> ")."""

from __future__ import annotations

from ..engine.message import Msg
from ..engine.state import GameState
from ..text import render

TURNS = 7  # turns in a round: one a supply chit


def phase_words(s: GameState) -> Msg:
    """What the player to act does next, in a few words ('main action')."""
    if s.phase == "feeding":
        return Msg("feeding")
    if s.phase == "interest":
        return Msg("interest: pay or sell")
    if s.phase == "final":
        return Msg("buy, sell or end the turn") if s.main_done else Msg("final action")
    if s.phase == "over":
        return Msg("the game is over")
    if not s.supplied:
        return Msg("supply")
    if s.pending is not None:
        return Msg("choose what to build")
    if not s.main_done:
        return Msg("main action")
    return Msg("buy, sell or end the turn")


def prompt_msg(s: GameState, name: str) -> Msg:
    """The prompt as a message; `name` is whose keyboard it is."""
    if s.phase == "over":
        return Msg("game over")
    if s.phase == "turn":
        return Msg("{player}, round {round}, turn {turn} of {turns}, {next}", player=name, round=s.round,
                   turn=s.turn + 1, turns=TURNS, next=phase_words(s))  # fmt: skip
    return Msg("{player}, round {round}, {next}", player=name, round=s.round, next=phase_words(s))


def prompt(s: GameState, name: str) -> str:
    """The prompt in the reader's language, ready to print: 'Anna, round 3, turn 2 of 7, main action> '."""
    return render(prompt_msg(s, name)) + "> "
