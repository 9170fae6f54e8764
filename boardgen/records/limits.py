"""The limits every game-record format keeps (docs/reference/limits.md): how much is read.

A record file is read whole only below :data:`MAX_PDN_BYTES`; a collection holds at most
:data:`MAX_GAMES` games and a game at most :data:`MAX_PLIES` plies, whatever the format.
"""

from __future__ import annotations

__all__ = ["MAX_GAMES", "MAX_PDN_BYTES", "MAX_PLIES"]

#: Largest PDN file read (a collection of some 10,000 games).
MAX_PDN_BYTES = 16 << 20
#: Most games one file may hold.
MAX_GAMES = 10_000
#: Most plies (half-moves) of one game.
MAX_PLIES = 5_000
