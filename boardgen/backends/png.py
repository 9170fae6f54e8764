"""PNG backend: a scene rasterised by PDFium from its one-page PDF.

Drawing the PDF that the PDF backend makes, rather than writing a third renderer,
keeps the PNG identical to the printed picture (same fonts, same shapes). PDFium is
Google's PDF engine (Chrome's); pypdfium2 wraps it with wheels for every platform and
is actively maintained, so no system library (cairo, poppler) is needed. Pillow writes
the PNG and records the resolution, so the image still knows its size in mm.
"""

from __future__ import annotations

__all__ = ["MAX_PNG_PIXELS", "render_png"]

import io

import pypdfium2  # type: ignore[import-untyped,unused-ignore]
from PIL import Image

from ..errors import BoardgenError
from ..scene.shapes import Document, Scene
from .pdf import render_pdf

#: Largest PNG drawn, in pixels: the raster takes 7 bytes a pixel while it is made (PDFium's
#: BGRA, then RGB), so 40 million pixels is about 280 MB. The 9x9x9 board at 150 mm cells
#: and 1200 dpi would be over 2 billion.
MAX_PNG_PIXELS = 40_000_000


def render_png(scene: Scene, dpi: float = 200.0, *, width: int | None = None) -> bytes:
    """The scene as PNG bytes at ``dpi`` pixels per inch, on a white background;
    exactly ``width`` pixels wide when given (PDFium rounds the page up, a pixel over).

    Refused (before any drawing) when the image would exceed :data:`MAX_PNG_PIXELS`.
    """
    if width is None:
        width = round(scene.width / 25.4 * dpi)
    height = round(scene.height / 25.4 * dpi)
    if width * height > MAX_PNG_PIXELS:
        raise BoardgenError(
            f"the PNG would be {width:,} x {height:,} pixels, more than {MAX_PNG_PIXELS // 10**6} million: "
            "use a lower --dpi or a smaller --size"
        )
    pdf = pypdfium2.PdfDocument(render_pdf(Document((scene,), title=scene.title)))
    try:
        bitmap = pdf[0].render(scale=dpi / 72.0, fill_color=(255, 255, 255, 255))
        image = bitmap.to_pil().convert("RGB")
        if image.size != (width, height):
            canvas = Image.new("RGB", (width, height), (255, 255, 255))
            canvas.paste(image, (0, 0))
            image = canvas
    finally:
        pdf.close()
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), optimize=True)
    return out.getvalue()
