"""What screens, widgets and a visit to a host tell the app: messages up (Textual's guide,
"Widgets → Data flow").

A screen posts one of these to itself; it bubbles up to the app, which does what it asks
(plays the command, opens the card, starts the game). No screen or widget knows the app.
A visit (hosted.py) posts its own to the app: what the host said.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from ..net.client import HostedTable
    from ..table import Table


@dataclass
class CommandEntered(Message):
    """A command to play (from the feeding window or the command palette); a refusal is said
    at the table and, in the feeding window, under its payment."""

    text: str
    back: str = ""  # refused: the line put back where it was typed, to be corrected


@dataclass
class CommandFilled(Message):
    """A command put into the table's command bar, not played (a move on a card)."""

    text: str


@dataclass
class CardRequested(Message):
    """Show this building card in full."""

    card_id: str


@dataclass
class CardsRequested(Message):
    """Show the list of the cards on the table."""


@dataclass
class TypingPassed(Message):
    """Keys typed in a window to read: the windows to read close, and the text goes on
    where typing is taken (the command bar, or the feeding window's payment)."""

    text: str


@dataclass
class LanguageChosen(Message):
    """The reader chose a language on the set-up screen."""

    language: str


@dataclass
class GameChosen(Message):
    """Sit down at this table (a new game, a loaded one, the tutorial)."""

    table: Table
    greet: bool = False  # a loaded game: the player to move is greeted


@dataclass
class SetupRequested(Message):
    """Back to the set-up screen for a new game (at a hosted table: back to the lobby)."""


# --- from a visit to a host (hosted.py) ------------------------------------------------------


@dataclass
class VisitSeated(Message):
    """The host seated this visit at `table`: the table is drawn."""

    table: HostedTable
    note: str | None = None  # said in the table's log once it is drawn (a new seat code)


@dataclass
class VisitMoved(Message):
    """A new state of `table` arrived; `before` is whose turn and which phase it was."""

    table: HostedTable
    before: tuple[int, str]


@dataclass
class VisitSays(Message):
    """Words for the table's log: a refusal or trouble (`warn`), else a note of the host."""

    text: str
    warn: bool = True


@dataclass
class VisitRefused(Message):
    """The host refused `command`, sent earlier: it comes back to be corrected."""

    command: str
    reason: str


@dataclass
class VisitLeft(Message):
    """The visit is back in the lobby (the seat waits at the table)."""


@dataclass
class LobbyChanged(Message):
    """What the lobby shows of the visit changed: the status, the tables, what this login may do."""
