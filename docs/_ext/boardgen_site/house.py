"""The architecture page's figures, read from the code at every build.

- :func:`package_table`: each package of ``boardgen/`` with the first sentence of its
  docstring (the tree as it is, not as a page once said);
- :func:`layer_table`: the layers contract of ``pyproject.toml`` (top first), with the
  comment written beside each layer, and the other contracts by name;
- :func:`import_figures`: what ``scripts/import_graph.py`` prints (circles, imports up a
  layer, levels, function-local imports, the largest modules).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "boardgen"
PYPROJECT = ROOT / "pyproject.toml"


def _first_sentence(text: str) -> str:
    """The docstring's first sentence, on one line, roles turned into plain code."""
    text = " ".join(text.split())
    text = re.sub(r":[a-z]+:`~?([^`]+)`", r"`\1`", text)
    text = text.replace("``", "`")
    end = re.search(r"(?<=[A-Za-z0-9)`])\. ", text + " ")
    return text[: end.start() + 1] if end else text


def package_table() -> str:
    """A Markdown table: each package of boardgen and what its docstring says it holds."""
    rows = ["| package | modules | what it holds |", "| --- | --- | --- |"]
    entries = sorted(p for p in PACKAGE.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists())
    for path in entries:
        init = path / "__init__.py" if path.is_dir() else path
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        modules = len(list(path.rglob("*.py"))) if path.is_dir() else 1
        name = f"`{path.name}/`" if path.is_dir() else f"`{path.name}`"
        rows.append(f"| {name} | {modules} | {_first_sentence(doc).replace('|', '/')} |")
    return "\n".join(rows) + "\n"


def _layer_comments() -> dict[str, str]:
    """The comment written beside each layer of the layers contract in pyproject.toml."""
    comments: dict[str, str] = {}
    inside = False
    for line in PYPROJECT.read_text(encoding="utf-8").splitlines():
        if line.strip().startswith("layers = ["):
            inside = True
            continue
        if inside and line.strip() == "]":
            break
        found = re.match(r'\s*"([^"]+)",\s*(?:#\s*(.*))?$', line) if inside else None
        if found:
            comments[found[1]] = found[2] or ""
    return comments


def layer_table() -> str:
    """The layers contract as a Markdown table, top first, then the other contracts."""
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    comments = _layer_comments()
    rows = ["| layer (top first) | packages | what it is |", "| --- | --- | --- |"]
    others = []
    for contract in contracts:
        if contract.get("type") == "layers" and contract.get("containers") == ["boardgen"]:
            for number, layer in enumerate(contract["layers"], start=1):
                names = ", ".join(f"`{n.strip().strip('()')}`" for n in layer.split("|"))
                rows.append(f"| {number} | {names} | {comments.get(layer, '')} |")
        else:
            others.append(f"- *{contract['name']}* ({contract['type']})")
    return "\n".join(rows) + "\n\nThe other contracts:\n\n" + "\n".join(others) + "\n"


def import_figures() -> str:
    """What ``scripts/import_graph.py`` prints about this checkout's code."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "import_graph.py")],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    lines = [line for line in done.stdout.splitlines() if not line.startswith("code: ")]
    return "\n".join(lines) + "\n"
