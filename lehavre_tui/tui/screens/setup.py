"""Setting up a game: 1–5 players with names, full or short game, a seed; or continue."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from pydantic import ValidationError
from textual import events, on
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, RadioButton, RadioSet, Select

from ...engine.setup import DEFAULT_NAMES, MAX_PLAYERS, Setup
from ...session import SaveError, Session, autosave_path
from ...text import N_, _
from .common import Plain, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from ..app import LeHavreApp

TITLE = "L E   H A V R E"
SUBTITLE = "Uwe Rosenberg's harbour game, hotseat at one keyboard, with bots if you like"
ROOMY_HEIGHT = 42  # from this many lines the form has framed fields
SEAT_KINDS = (
    (N_("human"), "human"),
    (N_("easy bot"), "easy"),
    (N_("medium bot"), "medium"),
    (N_("hard bot"), "hard"),
    (N_("expert bot"), "expert"),
)


def autosave_summary() -> str | None:
    """'Round 3 of 8 · Anna, Ben' for the autosaved game, or None when there is none."""
    path = autosave_path()
    if not path.exists():
        return None
    try:
        s = Session.load(path).state
    except SaveError:
        return "the saved game is damaged"
    if s.phase == "over":
        return f"finished, {', '.join(s.names)}"
    return f"round {s.round} of {s.rounds_total}, {', '.join(s.names)}"


class SetupScreen(Screen[None]):
    def __init__(self) -> None:
        super().__init__()
        self.saved = autosave_summary()

    @property
    def game(self) -> LeHavreApp:
        return cast("LeHavreApp", self.app)

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="body"), Vertical(id="setup", classes="dialog") as box:
            box.border_title = "A new game"
            yield Plain(TITLE, id="title")
            yield Plain(SUBTITLE, id="subtitle")
            with Horizontal(classes="row"):
                yield Label("Players", classes="field")
                with RadioSet(id="players"):
                    for n in range(1, MAX_PLAYERS + 1):
                        yield RadioButton(str(n), value=n == 2, id=f"players-{n}")
            for i in range(MAX_PLAYERS):  # one row a seat: the name, and who plays it
                with Horizontal(classes="row seat-row", id=f"seat-row-{i}"):
                    yield Label(f"Player {i + 1}", classes="field")
                    yield Input(DEFAULT_NAMES[i], id=f"name-{i}", classes="name", max_length=12)
                    kinds = [(_(label), kind) for label, kind in SEAT_KINDS]
                    yield Select(kinds, value="human", allow_blank=False, id=f"seat-{i}", classes="seat")
            with Horizontal(classes="row", id="game-row"):
                yield Label("Game", classes="field")
                with RadioSet(id="variant"):
                    yield RadioButton("Full game", value=True, id="variant-full")
                    yield RadioButton("Short game", id="variant-short")
            with Horizontal(classes="row"):
                yield Label("Seed", classes="field")
                yield Input(placeholder="optional: a number deals the same game again", id="seed", type="integer")
            yield Plain(id="setup-error")
            yield Plain(self._saved_line(), id="saved")
            with Horizontal(classes="buttons"):
                yield Button("Start", id="start", variant="primary")
                yield Button("Tutorial", id="tutorial")
                yield Button("Continue", id="continue", disabled=self.saved is None)
                yield Button("Quit", id="quit")
        yield Footer()

    def _saved_line(self) -> str:
        if self.saved is None:
            return "No saved game yet."
        return f"Saved game: {self.saved}."

    def refresh_saved(self) -> None:
        """The autosaved game may have changed while this screen was covered."""
        self.saved = autosave_summary()
        self.query_one("#saved", Plain).update(self._saved_line())
        self.query_one("#continue", Button).disabled = self.saved is None

    def on_mount(self) -> None:
        self._show_names(2)
        self.query_one("#start", Button).focus()
        self._fit(self.app.size.height)
        players = self.query_one("#players", RadioSet)
        # the keyboard's mark on the chosen count, not on the first button
        players._selected = players.pressed_index  # noqa: SLF001 - RadioSet has no public setter

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.height)

    def _fit(self, height: int) -> None:
        """Below 42 lines the fields are drawn without frames, one line each, so that the
        whole form fits down to 24 lines."""
        compact = height < ROOMY_HEIGHT
        fields: list[Input | Select[str] | RadioSet | Button] = [
            *self.query(Input),
            *self.query(Select),
            *self.query(RadioSet),
            *self.query(Button),
        ]
        for field in fields:
            field.compact = compact
        self.set_class(compact, "-compact-form")

    def _players(self) -> int:
        pressed = self.query_one("#players", RadioSet).pressed_button
        return int(str(pressed.label)) if pressed is not None else 2

    def _show_names(self, n: int) -> None:
        for i in range(MAX_PLAYERS):
            self.query_one(f"#seat-row-{i}").display = i < n

    @on(RadioSet.Changed, "#players")
    def players_changed(self) -> None:
        self._show_names(self._players())

    def seats(self) -> list[str]:
        """Who plays each seat: a person or a kind of bot."""
        return [str(self.query_one(f"#seat-{i}", Select).value) for i in range(self._players())]

    def setup(self) -> Setup:
        n = self._players()
        names = [self.query_one(f"#name-{i}", Input).value.strip() or DEFAULT_NAMES[i] for i in range(n)]
        variant = "short" if self.query_one("#variant-short", RadioButton).value else "full"
        raw = self.query_one("#seed", Input).value.strip()
        seed = int(raw) if raw else None
        if seed is None:
            import random

            seed = random.SystemRandom().randrange(1_000_000)
        return Setup(players=n, variant=variant, names=names, seed=seed)

    @on(Button.Pressed, "#start")
    def start(self) -> None:
        try:
            setup = self.setup()
        except ValidationError as exc:
            msg = exc.errors()[0]["msg"].removeprefix("Value error, ")
            self.query_one("#setup-error", Plain).update(msg[:1].upper() + msg[1:] + ".")
            return
        except ValueError:
            self.query_one("#setup-error", Plain).update("The seed must be a whole number.")
            return
        self.game.start_game(Session.new(setup, autosave=autosave_path(), seats=self.seats()))

    @on(Button.Pressed, "#continue")
    def resume(self) -> None:
        try:
            session = Session.load(autosave_path(), autosave=autosave_path())
        except SaveError as exc:
            self.query_one("#setup-error", Plain).update(str(exc))
            return
        self.game.start_game(session, greet=True)

    @on(Button.Pressed, "#tutorial")
    def tutorial(self) -> None:
        """The rulebook's first round, step by step (the saved game stays as it is)."""
        from ...tutorial import TutorialSession

        self.game.start_game(TutorialSession.start())

    @on(Button.Pressed, "#quit")
    def quit(self) -> None:
        self.game.exit()
