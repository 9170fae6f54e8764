"""A xiangqi position being searched: pieces by point and as bits, moves made and unmade.

:class:`Board` is the mutable working copy that move generation, perft and the checks
of the game's rules run on (the game's positions are immutable values; each builds a
board when it needs one). It keeps the pieces three ways at once, each for what it
does fastest: a list by point (what stands here?), a set of points per piece (where
are Black's cannons?) and the occupied points, plainly and rotated (what blocks this
chariot?), see :mod:`.tables`.

A move is legal when it leaves its own general unattacked (the generals facing each
other on an open file count as an attack). Testing that for every move would be slow,
so a move is tested only where it could matter: when the side is in check, when the
general moves, when the piece leaves a point on a line from its general (among the
first two pieces each way, as a cannon needs a screen) or next to it diagonally (a
horse's leg), or when it lands between its general and an enemy cannon standing first
on that line. Every other move is legal as it is.
"""

from __future__ import annotations

__all__ = ["Board", "Move"]

from ..chesslike import bit_list
from .tables import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    FILES,
    GENERAL,
    HORSE,
    POINTS,
    SOLDIER,
    Tables,
    tables,
)

#: A move: the point left and the point reached.
Move = tuple[int, int]

_X = tuple(s % FILES for s in range(POINTS))
_Y = tuple(s // FILES for s in range(POINTS))
_RANK_SHIFT = tuple(FILES * (s // FILES) for s in range(POINTS))
_FILE_SHIFT = tuple(10 * (s % FILES) for s in range(POINTS))
#: Each point's bit on the rotated board (numbered file by file).
ROT = tuple(1 << (10 * (s % FILES) + s // FILES) for s in range(POINTS))


_bits = bit_list


class Board:
    """The pieces (kind + 8 for Black, 0 for none) of a position, and who moves (0 Red)."""

    __slots__ = ("bb", "kings", "mover", "occ", "rot", "side", "squares", "t")

    def __init__(self, squares: bytes | list[int], mover: int) -> None:
        self.t: Tables = tables()
        self.squares = list(squares)
        self.mover = mover
        self.bb = [0] * 16
        self.side = [0, 0]
        self.kings = [-1, -1]
        occ = rot = 0
        for s, piece in enumerate(self.squares):
            if piece:
                self.bb[piece] |= 1 << s
                self.side[piece >> 3] |= 1 << s
                occ |= 1 << s
                rot |= ROT[s]
                if piece & 7 == GENERAL:
                    self.kings[piece >> 3] = s
        self.occ = occ
        self.rot = rot

    # -- making moves ------------------------------------------------------------------

    def make(self, f: int, t: int) -> int:
        """Play ``f``-``t``; the piece taken (0 for none), for :meth:`unmake`."""
        squares = self.squares
        piece = squares[f]
        taken = squares[t]
        fb = 1 << f
        tb = 1 << t
        self.bb[piece] ^= fb | tb
        me = piece >> 3
        self.side[me] ^= fb | tb
        if taken:
            self.bb[taken] ^= tb
            self.side[me ^ 1] ^= tb
            self.occ ^= fb
            self.rot ^= ROT[f]
        else:
            self.occ ^= fb | tb
            self.rot ^= ROT[f] | ROT[t]
        squares[t] = piece
        squares[f] = 0
        if piece & 7 == GENERAL:
            self.kings[me] = t
        self.mover ^= 1
        return taken

    def unmake(self, f: int, t: int, taken: int) -> None:
        squares = self.squares
        piece = squares[t]
        fb = 1 << f
        tb = 1 << t
        self.bb[piece] ^= fb | tb
        me = piece >> 3
        self.side[me] ^= fb | tb
        if taken:
            self.bb[taken] ^= tb
            self.side[me ^ 1] ^= tb
            self.occ ^= fb
            self.rot ^= ROT[f]
        else:
            self.occ ^= fb | tb
            self.rot ^= ROT[f] | ROT[t]
        squares[f] = piece
        squares[t] = taken
        if piece & 7 == GENERAL:
            self.kings[me] = f
        self.mover ^= 1

    # -- reach -------------------------------------------------------------------------

    def line_reach(self, s: int, occ: int, rot: int) -> tuple[int, int]:
        """From ``s`` along its rank and file: the points a chariot reaches and those a
        cannon hits, with the pieces ``occ`` (``rot``, rotated) in the way."""
        t = self.t
        x = _X[s]
        y = _Y[s]
        rs = _RANK_SHIFT[s]
        r9 = occ >> rs & 511
        f10 = rot >> _FILE_SHIFT[s] & 1023
        reach = (t.rank_reach[x][r9] << rs) | (t.file_reach[y][f10] << x)
        hit = (t.rank_hit[x][r9] << rs) | (t.file_hit[y][f10] << x)
        return reach, hit

    def attacked(self, g: int, by: int, occ: int, rot: int, gone: int = 0) -> bool:
        """Whether a piece of side ``by`` attacks point ``g`` with ``occ``/``rot``
        occupied, the pieces on ``gone`` taken (a general on an open file attacks the
        other general). Advisors and elephants never leave their own half."""
        t = self.t
        bb = self.bb
        base = by << 3
        keep = ~gone
        x = _X[g]
        y = _Y[g]
        rs = _RANK_SHIFT[g]
        r9 = occ >> rs & 511
        f10 = rot >> _FILE_SHIFT[g] & 1023
        if (
            ((t.rank_reach[x][r9] << rs) | (t.file_reach[y][f10] << x))
            & (bb[base | CHARIOT] | bb[base | GENERAL])
            & keep
        ):
            return True
        if ((t.rank_hit[x][r9] << rs) | (t.file_hit[y][f10] << x)) & bb[base | CANNON] & keep:
            return True
        horses = bb[base | HORSE] & keep
        if horses:
            for leg, sources in t.horse_from[g]:
                if sources & horses and not occ & leg:
                    return True
        return bool(t.soldier_from[by][g] & bb[base | SOLDIER] & keep)

    def in_check(self, side: int) -> bool:
        return self.attacked(self.kings[side], side ^ 1, self.occ, self.rot)

    def safe(self, f: int, t: int) -> bool:
        """Whether ``f``-``t`` (a move of the side to move) leaves its general unattacked."""
        me = self.mover
        fb = 1 << f
        tb = 1 << t
        occ = (self.occ ^ fb) | tb
        rot = (self.rot ^ ROT[f]) | ROT[t]
        g = self.kings[me]
        return not self.attacked(t if f == g else g, me ^ 1, occ, rot, tb)

    def sensitive(self) -> tuple[int, int]:
        """The points a move of the side to move must be tested for, when not in check:
        its pieces whose leaving could open a line or a leg to its general, and the
        empty points whose filling could give an enemy cannon a screen."""
        me = self.mover
        g = self.kings[me]
        own = self.side[me]
        reach, hit = self.line_reach(g, self.occ, self.rot)
        leaving = (reach | hit) & own
        bb = self.bb
        them = (me ^ 1) << 3
        landing = reach & ~self.occ if reach & bb[them | CANNON] else 0
        horses = bb[them | HORSE]
        if horses:
            for leg, sources in self.t.horse_from[g]:
                if sources & horses:
                    leaving |= leg & own
        return leaving, landing

    def targets(self, s: int, piece: int) -> int:
        """The points the piece on ``s`` may move to, as far as its own way of moving
        goes (not yet asking whether its general is left in check)."""
        t = self.t
        me = piece >> 3
        kind = piece & 7
        occ = self.occ
        own = self.side[me]
        if kind == CHARIOT:
            return self.line_reach(s, occ, self.rot)[0] & ~own
        if kind == CANNON:
            reach, hit = self.line_reach(s, occ, self.rot)
            return (reach & ~occ) | (hit & self.side[me ^ 1])
        if kind == HORSE:
            found = 0
            for leg, to in t.horse[s]:
                if not occ & leg:
                    found |= to
            return found & ~own
        if kind == SOLDIER:
            return t.soldier[me][s] & ~own
        if kind == ELEPHANT:
            found = 0
            for eye, to in t.elephant[me][s]:
                if not occ & eye:
                    found |= to
            return found & ~own
        if kind == ADVISOR:
            return t.advisor[me][s] & ~own
        return t.general[me][s] & ~own

    # -- legal moves -------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move, by the point left, then the point reached."""
        me = self.mover
        check = self.in_check(me)
        leaving, landing = (-1, -1) if check else self.sensitive()
        general = self.kings[me]
        squares = self.squares
        safe = self.safe
        out: list[Move] = []
        for f in _bits(self.side[me]):
            to = self.targets(f, squares[f])
            if not to:
                continue
            if f == general or leaving >> f & 1:
                out.extend((f, t) for t in _bits(to) if safe(f, t))
                continue
            sure = to & ~landing
            out.extend((f, t) for t in _bits(sure))
            if to & landing:
                out.extend((f, t) for t in _bits(to & landing) if safe(f, t))
        out.sort()
        return out

    def count_legal(self) -> int:
        """How many legal moves the side to move has (perft's last ply, counted in bulk)."""
        me = self.mover
        check = self.in_check(me)
        leaving, landing = (-1, -1) if check else self.sensitive()
        general = self.kings[me]
        squares = self.squares
        safe = self.safe
        total = 0
        for f in _bits(self.side[me]):
            to = self.targets(f, squares[f])
            if not to:
                continue
            if f == general or leaving >> f & 1:
                total += sum(1 for t in _bits(to) if safe(f, t))
                continue
            total += (to & ~landing).bit_count()
            if to & landing:
                total += sum(1 for t in _bits(to & landing) if safe(f, t))
        return total

    def has_legal_move(self) -> bool:
        me = self.mover
        safe = self.safe
        squares = self.squares
        for f in _bits(self.side[me]):
            for t in _bits(self.targets(f, squares[f])):
                if safe(f, t):
                    return True
        return False

    def perft(self, depth: int) -> int:
        """Move sequences ``depth`` plies deep (``depth`` >= 1), the last ply counted."""
        if depth == 1:
            return self.count_legal()
        total = 0
        make = self.make
        unmake = self.unmake
        for f, t in self.legal_moves():
            taken = make(f, t)
            total += self.perft(depth - 1)
            unmake(f, t, taken)
        return total

    # -- what attacks what (for the chase rule) ----------------------------------------

    def attacks_of(self, s: int, piece: int, occ: int, rot: int) -> int:
        """The points the piece ``piece`` standing on ``s`` attacks (could take on), with
        ``occ``/``rot`` occupied."""
        t = self.t
        me = piece >> 3
        kind = piece & 7
        if kind == CHARIOT:
            return self.line_reach(s, occ, rot)[0]
        if kind == CANNON:
            return self.line_reach(s, occ, rot)[1]
        if kind == HORSE:
            found = 0
            for leg, to in t.horse[s]:
                if not occ & leg:
                    found |= to
            return found
        if kind == SOLDIER:
            return t.soldier[me][s]
        if kind == ELEPHANT:
            found = 0
            for eye, to in t.elephant[me][s]:
                if not occ & eye:
                    found |= to
            return found
        if kind == ADVISOR:
            return t.advisor[me][s]
        return t.general[me][s]

    def attackers(self, s: int, side: int, occ: int, rot: int) -> int:
        """The pieces of ``side`` standing on ``occ`` that attack point ``s``."""
        found = 0
        for f in _bits(self.side[side] & occ):
            if self.attacks_of(f, self.squares[f], occ, rot) >> s & 1:
                found |= 1 << f
        return found

    def blockers(self, side: int) -> int:
        """The pieces (of either side) that alone stand between ``side``'s general and
        an enemy piece that would attack it without them: the one piece between it
        and a chariot, either of the two between it and a cannon, the piece on a
        horse's leg, the one piece between the two generals."""
        g = self.kings[side]
        if g < 0:
            return 0
        them = (side ^ 1) << 3
        bb = self.bb
        occ = self.occ
        found = 0
        x, y = _X[g], _Y[g]
        line = sum(1 << (y * FILES + i) for i in range(FILES)) | sum(1 << (j * FILES + x) for j in range(10))
        for s in _bits(line & (bb[them | CHARIOT] | bb[them | CANNON] | bb[them | GENERAL])):
            between = _between(g, s) & occ
            count = between.bit_count()
            if count == (2 if self.squares[s] & 7 == CANNON else 1):
                found |= between
        horses = bb[them | HORSE]
        if horses:
            for leg, sources in self.t.horse_from[g]:
                if sources & horses and occ & leg:
                    found |= leg
        return found


def _between(a: int, b: int) -> int:
    """The points strictly between ``a`` and ``b`` on their rank or file (0 if neither)."""
    ax, ay, bx, by = _X[a], _Y[a], _X[b], _Y[b]
    if ay == by:
        lo, hi = sorted((ax, bx))
        return sum(1 << (ay * FILES + x) for x in range(lo + 1, hi))
    if ax == bx:
        lo, hi = sorted((ay, by))
        return sum(1 << (y * FILES + ax) for y in range(lo + 1, hi))
    return 0
