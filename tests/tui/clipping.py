"""Is anything on the screen cut off without a sign of it?

Textual clips silently: text too long for its widget loses its end (or gets a '…'), a widget
pushed past its container's edge is simply not drawn. `clipped(screen)` lists every such
place on the screen now; a place that scrolls with a visible scroll bar is fine, and so is a
widget the player can switch to (a hidden tab is not laid out at all).
"""

from __future__ import annotations

from collections import Counter

from rich.cells import cell_len
from rich.console import Group, RenderableType
from textual.css.query import NoMatches
from textual.errors import NoWidget
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.visual import RichVisual, Visual, visualize
from textual.widget import Widget
from textual.widgets import Input
from textual.widgets._footer import FooterLabel
from textual.widgets._tabs import Underline
from textual.widgets._toast import ToastRack

from lehavre_tui.tui.widgets.base import ByWidth, DrawnOnce

# A width far beyond any terminal's. A line longer still is cut there too, but less than at the
# widget's width, so what the narrower drawing loses shows all the same. (Not wider: a line
# aligned to the right is as long as the width, and long lines are measured a letter at a time.)
WIDE = 1_000


def _path(widget: Widget) -> str:
    """'TableScreen > Horizontal#main > Vertical#right > GameLog#log', short enough to read in a failure."""
    parts = []
    node: object = widget
    while isinstance(node, Widget) and not isinstance(node, Screen):
        name = type(node).__name__
        if node.id:
            name += f"#{node.id}"
        parts.append(name)
        node = node.parent
    return " > ".join(reversed(parts[:4]))


def _scrolls(widget: Widget, vertical: bool) -> bool:
    """One of the widget's ancestors shows a scroll bar in that direction."""
    node: object = widget.parent
    while isinstance(node, Widget):
        if _own_scrollbar(node, vertical):
            return True
        node = node.parent
    return False


def _own_scrollbar(widget: Widget, vertical: bool) -> bool:
    """A scroll bar the player can see (a bar of size 0, like the footer's, is no sign)."""
    if vertical:
        return widget.show_vertical_scrollbar and widget.styles.scrollbar_size_vertical > 0
    return widget.show_horizontal_scrollbar and widget.styles.scrollbar_size_horizontal > 0


def _ink(strips: list) -> Counter[str]:  # type: ignore[type-arg]
    """The characters drawn, without the spaces: wrapping moves them, cutting loses them."""
    return Counter(ch for strip in strips for ch in strip.text if not ch.isspace())


def _in_hidden_part(widget: Widget) -> bool:
    """Toasts come and go; they are not part of the layout."""
    node: object = widget
    while isinstance(node, Widget):
        if isinstance(node, ToastRack):
            return True
        node = node.parent
    return False


def clipped(screen: Screen[object]) -> list[str]:
    """Every place on `screen` where content is cut off silently, in words."""
    problems: list[str] = []
    for widget in screen.walk_children(with_self=False):
        if not isinstance(widget, Widget) or not widget.display or _in_hidden_part(widget):
            continue
        try:
            geometry = screen.find_widget(widget)
        except (NoWidget, NoMatches):
            continue  # not laid out: inside something hidden (another tab, a closed window)
        region, clip = geometry.region, geometry.clip
        if region.area == 0:
            continue
        where = _path(widget)
        # 1. The widget lies (partly) outside what its containers show, with no scroll bar.
        if not clip.contains_region(region):
            if (region.bottom > clip.bottom or region.y < clip.y) and not _scrolls(widget, vertical=True):
                problems.append(f"{where}: drawn past the bottom of its container ({region} in {clip})")
            if (region.right > clip.right or region.x < clip.x) and not _scrolls(widget, vertical=False):
                problems.append(f"{where}: drawn past the side of its container ({region} in {clip})")
        # 2. A container whose content is larger than it, without a scroll bar.
        virtual, container = geometry.virtual_size, geometry.container_size
        if widget.is_container or isinstance(widget, ScrollView):
            if virtual.height > container.height and not _own_scrollbar(widget, vertical=True):
                problems.append(f"{where}: content {virtual.height} high in {container.height}, no scroll bar")
            wider = virtual.width > container.width and not isinstance(widget, Input)  # an Input scrolls itself
            if wider and not _own_scrollbar(widget, vertical=False):
                problems.append(f"{where}: content {virtual.width} wide in {container.width}, no scroll bar")
        # 3. Text cut to fit: the widget's drawing at its width loses characters that a drawing
        #    without a width limit has (a '…' instead of the end, or the end simply missing).
        if isinstance(widget, Input):
            if not widget.value and cell_len(widget.placeholder) > widget.content_region.width:
                problems.append(f"{where}: placeholder {widget.placeholder!r} cut to {widget.content_region.width}")
            continue
        if widget.is_container or isinstance(widget, (ScrollView, FooterLabel, Underline)):
            pass
        else:
            problems.extend(_text_cut(widget, where))
        # 4. A frame title too long for the frame.
        for title in (widget.border_title, widget.border_subtitle):
            if title and widget.styles.border_top[0] not in ("", "none", "hidden"):
                text = widget.app.console.render_str(str(title)).plain
                if cell_len(text) + 4 > region.width:
                    problems.append(f"{where}: frame title {text!r} longer than the frame ({region.width})")
    return problems


def _text_cut(widget: Widget, where: str) -> list[str]:
    width, height = widget.size
    if width <= 0 or height <= 0:
        return []
    visual = widget._render()  # the same drawing the widget shows now
    if isinstance(visual, RichVisual):  # a drawing made for its width: the one made for this width
        visual = visualize(widget, _made_for(visual._renderable, width))
    style = widget.visual_style
    shown = Visual.to_strips(widget, visual, width, None, style)
    whole = Visual.to_strips(widget, visual, WIDE, None, style)
    problems = []
    lost = _ink(whole) - _ink(shown)
    if lost:
        text = "".join(strip.text.rstrip() for strip in whole)[:60]
        gone = "".join(sorted(lost.elements()))[:40]
        problems.append(f"{where}: text cut at width {width} (loses {gone!r}): {text!r}")
    if len(shown) > height and not widget.show_vertical_scrollbar:
        problems.append(f"{where}: {len(shown)} lines of text in {height} lines")
    return problems


def _made_for(drawing: RenderableType, width: int) -> RenderableType:
    """A table widget's drawing as it is made for `width` (a board that leaves things out
    when narrow, on purpose), so that drawing it wider shows only what the width cut off."""
    if isinstance(drawing, DrawnOnce):
        return _made_for(drawing.renderable, width)
    if isinstance(drawing, ByWidth):
        return _made_for(drawing.draw(width), width)
    if isinstance(drawing, Group):
        return Group(*(_made_for(part, width) for part in drawing.renderables))
    return drawing
