"""Typefaces: the fonts boardgen prints with, a designer's own, and how wide their text is.

PDFs must carry their fonts: a viewer substituting a missing base-14 font changes
text widths, and labels then overlap the board. So every PDF embeds TrueType subsets
(reportlab embeds the glyphs actually used). By default text is Bitstream Vera, whose
files ship inside reportlab and cover French and German (é, ß, « », „ “, no-break
space), and piece glyphs (chess ♔ ♚, draughts ⛀ ⛁, any symbol a game names) are DejaVu
Sans, shipped in ``fonts_data/`` with its licence, since Vera has none of them. A few
Chinese characters (the words on a Xiangqi board, the Xiangqi pieces' names) come from a
subset of Droid Sans Fallback, also in ``fonts_data/`` with its licence; a text a face
cannot draw falls back to the symbol face, then to it (:meth:`FontSet.face_for`).

A designer may choose the faces (:class:`FontSet`: text, bold, italic, bold italic,
symbols), in a descriptor's ``print.fonts`` or a theme's ``fonts``: TrueType files (or
OpenType with TrueType outlines), checked by :func:`open_face` before anything is drawn.
A face is known by a digest of its bytes, never by where it lies, so outputs stay the
same from one machine to the next.

The set in effect is a context variable, as a sheet's edition is
(:func:`boardgen.sheets.flow.edition`): the entry points that draw a game set its fonts
(:func:`typeface`), every :class:`~boardgen.scene.shapes.Text` keeps the set it was laid out
with, and every width is measured in the face that will draw it.

Layout code needs text widths before any backend runs, including on the SVG-only path,
which must not import reportlab. So widths are read here straight from the TrueType
``hmtx`` table (the numbers reportlab uses), and reportlab is only imported to embed
(:func:`register_pdf_fonts`) or to make sure a designer's file can be embedded.
"""

from __future__ import annotations

__all__ = [
    "CJK",
    "DEFAULT",
    "FAMILY",
    "MAX_FONT_BYTES",
    "SANS",
    "SANS_BOLD",
    "SANS_BOLD_ITALIC",
    "SANS_ITALIC",
    "SYMBOLS",
    "SYMBOLS_FAMILY",
    "Face",
    "FontSet",
    "current_fonts",
    "font_name",
    "missing_glyphs",
    "missing_symbols",
    "open_face",
    "register_pdf_fonts",
    "text_width",
    "typeface",
    "unprintable",
    "wrap_text",
]

import contextlib
import functools
import importlib.util
import os
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import field
from typing import Any

from .fontfile import MAX_FONT_BYTES, Metrics, check_font, read_metrics
from .values import frozen

#: Family name for SVG ``font-family`` (with a generic fallback added there).
FAMILY = "Bitstream Vera Sans"
SANS = "BoardgenSans"
SANS_BOLD = "BoardgenSans-Bold"
SANS_ITALIC = "BoardgenSans-Italic"
SANS_BOLD_ITALIC = "BoardgenSans-BoldItalic"
#: The symbol font (piece glyphs), and its family name for SVG.
SYMBOLS = "BoardgenSymbols"
SYMBOLS_FAMILY = "'DejaVu Sans', sans-serif"
_DATA = os.path.join(os.path.dirname(__file__), "fonts_data")


def _reportlab_font(file: str) -> str:
    spec = importlib.util.find_spec("reportlab")
    if spec is None or spec.origin is None:  # pragma: no cover - reportlab is a dependency
        raise RuntimeError("reportlab is not installed: its Vera fonts are needed")
    return os.path.join(os.path.dirname(spec.origin), "fonts", file)


@frozen
class Face:
    """One font file. ``name`` is its identity and the name it is embedded under (a
    digest of its bytes for a designer's file); ``family`` is the CSS family an SVG may
    name it by, set only for the faces boardgen ships as named text (a viewer has Vera
    or DejaVu, or a metric twin): any other face is drawn as outlines in SVG."""

    name: str
    file: str = field(compare=False, repr=False)
    family: str | None = field(default=None, compare=False, repr=False)

    def __hash__(self) -> int:  # by name, as equality; widths are cached per face
        return hash(self.name)


