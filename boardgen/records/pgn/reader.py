"""Reading PGN game records: every move, variations included, played by the chess family.

A file holds one or more games: the tags, then the moves with their numbers, comments
(``{...}`` and ``;`` to the end of a line), variations ``(...)`` (each played from the
position before the move it stands for, as a tree), NAGs (``$3``) and suffixes (``!``,
``?!``) and a result. Moves are read in SAN, long algebraic or UCI
(:mod:`boardgen.rules.chess.notation`). ``[FEN]`` (with ``[SetUp "1"]`` or without) sets
up the start; ``[Variant]`` chooses the game: ``chess`` (``Standard`` or no tag), or
``chess960`` (``Chess960``, ``Fischerandom``, ``Chess 960``); another variant of chess
is refused at its tag. An illegal or ambiguous move is refused as
``FILE:LINE:COL: move 17 (Nf4): why``; move numbers are checked.

The record is a :class:`~boardgen.records.record.GameRecord`, as PDN's and SGF's are, so
game sheets, animations and diagrams treat it alike.

>>> from boardgen.records.pgn import read_pgn
>>> record, = read_pgn('[White "Anderssen"][Black "Dufresne"] 1. e4 {king pawn} e5 2. Nf3 $1 (2. f4) Nc6 *')
>>> [p.written for p in record.plies], record.plies[0].comment, record.plies[2].nags
(['e4', 'e5', 'Nf3', 'Nc6'], 'king pawn', ('$1',))
>>> record.plies[2].lines[0].plies[0].move.text, record
('f4', <GameRecord chess: Anderssen - Dufresne, 4 plies, *>)
"""

from __future__ import annotations

__all__ = ["iter_pgn", "read_pgn", "variant_for"]

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ...errors import BoardgenError, shown
from ...model.games import open_game
from ...model.positions import Game, Position
from ..limits import MAX_PLIES
from ..pdn.collection import Building, read_games
from ..pdn.grammar import Line, parse_line
from ..pdn.tokens import move_number
from ..record import GameLoader, GameRecord, Ply, Variation
from ..source import RecordSource, record_text
from .tokens import tokenize

#: Deepest nesting of variations played.
MAX_DEPTH = 50

#: ``[Variant]`` values (lower case, spaces and dashes dropped) and the game they play.
VARIANTS = {
    "": "chess",
    "standard": "chess",
    "chess": "chess",
    "fromposition": "chess",
    "chess960": "chess960",
    "fischerandom": "chess960",
    "fischerrandom": "chess960",
    "freestyle": "chess960",
}

_SUFFIX = re.compile(r"[!?]+$")


def variant_for(value: str | None) -> str:
    """The game id a ``[Variant]`` tag value (None: no tag) plays."""
    key = re.sub(r"[\s_-]", "", (value or "").lower())
    if key not in VARIANTS:
        raise BoardgenError(
            f"Variant {shown(value or '')} is not a game boardgen plays from PGN (chess, Chess960)"
        )
    return VARIANTS[key]


# -- playing a game ---------------------------------------------------------------------------


@dataclass
class _Player:
    """Plays the lines of one game (``file`` names it in errors)."""

    file: str

    def play(self, line: Line, start: Position, depth: int = 0) -> tuple[Ply, ...]:
        """The plies of ``line`` from ``start``; each is numbered by the move number of
        the position it is played from (FEN's last field), as a written number must say."""
        if depth > MAX_DEPTH:
            raise BoardgenError(
                f"variations nested more than {MAX_DEPTH} deep", file=self.file, mark=line.mark
            )
        plies: list[Ply] = []
        position = start
        for step in line.steps:
            if len(plies) >= MAX_PLIES:
                raise BoardgenError(
                    f"more than {MAX_PLIES:,} plies in one game", file=self.file, mark=step.token.mark
                )
            number = _move_number(position)
            written = step.token.text
            bare = _SUFFIX.sub("", written)
            if step.number is not None:
                said = move_number(step.number, self.file)
                if said != number:
                    raise BoardgenError(
                        f"move number {said}: this is move {number}", file=self.file, mark=step.number.mark
                    )
            try:
                move = position.move(bare)
            except BoardgenError as error:
                raise BoardgenError(
                    f"move {number} ({shown(bare)[1:-1]}): {error.message}",
                    file=self.file,
                    mark=step.token.mark,
                ) from None
            after = position.play(move)
            lines = tuple(Variation(self.play(v, position, depth + 1), v.comment) for v in step.variations)
            suffix = written[len(bare) :]
            plies.append(
                Ply(
                    len(plies) + 1,
                    number,
                    bare,
                    move,
                    position,
                    after,
                    step.comment,
                    ((suffix,) if suffix else ()) + step.nags,
                    tuple(v.text() for v in step.variations),
                    step.token.mark,
                    lines,
                )
            )
            position = after
        return tuple(plies)


