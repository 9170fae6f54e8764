"""What boardgen makes for a variant, and how each output is rendered.

This is the one place that knows the list of files under ``output/<id>/``; the CLI's
``render`` and ``build`` commands both go through it, so a file rendered alone is
byte-identical to the same file in a full build. :data:`OUTPUTS` are the files without
words (the same in every language); every file with words comes once per language of
the game (:func:`variant_languages`) as ``<what>-<lang>.pdf`` (:data:`WORDED`), and
:func:`variant_files` adds one ``example-<id>.svg`` per descriptor example. Booklets
(:func:`booklet_files`) are one reading edition and one folded edition per language.
"""

from __future__ import annotations

__all__ = [
    "BOOKLET_PREFIX",
    "EXAMPLE_PREFIX",
    "FOLD_SUFFIX",
    "OUTPUTS",
    "RULES_PREFIX",
    "WORDED",
    "RenderOptions",
    "board_pages_for",
    "booklet_files",
    "booklet_languages",
    "check_page_limit",
    "left_out_of_booklets",
    "render",
    "render_booklet_file",
    "render_file",
    "scene_for",
    "variant_files",
    "variant_languages",
    "worded_file",
]

from collections.abc import Mapping, Sequence
from typing import Literal

from ..backends.svg import render_svg
from ..descriptor.model import Variant
from ..errors import BoardgenError
from ..foundation.paper import A4
from ..render.counter_pages import pieces_pages
from ..render.diagram import example_scene, fit_cell_size
from ..render.pages import diagram_page
from ..render.pictures import (
    RenderOptions,
    What,
    board_pages_for,
    board_size_of,
    check_page_limit,
    lang_of,
    paper_for,
    scene_for,
    tiled_board_pages,
    title_of,
    turned,
)
from ..render.typefaces import in_its_fonts
from ..rules.registry import make_game
from ..scene.shapes import Document, Group, Rect, Scene, Style
from ..sheets.flow import edition
from ..texts import languages
from ..texts.catalogue import catalogue
from ..texts.compose import start_caption

Format = Literal["svg", "pdf"]

#: Files without words, the same in every language: file name -> (what, format), in build order.
OUTPUTS: dict[str, tuple[What, Format]] = {
    "board.svg": ("board", "svg"),
    "start.svg": ("start", "svg"),
}
#: Files with words, one per language of the game, ``<what>-<lang>.pdf``, in build order.
WORDED: tuple[What, ...] = ("board", "start", "pieces", "rules")

#: Example diagrams are written as ``example-<example id>.svg``.
EXAMPLE_PREFIX = "example-"
#: Rule sheets are ``rules-<lang>.pdf`` per variant (one of :data:`WORDED`); booklets
#: ``booklet-<lang>.pdf`` (to read, printed double-sided) and ``booklet-<lang>-fold.pdf``
#: (A5 pages imposed to fold) beside the variants' folders, per language.
RULES_PREFIX = "rules-"
BOOKLET_PREFIX = "booklet-"
FOLD_SUFFIX = "-fold"


def variant_languages(variant: Variant) -> tuple[str, ...]:
    """The languages ``variant`` is printed in: those its descriptor gives its texts in
    (:attr:`Variant.languages`, in the catalogues' order). The one place here that
    decides it, so a descriptor written in fewer languages gets fewer files."""
    return variant.languages


def worded_file(what: What, lang: str) -> str:
    """The name of the ``what`` file with words in ``lang``: ``board-fr.pdf``."""
    return f"{what}-{lang}.pdf"


@in_its_fonts
def render(variant: Variant, what: What, fmt: Format, options: RenderOptions = RenderOptions()) -> bytes:
    """One output as bytes, ready to be written, its sheets in ``options.edition``; PDF/X-4
    for a print shop with ``options.print_shop``."""
    if options.edition is None:
        return _shop(variant, what, fmt, options)
    with edition(options.edition):
        return _shop(variant, what, fmt, options)


def _shop(variant: Variant, what: What, fmt: Format, options: RenderOptions) -> bytes:
    """:func:`_render`, made PDF/X-4 for a print shop if asked: a board is then one page of
    its own size, its background carried out over the bleed."""
    if not (options.print_shop and fmt == "pdf"):
        return _render(variant, what, fmt, options)
    from ..backends.pdfx import to_pdfx  # lazy: pikepdf, for print-shop output only

    if what != "board":
        return to_pdfx(_render(variant, what, fmt, options), bleed=options.bleed)
    from ..backends.pdf import render_pdf  # lazy: reportlab, as below

    artwork = scene_for(variant, "board", options)
    b = options.bleed
    ground = Rect(
        0.0, 0.0, artwork.width + 2 * b, artwork.height + 2 * b, Style(fill=artwork.background or "#ffffff")
    )
    page = Scene(
        artwork.width + 2 * b,
        artwork.height + 2 * b,
        (ground, Group(artwork.items, dx=b, dy=b, label="board")),
        artwork.title,
        artwork.description,
    )
    pdf = render_pdf(Document((page,), title=artwork.title, language=lang_of(options)))
    return to_pdfx(pdf, bleed=b, painted=True)


