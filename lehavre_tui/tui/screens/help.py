"""Help: the keys, the turn in brief, the commands, and a glossary of every building."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import DataTable, TabbedContent, TabPane

from ...commands import SYNTAX
from ...engine.cards import content
from ...session import autosave_path
from ...text import N_, _, language
from ..game import Game, save_dir
from ..view import cost_text, fee_short, legend, name, price_text, symbol_words, type_name
from .common import Plain, ReadingWindow, TooSmall

if TYPE_CHECKING:
    from textual.app import ComposeResult

# The keys, one a line: the meaning wraps under itself in a narrow window.
KEYS: tuple[tuple[str, str], ...] = (
    ("F1", N_("this help")),
    ("Esc", N_("close a window, back to the command bar")),
    ("F2", N_("the cards on the table")),
    ("F3", N_("next board (compact table)")),
    ("F4", N_("a hint: a suggested move goes into the command bar (Enter plays it)")),
    ("F6", N_("pause the bots / let them play on (at a table with bots)")),
    ("F8", N_("the whole log in a window: / and a word finds it")),
    ("F9", N_("what happened since your last turn")),
    ("PgUp", N_("read the log: PgUp, PgDn and the arrows page it; typing goes back to the command bar")),
    ("Ctrl+Z", N_("take back your last move")),
    ("Ctrl+S", N_("save the game (to the data folder)")),
    ("Ctrl+P", N_("command palette (all moves)")),
    ("Ctrl+Q", N_("quit (the game is saved after every move)")),
    ("Tab", N_("complete a word: the verb, then what to enter or take, then its choices (Tab again: the next choice)")),
    ("Up/Down", N_("earlier commands")),
    # translators: pasting text into the command bar
    ("Paste", N_("several lines: played as commands, one after the other")),
    # translators: a click of the mouse on the table
    ("Click", N_("an offer space, a building, a ship or a price: its command goes into the bar; a card number: "
     "the card in full")),
)
# The names of keys that are words (the others are the same in every language).
KEY_WORDS = {
    "Up/Down": N_("Up/Down"),
    "Paste": N_("Paste"),
    "Click": N_("Click"),
}

KEYS_NOTES = N_("""\
Besides the moves, the command bar understands: undo, save [FILE], show CARD, cards, hint, \
pause, scores, quit, help [TOPIC]. Buildings may be named as the table prints them \
(enter steel mill), by card number (show 09) or in Polish or Czech.

Typing always goes to the command bar, and closing a window gives it back. A refused command \
stays in the bar, selected: type a new command over it, or use Backspace or the arrows to \
correct it. In the feeding window you type what you pay; F5 pays the proposal.

Bots (chosen per seat when setting up) play their own turns, one move at a time; their lines \
in the log are marked with the kind of bot. Your undo never takes back a bot's move.""")


def keys_table() -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    for key, what in KEYS:
        grid.add_row(_(KEY_WORDS[key]) if key in KEY_WORDS else key, _(what))
    return grid


TURN = N_("""\
Each round has 7 turns; players take turns in order. On your turn:

1. Supply: 'supply' moves your ship to the next supply chit. Its two goods land on the
   offer spaces (the interest chit makes everyone with a loan pay 1 franc; short of it,
   sell a building or ship first, or 'pay' and a loan covers the rest).
2. One main action, either
   A. take everything on one offer space ('take wood'), or
   B. enter a building ('enter fishery'): move your worker there, pay the entry fee to
      the owner (food or francs), and carry out its action. Building firms build from the
      tops of the proposal stacks; wharves build ships. Many buildings also need energy:
      wood 1, charcoal 3, coal 3, coke 10 each.
3. Any time in your turn: buy buildings (town or stack tops) and ships for francs, sell
   your own for half their value, repay loans (5 francs each). Then 'end'.

After 7 turns the round ends: harvest (1 grain with grain, 1 cattle with 2 cattle), then
every player feeds the workers: the food on the round card, less what the ships supply.
Food: fish 1, smoked fish 2, bread 2, meat 3, each franc 1. Short of food, loans cover the rest
(4 francs each, 7 off the final wealth). Then the town may build, and a new ship enters play.

After the last round each player takes one final main action (buildings may be entered
even if occupied). Wealth: buildings and ships at their values, bonuses, francs, less 7
per loan. The wealthiest wins.""")


_ITEM = re.compile(r"(\s*)(\d+\.|[A-Z]\.)\s+(.*)")


