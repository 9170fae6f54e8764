"""Position and move diagrams: a board, its pieces and the marks that explain a move.

:func:`diagram_scene` draws any position with arrows, highlighted cells, crossed-out
captures and ringed new stones; :func:`example_scene` draws a descriptor's example by
*playing* it with the rules engine, so a rule sheet can never show a move the engine
(and hence the rules as implemented) would refuse: such an example fails the build.
Both reuse :func:`~boardgen.render.board.board_scene`, so diagrams and printed boards
look alike. The text alternative (``<desc>`` in SVG) says the position and the move.
"""

from __future__ import annotations

__all__ = [
    "DEFAULT_WIDTH",
    "SMALL_MOVE",
    "MoveMarks",
    "diagram_scene",
    "example_scene",
    "example_window",
    "fit_cell_size",
    "flipped_line",
    "move_marks",
    "parse_cell",
    "parse_path",
]

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from ..descriptor.model import Example, Variant
from ..errors import BoardgenError
from ..model.textboard import describe_position
from ..rules.base import Engine, MoveView, PieceView
from ..scene.shapes import Item, Scene
from .board import BoardOptions, board_scene, board_size, window_cells
from .describe import diagram_words
from .layout import Layout
from .marks import (
    alternative_items,
    arrow_items,
    captured_items,
    crowned_items,
    highlight_items,
    placed_items,
    turned_items,
)
from .memo import remembered
from .pieces import piece_radius
from .track import PawnMove
from .typefaces import in_its_fonts

#: Width in mm a diagram gets when no cell size is asked for.
DEFAULT_WIDTH = 120.0

#: A move drawn shorter than this (mm, between its farthest cells) on the whole board is
#: shown on a zoomed window around it instead.
SMALL_MOVE = 15.0
#: How far around the move's cells an automatic window reaches (cell units, centre to
#: centre): the first of these that draws the move at SMALL_MOVE or more.
_AROUND = (2.6, 2.0, 1.5)
#: Least gain in size that makes a window worth showing instead of the whole board.
_WORTH = 1.4

#: Splits a path of cell names: a separator always follows a digit (names end in digits;
#: compiled on first use, and kept by re: most processes never need it).
_PATH_SPLIT = r"(?<=[0-9])\s*[-x:]\s*"


@in_its_fonts
def fit_cell_size(
    variant: Variant,
    width: float = DEFAULT_WIDTH,
    *,
    coordinates: bool = True,
    window: frozenset[int] | None = None,
) -> float:
    """The cell size (mm, to 0.01) at which the whole diagram (or the part of the board
    ``window`` spans) is about ``width`` mm wide."""
    # Labels grow with the cells, so the width is not quite linear in the size: iterate
    # to the fixed point, which three scenes reach on every bundled board.

    def search() -> float:
        size, previous = 20.0, 0.0
        for _ in range(8):
            options = BoardOptions(size, coordinates, window=window, cut=window is not None)
            size *= width / _empty_size(variant, options)[0]
            if round(size, 2) == previous:
                break
            previous = round(size, 2)
        return round(size, 2)

    key = (
        ("fit cell size", width, coordinates)
        if window is None
        else ("fit cell size", width, coordinates, window)
    )
    found: float = remembered(variant, key, search)
    return found


def _empty_size(variant: Variant, options: BoardOptions) -> tuple[float, float]:
    """Width and height (mm) of the variant's empty board drawn as a diagram with
    ``options``: sizes are searched for again and again, for every example. Kept by the
    options' fields, not the record: hashing a record makes its methods (see
    :mod:`boardgen.foundation.values`), which a process drawing diagrams need not pay for."""
    o = options
    key = ("empty board size", o.cell_size, o.coordinates, o.title, o.flip, o.window, o.named, o.cut)
    size: tuple[float, float] = remembered(variant, key, lambda: board_size(variant, options, {}))
    return size


def parse_cell(variant: Variant, text: str) -> int:
    """A cell from its name (``a1``) or, on boards with PDN numbers, its number (``11``)."""
    text = text.strip().lower()
    pdn = variant.board.pdn
    if pdn and text.isascii() and text.isdigit() and len(text) < 10:
        for cell, number in pdn.items():
            if number == int(text):
                return cell
        raise BoardgenError(f"no square numbered {text} on this board (1..{len(pdn)})")
    try:
        return variant.grid.parse(text)
    except ValueError as error:
        raise BoardgenError(str(error)) from None


