"""Hotseat handoff: whose turn it is now, and what happened since that player's last turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button

from ...engine.message import Count
from ...engine.scoring import score
from ...text import N_, _, render
from ..view import escape, food_view, phase_line
from .common import Plain, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from ..app import LeHavreApp


class HandoffScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", N_("Back to the table")),
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
            box.border_title = _("{player} to play").format(player=escape(name))
            f = food_view(s, self.seat)
            p = s.players[self.seat]
            if self.greet:
                phase = _("Welcome back. Round {round} of {rounds}, {phase}.")
            else:
                phase = _("Pass the keyboard to {player}. Round {round} of {rounds}, {phase}.")
            yield Plain(
                phase.format(player=name, round=s.round, rounds=s.rounds_total, phase=phase_line(s)),
                id="handoff-phase",
            )
            yield Plain(
                _(
                    "{player}: {francs}, {loans}; food due this round {due}, on hand {food} in food and "
                    "{food_francs}; wealth so far {wealth}."
                ).format(
                    player=name,
                    francs=render(Count(p.francs, "franc")),
                    loans=render(Count(p.loans, "loan")),
                    due=f.due,
                    food=f.goods,
                    food_francs=render(Count(f.francs, "franc")),
                    wealth=score(s, self.seat).total,
                ),
                id="handoff-status",
            )
            yield Plain(
                _("Since your last turn:") if self.since else _("Nothing has happened since your last turn."),
                classes="label",
            )
            with VerticalScroll(id="handoff-lines"):
                yield Plain("\n".join(self.since[-40:]), id="handoff-text")
            play = _("{player} is at the keyboard: play (Enter)").format(player=escape(name))
            yield Button(play, id="handoff-go", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#handoff-go", Button).focus()
        self.query_one("#handoff-lines").scroll_end(animate=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss()
