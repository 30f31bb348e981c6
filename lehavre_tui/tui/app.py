"""The Textual app: a game of Le Havre at one terminal, or a seat at a hosted table.

The app draws the table from `session.state` and sends every move through the table
(`Table.command`: a local `Session`, or a `HostedTable` that sends it to the host); it
never changes the game state itself.
"""

from __future__ import annotations

import contextlib
import gc
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, cast

from textual import events, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.screen import Screen

from ..commands import CommandError, HelpRequested, table_word_of
from ..engine.errors import IllegalAction
from ..engine.message import Msg
from ..settings import Settings, read_settings, save_settings, table_language
from ..table import NotAtThisTable, Table
from ..text import N_, _, render, set_language
from ..text import language as current_language
from .game import MIN_HEIGHT, MIN_WIDTH, Game, save_dir
from .garbage import QUIET, GarbageAtRest
from .glyphs import glyphs_for
from .messages import (
    CardRequested,
    CardsRequested,
    CommandEntered,
    CommandFilled,
    GameChosen,
    LanguageChosen,
    LobbyChanged,
    SetupRequested,
    TypingPassed,
    VisitLeft,
    VisitMoved,
    VisitRefused,
    VisitSays,
    VisitSeated,
)
from .palette import MovesProvider, palette_placeholder, system_commands

if TYPE_CHECKING:
    from .hosted import Visit
    from .screens.table import TableScreen

HANDOFF = "handoff"  # the installed handoff window (`_maybe_hand_over`)


