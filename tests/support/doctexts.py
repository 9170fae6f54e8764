"""The project's documentation as the docs tests read it: the README, CONTRIBUTING.md and
every page of the site, parsed as Markdown (markdown-it, MyST's own parser), so that a
fence inside a fence stays code and a table cell's code is found like any other.
"""

from __future__ import annotations

import functools
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from .tools import ROOT

#: Every documentation file users or contributors read.
DOCS = [
    ROOT / "README.md",
    ROOT / "CONTRIBUTING.md",
    *sorted(p for p in (ROOT / "docs").rglob("*.md") if "_build" not in p.parts),
]


@dataclass(frozen=True)
class Block:
    """A fenced block: its info string (``python``, ``console``, ``{boardgen}``), text and
    the line of its opening fence (1-based)."""

    path: Path
    info: str
    text: str
    line: int

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


@functools.cache
def _tokens(path: Path) -> tuple[Token, ...]:
    parser = MarkdownIt("commonmark").enable("table")
    return tuple(parser.parse(path.read_text(encoding="utf-8")))


def blocks(path: Path) -> list[Block]:
    """The fenced blocks of ``path``, in order."""
    return [
        Block(path, token.info.strip(), token.content, (token.map[0] + 1) if token.map else 0)
        for token in _tokens(path)
        if token.type == "fence"
    ]


def code_spans(path: Path) -> list[str]:
    """The inline code of ``path`` (`` `...` ``), in prose, lists and tables alike."""
    found = []
    for token in _tokens(path):
        for child in token.children or ():
            if child.type == "code_inline":
                found.append(child.content)
    return found


def links(path: Path) -> list[str]:
    """The targets of ``path``'s Markdown links and images."""
    found = []
    for token in _tokens(path):
        for child in token.children or ():
            if child.type == "link_open":
                found.append(str(child.attrs.get("href", "")))
            elif child.type == "image":
                found.append(str(child.attrs.get("src", "")))
    return found


def console_lines(path: Path) -> list[tuple[str, str]]:
    """``(where, command)`` for every ``$ ...`` line of ``path``'s console blocks."""
    found = []
    for block in blocks(path):
        if block.info == "console":
            for offset, line in enumerate(block.text.splitlines(), start=1):
                if line.startswith("$ "):
                    found.append((f"{block.where}+{offset}", line[2:].strip()))
    return found


def boardgen_invocations(path: Path) -> Iterator[tuple[str, list[str]]]:
    """Each ``boardgen ...`` command the file gives, split as a shell would: console lines
    and inline code that starts with ``boardgen `` (``python -m boardgen`` too). The list
    holds what follows the program's name."""
    commands = [*console_lines(path), *((path.name, span) for span in code_spans(path))]
    for where, text in commands:
        for prefix in ("boardgen ", "python -m boardgen "):
            if text.startswith(prefix):
                try:
                    words = shlex.split(text[len(prefix) :], comments=True)
                except ValueError:  # an unfinished example: `boardgen game FILE [--games N] ...`
                    continue
                yield where, words
