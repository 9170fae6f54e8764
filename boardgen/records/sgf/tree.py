"""SGF's tree, read for its main lines: the nodes of each game, each with its place.

SGF (Smart Game Format, FF[4]) writes a game as nested variations of nodes, a node as
``;`` and properties ``KEY[value][value]``; a file may hold several games one after the
other (a collection). :func:`game_trees` gives each game's main line (the first
variation at every branch) as :class:`SgfNode` values: the properties, the line and
column of the node's ``;`` and of each property, so that a reader built on it (Go's
:mod:`boardgen.records.sgf.reader`, Hex's and Havannah's :mod:`boardgen.records.sgf.hex_havannah`)
names the spot of a bad move; :func:`main_line` gives the first game's. The other
variations are kept as a tree: where the game branches, the first node of the main
line holds the other branches in :attr:`SgfNode.alternatives`, each a list of nodes
read the same way (its own branches on its own nodes). Property names
keep their capitals only (FF[3]'s ``AddBlack`` is ``AB``); ``\\`` escapes the next
character in a value. Text before a game and between games is not SGF's (a header, a
mail's lines) and is skipped.

The reading is bounded as PDN's is (docs/reference/limits.md): a value holds at most
:data:`MAX_VALUE` characters, a main line :data:`MAX_NODES` nodes, a game
:data:`MAX_VARIATIONS` variations and :data:`MAX_TREE_NODES` nodes in all. The tree
is read as a stream, without recursion, however deep its variations nest.
"""

from __future__ import annotations

__all__ = [
    "MAX_NODES",
    "MAX_TREE_NODES",
    "MAX_VALUE",
    "MAX_VARIATIONS",
    "SgfNode",
    "cut",
    "game_trees",
    "main_line",
]

import bisect
import re
from collections.abc import Iterator
from dataclasses import field

from ...errors import BoardgenError, Mark
from ...foundation.values import frozen

#: Longest property value read, in characters (a comment of some 700 words).
MAX_VALUE = 4_000
#: Most nodes on one game's main line (a Go game has a few hundred).
MAX_NODES = 20_000
#: Most variations in one game.
MAX_VARIATIONS = 10_000
#: Most nodes in one game, its variations' included.
MAX_TREE_NODES = 100_000


@frozen
class SgfNode:
    """One node: its properties (values in file order), where its ``;`` stands, and
    where each property first stands."""

    props: dict[str, list[str]]
    mark: Mark
    marks: dict[str, Mark] = field(default_factory=dict, compare=False)
    #: The other branches where the game branches before this node: each a line of
    #: nodes played instead of this node and those after it.
    alternatives: list[list[SgfNode]] = field(default_factory=list, compare=False)

    def first(self, key: str, default: str = "") -> str:
        """The first value of ``key``, stripped (``default`` when the node has none)."""
        values = self.props.get(key)
        return values[0].strip() if values else default

    def where(self, key: str) -> Mark:
        """Where property ``key`` stands (the node's ``;`` when it has none)."""
        return self.marks.get(key, self.mark)


class _Places:
    """Line and column of an offset in the text (1-based), by a search of the line starts."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]

    def mark(self, offset: int) -> Mark:
        line = bisect.bisect_right(self.starts, offset)
        return Mark(line, offset - self.starts[line - 1] + 1)


def cut(text: str, limit: int = 20) -> str:
    """``text`` as a message quotes a property's name or value: one of 10,000 characters
    is cut after ``limit``."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


def _name(ident: str) -> str:
    return cut(ident, 12)


#: Where a game starts: '(' and its first node's ';', blanks between.
_GAME = re.compile(r"\(\s*;")

_Token = tuple[str, str, list[str], int]


