"""Cells in columns, as a Rich grid draws them, made quickly.

A Rich grid (`Table.grid`) measures every cell again each time it is drawn, and the boards
made of columns (the supply track, the offers, the ships, the rounds, the town, the proposals)
are drawn again after most moves. `Columns` draws the same lines directly whenever every cell
fits its column, which is nearly always; otherwise it leaves the drawing to the grid, which
wraps what may wrap and squeezes the rest. Either way the lines are the grid's, character for
character and style for style.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.align import AlignMethod
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text


@dataclass(frozen=True)
class Column:
    justify: AlignMethod = "left"
    min_width: int = 0
    width: int | None = None  # exactly this wide
    fold: bool = False  # a long cell wraps (otherwise it is cut to fit)
    fill: bool = False  # takes the width the others leave (the grid spans the whole width)


class Columns:
    def __init__(self, rows: Sequence[Sequence[Text]], columns: Sequence[Column], gap: int = 1) -> None:
        self.rows = rows
        self.columns = columns
        self.gap = gap

    def grid(self) -> Table:
        """The Rich grid that these columns draw as."""
        grid = Table.grid(padding=(0, self.gap), expand=any(c.fill for c in self.columns))
        for c in self.columns:
            grid.add_column(
                justify=c.justify,
                min_width=c.min_width or None,
                width=c.width,
                ratio=1 if c.fill else None,
                overflow="fold" if c.fold else "ellipsis",
                no_wrap=not c.fold,
            )
        for row in self.rows:
            grid.add_row(*row)
        return grid

    def widths(self, max_width: int) -> list[int] | None:
        """Each column's width when every cell fits its column and the columns fit `max_width`;
        None when they do not (the grid draws them then)."""
        longest = [max((row[i].cell_len for row in self.rows), default=0) for i in range(len(self.columns))]
        widths = [
            c.width if c.width is not None else max(c.min_width, n) for c, n in zip(self.columns, longest, strict=True)
        ]
        gaps = self.gap * (len(widths) - 1)
        fill = [i for i, c in enumerate(self.columns) if c.fill]
        if len(fill) > 1:
            return None
        if fill:
            (i,) = fill
            widths[i] = max_width - gaps - (sum(widths) - widths[i])
        if sum(widths) + gaps > max_width or any(n > w for n, w in zip(longest, widths, strict=True)):
            return None
        return widths

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        widths = self.widths(options.max_width)
        if widths is None:
            yield self.grid()
            return
        for row in self.rows:
            line = Text()
            for i, cell in enumerate(row):
                if i:
                    line.append(" " * self.gap)
                padded = cell.copy()  # padded in the cell's own style, as the grid pads it
                padded.align(self.columns[i].justify, widths[i])
                line.append_text(padded)
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.grid())
