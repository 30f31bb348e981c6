"""The tutorial at the table: the lesson's panel over the real table, and its last window.

The panel sits at the top of the table: the step, what the last move did, and what to do
now (F7 folds it to one line and opens it again). The learner plays all three seats, so no
handoff window opens; the feeding window opens as in any game. After the round's feeding a
window offers a short game against a bot, the set-up screen, or this table to play on.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button

from ...engine.setup import Setup
from ...session import Session, autosave_path
from ...text import N_, _
from ...tutorial import INTRO, STEPS, TutorialSession
from ..game import Game
from ..messages import GameChosen, SetupRequested
from ..widgets import TableWidget
from .common import Plain, TooSmall
from .table import TableScreen

if TYPE_CHECKING:
    from textual.app import ComposeResult

DONE = N_("You played the rulebook's first round. The table is yours now: play on with all three, or ctrl+q to quit.")


# The game in short, after the lesson: a point a line.
IN_SHORT = (
    N_(
        "· A turn: 'supply' (your ship moves on, goods arrive on the offer spaces), then one main "
        "action: 'take' one offer space, or 'enter' a building (paying its entry fee unless it is yours)."
    ),
    N_("· Buying, selling and repaying loans are extra actions, any time in your turn; then 'end'."),
    N_("· When a ship reaches the Interest chit, every player with a loan pays 1 franc."),
    N_(
        "· After seven turns the round ends: harvest (not in every round), feeding, sometimes a "
        "building for the town, and a new ship comes into play."
    ),
)


class LessonPanel(TableWidget):
    """Step N of M, what just happened, what to do now; one line when folded."""

    SCOPED_CSS = False  # the rules below name the screen's size classes
    DEFAULT_CSS = """
    LessonPanel {
        dock: top;
        height: auto;
        max-height: 7;
        padding: 0 1;
        background: $boost;
    }
    Screen.-too-narrow > LessonPanel, Screen.-too-short > LessonPanel { display: none; }
    """

    @property
    def lesson(self) -> TutorialSession:
        return cast(TutorialSession, self.session)

    folded = False  # set by the screen, which keeps it for a table rearranged for a new size

    def signature(self) -> object:
        return (self.session.moves, self.folded)

    def render(self) -> Text:
        s = self.lesson
        step = s.step
        text = Text()
        lesson = _("Lesson {step}/{steps}").format(step=s.number, steps=len(STEPS))
        text.append(lesson if step else _("Lesson done"), self.st("label"))
        if self.folded:
            if step is not None:
                text.append("  " + _("type '{command}'").format(command=step.command), self.st("strong"))
            text.append("  " + _("(F7: the explanation)"), self.st("dim"))
            return text
        last = s.last
        text.append("  " + _("Just now:") + " ", self.st("dim"))
        text.append(_(last.done if last is not None else INTRO))
        text.append("\n" + (_("To do:") if step is not None else _("Next:")) + " ", self.st("strong"))
        text.append(_(step.do if step is not None else DONE))
        if last is None:  # the keys, once (the footer keeps F7 and F4 in view)
            text.append("  " + _("(F7 folds this panel, F4 puts the move in the bar)"), self.st("dim"))
        return text


class TutorialTable(TableScreen):
    """The real table with the lesson's panel on top."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f7", "fold_lesson", N_("Lesson")),
    ]

    _ended = False  # the last window has been shown
    lesson_folded = False  # F7: the panel shows one line

    def compose(self) -> ComposeResult:
        panel = LessonPanel(self.game)
        panel.folded = self.lesson_folded
        yield panel
        yield from super().compose()

    def action_fold_lesson(self) -> None:
        self.lesson_folded = not self.lesson_folded
        self.query_one(LessonPanel).folded = self.lesson_folded
        self.query_one(LessonPanel).sync()

    def sync(self) -> None:
        super().sync()  # the panel is a TableWidget: drawn again with the rest
        session = self.game.table
        if isinstance(session, TutorialSession) and session.finished and not self._ended:
            self._ended = True
            # after the game's own windows (the feeding) have closed
            self.app.call_later(self.app.push_screen, LessonDone(self.game))


class LessonDone(ModalScreen[None]):
    """The round is done: a short game against a bot, the set-up, or this table."""

    DEFAULT_CSS = """
    #lesson-done { max-width: 100%; }
    #lesson-done-words { height: auto; max-height: 60vh; }  /* the buttons stay in view */
    #lesson-done-last, #lesson-done-text { margin-bottom: 1; }
    #lesson-done-head { text-style: bold; }
    """

    # The buttons have the keyboard; the arrows and the page keys scroll the words above them
    # (at 80×24 the last paragraph is below the window's fold).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", N_("Stay at this table")),
        Binding("up", "scroll_words('up')", show=False),
        Binding("down", "scroll_words('down')", show=False),
        Binding("pageup", "scroll_words('page_up')", show=False),
        Binding("pagedown", "scroll_words('page_down')", show=False),
        Binding("home", "scroll_words('home')", show=False),
        Binding("end", "scroll_words('end')", show=False),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def action_scroll_words(self, how: str) -> None:
        words = self.query_one("#lesson-done-words", VerticalScroll)
        getattr(words, f"scroll_{how}")(animate=False)

    def compose(self) -> ComposeResult:
        yield TooSmall(self.game.glyphs.ascii)
        with Vertical(id="lesson-done", classes="body dialog") as box:
            box.border_title = _("Round 1 is done")
            with VerticalScroll(id="lesson-done-words"):
                yield Plain(_(STEPS[-1].done), id="lesson-done-last")
                yield Plain(
                    _("You played the rulebook's first round, every move of it. In short:"),
                    id="lesson-done-head",
                )
                yield Plain(
                    "\n".join(_(line) for line in IN_SHORT),
                    id="lesson-done-text",
                )
                yield Plain(
                    _("Next: a short game for two against the medium bot, or a game of your own from the set-up."),
                    id="lesson-done-next",
                )
            with Horizontal(classes="buttons"):
                yield Button(_("Short game against a bot"), id="lesson-bot", variant="primary")
                yield Button(_("Set-up"), id="lesson-setup")
                yield Button(_("Stay at this table"), id="lesson-stay")

    def on_mount(self) -> None:
        self.query_one("#lesson-bot", Button).focus()

    @on(Button.Pressed, "#lesson-bot")
    def bot_game(self) -> None:
        """Two players, the short game: the learner against the medium bot."""
        setup = Setup(players=2, variant="short", seed=random.SystemRandom().randrange(1_000_000))
        session = Session.new(setup, autosave=autosave_path(), seats=["human", "medium"])
        self.post_message(SetupRequested())  # the lesson's table goes away
        self.post_message(GameChosen(session))

    @on(Button.Pressed, "#lesson-setup")
    def setup(self) -> None:
        self.post_message(SetupRequested())

    @on(Button.Pressed, "#lesson-stay")
    def stay(self) -> None:
        self.dismiss()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss()
