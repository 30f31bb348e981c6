"""The three building-proposal stacks: the top card in full, the cards below listed."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ...text import _, ngettext
from ..game import Game
from ..view import card, cost_text, fee_short, kind_tag, name, text_of
from .base import TableWidget, card_action, fill_action, link
from .columns import Column, Columns


class ProposalStacks(TableWidget):
    """`below`: how many cards under each top card to list at most (the rest are counted);
    `fit` lowers it so that the three stacks fit the board's height.

    `compact`: the three tops first, each in two lines (name, then cost and type), then the
    cards under them in a line per stack: for a narrow board.
    """

    def __init__(self, game: Game, below: int = 3, *, compact: bool = False, id: str | None = None) -> None:
        super().__init__(game, id=id)
        self.most = below
        self.below = below
        self.compact = compact

    def signature(self) -> object:
        return (tuple(tuple(st) for st in self.state.proposals), self.below)

    def fit(self, lines: int) -> None:
        """List as many cards under each top as fit in `lines` (at least the tops)."""
        width = self.size.width
        if self.compact or width <= 0 or lines <= 0:
            return
        key = (lines, width, tuple(tuple(st) for st in self.state.proposals))
        if key == getattr(self, "_fitted", None):
            return  # the same stacks in the same room: nothing to work out again
        self._fitted = key
        below = self.most
        while below > 0 and self._height(self._wide(below), width) > lines:
            below -= 1
        if below != self.below:
            self.below = below
            self.sync()

    def _height(self, renderable: RenderableType, width: int) -> int:
        console = self.app.console
        return len(console.render_lines(renderable, console.options.update_width(width), pad=False))

    def _price(self, stack: list[str]) -> Text:
        top = card(stack[0])
        if top.price is None:
            return Text(_("no sale"), self.st("dim"))
        price = _("buy {price}").format(price=f"{top.price}{self.g.franc}")
        return link(price, fill_action(f"buy {top.id.replace('_', '-')}"), self.st("link"))

    def _label(self, i: int) -> Text:
        return Text(f"{i + 1} {self.g.pointer}", self.st("label"))

    def _stack(self, i: int, stack: list[str], below: int) -> list[RenderableType]:
        g = self.g
        # a long name or cost wraps rather than being cut
        columns = [Column(width=3), Column(width=2), Column(width=17, fold=True), Column(fold=True, fill=True)]
        if not stack:
            empty = [self._label(i), Text(""), Text(_("empty"), self.st("dim")), Text(""), Text("")]
            return [Columns([empty], [*columns, Column("right")])]
        top = card(stack[0])
        word = top.id.replace("_", "-")
        top_row = Columns(
            [
                [
                    self._label(i),
                    link(top.number, card_action(top.id), self.st("dim")),
                    link(name(top.id), fill_action(f"build {word}"), self.st("strong")),
                    Text(cost_text(top.cost, compact=True)),
                    self._price(stack),
                ]
            ],
            [*columns, Column("right")],
        )
        value = _("value {points}").format(points=top.value)
        about = f"{kind_tag(top, g)} {g.sep} {fee_short(top, g)} {g.sep} {value} {g.sep} {text_of(top.id)}"
        out: list[RenderableType] = [top_row, Padding(Text(about, self.st("dim")), (0, 0, 0, 7))]
        shown = stack[1 : 1 + below]
        if shown:
            rest: list[list[Text]] = []
            for b in shown:
                c = card(b)
                rest.append(
                    [
                        Text(""),
                        link(c.number, card_action(b), self.st("dim")),
                        link(name(b), card_action(b)),
                        Text(kind_tag(c, g), self.st("dim")),
                        Text(cost_text(c.cost, compact=True), self.st("dim")),
                    ]
                )
            out.append(Columns(rest, [*columns[:3], Column(), Column(fold=True, fill=True)]))
        more = len(stack) - 1 - len(shown)
        if more > 0:
            below_text = ngettext("+ {n} more below (F2 lists them)", "+ {n} more below (F2 lists them)", more)
            out.append(Padding(Text(below_text.format(n=more), self.st("dim")), (0, 0, 0, 4)))
        return out

    def _wide(self, below: int) -> RenderableType:
        parts: list[RenderableType] = []
        for i, stack in enumerate(self.state.proposals):
            if i:
                parts.append(Text(""))
            parts.extend(self._stack(i, stack, below))
        return Group(*parts)

    def _compact(self) -> RenderableType:
        """The three tops first (what can be built now), then what lies under them."""
        g = self.g
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(no_wrap=True)
        grid.add_column(no_wrap=True)
        grid.add_column(overflow="fold", ratio=1)
        grid.add_column(no_wrap=True, justify="right")
        for i, stack in enumerate(self.state.proposals):
            if not stack:
                grid.add_row(self._label(i), "", Text(_("empty"), self.st("dim")), "")
                continue
            top = card(stack[0])
            label = Text()
            label.append_text(link(name(top.id), fill_action(f"build {top.id.replace('_', '-')}"), self.st("strong")))
            label.append(f"\n{cost_text(top.cost, compact=True)} {g.sep} {kind_tag(top, g)}", self.st("dim"))
            number = link(top.number, card_action(top.id), self.st("dim"))
            grid.add_row(self._label(i), number, label, self._price(stack))
        parts: list[RenderableType] = [grid]
        for i, stack in enumerate(self.state.proposals):
            if len(stack) < 2:
                continue
            # translators: the cards under the top of a proposal stack: "under 2: 05 Bakehouse, ..."
            line = Text(_("under {stack}:").format(stack=i + 1) + " ", self.st("dim"))
            for k, b in enumerate(stack[1:]):
                if k:
                    line.append(", ", self.st("dim"))
                c = card(b)
                line.append_text(link(f"{c.number} {name(b)}", card_action(b), self.st("dim")))
                line.append(f" ({kind_tag(c, g)})", self.st("dim"))
            parts.append(line)
        return Group(*parts)

    def draw(self) -> RenderableType:
        return self._compact() if self.compact else self._wide(self.below)
