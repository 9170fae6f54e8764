"""An SGF game's root properties as a record's tags, and back.

A record's tags are what its game sheet and listing read, named as PGN and PDN name
them: ``EV`` is the ``Event`` tag, ``PC`` ``Site``, ``DT`` ``Date``, ``RO`` ``Round``;
Go's ``KM``, ``HA`` and ``RU`` are ``Komi``, ``Handicap`` and ``Rules``. ``PB`` and
``PW`` become the tags named after the players they stand for (``Black`` and ``White``
in Go; in Hex and Havannah the reader says which player each is). Every other root
property keeps its SGF name (``SZ``, ``GC``, ``SO``), so writing a record back loses
nothing. The set-up (``AB``, ``AW``, ``AE``, ``PL``), the moves and the root's comment
``C`` are the record's start, plies and comment, not tags.
"""

from __future__ import annotations

__all__ = ["GAME_INFO", "GO_INFO", "NOT_TAGS", "sgf_tags", "sgf_value"]

from collections.abc import Mapping

from .tree import SgfNode

#: Game-information properties and the tags PGN and PDN name them with.
GAME_INFO = {"EV": "Event", "PC": "Site", "DT": "Date", "RO": "Round", "RE": "Result"}
#: Go's own game information, as tags.
GO_INFO = {"KM": "Komi", "HA": "Handicap", "RU": "Rules"}
#: Root properties that are not information about the game: the set-up, moves, comment.
NOT_TAGS = ("AB", "AW", "AE", "PL", "B", "W", "C")


def sgf_tags(root: SgfNode, names: Mapping[str, str]) -> dict[str, str]:
    """The tags of a game whose root is ``root``, in the file's order; ``names`` maps SGF
    properties to tag names (``GAME_INFO``, the players' ``PB`` and ``PW``, ...). A
    property of several values is one tag, its values joined with ", "."""
    return {
        names.get(key, key): ", ".join(value.strip() for value in values)
        for key, values in root.props.items()
        if key not in NOT_TAGS
    }


def sgf_value(text: str) -> str:
    """``text`` as an SGF value between ``[`` and ``]``: ``]`` and ``\\`` escaped."""
    return text.replace("\\", "\\\\").replace("]", "\\]")
