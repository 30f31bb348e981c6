"""The review of the game, opened from the scores: the moves that cost most against the
expert's estimate (bots/review.py). The expert thinks in a thread; the game is not changed."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, ClassVar

from textual import on, work
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button
from textual.worker import get_current_worker

from ...bots.review import PLAYOUTS, ReviewStopped, review_game, review_text, reviewed_seats
from ...text import N_, _, render
from .common import Plain, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from ...session import Session
    from ..game import Game


class ReviewScreen(ModalScreen[None]):
    """Each human's costliest moves (every seat's when no human plays); Esc goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Back to the scores")),
    ]
    AUTO_FOCUS = "#review-scroll"  # the arrows and page keys scroll the review
    playouts = PLAYOUTS  # the expert's trial games a move

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        yield TooSmall(self.game.glyphs.ascii)
        with Vertical(id="review", classes="body dialog") as box:
            box.border_title = _("Review of the game")
            with VerticalScroll(id="review-scroll"):
                yield Plain(_("The expert is looking at the game; this takes a little while…"), id="review-text")
            with Horizontal(classes="buttons"):
                yield Button(_("Esc: back to the scores"), id="review-close")

    def on_mount(self) -> None:
        session = self.game.table
        if session is not None:
            self._review(session)

    @work(thread=True, group="review", exclusive=True)
    def _review(self, session: Session) -> None:
        worker = get_current_worker()
        try:
            seats = reviewed_seats(session.state.names, session.seats, None)
            reviews = review_game(
                session.setup, list(session.actions), seats, playouts=self.playouts, stop=lambda: worker.is_cancelled
            )
            text = "\n".join(render(line) for line in review_text(reviews))
        except ReviewStopped:  # the window was closed: nobody is waiting for the review
            return
        except Exception as exc:  # noqa: BLE001 - told, never raised into the table
            text = _("No review this time: {reason}").format(reason=str(exc) or type(exc).__name__)
        with contextlib.suppress(RuntimeError):
            self.app.call_from_thread(self._show, text)

    def _show(self, text: str) -> None:
        with contextlib.suppress(Exception):
            self.query_one("#review-text", Plain).update(text)

    @on(Button.Pressed, "#review-close")
    def action_close(self) -> None:
        self.workers.cancel_node(self)  # the expert stops after the move it is searching
        self.dismiss()
