"""The public :class:`GameRecord`: a game record (see :class:`boardgen.records.pdn.GameRecord`)
with its pictures, animation and sheet.

Apart from :mod:`boardgen.api` so that drawing a position does not import the PDN
reader: :mod:`boardgen.api` imports this module when a record is first read (or its
class first named), and re-exports :class:`GameRecord`.
"""

from __future__ import annotations

__all__ = ["GameRecord"]

import dataclasses

from ..draw.diagrams import svg
from ..errors import BoardgenError
from ..records import pdn


@dataclasses.dataclass(frozen=True, repr=False)  # the record's own short repr
class GameRecord(pdn.GameRecord):
    """A game record (see :class:`boardgen.records.pdn.GameRecord`) with its pictures and sheet."""

    @classmethod
    def of(cls, record: pdn.GameRecord) -> GameRecord:
        """``record``, the same values, with the methods below."""
        return cls(**{f.name: getattr(record, f.name) for f in dataclasses.fields(record)})

    def sheet(self, *, lang: str = "en", paper: str = "a4", every: int | None = None) -> bytes:
        """The game sheet as PDF bytes: tags, the moves with their comments, and a
        diagram every ``every`` moves (1 to 100) and after each comment, in ``lang``.
        By default a diagram every 10 moves, or every 50 in a record that numbers each
        ply (SGF's Go, Hex and Havannah), whose diagrams number the stones of their
        moves, as Go books print a game."""
        if every is None:
            every = 10 if self.numbered_in_pairs else 50
        if isinstance(every, bool) or not isinstance(every, int):
            raise TypeError(f"every must be an int, not {type(every).__name__}")
        if not 1 <= every <= 100:
            raise BoardgenError(f"every: write a number of moves from 1 to 100, not {every}")
        # Lazy for start-up speed: the sheets load reportlab's layout engine.
        from ..foundation.paper import paper_named
        from ..sheets.gamesheet import render_game_sheet

        return render_game_sheet(self, lang=lang, paper=paper_named(paper), every=every)

    def animation(self, *, width: int = 360) -> bytes:
        """The game as an animated GIF, ``width`` pixels wide (100 to 2000): one frame per position."""
        if isinstance(width, bool) or not isinstance(width, int):
            raise TypeError(f"width must be an int, not {type(width).__name__}")
        if not 100 <= width <= 2000:
            raise BoardgenError(f"width: write a width in pixels from 100 to 2000, not {width}")
        # Lazy for start-up speed: animations load Pillow and the PNG backend.
        from ..draw.animation import render_gif

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
