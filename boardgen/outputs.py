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

import dataclasses

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
    "variant_files",
    "variant_languages",
    "worded_file",
]

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from .descriptor.model import Variant
from .errors import BoardgenError
from .memo import remembered
from .render.board import BoardOptions, board_scene, board_size
from .render.paper import Paper, paper_named
from .rules.base import PieceView
from .rules.registry import family
from .scene import Document, Scene

What = Literal["board", "start", "pieces", "rules"]
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

#: Room a diagram page keeps for its title and caption, in mm.
_DIAGRAM_BANDS = 40.0


@dataclass(frozen=True)
class RenderOptions:
    """Command-line overrides; ``None`` means "as the descriptor says"."""

    cell_size: float | None = None
    paper: str | None = None
    landscape: bool | None = None
    coordinates: bool | None = None
    #: Language of rule sheets and of the words on board and diagram pages (None: English).
    lang: str | None = None
    #: Whether tiled boards' pages say "Page n of m" (a booklet numbers them itself).
    numbered: bool = True


def _paper(variant: Variant, options: RenderOptions) -> tuple[Paper, bool | None]:
    """The paper, and the orientation asked for (None: the caller picks the better one)."""
    landscape = variant.print.landscape if options.landscape is None else options.landscape
    return paper_named(options.paper or variant.print.paper), landscape


def _turned(paper: Paper, landscape: bool | None) -> bool:
    """A one-page diagram's orientation: as asked, else the sheet's own (ledger lies)."""
    return paper.width > paper.height if landscape is None else landscape


def _lang(options: RenderOptions) -> str:
    return options.lang or "en"


def variant_languages(variant: Variant) -> tuple[str, ...]:
    """The languages ``variant`` is printed in: those its descriptor gives its texts in
    (:attr:`Variant.languages`, in the catalogues' order). The one place here that
    decides it, so a descriptor written in fewer languages gets fewer files."""
    return variant.languages


def worded_file(what: What, lang: str) -> str:
    """The name of the ``what`` file with words in ``lang``: ``board-fr.pdf``."""
    return f"{what}-{lang}.pdf"


def _title(variant: Variant, options: RenderOptions) -> str:
    """The variant's title in the options' language."""
    from .texts.catalogue import catalogue, typeset

    lang = _lang(options)
    return typeset(variant.text(variant.title, lang), catalogue(lang).typography)


def _board_pages(
    variant: Variant,
    artwork: Scene,
    paper: Paper,
    landscape: bool | None,
    title: str,
    options: RenderOptions,
    board_size: tuple[float, float] | None,
) -> tuple[Scene, ...]:
    """The board's pages; with no orientation asked for, the one needing fewer pages.

    A board needing more than MAX_PAGES pages is refused before anything is drawn.
    """
    from .render.sheet import board_pages

    _within_page_limit(variant, artwork, paper, landscape, options)

    def pages(turned: bool) -> tuple[Scene, ...]:
        return board_pages(
            artwork,
            paper,
            landscape=turned,
            title=title,
            lang=_lang(options),
            numbered=options.numbered,
            board_size=board_size,
        )

    if landscape is not None:
        return pages(landscape)
    portrait = pages(False)
    if len(portrait) == 1:
        return portrait
    turned = pages(True)
    return turned if len(turned) < len(portrait) else portrait


def _within_page_limit(
    variant: Variant, artwork: Scene, paper: Paper, landscape: bool | None, options: RenderOptions
) -> None:
    """Refuse a board needing more than MAX_PAGES pages (in its better orientation)."""
    from .render.sheet import MAX_PAGES, page_count

    turns = (False, True) if landscape is None else (landscape,)
    needed = min(page_count(artwork.width, artwork.height, paper, landscape=t) for t in turns)
    if needed > MAX_PAGES:
        message = (
            f"this board would need {needed:,} pages of {paper.name} (the limit is {MAX_PAGES}): "
            "choose a smaller cell size or larger paper"
        )
        if options.cell_size is None:
            raise variant.error(("print", "cell_size"), message)
        raise BoardgenError(f"--cell-size {options.cell_size:g}: {message}")


def check_page_limit(variant: Variant, options: RenderOptions = RenderOptions()) -> None:
    """What ``board.pdf`` checks before drawing, for ``validate`` to check first."""
    paper, landscape = _paper(variant, options)
    _within_page_limit(variant, scene_for(variant, "board", options), paper, landscape, options)


def _board_size(variant: Variant, options: RenderOptions) -> tuple[float, float]:
    from .render.board import board_extent

    return board_extent(variant, options.cell_size or variant.print.cell_size)


def board_pages_for(
    variant: Variant, options: RenderOptions = RenderOptions(), *, title: str | None = None
) -> tuple[Scene, ...]:
    """The pages of ``board-<lang>.pdf`` (the booklet reuses them), headed ``title`` if given,
    else the variant's title in ``options.lang``."""
    paper, landscape = _paper(variant, options)
    artwork = scene_for(variant, "board", options)
    size = _board_size(variant, options)
    return _board_pages(variant, artwork, paper, landscape, title or _title(variant, options), options, size)


def start_pieces(variant: Variant) -> dict[int, PieceView]:
    kind = family(variant.rules.family).setup_piece
    kinds = variant.kinds
    return {
        cell: PieceView(pid, kind, kinds.get(cell, ""))
        for pid, cells in variant.setup.items()
        for cell in cells
    }


