"""The ``board:`` key of a descriptor: which shape, its size, and how it is drawn.

One parser per shape (:data:`SHAPES`), each reading its own keys; every shape also
takes the keys common to all (:data:`COMMON_KEYS`):

``drawn: cells | points``   pieces in the cells, or on points joined by lines (shapes
                            that allow both: square, hexhex, rhombus, triangle, star)
``remove: [names]``         places taken off the board (a mask: holes, cut corners)
``marks: [names]``          points marked on the board (a Go board's star points)
``point_style: none | dots | holes``
                            how each point of a board of points is drawn
``skip_letters: [i]``        letters left out of the columns' names (Go's boards: ``j``
                            follows ``h``); names in the descriptor, on the board, in
                            moves and positions all use the letters that remain
``words: [{text, at, size, offset}]``
                            words printed on the board, centred on a place or between
                            places (``at: [c5, c6]``), moved by ``offset: [dx, dy]``
                            cells, ``size`` points high (at least 6)
``sides: {side: player}``   sides of the board that belong to a player (Hex, Y; the
                            shapes that name their sides: rhombus, triangle, star),
                            drawn as a band in the player's colour

A new shape is a geometry module and one parser here.
"""

from __future__ import annotations

__all__ = ["COMMON_KEYS", "HEX_SIDE", "LATTICE_SIZE", "PITS", "SHAPES", "SQUARE_SIZE", "parse_board"]

import itertools
import math
from collections.abc import Callable, Mapping
from typing import TypeVar

from ..geometry import (
    Grid,
    HexHexGrid,
    PitGrid,
    PointGrid,
    RhombusGrid,
    SquareGrid,
    StarGrid,
    TriangleGrid,
)
from ..geometry.base import ALPHABET, column_letters, parse_column_letters
from .model import BoardSpec, BoardWord
from .printable import check_printable
from .reader import Reader
from .yamlload import PathKey

# Documented limits (docs/reference/limits.md): beyond them a descriptor is refused with a clear message.
#: Squares per side of a square board (and of a rhombus, and of a lattice of points).
SQUARE_SIZE = (2, 100)
#: Cells per edge of a hexhex board, a triangle, or a star's middle hexagon.
HEX_SIDE = (2, 50)
#: Places per side of a lattice of points.
LATTICE_SIZE = (2, 100)
#: Pits per row of a mancala board, and rows.
PITS = (2, 30)
_ROWS = (1, 6)
#: Most lines a board of points may list (each line is walked point by point).
MAX_LINES = 2000
#: Words on a board: how many, how long, and their size in points (6 pt at the least,
#: the smallest text boardgen prints).
MAX_WORDS = 20
MAX_WORD = 40
WORD_POINTS = (6.0, 72.0)

COMMON_KEYS = ("drawn", "remove", "marks", "point_style", "skip_letters", "words")
#: Shapes whose sides have names a descriptor may give to players (``sides:``).
_SIDED = (*COMMON_KEYS, "sides")

#: The common keys a mancala board takes (its pits are neither cells nor points).
_PIT_KEYS = ("remove", "marks", "skip_letters", "words")

_PATH: PathKey = ("board",)


def _alphabet(r: Reader) -> str:
    """The letters columns are named with: the alphabet less ``skip_letters``."""
    where: PathKey = (*_PATH, "skip_letters")
    if not r.has(where):
        return ALPHABET
    skipped: set[str] = set()
    for i in range(len(r.sequence(where, min_items=1))):
        letter = r.string((*where, i))
        if len(letter) != 1 or letter not in ALPHABET:
            raise r.error((*where, i), f"'{letter}' is not one lowercase letter a to z")
        if letter in skipped:
            raise r.error((*where, i), f"'{letter}' is listed twice")
        skipped.add(letter)
    if len(skipped) > len(ALPHABET) - 2:
        raise r.error(where, "leaves fewer than two letters to name the columns")
    return "".join(ch for ch in ALPHABET if ch not in skipped)


def _drawn(r: Reader, default: str = "cells") -> str:
    return r.string((*_PATH, "drawn"), choices=("cells", "points")) if r.has((*_PATH, "drawn")) else default


