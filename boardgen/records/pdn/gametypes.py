"""PDN's ``[GameType]`` numbers and the boardgen games they stand for.

PDN 3.0 numbers the draughts games; the tag's first field is the number (later
fields, ``20,W,10,10,N2,0``, describe the board and how its squares are written:
:mod:`boardgen.records.pdn.squares` reads them). A file without the tag is English checkers, number 21,
as the standard says. A number whose game boardgen does not ship yet is refused with
the id it would have, so a user knows what to add (``variants/<id>.yaml``).
"""

from __future__ import annotations

__all__ = ["DEFAULT_GAME_TYPE", "GAME_TYPES", "variant_for"]

from ... import errors
from .tokens import pdn_number

#: GameType number -> (boardgen variant id, the game's name).
GAME_TYPES: dict[int, tuple[str, str]] = {
    20: ("international-draughts", "International draughts"),
    21: ("american-checkers", "English draughts (American checkers)"),
    22: ("italian-draughts", "Italian draughts"),
    23: ("pool-checkers", "American pool checkers"),
    24: ("spanish-draughts", "Spanish draughts"),
    25: ("russian-draughts", "Russian draughts"),
    26: ("brazilian-draughts", "Brazilian draughts"),
    27: ("canadian-draughts", "Canadian draughts"),
    29: ("czech-draughts", "Czech draughts"),
    30: ("turkish-draughts", "Turkish draughts"),
    31: ("thai-draughts", "Thai draughts"),
    40: ("frisian-draughts", "Frisian draughts"),
}

#: The game a PDN file plays when it has no GameType tag.
DEFAULT_GAME_TYPE = 21


def variant_for(value: str | None, shipped: list[str]) -> str:
    """The variant id for a GameType tag value (None: no tag), among ``shipped`` ids."""
    if value is None:
        number = DEFAULT_GAME_TYPE
    else:
        found = pdn_number(value.split(",")[0].strip())
        if found is None:
            raise errors.BoardgenError(f"GameType {errors.shown(value)} is not a PDN game number")
        number = found
    if number not in GAME_TYPES:
        known = ", ".join(str(n) for n in GAME_TYPES)
        raise errors.BoardgenError(f"GameType {number} is not a game boardgen knows (known: {known})")
    vid, name = GAME_TYPES[number]
    if vid not in shipped:
        raise errors.BoardgenError(
            f"GameType {number} is {name}, which boardgen does not ship yet (it would be '{vid}'); "
            "give a descriptor with --variant"
        )
    return vid
