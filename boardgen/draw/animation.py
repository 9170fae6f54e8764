"""A recorded game as an animated GIF: one frame per position, the start included.

Each frame is the diagram the API draws (the last move's cells tinted, with the drawing
options the caller gives), captioned under the board with the move that led there
(``12... 23-19``), rasterised by the PNG backend (PDFium) and quantised to a shared
palette by Pillow. The last frame stays longer, so a looping animation shows where the
game ended.
"""

from __future__ import annotations

__all__ = ["render_gif"]

import io
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from PIL import GifImagePlugin, Image, ImageChops

from ..backends.png import render_png
from ..model.positions import Move, Position
from ..scene.shapes import Scene, Text
from .diagrams import scene

#: How long each frame shows, in milliseconds; the last one shows for END_MS.
FRAME_MS = 900
END_MS = 3000


def captioned(drawn: Scene, text: str) -> Scene:
    """``drawn`` with ``text`` centred in a band under it, in the board's text colour."""
    size = max(3.0, 0.045 * drawn.width)
    band = 1.8 * size
    line = Text(drawn.width / 2, drawn.height + 1.25 * size, text, size, "#1f1a14", anchor="middle")
    return replace(drawn, height=drawn.height + band, items=(*drawn.items, line))


def render_gif(
    positions: Sequence[Position],
    moves: Sequence[Move],
    *,
    width: int = 360,
    options: Mapping[str, Any] | None = None,
    captions: Sequence[str] | None = None,
) -> bytes:
    """The animation of ``positions`` (``moves[i]`` leads from position i to i + 1),
    ``width`` pixels wide, each frame drawn with the diagram ``options`` and captioned
    with ``captions[i]`` when given.

    Frames are drawn and written one at a time: memory holds the frame being drawn and
    the one before it (for the part that changed), never the whole game, so a game of
    thousands of plies costs time, not memory.
    """

    drawing = dict(options or {})

    def frame(i: int) -> Image.Image:
        drawn = scene(positions[i], lastmove=moves[i - 1] if i > 0 else None, **drawing)
        if captions is not None:
            drawn = captioned(drawn, captions[i])
        data = render_png(drawn, width / (drawn.width / 25.4), width=width)
        with Image.open(io.BytesIO(data)) as image:
            return image.convert("RGB")

    # One palette for every frame (from the start and the end), so that each frame
    # stores only the part that changed since the one before.
    first, last = frame(0), frame(len(positions) - 1)
    sample = Image.new("RGB", (first.width, first.height * 2))
    sample.paste(first, (0, 0))
    sample.paste(last.resize(first.size), (0, first.height))
    palette = sample.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    del sample, last
    out = io.BytesIO()
    previous: Image.Image | None = None
    for i in range(len(positions)):
        image = first if i == 0 else frame(i)
        if image.size != first.size:  # drawn a pixel apart: every frame has the first's size
            image = image.resize(first.size)
        current = image.quantize(palette=palette, dither=Image.Dither.NONE)
        if previous is None:
            header, _ = GifImagePlugin.getheader(current, info={"loop": 0})
            out.write(b"".join(header))
        duration = END_MS if i == len(positions) - 1 else FRAME_MS
        box = _changed(previous, current)
        part = current.crop(box)
        out.write(b"".join(GifImagePlugin.getdata(part, offset=box[:2], duration=duration, disposal=1)))
        previous = current
    out.write(b";")  # the GIF trailer
    return out.getvalue()


def _changed(previous: Image.Image | None, current: Image.Image) -> tuple[int, int, int, int]:
    """The box of ``current`` that differs from ``previous`` (all of it for the first
    frame; one pixel when nothing changed, as a GIF frame cannot be empty)."""
    if previous is None:
        return (0, 0, *current.size)
    a = Image.frombytes("L", current.size, previous.tobytes())
    b = Image.frombytes("L", current.size, current.tobytes())
    box = ImageChops.difference(a, b).getbbox()
    return box if box is not None else (0, 0, 1, 1)
