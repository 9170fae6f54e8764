"""Hex and Havannah game records, replayed by the connection family.

Two SGF dialects are read (main line only, as :mod:`boardgen.records.sgf.tree` gives it):

* **HexGui's Hex SGF** (``GM[11]``, the format of the Computer Olympiad records kept
  with Benzene): ``;B[a1]`` names a cell by column letter and row number, Black moves
  first and joins rows 1 and ``SZ``, White joins columns ``a`` and the last. The pie
  rule is written as a move ``swap-pieces`` (or ``swap-sides``) of the second player,
  after which HexGui lets the same colour move again: the players trade colours and no
  stone changes (HexGui's own replay does exactly this). ``resign`` and ``forfeit`` end
  a game. ``RE[B+]``/``RE[W+]`` name the winning colour.
* **Little Golem's Havannah export** (``.hgf``, ``RU[LG]``): ``;W[H3]`` names a cell by
  row letter (``A`` the first row of ``SZ`` cells, down to the last) and its place in
  the row counted from 1; White moves first. ``B[swap]`` is the pie rule: the second
  player takes the first stone over on its cell. ``PB`` is the player who moved first:
  Little Golem writes that player's moves as ``W`` and ``RE[B]`` when they won (so the
  winner's moves are the other letter than ``RE``'s).

:func:`replay_record` plays every move with the game's engine (the shipped ``hex-11``,
``hex-14`` or ``havannah-8``, found by :func:`record_game`), so an illegal move fails at
its move number, file line and column.
"""

from __future__ import annotations

__all__ = [
    "ENDINGS",
    "ConnectionRecord",
    "Replay",
    "hex_record",
    "lg_havannah_record",
    "parse_hex_sgf",
    "parse_lg_havannah",
    "read_connection_record",
    "record_game",
    "replay_record",
]

import re
from dataclasses import field, replace
from pathlib import Path
from typing import Literal

from ...descriptor import load_variant
from ...errors import BoardgenError, Mark
from ...foundation.inputfile import read_text
from ...foundation.values import frozen
from ...rules.connection import SWAP, ConnectionGame, ConnectionPosition, make_game
from .tree import SgfNode, cut, main_line

#: Largest record read, in bytes (a Hex or Havannah game has a few hundred moves).
MAX_RECORD_BYTES = 1 << 20

#: The shipped board that plays a record, by (game, size).
BOARDS = {("hex", 11): "hex-11", ("hex", 14): "hex-14", ("havannah", 8): "havannah-8"}

_HEX_CELL = re.compile(r"^([a-z])([1-9][0-9]?)$")
_LG_CELL = re.compile(r"^([A-Z])([1-9][0-9]?)$")
_HEX_SWAPS = ("swap-pieces", "swap-sides")
_ENDINGS = ("resign", "forfeit")
#: The record moves that end a game without a stone.
ENDINGS = _ENDINGS

Kind = Literal["hex", "havannah"]


@frozen
class ConnectionRecord:
    """One game's main line as written: each move's colour letter and value, and where
    its node stands; the board size, the result and the root's properties."""

    kind: Kind
    size: int
    moves: tuple[tuple[str, str], ...]
    marks: tuple[Mark, ...]
    result: str
    properties: dict[str, list[str]] = field(default_factory=dict)


@frozen
class Replay:
    """A record played by the engine: the positions (the start first, one per stone or
    swap played), the engine moves, the winner the record names (a player id, "" for
    none), how the record ends (``resign``, ``forfeit`` or "" for its last move) and who
    resigned or forfeited (a player id, "" for none)."""

    game: ConnectionGame
    positions: list[ConnectionPosition]
    moves: list[int]
    winner: str
    ended_by: str = ""
    loser: str = ""
    #: For each engine move, the index in ``record.moves`` of the move it plays.
    sources: tuple[int, ...] = ()


def _moves(nodes: list[SgfNode]) -> tuple[tuple[tuple[str, str], ...], tuple[Mark, ...]]:
    moves: list[tuple[str, str]] = []
    marks: list[Mark] = []
    for node in nodes[1:]:
        for colour in ("B", "W"):
            for value in node.props.get(colour, []):
                moves.append((colour, value.strip()))
                marks.append(node.mark)
    return tuple(moves), tuple(marks)


