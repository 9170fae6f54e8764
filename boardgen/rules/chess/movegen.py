"""Legal chess moves, generated and counted, and a move made.

A board here is a plain tuple (:data:`Board`): the two colours' squares, the six kinds'
squares (bitboards, :mod:`.tables`), the side to move (0 white, 1 black), the castling
rights as the squares of the rooks that keep them, and the en passant square (-1 when
none). Every function is written for speed on Python ints: the legal moves come straight
out of the generator (pins and checks worked out once per position, never a move made
and taken back to see whether it leaves the king in check), and :func:`count_moves`
counts them without listing them (a popcount per piece), as perft's last ply needs.

A move is an int (:func:`encode`): from-square, to-square, promotion, the kind of the
piece moved, and flags for a capture, en passant and castling. A castling move goes from the
king to the rook it castles with, so that the same move serves standard chess and
Chess960 (:mod:`.notation` writes it ``e1g1`` or ``O-O``).
"""

from __future__ import annotations

__all__ = [
    "BISHOP",
    "CAPTURE",
    "CASTLE",
    "EN_PASSANT",
    "KING",
    "KNIGHT",
    "PAWN",
    "QUEEN",
    "ROOK",
    "Board",
    "attackers",
    "castle_squares",
    "checkers",
    "count_moves",
    "en_passant_ok",
    "encode",
    "generate",
    "make",
]

from .tables import (
    BETWEEN,
    BISHOP_EMPTY,
    DIAG_ATTACKS,
    DIAG_MASK,
    FILE_ATTACKS,
    FILE_MASK,
    FILES,
    FULL,
    LINE,
    PAWN_ATTACKS,
    RANK_ATTACKS,
    RANK_MASK,
    RANKS,
    ROOK_EMPTY,
)
from .tables import KING as KING_STEPS
from .tables import KNIGHT as KNIGHT_STEPS

#: (white, black, pawns, knights, bishops, rooks, queens, kings, turn, castling, ep).
Board = tuple[int, int, int, int, int, int, int, int, int, int, int]

#: Kinds of piece, as moves carry them; a kind's squares are ``board[kind + 1]``.
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 5, 6
EN_PASSANT = 1 << 18
CASTLE = 1 << 19
CAPTURE = 1 << 20

_NOT_A = FULL ^ FILES[0]
_NOT_H = FULL ^ FILES[7]
_PROMOTIONS = (QUEEN << 12, ROOK << 12, BISHOP << 12, KNIGHT << 12)


def encode(origin: int, target: int, kind: int, promotion: int = 0, flags: int = 0) -> int:
    """A move as an int: bits 0-5 its origin, 6-11 its target (the rook's square for a
    castling move), 12-14 the kind promoted to, 15-17 the kind moved, then the flags
    (:data:`EN_PASSANT`, :data:`CASTLE`, :data:`CAPTURE`)."""
    return origin | target << 6 | promotion << 12 | kind << 15 | flags


def castle_squares(king: int, rook: int) -> tuple[int, int]:
    """Where the king and the rook stand after castling with the rook on ``rook``: the
    g- and f-files on the king's side, the c- and d-files on the queen's (any start)."""
    rank = king & 56
    return (rank + 6, rank + 5) if rook > king else (rank + 2, rank + 3)


def attackers(board: Board, colour: int, square: int, occupied: int) -> int:
    """The squares of ``colour``'s pieces that attack ``square`` when ``occupied`` is
    the set of occupied squares (which need not be the board's: a king stepping away)."""
    own = board[colour]
    return own & (
        (KNIGHT_STEPS[square] & board[3])
        | (KING_STEPS[square] & board[7])
        | (PAWN_ATTACKS[1 - colour][square] & board[2])
        | (DIAG_ATTACKS[square][DIAG_MASK[square] & occupied] & (board[4] | board[6]))
        | (
            (
                RANK_ATTACKS[square][RANK_MASK[square] & occupied]
                | FILE_ATTACKS[square][FILE_MASK[square] & occupied]
            )
            & (board[5] | board[6])
        )
    )


