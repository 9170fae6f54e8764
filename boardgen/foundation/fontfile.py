"""Font files read directly: the tables boardgen needs (character map, advance widths)
and the checks a designer's file must pass before anything is drawn with it.

Widths are read from the TrueType ``hmtx`` and ``cmap`` tables here rather than through
reportlab (the same numbers it uses), so layout on the SVG-only path never loads it.
"""

from __future__ import annotations

__all__ = ["MAX_FONT_BYTES", "Metrics", "check_font", "read_metrics"]

import struct
from typing import NamedTuple

from ..errors import BoardgenError
from .inputfile import read_input

#: Largest font file a descriptor or theme may name (docs/reference/limits.md).
MAX_FONT_BYTES = 32 * 1024 * 1024


class Metrics(NamedTuple):
    """Advance widths in em units of one TrueType face, by code point (a named tuple:
    cheaper to define at start-up than a frozen dataclass)."""

    widths: dict[int, float]
    default: float


def _tables(data: bytes) -> dict[bytes, int]:
    count = struct.unpack_from(">H", data, 4)[0]
    return {
        data[12 + 16 * i : 16 + 16 * i]: struct.unpack_from(">I", data, 20 + 16 * i)[0] for i in range(count)
    }


def _format4(data: bytes, sub: int) -> dict[int, int]:
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


def _format12(data: bytes, sub: int) -> dict[int, int]:
    count = struct.unpack_from(">I", data, sub + 12)[0]
    result: dict[int, int] = {}
    for k in range(min(count, 0x10000)):
        first, last, glyph = struct.unpack_from(">III", data, sub + 16 + 12 * k)
        for code in range(first, min(last, first + 0x10000) + 1):
            if glyph + code - first:
                result[code] = glyph + code - first
    return result


def _cmap(data: bytes, cmap: int) -> dict[int, int]:
    """Unicode code point to glyph id, from the fullest Unicode subtable (format 12,
    else format 4; Windows or Unicode platform), as reportlab picks."""
    found: dict[int, dict[int, int]] = {}
    for i in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        sub = cmap + offset
        kind = struct.unpack_from(">H", data, sub)[0]
        unicode = platform == 0 or (platform == 3 and encoding in (1, 10))
        if unicode and kind in (4, 12) and kind not in found:
            found[kind] = (_format12 if kind == 12 else _format4)(data, sub)
    if not found:
        raise ValueError("it has no Unicode character map")
    return found.get(12) or found[4]


def read_metrics(data: bytes) -> Metrics:
    """The advance widths, by code point, of the font in ``data``; a ValueError when a
    table it needs is missing or empty."""
    table = _tables(data)
    for tag in (b"head", b"hhea", b"hmtx", b"cmap"):
        if tag not in table:
            raise ValueError(f"it has no '{tag.decode()}' table")
    units = struct.unpack_from(">H", data, table[b"head"] + 18)[0]
    n_metrics = struct.unpack_from(">H", data, table[b"hhea"] + 34)[0]
    if not units or not n_metrics:
        raise ValueError("its metrics are empty")
    advances = [struct.unpack_from(">H", data, table[b"hmtx"] + 4 * g)[0] / units for g in range(n_metrics)]
    glyphs = _cmap(data, table[b"cmap"])
    widths = {code: advances[min(g, n_metrics - 1)] for code, g in glyphs.items()}
    if 0x20 in widths:  # reportlab draws U+00A0 with the space glyph
        widths[0xA0] = widths[0x20]
    return Metrics(widths, advances[0])


#: What the first four bytes of a file say it is, when it is no font reportlab can embed.
_NOT_EMBEDDABLE = {
    b"OTTO": "it has PostScript (CFF) outlines, which boardgen cannot embed in a PDF: "
    "use a TrueType (.ttf) build of the font",
    b"ttcf": "it is a font collection (.ttc): give one font of it as a .ttf file",
    b"wOFF": "it is a web font (WOFF): convert it to a .ttf file",
    b"wOF2": "it is a web font (WOFF2): convert it to a .ttf file",
}
_TRUETYPE = (b"\x00\x01\x00\x00", b"true")
#: Tables reportlab reads to embed a TrueType face.
_NEEDED = (b"head", b"hhea", b"hmtx", b"maxp", b"cmap", b"loca", b"glyf", b"name", b"post")


def check_font(path: str, display: str | None = None) -> str:
    """The hex digest (16 digits) of the font file at ``path``, once it is checked to be
    a TrueType font (or OpenType with TrueType outlines) whose licence lets it be
    embedded and whose tables are all there. A ValueError says in a few words what is
    wrong (``display`` names the file in it)."""
    name = display or path
    try:
        data = read_input(path, limit=MAX_FONT_BYTES, display=name)
    except BoardgenError as error:
        raise ValueError(error.message) from None
    try:
        magic = data[:4]
        if magic in _NOT_EMBEDDABLE:
            raise ValueError(_NOT_EMBEDDABLE[magic])
        if magic not in _TRUETYPE:
            raise ValueError("it is not a TrueType or OpenType font")
        tables = _tables(data)
        for tag in _NEEDED:
            if tag not in tables:
                raise ValueError(f"it is no complete TrueType font: it has no '{tag.decode().strip()}' table")
        if b"OS/2" in tables:
            fs_type = struct.unpack_from(">H", data, tables[b"OS/2"] + 8)[0]
            if fs_type == 0x0002 or fs_type & 0x0300:
                raise ValueError(f"its licence forbids embedding it in a PDF (OS/2 fsType {fs_type:#06x})")
        read_metrics(data)
    except (struct.error, IndexError):
        raise ValueError("it is not a readable font (its tables are cut short)") from None
    # Lazy for start-up speed: hashlib loads OpenSSL, and only a designer's font is checked.
    import hashlib

    return hashlib.sha256(data).hexdigest()[:16]
