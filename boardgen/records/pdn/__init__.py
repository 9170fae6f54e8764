"""PDN, the draughts game-record format (Portable Draughts Notation, PDN 3.0).

:func:`read_pdn` reads one or more games from a path, PDN text or a file object,
:func:`iter_pdn` the same one game at a time, and :func:`write_pdn` writes a game
back. Every move is resolved by the rules engine of the game the ``[GameType]`` tag
names (:mod:`boardgen.records.pdn.gametypes`).
"""

from .reader import GameRecord, Ply, Variation, iter_pdn, parse_pdn, read_pdn
from .writer import write_pdn

__all__ = ["GameRecord", "Ply", "Variation", "iter_pdn", "parse_pdn", "read_pdn", "write_pdn"]
