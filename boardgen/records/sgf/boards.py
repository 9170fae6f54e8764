"""The game that plays an SGF record: the shipped board of its game and size, or the
one the user names (``--variant``, ``game=``), checked to fit; and the bound on its moves.

Go records play on ``go-9``, ``go-13`` or ``go-19`` by their ``SZ``; Hex records on
``hex-11`` or ``hex-14``; Little Golem's Havannah records on ``havannah-8`` (its base).
A record of another size is refused at its ``SZ`` naming the sizes shipped; a
descriptor of that size, given with ``--variant``, plays it. A descriptor given must be
of the record's rule family and board: a Go record on a Hex board is refused at ``SZ``.
"""

from __future__ import annotations

__all__ = ["SHIPPED", "check_moves", "record_board"]

from collections.abc import Sequence
from pathlib import Path

from ...errors import BoardgenError, Mark
from ...model.positions import Game
from ..limits import MAX_PLIES
from ..record import GameLoader
from .hex_havannah import BOARDS
from .tree import SgfNode

#: The shipped game that plays a record, by (game, board size).
SHIPPED: dict[tuple[str, int], str] = {("go", 9): "go-9", ("go", 13): "go-13", ("go", 19): "go-19", **BOARDS}

_FAMILY = {"go": "go", "hex": "connection", "havannah": "connection"}
_NAME = {"go": "Go", "hex": "Hex", "havannah": "Havannah"}


def _shape(kind: str, size: int) -> str:
    return f"base {size}" if kind == "havannah" else f"{size}x{size}"


def _boards(kind: str) -> tuple[str, ...]:
    """How :meth:`Variant.kind_text` describes the boards that play ``kind`` records."""
    if kind == "go":
        return ("lines {0}x{0}", "square {0}x{0}")
    return ("rhombus {0}x{0}",) if kind == "hex" else ("hexhex side {0}",)


def record_board(
    kind: str,
    size: int,
    root: SgfNode,
    override: Game | str | None,
    folders: Sequence[str | Path],
    load: GameLoader,
) -> Game:
    """The game for a ``kind`` record (``go``, ``hex``, ``havannah``) of ``size``: the
    ``override`` (a game, an id or a descriptor path) or the shipped one; a bad fit
    raises BoardgenError at the root's ``SZ``."""
    where = root.where("SZ")
    if override is None:
        ref = SHIPPED.get((kind, size))
        if ref is None:
            shipped = [(s, r) for (k, s), r in sorted(SHIPPED.items()) if k == kind]
            sizes = ", ".join(f"{_shape(kind, s)} ({r})" for s, r in shipped)
            raise BoardgenError(
                f"SGF: SZ[{size}]: boardgen ships {_NAME[kind]} on {sizes}; give a descriptor of a "
                f"{_shape(kind, size)} board with --variant",
                mark=where,
            )
        game = load(ref, folders=folders)
    elif isinstance(override, Game):
        game = override
    else:
        try:
            game = load(override, folders=folders)
        except BoardgenError as error:
            if error.file is not None:
                raise
            raise BoardgenError(error.message, mark=where) from None
    variant = game.variant
    fits = variant.rules.family == _FAMILY[kind] and variant.kind_text() in [
        board.format(size) for board in _boards(kind)
    ]
    if not fits:
        raise BoardgenError(
            f"SGF: SZ[{size}]: {game.id} ({variant.rules.family}, {variant.kind_text()}) cannot play "
            f"a {_NAME[kind]} record on a {_shape(kind, size)} board",
            mark=where,
        )
    return game


def check_moves(marks: Sequence[Mark]) -> None:
    """Refuse a record of more moves than a game may have (PDN's bound, :data:`MAX_PLIES`),
    at the first one too many."""
    if len(marks) > MAX_PLIES:
        raise BoardgenError(f"more than {MAX_PLIES:,} plies in one game", mark=marks[MAX_PLIES])
