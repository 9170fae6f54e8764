"""The one font family boardgen prints with, and how wide its text is.

PDFs must carry their fonts: a viewer substituting a missing base-14 font changes
text widths, and labels then overlap the board. So every PDF uses Bitstream Vera,
whose TrueType files ship inside reportlab and cover French and German (é, ß, « »,
„ “, no-break space). Reportlab embeds the subsets actually used.

Layout code needs text widths before any backend runs, including on the SVG-only
path, which must not import reportlab. So widths are read here straight from the
TrueType ``hmtx`` table (the same numbers reportlab uses), and reportlab is only
imported by :func:`register_pdf_fonts`, which the PDF backend calls.
"""

from __future__ import annotations

__all__ = [
    "FAMILY",
    "SANS",
    "SANS_BOLD",
    "SANS_BOLD_ITALIC",
    "SANS_ITALIC",
    "font_file",
    "font_name",
    "missing_glyphs",
    "register_pdf_fonts",
    "text_width",
    "wrap_text",
]

import functools
import importlib.util
import os
import struct
from dataclasses import dataclass

#: Family name for SVG ``font-family`` (with a generic fallback added there).
FAMILY = "Bitstream Vera Sans"
SANS = "BoardgenSans"
SANS_BOLD = "BoardgenSans-Bold"
SANS_ITALIC = "BoardgenSans-Italic"
SANS_BOLD_ITALIC = "BoardgenSans-BoldItalic"

_FILES = {
    SANS: "Vera.ttf",
    SANS_BOLD: "VeraBd.ttf",
    SANS_ITALIC: "VeraIt.ttf",
    SANS_BOLD_ITALIC: "VeraBI.ttf",
}


def font_name(*, bold: bool = False, italic: bool = False) -> str:
    """The registered font name for a style."""
    return ((SANS, SANS_ITALIC), (SANS_BOLD, SANS_BOLD_ITALIC))[bold][italic]


def font_file(name: str) -> str:
    """Path of the TrueType file behind a registered font name (found without importing reportlab)."""
    spec = importlib.util.find_spec("reportlab")
    if spec is None or spec.origin is None:  # pragma: no cover - reportlab is a dependency
        raise RuntimeError("reportlab is not installed: its Vera fonts are needed")
    return os.path.join(os.path.dirname(spec.origin), "fonts", _FILES[name])


@dataclass(frozen=True)
class _Metrics:
    """Advance widths in em units of one TrueType face."""

    widths: dict[int, float]
    default: float


def _tables(data: bytes) -> dict[bytes, int]:
    count = struct.unpack_from(">H", data, 4)[0]
    return {
        data[12 + 16 * i : 16 + 16 * i]: struct.unpack_from(">I", data, 20 + 16 * i)[0] for i in range(count)
    }


def _cmap(data: bytes, cmap: int) -> dict[int, int]:
    """Unicode BMP code point to glyph id, from the (3, 1) format-4 subtable."""
    for i in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        sub = cmap + offset
        if (platform, encoding) == (3, 1) and struct.unpack_from(">H", data, sub)[0] == 4:
            break
    else:  # pragma: no cover - all Vera faces have one
        raise RuntimeError("font has no Unicode format-4 cmap")
    segs = struct.unpack_from(">H", data, sub + 6)[0] // 2
    ends = struct.unpack_from(f">{segs}H", data, sub + 14)
    starts = struct.unpack_from(f">{segs}H", data, sub + 16 + 2 * segs)
    deltas = struct.unpack_from(f">{segs}h", data, sub + 16 + 4 * segs)
    range_at = sub + 16 + 6 * segs
    ranges = struct.unpack_from(f">{segs}H", data, range_at)
    result: dict[int, int] = {}
    for k in range(segs):
        for code in range(starts[k], ends[k] + 1):
            if code == 0xFFFF:
                continue
            if ranges[k] == 0:
                glyph = (code + deltas[k]) & 0xFFFF
            else:
                at = range_at + 2 * k + ranges[k] + 2 * (code - starts[k])
                glyph = struct.unpack_from(">H", data, at)[0]
                glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
            if glyph:
                result[code] = glyph
    return result


@functools.cache
def _metrics(name: str) -> _Metrics:
    with open(font_file(name), "rb") as fh:
        data = fh.read()
    table = _tables(data)
    units = struct.unpack_from(">H", data, table[b"head"] + 18)[0]
    n_metrics = struct.unpack_from(">H", data, table[b"hhea"] + 34)[0]
    advances = [struct.unpack_from(">H", data, table[b"hmtx"] + 4 * g)[0] / units for g in range(n_metrics)]
    glyphs = _cmap(data, table[b"cmap"])
    widths = {code: advances[min(g, n_metrics - 1)] for code, g in glyphs.items()}
    if 0x20 in widths:  # reportlab draws U+00A0 with the space glyph
        widths[0xA0] = widths[0x20]
    return _Metrics(widths, advances[0])


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width of one line of ``text`` set at font size ``size``, in the unit of ``size`` (mm)."""
    return size * _em_width(text, bold)


@functools.lru_cache(maxsize=8192)
def _em_width(text: str, bold: bool) -> float:
    """Width of ``text`` at size 1: boards measure the same labels again and again."""
    metrics = _metrics(font_name(bold=bold))
    get, default = metrics.widths.get, metrics.default
    return sum(get(ord(ch), default) for ch in text)


def wrap_text(text: str, size: float, width: float) -> list[str]:
    """``text`` broken at spaces into lines at most ``width`` wide (long words overflow)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def missing_glyphs(text: str, bold: bool = False) -> str:
    """The characters of ``text`` the font cannot draw (they would print as boxes)."""
    widths = _metrics(font_name(bold=bold)).widths
    return "".join(sorted({ch for ch in text if ord(ch) not in widths and ch not in "\n\r\t"}))


@functools.lru_cache(maxsize=1)
def register_pdf_fonts() -> None:
    """Register the four Vera faces with reportlab under boardgen's names (once)."""
    # Lazy: reportlab is loaded only when a PDF is made (see the module docstring).
    from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped,unused-ignore]
    from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped,unused-ignore]

    for name in _FILES:
        pdfmetrics.registerFont(TTFont(name, font_file(name)))
    pdfmetrics.registerFontFamily(
        SANS, normal=SANS, bold=SANS_BOLD, italic=SANS_ITALIC, boldItalic=SANS_BOLD_ITALIC
    )
