"""boardgen's public face: games, positions, pictures and records for Python users.

:func:`load` opens a game (checked as ``boardgen validate`` checks it, once per file);
:func:`svg`, :func:`pdf` and :func:`png` draw positions; :func:`read_records` (a path,
a record's text or a file object) and :func:`iter_records` (the same, one game at a
time) read game records in every format boardgen knows (PDN, PGN for chess, SGF for Go
and Hex, Little Golem's Havannah); :func:`read_pdn`, :func:`iter_pdn` and
:func:`parse_pdn` read PDN only, :func:`write_pdn`, :func:`write_pgn` and
:func:`write_sgf` write a record back. ``boardgen``
re-exports every name here.

The model below knows nothing of pictures: a :class:`boardgen.model.positions.Position` is a
plain value. This layer joins model and drawing, as python-chess's ``chess.svg`` does:
its :class:`Game`, :class:`Position` and :class:`GameRecord` are the model's, with the
``_repr_svg_`` that shows them in Jupyter, and a record's sheet, animation and
diagrams.

The records' names (:class:`GameRecord`, :class:`Variation`, :func:`write_pdn`) are
looked up when first used (PEP 562), and the reading functions import the readers
when they run: a process that only draws positions imports none of them.
"""

from __future__ import annotations

__all__ = [
    "BoardgenError",
    "Game",
    "GameRecord",
    "Move",
    "Position",
    "Variation",
    "iter_pdn",
    "iter_records",
    "load",
    "parse_pdn",
    "pdf",
    "png",
    "read_pdn",
    "read_records",
    "svg",
    "write_pdn",
    "write_pgn",
    "write_sgf",
]

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..draw.diagrams import pdf, png, svg
from ..errors import BoardgenError
from ..model import positions
from ..model.games import open_game
from ..model.positions import Move

if TYPE_CHECKING:
    from ..records.pdn import Variation, write_pdn
    from ..records.pdn.reader import PdnSource
    from ..records.record import GameRecord as PlainRecord
    from ..records.source import RecordSource
    from .gamerecord import GameRecord


class Position(positions.Position):
    """A position (see :class:`boardgen.model.positions.Position`) that draws itself in notebooks."""

    def _repr_svg_(self) -> str:
        return svg(self)


class Game(positions.Game):
    """A game (see :class:`boardgen.model.positions.Game`) whose positions draw themselves."""

    def position_of(self, state: Any) -> Position:
        return Position(self, state)

    def _repr_svg_(self) -> str:
        return svg(self.start)


def load(ref: str | Path, *, folders: Sequence[str | Path] = ()) -> Game:
    """The game ``ref`` names: a variant id or a descriptor file.

    Ids are looked up in ``folders`` (in order), then in the folders of the
    ``BOARDGEN_VARIANTS`` environment variable, then among the shipped games. The
    descriptor is read, checked (as ``boardgen validate`` does) and its rules engine
    built once; loading the same unchanged file again returns the same game.

    >>> import boardgen
    >>> boardgen.load("pool-checkers").title
    'Pool Checkers'
    >>> boardgen.load("pool-chekers")
    Traceback (most recent call last):
    ...
    boardgen.errors.BoardgenError: no variant 'pool-chekers'; did you mean pool-checkers?
    """
    return open_game(ref, folders=folders, kind=Game, check=_ensure_printable)


def _ensure_printable(variant: Any) -> None:
    """``boardgen validate``'s checks, imported only when a game is checked: a shipped
    game read compiled, or one already open, is not."""
    # Lazy for start-up speed: the checks load the rule-sheet composer, the page planner
    # and PyYAML, which `import boardgen` (so every command-line run) need not pay for.
    from ..outputs.validate import ensure_printable

    ensure_printable(variant)


def parse_pdn(
    text: str, *, file: str = "<pdn>", game: Game | str | None = None, folders: Sequence[str | Path] = ()
) -> list[GameRecord]:
    """The games of PDN ``text`` (see :func:`boardgen.records.pdn.parse_pdn`), each game opened
    with :func:`load`."""
    # Lazy for start-up speed: the PDN reader is imported when a record is read.
    from ..records import pdn
    from .gamerecord import GameRecord

    records = pdn.parse_pdn(text, file=file, game=game, folders=folders, load=load)
    return [GameRecord.of(record) for record in records]


def iter_pdn(
    source: PdnSource,
    *,
    game: Game | str | None = None,
    folders: Sequence[str | Path] = (),
    file: str | None = None,
    skip_bad: bool = False,
    on_error: Callable[[BoardgenError], None] | None = None,
) -> Iterator[GameRecord]:
    """The games of ``source`` one at a time (see :func:`read_pdn`), as ``chess.pgn``
    reads a file: a long collection's first games come at once."""
    # Lazy for start-up speed: the PDN reader is imported when a record is read.
    from ..records import pdn
    from .gamerecord import GameRecord

    games = pdn.iter_pdn(
        source, game=game, folders=folders, file=file, skip_bad=skip_bad, on_error=on_error, load=load
    )
    return (GameRecord.of(record) for record in games)


