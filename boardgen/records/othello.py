"""Othello games as records: transcripts (``f5d6c3d3c4...``) and the game lists kept
from the WTHOR database, played by the reversi family.

Two ways of writing games are read, told apart by their lines:

* **Transcripts**, one game per block of lines (blocks apart by a blank line): the
  moves run together, two characters a move, column then row (``f5``, ``F5``), spaces
  and line breaks allowed; a pass is not written (a player with no move passes, as the
  rules say). A block may start with PDN-style tags (``[Black "Takizawa"]``) and ``%``
  lines are comments (``examples/games/othello-woc-2010.txt``).
* **Game lists**, one game per line, the fields apart by commas, semicolons or tabs,
  one of them the transcript: the form the WTHOR database's games are passed around in
  once read out of its binary files (a game's number, the players, the score, the
  moves). A first line without a transcript is the header: its names become the tags
  of each game (``Black``, ``White``, ``Result`` where the header says so).

Every move is played by the engine of the game (the shipped ``othello`` unless told),
passes put in where the side to move has none; an illegal move is refused at its line
and column. Plies are numbered one by one, as Othello players number the discs.
"""

from __future__ import annotations

__all__ = ["is_othello", "othello_records"]

import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from ..errors import BoardgenError, Mark
from ..model.positions import Game, Position
from .limits import MAX_GAMES, MAX_PLIES
from .record import GameLoader, GameRecord, Ply

_CELLS = re.compile(r"(?:[a-hA-H][1-8]\s*){1,80}")
_FIELD = re.compile(r"(?:[a-hA-H][1-8]){2,80}")
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_SPLIT = re.compile(r"\s*[,;\t]\s*")
#: Header names that are the record's usual tags.
_NAMES = {"black": "Black", "white": "White", "result": "Result", "date": "Date", "event": "Event"}


def _lines(text: str) -> list[tuple[int, str]]:
    """The lines that carry games: numbered from 1, ``%`` comments left out."""
    return [(n, line.rstrip()) for n, line in enumerate(text.splitlines(), 1) if not line.startswith("%")]


def is_othello(text: str) -> bool:
    """Whether ``text`` is written as transcripts or a game list (see the module's text)."""
    rows = [line for _, line in _lines(text) if line.strip() and not _TAG.match(line)]
    if not rows or any(ch in row for row in rows for ch in "{}()"):
        return False
    if all(_CELLS.fullmatch(row.strip()) for row in rows):
        return True
    fielded = [any(_FIELD.fullmatch(field) for field in _SPLIT.split(row.strip())) for row in rows]
    return (len(rows) > 1 and all(fielded[1:])) or (len(rows) == 1 and fielded[0])


def _play(game: Game, moves: Sequence[tuple[str, Mark]], file: str) -> tuple[Ply, ...]:
    """The plies of ``moves`` (cell, where written), passes put in where they fall."""
    plies: list[Ply] = []
    position: Position = game.start
    for number, (cell, mark) in enumerate(moves, 1):
        if len(plies) >= MAX_PLIES:
            raise BoardgenError(f"more than {MAX_PLIES:,} plies in one game", file=file, mark=mark)
        legal = position.legal_moves()
        if [m.text for m in legal] == ["pass"]:
            after = position.play("pass")
            plies.append(Ply(len(plies) + 1, len(plies) + 1, "pass", legal[0], position, after, mark=mark))
            position = after
        try:
            move = position.move(cell.lower())
            after = position.play(move)
        except BoardgenError as error:
            raise BoardgenError(f"move {number} ({cell}): {error.message}", file=file, mark=mark) from None
        plies.append(Ply(len(plies) + 1, len(plies) + 1, move.text, move, position, after, mark=mark))
        position = after
    return tuple(plies)


def _cells(text: str, line: int, column: int) -> list[tuple[str, Mark]]:
    return [(m.group(), Mark(line, column + m.start())) for m in re.finditer(r"[a-hA-H][1-8]", text)]


def _result(tags: dict[str, str], plies: tuple[Ply, ...], game: Game) -> str:
    if tags.get("Result", "").strip():
        return tags["Result"].strip()
    if not plies:
        return "*"
    last = plies[-1].after
    if last.outcome() is None:
        return "*"
    score = last.score() or {}
    first, second = (p.id for p in game.variant.players)
    return f"{score.get(first, 0):g}-{score.get(second, 0):g}"


def othello_records(
    text: str,
    *,
    file: str,
    game: Game | str | None,
    folders: Sequence[str | Path],
    on_error: Callable[[BoardgenError], None] | None,
    load: GameLoader,
) -> Iterator[GameRecord]:
    """The games of ``text`` one at a time; a bad game raises (or goes to ``on_error``)."""
    played = game if isinstance(game, Game) else load(game or "othello", folders=folders)
    if played.variant.rules.family != "reversi":
        raise BoardgenError(
            f"{played.id} is not played by the reversi family: an Othello record needs one", file=file
        )
    rows = [(n, line) for n, line in _lines(text) if line.strip()]
    blocks: list[tuple[dict[str, str], list[tuple[str, Mark]], Mark]] = []
    if all(_CELLS.fullmatch(line.strip()) or _TAG.match(line) for _, line in rows):
        tags: dict[str, str] = {}
        cells: list[tuple[str, Mark]] = []
        start = Mark(1, 1)
        for number, line in [*_lines(text), (0, "")]:
            if not line.strip():
                if cells or tags:
                    blocks.append((tags, cells, start))
                tags, cells = {}, []
                continue
            found = _TAG.match(line)
            if not cells and not tags:
                start = Mark(number, 1)
            if found:
                tags[found.group(1)] = found.group(2)
            else:
                cells += _cells(line, number, 1)
    else:
        header: list[str] = []
        for index, (number, line) in enumerate(rows):
            fields = _SPLIT.split(line.strip())
            at = next((i for i, f in enumerate(fields) if _FIELD.fullmatch(f)), None)
            if at is None:
                if index == 0:
                    header = fields
                    continue
                raise BoardgenError(
                    "no moves on this line (a transcript such as f5d6c3...)", file=file, mark=Mark(number, 1)
                )
            named = {
                (_NAMES.get(h.strip().lower(), h.strip()) or f"Field{i + 1}"): f
                for i, (h, f) in enumerate(zip(header, fields, strict=False))
                if i != at
            }
            column = line.find(fields[at]) + 1
            blocks.append((named, _cells(fields[at], number, column), Mark(number, 1)))
    for count, (tags, cells, start) in enumerate(blocks, 1):
        if count > MAX_GAMES:
            raise BoardgenError(f"more than {MAX_GAMES:,} games in one file", file=file, mark=start)
        try:
            if not cells:
                raise BoardgenError("a game without moves", file=file, mark=start)
            plies = _play(played, cells, file)
        except BoardgenError as error:
            if on_error is None:
                raise
            on_error(error)
            continue
        result = _result(tags, plies, played)
        tags = {**tags, "Result": result}
        yield GameRecord(tags, played, played.start, plies, result, file=file, mark=start, format="othello")
