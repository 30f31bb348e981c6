"""The three building-proposal stacks: the top card in full, the cards below listed."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..view import card, cost_text, fee_short
from .base import TableWidget, card_action, fill_action, link


class ProposalStacks(TableWidget):
    """`below`: how many cards under each top card to list (the rest are counted)."""

    def __init__(self, below: int = 3, *, show_text: bool = True, compact: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.below = below
        self.show_text = show_text
        self.compact = compact  # the tops in three lines, then the cards under them

    def signature(self) -> object:
        return tuple(tuple(st) for st in self.state.proposals)

    def _grid(self) -> Table:
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(no_wrap=True, width=3)
        grid.add_column(no_wrap=True, width=3)
        grid.add_column(no_wrap=True, overflow="ellipsis", width=17)
        grid.add_column(no_wrap=True, overflow="ellipsis", ratio=1)
        grid.add_column(no_wrap=True, justify="right", width=8)
        return grid

    def _top(self, grid: Table, i: int, stack: list[str]) -> None:
        """One row: the stack's number, its top card, the card's cost and price."""
        g = self.g
        label = Text(f"{i + 1} {g.pointer}", self.st("label"))
        if not stack:
            grid.add_row(label, "", Text("empty", self.st("dim")), "", "")
            return
        top = card(stack[0])
        word = top.id.replace("_", "-")
        price: Text
        if top.price is None:
            price = Text("no sale", self.st("dim"))
        else:
            price = link(f"buy {top.price}{g.franc}", fill_action(f"buy {word}"), self.st("link"))
        grid.add_row(
            label,
            link(top.number, card_action(top.id), self.st("dim")),
            link(top.name, fill_action(f"build {word}"), self.st("strong")),
            Text(cost_text(top.cost, compact=True)),
            price,
        )

    def _stack(self, i: int, stack: list[str]) -> list[RenderableType]:
        g = self.g
        grid = self._grid()
        self._top(grid, i, stack)
        if not stack:
            return [grid]
        top = card(stack[0])
        out: list[RenderableType] = [grid]
        if self.show_text:
            text = Text(f"{fee_short(top, g)} {g.sep} value {top.value} {g.sep} {top.text}", self.st("dim"))
            out.append(Padding(text, (0, 0, 0, 8)))
        shown = stack[1 : 1 + self.below]
        if shown:
            rest = self._grid()
            for b in shown:
                c = card(b)
                rest.add_row(
                    "",
                    link(c.number, card_action(b), self.st("dim")),
                    link(c.name, card_action(b)),
                    Text(cost_text(c.cost, compact=True), self.st("dim")),
                    "",
                )
            out.append(rest)
        more = len(stack) - 1 - len(shown)
        if more > 0:
            out.append(Text(f"        + {more} more below", self.st("dim")))
        return out

    def _compact(self) -> RenderableType:
        """The three tops first (what can be built now), then what lies under them."""
        grid = self._grid()
        for i, stack in enumerate(self.state.proposals):
            self._top(grid, i, stack)
        parts: list[RenderableType] = [grid]
        for i, stack in enumerate(self.state.proposals):
            if len(stack) < 2:
                continue
            line = Text(f"under {i + 1}: ", self.st("dim"))
            for k, b in enumerate(stack[1:]):
                if k:
                    line.append(", ", self.st("dim"))
                line.append_text(link(f"{card(b).number} {card(b).name}", card_action(b), self.st("dim")))
            parts.append(line)
        return Group(*parts)

    def render(self) -> RenderableType:
        if self.compact:
            return self._compact()
        parts: list[RenderableType] = []
        for i, stack in enumerate(self.state.proposals):
            if i:
                parts.append(Text(""))
            parts.extend(self._stack(i, stack))
        return Group(*parts)
