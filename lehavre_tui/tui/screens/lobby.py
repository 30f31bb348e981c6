"""The host's lobby: the open tables and their seats, sitting down at one, opening a new one.

A visit without a name or a way in (a browser) starts here with the name and the table's
invite code to fill in; a visit without a language, with the choice of one (English, Polski,
Čeština) before anything else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, DataTable, Input, Label, Select

from ...engine.setup import MAX_PLAYERS
from ...net.protocol import TableInfo
from ...seats import LEVELS
from ...text import LANGUAGES, N_, _, language_name, ngettext, pgettext
from ..game import Game
from ..line_input import LineInput
from ..seat_names import bot_label, seat_kind_name
from .common import Keys, Plain, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from ..hosted import Visit

NO_SEAT = "none"
SEAT_KINDS = ("human", *LEVELS)  # a new table's seats: a person or a bot of a level
# asked before the reader has a language: in each of them
CHOOSE_LANGUAGE = "Language · Język · Jazyk"


def seats_text(t: TableInfo) -> str:
    """'Anna (here), Ben (away), Clara (random bot), David (free)'."""
    parts = []
    for s in t.seats:
        if s.kind != "human":
            parts.append(bot_label(s.name, s.kind))
        elif s.present:
            parts.append(_("{player} (here)").format(player=s.name))
        elif s.claimed:
            parts.append(_("{player} (away)").format(player=s.name))
        else:
            parts.append(_("{player} (free)").format(player=s.name))
    if t.watchers:
        parts.append(ngettext("{n} watching", "{n} watching", t.watchers).format(n=t.watchers))
    return ", ".join(parts)


def game_text(t: TableInfo) -> str:
    # translators: a table in the lobby: "short game, 3 pl., round 2/12" ("pl." players)
    if t.over:
        words = _("short game, {n} pl., over") if t.variant == "short" else _("full game, {n} pl., over")
        return words.format(n=len(t.seats))
    words = (
        _("short game, {n} pl., round {round}/{rounds}")
        if t.variant == "short"
        else _("full game, {n} pl., round {round}/{rounds}")
    )
    return words.format(n=len(t.seats), round=t.round, rounds=t.rounds)


class LobbyScreen(Screen[None]):
    DEFAULT_CSS = """
    LobbyScreen > .body { align: center top; }
    #lobby { width: 100%; max-width: 110; height: 1fr; padding: 0 1; }
    #lobby-title { text-style: bold; color: $accent; height: 1; }
    #lobby-status { color: $text-muted; height: auto; }
    #lobby-tables { height: 1fr; min-height: 5; }
    #lobby-login, #lobby-new, #lobby-language { height: auto; }
    #lobby-language Button { margin-right: 1; }
    #lobby-login Input { width: 24; }
    #lobby-new Select { width: 14; }
    #lobby-new .lobby-label { width: 6; }
    #lobby-new SelectCurrent { padding: 0 1; }
    #lobby-new Checkbox { width: auto; }
    .lobby-row { height: auto; }
    .lobby-label { padding: 1 1 0 0; text-style: bold; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f5", "refresh", N_("Refresh")),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        yield TooSmall(self.game.glyphs.ascii)
        with Vertical(classes="body"), Vertical(id="lobby"):
            yield Plain(_("LE HAVRE · the host's lobby"), id="lobby-title")
            yield Plain("", id="lobby-status")
            with Horizontal(id="lobby-language", classes="lobby-row"):
                yield Label(CHOOSE_LANGUAGE, classes="lobby-label")
                for lang in LANGUAGES:
                    yield Button(language_name(lang), id=f"language-{lang}")
            with Horizontal(id="lobby-login", classes="lobby-row"):
                yield Label(pgettext("player", "Name"), classes="lobby-label")
                yield LineInput(placeholder=_("your player name"), id="login-name", max_length=16)
                yield Label(_("Invite code"), classes="lobby-label")
                yield LineInput(placeholder=_("e.g. k7mq-2xrd-p4wz"), id="login-code", max_length=40)
                yield Button(_("Sit down"), id="login-go", variant="primary")
            table: DataTable[str] = DataTable(id="lobby-tables", cursor_type="row", zebra_stripes=True)
            yield table
            yield Plain(
                _("Enter on a table sits you down there (you watch when every seat is taken)."), id="lobby-help"
            )
            with Vertical(id="lobby-new"):
                with Horizontal(classes="lobby-row"):
                    yield Label(_("Seats"), classes="lobby-label")
                    kinds = [(seat_kind_name(kind), kind) for kind in SEAT_KINDS]
                    for i in range(MAX_PLAYERS):
                        options = [*kinds, (_("no seat"), NO_SEAT)] if i else kinds
                        start = "human" if i < 2 else NO_SEAT
                        yield Select(options, value=start, allow_blank=False, id=f"new-seat-{i}")
                with Horizontal(classes="lobby-row"):
                    yield Label("", classes="lobby-label")
                    yield Checkbox(_("short game"), id="new-short")
                    yield Button(_("Open a new table"), id="new-open")
        yield Keys()

    _ready = False  # the table of tables has its columns

    def on_mount(self) -> None:
        table = self.query_one("#lobby-tables", DataTable)
        table.add_columns(_("Table"), _("Game"), _("Seats"))
        self._ready = True
        visit = self.game.visit
        if visit is not None:
            self.show(visit)

    def show(self, visit: Visit) -> None:
        """Draw what the visit knows: its status, the tables, what this login may do."""
        if not self._ready:
            return  # not mounted yet: on_mount draws it
        welcome = visit.welcome
        title = _("LE HAVRE · the host's lobby")
        if welcome is not None:
            title = _("LE HAVRE · the host's lobby · you are {player}").format(player=welcome.name)
        self.query_one("#lobby-title", Plain).update(Text(title))
        choosing = visit.needs_language
        self.query_one("#lobby-language").display = choosing
        if choosing:
            self.query_one("#lobby-status", Plain).update(Text(""))
            self.query_one("#lobby-login").display = False
            self.query_one("#lobby-new").display = False
            self.query_one("#lobby-help").display = False
            self.query_one("#lobby-tables").display = False
            self.query_one("#language-en", Button).focus()
            return
        self.query_one("#lobby-help").display = True
        self.query_one("#lobby-tables").display = True
        self.query_one("#lobby-status", Plain).update(Text(visit.status))
        login = self.query_one("#lobby-login")
        login.display = visit.needs_login
        self.query_one("#lobby-new").display = welcome is not None and welcome.may_create
        table = self.query_one("#lobby-tables", DataTable)
        row = table.cursor_row
        table.clear()
        for t in visit.tables:
            table.add_row(str(t.id), game_text(t), seats_text(t), key=str(t.id))
        if visit.tables:
            table.move_cursor(row=min(max(row, 0), len(visit.tables) - 1))
        if visit.needs_login:
            self.query_one("#login-name", Input).focus()
        else:
            table.focus()

    @property
    def visit(self) -> Visit | None:
        return self.game.visit

    @on(DataTable.RowSelected, "#lobby-tables")
    def sit_down(self, event: DataTable.RowSelected) -> None:
        visit = self.visit
        if visit is not None and event.row_key.value is not None:
            visit.join(int(event.row_key.value))

    @on(Button.Pressed, "#new-open")
    def open_table(self) -> None:
        visit = self.visit
        if visit is None:
            return
        seats = [str(self.query_one(f"#new-seat-{i}", Select).value) for i in range(MAX_PLAYERS)]
        seats = [k for k in seats if k != NO_SEAT]
        variant = "short" if self.query_one("#new-short", Checkbox).value else "full"
        if "human" not in seats:
            self.say(_("A new table needs a seat for you: make at least one seat human."))
            return
        visit.create(seats, variant)

    @on(Button.Pressed, "#lobby-language Button")
    async def language_chosen(self, event: Button.Pressed) -> None:
        """The reader's language: the lobby is drawn again in it, then the visit goes on."""
        visit = self.visit
        lang = (event.button.id or "").removeprefix("language-")
        if visit is None or lang not in LANGUAGES:
            return
        visit.choose_language(lang)
        self._ready = False
        await self.recompose()
        self.app.refresh_bindings()
        self.on_mount()
        visit.go_on()

    @on(Button.Pressed, "#login-go")
    def log_in(self) -> None:
        visit = self.visit
        if visit is None:
            return
        name = self.query_one("#login-name", Input).value.strip()
        code = self.query_one("#login-code", Input).value.strip()
        if not name or not code:
            self.say(_("Give your player name and the table's invite code (the host printed it)."))
            self.query_one("#login-code" if name else "#login-name", Input).focus()
            return
        visit.login(name, code)

    @on(Input.Submitted)
    def login_typed(self, event: Input.Submitted) -> None:
        """Enter in the name goes on to the code (when it is still empty); in the code, in."""
        if event.input.id == "login-name" and not self.query_one("#login-code", Input).value.strip():
            self.query_one("#login-code", Input).focus()
        elif event.input.id in ("login-name", "login-code"):
            self.log_in()

    def say(self, text: str) -> None:
        self.query_one("#lobby-status", Plain).update(Text(text))

    def action_refresh(self) -> None:
        visit = self.visit
        if visit is not None:
            visit.refresh_tables()