def checkers(board: Board) -> int:
    """The squares of the pieces giving check to the side to move."""
    turn = board[8]
    king = board[7] & board[turn]
    if not king:
        return 0
    return attackers(board, 1 - turn, king.bit_length() - 1, board[0] | board[1])


def _safety(board: Board) -> tuple[int, int, int, int]:
    """The king's square, the pieces checking it, the pieces pinned to it, and the
    squares a piece other than the king may move to (all, or those that stop the check)."""
    white, black, pawns, knights, bishops, rooks, queens, kings, turn, _, _ = board
    own, opp = (black, white) if turn else (white, black)
    occupied = white | black
    king = kings & own
    ksq = king.bit_length() - 1
    diagonal = (bishops | queens) & opp
    straight = (rooks | queens) & opp
    check = opp & (
        (KNIGHT_STEPS[ksq] & knights)
        | (PAWN_ATTACKS[turn][ksq] & pawns)
        | (DIAG_ATTACKS[ksq][DIAG_MASK[ksq] & occupied] & diagonal)
        | (
            (RANK_ATTACKS[ksq][RANK_MASK[ksq] & occupied] | FILE_ATTACKS[ksq][FILE_MASK[ksq] & occupied])
            & straight
        )
    )
    pinned = 0
    snipers = (ROOK_EMPTY[ksq] & straight) | (BISHOP_EMPTY[ksq] & diagonal)
    between = BETWEEN[ksq]
    while snipers:
        low = snipers & -snipers
        snipers ^= low
        inside = between[low.bit_length() - 1] & occupied
        if inside and not inside & (inside - 1) and inside & own:
            pinned |= inside
    if not check:
        mask = FULL
    elif check & (check - 1):
        mask = 0
    else:
        mask = between[check.bit_length() - 1] | check
    return ksq, check, pinned, mask


def _king_safe(board: Board, turn: int, square: int, occupied: int) -> bool:
    """Whether the king of ``turn`` may stand on ``square`` with ``occupied`` (itself gone)."""
    opp = board[1 - turn]
    if KNIGHT_STEPS[square] & board[3] & opp or KING_STEPS[square] & board[7] & opp:
        return False
    if PAWN_ATTACKS[turn][square] & board[2] & opp:
        return False
    if DIAG_ATTACKS[square][DIAG_MASK[square] & occupied] & (board[4] | board[6]) & opp:
        return False
    straight = (board[5] | board[6]) & opp
    return not (
        (
            RANK_ATTACKS[square][RANK_MASK[square] & occupied]
            | FILE_ATTACKS[square][FILE_MASK[square] & occupied]
        )
        & straight
    )


def en_passant_ok(board: Board, ksq: int, origin: int) -> bool:
    """Whether the pawn on ``origin`` may take en passant: the king safe once both pawns
    have gone from their rank (the one case where a capture uncovers a rank)."""
    white, black, pawns, knights, bishops, rooks, queens, _, turn, _, ep = board
    taken = 1 << (ep ^ 8)
    occupied = ((white | black) ^ (1 << origin) ^ taken) | (1 << ep)
    opp = (white if turn else black) ^ taken
    return not opp & (
        (KNIGHT_STEPS[ksq] & knights)
        | (PAWN_ATTACKS[turn][ksq] & pawns & ~taken)
        | (DIAG_ATTACKS[ksq][DIAG_MASK[ksq] & occupied] & (bishops | queens))
        | (
            (RANK_ATTACKS[ksq][RANK_MASK[ksq] & occupied] | FILE_ATTACKS[ksq][FILE_MASK[ksq] & occupied])
            & (rooks | queens)
        )
    )


#: (king's square, rook's square) -> what castling with that rook needs: the squares that
#: must be empty (but for the king and the rook), the squares the king crosses after its
#: own (which must not be attacked), and the encoded move. Filled as positions meet them.
_CASTLE_PATHS: dict[tuple[int, int], tuple[int, tuple[int, ...], int, int, int]] = {}


