"""The package's own import graph, read from its source with `ast` (nothing is imported).

Every `import` and `from ... import` counts, wherever it stands: at the top, inside a
function, under `if TYPE_CHECKING:`. `from package import name` is an edge to the module
`package.name` when there is one, else to the package itself.

    .venv/bin/python -m tests.import_graph [PACKAGE_DIR]

prints the import circles, the longest files and the lines of tui/app.py (of this checkout's
`lehavre_tui`, or of another, e.g. an older commit's: `git archive COMMIT lehavre_tui | tar -x
-C /tmp/old` and give /tmp/old/lehavre_tui).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "lehavre_tui"


def modules(package: Path) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports_of(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """The package's modules that module `name` (at `path`) imports."""
    known = set(known)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            for alias in node.names:
                child = f"{source}.{alias.name}"
                if child in known:
                    out.add(child)
                elif source in known:
                    out.add(source)
    out.discard(name)
    return out


def graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    found = modules(package)
    return {name: imports_of(name, path, found) for name, path in found.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: the groups of modules that import each other, directly or through
    others (strongly connected components of more than one module), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        # Tarjan's algorithm without recursion: (module, its neighbours still to visit)
        work: list[tuple[str, list[str]]] = []
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work.append((root, sorted(edges.get(root, ()))))
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(edges.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return sorted(found)


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def main(package: Path = PACKAGE) -> int:
    edges = graph(package)
    found = circles(edges)
    print(f"import circles: {len(found)}")
    for group in found:
        print(f"  {len(group)} modules: {', '.join(group)}")
    sizes = sorted(((line_count(p), name) for name, p in modules(package).items()), reverse=True)
    print("longest files: " + ", ".join(f"{name} {n}" for n, name in sizes[:3]))
    print(f"tui/app.py: {line_count(package / 'tui' / 'app.py')} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else PACKAGE))
