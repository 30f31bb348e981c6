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
    """Whose turn it is now. The table keeps one of these and shows it again for every
    handoff (`show`): composing, styling and later taking down a new window each time would
    make every change of hands slower."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Back to the table"),
    ]

    def __init__(self, seat: int, since: list[str], *, greet: bool = False) -> None:
        super().__init__()
        self.seat = seat
        self.since = since
        self.greet = greet

    @property
    def game(self) -> LeHavreApp:
        return cast("LeHavreApp", self.app)

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="handoff", classes="body dialog"):
            yield Plain(id="handoff-phase")
            yield Plain(id="handoff-status")
            yield Plain(id="handoff-since", classes="label")
            with VerticalScroll(id="handoff-lines"):
                yield Plain(id="handoff-text")
            yield Button(id="handoff-go", variant="primary")

    def on_mount(self) -> None:
        self._fill()

    def show(self, seat: int, since: list[str], *, greet: bool = False) -> None:
        """The handoff to `seat` (shown when the screen is pushed)."""
        self.seat, self.since, self.greet = seat, since, greet
        if self.is_mounted:
            self._fill()

    def _fill(self) -> None:
        s = self.game.session
        assert s is not None
        state = s.state
        seat = self.seat
        name = state.players[seat].name
        box = self.query_one("#handoff")
        for i in range(5):
            box.set_class(i == seat, f"seat-{i}")
        box.border_title = f"{escape(name)} to play"
        f = food_view(state, seat)
        p = state.players[seat]
        self.query_one("#handoff-phase", Plain).update(
            f"{'Welcome back. ' if self.greet else f'Pass the keyboard to {name}. '}"
            f"Round {state.round} of {state.rounds_total}, {phase_line(state)}."
        )
        self.query_one("#handoff-status", Plain).update(
            f"{name}: {francs_text(p.francs)}, {plural(p.loans, 'loan')}; "
            f"food due this round {f.due}, on hand {f.goods} in food and {francs_text(f.francs)}; "
            f"wealth so far {score(state, seat).total}."
        )
        self.query_one("#handoff-since", Plain).update(
            "Since your last turn:" if self.since else "Nothing has happened since your last turn."
        )
        self.query_one("#handoff-text", Plain).update("\n".join(self.since[-40:]))
        button = self.query_one("#handoff-go", Button)
        button.label = f"{escape(name)} is at the keyboard: play (Enter)"
        button.focus()
        self.query_one("#handoff-lines").scroll_end(animate=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss()