def flowing(text: str) -> Group:
    """A text written with line breaks (TURN, in any language) as the window wraps it: each
    paragraph and each numbered or lettered item one line that wraps, an item's lines under
    its own words (a hanging indent), so that no line is broken twice."""
    parts: list[RenderableType] = []
    for block in text.split("\n\n"):
        items: list[list[str]] = []  # [indent, mark, words]
        for line in block.splitlines():
            m = _ITEM.fullmatch(line)
            if m:
                items.append([m.group(1), m.group(2), m.group(3).strip()])
            elif items:
                items[-1][2] += " " + line.strip()
            else:
                items.append(["", "", line.strip()])
        if parts:
            parts.append(Text(""))
        for indent, mark, words in _joined(items):
            if not mark:
                parts.append(Text(words))
                continue
            grid = Table.grid(padding=(0, 1, 0, 0))
            grid.add_column(width=len(indent) + len(mark), no_wrap=True, justify="right")
            grid.add_column(ratio=1)
            grid.add_row(indent + mark, words)
            parts.append(grid)
    return Group(*parts)


def _joined(items: list[list[str]]) -> list[list[str]]:
    """Lines of a paragraph without a mark make one paragraph."""
    out: list[list[str]] = []
    for item in items:
        if out and not item[1] and not out[-1][1]:
            out[-1][2] += " " + item[2]
        else:
            out.append(item)
    return out


class HelpScreen(ReadingWindow):
    """F1 or 'help': the keys, the turn, the commands and the buildings. 'help TOPIC' opens
    it at a tab of its own with the answer (`topic`, `text`), in front of the others."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f1", "dismiss", N_("Close"))]

    def __init__(self, game: Game, topic: str | None = None, text: str | None = None) -> None:
        super().__init__()
        self.game = game
        self._glyphs = game.glyphs
        self.topic = topic
        self.text = text

    def compose(self) -> ComposeResult:
        commands = "\n".join(line for _topic, line in SYNTAX)
        more = _("help enter, help payments, help goods, help names or help <building> in the command bar say more.")
        commands += "\n\n" + more
        yield TooSmall(self._glyphs.ascii)
        with Vertical(id="help", classes="body dialog") as box:
            box.border_title = _("Help (Esc closes)")
            with TabbedContent(initial="help-topic" if self.text is not None else ""):
                if self.text is not None:  # 'help bakehouse': the answer first
                    title = _("Help: {topic}").format(topic=self.topic) if self.topic else _("Help")
                    with TabPane(title, id="help-topic"), VerticalScroll():
                        yield Plain(self.text)
                with TabPane(_("Keys"), id="help-keys"), VerticalScroll():
                    yield Plain(keys_table())
                    yield Plain("\n" + _(KEYS_NOTES))
                    yield Plain("\n" + _("In the lists of buildings: {legend}.").format(legend=legend(self._glyphs)))
                    yield Plain(
                        "\n"
                        + _(
                            "The game is saved after every move to {autosave} (lehavre --continue opens it); "
                            "Ctrl+S writes a copy into {folder}."
                        ).format(autosave=autosave_path(), folder=save_dir()),
                        classes="dim",
                    )
                with TabPane(_("The turn"), id="help-turn"), VerticalScroll():
                    yield Plain(flowing(_(TURN)))
                with TabPane(_("Commands"), id="help-commands"), VerticalScroll():
                    yield Plain(commands)
                with TabPane(_("Buildings"), id="help-buildings"):
                    yield DataTable(id="glossary", zebra_stripes=True, cursor_type="row")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        # the names in the reader's language first, then in the other two
        others = [lang for lang in ("en", "pl", "cs") if lang != language()]
        heads = {"en": _("English"), "pl": _("Polish"), "cs": _("Czech")}
        table.add_columns(
            # translators: the card number's column in the glossary of buildings
            _("No"),
            _("Name") if language() != "en" else heads["en"],
            *[heads[lang] for lang in others],
            _("Type"),
            _("Symbols"),
            _("Value"),
            _("Price"),
            _("Cost"),
            _("Entry"),
        )
        cards = sorted(content().buildings.values(), key=lambda c: (c.deck == "special", c.number))
        for c in cards:
            names = {"en": c.name, "pl": c.name_pl, "cs": c.name_cs}
            table.add_row(
                c.number,
                name(c.id),
                *[names[lang] for lang in others],
                type_name(c.type),
                symbol_words(c) or self._glyphs.dash,
                str(c.value),
                price_text(c, self._glyphs),
                cost_text(c.cost, compact=True),
                fee_short(c, self._glyphs),
            )

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss()