class LeHavreApp(App[None]):
    """Le Havre at one terminal: the screens of a game, and where their messages meet the table."""

    CSS_PATH = "lehavre.tcss"
    TITLE = "Le Havre"
    COMMANDS = App.COMMANDS | {MovesProvider}
    # The keys' descriptions are translated where the footer shows them (widgets.Keys).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", N_("Help")),
        Binding("f2", "cards", N_("Cards")),
        Binding("f4", "hint", N_("Hint")),
        Binding("f6", "pause", N_("Pause bots")),
        Binding("ctrl+z", "undo", N_("Undo")),
        Binding("ctrl+s", "save", N_("Save")),
        Binding("ctrl+q", "quit", N_("Quit"), priority=True),
    ]
    # Classes on every screen for its size (lehavre.tcss): too small; 80-99, 100-139 or 140+
    # columns; 24-29, 30-41 or 42+ lines.
    HORIZONTAL_BREAKPOINTS = [(0, "-too-narrow"), (MIN_WIDTH, "-w80"), (100, "-w100"), (140, "-w140")]
    VERTICAL_BREAKPOINTS = [(0, "-too-short"), (MIN_HEIGHT, "-h24"), (30, "-h30"), (42, "-h42")]

    def __init__(
        self,
        session: Table | None = None,
        *,
        ascii: bool | None = None,
        handoff: bool = True,
        resumed: bool = False,
        saves: Path | None = None,
        bot_pace: float = 0.6,
        hint_budget: float = 2.0,
        visit: Visit | None = None,
        language: str | None = None,
    ) -> None:
        """`language`: the reader's explicit choice (the `--lang` flag), or None. Without it
        the language chosen on the set-up screen before (the saved settings) is used, else
        the one already set for the process (from the environment)."""
        super().__init__()
        saved, self.settings_note = read_settings()
        set_language(table_language(language, saved, current_language()))
        self.game = Game(glyphs_for(ascii), table=session, visit=visit)  # handed down to every screen
        self.handoff = handoff  # show whose turn it is when the keyboard changes hands
        self.resumed = resumed  # a loaded game: greet the player to move
        self.saves = saves
        self.bot_pace = bot_pace  # seconds between two bot moves, so people can follow them
        self.hint_budget = hint_budget  # seconds the search bot thinks about a hint
        self.garbage: GarbageAtRest | None = None  # the oldest garbage collected between moves

    @property
    def session(self) -> Table | None:
        """The table being played, if any."""
        return self.game.table

    @property
    def table(self) -> TableScreen | None:
        """The table's screen in view (under any windows), if any."""
        from .screens.table import TableScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    # --- screens --------------------------------------------------------------------------
    def get_default_screen(self) -> Screen[None]:
        """The first screen: the table when a game is given, the lobby of a host, else the set-up."""
        if self.game.visit is not None:
            from .screens.lobby import LobbyScreen

            return LobbyScreen(self.game)
        if self.game.table is None:
            from .screens.setup import SetupScreen

            return SetupScreen(self.game)
        return self._new_table()

    def _new_table(self) -> TableScreen:
        """The table for the session: the tutorial's has the lesson's panel."""
        if self.game.table is not None and self.game.table.tutorial:
            from .screens.tutorial import TutorialTable

            return TutorialTable(self.game, self.play)
        from .screens.table import TableScreen

        return TableScreen(self.game, self.play)

    def on_mount(self) -> None:
        if self.game.glyphs.ascii:
            self.add_class("-ascii")  # plain frames too (lehavre.tcss)
        if not gc.isenabled():  # paused for the launch (lehavre_tui/__main__.py)
            self.call_after_refresh(self.collect_garbage_again)
        if self.settings_note is not None:
            self.notify(render(self.settings_note), severity="warning", timeout=12)
        if self.game.table is not None:
            self.call_after_refresh(self.follow_game, None, None, self.resumed)
        if self.game.visit is not None:
            self.game.visit.start(self)

    def collect_garbage_again(self) -> None:
        """Once the first frame is drawn: what the launch made lasts as long as the program, so
        it is set aside (`gc.freeze`) and collections look only at what the game makes after;
        the oldest generation is collected between moves (garbage.py)."""
        gc.freeze()
        self.garbage = GarbageAtRest()
        self.garbage.start()
        gc.enable()
        self.set_interval(QUIET / 2, self.garbage.collect_if_quiet)

    def on_unmount(self) -> None:
        if self.garbage is not None:
            self.garbage.stop()

    async def on_event(self, event: events.Event) -> None:
        if self.garbage is not None and isinstance(event, events.Key | events.MouseDown):
            self.garbage.touched()
        visit = self.game.visit
        if (
            isinstance(event, events.Key)
            and visit is not None
            and visit.hold(event.key, event.character, event.is_printable)
        ):
            return
        await super().on_event(event)

    def start_game(self, session: Table, *, greet: bool = False) -> None:
        """Set the table for a new or loaded game (from the set-up screen, or a host's seat)."""
        game = self.game
        game.table = session
        game.keyboard = None
        game.solo = None
        if len(self.screen_stack) > 1:
            self.switch_screen(self._new_table())
        else:  # over the set-up screen the app started with
            self.push_screen(self._new_table())
        self.call_after_refresh(self.follow_game, None, None, greet)

    def show_setup(self) -> None:
        """Back to the set-up screen for a new game (the finished one stays autosaved); at a
        hosted table, back to the host's lobby."""
        from .screens.setup import SetupScreen

        if self.game.visit is not None:
            self.game.visit.leave_table()
            return
        while len(self.screen_stack) > 1:
            self.pop_screen()
        base = self.screen_stack[0]
        if isinstance(base, SetupScreen):
            base.refresh_saved()
        else:  # the app started at a table, which stays below (`table` is the one on top)
            self.push_screen(SetupScreen(self.game))

    # --- what the screens ask ---------------------------------------------------------------
    def on_command_entered(self, message: CommandEntered) -> None:
        from .screens.feeding import FeedingScreen

        refused = self.play(message.text)
        if refused is not None and isinstance(self.screen, FeedingScreen):
            self.screen.refused(message.back, refused)

    def on_command_filled(self, message: CommandFilled) -> None:
        self.action_fill(message.text)

    def on_card_requested(self, message: CardRequested) -> None:
        self.action_show_card(message.card_id)

    def on_cards_requested(self, _message: CardsRequested) -> None:
        self.action_cards()

    def on_game_chosen(self, message: GameChosen) -> None:
        self.start_game(message.table, greet=message.greet)

    def on_setup_requested(self, _message: SetupRequested) -> None:
        self.show_setup()

    async def on_language_chosen(self, message: LanguageChosen) -> None:
        """Everything is read in the language chosen from now on (the screens are drawn again
        in it), and the choice is remembered for the next games."""
        lang = message.language
        if lang == current_language():
            return
        set_language(lang)
        problem = save_settings(Settings(language=lang))
        if problem is not None:
            self.notify(render(problem), severity="warning", timeout=12)
        for screen in list(self.screen_stack):
            redraw = getattr(screen, "redraw_words", None)
            if callable(redraw):
                await redraw()

    def on_typing_passed(self, message: TypingPassed) -> None:
        """Keys typed in a window to read: the windows to read close, and the text goes on
        where typing is taken (the command bar, or the feeding window's payment)."""
        from .screens.common import ReadingWindow

        while isinstance(self.screen, ReadingWindow) and len(self.screen_stack) > 1:
            self.pop_screen()
        take = getattr(self.screen, "type", None)
        if callable(take):
            take(message.text)

    # --- what a host says (hosted.py) -------------------------------------------------------
    def on_visit_seated(self, message: VisitSeated) -> None:
        self.start_game(message.table, greet=False)
        note = message.note
        if note is not None:
            self.call_after_refresh(self._note, note)

    def on_visit_moved(self, message: VisitMoved) -> None:
        if self.game.table is message.table:
            with contextlib.suppress(Exception):  # a screen being rearranged: the next update draws it
                self.follow_game(*message.before)

    def on_visit_says(self, message: VisitSays) -> None:
        table = self.table
        if message.warn:
            self.refuse(message.text)
        elif table is not None:
            table.note(message.text)

    def on_visit_refused(self, message: VisitRefused) -> None:
        """A hosted table's answer to a command sent earlier: refused. It comes back into the
        bar (or the feeding window's payment) to be corrected, as a refusal at once would."""
        from .screens.feeding import FeedingScreen

        top = self.screen
        if isinstance(top, FeedingScreen):
            top.refused_later(message.command, message.reason)
        table = self.table
        if table is not None:
            table.refused_later(message.command, message.reason)

    def on_visit_left(self, _message: VisitLeft) -> None:
        from .screens.lobby import LobbyScreen

        self.game.table = None
        while len(self.screen_stack) > 1 and not isinstance(self.screen, LobbyScreen):
            self.pop_screen()

    def on_lobby_changed(self, _message: LobbyChanged) -> None:
        from .screens.lobby import LobbyScreen

        visit = self.game.visit
        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen) and visit is not None:
                screen.show(visit)

    # --- playing --------------------------------------------------------------------------
    def play(self, text: str) -> str | None:
        """Play a typed command. Returns the refusal sentence, or None when it was played."""
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
        except HelpRequested as exc:
            self._note(exc.text)
            return None
        except (IllegalAction, CommandError) as exc:
            return self.refuse(render(exc.msg))
        self.follow_game(*before)
        return None

    def _local(self, text: str) -> str | None:
        """Words the table understands itself; '' when handled, None when not one of them."""
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
            from ..commands import building_id

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

    def refuse(self, text: str) -> str:
        table = self.table
        if table is not None:
            table.refusal(text)
        return text

    def _note(self, text: str) -> None:
        table = self.table
        if table is not None:
            table.note(text)

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

    # --- bots -------------------------------------------------------------------------------
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

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Textual's own palette entries (theme, quit, keys, screenshot) in the reader's words."""
        return system_commands(super().get_system_commands(screen))

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(cast("App[object]", self)):
            self.push_screen(CommandPalette(id="--command-palette", placeholder=palette_placeholder()))

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

    # --- hints ------------------------------------------------------------------------------
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

    # --- keys -----------------------------------------------------------------------------
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

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.game))

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


def run(
    session: Table | None = None, *, ascii: bool | None = None, resumed: bool = False, language: str | None = None
) -> None:
    LeHavreApp(session, ascii=ascii, resumed=resumed, language=language).run()
