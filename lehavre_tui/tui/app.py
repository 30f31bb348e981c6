"""The Textual app: a game of Le Havre at one terminal, or a seat at a hosted table.

The app is where the screens' messages meet the table. It hands every screen what it shows
(`Game`, game.py), answers what screens and a visit to a host ask (messages.py), and sends
every move through the table (`Table.command`: a local `Session`, or a `HostedTable` that
sends it to the host); it never changes the game state itself.

Built in layers, a module each: bot_turns.py (bots, hints), table_words.py (what is typed
at the table), windows.py (the windows a move opens), this one (screens and messages).
"""

from __future__ import annotations

import contextlib
import gc
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ..settings import Settings, read_settings, save_settings, table_language
from ..table import Table
from ..text import N_, render, set_language
from ..text import language as current_language
from .game import MIN_HEIGHT, MIN_WIDTH, Game
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
from .palette import MovesProvider
from .windows import GameWindows

if TYPE_CHECKING:
    from .hosted import Visit
    from .screens.table import TableScreen

class LeHavreApp(GameWindows):
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
        """`language`: the reader's choice (`--lang`), or None: then the one chosen on the set-up
        screen before (the saved settings), else the process's own (from the environment)."""
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
        """Play it; a refusal in the feeding window goes back under its payment too."""
        from .screens.feeding import FeedingScreen

        refused = self.play(message.text)
        if refused is not None and isinstance(self.screen, FeedingScreen):
            self.screen.refused(message.back, refused)

    def on_command_filled(self, message: CommandFilled) -> None:
        """Into the table's command bar, not played."""
        self.action_fill(message.text)

    def on_card_requested(self, message: CardRequested) -> None:
        self.action_show_card(message.card_id)

    def on_cards_requested(self, _message: CardsRequested) -> None:
        self.action_cards()

    def on_game_chosen(self, message: GameChosen) -> None:
        """Sit down at the table chosen on the set-up screen (or after the lesson)."""
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
        """The host seated this player: its table, drawn as a table at one keyboard is."""
        self.start_game(message.table, greet=False)
        if message.note is not None:
            self.call_after_refresh(self._note, message.note)

    def on_visit_moved(self, message: VisitMoved) -> None:
        """A new state from the host: the table follows it as after a move made here."""
        if self.game.table is message.table:
            with contextlib.suppress(Exception):  # a screen being rearranged: the next update draws it
                self.follow_game(*message.before)

    def on_visit_says(self, message: VisitSays) -> None:
        if message.warn:
            self.refuse(message.text)
        else:
            self._note(message.text)

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
        """Back in the host's lobby: the table's windows close."""
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



def run(
    session: Table | None = None, *, ascii: bool | None = None, resumed: bool = False, language: str | None = None
) -> None:
    LeHavreApp(session, ascii=ascii, resumed=resumed, language=language).run()
