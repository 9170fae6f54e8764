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
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import BoardgenError, Mark, shown
from ...model.games import open_game
from ...model.positions import Game, Position
from ..limits import MAX_GAMES, MAX_PLIES
from ..pdn.grammar import Line, parse_line
from ..pdn.tokens import MAX_VARIATIONS, Token, move_number
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
_TAGS = re.compile(r'\[\s*[A-Za-z0-9_]+\s*"(?:[^"\\]|\\.)*"\s*\]')


def variant_for(value: str | None) -> str:
    """The game id a ``[Variant]`` tag value (None: no tag) plays."""
    key = re.sub(r"[\s_-]", "", (value or "").lower())
    if key not in VARIANTS:
        raise BoardgenError(
            f"Variant {shown(value or '')} is not a game boardgen plays from PGN (chess, Chess960)"
        )
    return VARIANTS[key]


# -- splitting a file into games --------------------------------------------------------------


def _chunks(text: str) -> Iterator[tuple[int, str]]:
    """The text of each game with its first line: a game starts at a line beginning with
    ``[`` once the one before has had moves (outside tags and comments). Cut before
    tokenizing, so one game's mistake never hides the games after it."""
    lines = text.split("\n")
    start = 0
    moves = False
    inside = False  # a {comment} runs on
    for number, line in enumerate(lines):
        if not inside and moves and line.startswith("["):
            yield start + 1, "\n".join(lines[start:number])
            start, moves = number, False
        if not inside and line.startswith("%"):
            continue
        rest = line if inside else _TAGS.sub("", line)
        for ch in rest:
            if inside:
                inside = ch != "}"
            elif ch == "{":
                inside = True
            elif ch == ";":
                break
            elif not ch.isspace():
                moves = True
    if "\n".join(lines[start:]).strip():
        yield start + 1, "\n".join(lines[start:])


@dataclass
class _Building:
    """A game being read: its tags, then its move text."""

    tags: dict[str, str] = field(default_factory=dict)
    tag_marks: dict[str, Mark] = field(default_factory=dict)
    items: list[Token] = field(default_factory=list)
    result: str | None = None
    mark: Mark | None = None


def _split(tokens: list[Token], file: str) -> list[_Building]:
    """Tokens grouped by game: a tag after moves, or anything but a comment after a
    result, starts the next game; a result inside a variation ends nothing."""
    games: list[_Building] = []
    current = _Building()
    depth = variations = 0
    for token in tokens:
        started = bool(current.items) or current.result is not None
        if depth == 0 and (
            (token.kind == "tag" and started) or (current.result is not None and token.kind != "comment")
        ):
            games.append(current)
            current = _Building()
            variations = 0
        if current.mark is None:
            current.mark = token.mark
        if token.kind == "open":
            depth += 1
            variations += 1
            if variations > MAX_VARIATIONS:
                raise BoardgenError(
                    f"more than {MAX_VARIATIONS:,} variations in one game", file=file, mark=token.mark
                )
        elif token.kind == "close":
            depth -= 1
        if token.kind == "tag":
            current.tags[token.name] = token.text
            current.tag_marks[token.name] = token.mark
        elif token.kind == "result" and depth == 0:
            current.result = token.text
        else:
            current.items.append(token)
    if current.tags or current.items or current.result is not None:
        games.append(current)
    return games


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
    building: _Building,
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
    found = False
    count = 0
    for first_line, chunk in _chunks(text):
        try:
            buildings = _split(tokenize(chunk, file, first_line), file)
        except BoardgenError as error:
            if on_error is None:
                raise
            found = True
            on_error(error)
            continue
        for building in buildings:
            found = True
            count += 1
            if count > MAX_GAMES:
                raise BoardgenError(
                    f"more than {MAX_GAMES:,} games in one file", file=file, mark=building.mark
                )
            try:
                record = _record(building, file, game, folders, load)
            except BoardgenError as error:
                if on_error is None:
                    raise
                on_error(error if error.file else error.located(file))
                continue
            yield record
    if not found:
        raise BoardgenError("no game in this PGN text", file=file)


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
