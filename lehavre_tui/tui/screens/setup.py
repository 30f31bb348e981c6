"""Setting up a game: 1–5 players with names, full or short game, a seed; or continue.

The screen shows no game, so it opens without the engine's models and rules (nor pydantic):
they are imported when a game is started, and the autosaved game is read for its summary
once the screen is on view (tests/tui/test_following.py keeps it so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events, on
from textual.containers import Vertical
from textual.screen import Screen

from ...engine.players import DEFAULT_NAMES
from ...places import autosave_path
from ...text import _
from ..game import Game
from ..messages import GameChosen
from ..setup_form import Form, SetupForm
from .common import Keys, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from ...engine.setup import Setup

ROOMY_HEIGHT = 42  # from this many lines the form has a blank line between its groups of rows


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


class SetupScreen(Screen[None]):
    """The form of a new game (drawn by one widget: it opens fast), the tutorial, and the
    autosaved game to continue."""

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.has_save = autosave_path().exists()
        self.form = Form()

    def compose(self) -> ComposeResult:
        yield TooSmall(self.game.glyphs.ascii)
        with Vertical(classes="body"), Vertical(id="setup", classes="dialog") as box:
            box.border_title = _("A new game")
            form = SetupForm(self.form, ascii=self.game.glyphs.ascii, id="setup-form")
            form.show_saved("" if self.has_save else _("No saved game yet."), self.has_save)
            yield form
        yield Keys()

    @property
    def form_widget(self) -> SetupForm:
        return self.query_one(SetupForm)

    def on_mount(self) -> None:
        self._fit(self.app.size.height)
        self.form_widget.focus()
        if self.has_save:
            self.call_after_refresh(self.refresh_saved)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.height)

    def _fit(self, height: int) -> None:
        self.form_widget.set_roomy(height >= ROOMY_HEIGHT)

    def refresh_saved(self) -> None:
        """The autosaved game may have changed while this screen was covered."""
        saved = autosave_summary()
        self.has_save = saved is not None
        line = _("Saved game: {game}.").format(game=saved) if saved is not None else _("No saved game yet.")
        # read after the first frame: the screen may have gone meanwhile (a game started)
        for form in self.query(SetupForm).results():
            form.show_saved(line, self.has_save)

    async def redraw_words(self) -> None:
        """Draw the screen again in the reader's language; what was filled in stays, and the
        keyboard stays where it was."""
        stop = self.form_widget.stop
        await self.recompose()
        self._fit(self.app.size.height)
        form = self.form_widget
        form.go(stop)
        form.focus()
        self.refresh_saved()

    def seats(self) -> list[str]:
        """Who plays each seat: a person or a kind of bot."""
        return self.form.seats[: self.form.players]

    def setup(self) -> Setup:
        from ...engine.setup import Setup

        n = self.form.players
        names = [name.strip() or DEFAULT_NAMES[i] for i, name in enumerate(self.form.names[:n])]
        raw = self.form.seed.strip()
        seed = int(raw) if raw else None
        if seed is None:
            import random

            seed = random.SystemRandom().randrange(1_000_000)
        return Setup(players=n, variant="short" if self.form.short else "full", names=names, seed=seed)

    @on(SetupForm.Pressed)
    def pressed(self, event: SetupForm.Pressed) -> None:
        {"start": self.start, "continue": self.resume, "tutorial": self.tutorial, "quit": self.quit}[event.button]()

    def start(self) -> None:
        from pydantic import ValidationError

        from ...session import Session

        try:
            setup = self.setup()
        except ValidationError as exc:
            msg = exc.errors()[0]["msg"].removeprefix("Value error, ")
            self.form_widget.show_notice(msg[:1].upper() + msg[1:] + ".")
            return
        self.post_message(GameChosen(Session.new(setup, autosave=autosave_path(), seats=self.seats())))

    def resume(self) -> None:
        from ...session import SaveError, Session

        try:
            session = Session.load(autosave_path(), autosave=autosave_path())
        except SaveError as exc:
            self.form_widget.show_notice(str(exc))
            return
        self.post_message(GameChosen(session, greet=True))

    def tutorial(self) -> None:
        """The rulebook's first round, step by step (the saved game stays as it is)."""
        from ...tutorial import TutorialSession

        self.post_message(GameChosen(TutorialSession.start()))

    def quit(self) -> None:
        self.app.exit()