def _size(root: SgfNode, largest: int) -> int:
    text = root.first("SZ")
    if not text.isascii() or not text.isdigit() or len(text) > 3 or not 2 <= int(text) <= largest:
        shown_size = cut(text)
        raise BoardgenError(
            f"SGF: SZ[{shown_size}] is not a board size from 2 to {largest}", mark=root.where("SZ")
        )
    return int(text)


def _written(value: str) -> str:
    """A move's value as a message quotes it: a 4,000-character value is cut."""
    return cut(value)


def parse_hex_sgf(text: str) -> ConnectionRecord:
    """A Hex game as HexGui writes it (``GM[11]``); raises BoardgenError on bad input."""
    return hex_record(main_line(text))


def hex_record(nodes: list[SgfNode]) -> ConnectionRecord:
    """The Hex game a main line of nodes holds (:func:`boardgen.records.sgf.tree.game_trees`)."""
    if not nodes:
        raise BoardgenError("SGF: the record has no node")
    root = nodes[0]
    if root.first("GM") != "11":
        game = cut(root.first("GM"))
        raise BoardgenError(f"SGF: GM[{game}] is not a game of Hex (GM[11])", mark=root.where("GM"))
    size = _size(root, 26)
    moves, marks = _moves(nodes)
    for number, ((colour, value), mark) in enumerate(zip(moves, marks, strict=True), start=1):
        match = _HEX_CELL.match(value)
        if match:
            column, row = ord(match.group(1)) - ord("a") + 1, int(match.group(2))
            if column <= size and row <= size:
                continue
            raise BoardgenError(
                f"Hex SGF move {number} ({colour}[{_written(value)}]): off a {size}x{size} board", mark=mark
            )
        if value not in (*_HEX_SWAPS, *_ENDINGS):
            raise BoardgenError(
                f"Hex SGF move {number} ({colour}[{_written(value)}]): not a cell (a1), swap-pieces, "
                "swap-sides, resign or forfeit",
                mark=mark,
            )
    return ConnectionRecord("hex", size, moves, marks, root.first("RE"), root.props)


def parse_lg_havannah(text: str) -> ConnectionRecord:
    """A Havannah game as Little Golem exports it (``.hgf``); raises BoardgenError."""
    return lg_havannah_record(main_line(text))


def lg_havannah_record(nodes: list[SgfNode]) -> ConnectionRecord:
    """The Little Golem Havannah game a main line of nodes holds."""
    if not nodes:
        raise BoardgenError("SGF: the record has no node")
    root = nodes[0]
    size = _size(root, 13)
    moves, marks = _moves(nodes)
    rows = 2 * size - 1
    for number, ((colour, value), mark) in enumerate(zip(moves, marks, strict=True), start=1):
        match = _LG_CELL.match(value)
        if match:
            row, place = ord(match.group(1)) - ord("A"), int(match.group(2))
            if row < rows and place <= rows - abs(size - 1 - row):
                continue
            raise BoardgenError(
                f"Havannah record move {number} ({colour}[{_written(value)}]): off a board of base {size}",
                mark=mark,
            )
        if value not in ("swap", "resign"):
            raise BoardgenError(
                f"Havannah record move {number} ({colour}[{_written(value)}]): "
                "not a cell (H3), swap or resign",
                mark=mark,
            )
    return ConnectionRecord("havannah", size, moves, marks, root.first("RE"), root.props)


def read_connection_record(path: str | Path) -> ConnectionRecord:
    """The Hex (``.sgf``, HexGui) or Havannah (``.hgf``, Little Golem) record at ``path``."""
    name = str(path)
    text = read_text(path, limit=MAX_RECORD_BYTES, latin1=name.endswith(".hgf"))
    try:
        return parse_lg_havannah(text) if name.endswith(".hgf") else parse_hex_sgf(text)
    except BoardgenError as exc:
        raise exc.located(name) from None


