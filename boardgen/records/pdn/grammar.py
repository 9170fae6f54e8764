"""The move text of one PDN game as a tree: a line of moves, each with its number,
NAGs, comment and the variations that are alternatives to it, each a line in turn.

The tokens come from :mod:`boardgen.records.pdn.tokens`; nothing here knows the rules (the
reader plays the tree, :mod:`boardgen.records.pdn.reader`). A variation ``(...)`` stands for
the move just before it, played from the same position, as in PGN.

>>> from boardgen.records.pdn.tokens import tokenize
>>> line = parse_line(tokenize("1. 11-15 {book} 23-19 (1... 22-18 $2) 2. 8-11 *", "<pdn>"), "<pdn>")
>>> [step.token.text for step in line.steps], line.steps[1].variations[0].steps[0].nags
(['11-15', '23-19', '8-11'], ('$2',))
>>> print(line.text())
1. 11-15 {book} 23-19 (1... 22-18 $2) 2. 8-11
"""

from __future__ import annotations

__all__ = ["Line", "Step", "parse_line"]

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...errors import BoardgenError, Mark
from .tokens import Token


@dataclass
class Step:
    """One move as written: its token, the move number before it (if any), then what
    follows it: NAGs, comments and variations (alternatives to this move)."""

    token: Token
    number: Token | None = None
    nags: tuple[str, ...] = ()
    comment: str = ""
    variations: list[Line] = field(default_factory=list)


@dataclass
class Line:
    """Moves in order; ``comment`` and ``variations`` stand before the first move (PDN
    allows both there: a variation there is an alternative to the game's first move)."""

    steps: list[Step] = field(default_factory=list)
    comment: str = ""
    variations: list[Line] = field(default_factory=list)
    mark: Mark | None = None
    #: A number written after the last move (``12.`` then the end of a variation).
    trailing: Token | None = None

    def text(self) -> str:
        """The line written back as PDN, variations in brackets (a game sheet prints it)."""
        words: list[str] = []
        if self.comment:
            words.append("{" + self.comment + "}")
        words += [f"({v.text()})" for v in self.variations]
        for step in self.steps:
            if step.number is not None:
                words.append(step.number.text)
            words.append(step.token.text)
            words += list(step.nags)
            if step.comment:
                words.append("{" + step.comment + "}")
            words += [f"({v.text()})" for v in step.variations]
        return " ".join(words)


def parse_line(tokens: Sequence[Token], file: str) -> Line:
    """The tree of a game's move text (tags and results already taken out; a result
    inside a variation is ignored); raises BoardgenError at a NAG before any move."""
    stack: list[Line] = [Line()]
    number: Token | None = None
    for token in tokens:
        line = stack[-1]
        kind = token.kind
        if kind == "number":
            number = token
            continue
        if kind in ("ellipsis", "result", "tag"):
            continue  # '1. ...': the other side's move is not given
        if kind == "move":
            line.steps.append(Step(token, number))
            number = None
            if line.mark is None:
                line.mark = token.mark
            continue
        if kind == "open":
            child = Line(mark=token.mark)
            if line.steps:
                line.steps[-1].variations.append(child)
            else:
                line.variations.append(child)
            stack.append(child)
            number = None
            continue
        if kind == "close":
            line.trailing = number
            number = None
            if len(stack) > 1:
                stack.pop()
            continue
        last = line.steps[-1] if line.steps else None
        if kind == "comment":
            if last is None:
                line.comment = f"{line.comment} {token.text}".strip()
            else:
                last.comment = f"{last.comment} {token.text}".strip()
        elif kind == "nag":
            if last is None:
                raise BoardgenError(f"NAG {token.text} before any move", file=file, mark=token.mark)
            last.nags = (*last.nags, token.text)
    return stack[0]
