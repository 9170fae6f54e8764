"""Marks, labels, numbered moves and windows as a diagram asks for them, resolved to cells.

What the options of :func:`boardgen.svg` write (``marks=``, ``labels=``, ``sequence=``,
``window=``) in any of the forms the API takes (a mapping, a list of ``CELL:...`` texts,
or one such text as the command line and the pages write it), checked against the
board: every cell exists, every mark is one of :data:`~boardgen.draw.options.MARK_SHAPES`,
every colour is a colour, every move of a sequence is legal in turn.

A sequence is drawn as Go books print a game's moves in one figure: each move's stone
carries its number, from ``first_number``; a move on a point where a numbered stone
already stands in the figure (a stone taken off and the point played again) gets no
stone of its own and is listed under the diagram ("7 at 3"). Stones on the board before
the sequence stay, even when a move of it takes them. For moves that move a piece
(draughts), the figure is the position after the last move, each moved piece numbered
on the cell where it stands.

>>> import boardgen
>>> game = boardgen.load("go-9")
>>> figure = play_sequence(game.start, "e5 c3 d3 c4", 1, game.variant.grid.parse)
>>> {game.variant.grid.name(c): n for c, n in figure.numbers.items()}
{'e5': '1', 'c3': '2', 'd3': '3', 'c4': '4'}
"""

from __future__ import annotations

__all__ = [
    "Figure",
    "LabelsSpec",
    "MarksSpec",
    "MovesSpec",
    "WindowSpec",
    "play_sequence",
    "resolve_labels",
    "resolve_marks",
    "resolve_window",
]

from collections.abc import Callable, Iterable, Mapping
from dataclasses import field

from ..errors import BoardgenError, shown
from ..foundation.values import frozen
from ..model.positions import Move, Position
from ..rules.base import PieceView
from .options import (
    colour,
    parse_label,
    parse_mark,
    parse_moves,
    split_items,
)

#: Marks: ``{"d4": "circle", "e5": ("triangle", "red")}``, ``["d4:circle", "e5:triangle:red"]``
#: or ``"d4:circle e5:triangle:red"``.
MarksSpec = Mapping[str | int, str | tuple[str, str | None]] | Iterable[str] | str
#: Labels: ``{"d4": "A"}``, ``["d4:A", "q16:1:red"]`` or ``"d4:A q16:1:red"``.
LabelsSpec = Mapping[str | int, str | tuple[str, str | None]] | Iterable[str] | str
#: Moves played one after the other: ``"q16 d4 c3"`` or ``["q16", "d4", "c3"]``.
MovesSpec = str | Iterable[str | Move]
#: A part of the board: two corner cells, ``"a13-g19"`` or ``("a13", "g19")``.
WindowSpec = str | tuple[str | int, str | int]

#: Most marks, labels or numbered moves on one diagram (a diagram with more says nothing
#: a reader can follow; the bound keeps a page's work small).
MAX_MARKS = 400

Cell = Callable[[str], int]


def _items(spec: object, name: str) -> list[tuple[str, str, str | None]]:
    """``(cell, value, colour)`` for each item of a marks or labels option."""
    parse = parse_mark if name == "marks" else parse_label
    if isinstance(spec, str):
        found = [parse(item) for item in split_items(spec)]
    elif isinstance(spec, Mapping):
        found = []
        for ref, value in spec.items():
            if isinstance(value, tuple) and len(value) == 2:
                text, ink = value
            elif isinstance(value, str):
                text, ink = value, None
            else:
                raise TypeError(
                    f"{name}: give a text or (text, colour) for each cell, not {type(value).__name__}"
                )
            if not isinstance(text, str) or not (ink is None or isinstance(ink, str)):
                raise TypeError(f"{name}: texts and colours are text")
            cell, value_text, _ = parse(f"{ref}:{text}")
            found.append((cell, value_text, colour(ink) if ink else None))
    elif isinstance(spec, Iterable):
        found = []
        for item in spec:
            if not isinstance(item, str):
                raise TypeError(f"{name}: each item is text ('d4:circle'), not {type(item).__name__}")
            found.append(parse(item))
    else:
        raise TypeError(
            f"{name} must map cells to texts or list 'CELL:TEXT' items, not {type(spec).__name__}"
        )
    if len(found) > MAX_MARKS:
        raise BoardgenError(f"more than {MAX_MARKS} {name} on one diagram", key=name)
    return found


