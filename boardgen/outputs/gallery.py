"""``index.html``: a page showing every game's diagrams, with links to its PDFs.

The page is for opening from disk, offline: relative links only, inline CSS, no script,
no font or picture from anywhere else. Pictures are the build's own SVGs in ``<img>``;
each carries its true size in mm (read from the SVG's ``width``/``height``), and the
print stylesheet gives it that size, so a diagram printed from the browser at 100 % is
true scale. On screen the pictures are scaled down to fit.

A picture prints at true size only when it fits the printable part of both A4 and
Letter with the page's margins (:data:`PRINT_BOX`; on a landscape page of its own when
only that fits). Larger pictures (the full boards, usually) print reduced, marked as
such, with a link to the board's PDF, which is tiled over several pages at true scale:
anything wider than the page would make the browser shrink the whole document.

:func:`render_gallery` is pure: the same variants and files give the same bytes.
"""

from __future__ import annotations

__all__ = ["GALLERY", "PRINT_BOX", "PRINT_MARGIN", "Fit", "fit", "render_gallery", "svg_size_mm"]

import re
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Literal
from urllib.parse import quote

from ..descriptor.model import Example, Variant
from ..texts import languages
from ..texts.catalogue import catalogue
from .files import BOOKLET_PREFIX, EXAMPLE_PREFIX, FOLD_SUFFIX

#: The gallery's file name at the top of the output folder.
GALLERY = "index.html"
#: The page margin of the print stylesheet, in mm.
PRINT_MARGIN = 10.0
#: The printable box (width, height) in mm of portrait A4 and Letter alike, within
#: :data:`PRINT_MARGIN`: A4's width and Letter's height.
PRINT_BOX = (210.0 - 2 * PRINT_MARGIN, 279.4 - 2 * PRINT_MARGIN)
#: Height kept below a picture for its caption, in mm.
_CAPTION_ROOM = 16.0
_TIMES = "\u00d7"

Fit = Literal["portrait", "landscape", "oversize"]

_PAGE = re.compile(rb"/Type\s*/Page\b")
_SVG_TAG = re.compile(rb"<svg\b[^>]*>", re.S)
_LENGTH = r'\s{}="([0-9]+(?:\.[0-9]+)?)mm"'


def svg_size_mm(data: bytes) -> tuple[float, float] | None:
    """The ``width`` and ``height`` of an SVG's root element in mm, if given in mm."""
    tag = _SVG_TAG.search(data[:4096])
    if tag is None:
        return None
    text = tag.group(0).decode("utf-8", "replace")
    width = re.search(_LENGTH.format("width"), text)
    height = re.search(_LENGTH.format("height"), text)
    if width is None or height is None:
        return None
    return float(width.group(1)), float(height.group(1))


def fit(width: float, height: float) -> Fit:
    """Whether a picture of this size (mm) prints whole at true size, and on which page."""
    box_w, box_h = PRINT_BOX
    if width <= box_w and height + _CAPTION_ROOM <= box_h:
        return "portrait"
    if width <= box_h and height + _CAPTION_ROOM <= box_w:
        return "landscape"
    return "oversize"


def _shown(mm: float) -> str:
    """A length for people to read: to the tenth of a millimetre, no useless ``.0``
    (``189.998`` is ``190``), as a ruler can measure it."""
    return f"{mm:.1f}".removesuffix(".0")


def _num(mm: float) -> str:
    """A length for CSS and captions: at most three decimals, no trailing zeros."""
    return f"{mm:.3f}".rstrip("0").rstrip(".")


def _href(path: str) -> str:
    return escape(quote(path), quote=True)


def _pages(data: bytes) -> int:
    return len(_PAGE.findall(data))


def _kib(data: bytes) -> str:
    size = len(data) / 1024
    return f"{size / 1024:.1f} MB" if size >= 1024 else f"{max(size, 1):.0f} KB"


def _pdf_note(data: bytes) -> str:
    pages = _pages(data)
    count = f"{pages} page" + ("" if pages == 1 else "s")
    return f"PDF, {count}, {_kib(data)}" if pages else f"PDF, {_kib(data)}"


def _language_name(lang: str) -> str:
    if lang in languages():
        try:
            return catalogue(lang).text("meta.name")
        except Exception:
            return lang.upper()
    return lang.upper()


def _languages(names: Iterable[str], prefix: str, suffix: str = "") -> list[str]:
    """Language codes of the files ``<prefix><lang><suffix>.pdf`` in ``names``, English first."""
    codes = {n.removeprefix(prefix).removesuffix(".pdf").removesuffix(suffix) for n in names}
    codes = {c for c in codes if f"{prefix}{c}{suffix}.pdf" in names and c and not c.endswith(FOLD_SUFFIX)}
    return sorted(codes, key=lambda c: (c != "en", c))


