"""Setting up a game: 1–5 players with names, full or short game, a seed; or continue.

The screen shows no game, so it opens without the engine's models and rules (nor pydantic):
they are imported when a game is started, and the autosaved game is read for its summary
once the screen is on view (tests/tui/test_following.py keeps it so).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from textual import events, on
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.style import Style as VisualStyle
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Select

from ...engine.players import DEFAULT_NAMES, MAX_PLAYERS
from ...places import autosave_path
from ...seats import LEVELS
from ...text import LANGUAGES, N_, _, language, language_name
from ..game import Game
from ..line_input import LineInput
from ..messages import GameChosen, LanguageChosen
from ..seat_names import seat_kind_name
from .common import Keys, Plain, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from ...engine.setup import Setup

TITLE = "L E   H A V R E"
SUBTITLE = N_("Uwe Rosenberg's harbour game, hotseat at one keyboard, with bots if you like")
ROOMY_HEIGHT = 42  # from this many lines the form has framed fields
SEAT_KINDS = ("human", *LEVELS)  # the set-up offers the levels; saves and --seats take the old names too


def autosave_summary() -> str | None:
    """'round 3 of 8, Anna, Ben' for the autosaved game, or None when there is none."""
    from ...session import SaveError, Session

    path = autosave_path()
    if not path.exists():
        return None
    try:
        s = Session.load(path).state
    except SaveError:
        return _("the saved game is damaged")
    if s.phase == "over":
        return _("finished, {players}").format(players=", ".join(s.names))
    return _("round {round} of {rounds}, {players}").format(
        round=s.round, rounds=s.rounds_total, players=", ".join(s.names)
    )


@dataclass
class Form:
    """What the set-up form holds, kept when the form is drawn again in another language."""

    players: int = 2
    names: list[str] = field(default_factory=lambda: list(DEFAULT_NAMES[:MAX_PLAYERS]))
    seats: list[str] = field(default_factory=lambda: ["human"] * MAX_PLAYERS)
    short: bool = False
    seed: str = ""


class Choice(RadioButton):
    """A radio button whose choice is marked by a dot, not by colour alone (NO_COLOR, a
    monochrome terminal): the chosen one shows ●, the others an empty button."""

    @property
    def _button(self) -> Content:
        style = self.get_visual_style("toggle--button")
        side = VisualStyle(foreground=style.background, background=self.background_colors[1])
        return Content.assemble(
            (self.BUTTON_LEFT, side), (self.BUTTON_INNER if self.value else " ", style), (self.BUTTON_RIGHT, side)
        )


class SetupScreen(Screen[None]):
    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.saved: str | None = None  # the autosaved game's summary, read once the screen is drawn
        self.has_save = autosave_path().exists()
        self.form = Form()

    def compose(self) -> ComposeResult:
        form = self.form
        yield TooSmall(self.game.glyphs.ascii)
        with Vertical(classes="body"), Vertical(id="setup", classes="dialog") as box:
            box.border_title = _("A new game")
            yield Plain(TITLE, id="title")
            yield Plain(_(SUBTITLE), id="subtitle")
            with Horizontal(classes="row", id="players-row"):
                # translators: the set-up screen's labels on the left are at most 9 letters long
                yield Label(_("Players"), classes="field")
                with RadioSet(id="players"):
                    for n in range(1, MAX_PLAYERS + 1):
                        yield Choice(str(n), value=n == form.players, id=f"players-{n}")
            for i in range(form.players):  # a row a seat; the others come when more players are chosen
                yield self._seat_row(i)
            with Horizontal(classes="row", id="game-row"):
                yield Label(_("Game"), classes="field")
                with RadioSet(id="variant"):
                    yield Choice(_("Full game"), value=not form.short, id="variant-full")
                    yield Choice(_("Short game"), value=form.short, id="variant-short")
            with Horizontal(classes="row"):
                # translators: the number that deals a game (a random seed)
                yield Label(_("Seed"), classes="field")
                seed_help = _("optional: a number deals the same game again")
                yield LineInput(form.seed, placeholder=seed_help, id="seed", type="integer")
            with Horizontal(classes="row", id="language-row"):
                yield Label(_("Language"), classes="field")
                with RadioSet(id="language"):  # each language in its own words
                    for lang in LANGUAGES:
                        yield Choice(language_name(lang), value=lang == language(), id=f"language-{lang}")
            yield Plain(id="setup-error")
            yield Plain(self._saved_line(), id="saved")
            with Horizontal(classes="buttons"):
                yield Button(_("Start"), id="start", variant="primary")
                yield Button(_("Tutorial"), id="tutorial")
                yield Button(_("Continue"), id="continue", disabled=not self.has_save)
                yield Button(_("Quit"), id="quit")
        yield Keys()

    def _seat_row(self, i: int, compact: bool = False) -> Horizontal:
        """One seat's row: the name, and who plays it."""
        kinds = [(seat_kind_name(k), k) for k in SEAT_KINDS]
        name = LineInput(self.form.names[i], id=f"name-{i}", classes="name", max_length=12)
        kind: Select[str] = Select(kinds, value=self.form.seats[i], allow_blank=False, id=f"seat-{i}", classes="seat")
        name.compact = kind.compact = compact
        label = Label(_("Player {n}").format(n=i + 1), classes="field")
        return Horizontal(label, name, kind, classes="row seat-row", id=f"seat-row-{i}")

    def _names(self) -> list[str]:
        """Each seat's name as typed (a row not drawn yet keeps the form's)."""
        return [
            next((box.value for box in self.query(f"#name-{i}").results(Input)), self.form.names[i])
            for i in range(MAX_PLAYERS)
        ]

    def _kinds(self) -> list[str]:
        """Who plays each seat (a row not drawn yet keeps the form's)."""
        return [
            next((str(box.value) for box in self.query(f"#seat-{i}").results(Select)), self.form.seats[i])
            for i in range(MAX_PLAYERS)
        ]

    def _saved_line(self) -> str:
        if self.saved is None:
            return "" if self.has_save else _("No saved game yet.")
        return _("Saved game: {game}.").format(game=self.saved)

    def refresh_saved(self) -> None:
        """The autosaved game may have changed while this screen was covered."""
        self.saved = autosave_summary()
        self.has_save = self.saved is not None
        # read after the first frame: the screen may have gone meanwhile (a game started)
        for line in self.query("#saved").results(Plain):
            line.update(self._saved_line())
        for button in self.query("#continue").results(Button):
            button.disabled = self.saved is None

    def on_mount(self) -> None:
        self._arrange()
        self.query_one("#start", Button).focus()
        if self.has_save:
            self.call_after_refresh(self.refresh_saved)

    def _arrange(self) -> None:
        """The rows of the players chosen, the fields for the terminal's height."""
        self._show_names(self.form.players)
        self._fit(self.app.size.height)
        for radios in self.query(RadioSet):
            # the keyboard's mark on the chosen button, not on the first one
            radios._selected = radios.pressed_index  # noqa: SLF001 - RadioSet has no public setter

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
        for widget in fields:
            widget.compact = compact
        self.set_class(compact, "-compact-form")

    def _players(self) -> int:
        pressed = self.query_one("#players", RadioSet).pressed_button
        return int(str(pressed.label)) if pressed is not None else 2

    def _show_names(self, n: int) -> None:
        """The rows of `n` seats shown; rows never drawn yet are drawn now (the screen opens
        with the rows of the players chosen only: it is drawn faster so)."""
        rows = list(self.query(".seat-row"))
        for row in rows:
            row.display = int(str(row.id).rpartition("-")[2]) < n
        if n > len(rows):
            compact = self.has_class("-compact-form")
            new = [self._seat_row(i, compact) for i in range(len(rows), n)]
            self.query_one("#setup").mount(*new, after=rows[-1] if rows else "#players-row")

    @on(RadioSet.Changed, "#players")
    def players_changed(self) -> None:
        self._show_names(self._players())

    @on(RadioSet.Changed, "#language")
    def language_changed(self, event: RadioSet.Changed) -> None:
        """A language chosen: the screens are drawn again in it at once, and it is remembered."""
        self.post_message(LanguageChosen(LANGUAGES[event.index]))

    async def redraw_words(self) -> None:
        """Draw the form again in the reader's language, keeping what was filled in."""
        self.form = Form(
            players=self._players(),
            names=self._names(),
            seats=self._kinds(),
            short=self.query_one("#variant-short", RadioButton).value,
            seed=self.query_one("#seed", Input).value,
        )
        self.saved = autosave_summary()
        self.has_save = self.saved is not None
        await self.recompose()
        self._arrange()
        self.query_one("#language", RadioSet).focus()

    def seats(self) -> list[str]:
        """Who plays each seat: a person or a kind of bot."""
        return self._kinds()[: self._players()]

    def setup(self) -> Setup:
        from ...engine.setup import Setup

        n = self._players()
        names = [name.strip() or DEFAULT_NAMES[i] for i, name in enumerate(self._names()[:n])]
        variant = "short" if self.query_one("#variant-short", RadioButton).value else "full"
        raw = self.query_one("#seed", Input).value.strip()
        seed = int(raw) if raw else None
        if seed is None:
            import random

            seed = random.SystemRandom().randrange(1_000_000)
        return Setup(players=n, variant=variant, names=names, seed=seed)

    @on(Button.Pressed, "#start")
    def start(self) -> None:
        from pydantic import ValidationError

        from ...session import Session

        try:
            setup = self.setup()
        except ValidationError as exc:
            msg = exc.errors()[0]["msg"].removeprefix("Value error, ")
            self.query_one("#setup-error", Plain).update(msg[:1].upper() + msg[1:] + ".")
            return
        except ValueError:
            self.query_one("#setup-error", Plain).update(_("The seed must be a whole number."))
            return
        self.post_message(GameChosen(Session.new(setup, autosave=autosave_path(), seats=self.seats())))

    @on(Button.Pressed, "#continue")
    def resume(self) -> None:
        from ...session import SaveError, Session

        try:
            session = Session.load(autosave_path(), autosave=autosave_path())
        except SaveError as exc:
            self.query_one("#setup-error", Plain).update(str(exc))
            return
        self.post_message(GameChosen(session, greet=True))

    @on(Button.Pressed, "#tutorial")
    def tutorial(self) -> None:
        """The rulebook's first round, step by step (the saved game stays as it is)."""
        from ...tutorial import TutorialSession

        self.post_message(GameChosen(TutorialSession.start()))

    @on(Button.Pressed, "#quit")
    def quit(self) -> None:
        self.app.exit()
