"""SGF's tree, read for its main line: the nodes of the first game, each with its place.

SGF (Smart Game Format, FF[4]) writes a game as nested variations of nodes, a node as
``;`` and properties ``KEY[value][value]``. :func:`main_line` keeps the first game's
main line (the first variation at every branch) as :class:`SgfNode` values: the
properties and the line and column of the node's ``;``, so that a reader built on it
(Go's :mod:`boardgen.pdn.sgf`, Hex's and Havannah's :mod:`boardgen.pdn.connection_records`)
names the spot of a bad move. Property names keep their capitals only (FF[3]'s
``AddBlack`` is ``AB``); ``\\`` escapes the next character in a value.
"""

from __future__ import annotations

__all__ = ["SgfNode", "main_line"]

import bisect
import re
from dataclasses import dataclass

from ..errors import BoardgenError, Mark


@dataclass(frozen=True)
class SgfNode:
    """One node: its properties (values in file order) and where its ``;`` stands."""

    props: dict[str, list[str]]
    mark: Mark

    def first(self, key: str, default: str = "") -> str:
        """The first value of ``key``, stripped (``default`` when the node has none)."""
        values = self.props.get(key)
        return values[0].strip() if values else default


class _Places:
    """Line and column of an offset in the text (1-based), by a search of the line starts."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]

    def mark(self, offset: int) -> Mark:
        line = bisect.bisect_right(self.starts, offset)
        return Mark(line, offset - self.starts[line - 1] + 1)


def _tokens(text: str) -> list[tuple[str, str, list[str], int]]:
    """('(' | ')' | ';' | 'prop', identifier, values, offset) in file order."""
    out: list[tuple[str, str, list[str], int]] = []
    i, n = 0, len(text)
    places: _Places | None = None
    while i < n:
        ch = text[i]
        if ch in "();":
            out.append((ch, "", [], i))
            i += 1
        elif ch.isalpha() and ch.isupper():
            j = i
            while j < n and text[j].isalpha():
                j += 1
            ident = "".join(c for c in text[i:j] if c.isupper())
            values: list[str] = []
            k = j
            while True:
                while k < n and text[k].isspace():
                    k += 1
                if k >= n or text[k] != "[":
                    break
                k += 1
                value = []
                while k < n and text[k] != "]":
                    if text[k] == "\\" and k + 1 < n:
                        k += 1
                    value.append(text[k])
                    k += 1
                if k >= n:
                    places = places or _Places(text)
                    raise BoardgenError(
                        f"SGF: property {ident} has a value that never closes (no ']')", mark=places.mark(i)
                    )
                values.append("".join(value))
                k += 1
            if not values:
                places = places or _Places(text)
                raise BoardgenError(f"SGF: property {ident} has no value", mark=places.mark(i))
            out.append(("prop", ident, values, i))
            i = k
        else:
            i += 1
    return out


#: Where a game starts: '(' and its first node's ';', blanks between.
_GAME = re.compile(r"\(\s*;")


def main_line(text: str) -> list[SgfNode]:
    """The nodes of the first game's main line: at each branch, the first variation."""
    found = _GAME.search(text)  # text before the game is not SGF's (a header, a mail's lines)
    offset0 = found.start() if found else 0
    tokens = _tokens(text[offset0:])
    if not tokens or tokens[0][0] != "(":
        raise BoardgenError("SGF: a game record starts with '('")
    places = _Places(text)
    nodes: list[SgfNode] = []
    depth = 0
    skipping = 0  # depth below which a later variation is being skipped
    ended: set[int] = set()  # depths whose first variation is done
    for kind, ident, values, offset in tokens:
        if kind == "(":
            depth += 1
            if skipping == 0 and depth - 1 in ended:
                skipping = depth
        elif kind == ")":
            if skipping == depth:
                skipping = 0
            elif skipping == 0:
                ended.add(depth - 1)
                if depth == 1:
                    return nodes
            depth -= 1
        elif skipping:
            continue
        elif kind == ";":
            nodes.append(SgfNode({}, places.mark(offset0 + offset)))
        elif nodes:
            nodes[-1].props.setdefault(ident, []).extend(values)
    if depth:
        raise BoardgenError("SGF: the record ends before its last ')'")
    return nodes
