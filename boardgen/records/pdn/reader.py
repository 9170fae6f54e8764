"""Reading PDN game records: every move, variations included, resolved by the rules engine.

A file holds one or more games; each is its tags, then its moves with their numbers,
comments ``{...}`` (and ``;`` to the end of a line), variations ``(...)`` (each played
from the position before the move it stands for: their positions are there to draw),
NAGs (``$3``, ``!``, ``?!``) and a result. ``[FEN]`` sets up the starting position;
``[GameType]`` chooses the game and how its squares are written (``11-15``, or
``c3-d4`` in Russian records: :mod:`boardgen.records.pdn.squares`). A move may be written with
every square of a multiple jump (``7x16x23``), only its first and last (``7x23``) when
that picks out one legal move, or with PDN 3.0's intermediate squares of a king's
capture (:mod:`boardgen.records.paths`). Move numbers are checked. An illegal or ambiguous
move is refused as ``FILE:LINE:COL: move 17 (8-13): why``.

Like ``chess.pgn``, a collection is read game by game (:func:`iter_pdn`); with
``skip_bad=True`` a bad game is reported (one located line to ``on_error``) and the
reading goes on with the next.

>>> from boardgen.records.pdn import read_pdn
>>> record, = read_pdn('[Black "Ann"][White "Bob"] 1. 11-15 {a classic} 23-19 2. 8-11 $1 22-17 *')
>>> [str(p.move) for p in record.plies], record.plies[0].comment, record.plies[2].nags
(['11-15', '23-19', '8-11', '22-17'], 'a classic', ('$1',))
>>> record
<GameRecord american-checkers: Ann - Bob, 4 plies, *>
>>> read_pdn("1. 11-15 23-19 2. 8-13", file="g.pdn")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
boardgen.errors.BoardgenError: g.pdn:1:19: move 2 (8-13): move '8-13' is not legal here; legal moves: ...
"""

from __future__ import annotations

__all__ = ["GameLoader", "GameRecord", "PdnSource", "Ply", "Variation", "iter_pdn", "parse_pdn", "read_pdn"]

import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from ...descriptor.library import Library
from ...errors import BoardgenError, shown
from ...foundation.values import frozen
from ...model.games import open_game
from ...model.positions import Game, Move, Position
from ..paths import normalized, through
from ..record import GameLoader, GameRecord, Ply, Variation
from ..source import RecordSource, record_text
from .collection import Building, read_games
from .gametypes import GAME_TYPES, variant_for
from .grammar import Line, parse_line
from .squares import Squares, game_type
from .tokens import MAX_PLIES, move_number, tokenize

#: What :func:`read_pdn` reads: a path, PDN text, or a file object open for reading.
PdnSource = RecordSource

#: Deepest nesting of variations read (a variation inside a variation ...).
MAX_DEPTH = 50


# -- playing a game -------------------------------------------------------------------------


def _load(
    building: Building,
    file: str,
    override: Game | str | None,
    folders: Sequence[str | Path],
    load: GameLoader,
) -> Game:
    if isinstance(override, Game):
        return override
    try:
        ids = Library([Path(f) for f in folders]).ids()
        ref = override or variant_for(building.tags.get("GameType"), ids)
        return load(ref, folders=folders)
    except BoardgenError as error:
        if error.file is not None:
            raise
        mark = building.tag_marks.get("GameType", building.mark)
        raise BoardgenError(error.message, file=file, mark=mark) from None


def _squares(building: Building, file: str, game: Game) -> Squares | None:
    """The record's square notation: its GameType tag in full, else the standard's
    for the game played; None (the engine's own names) for a game PDN does not number."""
    value = building.tags.get("GameType", "")
    if "," not in value:
        value = next((str(n) for n, (vid, _) in GAME_TYPES.items() if vid == game.id), "")
    try:
        tag = game_type(value) if value else None
        return None if tag is None else Squares.of(tag, game)
    except BoardgenError as error:
        mark = building.tag_marks.get("GameType", building.mark)
        raise BoardgenError(error.message, file=file, mark=mark) from None


def _resolve(position: Position, written: str, squares: Squares | None) -> Move:
    """The legal move ``written`` denotes, in the record's notation."""
    text = normalized(written)
    try:
        return squares.resolve(position, text) if squares else position.move(text)
    except BoardgenError:
        cells = _cells(position, text, squares)
        found = through(position, cells) if cells else []
        if found and len({position.play(m) for m in found}) == 1:
            return found[0]
        raise


def _cells(position: Position, text: str, squares: Squares | None) -> tuple[str, ...]:
    """The cells a written move names, or () when one is not a square."""
    parts = [p for p in re.split(r"\s*[-xX:]\s*", text.strip()) if p]
    grid = position.game.variant.grid
    numbers = {str(n): c for c, n in (position.game.variant.board.pdn or {}).items()}
    try:
        if squares is not None:
            return tuple(squares.cell(p) for p in parts)
        return tuple(grid.name(numbers[p]) if p in numbers else grid.name(grid.parse(p)) for p in parts)
    except (BoardgenError, KeyError):
        return ()