def parse_path(variant: Variant, text: str) -> tuple[int, ...]:
    """Cells joined by ``-`` (or ``x``): ``c3-d4``, ``11-15``, ``a3-c5-e7``."""
    parts = re.split(_PATH_SPLIT, text.strip().lower())
    if len(parts) < 2:
        raise BoardgenError(f"{text!r} is not an arrow: write two or more cells joined by '-', e.g. c3-d4")
    return tuple(parse_cell(variant, part) for part in parts)


def _names(variant: Variant, cells: Iterable[int]) -> str:
    return ", ".join(variant.grid.name(c) for c in cells)


def _marks_text(
    variant: Variant,
    arrows: Sequence[Sequence[int]],
    highlights: Sequence[int],
    captured: Sequence[int],
    placed: Sequence[int],
    flip: bool,
    alternatives: Sequence[int] = (),
    crowned: Sequence[int] = (),
) -> list[str]:
    lines = []
    for path in arrows:
        lines.append("Arrow: " + " to ".join(variant.grid.name(c) for c in path) + ".")
    if captured:
        lines.append(f"Captured (crossed out): {_names(variant, captured)}.")
    if placed:
        lines.append(f"New stones (ringed): {_names(variant, placed)}.")
    if highlights:
        lines.append(f"Highlighted: {_names(variant, highlights)}.")
    if alternatives:
        lines.append(f"Other possible landings (pale tint): {_names(variant, alternatives)}.")
    if crowned:
        lines.append(f"Kings after the move (crown badge): {_names(variant, crowned)}.")
    if flip:
        lines.append(flipped_line(variant))
    return lines


def flipped_line(variant: Variant, lang: str = "en") -> str:
    """What a turned diagram's description says: whose side it is drawn from."""
    say = diagram_words(lang)
    north = [variant.text(p.name, lang) for p in variant.players if p.side == "north"]
    return say("from_side", player=north[0]) if north else say("half_turn")


@in_its_fonts
def diagram_scene(
    variant: Variant,
    pieces: Mapping[int, PieceView],
    *,
    cell_size: float,
    coordinates: bool = True,
    flip: bool = False,
    arrows: Sequence[Sequence[int]] = (),
    highlights: Sequence[int] = (),
    captured: Sequence[int] = (),
    placed: Sequence[int] = (),
    alternatives: Sequence[int] = (),
    crowned: Sequence[int] = (),
    turned: Sequence[int] = (),
    scores: Mapping[str, int] | None = None,
    pawn_move: PawnMove | None = None,
    title: str = "",
    description: str = "",
    window: frozenset[int] | None = None,
    named: frozenset[int] = frozenset(),
) -> Scene:
    """``pieces`` on the board of ``variant`` with the given marks (on ``window``, a
    part of the board, when given).

    ``arrows`` are paths of cells; ``highlights`` are tinted under the pieces and
    ``alternatives`` (other cells the move could have ended on) get a paler, dashed
    tint; ``captured`` pieces are crossed out, ``placed`` ones ringed, and ``crowned``
    cells get a crown badge (the piece ending the move there is a king). ``scores``
    and ``pawn_move`` place the score pawns on a scoring track. The description
    defaults to the position as text plus a line per kind of mark.
    """
    radius = piece_radius(variant, cell_size)
    fills = {c: variant.player(pieces[c].player).colour for c in captured if c in pieces}

    def overlay(layout: Layout) -> tuple[list[Item], list[Item]]:
        over = captured_items(layout, captured, radius, fills) + placed_items(layout, placed, radius)
        over += turned_items(layout, turned, radius)
        under = alternative_items(layout, alternatives) + highlight_items(layout, highlights)
        return under, over + arrow_items(layout, arrows) + crowned_items(layout, crowned)

    options = BoardOptions(cell_size, coordinates, title or variant.text(variant.title), flip, window, named)
    scene = board_scene(variant, options, pieces, overlay, scores=scores, pawn_move=pawn_move)
    if not description:
        marks = _marks_text(variant, arrows, highlights, captured, placed, flip, alternatives, crowned)
        description = "\n".join([scene.description, *(["", *marks] if marks else [])])
    return replace(scene, description=description)


def _alternatives(game: Engine, position: Any, move: Any) -> tuple[int, ...]:
    """The other cells the move's piece could have stopped on: legal moves that start
    and capture alike and differ only in their last landing (a flying king's choice)."""
    view = game.view(move)
    if not view.captured or len(view.path) < 2:
        return ()
    found = []
    for other in game.legal_moves(position):
        seen = game.view(other)
        if (
            seen.path[:-1] == view.path[:-1]
            and seen.path[-1] != view.path[-1]
            and set(seen.captured) == set(view.captured)
        ):
            found.append(seen.path[-1])
    return tuple(sorted(set(found)))


