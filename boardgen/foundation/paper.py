"""Paper sizes and the part of a sheet a printer can reach.

Boards are printed at true scale on office paper, so page composition needs the
real sheet size and a safe margin: most printers cannot print the outer few
millimetres, and anything placed there (a cell edge, a crop mark) would be lost.
A uniform :data:`MARGIN` of 10 mm is inside every common printer's reach.
"""

from __future__ import annotations

__all__ = [
    "A0",
    "A1",
    "A2",
    "A3",
    "A4",
    "LEDGER",
    "LETTER",
    "MARGIN",
    "PAPERS",
    "PAPER_SIDE_MM",
    "TABLOID",
    "Box",
    "Paper",
    "paper_named",
]

import re

from ..errors import BoardgenError
from .values import frozen

#: Unprinted border on every side of a sheet, in mm.
MARGIN = 10.0


@frozen
class Box:
    """An axis-aligned rectangle on a page, in mm (origin top-left, y down)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def inset(self, left: float, top: float, right: float, bottom: float) -> Box:
        """The box shrunk by the given amounts on each side."""
        return Box(self.x + left, self.y + top, self.width - left - right, self.height - top - bottom)

    def overlaps(self, other: Box) -> bool:
        """Whether the two boxes share some area (touching edges do not count)."""
        return (
            other.x < self.right and self.x < other.right and other.y < self.bottom and self.y < other.bottom
        )

    def contains(self, other: Box, tolerance: float = 1e-6) -> bool:
        """Whether ``other`` lies entirely inside this box."""
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.bottom <= self.bottom + tolerance
        )


@frozen
class Paper:
    """A sheet size in mm, as named by the user (``width`` x ``height`` as given)."""

    name: str
    width: float
    height: float

    def oriented(self, landscape: bool) -> Paper:
        """The same sheet turned so that it is wider than tall iff ``landscape``."""
        short, long = sorted((self.width, self.height))
        width, height = (long, short) if landscape else (short, long)
        return Paper(self.name, width, height)

    @property
    def printable(self) -> Box:
        """The area inside the margins, in page coordinates."""
        return Box(MARGIN, MARGIN, self.width - 2 * MARGIN, self.height - 2 * MARGIN)


A4 = Paper("A4", 210.0, 297.0)
LETTER = Paper("Letter", 215.9, 279.4)
A3 = Paper("A3", 297.0, 420.0)
#: Print-shop sizes: a club can have a whole board printed on one large sheet.
A2 = Paper("A2", 420.0, 594.0)
A1 = Paper("A1", 594.0, 841.0)
A0 = Paper("A0", 841.0, 1189.0)
#: ANSI B, 11 x 17 in: "tabloid" upright, "ledger" lying (the same sheet).
TABLOID = Paper("Tabloid", 279.4, 431.8)
LEDGER = Paper("Ledger", 431.8, 279.4)
PAPERS = {paper.name.lower(): paper for paper in (A4, LETTER, A3, A2, A1, A0, TABLOID, LEDGER)}

#: Smallest and largest side of a sheet given as ``WIDTHxHEIGHT`` (mm): at least an A6
#: postcard, at most a 2 m roll.
PAPER_SIDE_MM = (100.0, 2000.0)
_CUSTOM = re.compile(r"([0-9]+(?:\.[0-9]+)?) *[x\u00d7] *([0-9]+(?:\.[0-9]+)?) *(?:mm)?")


def paper_named(name: str) -> Paper:
    """The paper called ``name`` (case-insensitive): a known size, or any ``WIDTHxHEIGHT``
    in millimetres (``500x700``, ``500 x 700 mm``); else a :class:`BoardgenError`."""
    text = name.lower()
    if text in PAPERS:
        return PAPERS[text]
    custom = _CUSTOM.fullmatch(text)
    if custom is None:
        known = ", ".join(paper.name for paper in PAPERS.values())
        raise BoardgenError(f"unknown paper size {name!r} (known: {known}, or WIDTHxHEIGHT in mm)")
    width, height = float(custom[1]), float(custom[2])
    low, high = PAPER_SIDE_MM
    if not (low <= width <= high and low <= height <= high):
        raise BoardgenError(f"paper {name!r}: each side must be {low:g} to {high:g} mm")
    return Paper(f"{width:g}x{height:g} mm", width, height)
