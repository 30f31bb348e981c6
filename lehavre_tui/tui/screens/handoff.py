"""Hotseat handoff: whose turn it is now, and what happened since that player's last turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button

from ...engine.scoring import score
from ...engine.words import francs_text, plural
from ..view import escape, food_view, phase_line
from .common import Plain, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from ..app import LeHavreApp


class HandoffScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Back to the table"),
    ]

    def __init__(self, seat: int, since: list[str], *, greet: bool = False) -> None:
        super().__init__()
        self.seat = seat
        self.since = since
        self.greet = greet

    def compose(self) -> ComposeResult:
        app = cast("LeHavreApp", self.app)
        assert app.session is not None
        s = app.session.state
        name = s.players[self.seat].name
        yield TooSmall()
        with Vertical(id="handoff", classes=f"body dialog seat-{self.seat}") as box:
            box.border_title = f"{escape(name)} to play"
            f = food_view(s, self.seat)
            p = s.players[self.seat]
            yield Plain(
                f"{'Welcome back. ' if self.greet else f'Pass the keyboard to {name}. '}"
                f"Round {s.round} of {s.rounds_total}, {phase_line(s)}.",
                id="handoff-phase",
            )
            yield Plain(
                f"{name}: {francs_text(p.francs)}, {plural(p.loans, 'loan')}; "
                f"food due this round {f.due}, on hand {f.goods} in food and {francs_text(f.francs)}; "
                f"wealth so far {score(s, self.seat).total}.",
                id="handoff-status",
            )
            yield Plain(
                "Since your last turn:" if self.since else "Nothing has happened since your last turn.",
                classes="label",
            )
            with VerticalScroll(id="handoff-lines"):
                yield Plain("\n".join(self.since[-40:]), id="handoff-text")
            yield Button(f"{escape(name)} is at the keyboard: play (Enter)", id="handoff-go", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#handoff-go", Button).focus()
        self.query_one("#handoff-lines").scroll_end(animate=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss()
