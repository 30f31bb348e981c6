"""The end of the game: each player's wealth, item by item, and who wins."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.console import Group, RenderableType
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button

from ...engine.scoring import Score
from ...text import _
from .common import Plain, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from ..app import LeHavreApp


def breakdown(scores: list[Score]) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("Wealth", no_wrap=True, min_width=24)
    for sc in scores:
        table.add_column(Text(sc.name), justify="right", no_wrap=True, min_width=8)
    table.add_row("Buildings", *[str(sc.buildings) for sc in scores])
    table.add_row("Ships", *[str(sc.ships) for sc in scores])
    bonus_cards = sorted({name for sc in scores for name in sc.bonuses})
    for name in bonus_cards:
        table.add_row(f"Bonus: {name}", *[str(sc.bonuses.get(name, "")) for sc in scores])
    table.add_row("Francs", *[str(sc.francs) for sc in scores])
    table.add_row("Loans (−7 each)", *[str(sc.loans) for sc in scores], end_section=True)
    table.add_row(Text("Total"), *[Text(str(sc.total)) for sc in scores])
    return table


def breakdown_by_player(scores: list[Score]) -> RenderableType:
    """The same wealth a player a row (for a narrow window): the bonuses summed, and named
    under the table."""
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("Player", no_wrap=True)
    for head in ("Buildings", "Ships", "Bonuses", "Francs", "Loans", "Total"):
        table.add_column(head, justify="right", no_wrap=True)
    for sc in scores:
        table.add_row(
            Text(sc.name),
            str(sc.buildings),
            str(sc.ships),
            str(sum(sc.bonuses.values())),
            str(sc.francs),
            str(sc.loans),
            Text(str(sc.total), style="bold"),
        )
    notes = [
        f"{sc.name}: " + ", ".join(f"{name} {value}" for name, value in sorted(sc.bonuses.items()))
        for sc in scores
        if sc.bonuses
    ]
    note = Text("Loans count −7 each." + ("\nBonuses: " + "; ".join(notes) + "." if notes else ""))
    return Group(table, note)


class Breakdown(Widget):
    """Each player's wealth item by item: a column a player where the window is wide enough,
    else a row a player."""

    DEFAULT_CSS = "Breakdown { height: auto; }"

    def __init__(self, scores: list[Score], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.scores = scores

    def render(self) -> RenderableType:
        wide = breakdown(self.scores)
        console = self.app.console
        lines = console.render_lines(wide, console.options.update_width(10_000), pad=False)
        if max((Segment.get_line_length(line) for line in lines), default=0) <= self.size.width:
            return wide
        return breakdown_by_player(self.scores)


def winners_sentence(scores: list[Score], winners: list[int]) -> str:
    names = [scores[i].name for i in winners]
    best = scores[winners[0]].total
    if len(names) == 1:
        return f"{names[0]} wins with {best}."
    return f"{' and '.join(names)} share the win with {best} each."


def records_block(variant: str, rank: int | None, best: list[tuple[str, int]]) -> Text:
    """The best solo scores of the variant, this game's place marked."""
    text = Text(f"Your best solo scores ({variant} game)   ", style="bold")
    if rank == 1:
        text.append("New best!", style="bold reverse")
    elif rank is not None:
        text.append(f"This game is number {rank}.", style="bold")
    elif best:
        text.append("This game is not among them.", style="dim")
    for i, (name, total) in enumerate(best, 1):
        mine = i == rank
        line = f"\n{'▸' if mine else ' '} {i:>2}. {name:<14} {total:>4}"
        text.append(line, style="bold reverse" if mine else "")
    if not best:
        text.append("\nNone yet.", style="dim")
    return text


class ScoringScreen(ModalScreen[None]):
    """The final scores stay until the player picks where to go: named keys or the buttons,
    never a stray Enter or Escape (no button has the keyboard when the window opens)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "look", "Look at the table"),
        Binding("r", "review", "Review the game"),
        Binding("n", "new_game", "New game"),
        Binding("q", "quit", "Quit"),
    ]
    AUTO_FOCUS = ""

    @property
    def game(self) -> LeHavreApp:
        return cast("LeHavreApp", self.app)

    def compose(self) -> ComposeResult:
        session = self.game.session
        assert session is not None
        scores = session.scores()
        yield TooSmall()
        with Vertical(id="scoring", classes="body dialog") as box:
            box.border_title = "The game is over"
            yield Plain(winners_sentence(scores, session.winners()), id="winners")
            yield Breakdown(scores, id="breakdown")
            yield Plain("Goods count only through a card's bonus; ties are not broken.", classes="dim")
            if session.state.num_players == 1:
                rank, best = self.game.solo_records()
                yield Plain(records_block(session.state.variant, rank, best), id="solo-records")
            with Horizontal(classes="buttons"):
                yield Button("t: look at the table", id="score-table")
                yield Button(_("r: review"), id="score-review")
                yield Button("n: new game", id="score-new", variant="primary")
                yield Button("q: quit", id="score-quit")

    @on(Button.Pressed, "#score-table")
    def action_look(self) -> None:
        """The table behind the scores; 'scores' in the command bar brings them back."""
        self.dismiss()

    @on(Button.Pressed, "#score-review")
    def action_review(self) -> None:
        """The moves that cost most against the expert's estimate (the game is not changed)."""
        from .review import ReviewScreen

        self.app.push_screen(ReviewScreen())

    @on(Button.Pressed, "#score-new")
    def action_new_game(self) -> None:
        self.game.show_setup()

    @on(Button.Pressed, "#score-quit")
    def action_quit(self) -> None:
        self.game.exit()
