"""Positions of a leaping game and how a move changes them.

A position is a small immutable tuple of bitboards in the layout's numbering, so it is
cheap to make, hash and compare. Besides the pieces it keeps what the game's draw
rules need (counters, and the placements a repetition compares), and only that: a game
without a rule keeps its field at the default. perft ignores them (see docs/rules.md).
"""

from __future__ import annotations

__all__ = ["Position", "apply_pieces", "play_raw", "resting_king", "strong_side"]

from typing import NamedTuple

from .draws import Placement, next_endgame, next_seen
from .movegen import Raw
from .tables import Tables


class Position(NamedTuple):
    """Pieces per player number (0, 1 in ``spec.players`` order) and the side to move."""

    men: tuple[int, int]
    kings: tuple[int, int]
    #: Player number to move.
    turn: int
    #: Plies since the last capture or man move (for ``quiet_move_draw``).
    quiet: int = 0
    #: Moves the three-king side has made since three kings faced one (``three_kings_vs_one``).
    lone: int = 0
    #: Per player, the king that made its last moves without capturing and how many in a
    #: row (``king_quiet_move_limit``): ``index << 3 | count``, 0 for none.
    runs: tuple[int, int] = (0, 0)
    #: Plies since the material of the first ``endgame_draws`` entry that applies arose.
    endgame: int = 0
    #: Placements since the last move no later move can undo, this one last
    #: (``repetition_draw`` only; see draws.py).
    seen: tuple[Placement, ...] = ()


Pieces = tuple[int, int, int, int]


def apply_pieces(
    t: Tables, mm: int, mk: int, om: int, ok: int, origin: int, dest: int, taken: int, promoted: bool
) -> Pieces:
    """Mover's and opponent's men and kings after a move; ``taken`` is a bitboard.

    Applies the ``last_pieces_become_kings`` rule too, since it changes pieces.
    """
    src = 1 << origin
    dst = 1 << dest
    if mm & src:
        mm &= ~src
        if promoted:
            mk |= dst
        else:
            mm |= dst
    else:
        mk = (mk & ~src) | dst
    if taken:
        om &= ~taken
        ok &= ~taken
    if t.params.last_pieces_become_kings and (mm | mk).bit_count() == 1 and (om | ok).bit_count() == 1:
        mk |= mm
        ok |= om
        mm = om = 0
    return mm, mk, om, ok


def play_raw(t: Tables, pos: Position, move: Raw, history: bool = True) -> Position:
    """The position after a legal ``move``, counters included; ``history=False`` leaves
    out the repetition and endgame bookkeeping (perft through whole positions)."""
    path, caps, promoted = move
    p = pos.turn
    o = 1 - p
    mm, mk, om, ok = pos.men[p], pos.kings[p], pos.men[o], pos.kings[o]
    man_moved = bool((mm >> path[0]) & 1)
    taken = 0
    for c in caps:
        taken |= 1 << c
    mm, mk, om, ok = apply_pieces(t, mm, mk, om, ok, path[0], path[-1], taken, promoted)
    men = (mm, om) if p == 0 else (om, mm)
    kings = (mk, ok) if p == 0 else (ok, mk)
    counted = t.params.quiet_move_draw is not None  # only games with the draw rule keep the count
    quiet = pos.quiet + 1 if counted and not (caps or man_moved) else 0
    lone = 0
    if t.params.three_kings_vs_one is not None:
        before = strong_side(pos.men, pos.kings)
        now = strong_side(men, kings)
        if now is not None and now == before:
            lone = pos.lone + (1 if p == now else 0)
    runs = pos.runs
    if t.params.king_quiet_move_limit is not None:
        run = 0
        if not caps and not man_moved and mm:  # the limit holds while the side has men (none come back)
            count = (pos.runs[p] & 7) + 1 if pos.runs[p] >> 3 == path[0] else 1
            run = path[-1] << 3 | min(count, 7)
        other = 0 if taken >> (runs[o] >> 3) & 1 else runs[o]  # a king taken ends its run
        runs = (run, other) if p == 0 else (other, run)
    endgame = 0
    seen: tuple[Placement, ...] = ()
    if history:
        params = t.params
        if params.endgame_draws:
            endgame = next_endgame(params, (pos.men, pos.kings), (men, kings), pos.endgame)
        if params.repetition_draw is not None:
            seen = next_seen(t, pos.seen, p, bool(caps), man_moved, (men, kings, o))
    return Position(men, kings, o, quiet, lone, runs, endgame, seen)


def resting_king(t: Tables, pos: Position) -> int:
    """Bit of the mover's king that has used up its quiet moves (0 if none): with
    ``king_quiet_move_limit``, while its side still has men, a king that has made that
    many moves in a row without capturing may only capture until another piece moves."""
    limit = t.params.king_quiet_move_limit
    p = pos.turn
    run = pos.runs[p]
    if limit is None or not pos.men[p] or (run & 7) < limit:
        return 0
    bit = 1 << (run >> 3)
    return bit if pos.kings[p] & bit else 0


def strong_side(men: tuple[int, int], kings: tuple[int, int]) -> int | None:
    """The player number with three lone kings against one lone king, if any."""
    for p in (0, 1):
        o = 1 - p
        if not men[p] and not men[o] and kings[p].bit_count() == 3 and kings[o].bit_count() == 1:
            return p
    return None