VERA = Face(SANS, _reportlab_font("Vera.ttf"), FAMILY)
VERA_BOLD = Face(SANS_BOLD, _reportlab_font("VeraBd.ttf"), FAMILY)
VERA_ITALIC = Face(SANS_ITALIC, _reportlab_font("VeraIt.ttf"), FAMILY)
VERA_BOLD_ITALIC = Face(SANS_BOLD_ITALIC, _reportlab_font("VeraBI.ttf"), FAMILY)
DEJAVU = Face(SYMBOLS, os.path.join(_DATA, "DejaVuSans.ttf"), SYMBOLS_FAMILY)
#: The Chinese characters boardgen ships (scripts/cjk-subset), drawn as outlines in SVG.
CJK = Face("BoardgenCJK", os.path.join(_DATA, "DroidSansFallback-subset.ttf"))


@frozen
class FontSet:
    """The faces a game prints with: text in four styles, symbols, and the faces a text
    falls back to when its own cannot draw it."""

    regular: Face = VERA
    bold: Face = VERA_BOLD
    italic: Face = VERA_ITALIC
    bold_italic: Face = VERA_BOLD_ITALIC
    symbols: Face = DEJAVU
    fallbacks: tuple[Face, ...] = (CJK,)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Hashed once: every width measured looks its face up by the set (see _face_for).
        every = (self.regular, self.bold, self.italic, self.bold_italic, self.symbols, self.fallbacks)
        object.__setattr__(self, "_hash", hash(every))

    def __hash__(self) -> int:
        return self._hash

    def face(self, *, bold: bool = False, italic: bool = False) -> Face:
        """The text face of a style."""
        return ((self.regular, self.italic), (self.bold, self.bold_italic))[bold][italic]

    @property
    def faces(self) -> tuple[Face, ...]:
        """Every face of the set, each once, in a fixed order."""
        every = (self.regular, self.bold, self.italic, self.bold_italic, self.symbols, *self.fallbacks)
        return tuple(dict.fromkeys(every))

    def face_for(self, text: str, *, bold: bool = False, symbols: bool = False) -> Face:
        """The face that draws ``text``: the symbol face or the text face of the style,
        else the first of the symbol face and the fallbacks that has every character
        (the Chinese words on a Xiangqi board), else the face of the style anyway (its
        missing characters are refused by ``validate`` before anything is drawn)."""
        return _face_for(self, text, bold, symbols)


#: boardgen's own faces.
DEFAULT = FontSet()


@functools.lru_cache(maxsize=8192)
def _face_for(fonts: FontSet, text: str, bold: bool, symbols: bool) -> Face:
    first = fonts.symbols if symbols else fonts.face(bold=bold)
    for face in (first, fonts.symbols, *fonts.fallbacks):
        if not _lacks(face, text):
            return face
    return first


def _lacks(face: Face, text: str) -> str:
    widths = _metrics(face).widths
    return "".join(sorted({ch for ch in text if ord(ch) not in widths and ch not in "\n\r\t"}))


_IN_EFFECT: ContextVar[FontSet] = ContextVar("boardgen_fonts", default=DEFAULT)


def current_fonts() -> FontSet:
    """The faces text is being laid out in (boardgen's own unless inside :func:`typeface`)."""
    return _IN_EFFECT.get()


@contextlib.contextmanager
def typeface(fonts: FontSet | None) -> Iterator[FontSet]:
    """Lay out and draw what is made inside the ``with`` block in ``fonts`` (None:
    boardgen's own faces)."""
    token = _IN_EFFECT.set(fonts or DEFAULT)
    try:
        yield fonts or DEFAULT
    finally:
        _IN_EFFECT.reset(token)


def font_name(*, bold: bool = False, italic: bool = False) -> str:
    """The embedded name of a text style's face in the set in effect (registered with
    reportlab by :func:`register_pdf_fonts`)."""
    return current_fonts().face(bold=bold, italic=italic).name


