"""The pictures of docs/guide/xiangqi.md and docs/guide/shogi.md are drawn: each MyST
fence (```{boardgen} GAME with ``:key: value`` options) goes through the directive's
own block, as the Sphinx build will draw it, and must give a figure."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from boardgen.docext.blocks import DiagramBlock

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guide"
FENCE = re.compile(r"^```\{boardgen\} (\S+)\n((?::[a-z_]+:.*\n)*)```", re.M)


def fences(name: str) -> list[dict[str, str]]:
    found = []
    for game, body in FENCE.findall((GUIDE / name).read_text(encoding="utf-8")):
        options = {"game": game}
        for line in body.splitlines():
            key, _, value = line[1:].partition(":")
            options[key] = value.strip()
        found.append(options)
    return found


@pytest.mark.parametrize("page", ["xiangqi.md", "shogi.md"])
def test_every_picture_of_the_page_is_drawn(page: str) -> None:
    blocks = fences(page)
    assert len(blocks) >= 3
    for options in blocks:
        figure = html.unescape(DiagramBlock.from_options(options).html())
        assert "<svg" in figure and options["caption"][:20] in figure