def resolve_marks(spec: MarksSpec | None, cell: Cell) -> dict[int, tuple[str, str | None]]:
    """Each marked cell's shape and colour (None: the ink that reads on what is there)."""
    if spec is None:
        return {}
    try:
        return {cell(ref): (shape, ink) for ref, shape, ink in _items(spec, "marks")}
    except BoardgenError as error:
        raise BoardgenError(error.message, key="marks") from None


def resolve_labels(spec: LabelsSpec | None, cell: Cell) -> dict[int, tuple[str, str | None]]:
    """Each labelled cell's text (a letter, a number, up to three characters) and colour."""
    if spec is None:
        return {}
    try:
        return {cell(ref): (text, ink) for ref, text, ink in _items(spec, "labels")}
    except BoardgenError as error:
        raise BoardgenError(error.message, key="labels") from None


def resolve_window(spec: WindowSpec | None, cell: Cell) -> frozenset[int] | None:
    """The corner cells of a window (the diagram shows the rectangle they span)."""
    if spec is None:
        return None
    if isinstance(spec, str):
        corners = [part for part in spec.replace(":", "-").split("-") if part.strip()]
    elif isinstance(spec, tuple) and len(spec) == 2:
        corners = [str(part) for part in spec]
    else:
        raise TypeError(f"window is two corner cells, 'a13-g19' or ('a13', 'g19'), not {type(spec).__name__}")
    if len(corners) != 2:
        raise BoardgenError(
            f"{shown(str(spec))} is not a window: write two corner cells, e.g. a13-g19", key="window"
        )
    try:
        return frozenset(cell(part.strip()) for part in corners)
    except BoardgenError as error:
        raise BoardgenError(error.message, key="window") from None


@frozen
class Figure:
    """Numbered moves in one diagram: what stands where, each numbered stone's number by
    its cell, the moves as the description lists them, and the moves that have no stone
    of their own (``7 at 3``: played where a numbered stone already stands)."""

    pieces: Mapping[int, PieceView]
    numbers: Mapping[int, str]
    played: tuple[tuple[int, str], ...]
    replayed: tuple[tuple[int, int], ...] = ()
    last: Position | None = field(default=None, compare=False)


def play_sequence(position: Position, moves: MovesSpec, first: int, cell: Cell) -> Figure:
    """Play ``moves`` from ``position`` (each checked by the engine), numbered from ``first``."""
    if isinstance(moves, str):
        texts: list[str | Move] = list(parse_moves(moves))
    elif isinstance(moves, Iterable):
        texts = list(moves)
    else:
        raise TypeError(f"sequence is the moves' text or a list of moves, not {type(moves).__name__}")
    if not texts:
        raise BoardgenError("give at least one move, e.g. q16 d4", key="sequence")
    if len(texts) > MAX_MARKS:
        raise BoardgenError(f"more than {MAX_MARKS} moves in one sequence", key="sequence")
    engine = position.game.engine
    pieces = dict(engine.pieces(position.state))
    numbers: dict[int, int] = {}
    played: list[tuple[int, str]] = []
    replayed: list[tuple[int, int]] = []
    placing = True
    current = position
    for number, text in enumerate(texts, first):
        if not isinstance(text, (str, Move)):
            raise TypeError(f"sequence: a move is text or a Move, not {type(text).__name__}")
        try:
            move = current.move(text) if isinstance(text, str) else current.move(text.text)
            after = current.play(move)
        except BoardgenError as error:
            raise BoardgenError(
                f"move {number} ({shown(str(text))}): {error.message}", key="sequence"
            ) from None
        played.append((number, move.text))
        if not move.placed and not move.path:  # a pass: nothing to number
            current = after
            continue
        placing = placing and bool(move.placed) and not move.path
        target = cell(move.placed[0] if move.placed else move.path[-1])
        standing = engine.pieces(after.state).get(target)
        if target in numbers:
            replayed.append((number, numbers[target]))
        elif standing is not None:
            numbers[target] = number
            if placing:
                pieces[target] = standing
        current = after
    if not placing:  # pieces that move: the position the moves reach, each moved piece numbered there
        pieces = dict(engine.pieces(current.state))
        numbers = {c: n for c, n in numbers.items() if c in pieces}
    return Figure(
        pieces, {c: str(n) for c, n in numbers.items()}, tuple(played), tuple(replayed), last=current
    )
