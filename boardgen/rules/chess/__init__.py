"""The chess rule family: FIDE's Laws of Chess, played on bitboards, with Chess960's
castling as a switch.

The registry finds the family as :data:`.family.FAMILY`. Inside: :mod:`.tables` (the
attack tables), :mod:`.movegen` (legal moves generated, counted and made),
:mod:`.position` (a position with its clocks and history), :mod:`.endings` (mate,
stalemate, dead material and the draw rules), :mod:`.fen` and :mod:`.notation`
(positions and moves as text), :mod:`.perft`, :mod:`.params` (the switches) and
:mod:`.game` (the Engine protocol over all of them).

Written for boardgen under its MIT licence; python-chess (GPL) is only the tests'
oracle, never imported here.
"""

from __future__ import annotations

from .game import ChessGame, make_game
from .params import ChessParams, parse_params
from .position import ChessPosition

__all__ = ["ChessGame", "ChessParams", "ChessPosition", "make_game", "parse_params"]