def _castle_path(ksq: int, rook: int) -> tuple[int, tuple[int, ...], int, int, int]:
    king_to, rook_to = castle_squares(ksq, rook)
    between = BETWEEN[ksq][king_to]
    empty = between | BETWEEN[rook][rook_to] | (1 << king_to) | (1 << rook_to)
    crossed = tuple(s for s in range(64) if between >> s & 1)
    found = (empty, crossed, king_to, 1 << rook_to, ksq | rook << 6 | KING << 15 | CASTLE)
    _CASTLE_PATHS[ksq, rook] = found
    return found


def _castlings(board: Board, ksq: int) -> list[int]:
    """The castling moves open to the side to move (not in check), as python-chess
    and FIDE's Chess960 rules have them: the squares between king and rook and their
    destinations empty (but for the two), the king's squares from start to end safe."""
    white, black, _, _, _, _, _, _, turn, castling, _ = board
    rights = castling & RANKS[7 if turn else 0]
    found = []
    occupied = white | black
    king = 1 << ksq
    while rights:
        low = rights & -rights
        rights ^= low
        rook = low.bit_length() - 1
        need = _CASTLE_PATHS.get((ksq, rook)) or _castle_path(ksq, rook)
        empty, crossed, king_to, rook_to, move = need
        if (occupied ^ king ^ low) & empty:
            continue
        rest = occupied ^ king  # the king's own square is safe: it is not in check
        if all(_king_safe(board, turn, square, rest) for square in crossed) and _king_safe(
            board, turn, king_to, rest ^ low ^ rook_to
        ):
            found.append(move)
    return found


def generate(board: Board) -> list[int]:
    """Every legal move of the side to move, as ints (:func:`encode`)."""
    white, black, pawns, knights, bishops, rooks, queens, _, turn, castling, ep = board
    own, opp = (black, white) if turn else (white, black)
    occupied = white | black
    ksq, check, pinned, mask = _safety(board)
    moves: list[int] = []
    append = moves.append
    # the king
    rest = occupied ^ (1 << ksq)
    targets = KING_STEPS[ksq] & ~own
    base = ksq | KING << 15
    while targets:
        low = targets & -targets
        targets ^= low
        to = low.bit_length() - 1
        if _king_safe(board, turn, to, rest):
            append(base | to << 6 | (CAPTURE if low & opp else 0))
    if not mask:
        return moves  # double check: the king alone moves
    if castling and not check:
        moves += _castlings(board, ksq)
    allowed = mask & ~own
    line = LINE[ksq]
    # knights (a pinned knight never moves)
    bb = knights & own & ~pinned
    while bb:
        low = bb & -bb
        bb ^= low
        sq = low.bit_length() - 1
        targets = KNIGHT_STEPS[sq] & allowed
        base = sq | KNIGHT << 15
        while targets:
            t = targets & -targets
            targets ^= t
            append(base | (t.bit_length() - 1) << 6 | (CAPTURE if t & opp else 0))
    # bishops, rooks and queens
    for kind, bb in ((BISHOP, bishops & own), (ROOK, rooks & own), (QUEEN, queens & own)):
        while bb:
            low = bb & -bb
            bb ^= low
            sq = low.bit_length() - 1
            if kind == BISHOP:
                targets = DIAG_ATTACKS[sq][DIAG_MASK[sq] & occupied]
            elif kind == ROOK:
                targets = (
                    RANK_ATTACKS[sq][RANK_MASK[sq] & occupied] | FILE_ATTACKS[sq][FILE_MASK[sq] & occupied]
                )
            else:
                targets = (
                    DIAG_ATTACKS[sq][DIAG_MASK[sq] & occupied]
                    | RANK_ATTACKS[sq][RANK_MASK[sq] & occupied]
                    | FILE_ATTACKS[sq][FILE_MASK[sq] & occupied]
                )
            targets &= allowed
            if low & pinned:
                targets &= line[sq]
            base = sq | kind << 15
            while targets:
                t = targets & -targets
                targets ^= t
                append(base | (t.bit_length() - 1) << 6 | (CAPTURE if t & opp else 0))
    # pawns: the free ones all at once, by the step each target was reached with
    mine = pawns & own
    free = mine & ~pinned
    empty = FULL ^ occupied
    if turn:
        one = (free >> 8) & empty
        two = ((one & RANKS[5]) >> 8) & empty & mask
        steps = (
            (one & mask, 8, 0),
            (two, 16, 0),
            (((free & _NOT_A) >> 9) & opp & mask, 9, CAPTURE),
            (((free & _NOT_H) >> 7) & opp & mask, 7, CAPTURE),
        )
        last = RANKS[0]
    else:
        one = (free << 8) & empty
        two = ((one & RANKS[2]) << 8) & empty & mask
        steps = (
            (one & mask, -8, 0),
            (two, -16, 0),
            (((free & _NOT_A) << 7) & opp & mask, -7, CAPTURE),
            (((free & _NOT_H) << 9) & opp & mask, -9, CAPTURE),
        )
        last = RANKS[7]
    for targets, back, flag in steps:
        promoting = targets & last
        targets ^= promoting
        while targets:
            t = targets & -targets
            targets ^= t
            to = t.bit_length() - 1
            append((to + back) | to << 6 | PAWN << 15 | flag)
        while promoting:
            t = promoting & -promoting
            promoting ^= t
            to = t.bit_length() - 1
            base = (to + back) | to << 6 | PAWN << 15 | flag
            for promotion in _PROMOTIONS:
                append(base | promotion)
    bb = mine & pinned
    while bb:
        low = bb & -bb
        bb ^= low
        sq = low.bit_length() - 1
        moves += _pinned_pawn(sq, turn, empty, opp, mask & line[sq])
    if ep >= 0:
        bb = PAWN_ATTACKS[1 - turn][ep] & mine
        while bb:
            low = bb & -bb
            bb ^= low
            sq = low.bit_length() - 1
            if en_passant_ok(board, ksq, sq):
                append(sq | ep << 6 | PAWN << 15 | EN_PASSANT | CAPTURE)
    return moves