def _move_number(position: Position) -> int:
    """The move number of a position: FEN's last field."""
    return int(position.text.rsplit(" ", 1)[1])


def _record(
    building: Building,
    file: str,
    override: Game | str | None,
    folders: Sequence[str | Path],
    load: GameLoader,
) -> GameRecord:
    tag_mark = building.tag_marks.get("Variant", building.mark)
    try:
        game = (
            override
            if isinstance(override, Game)
            else load(override or variant_for(building.tags.get("Variant")), folders=folders)
        )
    except BoardgenError as error:
        if error.file is not None:
            raise
        raise BoardgenError(error.message, file=file, mark=tag_mark) from None
    if game.variant.rules.family != "chess":
        raise BoardgenError(
            f"{game.id} is not played by the chess family: a PGN record is a game of chess",
            file=file,
            mark=tag_mark,
        )
    start = game.start
    if "FEN" in building.tags:
        try:
            start = game.position(building.tags["FEN"])
        except BoardgenError as error:
            mark = building.tag_marks.get("FEN", building.mark)
            raise BoardgenError(f"FEN: {error.message}", file=file, mark=mark) from None
    line = parse_line(building.items, file)
    player = _Player(file)
    plies = player.play(line, start)
    intro = tuple(Variation(player.play(v, start, 1), v.comment) for v in line.variations)
    result = building.result or building.tags.get("Result", "*")
    return GameRecord(
        dict(building.tags),
        game,
        start,
        plies,
        result,
        line.comment,
        tuple(v.text() for v in line.variations),
        file,
        building.mark,
        intro,
        format="pgn",
    )


# -- reading ----------------------------------------------------------------------------------


def _games(
    text: str,
    file: str,
    game: Game | str | None,
    folders: Sequence[str | Path],
    on_error: Callable[[BoardgenError], None] | None,
    load: GameLoader,
) -> Iterator[GameRecord]:
    """The games of ``text`` one by one, each read and played only when asked for."""
    return read_games(
        text, file, tokenize, lambda building: _record(building, file, game, folders, load), on_error, "PGN"
    )


def iter_pgn(
    source: RecordSource,
    *,
    game: Game | str | None = None,
    folders: Sequence[str | Path] = (),
    file: str | None = None,
    skip_bad: bool = False,
    on_error: Callable[[BoardgenError], None] | None = None,
    load: GameLoader = open_game,
) -> Iterator[GameRecord]:
    """The games of ``source`` one at a time (options as for :func:`read_pgn`)."""
    text, name = record_text(
        source, file, suffixes=(".pgn",), reader="read_pgn takes a path, PGN text", unnamed="<pgn>"
    )
    report = on_error if on_error is not None else (lambda error: None) if skip_bad else None
    return _games(text, name, game, folders, report, load)


def read_pgn(
    source: RecordSource,
    *,
    game: Game | str | None = None,
    folders: Sequence[str | Path] = (),
    file: str | None = None,
    skip_bad: bool = False,
    on_error: Callable[[BoardgenError], None] | None = None,
    load: GameLoader = open_game,
) -> list[GameRecord]:
    """The games of ``source``: a path, PGN text or a file object. ``game`` plays them
    by another game of the chess family than ``[Variant]`` names; a bad game raises
    BoardgenError at its place, or with ``skip_bad`` is skipped (``on_error`` gets it)."""
    return list(
        iter_pgn(
            source, game=game, folders=folders, file=file, skip_bad=skip_bad, on_error=on_error, load=load
        )
    )
