"""One building card in full: names in three languages, numbers, fee, cost, text, where it is."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.table import Table
from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button

from ...commands import complete
from ...commands.now import card_location
from ..view import card, cost_text, fee_short, price_text, symbol_words
from .common import Plain, ReadingWindow, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from ..app import LeHavreApp


class CardScreen(ReadingWindow):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Close")]

    def __init__(self, card_id: str) -> None:
        super().__init__()
        self.card_id = card_id

    @property
    def game(self) -> LeHavreApp:
        return cast("LeHavreApp", self.app)

    def compose(self) -> ComposeResult:
        c = card(self.card_id)
        g = self.game.glyphs
        session = self.game.session
        facts = Table.grid(padding=(0, 2))
        facts.add_column(no_wrap=True)
        facts.add_column()
        facts.add_row("Polish", c.name_pl)
        facts.add_row("Czech", c.name_cs)
        facts.add_row("Type", c.type)
        facts.add_row("Symbols", symbol_words(c) or g.dash)
        facts.add_row("Value", str(c.value))
        facts.add_row("Price", price_text(c, g))
        facts.add_row("Building cost", cost_text(c.cost))
        facts.add_row("Entry", fee_short(c, g))
        if session is not None:
            facts.add_row("Now", card_location(self.card_id, session.state))
        moves: list[str] = []
        if session is not None:
            label = self.card_id.replace("_", "-")
            moves = [m for m in complete("", session.state) if label in m.split()][:4]
        yield TooSmall()
        with Vertical(id="card", classes="body dialog") as box:
            box.border_title = f"{c.number} {c.name}"
            yield Plain(facts, id="card-facts")
            yield Plain(Text(c.text), id="card-text")
            with Horizontal(classes="buttons"):
                for i, move in enumerate(moves):
                    yield Button(move, id=f"move-{i}", classes="move")
                yield Button("Close", id="card-close", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#card-close", Button).focus()

    @on(Button.Pressed, ".move")
    def use(self, event: Button.Pressed) -> None:
        move = str(event.button.label)
        self.dismiss()
        self.game.action_fill(move)

    @on(Button.Pressed, "#card-close")
    def close(self) -> None:
        self.dismiss()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss()