def _ruler() -> str:
    """An inline SVG ruler, 100 mm long: ticks every mm, longer every 5 and 10 mm."""
    ticks = []
    for mm in range(101):
        length = 5.0 if mm % 10 == 0 else 3.5 if mm % 5 == 0 else 2.0
        ticks.append(f"M{mm + 3} 0v{_num(length)}")
    labels = "".join(f'<text x="{cm * 10 + 3}" y="8.6">{cm}</text>' for cm in range(11))
    return (
        '<svg class="ruler" width="110mm" height="10mm" viewBox="0 0 110 10" role="img" '
        'aria-label="Ruler, 100 mm long">'
        '<rect x="0.15" y="0.15" width="109.7" height="9.7" fill="#fff" stroke="#3b2a1e" stroke-width="0.3"/>'
        f'<path d="{" ".join(ticks)}" stroke="#3b2a1e" stroke-width="0.2" fill="none"/>'
        '<g font-size="2.6" font-family="DejaVu Sans, Verdana, sans-serif" fill="#3b2a1e">'
        f'<g text-anchor="middle">{labels}</g><text x="105.2" y="8.6">cm</text></g>'
        "</svg>"
    )


_CSS = """
:root{--ink:#3b2a1e;--muted:#6e5c4c;--paper:#fbf8f3;--card:#fff;--line:#e6dccd;--accent:#8a4b20;
--wash:#f3e3c3}
*{box-sizing:border-box}
html{background:var(--paper);color:var(--ink)}
body{margin:0 auto;max-width:1180px;padding:24px 20px 48px;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",Verdana,sans-serif}
a{color:var(--accent)}
h1{font-size:2rem;margin:0 0 4px;letter-spacing:-.01em}
h2{font-size:1.55rem;margin:0}
h3{font-size:1.05rem;margin:22px 0 10px;color:var(--muted);text-transform:uppercase;
letter-spacing:.06em}
.lead{margin:0 0 16px;color:var(--muted);max-width:56em}
header.top{margin-bottom:20px}
.toc{display:flex;flex-wrap:wrap;gap:6px 18px;margin:12px 0 18px;padding:0;list-style:none}
.toc a{text-decoration:none;font-weight:600}
.toc a:hover{text-decoration:underline}
.note{display:flex;flex-wrap:wrap;align-items:center;gap:10px 24px;background:var(--card);
border:1px solid var(--line);border-radius:10px;padding:14px 18px;margin:0 0 16px}
.note p{margin:0;flex:1 1 28em;font-size:.93rem}
.ruler{display:block;max-width:100%;height:auto}
.links{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin:12px 0 4px;padding:0;list-style:none}
.links li{display:flex;align-items:baseline;gap:6px;background:var(--wash);
border:1px solid var(--line);border-radius:999px;padding:4px 12px 4px 6px}
.links li.label{background:none;border:0;padding:4px 2px;font-weight:600;font-size:.9rem}
.links .label{font-weight:600;font-size:.9rem;padding-left:6px}
.links a{display:inline-block;text-decoration:none;font-weight:600;background:var(--card);
border-radius:999px;padding:1px 10px;border:1px solid var(--line)}
.links a:hover{border-color:var(--accent)}
.links small{color:var(--muted);font-size:.78rem}
section.game{background:var(--card);border:1px solid var(--line);border-radius:14px;
padding:22px 24px 24px;margin:0 0 28px}
.meta{margin:2px 0 0;color:var(--muted)}
.pair{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:20px;margin-top:18px}
.examples{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:18px}
figure{margin:0;display:flex;flex-direction:column;gap:8px}
.pic{display:block;line-height:0;background:#fff;border:1px solid var(--line);border-radius:8px;
padding:8px}
.pic:hover{border-color:var(--accent)}
.pic img{display:block;width:100%;height:auto;max-width:100%}
.pair .pic img{max-height:480px;object-fit:contain}
figcaption{font-size:.9rem}
figcaption b{display:block;font-size:.95rem}
.size{display:block;color:var(--muted);font-size:.8rem}
.topic{display:inline-block;font-size:.72rem;text-transform:uppercase;letter-spacing:.05em;
color:var(--muted);border:1px solid var(--line);border-radius:4px;padding:0 5px;margin-left:4px;
vertical-align:1px;font-weight:normal}
footer{color:var(--muted);font-size:.85rem;margin-top:8px}
@page{margin:@MARGIN@mm}
@page wide{size:landscape}
@media print{
html{background:none}
body{max-width:none;padding:0;font-size:10pt;line-height:1.35;color:#000}
a{color:#000}
.toc,.screen-only{display:none}
.note{border:1px solid #999;border-radius:0;padding:3mm;break-inside:avoid}
.ruler{width:110mm;height:10mm;max-width:none}
section.game{border:0;border-radius:0;padding:0;margin:0;break-before:page}
h2,h3,.links{break-after:avoid}
h3{margin:5mm 0 2mm}
.links li,.links a{background:none;border-color:#999}
.pair,.examples{display:block;margin:0}
figure{display:block;break-inside:avoid;margin:0 0 6mm}
figcaption{margin-top:1.5mm;font-size:9pt}
.pic{display:inline-block;border:0;border-radius:0;padding:0;background:none}
.pic img,.pair .pic img{max-height:none;object-fit:fill}
figure.portrait .pic img,figure.landscape .pic img{width:var(--w);height:var(--h);max-width:none}
figure.landscape{page:wide}
figure.oversize .pic img{width:auto;height:auto;max-width:100%;max-height:110mm}
}
"""


