"""The end of the game: each player's wealth, item by item, and who wins."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

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

from ...engine.cards import content
from ...engine.message import Listing
from ...engine.scoring import Score
from ...text import N_, _, ngettext, render
from ..game import Game
from ..messages import SetupRequested
from ..seat_names import bot_label, seat_kind
from ..view import name as card_name
from .common import Plain, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult



def bonus_name(key: str) -> str:
    """The building a bonus comes from, in the reader's language (the scores name it by
    its card id or its English name)."""
    buildings = content().buildings
    if key in buildings:
        return card_name(key)
    for card_id, b in buildings.items():
        if b.name == key:
            return card_name(card_id)
    return key


def breakdown(scores: list[Score]) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    table.add_column(_("Wealth"), no_wrap=True, min_width=24)
    for sc in scores:
        table.add_column(Text(sc.name), justify="right", no_wrap=True, min_width=8)
    table.add_row(_("Buildings"), *[str(sc.buildings) for sc in scores])
    table.add_row(_("Ships"), *[str(sc.ships) for sc in scores])
    bonus_cards = sorted({key for sc in scores for key in sc.bonuses}, key=bonus_name)
    for key in bonus_cards:
        # translators: a row of the final scores: the bonus of a building ("Bonus: Bank")
        label = _("Bonus: {building}").format(building=bonus_name(key))
        table.add_row(label, *[str(sc.bonuses.get(key, "")) for sc in scores])
    table.add_row(_("Francs"), *[str(sc.francs) for sc in scores])
    table.add_row(_("Loans (−7 each)"), *[str(sc.loans) for sc in scores], end_section=True)
    table.add_row(Text(_("Total")), *[Text(str(sc.total)) for sc in scores])
    return table


def breakdown_by_player(scores: list[Score]) -> RenderableType:
    """The same wealth a player a row (for a narrow window): the bonuses summed, and named
    under the table."""
    table = by_player_table(scores)
    notes = [
        f"{sc.name}: " + ", ".join(f"{name} {value}" for name, value in sorted(bonus_items(sc)))
        for sc in scores
        if sc.bonuses
    ]
    note = _("Loans count −7 each.")
    if notes:
        note += "\n" + _("Bonuses: {bonuses}.").format(bonuses="; ".join(notes))
    return Group(table, Text(note))


def by_player_table(scores: list[Score]) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    table.add_column(_("Player"), no_wrap=True)
    for head in (N_("Buildings"), N_("Ships"), N_("Bonuses"), N_("Francs"), N_("Loans"), N_("Total")):
        table.add_column(_(head), justify="right", no_wrap=True)
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
    return table


def breakdown_in_lines(scores: list[Score]) -> Text:
    """The same in sentences, a player a line (where even a row a player is too wide: a
    narrow window and long words)."""
    lines = [
        _(
            "{player}: buildings {buildings}, ships {ships}, bonuses {bonuses}, francs {francs}, "
            "loans {loans}; total {total}."
        ).format(
            player=sc.name,
            buildings=sc.buildings,
            ships=sc.ships,
            bonuses=sum(sc.bonuses.values()),
            francs=sc.francs,
            loans=sc.loans,
            total=sc.total,
        )
        for sc in scores
    ]
    notes = [
        f"{sc.name}: " + ", ".join(f"{name} {value}" for name, value in sorted(bonus_items(sc)))
        for sc in scores
        if sc.bonuses
    ]
    if notes:
        lines.append(_("Bonuses: {bonuses}.").format(bonuses="; ".join(notes)))
    return Text("\n".join(lines))


def bonus_items(sc: Score) -> list[tuple[str, int]]:
    return [(bonus_name(key), value) for key, value in sc.bonuses.items()]


class Breakdown(Widget):
    """Each player's wealth item by item: a column a player where the window is wide enough,
    else a row a player."""

    DEFAULT_CSS = "Breakdown { height: auto; }"

    def __init__(self, scores: list[Score], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.scores = scores

    def render(self) -> RenderableType:
        wide = breakdown(self.scores)
        if self._width(wide) <= self.size.width:
            return wide
        if self._width(by_player_table(self.scores)) <= self.size.width:
            return breakdown_by_player(self.scores)
        return breakdown_in_lines(self.scores)

    def _width(self, renderable: RenderableType) -> int:
        console = self.app.console
        lines = console.render_lines(renderable, console.options.update_width(10_000), pad=False)
        return max((Segment.get_line_length(line) for line in lines), default=0)


def winners_sentence(scores: list[Score], winners: list[int]) -> str:
    names = [scores[i].name for i in winners]
    best = scores[winners[0]].total
    if len(names) == 1:
        return _("{player} wins with {points}.").format(player=names[0], points=best)
    players = render(Listing(tuple(names), "and"))
    shared = ngettext(
        "{players} share the win with {points} each.", "{players} share the win with {points} each.", len(names)
    )
    return shared.format(players=players, points=best)


def records_block(variant: str, rank: int | None, best: list[tuple[str, int]]) -> Text:
    """The best solo scores of the variant, this game's place marked."""
    short = variant == "short"
    head = _("Your best solo scores (short game)") if short else _("Your best solo scores (full game)")
    text = Text(head + "   ", style="bold")
    if rank == 1:
        text.append(_("New best!"), style="bold reverse")
    elif rank is not None:
        text.append(_("This game is number {rank}.").format(rank=rank), style="bold")
    elif best:
        text.append(_("This game is not among them."), style="dim")
    for i, (name, total) in enumerate(best, 1):
        mine = i == rank
        line = f"\n{'▸' if mine else ' '} {i:>2}. {name:<14} {total:>4}"
        text.append(line, style="bold reverse" if mine else "")
    if not best:
        text.append("\n" + _("None yet."), style="dim")
    return text


