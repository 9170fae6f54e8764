"""A shogi position being searched: pieces by square and as bits, hands, moves made and unmade.

:class:`Board` is the mutable working copy that move generation and perft run on (the
game's positions are immutable values). A move is ``(start, end, promote, drop)``:
``start`` is -1 for a drop, ``drop`` the kind dropped (0 for a move on the board),
``promote`` 1 when the piece promotes.

A move is legal when it leaves its own king unattacked, and the drop and promotion
rules allow it: a piece may promote when its move starts or ends in the three far
ranks and must when it could never move again unpromoted (a pawn or lance on the last
rank, a knight on the last two); a piece is never dropped where it could never move;
a pawn is never dropped on a file where its side has an unpromoted pawn (``nifu``),
nor to give checkmate (``uchifuzume``). Only the moves that could leave the king
attacked are tested: every move when in check, the king's, and those of pieces pinned
to the king (the only piece between it and an enemy rook, bishop or lance, or their
promoted forms). A drop never uncovers the king.
"""

from __future__ import annotations

__all__ = ["Board", "Move"]

from collections.abc import Sequence

from ..chesslike import bit_list
from .tables import (
    BASE,
    BISHOP,
    DRAGON,
    GOLD,
    HORSE,
    KING,
    KNIGHT,
    LANCE,
    PAWN,
    PKNIGHT,
    PLANCE,
    PROMOTED,
    PSILVER,
    ROOK,
    SILVER,
    SIZE,
    TOKIN,
    Tables,
    tables,
)

#: A move: start (-1 for a drop), end, promote (0 or 1), kind dropped (0: none).
Move = tuple[int, int, int, int]

# Direction indices into Tables.rays (see tables.DIRECTIONS): N, S, E, W, NE, NW, SE, SW.
_N, _S, _E, _W, _NE, _NW, _SE, _SW = range(8)
_RISING = (True, False, True, False, True, True, False, False)
_ORTHOGONAL = (_N, _S, _E, _W)
_DIAGONAL = (_NE, _NW, _SE, _SW)
_GOLDLIKE = (GOLD, TOKIN, PLANCE, PKNIGHT, PSILVER)


_bits = bit_list


