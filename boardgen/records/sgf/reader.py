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

__all__ = [
    "MAX_SIZE",
    "SgfGame",
    "parse_sgf",
    "read_sgf",
    "replay_sgf",
    "sgf_game",
    "sgf_point",
    "sgf_result",
]

import re
from dataclasses import field
from pathlib import Path

from ...errors import BoardgenError, Mark, shown
from ...foundation.values import frozen
from ...geometry import SquareGrid
from ...rules.go import PASS, GoGame, GoPosition
from ...rules.go.params import parse_params
from ...rules.spec import GameSpec, PlayerSpec
from .tree import SgfNode, cut, main_line

#: Largest board an SGF point (two letters a-z, A-Z) can name.
MAX_SIZE = 52


@frozen
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
    #: The index on the main line of each move's node, in move order.
    nodes: tuple[int, ...] = ()


def _point(value: str, size: int, what: str) -> tuple[int, int] | None:
    if value == "" or (value == "tt" and size <= 19):
        return None
    if len(value) != 2 or not all(c.isascii() and c.isalpha() for c in value):
        raise BoardgenError(f"SGF: {what}: {shown(value)} is not a point")
    x, y = (ord(c) - (ord("a") if c.islower() else ord("A") - 26) for c in value)
    if not (0 <= x < size and 0 <= y < size):
        raise BoardgenError(f"SGF: {what}: {shown(value)} is off a {size}x{size} board")
    return x, y


def sgf_point(value: str, size: int, what: str) -> tuple[int, int] | None:
    """An SGF point (column, row from the top) on a ``size`` board; None for a pass."""
    return _point(value, size, what)


def _points(values: list[str], size: int, what: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for value in values:
        if ":" in value:  # a compressed rectangle, 'aa:cc'
            a, b = (_point(v, size, what) for v in value.split(":", 1))
            if a is None or b is None:
                raise BoardgenError(f"SGF: {what}: {shown(value)} is not a rectangle of points")
            out += [(x, y) for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
                    for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1)]  # fmt: skip
        else:
            point = _point(value, size, what)
            if point is not None:
                out.append(point)
    return out


_SIZE = re.compile(r"^([0-9]{1,3})(?::([0-9]{1,3}))?$")
_NUMBER = re.compile(r"^[+-]?[0-9]{1,6}(?:\.[0-9]{0,6})?$")


def _size(root: SgfNode) -> int:
    """The board's size: ``SZ`` (19 when absent), square, 2 to :data:`MAX_SIZE`."""
    text = root.first("SZ", "19")
    found = _SIZE.match(text)
    if found is None or (found.group(2) is not None and found.group(2) != found.group(1)):
        raise BoardgenError(f"SGF: SZ[{cut(text)}] is not the size of a square board", mark=root.where("SZ"))
    size = int(found.group(1))
    if not 2 <= size <= MAX_SIZE:
        raise BoardgenError(
            f"SGF: SZ[{size}]: boards from 2 to {MAX_SIZE} points a side", mark=root.where("SZ")
        )
    return size


def _number(root: SgfNode, key: str, what: str) -> float:
    """A number of the root (``KM`` komi, ``HA`` handicap), 0 when absent or empty."""
    text = root.first(key)
    if text and not _NUMBER.match(text):
        raise BoardgenError(f"SGF: {key}[{cut(text)}] is not a number ({what})", mark=root.where(key))
    return float(text or 0)


def sgf_game(nodes: list[SgfNode]) -> SgfGame:
    """The game a main line of nodes holds (:func:`boardgen.records.sgf.tree.game_trees`);
    raises BoardgenError, located at the node or property, on bad input."""
    if not nodes:
        raise BoardgenError("SGF: the record has no node")
    root = nodes[0]
    if root.first("GM", "1") != "1":
        raise BoardgenError(
            f"SGF: GM[{cut(root.first('GM'))}] is not a game of Go (GM[1])", mark=root.where("GM")
        )
    size = _size(root)
    komi = _number(root, "KM", "the komi")
    handicap = _number(root, "HA", "the handicap")
    black: list[tuple[int, int]] = []
    white: list[tuple[int, int]] = []
    moves: list[tuple[str, tuple[int, int] | None]] = []
    marks: list[Mark] = []
    places: list[int] = []
    for number, node in enumerate(nodes):
        try:
            black += _points(node.props.get("AB", []), size, "AB")
            white += _points(node.props.get("AW", []), size, "AW")
            for colour in ("B", "W"):
                for value in node.props.get(colour, []):
                    what = f"move {len(moves) + 1} ({colour}, node {number})"
                    moves.append((colour, _point(value, size, what)))
                    marks.append(node.mark)
                    places.append(number)
        except BoardgenError as exc:
            raise BoardgenError(exc.message, mark=node.mark) from None
    first = root.first("PL", moves[0][0] if moves else "B").upper()[:1] or "B"
    if first not in ("B", "W"):
        raise BoardgenError(f"SGF: PL[{cut(root.first('PL'))}] is not B or W", mark=root.where("PL"))
    return SgfGame(
        size, komi, int(handicap), tuple(black), tuple(white), tuple(moves), root.first("RE"), first,
        root.props, tuple(marks), tuple(places),
    )  # fmt: skip


def parse_sgf(text: str) -> SgfGame:
    """The first game of an SGF text, main line only; raises BoardgenError on bad input."""
    return sgf_game(main_line(text))


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
