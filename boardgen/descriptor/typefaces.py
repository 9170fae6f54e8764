"""The ``fonts`` key of a descriptor's ``print`` or of a theme: a designer's faces.

.. code-block:: yaml

    fonts: {text: fonts/Serif.ttf, bold: fonts/Serif-Bold.ttf, symbols: fonts/Pieces.ttf}

Files are named relative to the file that names them (inside the studio's folder when
the file comes from there), and each is checked at once
(:func:`boardgen.foundation.fonts.open_face`: a TrueType font, or OpenType with TrueType outlines,
that may be embedded), a bad one refused at its key. A style not given falls back to
the nearest one given (bold italic to bold, then to text), else to boardgen's own face,
so a designer's regular text is never mixed with Vera's bold.
"""

from __future__ import annotations

__all__ = ["FONT_KEYS", "parse_fonts"]

from dataclasses import replace

from ..errors import BoardgenError
from ..foundation.fonts import DEFAULT, Face, FontSet, open_face
from .reader import Reader
from .yamlload import PathKey

#: The styles a ``fonts`` mapping may name.
FONT_KEYS = ("text", "bold", "italic", "bold_italic", "symbols")


def parse_fonts(r: Reader, path: PathKey) -> FontSet:
    """The faces named at ``path`` (at least one), over boardgen's own."""
    given = r.mapping(path, optional=FONT_KEYS)
    if not given:
        raise r.error(path, f"name at least one font file ({', '.join(FONT_KEYS)})")
    faces: dict[str, Face] = {key: _face(r, (*path, key)) for key in FONT_KEYS if key in given}
    text = faces.get("text")
    bold = faces.get("bold", text)
    italic = faces.get("italic", text)
    return replace(
        DEFAULT,
        regular=text or DEFAULT.regular,
        bold=bold or DEFAULT.bold,
        italic=italic or DEFAULT.italic,
        bold_italic=faces.get("bold_italic", bold or italic) or DEFAULT.bold_italic,
        symbols=faces.get("symbols", DEFAULT.symbols),
    )


def _face(r: Reader, path: PathKey) -> Face:
    """The font file named at ``path``, beside the file naming it (and inside the
    studio's folder when it comes from there: :meth:`~.yamlload.Loaded.named_path`)."""
    name = r.string(path, max_length=255)
    try:
        return open_face(r.loaded.named_path(name), display=name)
    except BoardgenError as error:
        raise r.error(path, f"{name}: {error.message}") from None
    except ValueError as error:
        raise r.error(path, f"{name}: {error}") from None
