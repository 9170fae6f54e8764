"""Writing a Go record back as SGF (FF[4]): the root's game information and set-up, then
one node per move with its comment, lines wrapped at 79 columns.

The tags go back to the properties they were read from (:mod:`boardgen.records.sgf.info`):
``Event`` to ``EV``, the players to ``PB`` and ``PW``, ``Komi`` to ``KM``, every tag
named as an SGF property (``SZ``, ``GC``) as itself; a tag of another name (one a
program added, ``Annotator``) has no SGF property and is left out. A start other than
the empty board is written as ``AB``, ``AW`` and ``PL``. Reading what :func:`write_sgf`
writes gives the same game, its variations included (a test checks it): where a ply
has side lines, the rest of the main line and each side line are written as SGF's
variations, ``(;...)(;...)``. Hex and Havannah records are read only:
their two dialects (HexGui's swap, Little Golem's colour letters) are not written.
"""

from __future__ import annotations

__all__ = ["write_sgf"]

import re
from collections.abc import Sequence

from ...errors import BoardgenError
from ...geometry import SquareGrid
from ..record import GameRecord, Ply
from .info import GAME_INFO, GO_INFO, sgf_value

_IDENTIFIER = re.compile(r"[A-Z]{1,8}")
#: Properties the writer makes itself, whatever the tags say.
_OWN = ("GM", "FF", "SZ", "RE", "AB", "AW", "AE", "PL", "B", "W", "C")


def _size(record: GameRecord) -> int:
    """The side of the record's square board (a Go game plays on no other)."""
    grid = record.game.variant.grid
    if not isinstance(grid, SquareGrid) or grid.width != grid.height:
        raise BoardgenError(f"write_sgf writes games on square boards, not {record.game.variant.kind_text()}")
    return grid.width


def _point(record: GameRecord, name: str) -> str:
    """SGF's letter pair of a cell: column, then row counted from the top."""
    grid = record.game.variant.grid
    x, y = grid.coords(grid.parse(name))
    return chr(97 + x) + chr(97 + _size(record) - 1 - y)


def _letter(record: GameRecord, player: str) -> str:
    return record.game.variant.player(player).letter


def _root(record: GameRecord) -> list[str]:
    variant = record.game.variant
    names = {**GAME_INFO, **GO_INFO}
    for player in variant.players:
        names[f"P{player.letter}"] = record.game.player_name(player.id)
    properties = {tag: key for key, tag in names.items()}
    parts = ["GM[1]", "FF[4]", f"SZ[{_size(record)}]"]
    for tag, value in record.tags.items():
        key = properties.get(tag, tag)
        if _IDENTIFIER.fullmatch(key) and key not in _OWN:
            parts.append(f"{key}[{sgf_value(value)}]")
    if record.result != "*":
        parts.append(f"RE[{sgf_value(record.result)}]")
    if record.start != record.game.start:
        stones: dict[str, list[str]] = {}
        for cell, piece in sorted(record.start.pieces().items()):
            stones.setdefault(_letter(record, piece.player), []).append(_point(record, cell))
        for letter, points in sorted(stones.items()):
            parts.append(f"A{letter}" + "".join(f"[{p}]" for p in sorted(points)))
        parts.append(f"PL[{_letter(record, record.start.turn)}]")
    if record.comment:
        parts.append(f"C[{sgf_value(record.comment)}]")
    return parts


def write_sgf(record: GameRecord) -> str:
    """The Go ``record`` as SGF text, ending with a newline."""
    if not isinstance(record, GameRecord):
        raise TypeError(f"write_sgf() takes a GameRecord (from read_records), not {type(record).__name__}")
    if record.game.variant.rules.family != "go":
        other = (
            "write_pdn writes PDN records"
            if record.format == "pdn"
            else "Hex and Havannah records are read only"
        )
        raise BoardgenError(f"write_sgf writes Go records, not {record.game.id} ({other})", file=record.file)
    root = _root(record)
    nodes = [";" + root[0], *root[1:], *_moves(record, record.plies)]
    return "\n".join(_lines(["(", *nodes, ")"])) + "\n"


def _node(record: GameRecord, ply: Ply) -> str:
    point = "" if not ply.move.placed else _point(record, ply.move.placed[0])
    node = f";{_letter(record, ply.before.turn)}[{point}]"
    if ply.comment:
        node += f"C[{sgf_value(ply.comment)}]"
    return node


def _moves(record: GameRecord, plies: Sequence[Ply]) -> list[str]:
    """The nodes of a line of plies, branching where a ply has side lines: the rest of
    the line first, then each side line, each in brackets. Written from a stack of work,
    not by recursion: each branch point nests the rest of its line one level deeper,
    and a game may hold thousands."""
    out: list[str] = []
    # each task: a bracket to write, or (line, first ply, whether that ply's side lines are done)
    work: list[str | tuple[Sequence[Ply], int, bool]] = [(plies, 0, False)]
    while work:
        task = work.pop()
        if isinstance(task, str):
            out.append(task)
            continue
        line, k, done = task
        while k < len(line):
            ply = line[k]
            if ply.lines and not done:
                branches: list[tuple[Sequence[Ply], int, bool]] = [(line, k, True)]
                branches += [(side.plies, 0, False) for side in ply.lines]
                for branch in reversed(branches):
                    work += [")", branch, "("]
                break
            out.append(_node(record, ply))
            k += 1
            done = False
    return out


def _lines(items: list[str], width: int = 79) -> list[str]:
    """``items`` run together in lines of at most ``width`` columns, broken only between
    items (between nodes and properties, where SGF allows a line break: one inside a
    value would be part of it)."""
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(line) + len(item) > width:
            lines.append(line)
            line = ""
        line += item
    return [*lines, line]
