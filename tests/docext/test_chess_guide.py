"""The chess guide (docs/guide/chess.md) runs: every diagram its ``{boardgen}`` fences ask
for is drawn, and every Python line whose comment says a result gives that result."""

from __future__ import annotations

import ast
import re

import pytest

from boardgen.docext.blocks import DiagramBlock
from tests.support.tools import ROOT

GUIDE = ROOT / "docs" / "guide" / "chess.md"
_FENCE = re.compile(r"^```\{boardgen\} (\S+)\n(.*?)^```", re.MULTILINE | re.DOTALL)
_PYTHON = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _fences() -> list[tuple[str, dict[str, str]]]:
    found = []
    for game, body in _FENCE.findall(GUIDE.read_text("utf-8")):
        options = dict(re.findall(r"^:([a-z_]+):\s*(.*)$", body, re.MULTILINE))
        found.append((game, options))
    return found


@pytest.mark.parametrize(("game", "options"), _fences())
def test_every_diagram_of_the_guide_is_drawn(game: str, options: dict[str, str]) -> None:
    svg = DiagramBlock.from_options({"game": game, **options}).svg()
    assert svg.startswith("<svg")
    if options.get("lastmove") or options.get("move", "").endswith("#"):
        assert "In check" in svg or "Qxf7#" in svg


def test_the_python_examples_give_what_their_comments_say() -> None:
    blocks = _PYTHON.findall(GUIDE.read_text("utf-8"))
    assert blocks
    checked = 0
    scope: dict[str, object] = {}  # the page's examples run as one session
    for block in blocks:
        for line in block.splitlines():
            code, _, said = line.partition("  # ")
            if said.startswith("'"):
                assert eval(code, scope) == ast.literal_eval(said), line
                checked += 1
            elif code.strip():
                exec(code, scope)
    assert checked >= 2