# -- a face's widths and a designer's file ----------------------------------------------


@functools.cache
def _metrics(face: Face) -> Metrics:
    """The widths of ``face``, read once per face (a face is its bytes' digest, so a file
    changed in place, as the studio sees, is another face)."""
    with open(face.file, "rb") as fh:
        return read_metrics(fh.read())


def open_face(path: str, display: str | None = None) -> Face:
    """The designer's font at ``path``, checked (:func:`boardgen.foundation.fontfile.check_font`: a
    TrueType file, or OpenType with TrueType outlines, that may be embedded and that
    reportlab can subset), known by its bytes' digest. A ValueError says in a few words
    what is wrong (``display`` names the file in it)."""
    digest = check_font(path, display)
    _check_embeddable(path)
    return Face(f"BoardgenFont-{digest}", os.path.abspath(path))


def _check_embeddable(path: str) -> None:
    """reportlab's own reading of the file, so no PDF fails later on it."""
    # Lazy: only a designer's font is checked so, and the SVG path never loads reportlab.
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile  # type: ignore[import-untyped,unused-ignore]

    try:
        TTFontFile(path, validate=1)
    except TTFError as error:
        raise ValueError(f"reportlab cannot embed it ({error})") from None


# -- widths -------------------------------------------------------------------------------


def text_width(
    text: str, size: float, bold: bool = False, *, symbols: bool = False, fonts: FontSet | None = None
) -> float:
    """Width of one line of ``text`` set at font size ``size``, in the unit of ``size``
    (mm), in the face that draws it (:meth:`FontSet.face_for`; ``fonts``: the set in
    effect unless given); ``symbols``: set in the symbol face."""
    return size * _em_width(fonts or current_fonts(), text, bold, symbols)


@functools.lru_cache(maxsize=8192)
def _em_width(fonts: FontSet, text: str, bold: bool, symbols: bool) -> float:
    """Width of ``text`` at size 1: boards measure the same labels again and again."""
    metrics = _metrics(fonts.face_for(text, bold=bold, symbols=symbols))
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


def missing_glyphs(
    text: str, bold: bool = False, *, italic: bool = False, fonts: FontSet | None = None
) -> str:
    """The characters of ``text`` the text face of a style cannot draw (they would print as boxes)."""
    return _lacks((fonts or current_fonts()).face(bold=bold, italic=italic), text)


def unprintable(text: str, *, fonts: FontSet | None = None) -> str:
    """The characters of ``text`` no face of the set draws it with (the text face, the
    symbol face and the fallbacks, as :meth:`FontSet.face_for` picks)."""
    return _lacks((fonts or current_fonts()).face_for(text), text)


def missing_symbols(text: str, *, fonts: FontSet | None = None) -> str:
    """The characters of ``text`` neither the symbol face nor a fallback can draw."""
    return _lacks((fonts or current_fonts()).face_for(text, symbols=True), text)


# -- embedding ----------------------------------------------------------------------------


_REGISTERED: set[str] = set()


def register_pdf_fonts(fonts: FontSet | None = None) -> None:
    """Register the faces of ``fonts`` (the set in effect) with reportlab under their
    names, once each, and the text faces as a family (for ``<b>``, ``<i>`` in paragraphs)."""
    # Lazy: reportlab is loaded only when a PDF is made (see the module docstring).
    from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped,unused-ignore]
    from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped,unused-ignore]

    chosen = fonts or current_fonts()
    for face in chosen.faces:
        if face.name not in _REGISTERED:
            pdfmetrics.registerFont(_subsets_kept(TTFont(face.name, face.file)))
            _REGISTERED.add(face.name)
    pdfmetrics.registerFontFamily(
        chosen.regular.name,
        normal=chosen.regular.name,
        bold=chosen.bold.name,
        italic=chosen.italic.name,
        boldItalic=chosen.bold_italic.name,
    )


#: Most font subsets kept, made and compressed, per process (a few MB).
_SUBSETS_KEPT = 256


