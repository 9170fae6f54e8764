"""The chess family's switches, read from ``rules.params``.

``draw_claims`` (default ``claimed``)
    ``claimed``: as FIDE's Laws have it, a threefold repetition or fifty moves by each
    side without a capture or a pawn move let a player *claim* a draw; the game goes on
    unless someone does. It ends drawn by itself only after a fivefold repetition or
    75 moves each (the rules python-chess calls automatic), besides stalemate and
    insufficient material. ``automatic``: the game ends drawn the moment a position
    occurs for the third time or the fiftieth move each is made, as most engines and
    online servers play it.
``castling`` (default ``standard``)
    ``standard``: the king on the e-file castles with a rook in its corner.
    ``any-files``: Chess960's rule: the king castles from any file with the rook of
    either side, and both end where they would in standard chess (king on g or c,
    rook on f or d); positions name castling rooks by file where needed (X-FEN).
"""

from __future__ import annotations

__all__ = ["ChessParams", "parse_params"]

from collections.abc import Mapping
from typing import Any

from ...foundation.values import frozen
from ..params import ParamError, read_switches


@frozen
class ChessParams:
    """The chess family's rule switches, checked (``rules.params``: a switch left out
    takes the value given here)."""

    draw_claims: str = "claimed"
    castling: str = "standard"

    @property
    def any_files(self) -> bool:
        """Whether castling follows Chess960's rule (king and rook from any file)."""
        return self.castling == "any-files"


def parse_params(raw: Mapping[str, Any], error: ParamError | None = None) -> ChessParams:
    values = read_switches(
        "chess",
        raw,
        ChessParams(),
        error,
        choices={"draw_claims": ("claimed", "automatic"), "castling": ("standard", "any-files")},
    )
    return ChessParams(**values)