def _picture(path: str, data: bytes, alt: str, caption: str, extra: str = "") -> str:
    """A ``<figure>``: the SVG in a link to itself, at true size in print when it fits."""
    size = svg_size_mm(data)
    if size is None:
        attrs, kind, note = "", "oversize", ""
    else:
        width, height = size
        kind = fit(width, height)
        px_w, px_h = round(width * 96 / 25.4), round(height * 96 / 25.4)
        attrs = (
            f' width="{px_w}" height="{px_h}" data-mm="{_num(width)} {_num(height)}"'
            f' style="--w:{_num(width)}mm;--h:{_num(height)}mm"'
        )
        if kind == "oversize":
            note = f"{_shown(width)} {_TIMES} {_shown(height)} mm; shown reduced"
        else:
            note = f"true size {_shown(width)} {_TIMES} {_shown(height)} mm"
    return (
        f'<figure class="{kind}">'
        f'<a class="pic" href="{_href(path)}"><img src="{_href(path)}" alt="{escape(alt)}"{attrs}></a>'
        f'<figcaption>{caption} <span class="size">{escape(note)}</span>{extra}</figcaption>'
        "</figure>"
    )


def _example_title(example: Example) -> str:
    return example.id.replace("-", " ").capitalize()


def _game(variant: Variant, files: Mapping[str, bytes]) -> str:
    vid = variant.id
    title = variant.text(variant.title)
    mine = {name.removeprefix(f"{vid}/"): data for name, data in files.items() if name.startswith(f"{vid}/")}
    names = " against ".join(escape(p.name.get("en", p.id)) for p in variant.players)
    first = next((p for p in variant.players if p.id == variant.first), None)
    first_text = f"; {escape(first.name.get('en', first.id))} moves first" if first is not None else ""
    cells = len(variant.grid.cells())
    parts = [
        f'<section class="game" id="{escape(vid, quote=True)}" aria-labelledby="{escape(vid)}-title">',
        f'<h2 id="{escape(vid)}-title">{escape(title)}</h2>',
        f'<p class="meta">{escape(variant.kind_text())} board, {cells} cells · {names}{first_text}</p>',
    ]

    links: list[str] = []
    for what, label in (("board", "Board"), ("start", "Start"), ("pieces", "Pieces"), ("rules", "Rules")):
        prefix = f"{what}-"
        langs = _languages(mine, prefix)
        if langs:
            lang_links = " ".join(
                f'<a href="{_href(f"{vid}/{prefix}{lang}.pdf")}" hreflang="{escape(lang, quote=True)}" '
                f'title="{escape(_language_name(lang))}, {escape(_pdf_note(mine[f"{prefix}{lang}.pdf"]))}">'
                f"{escape(lang.upper())}</a>"
                for lang in langs
            )
            note = _pdf_note(mine[f"{prefix}{langs[0]}.pdf"])
            links.append(
                f'<li><span class="label">{label}</span>{lang_links}<small>{escape(note)}</small></li>'
            )
    svgs = [n for n in ("board.svg", "start.svg") if n in mine]
    if svgs:
        svg_links = " ".join(f'<a href="{_href(f"{vid}/{n}")}">{escape(n)}</a>' for n in svgs)
        links.append(f'<li><span class="label">SVG</span>{svg_links}</li>')
    if links:
        parts.append(f'<ul class="links">{"".join(links)}</ul>')

    pair: list[str] = []
    if "start.svg" in mine:
        pair.append(
            _picture(
                f"{vid}/start.svg",
                mine["start.svg"],
                f"{title}: starting position",
                "<b>Starting position</b>",
            )
        )
    if "board.svg" in mine:
        extra = ""
        size = svg_size_mm(mine["board.svg"])
        boards = [f"board-{lang}.pdf" for lang in _languages(mine, "board-")]
        if boards and (size is None or fit(*size) == "oversize"):
            pages = _pages(mine[boards[0]])
            over = f" over {pages} pages" if pages > 1 else ""
            extra = (
                f'<span class="size">Too large for one sheet: print '
                f'<a href="{_href(f"{vid}/{boards[0]}")}">{escape(boards[0])}</a>, '
                f"tiled{over} at true scale, at 100 %.</span>"
            )
        pair.append(
            _picture(f"{vid}/board.svg", mine["board.svg"], f"{title}: the board", "<b>The board</b>", extra)
        )
    if pair:
        parts.append(f'<div class="pair">{"".join(pair)}</div>')

    examples: list[str] = []
    for example in variant.examples:
        name = f"{EXAMPLE_PREFIX}{example.id}.svg"
        if name not in mine:
            continue
        caption = variant.text(example.caption)
        examples.append(
            _picture(
                f"{vid}/{name}",
                mine[name],
                f"{title}: {_example_title(example)}. {caption}",
                f"<b>{escape(_example_title(example))}"
                f'<span class="topic">{escape(example.topic)}</span></b>{escape(caption)}',
            )
        )
    if examples:
        parts.append('<h3>Examples</h3><div class="examples">' + "".join(examples) + "</div>")
    parts.append("</section>")
    return "\n".join(parts)


