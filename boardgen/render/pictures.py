"""The pictures and pages of one game: the true-scale board, the starting position, the
board cut into pages, and the options a command line may override.

``board.pdf``, the booklet's board part and ``boardgen validate``'s page-count check
all go through here, so they agree on every page. The pictures are the same in every
language (only their titles change), so each is drawn once per game (:mod:`boardgen.render.memo`).
"""

from __future__ import annotations

__all__ = [
    "RenderOptions",
    "What",
    "board_pages_for",
    "board_size_of",
    "check_page_limit",
    "diagram_cell_size",
    "lang_of",
    "paper_for",
    "scene_for",
    "start_cell_size",
    "start_pieces",
    "tiled_board_pages",
    "title_of",
    "turned",
]

import dataclasses
from typing import Literal

from ..descriptor.model import Variant
from ..errors import BoardgenError
from ..foundation.paper import Paper, paper_named
from ..foundation.values import frozen
from ..rules.base import PieceView
from ..rules.registry import family
from ..scene.shapes import Scene
from ..texts.catalogue import catalogue, typeset
from .board import BoardOptions, board_extent, board_scene, board_size
from .memo import remembered
from .pages import MAX_PAGES, board_page_total, board_pages, page_count
from .typefaces import in_its_fonts

What = Literal["board", "start", "pieces", "rules"]

#: Room a diagram page keeps for its title and caption, in mm.
_DIAGRAM_BANDS = 40.0


@frozen
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
    #: The edition sheets are set in, "standard" or "large-print" (see sheets.flow.EDITIONS);
    #: None: the edition in force (a build sets it once for all its files).
    edition: str | None = None
    #: PDF/X-4 for a print shop (CMYK, trim and bleed boxes, output intent); a board is
    #: then one page of its own size, its background extended by ``bleed`` mm.
    print_shop: bool = False
    #: Bleed around each page's trim, in mm (print-shop output only).
    bleed: float = 3.0


def paper_for(variant: Variant, options: RenderOptions) -> tuple[Paper, bool | None]:
    """The paper, and the orientation asked for (None: the caller picks the better one)."""
    landscape = variant.print.landscape if options.landscape is None else options.landscape
    return paper_named(options.paper or variant.print.paper), landscape


def turned(paper: Paper, landscape: bool | None) -> bool:
    """A one-page diagram's orientation: as asked, else the sheet's own (ledger lies)."""
    return paper.width > paper.height if landscape is None else landscape


def lang_of(options: RenderOptions) -> str:
    return options.lang or "en"


def title_of(variant: Variant, options: RenderOptions) -> str:
    """The variant's title in the options' language."""
    lang = lang_of(options)
    return typeset(variant.text(variant.title, lang), catalogue(lang).typography)


@in_its_fonts
def tiled_board_pages(
    variant: Variant,
    artwork: Scene,
    paper: Paper,
    landscape: bool | None,
    title: str,
    options: RenderOptions,
    board_size: tuple[float, float] | None,
) -> tuple[Scene, ...]:
    """The board's pages; with no orientation asked for, the one needing fewer pages
    (or the only one whose tiles can hold the board's cells, a long word with the cells
    under it may need the paper's long side).

    A board needing more than MAX_PAGES pages is refused before anything is drawn.
    """
    _within_page_limit(variant, artwork, paper, landscape, options)

    def pages(turned: bool) -> tuple[Scene, ...]:
        return board_pages(
            artwork,
            paper,
            landscape=turned,
            title=title,
            lang=lang_of(options),
            numbered=options.numbered,
            board_size=board_size,
        )

    if landscape is not None:
        return pages(landscape)
    # The pages of each way round are counted first (the tiles cut, not finished), and
    # only the winner's are made: the other's tiles are neither finished nor laid out.
    try:
        portrait = board_page_total(artwork, paper, landscape=False)
    except BoardgenError as refused:
        try:
            return pages(True)
        except BoardgenError:
            raise refused from None
    if portrait == 1:
        return pages(False)
    turned = board_page_total(artwork, paper, landscape=True)
    return pages(True) if turned < portrait else pages(False)


def _within_page_limit(
    variant: Variant, artwork: Scene, paper: Paper, landscape: bool | None, options: RenderOptions
) -> None:
    """Refuse a board needing more than MAX_PAGES pages (in its better orientation)."""
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
    paper, landscape = paper_for(variant, options)
    _within_page_limit(variant, scene_for(variant, "board", options), paper, landscape, options)


def board_size_of(variant: Variant, options: RenderOptions) -> tuple[float, float]:
    return board_extent(variant, options.cell_size or variant.print.cell_size)


@in_its_fonts
def board_pages_for(
    variant: Variant, options: RenderOptions = RenderOptions(), *, title: str | None = None
) -> tuple[Scene, ...]:
    """The pages of ``board-<lang>.pdf`` (the booklet reuses them), headed ``title`` if given,
    else the variant's title in ``options.lang``."""
    paper, landscape = paper_for(variant, options)
    artwork = scene_for(variant, "board", options)
    size = board_size_of(variant, options)
    return tiled_board_pages(
        variant, artwork, paper, landscape, title or title_of(variant, options), options, size
    )


def start_pieces(variant: Variant) -> dict[int, PieceView]:
    kind = family(variant.rules.family).setup_piece
    kinds = variant.kinds
    return {
        cell: PieceView(pid, kind, kinds.get(cell, ""))
        for pid, cells in variant.setup.items()
        for cell in cells
    }


@in_its_fonts
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


@in_its_fonts
def scene_for(variant: Variant, what: What, options: RenderOptions) -> Scene:
    """The picture itself: the true-scale board, or the starting position."""
    coordinates = variant.print.coordinates if options.coordinates is None else options.coordinates
    if what == "board":
        size = options.cell_size or variant.print.cell_size
        return _drawn_once(variant, size, coordinates, title_of(variant, options), start=False)
    size = start_cell_size(variant, options)
    title = catalogue(lang_of(options)).text("board.start_title", title=title_of(variant, options))
    return _drawn_once(variant, size, coordinates, title, start=True)


def start_cell_size(variant: Variant, options: RenderOptions) -> float:
    """The cell size (mm) of the start diagram: the largest up to 25 mm (or the
    board's own, if smaller) whose diagram fits one page; ``options.cell_size`` if given.
    The studio draws the positions played from the start at this size too."""
    if options.cell_size:
        return options.cell_size
    paper, landscape = paper_for(variant, options)
    page = paper.oriented(turned(paper, landscape))
    coordinates = variant.print.coordinates if options.coordinates is None else options.coordinates
    return diagram_cell_size(variant, page, coordinates, min(variant.print.cell_size, 25.0))


def _drawn_once(variant: Variant, size: float, coordinates: bool, title: str, *, start: bool) -> Scene:
    """The empty board, or with ``start`` the starting position, titled ``title``: the
    picture is the same in every language, only its title changes, so it is drawn once
    per game (and its tiles are then cut once, see :func:`boardgen.render.pages.board_pages`)."""

    def draw() -> Scene:
        pieces = start_pieces(variant) if start else None
        return board_scene(variant, BoardOptions(size, coordinates), pieces)

    scene: Scene = remembered(variant, ("scene", size, coordinates, start), draw)
    return dataclasses.replace(scene, title=title)
