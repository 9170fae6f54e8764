"""Figures of boardgen's import graph: circles, imports up a layer, levels, largest modules.

    .venv/bin/python scripts/import_graph.py            # the code in this checkout
    PYTHONPATH=/other/checkout .venv/bin/python scripts/import_graph.py --pyproject pyproject.toml

The graph comes from grimp (installed with import-linter), which sees every import:
module level, inside functions, and under ``if TYPE_CHECKING``. The figures:

* circles: groups of modules that import each other, directly or round a loop
  (strongly connected components of the module graph);
* upward imports: imports from a module to one in a higher layer, the layers being
  those of the ``layers`` contract on ``boardgen`` in ``[tool.importlinter]``
  (``--pyproject`` picks the file, so old code can be measured against new layers);
* rooms and levels: the top-level modules and packages of ``boardgen`` (each rule
  family counted on its own) and how many levels their import graph stacks in (the
  longest chain of rooms, after merging rooms that import each other);
* function-local imports: ``import`` statements inside a function body (lazy ones,
  kept for start-up speed, say so in a comment on the line before);
* the largest modules, in lines.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import sys
from collections import defaultdict
from pathlib import Path

import grimp
import tomllib

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "boardgen"
#: Where the measured package lives (set by main: the checkout on sys.path may differ).
PACKAGE_DIR = ROOT / PACKAGE


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components (iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                found.append(sorted(component))
    return found


def room(module: str) -> str:
    """``boardgen.render.board`` -> ``boardgen.render``; rule families are rooms of their own."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] == "rules" and (PACKAGE_DIR / "rules" / parts[2]).is_dir():
        return ".".join(parts[:3])
    return ".".join(parts[:2])


def layer_table(pyproject: Path) -> list[list[str]]:
    """The layers (top first) of the ``layers`` contract whose container is ``boardgen``."""
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    contracts = config.get("tool", {}).get("importlinter", {}).get("contracts", [])
    for contract in contracts:
        if contract.get("type") == "layers" and contract.get("containers") == [PACKAGE]:
            table = []
            for layer in contract["layers"]:
                names = layer.replace(":", "|").split("|")
                table.append([f"{PACKAGE}.{name.strip().strip('()')}" for name in names])
            return table
    return []


def layer_of(module: str, table: list[list[str]]) -> int | None:
    for number, names in enumerate(table):
        if any(module == name or module.startswith(name + ".") for name in names):
            return number
    return None


def local_imports(package_dir: Path) -> list[tuple[str, bool]]:
    """``file:line`` of every import inside a function body, and whether it says why it
    is lazy: a comment with "lazy" on its line or above its block of imports."""
    found = set()
    for path in sorted(package_dir.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for function in ast.walk(ast.parse(text)):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    found.add(
                        (f"{path.relative_to(package_dir.parent)}:{node.lineno}", _says_lazy(lines, node))
                    )
    return sorted(found)


def _says_lazy(lines: list[str], node: ast.stmt) -> bool:
    """Whether the import's own lines, or the comment above its block of imports, say "lazy"."""
    end = node.end_lineno or node.lineno
    if any("lazy" in line.lower() for line in lines[node.lineno - 1 : end]):
        return True
    at = node.lineno - 2
    while at >= 0 and (not lines[at].strip() or lines[at].strip().startswith(("from ", "import ", ")"))):
        at -= 1
    while at >= 0 and lines[at].strip().startswith("#"):
        if "lazy" in lines[at].lower():
            return True
        at -= 1
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyproject", type=Path, default=ROOT / "pyproject.toml")
    parser.add_argument("--top", type=int, default=5, help="how many of the largest modules to list")
    args = parser.parse_args()

    spec = importlib.util.find_spec(PACKAGE)
    assert spec is not None and spec.origin is not None
    package_dir = Path(spec.origin).parent
    global PACKAGE_DIR
    PACKAGE_DIR = package_dir
    graph = grimp.build_graph(PACKAGE, cache_dir=None)
    edges: dict[str, set[str]] = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    print(f"code: {package_dir}")

    circles = [c for c in strongly_connected(edges) if len(c) > 1]
    print(f"circles: {len(circles)}")
    for circle in circles:
        print("  " + " <-> ".join(circle))

    table = layer_table(args.pyproject)
    upward = []
    for importer, imported in sorted((a, b) for a, bs in edges.items() for b in bs):
        low, high = layer_of(importer, table), layer_of(imported, table)
        if low is not None and high is not None and high < low:
            upward.append(f"{importer} -> {imported}")
    print(f"upward imports (against the {len(table)} layers of {args.pyproject.name}): {len(upward)}")
    for line in upward:
        print("  " + line)

    rooms: dict[str, set[str]] = defaultdict(set)
    for importer, imported in ((a, b) for a, bs in edges.items() for b in bs):
        a, b = room(importer), room(imported)
        rooms[a]
        rooms[b]
        if a != b:
            rooms[a].add(b)
    rooms.pop(PACKAGE, None)  # the package's own __init__ re-exports the API
    for targets in rooms.values():
        targets.discard(PACKAGE)
    merged = {name: i for i, comp in enumerate(strongly_connected(rooms)) for name in comp}
    depth: dict[int, int] = {}

    def level(component: int) -> int:
        if component not in depth:
            below = {merged[b] for a, bs in rooms.items() if merged[a] == component for b in bs} - {component}
            depth[component] = 1 + max((level(c) for c in below), default=0)
        return depth[component]

    sys.setrecursionlimit(10_000)
    levels = max(level(c) for c in set(merged.values()))
    tangled = [c for c in strongly_connected(rooms) if len(c) > 1]
    print(f"rooms: {len(rooms)}, levels: {levels}, rooms importing each other: {tangled or 'none'}")

    local = local_imports(package_dir)
    unexplained = [where for where, lazy in local if not lazy]
    print(f"function-local imports: {len(local)}, not marked lazy for start-up speed: {len(unexplained)}")
    for where in unexplained:
        print("  " + where)

    sizes = sorted(
        (
            (len(p.read_text(encoding="utf-8").splitlines()), str(p.relative_to(package_dir.parent)))
            for p in package_dir.rglob("*.py")
        ),
        reverse=True,
    )
    print("largest modules: " + ", ".join(f"{name} {lines}" for lines, name in sizes[: args.top]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
