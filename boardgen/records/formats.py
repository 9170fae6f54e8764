"""Every game-record format through one door: PDN, PGN (chess), SGF (Go, Hex) and Little
Golem's Havannah, xiangqi PGN (ICCS, WXF), and shogi's KIF and USI lines.

:func:`iter_records` tells the format by the content (:mod:`boardgen.records.detect`,
the file name a hint) and gives the games one at a time, as ``chess.pgn`` reads a file:
PDN through :func:`boardgen.records.pdn.reader.iter_pdn` (unchanged), PGN through
:func:`boardgen.records.pgn.reader.iter_pgn` (or when ``game`` is a game of the chess
family), SGF game by game, each
game's main line played on the board of its game and size (:mod:`boardgen.records.sgf.go`,
:mod:`boardgen.records.sgf.connection`). Every record is a
:class:`~boardgen.records.record.GameRecord`, whatever its format. A bad game raises
:class:`BoardgenError` with its file, line and column, or with ``on_error`` is reported
and skipped (an SGF syntax error ends the reading: the games after it cannot be found).

>>> from boardgen.records.formats import read_records
>>> record, = read_records("(;GM[1]SZ[9]KM[6.5]PB[Ann]PW[Bob];B[ee];W[cg]C[a quiet move];B[])")
>>> record.game.id, [p.written for p in record.plies], record.plies[1].comment
('go-9', ['e5', 'c3', 'pass'], 'a quiet move')
>>> record
<GameRecord go-9: Ann - Bob, 3 plies, *>
"""

from __future__ import annotations

__all__ = ["iter_records", "read_records"]

import io
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from ..errors import BoardgenError
from ..model.games import open_game
from ..model.positions import Game
from .detect import PGN_SUFFIXES, SGF_SUFFIXES, record_format, sgf_game_kind
from .limits import MAX_GAMES
from .othello import othello_records
from .pdn.reader import iter_pdn
from .pgn.reader import iter_pgn
from .record import GameLoader, GameRecord
from .sgf.connection import connection_record
from .sgf.go import go_record
from .sgf.tree import game_trees
from .shogi import KIF_SUFFIXES, iter_kif, iter_usi
from .source import RecordSource, record_text
from .xiangqi import iter_xiangqi_pgn


def _sgf_games(
    text: str,
    file: str,
    game: Game | str | None,
    folders: Sequence[str | Path],
    on_error: Callable[[BoardgenError], None] | None,
    load: GameLoader,
) -> Iterator[GameRecord]:
    """The games of an SGF text, each played only when asked for."""
    trees = game_trees(text)
    count = 0
    while True:
        try:
            nodes = next(trees, None)
        except BoardgenError as error:
            if on_error is None:
                raise error.located(file) from None
            on_error(error.located(file))
            return
        if nodes is None:
            return
        count += 1
        if count > MAX_GAMES:
            mark = nodes[0].mark if nodes else None
            raise BoardgenError(f"more than {MAX_GAMES:,} games in one file", file=file, mark=mark)
        try:
            kind = sgf_game_kind(nodes, file)
            if kind == "go":
                yield go_record(nodes, file=file, override=game, folders=folders, load=load)
            else:
                yield connection_record(nodes, kind, file=file, override=game, folders=folders, load=load)
        except BoardgenError as error:
            if on_error is None:
                raise error.located(file) from None
            on_error(error.located(file))


def iter_records(
    source: RecordSource,
    *,
    game: Game | str | None = None,
    folders: Sequence[str | Path] = (),
    file: str | None = None,
    skip_bad: bool = False,
    on_error: Callable[[BoardgenError], None] | None = None,
    load: GameLoader = open_game,
) -> Iterator[GameRecord]:
    """The games of ``source`` (a path, a record's text or a file object) one at a time,
    in whichever format it is written. Options as for :func:`boardgen.records.pdn.read_pdn`;
    ``game`` plays an SGF record on another board of its game and size."""
    text, name = record_text(
        source,
        file,
        suffixes=(".pdn", ".txt", ".csv", *PGN_SUFFIXES, *SGF_SUFFIXES, *KIF_SUFFIXES, ".usi"),
        reader="read_records takes a path, a record's text",
    )
    report = on_error if on_error is not None else (lambda error: None) if skip_bad else None
    kind = record_format(text, name)
    family = game.variant.rules.family if isinstance(game, Game) else None
    if family == "xiangqi" and kind in ("pgn", "pdn"):
        kind = "xiangqi-pgn"  # the game named says what the moves are
    if kind == "pgn" or family == "chess":
        name = "<pgn>" if file is None and name == "<pdn>" else name  # a text read as PGN
        return iter_pgn(io.StringIO(text), game=game, folders=folders, file=name, on_error=report, load=load)
    if kind == "pdn":
        return iter_pdn(io.StringIO(text), game=game, folders=folders, file=name, on_error=report, load=load)
    if kind == "othello":
        return othello_records(text, file=name, game=game, folders=folders, on_error=report, load=load)
    if kind == "sgf":
        return _sgf_games(text, name, game, folders, report, load)
    reader = {"xiangqi-pgn": iter_xiangqi_pgn, "kif": iter_kif, "usi": iter_usi}[kind]
    return reader(text, file=name, game=game, folders=folders, on_error=report, load=load)


def read_records(
    source: RecordSource,
    *,
    game: Game | str | None = None,
    folders: Sequence[str | Path] = (),
    file: str | None = None,
    skip_bad: bool = False,
    on_error: Callable[[BoardgenError], None] | None = None,
    load: GameLoader = open_game,
) -> list[GameRecord]:
    """The games of ``source``, in a list: :func:`iter_records`, read to the end."""
    games = iter_records(
        source, game=game, folders=folders, file=file, skip_bad=skip_bad, on_error=on_error, load=load
    )
    return list(games)