@frozen
class _Player:
    """What playing a line needs besides the line: the game's notation and file name."""

    file: str
    squares: Squares | None
    first: str  # the id of the player whose move starts each numbered pair

    def number_of(self, count: int, position: Position) -> int:
        """The move number of the next ply after one numbered ``count`` from ``position``."""
        return count + 1 if position.turn == self.first else count

    def play(self, line: Line, start: Position, number: int, depth: int = 0) -> tuple[tuple[Ply, ...], int]:
        """The plies of ``line`` from ``start``, whose first move is numbered ``number``
        (0: the line's first written number decides). Returns them and the number the
        line's next move would have."""
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
            written = step.token.text
            bare = written.rstrip("!?*")
            if step.number is not None:
                said = move_number(step.number, self.file)
                if number and said != number:
                    raise BoardgenError(
                        f"move number {said}: this is move {number}", file=self.file, mark=step.number.mark
                    )
                number = said
            count = number or 1
            try:
                move = _resolve(position, bare, self.squares)
            except BoardgenError as error:
                quoted = shown(bare)[1:-1] if len(bare) <= 60 else shown(bare)
                raise BoardgenError(
                    f"move {count} ({quoted}): {error.message}",
                    file=self.file,
                    mark=step.token.mark,
                ) from None
            after = position.play(move)
            lines = tuple(self.variation(v, position, count, depth) for v in step.variations)
            strength = written[len(bare) :]
            plies.append(
                Ply(
                    len(plies) + 1,
                    count,
                    bare,
                    move,
                    position,
                    after,
                    step.comment,
                    ((strength,) if strength else ()) + step.nags,
                    tuple(v.text() for v in step.variations),
                    step.token.mark,
                    lines,
                )
            )
            position = after
            number = self.number_of(count, position)
        if line.trailing is not None and number:
            said = move_number(line.trailing, self.file)
            if said != number:
                raise BoardgenError(
                    f"move number {said}: this is move {number}", file=self.file, mark=line.trailing.mark
                )
        return tuple(plies), number

    def variation(self, line: Line, start: Position, number: int, depth: int) -> Variation:
        plies, _ = self.play(line, start, number, depth + 1)
        return Variation(plies, line.comment)


def _record(
    building: Building,
    file: str,
    override: Game | str | None,
    folders: Sequence[str | Path],
    load: GameLoader,
) -> GameRecord:
    game = _load(building, file, override, folders, load)
    squares = _squares(building, file, game)
    start = game.start
    if "FEN" in building.tags:
        try:
            fen = building.tags["FEN"]
            start = game.position(squares.position(fen) if squares else fen)
        except BoardgenError as error:
            mark = building.tag_marks.get("FEN", building.mark)
            raise BoardgenError(f"FEN: {error.message}", file=file, mark=mark) from None
    line = parse_line(building.items, file)
    player = _Player(file, squares, game.start.turn)
    plies, _ = player.play(line, start, 0)
    first_number = plies[0].number if plies else 1
    intro = tuple(player.variation(v, start, first_number, 0) for v in line.variations)
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
    )


# -- reading --------------------------------------------------------------------------------


def iter_pdn(
    source: PdnSource,
    *,
    game: Game | str | None = None,
    folders: Sequence[str | Path] = (),
    file: str | None = None,
    skip_bad: bool = False,
    on_error: Callable[[BoardgenError], None] | None = None,
    load: GameLoader = open_game,
) -> Iterator[GameRecord]:
    """The games of ``source`` one at a time, as ``chess.pgn.read_game`` reads a file:
    a long collection's first games come at once. Options as for :func:`read_pdn`."""
    text, name = record_text(source, file)
    report = on_error if on_error is not None else (lambda error: None) if skip_bad else None
    return _games(text, name, game, folders, report, load)


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
        text, file, tokenize, lambda building: _record(building, file, game, folders, load), on_error, "PDN"
    )


def read_pdn(
    source: PdnSource,
    *,
    game: Game | str | None = None,
    folders: Sequence[str | Path] = (),
    file: str | None = None,
    skip_bad: bool = False,
    on_error: Callable[[BoardgenError], None] | None = None,
    load: GameLoader = open_game,
) -> list[GameRecord]:
    """The games of ``source``: a path (UTF-8, or Latin-1 as older files are), PDN text,
    or a file object open for reading (text or bytes).

    ``game`` overrides the GameType tag (a :class:`Game`, a variant id or a descriptor
    path; ids are looked up in ``folders`` first, as :func:`boardgen.load` does); ``file``
    names the source in errors. A bad game raises :class:`BoardgenError` naming the file
    and line; with ``skip_bad=True`` it is skipped instead, and ``on_error`` (if given)
    receives its error, one per bad game. ``load`` opens each record's game.

    >>> import boardgen
    >>> record = boardgen.read_pdn("examples/tinsley-chinook-1992-game32.pdn")[0]
    >>> record.tags["White"], len(record.plies), record.result
    ('Tinsley, Marion', 71, '1/2-1/2')
    """
    games = iter_pdn(
        source, game=game, folders=folders, file=file, skip_bad=skip_bad, on_error=on_error, load=load
    )
    return list(games)


def parse_pdn(
    text: str,
    *,
    file: str = "<pdn>",
    game: Game | str | None = None,
    folders: Sequence[str | Path] = (),
    load: GameLoader = open_game,
) -> list[GameRecord]:
    """The games of PDN ``text`` (always text, never a path): :func:`read_pdn` for text."""
    if not isinstance(text, str):
        raise TypeError(f"parse_pdn takes PDN text, not {type(text).__name__}")
    return list(_games(text, file, game, folders, None, load))
