"""The windows the game opens itself after a move, part of the app (app.py builds on it):
the feeding at the end of a round, the handoff when the keyboard passes from one person to
another, the final scores; and a bot's turn when a bot is to act.
"""

from __future__ import annotations

from .table_words import TableWords

HANDOFF = "handoff"  # the installed handoff window (`_maybe_hand_over`)


class GameWindows(TableWords):
    """After every move, the window the game needs now."""

    handoff: bool  # show whose turn it is when the keyboard changes hands

    def follow_game(self, seat: int | None, phase: str | None, greet: bool = False) -> None:
        """After a move: redraw, then open what the game needs now (feeding, handoff, scores),
        and let a bot move when a bot's seat is to act."""
        from .screens.feeding import FeedingScreen
        from .screens.handoff import HandoffScreen
        from .screens.scoring import ScoringScreen

        s = self.game.table
        table = self.table
        if s is None or table is None:
            return
        table.sync()
        top = self.screen
        state = s.state
        if state.phase == "over":
            if seat is not None and phase != "over" and state.num_players == 1:
                self.game.solo = s.record_solo()  # the game ended here: enter it in the records once
                self.game.solo_table = s
            if isinstance(top, (FeedingScreen, HandoffScreen)):
                self.pop_screen()
            if not isinstance(self.screen, ScoringScreen):
                self.push_screen(ScoringScreen(self.game))
            return
        bot = s.is_bot_turn()
        if state.phase == "feeding":
            if isinstance(top, HandoffScreen):
                self.pop_screen()
            if not s.plays_now():
                if isinstance(self.screen, FeedingScreen):
                    self.pop_screen()  # the bot (or the player elsewhere) feeds their own workers
            elif isinstance(top, FeedingScreen):
                top.sync()
            else:
                self.push_screen(FeedingScreen(self.game))
        else:
            if isinstance(top, FeedingScreen):
                self.pop_screen()
            if not bot:
                self._maybe_hand_over(greet)
        if bot:
            self.schedule_bot()

    def _maybe_hand_over(self, greet: bool) -> None:
        """A handoff window only when the keyboard passes from one person to another."""
        from .screens.handoff import HandoffScreen

        s = self.game.table
        assert s is not None
        state = s.state
        seat = state.current
        if self.game.keyboard is None and not greet:
            self.game.keyboard = seat
            return
        if self.handoff and s.hotseat and self.game.humans() > 1 and (greet or seat != self.game.keyboard):
            since = s.since_last_turn(seat)
            if isinstance(self.screen, HandoffScreen):  # one handoff after another: the last one counts
                self.screen.show(seat, since, greet=greet)
            elif self.is_screen_installed(HANDOFF):  # the table's handoff window, shown again
                handoff = self.get_screen(HANDOFF)
                assert isinstance(handoff, HandoffScreen)
                handoff.show(seat, since, greet=greet)
                self.push_screen(HANDOFF)
            else:
                self.install_screen(HandoffScreen(self.game, seat, since, greet=greet), HANDOFF)
                self.push_screen(HANDOFF)
        self.game.keyboard = seat
