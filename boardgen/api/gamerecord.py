"""The public :class:`GameRecord`: a game record (see :class:`boardgen.records.pdn.GameRecord`)
with its pictures, animation and sheet.

Apart from :mod:`boardgen.api` so that drawing a position does not import the PDN
reader: :mod:`boardgen.api` imports this module when a record is first read (or its
class first named), and re-exports :class:`GameRecord`.
"""

from __future__ import annotations

__all__ = ["GameRecord"]

import dataclasses
from typing import Any

from ..draw.diagrams import ColoursSpec, svg
from ..draw.options import size_px
from ..errors import BoardgenError
from ..records import pdn
from ..render.describe import diagram_words


@dataclasses.dataclass(frozen=True, repr=False)  # the record's own short repr
class GameRecord(pdn.GameRecord):
    """A game record (see :class:`boardgen.records.pdn.GameRecord`) with its pictures and sheet."""

    @classmethod
    def of(cls, record: pdn.GameRecord) -> GameRecord:
        """``record``, the same values, with the methods below."""
        return cls(**{f.name: getattr(record, f.name) for f in dataclasses.fields(record)})

    def sheet(
        self,
        *,
        lang: str = "en",
        paper: str = "a4",
        every: int | None = None,
        flipped: bool = False,
        coordinates: bool = True,
        colours: ColoursSpec | None = None,
    ) -> bytes:
        """The game sheet as PDF bytes: tags, the moves with their comments, and a
        diagram every ``every`` moves (1 to 100) and after each comment, in ``lang``.
        By default a diagram every 10 moves, or every 50 in a record that numbers each
        ply (SGF's Go, Hex and Havannah), whose diagrams number the stones of their
        moves, as Go books print a game. ``flipped``, ``coordinates`` and ``colours``
        are the diagram options of :func:`boardgen.svg`."""
        if every is None:
            every = 10 if self.numbered_in_pairs else 50
        if isinstance(every, bool) or not isinstance(every, int):
            raise TypeError(f"every must be an int, not {type(every).__name__}")
        if not 1 <= every <= 100:
            raise BoardgenError(f"every: write a number of moves from 1 to 100, not {every}")
        # Lazy for start-up speed: the sheets load reportlab's layout engine.
        from ..foundation.paper import paper_named
        from ..sheets.gamesheet import render_game_sheet

        drawing: dict[str, Any] = {"flipped": flipped, "coordinates": coordinates, "colours": colours}
        svg(self.start, **drawing)  # the options checked before the sheet is laid out
        return render_game_sheet(self, lang=lang, paper=paper_named(paper), every=every, drawing=drawing)

    def animation(
        self,
        *,
        size: int | None = None,
        width: int | None = None,
        captions: bool = True,
        **options: Any,
    ) -> bytes:
        """The game as an animated GIF, ``size`` pixels wide (default 360; ``width`` is
        its old name): one frame per position, each captioned with the move that led
        there (``captions=False``: none). ``options`` are the diagram options of
        :func:`boardgen.svg` (``flipped``, ``coordinates``, ``colours``, ``marks``,
        ``labels``, ``window``, ``lang``)."""
        if size is not None and width is not None:
            raise BoardgenError("give size (the width in pixels), not both size and width", key="size")
        chosen = size if size is not None else width if width is not None else 360
        if isinstance(chosen, bool) or not isinstance(chosen, int):
            raise TypeError(f"size must be an int, not {type(chosen).__name__}")
        pixels = size_px(chosen)
        _check_options(options)
        # Lazy for start-up speed: animations load Pillow and the PNG backend.
        from ..draw.animation import render_gif

        captioned = [self.ply_label(i, options.get("lang", "en")) for i in range(len(self.plies) + 1)]
        return render_gif(
            self.positions(),
            [p.move for p in self.plies],
            width=pixels,
            options=options,
            captions=captioned if captions else None,
        )

    def ply_label(self, ply: int, lang: str = "en") -> str:
        """What a frame or a diagram of the position after ``ply`` plies is called:
        ``12... 23-19`` (the move that led there, numbered as the record numbers it), or
        the starting position's name in ``lang``."""
        if ply == 0:
            return diagram_words(lang)("start")
        move = self.plies[ply - 1]
        second = self.numbered_in_pairs and move.before.turn != self.start.turn
        return f"{move.number}.{'..' if second else ''} {move.written}"

    def diagrams(self, *, size: int | None = None, **options: Any) -> list[str]:
        """One SVG per position, the start first, each with the last move's cells tinted;
        ``size`` and ``options`` as for :func:`boardgen.svg`."""
        _check_options(options)
        return [
            svg(position, lastmove=self.plies[i - 1].move if i else None, size=size, **options)
            for i, position in enumerate(self.positions())
        ]

    def _repr_svg_(self) -> str:
        last = self.plies[-1].move if self.plies else None
        return svg(self.positions()[-1], lastmove=last)


#: The diagram options a record's pictures take (the position and its last move are the record's).
RECORD_OPTIONS = (
    "flipped",
    "coordinates",
    "colours",
    "marks",
    "labels",
    "window",
    "lang",
    "cell_size",
    "fill",
    "arrows",
)


def _check_options(options: dict[str, Any]) -> None:
    unknown = [name for name in options if name not in RECORD_OPTIONS]
    if unknown:
        raise TypeError(
            f"unexpected option {unknown[0]!r}: a record's pictures take {', '.join(RECORD_OPTIONS)}"
        )
