"""Reading PDN game records: every move resolved by the rules engine.

A file holds one or more games; each is its tags, then its moves with their numbers,
comments ``{...}`` (and ``;`` to the end of a line), variations ``(...)`` (kept as
text, not played), NAGs (``$3``, ``!``, ``?!``) and a result. ``[FEN]`` sets up the
starting position; ``[GameType]`` chooses the game and how its squares are written
(``11-15``, or ``c3-d4`` in Russian records: :mod:`boardgen.pdn.squares`). A move may
be written with every square of a multiple jump (``7x16x23``) or only its first and
last (``7x23``) when that picks out one legal move. An illegal or ambiguous move is refused as
``FILE:LINE:COL: move 17 (8-13): why``.

>>> from boardgen.pdn import parse_pdn
>>> record, = parse_pdn('[Black "Ann"][White "Bob"] 1. 11-15 {a classic} 23-19 2. 8-11 $1 22-17 *')
>>> [str(p.move) for p in record.plies], record.plies[0].comment, record.plies[2].nags
(['11-15', '23-19', '8-11', '22-17'], 'a classic', ('$1',))
>>> parse_pdn("1. 11-15 23-19 2. 8-13", file="g.pdn")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
boardgen.errors.BoardgenError: g.pdn:1:19: move 2 (8-13): move '8-13' is not legal here; legal moves: ...
"""

from __future__ import annotations

__all__ = ["GameLoader", "GameRecord", "Ply", "iter_pdn", "parse_pdn", "read_pdn"]

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

from ..descriptor.library import Library
from ..errors import BoardgenError, Mark, shown
from ..games import open_game
from ..inputfile import read_text
from ..positions import Game, Move, Position
from .gametypes import GAME_TYPES, variant_for
from .squares import Squares, game_type
from .tokens import MAX_GAMES, MAX_PDN_BYTES, MAX_PLIES, MAX_VARIATIONS, Token, move_number, tokenize


class GameLoader(Protocol):
    """How a record's game is opened from its id or file: :func:`boardgen.games.open_game`
    by default; :func:`boardgen.read_pdn` passes :func:`boardgen.load`, so a record read
    through the API is a checked game whose positions draw themselves."""

    def __call__(self, ref: str | Path, *, folders: Sequence[str | Path] = ...) -> Game: ...


@dataclass(frozen=True)
class Ply:
    """One move of a game record, resolved: ``written`` as in the file, ``move`` the
    engine's legal move, ``number`` the move number (one per pair of plies)."""

    index: int
    number: int
    written: str
    move: Move
    before: Position
    after: Position
    comment: str = ""
    nags: tuple[str, ...] = ()
    variations: tuple[str, ...] = ()
    mark: Mark | None = None


@dataclass(frozen=True)
class GameRecord:
    """One game of a PDN file: its tags, its start, its plies and its result.

    A record is a value: the API's :class:`boardgen.GameRecord` adds its game sheet,
    animation and diagrams."""

    tags: Mapping[str, str]
    game: Game
    start: Position
    plies: tuple[Ply, ...]
    result: str = "*"
    #: Comments and variations before the first move.
    comment: str = ""
    variations: tuple[str, ...] = ()
    file: str = "<pdn>"
    mark: Mark | None = field(default=None, compare=False)

    def positions(self) -> list[Position]:
        """The start, then the position after each ply."""
        return [self.start, *(p.after for p in self.plies)]

    def position(self, ply: int) -> Position:
        """The position after ``ply`` plies (0: the start)."""
        if not 0 <= ply <= len(self.plies):
            raise BoardgenError(
                f"ply {ply} is out of range: this game has {len(self.plies)} plies (0 to {len(self.plies)})"
            )
        return self.start if ply == 0 else self.plies[ply - 1].after

    def player(self, player: str) -> str:
        """The name the tags give the player with id ``player`` (``White``/``Black``
        tags match the players' English names), else that name."""
        name = self.game.player_name(player)
        return self.tags.get(name, name)


@dataclass
class _Building:
    """A game being read: tags first, then moves."""

    tags: dict[str, str] = field(default_factory=dict)
    items: list[Token] = field(default_factory=list)
    result: str | None = None
    mark: Mark | None = None


def _split(tokens: list[Token], file: str) -> list[_Building]:
    """Tokens grouped by game: a tag after moves, or anything after a result, starts
    the next game."""
    games: list[_Building] = []
    current = _Building()
    for token in tokens:
        started = bool(current.items) or current.result is not None
        if (token.kind == "tag" and started) or (current.result is not None and token.kind != "comment"):
            games.append(current)
            current = _Building()
            if len(games) >= MAX_GAMES:
                raise BoardgenError(f"more than {MAX_GAMES:,} games in one file", file=file, mark=token.mark)
        if current.mark is None:
            current.mark = token.mark
        if token.kind == "tag":
            current.tags[token.name] = token.text
        elif token.kind == "result":
            current.result = token.text
        else:
            current.items.append(token)
    if current.tags or current.items or current.result is not None:
        games.append(current)
    return games