def _pinned_pawn(sq: int, turn: int, empty: int, opp: int, allowed: int) -> list[int]:
    """The moves of a pinned pawn: along its pin only (``allowed``)."""
    step = -8 if turn else 8
    targets = PAWN_ATTACKS[turn][sq] & opp
    ahead = sq + step
    if (1 << ahead) & empty:
        targets |= 1 << ahead
        if (sq >> 3) == (6 if turn else 1) and (1 << (ahead + step)) & empty:
            targets |= 1 << (ahead + step)
    targets &= allowed
    found = []
    while targets:
        t = targets & -targets
        targets ^= t
        to = t.bit_length() - 1
        base = sq | to << 6 | PAWN << 15 | (CAPTURE if t & opp else 0)
        if to >> 3 in (0, 7):
            found += [base | promotion for promotion in _PROMOTIONS]
        else:
            found.append(base)
    return found


def count_moves(board: Board) -> int:
    """The number of legal moves of the side to move: :func:`generate`'s length,
    counted a piece (a kind of pawn step) at a time, no move listed."""
    white, black, pawns, knights, bishops, rooks, queens, _, turn, castling, ep = board
    own, opp = (black, white) if turn else (white, black)
    occupied = white | black
    ksq, check, pinned, mask = _safety(board)
    rest = occupied ^ (1 << ksq)
    targets = KING_STEPS[ksq] & ~own
    count = 0
    while targets:
        low = targets & -targets
        targets ^= low
        if _king_safe(board, turn, low.bit_length() - 1, rest):
            count += 1
    if not mask:
        return count
    if castling and not check:
        count += len(_castlings(board, ksq))
    allowed = mask & ~own
    line = LINE[ksq]
    bb = knights & own & ~pinned
    while bb:
        low = bb & -bb
        bb ^= low
        count += (KNIGHT_STEPS[low.bit_length() - 1] & allowed).bit_count()
    bb = (bishops | queens) & own
    while bb:
        low = bb & -bb
        bb ^= low
        sq = low.bit_length() - 1
        targets = DIAG_ATTACKS[sq][DIAG_MASK[sq] & occupied] & allowed
        count += (targets & line[sq] if low & pinned else targets).bit_count()
    bb = (rooks | queens) & own
    while bb:
        low = bb & -bb
        bb ^= low
        sq = low.bit_length() - 1
        targets = (
            RANK_ATTACKS[sq][RANK_MASK[sq] & occupied] | FILE_ATTACKS[sq][FILE_MASK[sq] & occupied]
        ) & allowed
        count += (targets & line[sq] if low & pinned else targets).bit_count()
    mine = pawns & own
    free = mine & ~pinned
    empty = FULL ^ occupied
    if turn:
        one = (free >> 8) & empty
        two = ((one & RANKS[5]) >> 8) & empty & mask
        reach = (one & mask) | (((free & _NOT_A) >> 9) & opp & mask)
        right = ((free & _NOT_H) >> 7) & opp & mask
        last = RANKS[0]
    else:
        one = (free << 8) & empty
        two = ((one & RANKS[2]) << 8) & empty & mask
        reach = (one & mask) | (((free & _NOT_A) << 7) & opp & mask)
        right = ((free & _NOT_H) << 9) & opp & mask
        last = RANKS[7]
    # steps go to empty squares and captures to taken ones, but two captures (from the
    # left and from the right) may reach one square: those two sets are counted apart
    count += reach.bit_count() + right.bit_count() + two.bit_count()
    count += 3 * ((reach & last).bit_count() + (right & last).bit_count())
    bb = mine & pinned
    while bb:
        low = bb & -bb
        bb ^= low
        sq = low.bit_length() - 1
        count += len(_pinned_pawn(sq, turn, empty, opp, mask & line[sq]))
    if ep >= 0:
        bb = PAWN_ATTACKS[1 - turn][ep] & mine
        while bb:
            low = bb & -bb
            bb ^= low
            if en_passant_ok(board, ksq, low.bit_length() - 1):
                count += 1
    return count