class Board:
    """The pieces (kind, +16 for White) by square, the hands (counts by kind 1-7 per
    side), who moves (0 Black, who moves first), and the rule switches moves obey."""

    __slots__ = ("bb", "drop_mate", "hands", "kings", "mover", "nifu", "occ", "side", "squares", "t")

    def __init__(
        self,
        squares: Sequence[int] | bytes,
        hands: Sequence[Sequence[int]],
        mover: int,
        *,
        nifu: bool = True,
        drop_mate: bool = True,
    ) -> None:
        self.t: Tables = tables()
        self.squares = list(squares)
        self.hands = [list(hands[0]), list(hands[1])]
        self.mover = mover
        self.nifu = nifu
        self.drop_mate = drop_mate
        self.bb = [0] * 32
        self.side = [0, 0]
        self.kings = [-1, -1]
        occ = 0
        for s, piece in enumerate(self.squares):
            if piece:
                self.bb[piece] |= 1 << s
                self.side[piece >> 4] |= 1 << s
                occ |= 1 << s
                if piece & 15 == KING:
                    self.kings[piece >> 4] = s
        self.occ = occ

    # -- making moves ------------------------------------------------------------------

    def make(self, move: Move) -> int:
        """Play ``move``; the piece taken (0 for none), for :meth:`unmake`."""
        f, t, promote, drop = move
        me = self.mover
        squares = self.squares
        tb = 1 << t
        if f < 0:
            piece = drop | me << 4
            self.hands[me][drop] -= 1
            squares[t] = piece
            self.bb[piece] |= tb
            self.side[me] |= tb
            self.occ |= tb
            self.mover = me ^ 1
            return 0
        fb = 1 << f
        piece = squares[f]
        taken = squares[t]
        placed = piece + (PROMOTED[piece & 15] - (piece & 15)) if promote else piece
        if taken:
            self.bb[taken] ^= tb
            self.side[me ^ 1] ^= tb
            kind = taken & 15
            self.hands[me][BASE.get(kind, kind)] += 1
            self.occ ^= fb
        else:
            self.occ ^= fb | tb
        self.bb[piece] ^= fb
        self.bb[placed] |= tb
        self.side[me] ^= fb | tb
        squares[f] = 0
        squares[t] = placed
        if piece & 15 == KING:
            self.kings[me] = t
        self.mover = me ^ 1
        return taken

    def unmake(self, move: Move, taken: int) -> None:
        f, t, promote, drop = move
        me = self.mover ^ 1
        squares = self.squares
        tb = 1 << t
        self.mover = me
        if f < 0:
            piece = drop | me << 4
            self.hands[me][drop] += 1
            squares[t] = 0
            self.bb[piece] ^= tb
            self.side[me] ^= tb
            self.occ ^= tb
            return
        fb = 1 << f
        placed = squares[t]
        piece = placed - (placed & 15) + BASE[placed & 15] if promote else placed
        self.bb[placed] ^= tb
        self.bb[piece] |= fb
        self.side[me] ^= fb | tb
        if taken:
            self.bb[taken] |= tb
            self.side[me ^ 1] |= tb
            kind = taken & 15
            self.hands[me][BASE.get(kind, kind)] -= 1
            self.occ |= fb
        else:
            self.occ ^= fb | tb
        squares[f] = piece
        squares[t] = taken
        if piece & 15 == KING:
            self.kings[me] = f

    # -- reach -------------------------------------------------------------------------

    def _ray(self, d: int, s: int, occ: int) -> int:
        """The squares from ``s`` in direction ``d`` up to and with the first piece."""
        rays = self.t.rays[d]
        ray = rays[s]
        blockers = ray & occ
        if not blockers:
            return ray
        first = (blockers & -blockers).bit_length() - 1 if _RISING[d] else blockers.bit_length() - 1
        return ray & ~rays[first]

    def targets(self, s: int, piece: int) -> int:
        """The squares the piece on ``s`` may move to by its way of moving (its own
        pieces excluded, its king's safety not yet asked)."""
        me = piece >> 4
        kind = piece & 15
        occ = self.occ
        own = self.side[me]
        if kind == LANCE:
            return self._ray(_N if me == 0 else _S, s, occ) & ~own
        if kind in (BISHOP, HORSE):
            reach = 0
            for d in _DIAGONAL:
                reach |= self._ray(d, s, occ)
            if kind == HORSE:
                reach |= self.t.steps[me][KING][s]
            return reach & ~own
        if kind in (ROOK, DRAGON):
            reach = 0
            for d in _ORTHOGONAL:
                reach |= self._ray(d, s, occ)
            if kind == DRAGON:
                reach |= self.t.steps[me][KING][s]
            return reach & ~own
        return self.t.steps[me][kind][s] & ~own

    def attacked(self, s: int, by: int, occ: int, gone: int = 0) -> bool:
        """Whether a piece of side ``by`` attacks square ``s`` with ``occ`` occupied and
        the pieces on ``gone`` taken."""
        t = self.t
        bb = self.bb
        base = by << 4
        keep = ~gone
        came = t.step_from[by]
        if came[PAWN][s] & bb[base | PAWN] & keep:
            return True
        if came[KNIGHT][s] & bb[base | KNIGHT] & keep:
            return True
        if came[SILVER][s] & bb[base | SILVER] & keep:
            return True
        golds = (
            bb[base | GOLD] | bb[base | TOKIN] | bb[base | PLANCE] | bb[base | PKNIGHT] | bb[base | PSILVER]
        )
        if came[GOLD][s] & golds & keep:
            return True
        if came[KING][s] & (bb[base | KING] | bb[base | HORSE] | bb[base | DRAGON]) & keep:
            return True
        rays = t.rays
        rooks = (bb[base | ROOK] | bb[base | DRAGON]) & keep
        lances = bb[base | LANCE] & keep
        if rooks or lances:
            facing = _S if by == 0 else _N  # a lance attacks from behind, as its owner sees it
            for d in _ORTHOGONAL:
                blockers = rays[d][s] & occ
                if blockers:
                    first = (blockers & -blockers) if _RISING[d] else 1 << (blockers.bit_length() - 1)
                    if first & rooks or (d == facing and first & lances):
                        return True
        bishops = (bb[base | BISHOP] | bb[base | HORSE]) & keep
        if bishops:
            for d in _DIAGONAL:
                blockers = rays[d][s] & occ
                if blockers:
                    first = (blockers & -blockers) if _RISING[d] else 1 << (blockers.bit_length() - 1)
                    if first & bishops:
                        return True
        return False

    def in_check(self, side: int) -> bool:
        king = self.kings[side]
        return king >= 0 and self.attacked(king, side ^ 1, self.occ)

    def pinned(self, side: int) -> int:
        """The pieces of ``side`` that alone stand between its king and an enemy rook,
        bishop or lance (or dragon, horse) that would attack it without them."""
        king = self.kings[side]
        if king < 0:
            return 0
        rays = self.t.rays
        occ = self.occ
        own = self.side[side]
        bb = self.bb
        base = (side ^ 1) << 4
        rooks = bb[base | ROOK] | bb[base | DRAGON]
        bishops = bb[base | BISHOP] | bb[base | HORSE]
        lances = bb[base | LANCE]
        facing = _N if side == 0 else _S  # where an enemy lance attacking this king stands
        found = 0
        for d in range(8):
            sliders = bishops if d >= 4 else rooks | lances if d == facing else rooks
            ray = rays[d][king]
            if not ray & sliders:
                continue
            blockers = ray & occ
            rising = _RISING[d]
            first = (blockers & -blockers) if rising else 1 << (blockers.bit_length() - 1)
            if not first & own:
                continue
            rest = blockers ^ first
            if not rest:
                continue
            second = (rest & -rest) if rising else 1 << (rest.bit_length() - 1)
            if second & sliders:
                found |= first
        return found

    # -- legal moves -------------------------------------------------------------------

    def safe(self, f: int, t: int) -> bool:
        """Whether the move ``f``-``t`` (``f`` -1: a drop on ``t``) leaves the mover's
        king unattacked."""
        me = self.mover
        king = self.kings[me]
        if king < 0:
            return True  # a side without a king (a problem's attacker) is never in check
        tb = 1 << t
        if f < 0:
            return not self.attacked(king, me ^ 1, self.occ | tb)
        occ = (self.occ ^ (1 << f)) | tb
        return not self.attacked(t if f == king else king, me ^ 1, occ, tb)

    def _pawn_files(self, me: int) -> int:
        """The squares of every file holding an unpromoted pawn of ``me`` (no pawn may be
        dropped there)."""
        files = self.t.files
        found = 0
        pawns = self.bb[(me << 4) | PAWN]
        while pawns:
            low = pawns & -pawns
            found |= files[(low.bit_length() - 1) % SIZE]
            pawns ^= low
        return found

    def drop_targets(self, me: int, kind: int) -> int:
        """Where ``me`` may drop a piece of ``kind`` (king safety aside)."""
        empty = ~self.occ & ((1 << (SIZE * SIZE)) - 1)
        allowed = empty & ~self.t.dead[me][kind]
        if kind == PAWN:
            if self.nifu:
                allowed &= ~self._pawn_files(me)
            if self.drop_mate:
                mate = self._mating_pawn_drop(me)
                if mate >= 0:
                    allowed &= ~(1 << mate)
        return allowed

    def _mating_pawn_drop(self, me: int) -> int:
        """The square where a pawn dropped by ``me`` would give checkmate, or -1."""
        king = self.kings[me ^ 1]
        if king < 0:
            return -1
        t = king - SIZE if me == 0 else king + SIZE  # the square in front of the enemy king
        if not 0 <= t < SIZE * SIZE or self.occ >> t & 1:
            return -1
        if not self.t.step_from[me][PAWN][king] >> t & 1:
            return -1
        move = (-1, t, 0, PAWN)
        self.make(move)
        mate = not self.has_legal_move()
        self.unmake(move, 0)
        return t if mate else -1

    def _expand(self, f: int, t: int, kind: int, me: int, out: list[Move]) -> None:
        if kind in PROMOTED:
            zone = self.t.zone[me]
            if (zone >> f | zone >> t) & 1:
                out.append((f, t, 1, 0))
            if not self.t.dead[me][kind] >> t & 1:
                out.append((f, t, 0, 0))
        else:
            out.append((f, t, 0, 0))

    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move: board moves by start square, then drops."""
        me = self.mover
        check = self.in_check(me)
        pinned = -1 if check else self.pinned(me)
        king = self.kings[me]
        squares = self.squares
        safe = self.safe
        out: list[Move] = []
        for f in _bits(self.side[me]):
            piece = squares[f]
            kind = piece & 15
            for t in _bits(self.targets(f, piece)):
                if (f == king or pinned >> f & 1) and not safe(f, t):
                    continue
                self._expand(f, t, kind, me, out)
        hand = self.hands[me]
        for kind in range(1, 8):
            if hand[kind]:
                for t in _bits(self.drop_targets(me, kind)):
                    if not check or safe(-1, t):
                        out.append((-1, t, 0, kind))
        return out

    def has_legal_move(self) -> bool:
        me = self.mover
        squares = self.squares
        safe = self.safe
        for f in _bits(self.side[me]):
            for t in _bits(self.targets(f, squares[f])):
                if safe(f, t):  # a legal form exists: a piece that must promote may
                    return True
        hand = self.hands[me]
        empty = ~self.occ & ((1 << (SIZE * SIZE)) - 1)
        for kind in range(1, 8):
            if hand[kind]:
                allowed = empty & ~self.t.dead[me][kind]
                if kind == PAWN and self.nifu:
                    allowed &= ~self._pawn_files(me)
                for t in _bits(allowed):
                    if safe(-1, t):
                        if kind == PAWN and self.drop_mate and t == self._mating_pawn_drop(me):
                            continue
                        return True
        return False

    def count_legal(self) -> int:
        """How many legal moves the side to move has (perft's last ply, in bulk)."""
        me = self.mover
        if self.in_check(me):
            return len(self.legal_moves())
        pinned = self.pinned(me)
        king = self.kings[me]
        squares = self.squares
        safe = self.safe
        t = self.t
        zone = t.zone[me]
        dead = t.dead[me]
        total = 0
        for f in _bits(self.side[me]):
            piece = squares[f]
            kind = piece & 15
            to = self.targets(f, piece)
            if not to:
                continue
            if f == king or pinned >> f & 1:
                to = sum(1 << s for s in _bits(to) if safe(f, s))
            if kind in PROMOTED:
                promoting = to if zone >> f & 1 else to & zone
                total += to.bit_count() - (to & dead[kind]).bit_count() + promoting.bit_count()
            else:
                total += to.bit_count()
        hand = self.hands[me]
        for kind in range(1, 8):
            if hand[kind]:
                total += self.drop_targets(me, kind).bit_count()
        return total

    def perft(self, depth: int) -> int:
        if depth == 1:
            return self.count_legal()
        total = 0
        make = self.make
        unmake = self.unmake
        for move in self.legal_moves():
            taken = make(move)
            total += self.perft(depth - 1)
            unmake(move, taken)
        return total