def _square(r: Reader, aspect: float) -> tuple[Grid, frozenset[int], Mapping[int, int] | None]:
    r.mapping(
        _PATH,
        required=("kind", "width", "height", "playable"),
        optional=("near_right", "numbering", "numbering_from", *COMMON_KEYS),
    )
    low, high = SQUARE_SIZE
    width = r.integer((*_PATH, "width"), minimum=low, maximum=high)
    height = r.integer((*_PATH, "height"), minimum=low, maximum=high)
    near_right = (
        r.string((*_PATH, "near_right"), choices=("light", "dark"))
        if r.has((*_PATH, "near_right"))
        else "light"
    )
    grid = SquareGrid(width, height, near_right, drawn=_drawn(r), aspect=aspect)  # type: ignore[arg-type]
    grid = _masked(r, grid.lettered(_alphabet(r)))
    playable_word = r.string((*_PATH, "playable"), choices=("all", "dark", "light"))
    if playable_word == "all":
        playable = frozenset(grid.cells())
    else:
        if grid.drawn == "points":
            raise r.error((*_PATH, "playable"), "a board of points has no colours: write 'playable: all'")
        playable = frozenset(c for c in grid.cells() if grid.colour(c) == playable_word)
    numbering = (
        r.string((*_PATH, "numbering"), choices=("algebraic", "pdn"))
        if r.has((*_PATH, "numbering"))
        else "algebraic"
    )
    pdn = None
    if numbering == "pdn":
        if playable_word == "all":
            raise r.error(
                (*_PATH, "numbering"),
                "PDN numbers need a board played on one colour (playable: dark or light)",
            )
        start = (
            r.string((*_PATH, "numbering_from"), choices=("north-west", "south-east"))
            if r.has((*_PATH, "numbering_from"))
            else "north-west"
        )
        pdn = grid.pdn_numbers(playable, start)
    elif r.has((*_PATH, "numbering_from")):
        raise r.error(
            (*_PATH, "numbering_from"), "only PDN numbers have a first square: set 'numbering: pdn'"
        )
    return grid, playable, pdn


def _hexhex(r: Reader, aspect: float) -> Grid:
    r.mapping(_PATH, required=("kind", "side"), optional=("orientation", *COMMON_KEYS))
    low, high = HEX_SIDE
    side = r.integer((*_PATH, "side"), minimum=low, maximum=high)
    orientation = (
        r.string((*_PATH, "orientation"), choices=("pointy", "flat"))
        if r.has((*_PATH, "orientation"))
        else "pointy"
    )
    return HexHexGrid(side, orientation, drawn=_drawn(r))  # type: ignore[arg-type]


def _rhombus(r: Reader, aspect: float) -> Grid:
    r.mapping(_PATH, required=("kind", "width", "height"), optional=_SIDED)
    low, high = SQUARE_SIZE
    width = r.integer((*_PATH, "width"), minimum=low, maximum=high)
    height = r.integer((*_PATH, "height"), minimum=low, maximum=high)
    return RhombusGrid(width, height, drawn=_drawn(r))  # type: ignore[arg-type]


def _triangle(r: Reader, aspect: float) -> Grid:
    r.mapping(_PATH, required=("kind", "side"), optional=_SIDED)
    low, high = HEX_SIDE
    return TriangleGrid(r.integer((*_PATH, "side"), minimum=low, maximum=high), drawn=_drawn(r))  # type: ignore[arg-type]


def _star(r: Reader, aspect: float) -> Grid:
    r.mapping(_PATH, required=("kind",), optional=("side", *_SIDED))
    low, high = HEX_SIDE
    side = r.integer((*_PATH, "side"), minimum=low, maximum=high) if r.has((*_PATH, "side")) else 5
    return StarGrid(side, drawn=_drawn(r, "points"))  # type: ignore[arg-type]


def _pits(r: Reader, aspect: float) -> Grid:
    r.mapping(_PATH, required=("kind", "pits"), optional=("rows", "stores", *_PIT_KEYS))
    low, high = PITS
    pits = r.integer((*_PATH, "pits"), minimum=low, maximum=high)
    rows = r.integer((*_PATH, "rows"), minimum=_ROWS[0], maximum=_ROWS[1]) if r.has((*_PATH, "rows")) else 2
    stores = r.boolean((*_PATH, "stores")) if r.has((*_PATH, "stores")) else False
    return PitGrid(pits, rows, stores=stores)