def render_gallery(variants: Sequence[Variant], files: Mapping[str, bytes]) -> bytes:
    """The gallery page for ``variants``, as UTF-8 bytes.

    ``files`` maps each file the build wrote, as a path relative to the output folder
    with ``/`` separators (``catchup/board.svg``, ``booklet-en.pdf``), to its bytes: the
    page links only to those, reads the pictures' mm sizes from the SVGs and the page
    counts from the PDFs. The order of ``files`` does not matter.
    """
    variants = [v for v in variants if any(name.startswith(f"{v.id}/") for name in files)]
    toc = "".join(
        f'<li><a href="#{escape(v.id, quote=True)}">{escape(v.text(v.title))}</a></li>' for v in variants
    )
    top = {n for n in files if "/" not in n}
    booklet_links = "".join(
        f'<li><a href="{_href(f"{BOOKLET_PREFIX}{lang}{suffix}.pdf")}" hreflang="{escape(lang, quote=True)}">'
        f"{escape(_language_name(lang))}{label}</a>"
        f"<small>{escape(_pdf_note(files[f'{BOOKLET_PREFIX}{lang}{suffix}.pdf']))}</small></li>"
        for suffix, label in (("", ""), (FOLD_SUFFIX, ", A5 to fold"))
        for lang in _languages(top, BOOKLET_PREFIX, suffix)
    )
    count = len(variants)
    games = f"{count} game" + ("" if count == 1 else "s")
    width, height = PRINT_BOX
    head = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<link rel="icon" href="data:,">',
        "<title>boardgen: printable boards and diagrams</title>",
        "<style>" + _CSS.replace("@MARGIN@", _num(PRINT_MARGIN)) + "</style>",
        "</head>",
        "<body>",
        '<header class="top">',
        "<h1>Printable boards and diagrams</h1>",
        f'<p class="lead">{games}: each with its starting position, its board and the example moves '
        "of its rule sheet, drawn by the rules engine, and links to the PDFs to print. "
        "Click a picture to open the SVG.</p>",
        f'<ul class="toc">{toc}</ul>' if toc else "",
        f'<ul class="links"><li class="label">Booklets, every game in one PDF:</li>{booklet_links}</ul>'
        if booklet_links
        else "",
        '<div class="note">',
        _ruler(),
        "<p><b>Printing at true scale.</b> Print at 100 % (“Actual size”; Scale: Default), never "
        "“Fit to page”. Then the pictures that fit a sheet print at their true size, written "
        "under each, and the ruler measures exactly 100 mm: measure it to check your printer. "
        f"Pictures larger than {_shown(width)} {_TIMES} {_shown(height)} mm (the full boards) print reduced "
        "here: print those from their <b>board PDF</b>, tiled over several pages with crop marks, "
        "each page with its own ruler.</p>",
        "</div>",
        "</header>",
        "<main>",
    ]
    body = [_game(v, files) for v in variants]
    tail = [
        "</main>",
        "<footer>Made by boardgen. Every file is beside this page; it needs no network.</footer>",
        "</body>",
        "</html>",
        "",
    ]
    return "\n".join([*(h for h in head if h), *body, *tail]).encode("utf-8")