def make(board: Board, move: int) -> Board:
    """The board after ``move`` (a legal move of :func:`generate`), the side to move
    changed; the castling rights of a king or rook that moves, or a rook taken, go."""
    s = list(board)
    turn = s[8]
    origin = move & 63
    to = (move >> 6) & 63
    start = 1 << origin
    end = 1 << to
    castling = s[9]
    ep = -1
    if move & CASTLE:
        king_to, rook_to = castle_squares(origin, to)
        s[7] = (s[7] ^ start) | (1 << king_to)
        s[5] = (s[5] ^ end) | (1 << rook_to)
        s[turn] = (s[turn] ^ start ^ end) | (1 << king_to) | (1 << rook_to)
        castling &= ~RANKS[7 if turn else 0]
    else:
        opp = 1 - turn
        if s[opp] & end:
            s[opp] ^= end
            for i in (2, 3, 4, 5, 6):
                if s[i] & end:
                    s[i] ^= end
                    break
            castling &= ~end
        elif move & EN_PASSANT:
            taken = 1 << (to ^ 8)
            s[opp] ^= taken
            s[2] ^= taken
        s[turn] ^= start | end
        kind = (move >> 15) & 7
        promotion = (move >> 12) & 7
        if promotion:
            s[2] ^= start
            s[promotion + 1] |= end
        else:
            s[kind + 1] ^= start | end
            if kind == PAWN:
                if to - origin in (16, -16):
                    ep = (origin + to) >> 1
            elif kind == KING:
                castling &= ~RANKS[7 if turn else 0]
        castling &= ~start
    s[8] = 1 - turn
    s[9] = castling
    s[10] = ep
    return tuple(s)  # type: ignore[return-value]
