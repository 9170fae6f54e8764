"""SGF, the Go game-record format (Smart Game Format, FF[4]): the main line of a game.

:func:`parse_sgf` reads the first game of a file and follows its main line (the first
variation at every branch), keeping what replaying needs: the board size ``SZ``, komi
``KM``, handicap ``HA``, setup stones ``AB``/``AW``, the player to move first ``PL``,
the result ``RE``, and the moves ``B[dd]``/``W[pq]`` (``B[]``, or ``B[tt]`` on boards up
to 19, is a pass). :func:`replay_sgf` plays the moves with the Go rule family, so an
illegal move in a record fails at its move number. SGF points are letter pairs,
column then row counted from the top (``aa`` is the top-left corner); boardgen's rows
count from the bottom, so row ``r`` of the file is row ``size - r`` here.
"""

from __future__ import annotations

__all__ = ["SgfGame", "parse_sgf", "read_sgf", "replay_sgf", "sgf_result"]

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BoardgenError, Mark
from ..geometry import SquareGrid
from ..rules.go import PASS, GoGame, GoPosition
from ..rules.go.params import parse_params
from ..rules.spec import GameSpec, PlayerSpec
from .sgftree import main_line

#: Largest board an SGF point (two letters a-z, A-Z) can name.
MAX_SIZE = 52


@dataclass(frozen=True)
class SgfGame:
    """The main line of one SGF game, in SGF's own coordinates (column, row from the top)."""

    size: int
    komi: float
    handicap: int
    black: tuple[tuple[int, int], ...]
    white: tuple[tuple[int, int], ...]
    #: ("B" or "W", point or None for a pass), in order.
    moves: tuple[tuple[str, tuple[int, int] | None], ...]
    result: str
    first: str = "B"
    properties: dict[str, list[str]] = field(default_factory=dict)
    #: Where each move's node stands in the file (line, column), in move order.
    marks: tuple[Mark, ...] = ()


def _point(value: str, size: int, what: str) -> tuple[int, int] | None:
    if value == "" or (value == "tt" and size <= 19):
        return None
    if len(value) != 2 or not all(c.isalpha() for c in value):
        raise BoardgenError(f"SGF: {what}: {value!r} is not a point")
    x, y = (ord(c) - (ord("a") if c.islower() else ord("A") - 26) for c in value)
    if not (0 <= x < size and 0 <= y < size):
        raise BoardgenError(f"SGF: {what}: {value!r} is off a {size}x{size} board")
    return x, y


def _points(values: list[str], size: int, what: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for value in values:
        if ":" in value:  # a compressed rectangle, 'aa:cc'
            a, b = (_point(v, size, what) for v in value.split(":", 1))
            if a is None or b is None:
                raise BoardgenError(f"SGF: {what}: {value!r} is not a rectangle of points")
            out += [(x, y) for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
                    for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1)]  # fmt: skip
        else:
            point = _point(value, size, what)
            if point is not None:
                out.append(point)
    return out


def parse_sgf(text: str) -> SgfGame:
    """The first game of an SGF text, main line only; raises BoardgenError on bad input."""
    tree = main_line(text)
    nodes = [node.props for node in tree]
    if not nodes:
        raise BoardgenError("SGF: the record has no node")
    root = nodes[0]
    if root.get("GM", ["1"])[0].strip() != "1":
        raise BoardgenError(f"SGF: GM[{root['GM'][0]}] is not a game of Go (GM[1])")
    try:
        size = int(root.get("SZ", ["19"])[0].split(":")[0])
        komi = float(root.get("KM", ["0"])[0] or 0)
        handicap = int(root.get("HA", ["0"])[0] or 0)
    except ValueError:
        raise BoardgenError("SGF: SZ, KM and HA are numbers") from None
    if not 2 <= size <= MAX_SIZE:
        raise BoardgenError(f"SGF: SZ[{size}]: boards from 2 to {MAX_SIZE} points a side")
    black: list[tuple[int, int]] = []
    white: list[tuple[int, int]] = []
    moves: list[tuple[str, tuple[int, int] | None]] = []
    marks: list[Mark] = []
    for number, (node, place) in enumerate(zip(nodes, tree, strict=True)):
        try:
            black += _points(node.get("AB", []), size, "AB")
            white += _points(node.get("AW", []), size, "AW")
            for colour in ("B", "W"):
                for value in node.get(colour, []):
                    what = f"move {len(moves) + 1} ({colour}, node {number})"
                    moves.append((colour, _point(value, size, what)))
                    marks.append(place.mark)
        except BoardgenError as exc:
            raise BoardgenError(exc.message, mark=place.mark) from None
    first = root.get("PL", [moves[0][0] if moves else "B"])[0].upper()[:1] or "B"
    result = root.get("RE", [""])[0].strip()
    return SgfGame(
        size, komi, handicap, tuple(black), tuple(white), tuple(moves), result, first, root, tuple(marks)
    )


def read_sgf(path: str | Path) -> SgfGame:
    """The SGF record at ``path``; a bad one raises BoardgenError naming the file and spot."""
    try:
        return parse_sgf(Path(path).read_text(encoding="utf-8", errors="replace"))
    except BoardgenError as exc:
        raise exc.located(str(path)) from None


def _cell(grid: SquareGrid, point: tuple[int, int]) -> int:
    cell = grid.at(point[0], grid.height - 1 - point[1])
    assert cell is not None
    return cell


def replay_sgf(sgf: SgfGame, *, scoring: str = "area") -> tuple[GoGame, list[GoPosition]]:
    """The Go game of the record and its positions, the start first, each move checked.

    Rules: no suicide, positional superko as a fallback (no record repeats a board),
    the record's komi. A move the rules refuse raises BoardgenError naming its number.
    """
    grid = SquareGrid(sgf.size, sgf.size)
    setup = {
        "black": frozenset(_cell(grid, p) for p in sgf.black),
        "white": frozenset(_cell(grid, p) for p in sgf.white),
    }
    params = {"komi": sgf.komi, "scoring": scoring}
    spec = GameSpec(
        id=f"go-{sgf.size}",
        grid=grid,
        playable=frozenset(grid.cells()),
        regions={},
        players=(PlayerSpec("black", None, "B"), PlayerSpec("white", None, "W")),
        first="black" if sgf.first == "B" else "white",
        setup=setup,
        params=params,
    )
    game = GoGame(spec, parse_params(params))
    position = game.initial()
    positions = [position]
    for number, (colour, point) in enumerate(sgf.moves, start=1):
        expected = "black" if colour == "B" else "white"
        if game.to_move(position) != expected:
            # Records may let one side play twice (a pass left out): pass for the other.
            position = game.play(position, PASS)
        move = PASS if point is None else _cell(grid, point)
        try:
            position = game.play(position, move)
        except BoardgenError as exc:
            mark = sgf.marks[number - 1] if len(sgf.marks) >= number else None
            raise BoardgenError(
                f"SGF move {number} ({colour}[{_name(point)}]): {exc.message}", mark=mark
            ) from None
        positions.append(position)
    return game, positions


def _name(point: tuple[int, int] | None) -> str:
    return "" if point is None else chr(ord("a") + point[0]) + chr(ord("a") + point[1])


_RESULT = re.compile(r"^([BW])\+(\d+(?:\.\d+)?)$")


def sgf_result(result: str) -> tuple[str, float] | None:
    """('black' or 'white', margin) for a counted result such as ``W+2.5``; None for a
    resignation, time loss, draw or no result."""
    match = _RESULT.match(result.strip())
    if not match:
        return None
    return ("black" if match.group(1) == "B" else "white"), float(match.group(2))
