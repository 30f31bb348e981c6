"""Columns draw as the Rich grid they stand for, character for character and style for style."""

from __future__ import annotations

import pytest
from rich.console import Console, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from lehavre_tui.tui.widgets.columns import Column, Columns


def drawn(renderable: RenderableType, width: int) -> list[list[tuple[str, Style]]]:
    console = Console(width=width, color_system="truecolor")
    lines = console.render_lines(renderable, console.options.update_width(width), pad=False)
    return [
        [(s.text, s.style or Style()) for s in Segment.simplify(Segment(s.text, s.style or Style()) for s in line)]
        for line in lines
    ]


def link(text: str) -> Text:
    return Text(text, style=Style(bold=True) + Style(meta={"@click": f"app.fill('take {text}')"}))


ROWS = [
    [Text("Offers", "bold"), link("fish"), link("wood"), Text("Construction Firm", "italic")],
    [Text(""), Text("12", "dim"), Text("3"), Text("a long cell that may have to wrap")],
]
LAYOUTS = [
    [Column(), Column("center"), Column("right", min_width=5), Column(fold=True)],
    [Column(width=8), Column("center"), Column("right"), Column(fold=True, fill=True)],
    [Column(min_width=7), Column(width=4), Column("right", min_width=4), Column()],
]


@pytest.mark.parametrize("columns", LAYOUTS)
@pytest.mark.parametrize("width", [12, 30, 45, 60, 100])
@pytest.mark.parametrize("gap", [1, 2])
def test_columns_draw_as_their_grid(columns: list[Column], width: int, gap: int) -> None:
    """Where the cells fit (drawn as lines) and where they do not (drawn by the grid)."""
    shown = Columns(ROWS, columns, gap=gap)
    assert drawn(shown, width) == drawn(shown.grid(), width)


def test_cells_that_fit_are_not_left_to_the_grid() -> None:
    shown = Columns(ROWS, LAYOUTS[1])
    assert shown.widths(60) is not None  # drawn as lines
    assert shown.widths(30) is None  # the long cell wraps: the grid draws it