def _points(r: Reader, aspect: float) -> Grid:
    """A lattice board of points and lines: ``width`` x ``height`` places, ``points``
    (``all`` or a list of names), ``lines`` (each a list of names: a line runs straight
    from each named point to the next, through every point of the board it crosses)."""
    r.mapping(_PATH, required=("kind", "width", "height", "points", "lines"), optional=COMMON_KEYS)
    alphabet = _alphabet(r)
    low, high = LATTICE_SIZE
    width = r.integer((*_PATH, "width"), minimum=low, maximum=high)
    height = r.integer((*_PATH, "height"), minimum=low, maximum=high)
    where: PathKey = (*_PATH, "points")
    if r.get(where) == "all":
        points = {(x, y) for x in range(width) for y in range(height)}
    else:
        points = set()
        for i in range(len(r.sequence(where, min_items=2))):
            xy = _place(r, (*where, i), width, height, alphabet)
            if xy in points:
                raise r.error((*where, i), f"'{r.get((*where, i))}' is listed twice")
            points.add(xy)
    segments: list[tuple[tuple[int, int], tuple[int, int]]] = []
    seen: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    lines_path: PathKey = (*_PATH, "lines")
    lines = r.sequence(lines_path, min_items=1)
    if len(lines) > MAX_LINES:
        raise r.error(lines_path, f"at most {MAX_LINES} lines")
    for i in range(len(lines)):
        line_path: PathKey = (*lines_path, i)
        count = len(r.sequence(line_path, min_items=2))
        ends = [_place(r, (*line_path, j), width, height, alphabet) for j in range(count)]
        for j, (a, b) in enumerate(itertools.pairwise(ends)):
            for xy in (a, b):
                if xy not in points:
                    message = f"the line passes through {_name(xy, alphabet)}, which is not a point"
                    raise r.error((*line_path, j), message)
            walked = _walk(a, b, points)
            if walked is None:
                message = (
                    f"{_name(a, alphabet)} to {_name(b, alphabet)} is not a straight line of the lattice "
                    "(along a row, column or diagonal)"
                )
                raise r.error((*line_path, j + 1), message)
            for pair in itertools.pairwise(walked):
                key = (min(pair), max(pair))
                if key not in seen:
                    seen.add(key)
                    segments.append(pair)
    return PointGrid(width, height, points, segments, aspect=aspect)


