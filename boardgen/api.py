"""boardgen's public face: games, positions, pictures and records for Python users.

:func:`load` opens a game (checked as ``boardgen validate`` checks it, once per file);
:func:`svg`, :func:`pdf` and :func:`png` draw positions; :func:`read_pdn` and
:func:`parse_pdn` read game records, :func:`write_pdn` writes one. ``boardgen``
re-exports every name here.

The model below knows nothing of pictures: a :class:`boardgen.positions.Position` is a
plain value. This layer joins model and drawing, as python-chess's ``chess.svg`` does:
its :class:`Game`, :class:`Position` and :class:`GameRecord` are the model's, with the
``_repr_svg_`` that shows them in Jupyter, and a record's sheet, animation and
diagrams.
"""

from __future__ import annotations

__all__ = [
    "BoardgenError",
    "Game",
    "GameRecord",
    "Move",
    "Position",
    "load",
    "parse_pdn",
    "pdf",
    "png",
    "read_pdn",
    "svg",
    "write_pdn",
]

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import pdn, positions
from .draw import pdf, png, svg
from .errors import BoardgenError
from .games import open_game
from .pdn import write_pdn
from .positions import Move


class Position(positions.Position):
    """A position (see :class:`boardgen.positions.Position`) that draws itself in notebooks."""

    def _repr_svg_(self) -> str:
        return svg(self)


class Game(positions.Game):
    """A game (see :class:`boardgen.positions.Game`) whose positions draw themselves."""

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
    # Lazy for start-up speed: the checks load the rule-sheet composer and the page
    # planner, which `import boardgen` (so every command-line run) need not pay for.
    from .validate import ensure_printable

    return open_game(ref, folders=folders, kind=Game, check=ensure_printable)


@dataclasses.dataclass(frozen=True)
class GameRecord(pdn.GameRecord):
    """A game record (see :class:`boardgen.pdn.GameRecord`) with its pictures and sheet."""

    @classmethod
    def of(cls, record: pdn.GameRecord) -> GameRecord:
        """``record``, the same values, with the methods below."""
        return cls(**{f.name: getattr(record, f.name) for f in dataclasses.fields(record)})

    def sheet(self, *, lang: str = "en", paper: str = "a4", every: int = 10) -> bytes:
        """The game sheet as PDF bytes: tags, the moves with their comments, and a
        diagram every ``every`` moves and after each comment, in ``lang``."""
        # Lazy for start-up speed: the sheets load reportlab's layout engine.
        from .paper import paper_named
        from .sheets.gamesheet import render_game_sheet

        return render_game_sheet(self, lang=lang, paper=paper_named(paper), every=every)

    def animation(self, *, width: int = 360) -> bytes:
        """The game as an animated GIF, ``width`` pixels wide: one frame per position."""
        # Lazy for start-up speed: animations load Pillow and the PNG backend.
        from .animation import render_gif

        return render_gif(self.positions(), [p.move for p in self.plies], width=width)

    def diagrams(self) -> list[str]:
        """One SVG per position, the start first, each with the last move's cells tinted."""
        return [
            svg(position, lastmove=self.plies[i - 1].move if i else None)
            for i, position in enumerate(self.positions())
        ]

    def _repr_svg_(self) -> str:
        last = self.plies[-1].move if self.plies else None
        return svg(self.positions()[-1], lastmove=last)


def parse_pdn(
    text: str, *, file: str = "<pdn>", game: Game | str | None = None, folders: Sequence[str | Path] = ()
) -> list[GameRecord]:
    """The games of PDN ``text`` (see :func:`boardgen.pdn.parse_pdn`), each game opened
    with :func:`load`."""
    records = pdn.parse_pdn(text, file=file, game=game, folders=folders, load=load)
    return [GameRecord.of(record) for record in records]


def read_pdn(
    path: str | Path, *, game: Game | str | None = None, folders: Sequence[str | Path] = ()
) -> list[GameRecord]:
    """The games of the PDN file at ``path`` (UTF-8, or Latin-1 as older files are),
    each game opened with :func:`load`.

    >>> import boardgen
    >>> record = boardgen.read_pdn("examples/tinsley-chinook-1992-game32.pdn")[0]
    >>> record.tags["White"], len(record.plies), record.result
    ('Tinsley, Marion', 71, '1/2-1/2')
    """
    records = pdn.read_pdn(path, game=game, folders=folders, load=load)
    return [GameRecord.of(record) for record in records]
