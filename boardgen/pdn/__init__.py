"""PDN, the draughts game-record format (Portable Draughts Notation, PDN 3.0).

:func:`read_pdn` reads a file of one or more games, :func:`parse_pdn` the same from
text, and :func:`write_pdn` writes a game back. Every move is resolved by the rules
engine of the game the ``[GameType]`` tag names (:mod:`boardgen.pdn.gametypes`).
"""

from .reader import GameRecord, Ply, parse_pdn, read_pdn
from .writer import write_pdn

__all__ = ["GameRecord", "Ply", "parse_pdn", "read_pdn", "write_pdn"]
