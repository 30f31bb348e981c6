"""The bots' turns and the hints at the table, part of the app (app.py builds on it).

A bot moves after a pause (`bot_pace`) so that people can follow, one move at a time, its
choice made in a thread; F6 or 'pause' holds the bots after the move they are making. F4 or
'hint' asks the search bot for a move, put into the command bar, not played. The table is
told what happens through its screen (`refuse`, `_note`), never changed here.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from textual import work
from textual.app import App

from ..engine.message import Msg
from ..table import Table
from ..text import _, render
from .game import Game

if TYPE_CHECKING:
    from .screens.table import TableScreen


class BotTurns(App[None]):
    """The app's bots and hints: what they need is the game, its pace and the table's screen."""

    game: Game
    bot_pace: float  # seconds between two bot moves, so people can follow them
    hint_budget: float  # seconds the search bot thinks about a hint

    @property
    def table(self) -> TableScreen | None:
        """The table's screen in view (under any windows), if any."""
        from .screens.table import TableScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def follow_game(self, seat: int | None, phase: str | None, greet: bool = False) -> None:
        """After a move: redraw and open what the game needs now (windows.py)."""
        raise NotImplementedError

    def refuse(self, text: str) -> str:
        """Say at the table why something was refused (the log, under the bar); returns `text`."""
        table = self.table
        if table is not None:
            table.refusal(text)
        return text

    def _note(self, text: str) -> None:
        """A line of the table's own in the log (not part of the game)."""
        table = self.table
        if table is not None:
            table.note(text)

    def schedule_bot(self) -> None:
        """The next bot move, after a pause so people can follow (never two at once)."""
        if self.game.bot_busy:
            return
        self.game.bot_busy = True
        session = self.game.table
        if self.bot_pace > 0:
            self.set_timer(self.bot_pace, lambda: self._bot_step(session))
        else:
            self.call_later(self._bot_step, session)

    def _bot_step(self, session: Table | None) -> None:
        s = self.game.table
        if s is None or s is not session or not s.is_bot_turn() or self.table is None:
            self.game.bot_busy = False
            return
        if self.game.bots_paused:
            self.game.bot_busy = False
            self.table.sync()  # the bar says that the bots wait
            return
        self._bot_move(s, (s.state.current, s.state.phase))

    @work(thread=True, group="bots")
    def _bot_move(self, s: Table, before: tuple[int, str]) -> None:
        """The bot thinks in a thread (a search bot takes up to its budget); the table is
        redrawn on the main thread."""
        error: str | None = None
        try:
            s.bot_move()
        except Exception as exc:  # noqa: BLE001 - shown at the table instead of crashing it
            error = str(exc) or type(exc).__name__
        with contextlib.suppress(RuntimeError):  # the app may have closed meanwhile
            self.call_from_thread(self._bot_moved, s, before, error)

    def _bot_moved(self, s: Table, before: tuple[int, str], error: str | None) -> None:
        self.game.bot_busy = False
        if s is not self.game.table:
            return
        if error is not None:
            who = self.game.seat_label(before[0])
            self.refuse(_("{player} could not move: {error}").format(player=who, error=error))
            return
        self.follow_game(*before)

    def action_pause(self) -> None:
        """F6: the bots stop after the move they are making; again, they play on."""
        self._pause()

    def _pause(self) -> str:
        s = self.game.table
        if s is None or self.table is None:
            return ""
        if s.hosted:
            return self.refuse(_("The host plays the bots at this table; they cannot be paused from a seat."))
        if all(kind == "human" for kind in s.seats):
            return self.refuse(_("No bots at this table: there is nothing to pause."))
        self.game.bots_paused = not self.game.bots_paused
        self.table.sync()
        if self.game.bots_paused:
            self._note(_("Bots paused: they wait after the move they are making. F6 or 'pause' lets them play on."))
            return ""
        self._note(_("The bots play on."))
        if s.is_bot_turn():
            self.schedule_bot()
        return ""

    def action_hint(self) -> None:
        """F4 or 'hint': the search bot's suggestion goes into the command bar (not played)."""
        s = self.game.table
        if s is None or self.table is None:
            return
        if s.over:
            self.refuse(_("The game is over: there is nothing left to suggest."))
            return
        if not s.plays_now() or self.game.bot_busy:
            who = self.game.seat_label(s.state.current)
            self.refuse(_("{player} is playing; ask for a hint on your turn.").format(player=who))
            return
        if self.game.hint_busy:
            return
        self.game.hint_busy = True
        self._show_hint_line(_("Thinking…"))
        self._hint(s, s.moves)

    @work(thread=True, group="hints")
    def _hint(self, s: Table, moves: int) -> None:
        try:
            command, reason = s.hint(self.hint_budget)
            result: tuple[str, Msg | str] | str = (command, reason)
        except Exception as exc:  # noqa: BLE001
            result = str(exc) or type(exc).__name__
        with contextlib.suppress(RuntimeError):
            self.call_from_thread(self._hinted, s, moves, result)

    def _hinted(self, s: Table, moves: int, result: tuple[str, Msg | str] | str) -> None:
        from .screens.feeding import FeedingScreen

        self.game.hint_busy = False
        if s is not self.game.table or s.moves != moves:
            return  # the game moved on meanwhile
        if isinstance(result, str):
            self.refuse(_("No hint this time: {reason}").format(reason=result))
            return
        command, reason = result
        line = _("Hint: {move} — {reason}").format(move=command, reason=render(reason))
        top = self.screen
        if isinstance(top, FeedingScreen):
            top.suggest(command, line)
        table = self.table
        if table is not None:
            table.suggest(command, line)

    def _show_hint_line(self, text: str) -> None:
        from .screens.feeding import FeedingScreen

        top = self.screen
        if isinstance(top, FeedingScreen):
            top.say(text)
        table = self.table
        if table is not None:
            table.say(text)
