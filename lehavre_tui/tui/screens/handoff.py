"""Hotseat handoff: whose turn it is now, and what happened since that player's last turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button

from ...engine.message import Count
from ...engine.scoring import score
from ...text import N_, _, render
from ..game import Game
from ..view import escape, food_view, phase_line
from .common import Plain, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult


class HandoffScreen(ModalScreen[None]):
    """Whose turn it is now. The table keeps one of these and shows it again for every
    handoff (`show`): composing, styling and later taking down a new window each time would
    make every change of hands slower."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", N_("Back to the table")),
    ]

    def __init__(self, game: Game, seat: int, since: list[str], *, greet: bool = False) -> None:
        super().__init__()
        self.game = game
        self.seat = seat
        self.since = since
        self.greet = greet

    def compose(self) -> ComposeResult:
        yield TooSmall(self.game.glyphs.ascii)
        with Vertical(id="handoff", classes="body dialog"):
            yield Plain(id="handoff-phase")
            yield Plain(id="handoff-status")
            yield Plain(id="handoff-since", classes="label")
            with VerticalScroll(id="handoff-lines"):
                yield Plain(id="handoff-text")
            yield Plain(id="handoff-typed", classes="warning")
            yield Button(id="handoff-go", variant="primary")

    def on_mount(self) -> None:
        self._fill()

    def show(self, seat: int, since: list[str], *, greet: bool = False) -> None:
        """The handoff to `seat` (shown when the screen is pushed)."""
        self.seat, self.since, self.greet = seat, since, greet
        if self.is_mounted:
            self._fill()

    def _fill(self) -> None:
        s = self.game.table
        assert s is not None
        state = s.state
        seat = self.seat
        name = state.players[seat].name
        box = self.query_one("#handoff")
        for i in range(5):
            box.set_class(i == seat, f"seat-{i}")
        box.border_title = _("{player} to play").format(player=escape(name))
        f = food_view(state, seat)
        p = state.players[seat]
        if self.greet:
            phase = _("Welcome back. Round {round} of {rounds}, {phase}.")
        else:
            phase = _("Pass the keyboard to {player}. Round {round} of {rounds}, {phase}.")
        self.query_one("#handoff-phase", Plain).update(
            phase.format(player=name, round=state.round, rounds=state.rounds_total, phase=phase_line(state))
        )
        self.query_one("#handoff-status", Plain).update(
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
                wealth=score(state, seat).total,
            )
        )
        self.query_one("#handoff-since", Plain).update(
            _("Since your last turn:") if self.since else _("Nothing has happened since your last turn.")
        )
        self.query_one("#handoff-text", Plain).update("\n".join(self.since[-40:]))
        button = self.query_one("#handoff-go", Button)
        button.label = _("{player} is at the keyboard: play (Enter)").format(player=escape(name))
        button.focus()
        typed = self.query_one("#handoff-typed", Plain)
        typed.update("")
        typed.display = False  # takes a line only when there is something to say
        self.query_one("#handoff-lines").scroll_end(animate=False)

    def on_key(self, event: events.Key) -> None:
        """Typing here is kept out of the game: the keys may still be the last player's, and
        the window is there so that the next one is at the keyboard. Not silently, though:
        the window says that the turn starts with Enter."""
        if not event.is_printable or not event.character:
            return
        event.stop()
        event.prevent_default()
        name = self.game.table.state.players[self.seat].name if self.game.table else ""
        typed = self.query_one("#handoff-typed", Plain)
        typed.display = True
        typed.update(
            _("Nothing typed here is played: {player}'s turn starts with Enter; then type in the command bar.").format(
                player=name
            )
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss()
