"""Diagram options written as text, shared by the command line, Sphinx and Markdown.

One grammar everywhere: an arrow is ``FROM-TO`` or a longer path ``a3-c5-e7``,
optionally ``:COLOUR``; a fill is ``CELL:COLOUR`` (or a bare ``CELL``, tinted in the
default highlight colour); colours are ``#rgb``, ``#rrggbb`` or one of a few names.

>>> parse_arrow("11-15:red")
(('11', '15'), '#d62828')
>>> parse_fill("d4:#00f")
('d4', '#0000ff')
>>> colour("purple")
'#7b2cbf'
>>> parse_mark("d4:triangle:red"), parse_label("q16:A")
(('d4', 'triangle', '#d62828'), ('q16', 'A', None))
"""

from __future__ import annotations

__all__ = [
    "CELL_SIZE_MM",
    "DPI",
    "FIRST_NUMBER",
    "LABEL_CHARS",
    "MARK_SHAPES",
    "NAMED_COLOURS",
    "SIZE_PX",
    "cell_size_mm",
    "colour",
    "dpi_value",
    "first_number",
    "parse_arrow",
    "parse_colours",
    "parse_fill",
    "parse_label",
    "parse_mark",
    "parse_moves",
    "size_px",
    "split_items",
]

import math
import re

from ..errors import BoardgenError, shown

#: Names a user may write for a colour (the marks' own inks first).
NAMED_COLOURS = {
    "blue": "#1565c0",
    "red": "#d62828",
    "green": "#2e9e44",
    "yellow": "#ffd23f",
    "orange": "#f77f00",
    "purple": "#7b2cbf",
    "black": "#000000",
    "white": "#ffffff",
    "grey": "#808080",
    "gray": "#808080",
}

#: The ranges of the numeric options, the same in the API, the command line, Sphinx and
#: Markdown: ``size`` is a width in pixels, ``cell_size`` millimetres per cell, ``dpi``
#: a PNG's resolution.
SIZE_PX = (16, 4000)
CELL_SIZE_MM = (3.0, 150.0)
DPI = (36.0, 1200.0)

#: The shapes a mark may take on a cell or point (Go books' and python-chess's marks).
MARK_SHAPES = ("circle", "triangle", "square", "cross")
#: Longest label: a letter, a move number up to four digits, or a short word.
LABEL_CHARS = 4
#: The numbers a numbered sequence of moves may start from.
FIRST_NUMBER = (1, 9999)

#: A colour written in hexadecimal (patterns compiled on first use, and kept by re: most
#: processes never need them).
_HEX = r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})"
#: Splits a path of cells: a separator always follows a digit (cell names end in digits).
_PATH_SPLIT = r"(?<=\d)\s*[-x]\s*"


def colour(text: str) -> str:
    """``#rrggbb`` for a colour written ``#rgb``, ``#rrggbb`` or by name."""
    value = text.strip().lower()
    if value in NAMED_COLOURS:
        return NAMED_COLOURS[value]
    if not re.fullmatch(_HEX, value):
        names = ", ".join(sorted(set(NAMED_COLOURS)))
        raise BoardgenError(f"{text!r} is not a colour: write #rrggbb, #rgb or one of {names}")
    if len(value) == 4:
        value = "#" + "".join(ch * 2 for ch in value[1:])
    return value


def parse_arrow(text: str) -> tuple[tuple[str, ...], str | None]:
    """The cells (as written) and the colour of an arrow ``FROM-TO[-...][:COLOUR]``."""
    body, _, ink = text.strip().partition(":")
    cells = tuple(part for part in re.split(_PATH_SPLIT, body.strip()) if part)
    if len(cells) < 2:
        raise BoardgenError(f"{text!r} is not an arrow: write two or more cells joined by '-', e.g. c3-d4")
    return cells, colour(ink) if ink else None


def parse_fill(text: str) -> tuple[str, str | None]:
    """The cell and colour of a fill ``CELL[:COLOUR]``."""
    cell, _, ink = text.strip().partition(":")
    if not cell.strip():
        raise BoardgenError(f"{text!r} is not a fill: write CELL or CELL:COLOUR, e.g. d4:yellow")
    return cell.strip(), colour(ink) if ink else None


