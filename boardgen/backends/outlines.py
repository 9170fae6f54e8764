"""Text as glyph outlines, for SVG set in a face the viewer may not have.

An SVG naming a designer's font prints in that font only where it is installed;
everywhere else the viewer substitutes another face, whose other widths push labels
across the board. An SVG carrying the font itself (``@font-face`` with a ``data:``
URI) would need a subsetting step per picture, and rsvg, Inkscape and the laser
cutters' programs ignore it. So text set in such a face (:attr:`boardgen.foundation.fonts.Face.family`
None) is written as the outlines of its glyphs: one ``<path>`` per line of text, placed
and scaled in millimetres, numbers rounded as every other length of the SVG
(deterministic), the text itself kept in ``aria-label`` for screen readers and search.
Glyphs advance by the ``hmtx`` widths, unkerned, as the PDF backend sets them, so the
two backends place every glyph alike.

fontTools reads the outlines; it is imported the first time such a text is drawn, so
pictures in boardgen's own faces never load it.
"""

from __future__ import annotations

__all__ = ["outline_path"]

import functools
from collections.abc import Callable
from typing import Any

from ..foundation.fonts import Face


@functools.cache
def _font(face: Face) -> tuple[Any, dict[int, str], int]:
    """The glyph set, code point to glyph name, and units per em of ``face`` (read once
    per face: a face is its bytes' digest, so a file changed in place is another face)."""
    # Lazy: see the module docstring.
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped,unused-ignore]

    font = TTFont(face.file, lazy=True)
    return font.getGlyphSet(), dict(font.getBestCmap()), int(font["head"].unitsPerEm)


def outline_path(face: Face, text: str, size: float, x: float, y: float, num: Callable[[float], str]) -> str:
    """The ``d`` of a path drawing ``text`` in ``face`` at ``size`` mm, its
    baseline starting at ``(x, y)`` (y down); ``num`` writes a length."""
    # Lazy: see the module docstring.
    from fontTools.pens.svgPathPen import SVGPathPen  # type: ignore[import-untyped,unused-ignore]
    from fontTools.pens.transformPen import TransformPen  # type: ignore[import-untyped,unused-ignore]

    glyphs, cmap, units = _font(face)
    scale = size / units
    pen = SVGPathPen(glyphs, ntos=num)
    advance = 0.0
    for ch in text:
        name = cmap.get(ord(" " if ch == "\u00a0" else ch), ".notdef")
        glyph = glyphs[name]
        glyph.draw(TransformPen(pen, (scale, 0, 0, -scale, x + advance, y)))
        advance += glyph.width * scale
    return str(pen.getCommands())
