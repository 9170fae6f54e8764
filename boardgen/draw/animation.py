"""A recorded game as an animated GIF: one frame per position, the start included.

Each frame is the diagram the API draws (the last move's cells tinted), rasterised by
the PNG backend (PDFium) and quantised to a shared palette by Pillow. The last frame
stays longer, so a looping animation shows where the game ended.
"""

from __future__ import annotations

__all__ = ["render_gif"]

import io
from collections.abc import Sequence

from PIL import GifImagePlugin, Image, ImageChops

from ..model.positions import Move, Position
from .diagrams import png

#: How long each frame shows, in milliseconds; the last one shows for END_MS.
FRAME_MS = 900
END_MS = 3000


def render_gif(positions: Sequence[Position], moves: Sequence[Move], *, width: int = 360) -> bytes:
    """The animation of ``positions`` (``moves[i]`` leads from position i to i + 1),
    ``width`` pixels wide.

    Frames are drawn and written one at a time: memory holds the frame being drawn and
    the one before it (for the part that changed), never the whole game, so a game of
    thousands of plies costs time, not memory.
    """

    def frame(i: int) -> Image.Image:
        data = png(positions[i], lastmove=moves[i - 1] if i > 0 else None, size=width)
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