def _subsets_kept(font: Any) -> Any:
    """``font``, a reportlab TrueType font, making each subset it embeds and compressing
    it once per process: a PDF embeds the glyphs it uses as subsets (numbered in the
    order it first uses them), and a build's hundreds of PDFs embed the same subsets
    again and again. The same bytes as made afresh."""
    font.face.__class__ = _kept_face_class()
    font.__class__ = _kept_font_class()
    return font


@functools.cache
def _kept_font_class() -> type:
    """reportlab's TrueType font, writing each subset's widths and ToUnicode map once per
    process (see :func:`_subsets_kept`): the widths, an array of up to 256 numbers
    formatted one by one, and the map, compressed, are the same for the same subset in
    every document. The same bytes as made afresh."""
    # Lazy: reportlab is loaded only when a PDF is made (see the module docstring).
    from reportlab.pdfbase import pdfdoc  # type: ignore[import-untyped,unused-ignore]
    from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped,unused-ignore]

    written: dict[tuple[object, ...], bytes] = {}

    class Widths(pdfdoc.PDFArray):  # type: ignore[misc]
        def format(self, document: Any, IND: bytes = b"\n ") -> bytes:
            key = (IND, *self.sequence)
            if key not in written:
                if len(written) >= _SUBSETS_KEPT:
                    written.clear()
                written[key] = super().format(document, IND)
            return written[key]

    flate = _kept_flate()

    class KeptFont(TTFont):  # type: ignore[misc]
        def addObjects(self, doc: Any) -> None:
            state = self.state.get(doc)
            count = len(state.subsets) if state is not None else 0
            names = [self.getSubsetInternalName(n, doc)[1:] for n in range(count)]
            super().addObjects(doc)  # (forgets the document's subsets)
            for name in names:
                font = doc.idToObject[name]
                font.Widths = Widths(font.Widths.sequence)
                cmap = doc.idToObject[font.ToUnicode.name]
                if cmap.filters:  # None: the document's own, left so
                    cmap.filters = [flate if f is pdfdoc.PDFZCompress else f for f in cmap.filters]

    return KeptFont


@functools.cache
def _kept_flate() -> Any:
    """A flate filter compressing each text it is given once per process (a few MB kept)."""
    # Lazy: reportlab is loaded only when a PDF is made (see the module docstring).
    from reportlab.pdfbase import pdfdoc  # type: ignore[import-untyped,unused-ignore]

    squeezed: dict[bytes, bytes] = {}

    class Flate(pdfdoc.PDFStreamFilterZCompress):  # type: ignore[misc]
        def encode(self, text: bytes) -> bytes:
            if text not in squeezed:
                if len(squeezed) >= 4 * _SUBSETS_KEPT:
                    squeezed.clear()
                squeezed[text] = super().encode(text)
            return squeezed[text]

    return Flate()


@functools.cache
def _kept_face_class() -> type:
    """reportlab's TrueType face, remembering its subsets (see :func:`_subsets_kept`)."""
    # Lazy: reportlab is loaded only when a PDF is made (see the module docstring).
    from reportlab.pdfbase import pdfdoc  # type: ignore[import-untyped,unused-ignore]
    from reportlab.pdfbase.ttfonts import TTFontFace  # type: ignore[import-untyped,unused-ignore]

    made: dict[tuple[str, tuple[int, ...]], bytes] = {}
    flate = _kept_flate()

    class KeptFace(TTFontFace):  # type: ignore[misc]
        def makeSubset(self, subset: list[int]) -> bytes:
            key = (self.filename, tuple(subset))
            if key not in made:
                if len(made) >= _SUBSETS_KEPT:
                    made.clear()
                made[key] = super().makeSubset(subset)
            return made[key]

        def addSubsetObjects(self, doc: Any, fontname: str, subset: list[int]) -> Any:
            reference = super().addSubsetObjects(doc, fontname, subset)
            stream = doc.idToObject[f"fontFile:{self.filename}({fontname})"]
            if stream.filters:  # None: the document's own, left so
                stream.filters = [flate if f is pdfdoc.PDFZCompress else f for f in stream.filters]
            return reference

    return KeptFace
