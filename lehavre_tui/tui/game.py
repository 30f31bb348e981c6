"""The game at this terminal, as the screens and widgets read it.

The app keeps one `Game` and hands it down to every screen it opens, and each screen to
its widgets: the table being played (a local `Session` or a hosted table), the reader's
glyphs, the commands typed so far, whether a bot is thinking. Screens and widgets only
read it; what they want done they say with a message (messages.py), which the app handles.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..places import autosave_path
from .glyphs import Glyphs
from .seat_names import bot_label

if TYPE_CHECKING:
    from ..table import Table
    from .hosted import Visit

# The smallest terminal the game is drawn in: the default window of many terminals. Below
# it every screen says so (TooSmall) instead of drawing a clipped table.
MIN_WIDTH = 80
MIN_HEIGHT = 24

Records = tuple[int | None, list[tuple[str, int]]]  # a solo game's rank, and the best scores


def save_dir() -> Path:
    """Saves made with ctrl+s go next to the autosave, in the user's data directory."""
    return autosave_path().parent


@dataclass(eq=False)
class Game:
    """What is on the table at this terminal (set by the app, read by screens and widgets)."""

    glyphs: Glyphs
    table: Table | None = None  # None: no game yet (the set-up screen, the host's lobby)
    visit: Visit | None = None  # a seat at a hosted table: the connection, the lobby
    history: list[str] = field(default_factory=list)  # commands typed, for up/down in the bar
    bot_busy: bool = False  # a bot move is being chosen (in a thread) or is due
    bots_paused: bool = False  # F6: the bots wait (to watch a bots' game at one's own pace)
    hint_busy: bool = False  # the search bot is thinking about a hint
    keyboard: int | None = None  # the seat of the person last at the keyboard
    solo: Records | None = None  # the solo records of the game that ended here
    solo_table: Table | None = None  # ... and that game's table

    def seat_label(self, seat: int) -> str:
        """'Ben' for a person, 'Ben (heuristic bot)' for a bot."""
        s = self.table
        if s is None:
            return ""
        name = s.state.players[seat].name
        kind = s.seats[seat] if seat < len(s.seats) else "human"
        return bot_label(name, kind)

    def humans(self) -> int:
        s = self.table
        return 0 if s is None else sum(1 for k in s.seats if k == "human")

    def solo_records(self) -> Records:
        """For the scoring screen of a solo game: this game's rank (when it ended here) and
        the best scores of its variant."""
        s = self.table
        assert s is not None
        if self.solo is not None and self.solo_table is s:
            return self.solo
        from ..records import best_scores

        return None, best_scores(s.state.variant)
