"""PGN, the chess game-record format (Portable Game Notation, 1994).

:func:`read_pgn` reads one or more games from a path, PGN text or a file object,
:func:`iter_pgn` the same one game at a time, and :func:`write_pgn` writes a game back.
Every move is played by the chess family (:mod:`boardgen.rules.chess`); the records are
the :class:`~boardgen.records.record.GameRecord` values every format makes.
"""

from .reader import iter_pgn, read_pgn, variant_for
from .writer import write_pgn

__all__ = ["iter_pgn", "read_pgn", "variant_for", "write_pgn"]
