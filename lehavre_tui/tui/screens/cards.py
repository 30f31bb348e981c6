"""A list of the buildings on the table; choosing one shows the card in full."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ...text import N_, _
from ..game import Game
from ..messages import CardRequested
from ..view import card, escape, name
from .common import ReadingWindow, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult


class CardsScreen(ReadingWindow):
    """The buildings on the table, by owner; Enter on one shows its card."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", N_("Close"))]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        assert self.game.table is not None
        s = self.game.table.state
        options: list[Option | None] = []

        def add(title: str, ids: list[str]) -> None:
            if not ids:
                return
            if options:
                options.append(None)
            options.append(Option(escape(title), disabled=True))
            for b in sorted(ids, key=lambda x: card(x).number):
                c = card(b)
                options.append(Option(escape(f"  {c.number} {name(b)}"), id=b))

        add(_("Town"), s.town_buildings())
        for seat, p in enumerate(s.players):
            add(p.name, s.buildings_of(seat))
        for i, st in enumerate(s.proposals):
            add(_("Proposal stack {stack}").format(stack=i + 1), list(st))
        yield TooSmall(self.game.glyphs.ascii)
        with Vertical(id="cards", classes="body dialog") as box:
            box.border_title = _("Cards on the table (Enter shows one)")
            yield OptionList(*options, id="cards-list")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.post_message(CardRequested(event.option.id))

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss()