def _load(
    building: _Building,
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
        raise BoardgenError(error.message, file=file, mark=building.mark) from None


def _squares(building: _Building, file: str, game: Game) -> Squares | None:
    """The record's square notation: its GameType tag in full, else the standard's
    for the game played; None (the engine's own names) for a game PDN does not number."""
    value = building.tags.get("GameType", "")
    if "," not in value:
        value = next((str(n) for n, (vid, _) in GAME_TYPES.items() if vid == game.id), "")
    try:
        tag = game_type(value) if value else None
        return None if tag is None else Squares.of(tag, game)
    except BoardgenError as error:
        raise BoardgenError(error.message, file=file, mark=building.mark) from None


def _record(building: _Building, file: str, game: Game) -> GameRecord:
    squares = _squares(building, file, game)
    start = game.start
    if "FEN" in building.tags:
        try:
            fen = building.tags["FEN"]
            start = game.position(squares.position(fen) if squares else fen)
        except BoardgenError as error:
            raise BoardgenError(f"FEN: {error.message}", file=file, mark=building.mark) from None
    plies: list[Ply] = []
    intro: list[str] = []
    intro_variations: list[str] = []
    position = start
    number: int | None = None
    variations = 0
    for token in building.items:
        if token.kind == "number":
            number = move_number(token, file)
            continue
        if token.kind == "move":
            if len(plies) >= MAX_PLIES:
                raise BoardgenError(f"more than {MAX_PLIES:,} plies in one game", file=file, mark=token.mark)
            written = token.text
            bare = written.rstrip("!?*")
            count = number if number is not None else len(plies) // 2 + 1
            try:
                move = squares.resolve(position, bare) if squares else position.move(bare)
            except BoardgenError as error:
                raise BoardgenError(
                    f"move {count} ({bare if len(bare) <= 60 else shown(bare)}): {error.message}",
                    file=file,
                    mark=token.mark,
                ) from None
            after = position.play(move)
            strength = written[len(bare) :]
            plies.append(
                Ply(
                    len(plies) + 1,
                    count,
                    bare,
                    move,
                    position,
                    after,
                    "",
                    (strength,) if strength else (),
                    (),
                    token.mark,
                )
            )
            position = after
            continue
        if not plies:
            if token.kind == "comment":
                intro.append(token.text)
            elif token.kind == "variation":
                intro_variations.append(token.text)
            else:
                raise BoardgenError(f"NAG {token.text} before any move", file=file, mark=token.mark)
            continue
        last = plies[-1]
        if token.kind == "comment":
            text = f"{last.comment} {token.text}".strip()
            plies[-1] = _with(last, comment=text)
        elif token.kind == "nag":
            plies[-1] = _with(last, nags=(*last.nags, token.text))
        elif token.kind == "variation":
            variations += 1
            if variations > MAX_VARIATIONS:
                raise BoardgenError(
                    f"more than {MAX_VARIATIONS:,} variations in one game", file=file, mark=token.mark
                )
            plies[-1] = _with(last, variations=(*last.variations, token.text))
    result = building.result or building.tags.get("Result", "*")
    return GameRecord(
        dict(building.tags),
        game,
        start,
        tuple(plies),
        result,
        " ".join(intro),
        tuple(intro_variations),
        file,
        building.mark,
    )


def _with(ply: Ply, **changes: object) -> Ply:
    return replace(ply, **changes)  # type: ignore[arg-type]


def parse_pdn(
    text: str,
    *,
    file: str = "<pdn>",
    game: Game | str | None = None,
    folders: Sequence[str | Path] = (),
    load: GameLoader = open_game,
) -> list[GameRecord]:
    """The games of PDN ``text``; ``game`` overrides the GameType tag (a :class:`Game`,
    a variant id or a descriptor path; ids are looked up in ``folders`` first, as
    :func:`boardgen.load` does), ``load`` opens it. Errors carry ``file`` and the line."""
    return list(_records(text, file, game, folders, load))


def _records(
    text: str, file: str, game: Game | str | None, folders: Sequence[str | Path], load: GameLoader
) -> Iterator[GameRecord]:
    """The games of ``text`` one by one, each played only when it is asked for."""
    buildings = _split(tokenize(text, file), file)
    if not buildings:
        raise BoardgenError("no game in this PDN text", file=file)
    for building in buildings:
        yield _record(building, file, _load(building, file, game, folders, load))


def iter_pdn(
    path: str | Path,
    *,
    game: Game | str | None = None,
    folders: Sequence[str | Path] = (),
    load: GameLoader = open_game,
) -> Iterator[GameRecord]:
    """The games of the PDN file at ``path`` as :func:`read_pdn` reads them, one at a
    time: ``boardgen game`` lists a collection as it goes and stops at ``--number``."""
    name = str(path)
    text = read_text(path, limit=MAX_PDN_BYTES, display=name, latin1=True)
    return _records(text, name, game, folders, load)


def read_pdn(
    path: str | Path,
    *,
    game: Game | str | None = None,
    folders: Sequence[str | Path] = (),
    load: GameLoader = open_game,
) -> list[GameRecord]:
    """The games of the PDN file at ``path`` (UTF-8, or Latin-1 as older files are): a
    regular file of at most :data:`MAX_PDN_BYTES` (see :mod:`boardgen.inputfile`).

    >>> import boardgen
    >>> record = boardgen.read_pdn("examples/tinsley-chinook-1992-game32.pdn")[0]
    >>> record.tags["White"], len(record.plies), record.result
    ('Tinsley, Marion', 71, '1/2-1/2')
    """
    name = str(path)
    text = read_text(path, limit=MAX_PDN_BYTES, display=name, latin1=True)
    return parse_pdn(text, file=name, game=game, folders=folders, load=load)