def _crowned(
    before: Mapping[int, PieceView], after: Mapping[int, PieceView], path: Sequence[int]
) -> list[int]:
    """Cells whose piece is a king after the move and was not one before it."""
    crowned = []
    mover = before.get(path[0]) if path else None
    if mover is not None and mover.kind == "man" and path[-1] in after and after[path[-1]].kind == "king":
        crowned.append(path[-1])
    for cell, piece in after.items():
        if cell in before and cell not in path and before[cell].kind == "man" and piece.kind == "king":
            crowned.append(cell)
    return crowned


def _taken_by_placing(
    before: Mapping[int, PieceView], after: Mapping[int, PieceView], view: MoveView
) -> tuple[int, ...]:
    """The pieces a placing move takes off the board (Go's captured stones): a move that
    only places stones and moves none names no captures itself, since which stones it
    takes depends on the position; they are the pieces before it that are gone after."""
    if view.path or not view.placed:
        return ()
    return tuple(sorted(cell for cell in before if cell not in after))


class MoveMarks(NamedTuple):
    """What a move diagram draws, the engine having played the move: the pieces before
    it (new stones included), its path, landings, captures, placed stones, the other
    landings a flying piece had, the pieces it crowns, and the sentences saying so (a
    named tuple: cheaper to define at start-up than a frozen dataclass)."""

    pieces: Mapping[int, PieceView]
    path: tuple[int, ...]
    landings: tuple[int, ...]
    captured: tuple[int, ...]
    placed: tuple[int, ...]
    alternatives: tuple[int, ...]
    crowned: tuple[int, ...]
    lines: tuple[str, ...]
    after: Any
    #: The pieces the move turns over to the mover's side (Othello's flipped discs).
    turned: tuple[int, ...] = ()


def move_marks(variant: Variant, game: Engine, position: Any, move: Any, lang: str = "en") -> MoveMarks:
    """Play ``move`` from ``position`` and say what its diagram shows, in ``lang`` (raises
    BoardgenError when the engine refuses the move)."""
    after = game.play(position, move)
    text = game.move_text(position, move)
    view = game.view(move)
    mover = game.to_move(position)
    before = dict(game.pieces(position))
    placed = game.pieces(after)  # a placed piece drawn as it stands after the move (a shogi drop's kind)
    pieces = {**before, **{cell: placed.get(cell, PieceView(mover, "stone")) for cell in view.placed}}
    taken = tuple(view.captured) or _taken_by_placing(before, game.pieces(after), view)
    landings = tuple(view.path[1:])
    alternatives = _alternatives(game, position, move)
    ending = game.pieces(after)
    crowned = tuple(_crowned(before, ending, view.path))
    turned = tuple(
        sorted(c for c, piece in before.items() if c in ending and ending[c].player != piece.player)
    )
    say = diagram_words(lang)
    lines = [say("plays", player=variant.text(variant.player(mover).name, lang), move=text)]
    if taken:
        lines.append(say("captured", cells=_names(variant, taken)))
    if landings:
        lines.append(say("lands", cells=_names(variant, landings)))
    if alternatives:
        lines.append(say("could_stop", cells=_names(variant, alternatives)))
    if crowned:
        lines.append(say("crowned", cells=_names(variant, crowned)))
    if view.placed:
        lines.append(say("new_stones", cells=_names(variant, view.placed)))
    if turned:
        lines.append(say("turned", cells=_names(variant, turned)))
    return MoveMarks(
        pieces,
        tuple(view.path),
        landings,
        taken,
        tuple(view.placed),
        alternatives,
        crowned,
        tuple(lines),
        after,
        turned,
    )


