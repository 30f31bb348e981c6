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

from ..engine.errors import IllegalAction
from ..engine.message import Msg
from ..places import autosave_path
from ..settings import Settings, read_settings, save_settings, table_language
from ..table import NotAtThisTable, Table
from ..text import N_, _, render, set_language
from ..text import language as current_language
from .garbage import QUIET, GarbageAtRest
from .glyphs import Glyphs, glyphs_for
from .palette import MovesProvider, palette_placeholder, system_commands
from .seat_names import bot_label

if TYPE_CHECKING:
    from .hosted import Visit
    from .screens.table import TableScreen

# The smallest terminal the game is drawn in: the default window of many terminals. Below
# it every screen says so (TooSmall) instead of drawing a clipped table.
MIN_WIDTH = 80
MIN_HEIGHT = 24
HANDOFF = "handoff"  # the installed handoff window (`_maybe_hand_over`)


def save_dir() -> Path:
    """Saves made with ctrl+s go next to the autosave, in the user's data directory."""
    return autosave_path().parent


class LeHavreApp(App[None]):
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
        self.session = session
        self.visit = visit  # a seat at a hosted table: the connection, the lobby
        self.glyphs: Glyphs = glyphs_for(ascii)
        self.handoff = handoff  # show whose turn it is when the keyboard changes hands
        self.resumed = resumed  # a loaded game: greet the player to move
        self.saves = saves
        self.history: list[str] = []  # commands typed, for up/down in the command bar
        self.bot_pace = bot_pace  # seconds between two bot moves, so people can follow them
        self.hint_budget = hint_budget  # seconds the search bot thinks about a hint
        self.keyboard: int | None = None  # the seat of the person last at the keyboard
        self.bot_busy = False  # a bot move is being chosen (in a thread) or is due
        self.bots_paused = False  # F6: the bots wait (to watch a bots' game at one's own pace)
        self.hint_busy = False
        self.solo: tuple[int | None, list[tuple[str, int]]] | None = None  # this game's solo records
        self._solo_session: Table | None = None
        self.garbage: GarbageAtRest | None = None  # the oldest garbage collected between moves

    # --- screens --------------------------------------------------------------------------
    def get_default_screen(self) -> Screen[None]:
        """The first screen: the table when a game is given, the lobby of a host, else the set-up."""
        if self.visit is not None:
            from .screens.lobby import LobbyScreen

            return LobbyScreen()
        if self.session is None:
            from .screens.setup import SetupScreen

            return SetupScreen()
        return self._new_table()

    def _new_table(self) -> TableScreen:
        """The table for the session: the tutorial's has the lesson's panel."""
        if self.session is not None and self.session.tutorial:
            from .screens.tutorial import TutorialTable

            return TutorialTable()
        from .screens.table import TableScreen

        return TableScreen()

    def on_mount(self) -> None:
        if self.glyphs.ascii:
            self.add_class("-ascii")  # plain frames too (lehavre.tcss)
        if not gc.isenabled():  # paused for the launch (lehavre_tui/__main__.py)
            self.call_after_refresh(self.collect_garbage_again)
        if self.settings_note is not None:
            self.notify(render(self.settings_note), severity="warning", timeout=12)
        if self.session is not None:
            self.call_after_refresh(self.follow_game, None, None, self.resumed)
        if self.visit is not None:
            self.visit.start(self)

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
        if (
            isinstance(event, events.Key)
            and self.visit is not None
            and self.visit.hold(event.key, event.character, event.is_printable)
        ):
            return
        await super().on_event(event)

    def type_keys(self, keys: list[tuple[str, str | None]]) -> None:
        """Keys typed again, as if pressed now (the keys a visit held on its way)."""
        for key, character in keys:
            self.post_message(events.Key(key, character))

    def start_game(self, session: Table, *, greet: bool = False) -> None:
        """Set the table for a new or loaded game (from the set-up screen)."""
        self.session = session
        self.keyboard = None
        self.solo = None
        self._open_table(greet=greet)

    def _open_table(self, *, greet: bool) -> None:
        if len(self.screen_stack) > 1:
            self.switch_screen(self._new_table())
        else:  # over the set-up screen the app started with
            self.push_screen(self._new_table())
        self.call_after_refresh(self.follow_game, None, None, greet)

    def show_setup(self) -> None:
        """Back to the set-up screen for a new game (the finished one stays autosaved); at a
        hosted table, back to the host's lobby."""
        from .screens.setup import SetupScreen

        if self.visit is not None:
            self.visit.leave_table()
            return
        while len(self.screen_stack) > 1:
            self.pop_screen()
        base = self.screen_stack[0]
        if isinstance(base, SetupScreen):
            base.refresh_saved()
        else:  # the app started at a table, which stays below (`table` is the one on top)
            self.push_screen(SetupScreen())

    async def choose_language(self, lang: str) -> None:
        """The set-up screen's choice: everything is read in `lang` from now on (the screens
        are drawn again in it), and the choice is remembered for the next games."""
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

    @property
    def table(self) -> TableScreen | None:
        from .screens.table import TableScreen

        for screen in reversed(self.screen_stack):  # the one in view
            if isinstance(screen, TableScreen):
                return screen
        return None

    # --- playing --------------------------------------------------------------------------
    def play(self, text: str) -> str | None:
        """Play a typed command. Returns the refusal sentence, or None when it was played."""
        from ..commands import CommandError, HelpRequested  # with the game: the set-up opens without them

        text = text.strip()
        s = self.session
        if s is None:
            return _("There is no game on the table.")
        local = self._local(text)
        if local is not None:
            return local or None
        if s.is_bot_turn() or self.bot_busy:
            who = self.seat_label(s.state.current)
            if self.bots_paused and not self.bot_busy:
                return self.refuse(
                    _("{player} is to play, but the bots are paused; F6 or 'pause' lets them play on.").format(
                        player=who
                    )
                )
            return self.refuse(_("{player} is playing; wait for your turn.").format(player=who))
        before = (s.state.current, s.state.phase)
        self.keyboard = s.state.current
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
        if verb == "lobby" and not rest and self.visit is not None:
            self.visit.leave_table()
            return ""
        if verb == "log" and not rest and self.visit is not None:
            self.visit.read_log()
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
        s = self.session
        if s is None:
            return ""
        if not text:
            return self.refuse(_("Say something after 'say', e.g. 'say good luck'."))
        try:
            s.say(text)
        except NotAtThisTable as exc:
            return self.refuse(render(exc.msg))
        return ""

    def refused_later(self, text: str, reason: str) -> None:
        """A hosted table's answer to a command sent earlier: refused. It comes back into the
        bar (or the feeding window's payment) to be corrected, as a refusal at once would."""
        from .screens.feeding import FeedingScreen

        top = self.screen
        if isinstance(top, FeedingScreen):
            top.refused_later(text, reason)
        table = self.table
        if table is not None:
            table.refused_later(text, reason)

    def _scores(self) -> str:
        """The final scores again, after looking at the table."""
        from .screens.scoring import ScoringScreen

        s = self.session
        if s is None or not s.over:
            return self.refuse(
                _("The final scores are shown when the game is over; the wealth so far is on each player's board.")
            )
        if not isinstance(self.screen, ScoringScreen):
            self.push_screen(ScoringScreen())
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

    def seat_label(self, seat: int) -> str:
        """'Ben' for a person, 'Ben (heuristic bot)' for a bot."""
        s = self.session
        if s is None:
            return ""
        name = s.state.players[seat].name
        kind = s.seats[seat] if seat < len(s.seats) else "human"
        return bot_label(name, kind)

    def humans(self) -> int:
        s = self.session
        return 0 if s is None else sum(1 for k in s.seats if k == "human")

    def follow_game(self, seat: int | None, phase: str | None, greet: bool = False) -> None:
        """After a move: redraw, then open what the game needs now (feeding, handoff, scores),
        and let a bot move when a bot's seat is to act."""
        from .screens.feeding import FeedingScreen
        from .screens.handoff import HandoffScreen
        from .screens.scoring import ScoringScreen

        s = self.session
        table = self.table
        if s is None or table is None:
            return
        table.sync()
        top = self.screen
        state = s.state
        if state.phase == "over":
            if seat is not None and phase != "over" and state.num_players == 1:
                self.solo = s.record_solo()  # the game ended here: enter it in the records once
                self._solo_session = s
            if isinstance(top, (FeedingScreen, HandoffScreen)):
                self.pop_screen()
            if not isinstance(self.screen, ScoringScreen):
                self.push_screen(ScoringScreen())
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
                self.push_screen(FeedingScreen())
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

        s = self.session
        assert s is not None
        state = s.state
        seat = state.current
        if self.keyboard is None and not greet:
            self.keyboard = seat
            return
        if self.handoff and s.hotseat and self.humans() > 1 and (greet or seat != self.keyboard):
            since = s.since_last_turn(seat)
            if isinstance(self.screen, HandoffScreen):  # one handoff after another: the last one counts
                self.screen.show(seat, since, greet=greet)
            elif self.is_screen_installed(HANDOFF):  # the table's handoff window, shown again
                handoff = self.get_screen(HANDOFF)
                assert isinstance(handoff, HandoffScreen)
                handoff.show(seat, since, greet=greet)
                self.push_screen(HANDOFF)
            else:
                self.install_screen(HandoffScreen(seat, since, greet=greet), HANDOFF)
                self.push_screen(HANDOFF)
        self.keyboard = seat

    def solo_records(self) -> tuple[int | None, list[tuple[str, int]]]:
        """For the scoring screen of a solo game: this game's rank (when it ended here) and
        the best scores of its variant."""
        s = self.session
        assert s is not None
        if self.solo is not None and self._solo_session is s:
            return self.solo
        from ..records import best_scores

        return None, best_scores(s.state.variant)

    # --- bots -------------------------------------------------------------------------------
    def schedule_bot(self) -> None:
        """The next bot move, after a pause so people can follow (never two at once)."""
        if self.bot_busy:
            return
        self.bot_busy = True
        session = self.session
        if self.bot_pace > 0:
            self.set_timer(self.bot_pace, lambda: self._bot_step(session))
        else:
            self.call_later(self._bot_step, session)

    def _bot_step(self, session: Table | None) -> None:
        s = self.session
        if s is None or s is not session or not s.is_bot_turn() or self.table is None:
            self.bot_busy = False
            return
        if self.bots_paused:
            self.bot_busy = False
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
        self.bot_busy = False
        if s is not self.session:
            return
        if error is not None:
            self.refuse(_("{player} could not move: {error}").format(player=self.seat_label(before[0]), error=error))
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
        s = self.session
        if s is None or self.table is None:
            return ""
        if s.hosted:
            return self.refuse(_("The host plays the bots at this table; they cannot be paused from a seat."))
        if all(kind == "human" for kind in s.seats):
            return self.refuse(_("No bots at this table: there is nothing to pause."))
        self.bots_paused = not self.bots_paused
        self.table.sync()
        if self.bots_paused:
            self._note(_("Bots paused: they wait after the move they are making. F6 or 'pause' lets them play on."))
            return ""
        self._note(_("The bots play on."))
        if s.is_bot_turn():
            self.schedule_bot()
        return ""

    # --- hints ------------------------------------------------------------------------------
    def action_hint(self) -> None:
        """F4 or 'hint': the search bot's suggestion goes into the command bar (not played)."""
        s = self.session
        if s is None or self.table is None:
            return
        if s.over:
            self.refuse(_("The game is over: there is nothing left to suggest."))
            return
        if not s.plays_now() or self.bot_busy:
            who = self.seat_label(s.state.current)
            self.refuse(_("{player} is playing; ask for a hint on your turn.").format(player=who))
            return
        if self.hint_busy:
            return
        self.hint_busy = True
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

        self.hint_busy = False
        if s is not self.session or s.moves != moves:
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
            return self.session is not None and self.table is not None and not self.session.hosted
        if action in ("cards", "hint"):
            return self.session is not None and self.table is not None
        if action == "pause":  # shown only at a table with bots, which are played here
            s = self.session
            return s is not None and self.table is not None and not s.hosted and any(k != "human" for k in s.seats)
        return True

    def _undo(self) -> str:
        s = self.session
        if s is None:
            return ""
        if s.is_bot_turn() or self.bot_busy:
            who = self.seat_label(s.state.current)
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
        s = self.session
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
        self.push_screen(HelpScreen(topic, text))

    def action_cards(self) -> None:
        from .screens.cards import CardsScreen

        if self.session is not None and not isinstance(self.screen, CardsScreen):
            self.push_screen(CardsScreen())

    def action_show_card(self, card_id: str) -> None:
        from .screens.card import CardScreen

        if isinstance(self.screen, CardScreen):
            self.pop_screen()
        self.push_screen(CardScreen(card_id))

    def pass_typing(self, text: str) -> None:
        """Keys typed in a window to read: the windows to read close, and the text goes on
        where typing is taken (the command bar, or the feeding window's payment)."""
        from .screens.common import ReadingWindow

        while isinstance(self.screen, ReadingWindow) and len(self.screen_stack) > 1:
            self.pop_screen()
        take = getattr(self.screen, "type", None)
        if callable(take):
            take(text)

    def action_fill(self, command: str) -> None:
        """A click on the table: put the matching command in the command bar."""
        table = self.table
        if table is not None and self.screen is table:
            table.fill(command)


def run(
    session: Table | None = None, *, ascii: bool | None = None, resumed: bool = False, language: str | None = None
) -> None:
    LeHavreApp(session, ascii=ascii, resumed=resumed, language=language).run()
