"""Rule tables: the switches of one game compiled against its board, per player.

The move generator reads only this object: direction numbers and shifts for each
player's men, the kings' directions, the promotion rows and region masks, and the rule
choices as small flags. Building it once per game keeps every per-node decision a
tuple lookup or an int test.
"""

from __future__ import annotations

__all__ = ["Tables", "build_tables"]

from typing import NamedTuple

from ...errors import BoardgenError
from ..spec import GameSpec
from .directions import resolve
from .layout import Layout
from .params import LeapingParams

#: A direction as two shift amounts: ``(bits << left) >> right``, one of them zero.
Shift = tuple[int, int]


def _as_shift(s: int) -> Shift:
    return (s, 0) if s > 0 else (0, -s)


class Tables(NamedTuple):
    """Everything the generator needs, indexed by player number (0, 1) where it differs
    (a named tuple: cheaper to define at start-up than a frozen dataclass)."""

    layout: Layout
    params: LeapingParams
    man_step: tuple[tuple[Shift, ...], tuple[Shift, ...]]
    man_capture: tuple[tuple[int, ...], tuple[int, ...]]
    man_capture_shift: tuple[tuple[Shift, ...], tuple[Shift, ...]]
    #: Directions a king moves in without capturing, and their shifts.
    king_move_dirs: tuple[int, ...]
    king_shift: tuple[Shift, ...]
    #: Directions a king captures in, and their shifts.
    king_dirs: tuple[int, ...]
    king_capture_shift: tuple[Shift, ...]
    #: For each direction d: king capture directions other than d and its reverse (a "turn").
    king_turns: tuple[tuple[int, ...], ...]
    #: Promotion row of each player (0 when there is no promotion).
    far: tuple[int, int]
    restricted: int
    flying_moves: bool
    flying_captures: bool
    land_next: bool
    must_continue: bool
    immediate: bool
    reversal: bool
    majority: bool
    most_value: bool
    precedence: tuple[str, ...]
    men_take_kings: bool
    leave_before_capturing: bool


def build_tables(spec: GameSpec, params: LeapingParams) -> Tables:
    """Compile ``params`` for ``spec``'s board and players."""
    layout = Layout(spec.grid, spec.playable)
    grid = spec.grid
    sides = []
    for player in spec.players:
        if player.side is None:
            raise BoardgenError(f"player {player.id!r} needs a side for a leaping game", key="players")
        sides.append(player.side)

    def dirs(words: tuple[str, ...], side_index: int, name: str, moves: bool = False) -> tuple[int, ...]:
        names = resolve(grid, sides[side_index], words, f"rules.params.{name}")
        found = tuple(layout.direction(n) for n in names)
        skipping = [n for n, d in zip(names, found, strict=True) if layout.stride[d] > 1]
        if moves and skipping:
            raise BoardgenError(
                f"on a {grid.describe()} played on one colour, a move along a row or column would jump"
                " a square of the other colour; such lines serve captures only (man_captures,"
                " king_capture_directions)",
                key=f"rules.params.{name}",
            )
        return found

    man_step = tuple(dirs(params.man_steps, i, "man_steps", moves=True) for i in (0, 1))
    man_capture = tuple(dirs(params.man_captures, i, "man_captures") for i in (0, 1))
    has = params.has_kings
    king_move_dirs = dirs(params.king_directions, 0, "king_directions", moves=True) if has else ()
    king_dirs = dirs(params.king_capture_directions, 0, "king_capture_directions") if has else ()
    shift = layout.shift
    far = tuple(
        0
        if params.promotion == "none"
        else layout.mask({c for c in spec.playable if grid.row_from(c, side) == grid.row_count})
        for side in sides
    )
    restricted = 0
    if params.restricted_region is not None:
        restricted = layout.mask(spec.regions[params.restricted_region] & spec.playable)
    return Tables(
        layout=layout,
        params=params,
        man_step=(
            tuple(_as_shift(shift[d]) for d in man_step[0]),
            tuple(_as_shift(shift[d]) for d in man_step[1]),
        ),
        man_capture=(man_capture[0], man_capture[1]),
        man_capture_shift=(
            tuple(_as_shift(shift[d]) for d in man_capture[0]),
            tuple(_as_shift(shift[d]) for d in man_capture[1]),
        ),
        king_move_dirs=king_move_dirs,
        king_shift=tuple(_as_shift(shift[d]) for d in king_move_dirs),
        king_dirs=king_dirs,
        king_capture_shift=tuple(_as_shift(shift[d]) for d in king_dirs),
        king_turns=tuple(
            tuple(k for k in king_dirs if k not in (d, layout.reverse[d])) for d in range(len(shift))
        ),
        far=(far[0], far[1]),
        restricted=restricted,
        flying_moves=params.king == "flying",
        flying_captures=params.king_capture == "flying",
        land_next=params.flying_king_landing == "next",
        must_continue=params.flying_king_landing == "must-continue",
        immediate=params.removal == "immediate",
        reversal=params.king_reversal == "allowed",
        majority=params.capture_choice == "majority",
        most_value=params.capture_choice == "most-value",
        precedence=params.capture_precedence,
        men_take_kings=not params.kings_immune_to_men,
        leave_before_capturing=params.restricted_rule == "leave-before-capturing",
    )
