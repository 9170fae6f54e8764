"""How a game of chess ends: mate, stalemate, dead material, and the draw rules.

In the order they are judged (python-chess's, and FIDE's: a mate on the move that
would also complete a repetition or the move count stands):

1. checkmate: the side to move is in check and has no legal move, and loses;
2. insufficient material: neither side could ever mate (:func:`insufficient`);
3. stalemate: the side to move has no legal move and is not in check;
4. the 75-move rule (150 plies without a capture or a pawn move) and a fivefold
   repetition, which end the game by themselves under either ``draw_claims``;
5. with ``draw_claims: automatic`` only, the fifty-move rule (100 plies) and a
   threefold repetition; with ``claimed`` these are draws a player may claim
   (:func:`claim`), and the game goes on until one does.
"""

from __future__ import annotations

__all__ = ["claim", "insufficient", "verdict"]

from .movegen import CAPTURE, PAWN, Board, checkers, count_moves, generate, make
from .position import ChessPosition, key
from .tables import DARK


def _bare(board: Board, colour: int) -> bool:
    """Whether ``colour`` could never mate, whatever the other side does (python-chess's
    ``has_insufficient_material``): a king alone; a king and one knight when the other
    side has nothing but a king and queens (anything else could let a mate happen by
    blocking its own king); kings and bishops all on squares of one colour, the other
    side having no pawn and no knight."""
    own = board[colour]
    if own & (board[2] | board[5] | board[6]):
        return False
    if own & board[3]:
        return own.bit_count() <= 2 and not board[1 - colour] & ~board[7] & ~board[6]
    bishops = board[4]
    if own & bishops:
        same = not bishops & DARK or not bishops & ~DARK
        return same and not board[2] and not board[3]
    return True


def insufficient(board: Board) -> bool:
    """Whether neither side has the material to mate (a dead position in the usual,
    narrow reading FIDE's arbiters and python-chess share)."""
    return _bare(board, 0) and _bare(board, 1)


def _repetitions(position: ChessPosition) -> int:
    """How many times the current position has occurred, this time included."""
    seen = position.seen
    return seen.count(seen[-1]) if seen else 1


def verdict(position: ChessPosition, names: tuple[str, str], automatic: bool) -> tuple[str, str] | None:
    """(winner id or ``"draw"``, the rule) when the game is over at ``position``, else None."""
    board = position.board
    mover = names[board[8]]
    moves = count_moves(board)
    if not moves and checkers(board):
        return names[1 - board[8]], f"{mover} is checkmated"
    if insufficient(board):
        return "draw", "insufficient material: neither side can checkmate"
    if not moves:
        return "draw", f"stalemate: {mover} has no legal move and is not in check"
    if position.halfmove >= 150:
        return "draw", "75-move rule: 75 moves each without a capture or a pawn move"
    repeated = _repetitions(position)
    if repeated >= 5:
        return "draw", "fivefold repetition"
    if automatic:
        if position.halfmove >= 100:
            return "draw", "fifty-move rule: 50 moves each without a capture or a pawn move"
        if repeated >= 3:
            return "draw", "threefold repetition"
    return None


def claim(position: ChessPosition) -> str | None:
    """The draw the side to move may claim (FIDE 9.2 and 9.3), or None: fifty moves
    each without a capture or a pawn move have been made, or will be by a move it
    writes down; the position has occurred three times, or will by such a move.
    Asked only while the game goes on (python-chess's ``can_claim_draw``)."""
    board = position.board
    moves = generate(board)
    if not moves:
        return None
    if position.halfmove >= 100:
        return "fifty-move rule"
    if position.halfmove >= 99:
        for move in moves:
            if not _zeroing(board, move):
                after = make(board, move)
                if count_moves(after):
                    return "fifty-move rule"
    if _repetitions(position) >= 3:
        return "threefold repetition"
    seen = position.seen
    for move in moves:
        if not _zeroing(board, move) and seen.count(key(make(board, move))) >= 2:
            return "threefold repetition"
    return None


def _zeroing(board: Board, move: int) -> bool:
    return (move >> 15) & 7 == PAWN or bool(move & CAPTURE)
