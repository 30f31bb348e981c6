"""One building card in full: names in three languages, numbers, fee, cost, text, where it is."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button

from ...commands import complete
from ...commands.names import building_word
from ...commands.now import card_location
from ...engine.cards import BuildingCard
from ...text import N_, _, language, render
from ..game import Game
from ..messages import CommandFilled
from ..view import card, cost_text, escape, fee_short, name, price_text, symbol_words, text_of, type_name
from .common import Plain, ReadingWindow, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult


def other_names(c: BuildingCard) -> list[tuple[str, str]]:
    """The card's name in the two languages the reader is not reading: (language, name)."""
    names = {"en": (_("English"), c.name), "pl": (_("Polish"), c.name_pl), "cs": (_("Czech"), c.name_cs)}
    return [names[lang] for lang in ("en", "pl", "cs") if lang != language()]


class CardScreen(ReadingWindow):
    """A building card in full, with the moves that use it (a button puts one in the bar)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", N_("Close"))]

    def __init__(self, game: Game, card_id: str) -> None:
        super().__init__()
        self.game = game
        self.card_id = card_id

    def compose(self) -> ComposeResult:
        c = card(self.card_id)
        g = self.game.glyphs
        session = self.game.table
        facts = Table.grid(padding=(0, 2))
        facts.add_column(no_wrap=True)
        facts.add_column()
        for label, other_name in other_names(c):
            facts.add_row(label, other_name)
        facts.add_row(_("Type"), type_name(c.type))
        facts.add_row(_("Symbols"), symbol_words(c) or g.dash)
        facts.add_row(_("Value"), str(c.value))
        facts.add_row(_("Price"), price_text(c, g))
        facts.add_row(_("Building cost"), cost_text(c.cost))
        facts.add_row(_("Entry"), fee_short(c, g))
        if session is not None:
            facts.add_row(_("Now"), render(card_location(self.card_id, session.state)))
        moves: list[str] = []
        if session is not None:
            label = building_word(self.card_id, language())  # the word of the reader's lines
            moves = [m for m in complete("", session.state) if label in m.split()][:4]
        yield TooSmall(g.ascii)
        with Vertical(id="card", classes="body dialog") as box:
            box.border_title = escape(f"{c.number} {name(self.card_id)}")
            yield Plain(facts, id="card-facts")
            yield Plain(Text(text_of(self.card_id)), id="card-text")
            with Horizontal(classes="buttons"):
                for i, move in enumerate(moves):
                    yield Button(move, id=f"move-{i}", classes="move")
                yield Button(_("Close"), id="card-close", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#card-close", Button).focus()

    @on(Button.Pressed, ".move")
    def use(self, event: Button.Pressed) -> None:
        move = str(event.button.label)
        self.dismiss()
        self.post_message(CommandFilled(move))

    @on(Button.Pressed, "#card-close")
    def close(self) -> None:
        self.dismiss()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss()