def _walk(
    a: tuple[int, int], b: tuple[int, int], points: set[tuple[int, int]]
) -> list[tuple[int, int]] | None:
    """The board's points from ``a`` to ``b`` along a row, column or diagonal."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if (dx, dy) == (0, 0) or (dx and dy and abs(dx) != abs(dy)):
        return None
    steps = math.gcd(abs(dx), abs(dy))
    sx, sy = dx // steps, dy // steps
    return [p for k in range(steps + 1) if (p := (a[0] + k * sx, a[1] + k * sy)) in points]


def _name(xy: tuple[int, int], alphabet: str) -> str:
    return f"{column_letters(xy[0], alphabet)}{xy[1] + 1}"


def _place(r: Reader, path: PathKey, width: int, height: int, alphabet: str) -> tuple[int, int]:
    """A lattice place named like a square (``d4``), on the lattice."""
    text = r.string(path).strip().lower()
    letters = text.rstrip("0123456789")
    digits = text[len(letters) :]
    try:
        x = parse_column_letters(letters, alphabet)
        y = int(digits) - 1
    except ValueError:
        raise r.error(path, f"'{text}' is not a place name like d4") from None
    if not (0 <= x < width and 0 <= y < height):
        raise r.error(path, f"'{text}' lies off the {width}x{height} lattice")
    return (x, y)


Parser = Callable[[Reader, float], Grid]
#: The board shapes a descriptor may name, each with its parser.
SHAPES: Mapping[str, Parser] = {
    "hexhex": _hexhex,
    "rhombus": _rhombus,
    "triangle": _triangle,
    "star": _star,
    "points": _points,
    "pits": _pits,
}


_G = TypeVar("_G", bound=Grid)


def _masked(r: Reader, grid: _G) -> _G:
    if not r.has((*_PATH, "remove")):
        return grid
    gone = _cells(r, grid, (*_PATH, "remove"))
    if len(gone) >= grid.size:
        raise r.error((*_PATH, "remove"), "removes every place of the board")
    return grid.without(gone)


def _cells(r: Reader, grid: Grid, path: PathKey) -> frozenset[int]:
    found = set()
    for i in range(len(r.sequence(path))):
        try:
            found.add(grid.parse(r.string((*path, i))))
        except ValueError as error:
            raise r.error((*path, i), str(error)) from None
    return frozenset(found)


def parse_board(r: Reader, aspect: float, players: tuple[str, ...]) -> BoardSpec:
    """The board of a descriptor; ``aspect`` is the row pitch over the column pitch
    (``print.cell_size: [columns, rows]``)."""
    r.free_mapping(_PATH)
    kind = r.string((*_PATH, "kind"), choices=("square", *SHAPES))
    pdn = None
    if kind == "square":
        grid, playable, pdn = _square(r, aspect)
    else:
        grid = _masked(r, SHAPES[kind](r, aspect).lettered(_alphabet(r)))
        playable = frozenset(grid.cells())
    if aspect != 1.0 and kind not in ("square", "points"):
        raise r.error(
            ("print", "cell_size"), f"only square and points boards take two pitches, not a {kind} board"
        )
    if grid.drawn != "points":
        for key in ("point_style",):
            if r.has((*_PATH, key)):
                raise r.error((*_PATH, key), "only a board of points ('drawn: points') draws its points")
    style = (
        r.string((*_PATH, "point_style"), choices=("none", "dots", "holes"))
        if r.has((*_PATH, "point_style"))
        else "none"
    )
    marks = _cells(r, grid, (*_PATH, "marks")) if r.has((*_PATH, "marks")) else frozenset()
    sides: dict[str, str] = {}
    if r.has((*_PATH, "sides")):
        known = grid.sides()
        for name in r.free_mapping((*_PATH, "sides")):
            where: PathKey = (*_PATH, "sides", name)
            if name not in known:
                names = ", ".join(known) or "none"
                raise r.error(where, f"no side '{name}' on a {grid.kind} board (sides: {names})", at_key=True)
            sides[name] = r.string(where, choices=players)
    words = _words(r, grid) if r.has((*_PATH, "words")) else ()
    return BoardSpec(grid, playable, pdn, marks=marks, point_style=style, sides=sides, words=words)


def _words(r: Reader, grid: Grid) -> tuple[BoardWord, ...]:
    """``board.words``: each a ``text`` centred on the middle of the places ``at`` names
    (one, or several: ``[c5, c6]`` is half-way between), moved by ``offset`` cells."""
    path: PathKey = (*_PATH, "words")
    words = []
    items = r.sequence(path, min_items=1)
    if len(items) > MAX_WORDS:
        raise r.error(path, f"at most {MAX_WORDS} words on a board")
    for i in range(len(items)):
        where: PathKey = (*path, i)
        r.mapping(where, required=("text", "at"), optional=("size", "offset"))
        text = check_printable(r, (*where, "text"), r.string((*where, "text")), MAX_WORD)
        at: PathKey = (*where, "at")
        if isinstance(r.get(at), str):
            try:
                cells = [grid.parse(r.string(at))]
            except ValueError as error:
                raise r.error(at, str(error)) from None
        else:
            r.sequence(at, min_items=1)
            cells = sorted(_cells(r, grid, at))
        points = [grid.centre(c) for c in cells]
        x = sum(p[0] for p in points) / len(points)
        y = sum(p[1] for p in points) / len(points)
        if r.has((*where, "offset")):
            if len(r.sequence((*where, "offset"))) != 2:
                raise r.error((*where, "offset"), "two numbers of cells: [east, north]")
            x += r.number((*where, "offset", 0), minimum=-10, maximum=10, unit="cells")
            y += r.number((*where, "offset", 1), minimum=-10, maximum=10, unit="cells")
        low, high = WORD_POINTS
        size = (
            r.number((*where, "size"), minimum=low, maximum=high, unit="pt")
            if r.has((*where, "size"))
            else 12.0
        )
        words.append(BoardWord(text, (x, y), size))
    return tuple(words)