class _Scanner:
    """The tokens of one text, ``('(' | ')' | ';' | 'prop', identifier, values, offset)``."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._places: _Places | None = None

    def mark(self, offset: int) -> Mark:
        if self._places is None:
            self._places = _Places(self.text)
        return self._places.mark(offset)

    def tokens(self, start: int) -> Iterator[_Token]:
        text, i, n = self.text, start, len(self.text)
        while i < n:
            ch = text[i]
            if ch in "();":
                yield ch, "", [], i
                i += 1
            elif ch.isalpha() and ch.isupper():
                j = i
                while j < n and text[j].isalpha():
                    j += 1
                ident = "".join(c for c in text[i:j] if c.isupper())
                values, end = self._values(ident, i, j)
                yield "prop", ident, values, i
                i = end
            else:
                i += 1

    def _values(self, ident: str, start: int, k: int) -> tuple[list[str], int]:
        """The values of the property at ``start`` whose first ``[`` is looked for from
        ``k``, and the offset after the last ``]``."""
        text, n = self.text, len(self.text)
        values: list[str] = []
        while True:
            while k < n and text[k].isspace():
                k += 1
            if k >= n or text[k] != "[":
                break
            opened = k
            k += 1
            value: list[str] = []
            while k < n and text[k] != "]":
                if text[k] == "\\" and k + 1 < n:
                    k += 1
                value.append(text[k])
                k += 1
                if len(value) > MAX_VALUE:
                    raise BoardgenError(
                        f"SGF: property {_name(ident)} has a value of more than {MAX_VALUE:,} characters",
                        mark=self.mark(opened),
                    )
            if k >= n:
                raise BoardgenError(
                    f"SGF: property {_name(ident)} has a value that never closes (no ']')",
                    mark=self.mark(start),
                )
            values.append("".join(value))
            k += 1
        if not values:
            raise BoardgenError(f"SGF: property {_name(ident)} has no value", mark=self.mark(start))
        return values, k


class _Branch:
    """A line being read: its nodes, where its first child variation starts, and how
    many child variations it has opened."""

    __slots__ = ("at", "children", "nodes")

    def __init__(self, nodes: list[SgfNode]) -> None:
        self.nodes = nodes
        self.at = -1
        self.children = 0


def _main_line(scanner: _Scanner, start: int) -> tuple[list[SgfNode], int]:
    """The main line of the game whose ``(`` is at ``start`` (its other branches on its
    nodes, see the module's text), and the offset after its ``)``."""
    nodes: list[SgfNode] = []
    stack: list[_Branch] = []
    variations = 0
    count = 0
    for kind, ident, values, offset in scanner.tokens(start):
        if kind == "(":
            if not stack:
                stack.append(_Branch(nodes))
                continue
            parent = stack[-1]
            variations += 1  # every bracket inside the game, the main line's own included
            if variations > MAX_VARIATIONS:
                raise BoardgenError(
                    f"SGF: more than {MAX_VARIATIONS:,} variations in one game", mark=scanner.mark(offset)
                )
            if parent.children == 0:  # the first variation goes on with the line
                parent.at = len(parent.nodes)
                child = _Branch(parent.nodes)
            else:
                child = _Branch([])
                if parent.at < len(parent.nodes):
                    parent.nodes[parent.at].alternatives.append(child.nodes)
            parent.children += 1
            stack.append(child)
        elif kind == ")":
            stack.pop()
            if not stack:
                return nodes, offset + 1
        elif kind == ";":
            line = stack[-1].nodes
            count += 1
            if line is nodes and len(nodes) >= MAX_NODES:
                raise BoardgenError(
                    f"SGF: more than {MAX_NODES:,} nodes in one game's main line", mark=scanner.mark(offset)
                )
            if count > MAX_TREE_NODES:
                raise BoardgenError(
                    f"SGF: more than {MAX_TREE_NODES:,} nodes in one game", mark=scanner.mark(offset)
                )
            line.append(SgfNode({}, scanner.mark(offset)))
        elif stack and stack[-1].nodes:
            node = stack[-1].nodes[-1]
            node.props.setdefault(ident, []).extend(values)
            node.marks.setdefault(ident, scanner.mark(offset))
    raise BoardgenError("SGF: the record ends before its last ')'", mark=scanner.mark(len(scanner.text)))


def game_trees(text: str) -> Iterator[list[SgfNode]]:
    """The main line of each game of ``text``, one game at a time."""
    scanner = _Scanner(text)
    found = _GAME.search(text)
    if found is None:
        if "(" not in text:
            raise BoardgenError("SGF: a game record starts with '('")
        raise BoardgenError(
            "SGF: a game record starts with '(' and a node ';'", mark=scanner.mark(text.index("("))
        )
    while found is not None:
        nodes, end = _main_line(scanner, found.start())
        yield nodes
        found = _GAME.search(text, end)


def main_line(text: str) -> list[SgfNode]:
    """The nodes of the first game's main line: at each branch, the first variation."""
    return next(game_trees(text))
