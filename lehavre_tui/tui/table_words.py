"""What is typed or pressed at the table, part of the app (app.py builds on it): a move is
played through the table (`Table.command`), and the table answers its own words and keys
itself: undo, save, hint, pause, cards, show, say, scores, lobby and quit.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from pathlib import Path
from typing import cast

from textual.app import App, SystemCommand
from textual.command import CommandPalette
from textual.screen import Screen

from ..engine.errors import IllegalAction
from ..table import NotAtThisTable
from ..text import _, render
from .bot_turns import BotTurns
from .game import save_dir
from .palette import palette_placeholder, system_commands


class TableWords(BotTurns):
    """Commands typed at the table: the moves of the game, and the table's own words and keys."""

    saves: Path | None  # where ctrl+s saves (None: the data directory)

    def play(self, text: str) -> str | None:
        """Play a typed command. Returns the refusal sentence, or None when it was played."""
        from ..commands import CommandError, HelpRequested  # with the game: the set-up opens without them

        text = text.strip()
        s = self.game.table
        if s is None:
            return _("There is no game on the table.")
        local = self._local(text)
        if local is not None:
            return local or None
        if s.is_bot_turn() or self.game.bot_busy:
            who = self.game.seat_label(s.state.current)
            if self.game.bots_paused and not self.game.bot_busy:
                return self.refuse(
                    _("{player} is to play, but the bots are paused; F6 or 'pause' lets them play on.").format(
                        player=who
                    )
                )
            return self.refuse(_("{player} is playing; wait for your turn.").format(player=who))
        before = (s.state.current, s.state.phase)
        self.game.keyboard = s.state.current
        try:
            s.command(text)
        except HelpRequested as exc:  # read in the help window, where it stays in view
            self.action_help(exc.topic, exc.text)
            return None
        except (IllegalAction, CommandError) as exc:
            return self.refuse(render(exc.msg))
        self.follow_game(*before)
        return None

    def _local(self, text: str) -> str | None:
        """Words the table understands itself; '' when handled, None when not one of them."""
        from ..commands import table_word_of

        words = text.split(maxsplit=1)
        if not words:
            return None
        verb = table_word_of(words[0]) or words[0].lower()  # 'cofnij', 'zpět': undo
        rest = words[1].strip() if len(words) > 1 else ""
        if verb == "undo" and not rest:
            return self._undo()
        if verb == "hint" and not rest:
            self.action_hint()
            return ""
        if verb == "save":
            self.action_save(rest or None)
            return ""
        if verb == "quit" and not rest:
            self.exit()
            return ""
        if verb == "cards" and not rest:
            self.action_cards()
            return ""
        if verb == "pause" and not rest:
            return self._pause()
        if verb == "say":
            return self._say(rest)
        if verb == "lobby" and not rest and self.game.visit is not None:
            self.game.visit.leave_table()
            return ""
        if verb == "log" and not rest and self.game.visit is not None:
            self.game.visit.read_log()
            return ""
        if verb == "scores" and not rest:
            return self._scores()
        if verb == "show":
            from ..commands import CommandError, building_id

            try:
                self.action_show_card(building_id(rest))
            except CommandError as exc:
                return self.refuse(render(exc.msg) if rest else _("Say which card to show, e.g. 'show joinery'."))
            return ""
        return None

    def _say(self, text: str) -> str:
        s = self.game.table
        if s is None:
            return ""
        if not text:
            return self.refuse(_("Say something after 'say', e.g. 'say good luck'."))
        try:
            s.say(text)
        except NotAtThisTable as exc:
            return self.refuse(render(exc.msg))
        return ""

    def _scores(self) -> str:
        """The final scores again, after looking at the table."""
        from .screens.scoring import ScoringScreen

        s = self.game.table
        if s is None or not s.over:
            return self.refuse(
                _("The final scores are shown when the game is over; the wealth so far is on each player's board.")
            )
        if not isinstance(self.screen, ScoringScreen):
            self.push_screen(ScoringScreen(self.game))
        return ""

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Textual's own palette entries (theme, quit, keys, screenshot) in the reader's words."""
        return system_commands(super().get_system_commands(screen))

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(cast("App[object]", self)):
            self.push_screen(CommandPalette(id="--command-palette", placeholder=palette_placeholder()))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "save"):  # a hosted table keeps its own moves
            return self.game.table is not None and self.table is not None and not self.game.table.hosted
        if action in ("cards", "hint"):
            return self.game.table is not None and self.table is not None
        if action == "pause":  # shown only at a table with bots, which are played here
            s = self.game.table
            return s is not None and self.table is not None and not s.hosted and any(k != "human" for k in s.seats)
        return True

    def _undo(self) -> str:
        s = self.game.table
        if s is None:
            return ""
        if s.is_bot_turn() or self.game.bot_busy:
            who = self.game.seat_label(s.state.current)
            return self.refuse(_("{player} is playing; bot moves cannot be taken back.").format(player=who))
        try:
            taken_back = s.undo()
        except NotAtThisTable as exc:
            return self.refuse(render(exc.msg))
        if not taken_back:
            if s.undo_lost_by_loading():
                return self.refuse(
                    _(
                        "Moves made before the game was loaded cannot be taken back: undo starts afresh "
                        "after loading, with your next move."
                    )
                )
            return self.refuse(
                _(
                    "Nothing to take back: only your own moves of this turn can be undone, "
                    "and never one that turned a card or a chit face up."
                )
            )
        table = self.table
        if table is not None:
            table.sync()
        return ""

    def action_undo(self) -> None:
        self._undo()

    def action_save(self, path: str | None = None) -> None:
        s = self.game.table
        if s is None:
            return
        if path:
            target = Path(path).expanduser()
        else:
            target = (self.saves or save_dir()) / time.strftime("lehavre-%Y%m%d-%H%M%S.json")
        try:
            s.save(target)
        except NotAtThisTable as exc:
            self.refuse(render(exc.msg))
            return
        except OSError as exc:
            self.refuse(_("The game could not be saved to {path} ({reason}).").format(path=target, reason=exc.strerror))
            return
        self._note(_("Saved to {path}. Open it again with: lehavre load {path}").format(path=target))
        self.notify(_("Saved to {path}").format(path=target), title=_("Saved"))

    def action_help(self, topic: str | None = None, text: str | None = None) -> None:
        """F1: the help window; 'help TOPIC' opens it at the answer."""
        from .screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            if text is None:
                return
            self.pop_screen()
        self.push_screen(HelpScreen(self.game, topic, text))

    def action_cards(self) -> None:
        from .screens.cards import CardsScreen

        if self.game.table is not None and not isinstance(self.screen, CardsScreen):
            self.push_screen(CardsScreen(self.game))

    def action_show_card(self, card_id: str) -> None:
        from .screens.card import CardScreen

        if isinstance(self.screen, CardScreen):
            self.pop_screen()
        self.push_screen(CardScreen(self.game, card_id))

    def action_fill(self, command: str) -> None:
        """A click on the table: put the matching command in the command bar."""
        table = self.table
        if table is not None and self.screen is table:
            table.fill(command)