def record_game(record: ConnectionRecord) -> ConnectionGame:
    """The engine of the shipped board of the record's game and size, with the swap
    switch on when a Havannah record takes the first stone over (Little Golem's rule)."""
    ref = BOARDS.get((record.kind, record.size))
    if ref is None:
        shipped = ", ".join(f"{b} ({s})" for (k, s), b in BOARDS.items() if k == record.kind)
        raise BoardgenError(f"no shipped board plays {record.kind} of size {record.size}: {shipped}")
    spec = load_variant(ref).game_spec()
    swaps = record.kind == "havannah" and any(value == "swap" for _, value in record.moves)
    return make_game(replace(spec, params={**spec.params, "swap": swaps}))


def _cell_name(record: ConnectionRecord, value: str) -> str:
    """The engine's name of a cell the record writes: HexGui's names are the rhombus's
    own (column letter, row number); Little Golem's row letter and place in the row
    become boardgen's hexhex name: the row counted from the first, and the line letter,
    which past the middle row starts one further per row (``a9`` does not exist on base 8)."""
    if record.kind == "hex":
        return value
    row = ord(value[0]) - ord("A")
    line = int(value[1:]) - 1 + max(0, row - (record.size - 1))
    return chr(ord("a") + line) + str(row + 1)


def _winner(record: ConnectionRecord, game: ConnectionGame) -> str:
    """The player the record's ``RE`` names as winner ("" when it names none).

    ``RE`` names a player, not a colour of stones: HexGui's ``B+`` is ``PB``, who moved
    first with Black, and holds White's stones after a swap (the players trade colours);
    Little Golem's ``B`` is ``PB`` too, whose moves it writes ``W``, so always the first
    player (its swap takes the stone over, the players keep their letters)."""
    first, second = game.player_ids
    result = record.result.upper()[:1]
    if result not in ("B", "W"):
        return ""
    if record.kind == "hex" and any(value in _HEX_SWAPS for _, value in record.moves):
        return second if result == "B" else first
    return first if result == "B" else second


def replay_record(record: ConnectionRecord, game: ConnectionGame | None = None) -> Replay:
    """Play the record's moves with ``game`` (default :func:`record_game`); a move the
    engine refuses, or one out of turn, raises BoardgenError naming it and its place."""
    game = game or record_game(record)
    position = game.initial()
    positions, played, sources = [position], [], []
    letters: dict[str, str] = {}  # colour letter as written -> player id
    ended_by = loser = ""
    first, second = game.player_ids
    for number, ((colour, value), mark) in enumerate(zip(record.moves, record.marks, strict=True), start=1):
        what = f"{record.kind.capitalize()} record move {number} ({colour}[{_written(value)}])"
        if ended_by:
            raise BoardgenError(f"{what}: the game ended with {ended_by} before it", mark=mark)
        if value in _ENDINGS:
            ended_by = value
            loser = letters.get(colour) or (second if letters.get(_other(colour)) == first else first)
            continue
        if record.kind == "hex" and value in _HEX_SWAPS:
            # HexGui's pie rule: the players trade colours, the stone stays, the same colour
            # moves again. Colours are the engine's players, so nothing is played.
            if number != 2 or record.moves[0][0] == colour:
                raise BoardgenError(f"{what}: a swap is the second player's first move", mark=mark)
            if len(record.moves) > 2 and record.moves[2][0] != colour:
                raise BoardgenError(f"{what}: after HexGui's swap the swapping colour moves again", mark=mark)
            continue
        mover = game.to_move(position)
        if letters.setdefault(colour, mover) != mover or list(letters.values()).count(mover) > 1:
            raise BoardgenError(f"{what}: out of turn, {mover} is to move", mark=mark)
        try:
            move = SWAP if value == "swap" else game.parse_move(position, _cell_name(record, value))
            position = game.play(position, move)
        except BoardgenError as exc:
            raise BoardgenError(f"{what}: {exc.message}", mark=mark) from None
        positions.append(position)
        played.append(move)
        sources.append(number - 1)
    return Replay(game, positions, played, _winner(record, game), ended_by, loser, tuple(sources))


def _other(colour: str) -> str:
    return "W" if colour == "B" else "B"