def parse_mark(text: str) -> tuple[str, str, str | None]:
    """The cell, shape and colour of a mark ``CELL:SHAPE[:COLOUR]`` (``d4:circle``)."""
    cell, _, rest = text.strip().partition(":")
    shape, _, ink = rest.partition(":")
    shape = shape.strip().lower()
    if not cell.strip() or shape not in MARK_SHAPES:
        raise BoardgenError(
            f"{_said(text)} is not a mark: write CELL:SHAPE or CELL:SHAPE:COLOUR, a shape one of "
            f"{', '.join(MARK_SHAPES)} (e.g. d4:triangle)"
        )
    return cell.strip(), shape, colour(ink) if ink.strip() else None


def parse_label(text: str) -> tuple[str, str, str | None]:
    """The cell, text and colour of a label ``CELL:TEXT[:COLOUR]`` (``d4:A``, ``q16:12:red``):
    up to :data:`LABEL_CHARS` letters or digits."""
    cell, _, rest = text.strip().partition(":")
    label, _, ink = rest.partition(":")
    label = label.strip()
    if not cell.strip() or not label or len(label) > LABEL_CHARS or not label.isalnum():
        raise BoardgenError(
            f"{_said(text)} is not a label: write CELL:TEXT or CELL:TEXT:COLOUR, the text one to "
            f"{LABEL_CHARS} letters or digits (e.g. d4:A, q16:12)"
        )
    return cell.strip(), label, colour(ink) if ink.strip() else None


def parse_moves(text: str) -> list[str]:
    """The moves of a sequence written one after the other (``q16 d4 c3``, or with commas)."""
    return split_items(text)


def first_number(value: object) -> int:
    """``first_number``: the number of a sequence's first move, within :data:`FIRST_NUMBER`."""
    low, high = FIRST_NUMBER
    number = _number("first_number", value, "")
    if not (low <= number <= high and number == int(number)):
        raise BoardgenError(
            f"write a move number from {low} to {high}, not {_said(value)}", key="first_number"
        )
    return int(number)


def parse_colours(text: str) -> dict[str, str]:
    """The colours ``KEY:COLOUR`` items give (``dark:#333 black:red``): the board's keys,
    player ids and the marks' keys, as ``colours=`` of :func:`boardgen.svg` takes them."""
    found: dict[str, str] = {}
    for item in split_items(text):
        key, colon, ink = item.partition(":")
        if not colon or not key.strip() or not ink.strip():
            raise BoardgenError(f"{_said(item)} is not a colour setting: write KEY:COLOUR, e.g. dark:#556b2f")
        colour(ink)
        found[key.strip()] = ink.strip()
    return found


def split_items(text: str) -> list[str]:
    """Items separated by spaces or commas (``11-15:red 22-18``)."""
    return [item for item in re.split(r"[\s,]+", text.strip()) if item]


def _number(name: str, value: object, unit: str) -> float:
    """``value`` as a finite float: a number, or text as a user writes it (``320px``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    if isinstance(value, str):
        text = value.strip().lower().removesuffix(unit).strip()
        if not re.fullmatch(r"[0-9]{1,6}(\.[0-9]{1,6})?", text):
            return math.nan
        return float(text)
    return float(value)


def size_px(value: object) -> int:
    """``size``: a whole width in pixels within :data:`SIZE_PX` (``320``, ``"320px"``)."""
    low, high = SIZE_PX
    number = _number("size", value, "px")
    if not (low <= number <= high and number == int(number)):
        raise BoardgenError(f"write a width in pixels from {low} to {high}, not {_said(value)}", key="size")
    return int(number)


def cell_size_mm(value: object) -> float:
    """``cell_size``: millimetres per cell within :data:`CELL_SIZE_MM` (``8``, ``"8mm"``)."""
    low, high = CELL_SIZE_MM
    number = _number("cell_size", value, "mm")
    if not low <= number <= high:
        raise BoardgenError(
            f"write millimetres per cell from {low:g} to {high:g}, not {_said(value)}", key="cell_size"
        )
    return number


def dpi_value(value: object) -> float:
    """``dpi``: a PNG's resolution in dots per inch within :data:`DPI`."""
    low, high = DPI
    number = _number("dpi", value, "dpi")
    if not low <= number <= high:
        raise BoardgenError(f"write a resolution from {low:g} to {high:g} dpi, not {_said(value)}", key="dpi")
    return number


def _said(value: object) -> str:
    return shown(value) if isinstance(value, str) else repr(value)
