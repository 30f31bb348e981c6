"""The table: the three boards, the players, the log and the command bar.

Two arrangements of the same widgets: the comfortable one (from 140×42, everything in
view, like the box) and the compact one (down to 80×24: the harbour, the player to act
and the log stay in view; the other boards are tabs under the harbour, F3 turns them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input

from ...text import N_, _
from ..game import Game
from ..messages import CardsRequested
from ..widgets import (
    CommandBar,
    CommandInput,
    GameLog,
    OfferSpaces,
    Palette,
    PlayerLine,
    PlayerPanel,
    ProposalStacks,
    RoundCard,
    ShipStacks,
    SupplyTrack,
    TableWidget,
    TopBar,
    TownBuildings,
)
from ..widgets.command_bar import CommandHint
from .common import Keys, TooSmall, board

if TYPE_CHECKING:
    from textual.app import ComposeResult

WIDE_WIDTH = 140
WIDE_HEIGHT = 42
COMFORTABLE_FOOTER = 100  # narrower: the footer's keys are set closer together
TABS = ("tab-proposals", "tab-town", "tab-ships", "tab-players")


def is_wide(width: int, height: int) -> bool:
    return width >= WIDE_WIDTH and height >= WIDE_HEIGHT


class TableScreen(Screen[None]):
    """The table of a game: the boards, the players, the log and the command bar."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f3", "next_board", N_("Next board")),
        # (not in the footer, which has no room for them at 80 columns: F1 lists them)
        Binding("f8", "whole_log", N_("Log"), show=False),
        Binding("f9", "since", N_("Since my turn"), show=False),
        Binding("escape", "focus_command", N_("Command bar"), show=False),
        # the log takes the keyboard to be read; its own keys page it from then on
        Binding("pageup", "read_log('page_up')", N_("Read the log"), show=False),
        Binding("shift+tab", "read_log", N_("Read the log"), show=False),
    ]

    wide = True  # the arrangement in use; decided when composing, from the terminal's size

    def __init__(self, game: Game, play: Callable[[str], str | None]) -> None:
        """`play`: plays a command line at the table and returns the refusal, or None; the
        app hands it down so that Enter plays within the key press (see `CommandInput`)."""
        super().__init__()
        self.game = game
        self._play = play

    # --- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        size = self.app.size
        self.wide = is_wide(size.width, size.height)
        yield TooSmall(self.game.glyphs.ascii)
        yield Palette()
        # the table's parts straight on the screen (a container around them would be one
        # more thing to lay out and draw after every move); .body: hidden when too small
        yield TopBar(self.game, id="topbar", classes="body")
        if self.wide:
            yield from self._wide()
        else:
            yield from self._compact()
        yield CommandBar(self.game, play=self.play_typed, id="command-bar", classes="body")
        yield Keys(compact=size.width < COMFORTABLE_FOOTER)

    def _wide(self) -> ComposeResult:
        game = self.game
        players = game.table.state.num_players if game.table else 2
        with Horizontal(id="main", classes="body"):
            with Vertical(id="left"):
                with Horizontal(id="boards"):
                    with Vertical(id="left-col"):
                        with board(Vertical(id="harbour"), _("1 Harbour")):
                            yield SupplyTrack(game)
                            yield OfferSpaces(game)
                        with board(VerticalScroll(id="town"), _("Town")):
                            yield TownBuildings(game)
                    with board(VerticalScroll(id="proposals"), _("2 Building proposals")):
                        yield ProposalStacks(game, below=4)
                with Grid(id="players", classes=f"players-{players}"):
                    for seat in range(players):
                        yield PlayerPanel(game, seat)
            with Vertical(id="right"):
                with board(Vertical(id="ships"), _("3 Ships and rounds")):
                    yield ShipStacks(game)
                    yield RoundCard(game, coming=6)
                with board(Vertical(id="log-board"), _("Log")):
                    yield GameLog(game, id="log")

    def _compact(self) -> ComposeResult:
        from textual.widgets import TabbedContent, TabPane  # only the compact table has tabs

        game = self.game
        players = game.table.state.num_players if game.table else 2
        with Horizontal(id="lower", classes="body"):
            with Vertical(id="left-col"):
                with board(Vertical(id="harbour"), _("Harbour")):
                    yield SupplyTrack(game)
                    yield OfferSpaces(game)
                with board(Vertical(id="player-lines"), _("Players")):
                    for seat in range(players):
                        yield PlayerLine(game, seat)
                with TabbedContent(id="tabs"):
                    with TabPane(_("Proposals"), id="tab-proposals"), VerticalScroll():
                        yield ProposalStacks(game, compact=True)
                    with TabPane(_("Town"), id="tab-town"), VerticalScroll():
                        yield TownBuildings(game)
                    with TabPane(_("Ships"), id="tab-ships"), VerticalScroll():
                        yield ShipStacks(game)
                        yield RoundCard(game, coming=4)
                    with TabPane(_("Players"), id="tab-players"), VerticalScroll():
                        for seat in range(players):
                            yield PlayerLine(game, seat)
                        for seat in range(players):
                            yield PlayerPanel(game, seat)
            with Vertical(id="right-col"):
                with VerticalScroll(id="active-box"):
                    yield PlayerPanel(game, -1, id="active-player")
                with board(Vertical(id="log-board"), _("Log")):
                    yield GameLog(game, id="log")

    def on_mount(self) -> None:
        self.focus_command()
        self.call_after_refresh(self.fit_proposals)

    def on_screen_resume(self) -> None:
        """A window closed: the keyboard goes back to the command bar."""
        self.focus_command()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Typing always lands in the command bar: a click on a board, a tab or a scroll
        bar does not take the keyboard away from it."""
        if isinstance(event.widget, GameLog):
            return  # being read (PageUp, shift+Tab); the first letter typed goes back to the bar
        if not isinstance(event.widget, CommandInput):
            self.call_later(self.focus_command)
        elif self.game.visit is not None:  # a hosted table: the keys typed on the way land here
            self.type_ahead(self.game.visit.at_table())

    async def on_resize(self, event: events.Resize) -> None:
        for footer in self.query(Footer):  # the keys in less room, so that they all show
            footer.compact = event.size.width < COMFORTABLE_FOOTER
        wide = is_wide(event.size.width, event.size.height)
        if wide != self.wide:
            typed = self.command_input.value
            await self.recompose()
            self.command_input.value = typed
            self.focus_command()
        self.call_after_refresh(self.fit_proposals)

    async def redraw_words(self) -> None:
        """The table in the reader's language (chosen anew), keeping the command being typed."""
        typed = self.command_input.value
        await self.recompose()
        self.command_input.value = typed
        self.focus_command()
        self.call_after_refresh(self.fit_proposals)

    def fit_proposals(self) -> None:
        """On the comfortable table the proposal board lists as many cards under each top as
        its height allows (with 4 or 5 players the player boards take more room)."""
        if not self.wide:
            return
        for frame in self.query("#proposals"):
            for stacks in frame.query(ProposalStacks):
                stacks.fit(frame.scrollable_content_region.height)

    # --- drawing --------------------------------------------------------------------------
    def sync(self) -> None:
        """The state changed: every widget draws itself again (nothing yet while the table
        is being composed: it draws what is then true when mounted)."""
        logs, bars = list(self.query(GameLog)), list(self.query(CommandBar))
        if not logs or not bars:
            return
        for widget in self.query(TableWidget):
            widget.sync()
        logs[0].sync()
        self.call_after_refresh(self.fit_proposals)
        bar = bars[0]
        session = self.game.table
        bot = bool(session and session.is_bot_turn())
        changed = bot != bar.has_class("-bot")  # a bot's turn began or ended: old words are stale
        bar.set_class(bot, "-bot")
        if changed or not bar.showing_refusal(self.command_input.value):
            bar.show_hint(self.command_input.value)

    def refusal(self, text: str) -> None:
        self.query_one(GameLog).refusal(text)
        self.query_one(CommandBar).refused(self.command_input.value, text)

    def refused_later(self, text: str, reason: str) -> None:
        """A command sent to the host came back refused: into the bar to be corrected (unless
        the next command is being typed), the reason under it, as with a refusal at once."""
        box = self.command_input
        if not box.value:
            box.hold(text)
        self.query_one(GameLog).refusal(reason)
        self.query_one(CommandBar).refused(box.value, reason)

    def note(self, text: str) -> None:
        log = self.query_one(GameLog)
        for line in text.splitlines():
            log.note(line)

    def say(self, text: str) -> None:
        """A passing word in the bar's hint line ('Thinking…'), until the line is changed."""
        self.query_one(CommandBar).say(self.command_input.value, text)

    def suggest(self, command: str, line: str) -> None:
        """A hint: said in the log and under the bar, its command put in the bar, not played."""
        self.query_one(GameLog).hint(line)
        self.command_input.hold(command)  # selected: Enter plays it, typing replaces it
        self.command_input.focus()
        self.query_one(CommandBar).say(command, line)

    # --- the command bar ------------------------------------------------------------------
    @property
    def command_input(self) -> CommandInput:
        return self.query_one(CommandInput)

    def focus_command(self) -> None:
        for box in self.query(CommandInput):  # none while the table is being rearranged
            box.focus()

    def action_focus_command(self) -> None:
        self.focus_command()

    def fill(self, command: str) -> None:
        box = self.command_input
        box.value = command
        box.cursor_position = len(command)
        box.focus()

    def type(self, text: str) -> None:
        """Text typed elsewhere (in a window to read) goes on in the bar."""
        self.command_input.take(text)

    @on(Input.Submitted, "#command")
    def submit(self, event: Input.Submitted) -> None:
        """Pasted lines arrive as messages (Enter plays the bar's line at once: `play_typed`)."""
        self.play_typed(event.value)

    def type_ahead(self, keys: list[tuple[str, str | None]]) -> None:
        """Keys typed before the table was drawn, typed into the bar now (Enter plays the line)."""
        box = self.command_input
        for key, character in keys:
            if key in ("enter", "ctrl+j"):
                line, box.value = box.value, ""
                self.play_typed(line)
            elif key == "backspace":
                box.action_delete_left()
            elif character:
                box.insert_text_at_cursor(character)

    def play_typed(self, typed: str) -> None:
        """Play a line from the command bar (which has already been cleared for the next one)."""
        text = typed.strip()
        if not text:
            return
        box = self.command_input
        box.remember(text)
        refused = self._play(text)
        if refused is not None and not box.value:
            # back into the bar to be corrected (unless the next command is being typed),
            # the reason staying under it until the line is changed
            # (held selected: typing a new command replaces it, the arrows edit it)
            box.hold(typed)
            self.query_one(CommandBar).refused(typed, refused)

    # --- reading the log --------------------------------------------------------------------
    def action_read_log(self, page: str = "") -> None:
        """PageUp or shift+Tab in the command bar: the log takes the keyboard (PageUp also
        turns a page back)."""
        log = self.query_one(GameLog)
        log.focus()
        if page == "page_up":
            log.scroll_page_up(animate=False)

    @on(GameLog.Typed)
    async def typed_in_log(self, event: GameLog.Typed) -> None:
        """A letter typed while reading the log: the bar has the keyboard again, the letter in
        it (and the Enter or Backspace typed right after it, in order)."""
        self.focus_command()
        box = self.command_input
        if event.text == "\r":
            await box.action_submit()
        elif event.text == "\x7f":
            box.action_delete_left()
        else:
            box.take(event.text)

    @on(GameLog.Leave)
    def left_log(self) -> None:
        self.focus_command()

    def action_whole_log(self) -> None:
        """F8: the whole log in a window, with the line under the command bar when it is cut."""
        from .log import LogWindow

        log = self.query_one(GameLog)
        lines = list(log.texts)
        hint = self.query_one(CommandHint)
        if hint.cut:
            lines.append(Text(_("Under the command bar: {text}").format(text=hint.text.plain)))
        self.app.push_screen(LogWindow(_("The log"), lines))

    def action_since(self) -> None:
        """F9: what happened since the last turn of the player at the keyboard."""
        from .log import LogWindow

        session = self.game.table
        if session is None:
            return
        state = session.state
        seat = state.current
        if session.seats[seat] != "human" and self.game.keyboard is not None:
            seat = self.game.keyboard  # a bot is playing: the person who played last
        name = state.players[seat].name
        count = len(session.since_last_turn(seat))
        lines = self.query_one(GameLog).game_texts()[-count:] if count else []
        title = _("Since {player}'s last turn").format(player=name)
        self.app.push_screen(LogWindow(title, lines, empty=_("Nothing has happened since your last turn.")))

    # --- keys -----------------------------------------------------------------------------
    def action_next_board(self) -> None:
        if self.wide:
            self.post_message(CardsRequested())
            return
        from textual.widgets import TabbedContent

        tabs = self.query_one(TabbedContent)
        i = TABS.index(tabs.active) if tabs.active in TABS else -1
        tabs.active = TABS[(i + 1) % len(TABS)]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_board":
            return not self.wide
        return True
