"""The house stands on floors: no module imports another that imports it back, and no screen
or widget knows the app (they receive what they show and post messages up)."""

from __future__ import annotations

from pathlib import Path

from .import_graph import PACKAGE, circles, graph, modules

APP = "lehavre_tui.tui.app"


def _write(root: Path, files: dict[str, str]) -> Path:
    package = root / "pkg"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return package


# Circles known and not yet undone, each to be removed from here when it is: the test fails
# on any other circle, and on one of these once it is gone (so the list cannot go stale).
KNOWN: list[list[str]] = []


def test_the_package_has_no_new_import_circle() -> None:
    found = [group for group in circles(graph()) if group not in KNOWN]
    assert found == [], "import circles (move the shared piece down to a module both can stand on): " + "; ".join(
        " ↔ ".join(group) for group in found
    )


def test_the_known_circles_are_still_there() -> None:
    gone = [group for group in KNOWN if group not in circles(graph())]
    assert gone == [], f"undone, so remove it from KNOWN: {gone}"


def test_no_screen_or_widget_imports_the_app() -> None:
    edges = graph()
    front = [name for name in edges if name.startswith(("lehavre_tui.tui.screens", "lehavre_tui.tui.widgets"))]
    assert len(front) > 10  # the screens and widgets are found at all
    reaching = sorted(name for name in front if APP in edges[name])
    assert reaching == [], f"these import the app; hand them what they show and post messages instead: {reaching}"


def test_the_graph_sees_every_kind_of_import(tmp_path: Path) -> None:
    """Relative and absolute, `from package import module`, inside functions and under
    TYPE_CHECKING: each is an edge."""
    package = _write(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import thing\n",
            "b.py": "def f():\n    import pkg.c\n",
            "c.py": "from . import d\n",
            "d.py": "from pkg import sub\n",
            "sub/__init__.py": "from ..a import x\n",
            "sub/e.py": "from ... import nothing_here\n",
        },
    )
    edges = graph(package)
    assert set(modules(package)) == {"pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.d", "pkg.sub", "pkg.sub.e"}
    assert edges["pkg.a"] == {"pkg.b"}
    assert edges["pkg.b"] == {"pkg.c"}
    assert edges["pkg.c"] == {"pkg.d"}
    assert edges["pkg.d"] == {"pkg.sub"}
    assert edges["pkg.sub"] == {"pkg.a"}
    assert circles(edges) == [["pkg.a", "pkg.b", "pkg.c", "pkg.d", "pkg.sub"]]


def test_a_circle_through_type_checking_is_found_and_separate_circles_are_counted_apart(tmp_path: Path) -> None:
    package = _write(
        tmp_path,
        {
            "__init__.py": "",
            "app.py": "from .screen import Screen\n",
            "screen.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .app import App\n",
            "cards.py": "from .cache import FILES\n",
            "cache.py": "def load():\n    from .cards import content\n",
            "base.py": "",
            "top.py": "from .base import x\nfrom .app import y\n",
        },
    )
    assert circles(graph(package)) == [["pkg.app", "pkg.screen"], ["pkg.cache", "pkg.cards"]]


def test_the_graph_reads_the_real_package() -> None:
    edges = graph()
    assert PACKAGE.name == "lehavre_tui"
    assert "lehavre_tui.engine.rules" in edges["lehavre_tui.session"]
    assert "lehavre_tui.engine.payments" in edges["lehavre_tui.engine.effects.special"]
