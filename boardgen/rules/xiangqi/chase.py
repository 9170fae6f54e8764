"""Which pieces a xiangqi move chases, for the perpetual-chase rule.

A move by one side (the chaser) chases a piece of the other when, after it:

1. the piece is not the general, nor a soldier still on its own side of the river
   (attacking those is never a chase);
2. a piece of the chaser attacks it that did not attack it before the move: the piece
   that moved (a chariot or cannon not along the line it moved on, which it already
   covered), or a piece whose way the move opened (a horse whose leg or an elephant
   whose eye it left, a chariot or cannon on a line through the point it left, a
   cannon on a line through the point it reached, which is now its screen);
3. the attack is a threat: a horse or cannon attacking a chariot, or an elephant or
   advisor attacking a chariot, cannon or horse, threatens it even when it is
   protected; any other attack only when no piece could take back on its point
   (pinned pieces cannot, and a general cannot where it would face the other);
4. it is not an exchange offered: a piece of the same kind that could take the
   attacker back at once is not chased by it (unless it is pinned).

Two indirect chases count too: a move that pins a piece leaves the pieces it
protected unprotected, and those the chaser attacks are chased; a move that sets up
a discovered check threatens every piece the discovering piece attacks, unless the
general itself could take it back safely.

This is the core of the Asian Xiangqi Federation's chase rules as Fairy-Stockfish
implements them (the family is checked against it); the rule book's finer cases are
not (see docs/guide/xiangqi.md, "What is not implemented").
"""

from __future__ import annotations

__all__ = ["chased"]

from ..chesslike import bit_list as _bits
from .board import ROT, Board
from .tables import ADVISOR, CANNON, CHARIOT, ELEPHANT, FILES, GENERAL, HORSE, SOLDIER


def _line(s: int) -> int:
    x, y = s % FILES, s // FILES
    return sum(1 << (y * FILES + i) for i in range(FILES)) | sum(1 << (j * FILES + x) for j in range(10))


def chased(after: Board, f: int, t: int, taken: int, pins_before: int) -> int:
    """The pieces of the side to move in ``after`` that the move ``f``-``t`` (which took
    ``taken``, 0 for nothing) chases; ``pins_before`` is :meth:`Board.blockers` of that
    side before the move."""
    us = after.mover
    them = us ^ 1
    bb = after.bb
    squares = after.squares
    tables = after.t
    occ, rot = after.occ, after.rot
    ours = after.side[us]
    pins = after.blockers(us)
    crossed = bb[(us << 3) | SOLDIER] & ~tables.half[us]
    exempt = bb[(us << 3) | GENERAL] | (bb[(us << 3) | SOLDIER] & ~crossed)
    found = 0

    def protected(s: int, without: int) -> bool:
        """Whether a piece of ours, not pinned, could take back on ``s`` once the
        attacker on ``without`` has taken there."""
        o = occ & ~(1 << without)
        r = rot & ~ROT[without]
        roots = after.attackers(s, us, o, r) & ~pins
        if not roots:
            return False
        general = after.kings[us]
        if roots == 1 << general:
            # The general alone: not if taking would leave it facing the other general.
            other = after.kings[them]
            if other >= 0 and after.line_reach(other, o, r)[0] >> s & 1 and (s - other) % FILES == 0:
                return False
        return True

    def add(attacker: int, kind: int, attacks: int) -> None:
        nonlocal found
        attacks &= ~found & ~exempt
        if not attacks:
            return
        if kind in (HORSE, CANNON):
            found |= attacks & bb[(us << 3) | CHARIOT]
        elif kind in (ELEPHANT, ADVISOR):
            found |= attacks & (bb[(us << 3) | CHARIOT] | bb[(us << 3) | CANNON] | bb[(us << 3) | HORSE])
        same = attacks & bb[(us << 3) | kind]
        for s in _bits(same):
            if not pins >> s & 1 and after.attacks_of(s, squares[s], occ, rot) >> attacker & 1:
                attacks &= ~(1 << s)  # it can take back: an exchange, not a chase
        for s in _bits(attacks & ~found):
            if not protected(s, attacker):
                found |= 1 << s

    # The piece that moved.
    piece = squares[t]
    kind = piece & 7
    if kind not in (GENERAL, SOLDIER):
        attacks = after.attacks_of(t, piece, occ, rot) & ours
        if kind in (CHARIOT, CANNON):  # what it attacks along its own line, it attacked before
            fx, fy, tx, ty = f % FILES, f // FILES, t % FILES, t // FILES
            if fy == ty:
                attacks &= ~sum(1 << (fy * FILES + i) for i in range(FILES))
            elif fx == tx:
                attacks &= ~sum(1 << (j * FILES + fx) for j in range(10))
        add(t, kind, attacks)

    # Pieces whose way the move opened (or, for cannons, gave a screen).
    before_occ = (occ | (1 << f)) & ~(0 if taken else 1 << t)
    before_rot = (rot | ROT[f]) & ~(0 if taken else ROT[t])
    theirs = after.side[them]
    candidates = 0
    fx, fy = f % FILES, f // FILES
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        x, y = fx + dx, fy + dy
        if 0 <= x < FILES and 0 <= y < 10:
            candidates |= 1 << (y * FILES + x) & bb[(them << 3) | HORSE]
    for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        x, y = fx + dx, fy + dy
        if 0 <= x < FILES and 0 <= y < 10:
            candidates |= 1 << (y * FILES + x) & bb[(them << 3) | ELEPHANT]
    candidates |= _line(f) & (bb[(them << 3) | CHARIOT] | bb[(them << 3) | CANNON])
    candidates |= _line(t) & bb[(them << 3) | CANNON]
    for s in _bits(candidates & theirs & ~(1 << t)):
        now = after.attacks_of(s, squares[s], occ, rot)
        was = after.attacks_of(s, squares[s], before_occ, before_rot)
        add(s, squares[s] & 7, now & ~was & ours)

    # Pieces pinned by the move no longer protect: what they protected may be chased.
    new_pins = pins & ~pins_before
    for s in _bits(new_pins & ours):
        guarded = after.attacks_of(s, squares[s], occ, rot) & ours & ~exempt
        for g in _bits(guarded):
            if after.attackers(g, them, occ, rot) & ~after.blockers(them):
                found |= 1 << g

    # A discovered check set up: what the discovering piece attacks is threatened.
    general = after.kings[us]
    reach = tables.general[us][general]
    for s in _bits(new_pins & theirs):
        attacks = after.attacks_of(s, squares[s], occ, rot) & ours
        found |= attacks & ~reach
        for g in _bits(attacks & reach):
            o = occ & ~(1 << s) & ~(1 << general)
            r = rot & ~ROT[s] & ~ROT[general]
            if after.attackers(g, them, o, r) & ~(1 << s):
                found |= 1 << g
    return found