@in_its_fonts
def example_scene(
    variant: Variant,
    game: Engine,
    example: Example,
    *,
    cell_size: float,
    track: bool = True,
    named: frozenset[int] = frozenset(),
) -> Scene:
    """The example's position before its move, the move drawn on it.

    The engine parses the position and the move and plays it; anything it refuses is
    a :class:`BoardgenError` naming the example and the descriptor. On a board with a
    scoring track (when ``track``), the score pawns stand on the scores before the
    move and a score that rises is drawn as the pawn's move.
    """
    try:
        position: Any = game.parse_position(example.position) if example.position else game.initial()
        move = game.parse_move(position, example.move)
        marks = move_marks(variant, game, position, move)
    except BoardgenError as error:
        raise BoardgenError(
            f"example '{example.id}': {error.message}", file=str(variant.file), key="examples"
        ) from None
    mover = game.to_move(position)
    name = variant.text(variant.player(mover).name)
    lines = list(marks.lines)
    drawn = variant if track else replace(variant, scoring_track=None)
    scores, pawn_move = _scores(drawn, position, marks.after, mover)
    if pawn_move is not None:
        lines.append(f"{name}'s score pawn moves from {pawn_move.before} to {pawn_move.after}.")
    moved = (*marks.path, *marks.captured, *marks.placed)
    window, cell_size = example_window(drawn, example.window, moved, cell_size)
    if window is not None:
        corners = sorted(window)
        lines.append(
            f"Shown: the part of the board around the move ({len(window)} cells, "
            f"{variant.grid.name(corners[0])} to {variant.grid.name(corners[-1])})."
        )
    caption = variant.text(example.caption)
    before = dict(game.pieces(position))
    return diagram_scene(
        drawn,
        marks.pieces,
        window=window,
        cell_size=cell_size,
        arrows=(marks.path,) if len(marks.path) > 1 else (),
        highlights=marks.landings + marks.placed,
        captured=marks.captured,
        placed=marks.placed,
        alternatives=marks.alternatives,
        crowned=marks.crowned,
        turned=marks.turned,
        scores=scores,
        pawn_move=pawn_move,
        named=named,
        title=f"{variant.text(variant.title)}: {caption}" if caption else variant.text(variant.title),
        description="\n".join([describe_position(drawn, before, scores), "", *lines]),
    )


def example_window(
    variant: Variant, window: frozenset[int] | None, moved: Sequence[int], cell_size: float
) -> tuple[frozenset[int] | None, float]:
    """The cells an example shows and the cell size that gives them the room the whole
    board would take at ``cell_size``: (None, ``cell_size``) for the whole board.

    A descriptor's ``window`` is always used (with the move's cells added); without
    one, a move drawn shorter than :data:`SMALL_MOVE` mm gets the cells within 2.6
    cells of it (the rectangle they span; 2 or 1.5 cells if the move is still shorter
    than that), when that enlarges it by at least 1.4 (never on a board with a scoring
    track, which a window would cut).
    """
    grid = variant.grid
    if window is not None:
        return _zoom(variant, window | frozenset(moved), cell_size, 1.0)
    centres = [grid.centre(c) for c in moved]
    span = max((math.dist(a, b) for a in centres for b in centres), default=0.0)
    if variant.scoring_track is not None or not centres or span * cell_size >= SMALL_MOVE:
        return None, cell_size
    found: tuple[frozenset[int] | None, float] = (None, cell_size)
    for reach in _AROUND:  # the widest view that draws the move at SMALL_MOVE or more
        near = frozenset(
            c for c in grid.cells() if min(math.dist(grid.centre(c), p) for p in centres) <= reach
        )
        found = _zoom(variant, near, cell_size, _WORTH)
        if found[0] is None or span * found[1] >= SMALL_MOVE:
            break
    return found


def _zoom(
    variant: Variant, window: frozenset[int], cell_size: float, worth: float
) -> tuple[frozenset[int] | None, float]:
    """``window`` and the cell size at which it takes the whole board's room at
    ``cell_size``; (None, ``cell_size``) if that enlarges it less than ``worth`` times."""
    if window_cells(variant, window) is None:
        return None, cell_size
    whole_width, whole_height = _empty_size(variant, BoardOptions(cell_size))
    size = cell_size
    for _ in range(3):  # labels do not grow with the cells past a point: converge
        width, height = _empty_size(variant, BoardOptions(size, window=window))
        size *= min(whole_width / width, whole_height / height)
    size = math.floor(size * 100) / 100
    return (window, size) if size >= worth * cell_size else (None, cell_size)


def _scores(
    variant: Variant, position: Any, after: Any, mover: str
) -> tuple[dict[str, int] | None, PawnMove | None]:
    """The score pawns' ovals before the move, and the mover's pawn move if it rose."""
    if variant.scoring_track is None or not hasattr(position, "scores"):
        return None, None
    ids = [p.id for p in variant.players]
    scores = dict(zip(ids, position.scores, strict=True))
    rose = dict(zip(ids, after.scores, strict=True))[mover]
    if rose > scores[mover]:
        return scores, PawnMove(mover, scores[mover], rose)
    return scores, None