def read_pdn(
    source: PdnSource,
    *,
    game: Game | str | None = None,
    folders: Sequence[str | Path] = (),
    file: str | None = None,
    skip_bad: bool = False,
    on_error: Callable[[BoardgenError], None] | None = None,
) -> list[GameRecord]:
    """The games of ``source``: a path (UTF-8, or Latin-1 as older files are), PDN text,
    or a file object open for reading (text or bytes); each game opened with :func:`load`.

    ``game`` overrides the GameType tag (a :class:`Game`, a variant id or a descriptor
    path; ids are looked up in ``folders`` first); ``file`` names the source in errors.
    A bad game raises :class:`BoardgenError` naming the file and line; with
    ``skip_bad=True`` it is skipped instead, and ``on_error`` (if given) receives its
    error, one per bad game.

    >>> import boardgen
    >>> record = boardgen.read_pdn("examples/tinsley-chinook-1992-game32.pdn")[0]
    >>> record.tags["White"], len(record.plies), record.result
    ('Tinsley, Marion', 71, '1/2-1/2')
    """
    return list(iter_pdn(source, game=game, folders=folders, file=file, skip_bad=skip_bad, on_error=on_error))


def iter_records(
    source: RecordSource,
    *,
    game: Game | str | None = None,
    folders: Sequence[str | Path] = (),
    file: str | None = None,
    skip_bad: bool = False,
    on_error: Callable[[BoardgenError], None] | None = None,
) -> Iterator[GameRecord]:
    """The games of ``source`` one at a time, whatever its format (see :func:`read_records`)."""
    # Lazy for start-up speed: the SGF readers load the Go and connection rule families,
    # which `import boardgen` (so every command-line run) need not pay for.
    from ..records.formats import iter_records as iter_any
    from .gamerecord import GameRecord

    games = iter_any(
        source, game=game, folders=folders, file=file, skip_bad=skip_bad, on_error=on_error, load=load
    )
    return (GameRecord.of(record) for record in games)


def read_records(
    source: RecordSource,
    *,
    game: Game | str | None = None,
    folders: Sequence[str | Path] = (),
    file: str | None = None,
    skip_bad: bool = False,
    on_error: Callable[[BoardgenError], None] | None = None,
) -> list[GameRecord]:
    """The games of ``source`` (a path, a record's text, or a file object open for
    reading), in whichever format it is written: PDN (draughts), PGN (chess), SGF (Go,
    ``GM[1]``; Hex as HexGui writes it, ``GM[11]``) or Little Golem's Havannah export
    (``.hgf``). The format is told by the content, the file name a hint
    (:mod:`boardgen.records.detect`).

    Each record's plies, tags, result and ``positions()`` are those of every format; an
    SGF record plays on the shipped board of its game and size (``go-9``, ``go-13``,
    ``go-19``, ``hex-11``, ``hex-14``, ``havannah-8``) unless ``game`` names another of
    that size; a PGN record plays ``chess`` or, by its ``[Variant]`` tag, ``chess960``.
    Options as for :func:`read_pdn`: a bad game raises :class:`BoardgenError` naming the
    file, line and column, or with ``skip_bad=True`` is skipped (``on_error`` receives
    its error).

    >>> import boardgen
    >>> record = boardgen.read_records("examples/games/go-ray-natsukaze-2019-uec.sgf")[0]
    >>> record.game.id, record.tags["Black"], len(record.plies), record.result
    ('go-19', 'Ray', 377, 'W+3.5')
    >>> record.plies[0].written, record.position(377).score()
    ('d17', {'black': 49.0, 'white': 52.5})
    """
    return list(
        iter_records(source, game=game, folders=folders, file=file, skip_bad=skip_bad, on_error=on_error)
    )


def write_pgn(record: PlainRecord) -> str:
    """The chess ``record`` written back as PGN text, its moves in SAN (see
    :mod:`boardgen.records.pgn.writer`): reading it gives the same game."""
    # Lazy for start-up speed: only a chess record written back needs the PGN writer.
    from ..records.pgn.writer import write_pgn as write

    if record.game.variant.rules.family != "chess":
        raise BoardgenError(f"write_pgn() writes games of chess; {record.game.id} is not one")
    return write(record)


def write_sgf(record: PlainRecord) -> str:
    """The Go ``record`` written back as SGF text (see :mod:`boardgen.records.sgf.writer`):
    reading it gives the same game. Hex and Havannah records are read only."""
    # Lazy for start-up speed: only a Go record written back needs the SGF writer.
    from ..records.sgf.writer import write_sgf as write

    return write(record)


def __getattr__(name: str) -> Any:
    """The records' names, imported on first use (see the module's text)."""
    if name == "GameRecord":
        # Lazy for start-up speed: the PDN reader is imported when a record is first named.
        from .gamerecord import GameRecord

        return GameRecord
    if name in ("Variation", "write_pdn"):
        # Lazy for start-up speed (as above).
        from ..records import pdn

        return getattr(pdn, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
