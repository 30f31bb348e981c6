"""A table: what a front end plays at. The table in the terminal is written once for both kinds.

- the local table is a `Session` (session.py): one keyboard passed round (hotseat), the
  bots played at the table itself, undo and saving;
- a hosted table (net/client.py: `HostedTable`) is a client of `lehavre host`: one seat at
  this keyboard, the host applies every move through its own session and plays the bots;
  the state and the log arrive after every move, wherever it was made.

The front end reads `state` and `log`, sends command text with `command`, and asks the
table what it cannot do (`NotAtThisTable`, with a sentence saying why).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Protocol

from .engine.message import Msg
from .text import render

if TYPE_CHECKING:
    from .engine.actions import Action
    from .engine.scoring import Score
    from .engine.state import GameState


@dataclass(frozen=True)
class LogLine:
    """A line of the table's log: an event of a move, told in the reader's language."""

    event: Msg | str  # what happened, as the engine says it (a str: words of the session's own)
    move: int  # index of the move that produced it (0: the set-up)
    seat: int  # who was acting

    @property
    def text(self) -> str:
        """The line in the reader's language."""
        return render(self.event)


class NotAtThisTable(Exception):
    """Something this kind of table does not do (undo at a hosted table, words for the table
    at one keyboard); the message says why, in a sentence for the player (`msg`, read in the
    reader's language by `lehavre_tui.text.render`)."""

    def __init__(self, msg: Msg | str) -> None:
        self.msg: Msg | str = msg
        super().__init__(str(msg))


class Table(Protocol):
    hotseat: ClassVar[bool]  # the keyboard passes between people (a window says whose turn)
    hosted: ClassVar[bool]  # the host keeps the game and plays the bots; this keyboard has one seat
    tutorial: ClassVar[bool]  # the tutorial's lesson (its table has the lesson's panel)
    state: GameState
    log: list[LogLine]
    bot_budget: float

    @property
    def seats(self) -> list[str]:
        """ "human" or a bot kind, per seat."""
        ...

    @property
    def over(self) -> bool: ...

    @property
    def moves(self) -> int: ...

    def legal(self) -> list[Action]: ...

    def command(self, text: str) -> list[str]:
        """Play a command line (a hosted table sends it: the answer comes later)."""
        ...

    def plays_now(self) -> bool:
        """The player to act plays at this keyboard (not a bot, not a player elsewhere)."""
        ...

    def is_bot_turn(self) -> bool:
        """A bot is to move, and this table lets it (a hosted table's bots are the host's)."""
        ...

    def away(self, seat: int) -> bool:
        """The player of `seat` has left the table for now (the seat waits)."""
        ...

    def say(self, text: str) -> None: ...

    def bot_move(self) -> list[str]: ...

    def hint(self, budget: float = 1.0) -> tuple[str, str]: ...

    def can_undo(self) -> bool: ...

    def undo(self) -> bool: ...

    def undo_lost_by_loading(self) -> bool: ...

    def save(self, path: Path) -> None: ...

    def since_last_turn(self, seat: int) -> list[str]: ...

    def record_solo(self) -> tuple[int | None, list[tuple[str, int]]] | None: ...

    def scores(self) -> list[Score]: ...

    def winners(self) -> list[int]: ...