def _render(variant: Variant, what: What, fmt: Format, options: RenderOptions) -> bytes:
    if what == "pieces":
        return _pieces(variant, fmt, options)
    if what == "rules":
        return _rules(variant, fmt, options)
    scene = scene_for(variant, what, options)
    if fmt == "svg":
        return render_svg(scene)
    # Lazy for start-up speed here and below: PDF output loads reportlab.
    from ..backends.pdf import render_pdf

    paper, landscape = paper_for(variant, options)
    lang = lang_of(options)
    title = title_of(variant, options)
    if what == "board":
        pages = tiled_board_pages(
            variant, scene, paper, landscape, title, options, board_size_of(variant, options)
        )
    else:
        caption = start_caption(variant, lang)
        sideways = turned(paper, landscape)
        pages = (
            diagram_page(scene, paper, landscape=sideways, title=scene.title, caption=caption, lang=lang),
        )
    subject = catalogue(lang).text(f"subject.{what}", title=title)
    return render_pdf(Document(pages, title=scene.title, subject=subject, language=lang))


def _pieces(variant: Variant, fmt: Format, options: RenderOptions) -> bytes:
    """The print-and-play counters: a PDF only (several pages, at the board's scale)."""
    if fmt != "pdf":
        raise BoardgenError("the pieces sheet is made as PDF only")
    from ..backends.pdf import render_pdf  # lazy: reportlab, as above

    paper, _ = paper_for(variant, options)
    lang = lang_of(options)
    pages = pieces_pages(variant, paper, lang)
    c = catalogue(lang)
    title = title_of(variant, options)
    subject = c.text("subject.pieces", title=title)
    return render_pdf(
        Document(pages, title=c.text("pieces.title", title=title), subject=subject, language=lang)
    )


def _rules(variant: Variant, fmt: Format, options: RenderOptions) -> bytes:
    """The rule sheet in ``options.lang``: a PDF only (platypus page layout)."""
    # Lazy: reportlab, as above.
    from reportlab.platypus.doctemplate import LayoutError  # type: ignore[import-untyped,unused-ignore]

    from ..sheets.rulesheet import render_rules

    if fmt != "pdf":
        raise BoardgenError("rule sheets are made as PDF only")
    paper, _ = paper_for(variant, options)
    try:
        return render_rules(variant, options.lang or "en", paper)
    except LayoutError:  # a custom sheet too small for a block of the page
        raise BoardgenError(
            f"the rule sheet of {variant.id} does not fit on {paper.name} paper: choose a larger one"
        ) from None


def variant_files(variant: Variant) -> tuple[str, ...]:
    """Every file ``build`` writes for ``variant``: :data:`OUTPUTS`, then each of
    :data:`WORDED` in each of its languages, then its examples."""
    langs = variant_languages(variant)
    worded = (worded_file(what, lang) for what in WORDED for lang in langs)
    examples = (f"{EXAMPLE_PREFIX}{example.id}.svg" for example in variant.examples)
    return (*OUTPUTS, *worded, *examples)


def booklet_languages(variants: Sequence[Variant]) -> tuple[str, ...]:
    """The languages at least one of ``variants`` has, in catalogue order: booklets for each."""
    return tuple(lang for lang in languages() if any(lang in variant_languages(v) for v in variants))


def booklet_files(variants: Sequence[Variant]) -> tuple[str, ...]:
    """The booklets ``build`` writes at the top of the output folder: per language some
    of ``variants`` have, the reading edition and the folded one."""
    return tuple(
        f"{BOOKLET_PREFIX}{lang}{edition}.pdf"
        for lang in booklet_languages(variants)
        for edition in ("", FOLD_SUFFIX)
    )


def left_out_of_booklets(variants: Sequence[Variant]) -> list[str]:
    """One notice per game a booklet leaves out because the game lacks its language."""
    return [
        f"{BOOKLET_PREFIX}{lang}.pdf leaves out {variant.id} (no '{lang}' text)"
        for lang in booklet_languages(variants)
        for variant in variants
        if lang not in variant_languages(variant)
    ]


def render_booklet_file(
    variants: Sequence[Variant],
    name: str,
    title: Mapping[str, str] | None = None,
    cover: Mapping[str, str] | None = None,
) -> bytes:
    """The bytes of one of :func:`booklet_files`: the ``variants`` that have its language;
    ``title`` and ``cover`` (per language) replace the booklet's own title and cover line."""
    from ..sheets.booklet import BookletWords, render_booklet, render_folded_booklet  # lazy: reportlab

    stem = name.removeprefix(BOOKLET_PREFIX).removesuffix(".pdf")
    lang = stem.removesuffix(FOLD_SUFFIX)
    if name not in booklet_files(variants):
        raise KeyError(name)
    speaking = [variant for variant in variants if lang in variant_languages(variant)]
    # The booklet's own pages are set in the games' faces when they all share them (a theme's).
    shared = {variant.print.fonts for variant in speaking}
    faces = shared.pop() if len(shared) == 1 else None
    words = BookletWords((title or {}).get(lang, ""), (cover or {}).get(lang, ""), faces)
    if stem.endswith(FOLD_SUFFIX):
        return render_folded_booklet(speaking, lang, A4, words)
    return render_booklet(speaking, lang, A4, words)


def render_file(variant: Variant, name: str) -> bytes:
    """The bytes of one of :func:`variant_files`; an example the engine refuses raises."""
    if name in OUTPUTS:
        what, fmt = OUTPUTS[name]
        return render(variant, what, fmt)
    for what in WORDED:
        for lang in variant_languages(variant):
            if name == worded_file(what, lang):
                return render(variant, what, "pdf", RenderOptions(lang=lang))
    wanted = name.removeprefix(EXAMPLE_PREFIX).removesuffix(".svg")
    for example in variant.examples:
        if example.id == wanted and name == f"{EXAMPLE_PREFIX}{wanted}.svg":
            game = make_game(variant.game_spec(), variant.rules.family)
            size = fit_cell_size(variant, coordinates=variant.print.coordinates)
            return render_svg(example_scene(variant, game, example, cell_size=size))
    raise KeyError(name)