def diagram_cell_size(variant: Variant, paper: Paper, coordinates: bool, wanted: float) -> float:
    """The largest cell size up to ``wanted`` whose diagram fits one page."""

    box = paper.printable

    def fits(size: float) -> bool:
        width, height = board_size(variant, BoardOptions(size, coordinates))
        return width <= box.width and height <= box.height - _DIAGRAM_BANDS

    def search() -> float:
        # The sizes tried, largest first, each 5 % under the one before; a diagram
        # grows with its cells, so the first that fits is found by bisection.
        sizes = [wanted]
        while sizes[-1] > 3.0:
            sizes.append(round(sizes[-1] * 0.95, 2))
        low, high = 0, len(sizes) - 1  # the answer's index is in [low, high]
        while low < high:
            middle = (low + high) // 2
            low, high = (low, middle) if fits(sizes[middle]) else (middle + 1, high)
        return sizes[low]

    found: float = remembered(variant, ("diagram cell size", paper, coordinates, wanted), search)
    return found


def scene_for(variant: Variant, what: What, options: RenderOptions) -> Scene:
    """The picture itself: the true-scale board, or the starting position."""
    coordinates = variant.print.coordinates if options.coordinates is None else options.coordinates
    if what == "board":
        size = options.cell_size or variant.print.cell_size
        return _drawn_once(variant, size, coordinates, _title(variant, options), start=False)
    from .texts.catalogue import catalogue

    paper, landscape = _paper(variant, options)
    page = paper.oriented(_turned(paper, landscape))
    size = options.cell_size or diagram_cell_size(
        variant, page, coordinates, min(variant.print.cell_size, 25.0)
    )
    title = catalogue(_lang(options)).text("board.start_title", title=_title(variant, options))
    return _drawn_once(variant, size, coordinates, title, start=True)


def _drawn_once(variant: Variant, size: float, coordinates: bool, title: str, *, start: bool) -> Scene:
    """The empty board, or with ``start`` the starting position, titled ``title``: the
    picture is the same in every language, only its title changes, so it is drawn once
    per game (and its tiles are then cut once, see :func:`boardgen.render.sheet.board_pages`)."""

    def draw() -> Scene:
        pieces = start_pieces(variant) if start else None
        return board_scene(variant, BoardOptions(size, coordinates), pieces)

    scene: Scene = remembered(variant, ("scene", size, coordinates, start), draw)
    return dataclasses.replace(scene, title=title)


def render(variant: Variant, what: What, fmt: Format, options: RenderOptions = RenderOptions()) -> bytes:
    """One output as bytes, ready to be written."""
    if what == "pieces":
        return _pieces(variant, fmt, options)
    if what == "rules":
        return _rules(variant, fmt, options)
    scene = scene_for(variant, what, options)
    if fmt == "svg":
        from .backends.svg import render_svg

        return render_svg(scene)
    from .backends.pdf import render_pdf
    from .render.sheet import diagram_page
    from .texts.catalogue import catalogue

    paper, landscape = _paper(variant, options)
    lang = _lang(options)
    title = _title(variant, options)
    if what == "board":
        pages = _board_pages(variant, scene, paper, landscape, title, options, _board_size(variant, options))
    else:
        from .texts.compose import start_caption

        caption = start_caption(variant, lang)
        turned = _turned(paper, landscape)
        pages = (diagram_page(scene, paper, landscape=turned, title=scene.title, caption=caption, lang=lang),)
    subject = catalogue(lang).text(f"subject.{what}", title=title)
    return render_pdf(Document(pages, title=scene.title, subject=subject, language=lang))


def _pieces(variant: Variant, fmt: Format, options: RenderOptions) -> bytes:
    """The print-and-play counters: a PDF only (several pages, at the board's scale)."""
    from .render.pieces_sheet import pieces_pages

    if fmt != "pdf":
        raise BoardgenError("the pieces sheet is made as PDF only")
    from .backends.pdf import render_pdf
    from .texts.catalogue import catalogue

    paper, _ = _paper(variant, options)
    lang = _lang(options)
    pages = pieces_pages(variant, paper, lang)
    c = catalogue(lang)
    title = _title(variant, options)
    subject = c.text("subject.pieces", title=title)
    return render_pdf(
        Document(pages, title=c.text("pieces.title", title=title), subject=subject, language=lang)
    )


def _rules(variant: Variant, fmt: Format, options: RenderOptions) -> bytes:
    """The rule sheet in ``options.lang``: a PDF only (platypus page layout)."""
    from reportlab.platypus.doctemplate import LayoutError  # type: ignore[import-untyped,unused-ignore]

    from .sheets.rulesheet import render_rules

    if fmt != "pdf":
        raise BoardgenError("rule sheets are made as PDF only")
    paper, _ = _paper(variant, options)
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
    from .texts import languages

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
    from .render.paper import A4
    from .sheets.booklet import BookletWords, render_booklet, render_folded_booklet

    stem = name.removeprefix(BOOKLET_PREFIX).removesuffix(".pdf")
    lang = stem.removesuffix(FOLD_SUFFIX)
    if name not in booklet_files(variants):
        raise KeyError(name)
    speaking = [variant for variant in variants if lang in variant_languages(variant)]
    words = BookletWords((title or {}).get(lang, ""), (cover or {}).get(lang, ""))
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
    from .backends.svg import render_svg
    from .render.diagram import example_scene, fit_cell_size
    from .rules.registry import make_game

    wanted = name.removeprefix(EXAMPLE_PREFIX).removesuffix(".svg")
    for example in variant.examples:
        if example.id == wanted and name == f"{EXAMPLE_PREFIX}{wanted}.svg":
            game = make_game(variant.game_spec(), variant.rules.family)
            size = fit_cell_size(variant, coordinates=variant.print.coordinates)
            return render_svg(example_scene(variant, game, example, cell_size=size))
    raise KeyError(name)
