"""A recorded game as an animated GIF: one frame per position, the start included.

Each frame is the diagram the API draws (the last move's cells tinted), rasterised by
the PNG backend (PDFium) and quantised to a shared palette by Pillow. The last frame
stays longer, so a looping animation shows where the game ended.
"""

from __future__ import annotations

__all__ = ["render_gif"]

import io
from collections.abc import Sequence

from PIL import Image

from .draw import png
from .positions import Move, Position

#: How long each frame shows, in milliseconds; the last one shows for END_MS.
FRAME_MS = 900
END_MS = 3000


def render_gif(positions: Sequence[Position], moves: Sequence[Move], *, width: int = 360) -> bytes:
    """The animation of ``positions`` (``moves[i]`` leads from position i to i + 1),
    ``width`` pixels wide."""
    images = []
    for i, position in enumerate(positions):
        data = png(position, lastmove=moves[i - 1] if i > 0 else None, size=width)
        with Image.open(io.BytesIO(data)) as image:
            images.append(image.convert("RGB"))
    # One palette for every frame (from the start and the end), so that Pillow stores
    # only the part of each frame that changed.
    sample = Image.new("RGB", (images[0].width, images[0].height * 2))
    sample.paste(images[0], (0, 0))
    sample.paste(images[-1].resize(images[0].size), (0, images[0].height))
    palette = sample.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    frames = [image.quantize(palette=palette, dither=Image.Dither.NONE) for image in images]
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(frames) - 1) + [END_MS]
    frames[0].save(
        out, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0, optimize=False
    )
    return out.getvalue()