class ScoringScreen(ModalScreen[None]):
    """The final scores stay until the player picks where to go: named keys or the buttons,
    never a stray Enter or Escape (no button has the keyboard when the window opens)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "look", N_("Look at the table")),
        Binding("r", "review", N_("Review the game")),
        Binding("n", "new_game", N_("New game")),
        Binding("q", "quit", N_("Quit")),
    ]
    AUTO_FOCUS = ""

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        session = self.game.table
        assert session is not None
        seats = session.seats
        scores = [  # a bot is named with its level, as everywhere seats are listed
            sc.model_copy(update={"name": bot_label(sc.name, seat_kind(seats, sc.seat))})
            for sc in session.scores()
        ]
        yield TooSmall(self.game.glyphs.ascii)
        with Vertical(id="scoring", classes="body dialog") as box:
            box.border_title = _("The game is over")
            yield Plain(winners_sentence(scores, session.winners()), id="winners")
            yield Breakdown(scores, id="breakdown")
            yield Plain(_("Goods count only through a card's bonus; ties are not broken."), classes="dim")
            if session.state.num_players == 1:
                rank, best = self.game.solo_records()
                yield Plain(records_block(session.state.variant, rank, best), id="solo-records")
            with Horizontal(classes="buttons"):
                # translators: the key stays the same in every language (t, r, n, q)
                yield Button(_("t: look at the table"), id="score-table")
                yield Button(_("r: review"), id="score-review")
                yield Button(_("n: new game"), id="score-new", variant="primary")
                yield Button(_("q: quit"), id="score-quit")

    @on(Button.Pressed, "#score-table")
    def action_look(self) -> None:
        """The table behind the scores; 'scores' in the command bar brings them back."""
        self.dismiss()

    @on(Button.Pressed, "#score-review")
    def action_review(self) -> None:
        """The moves that cost most against the expert's estimate (the game is not changed)."""
        from .review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.game))

    @on(Button.Pressed, "#score-new")
    def action_new_game(self) -> None:
        self.post_message(SetupRequested())

    @on(Button.Pressed, "#score-quit")
    def action_quit(self) -> None:
        self.app.exit()
