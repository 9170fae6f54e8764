"""What boardgen makes for a variant, and how each output is rendered.

This is the one place that knows the list of files under ``output/<id>/``; the CLI's
``render`` and ``build`` commands both go through it, so a file rendered alone is
byte-identical to the same file in a full build.
"""

from __future__ import annotations

__all__ = ["OUTPUTS", "RenderOptions", "render"]

from dataclasses import dataclass
from typing import Literal

from .descriptor.model import Variant
from .render.board import BoardOptions, board_scene
from .render.paper import Paper, paper_named
from .rules.base import PieceView
from .scene import Document, Scene

What = Literal["board", "start"]
Format = Literal["svg", "pdf"]

#: File name -> (what, format), in build order.
OUTPUTS: dict[str, tuple[What, Format]] = {
    "board.svg": ("board", "svg"),
    "board.pdf": ("board", "pdf"),
    "start.svg": ("start", "svg"),
    "start.pdf": ("start", "pdf"),
}

#: Room a diagram page keeps for its title and caption, in mm.
_DIAGRAM_BANDS = 40.0


@dataclass(frozen=True)
class RenderOptions:
    """Command-line overrides; ``None`` means "as the descriptor says"."""

    cell_size: float | None = None
    paper: str | None = None
    landscape: bool | None = None
    coordinates: bool | None = None


def _paper(variant: Variant, options: RenderOptions) -> tuple[Paper, bool | None]:
    """The paper, and the orientation asked for (None: the caller picks the better one)."""
    landscape = variant.print.landscape if options.landscape is None else options.landscape
    return paper_named(options.paper or variant.print.paper), landscape


def _board_pages(artwork: Scene, paper: Paper, landscape: bool | None, title: str) -> tuple[Scene, ...]:
    """The board's pages; with no orientation asked for, the one needing fewer pages."""
    from .render.sheet import board_pages

    if landscape is not None:
        return board_pages(artwork, paper, landscape=landscape, title=title)
    portrait = board_pages(artwork, paper, landscape=False, title=title)
    if len(portrait) == 1:
        return portrait
    turned = board_pages(artwork, paper, landscape=True, title=title)
    return turned if len(turned) < len(portrait) else portrait


def start_pieces(variant: Variant) -> dict[int, PieceView]:
    kind: Literal["man", "stone"] = "stone" if variant.rules.family == "placement" else "man"
    return {cell: PieceView(pid, kind) for pid, cells in variant.setup.items() for cell in cells}


def diagram_cell_size(variant: Variant, paper: Paper, coordinates: bool, wanted: float) -> float:
    """The largest cell size up to ``wanted`` whose diagram fits one page."""
    box = paper.printable
    size = wanted
    while size > 3.0:
        scene = board_scene(variant, BoardOptions(size, coordinates))
        if scene.width <= box.width and scene.height <= box.height - _DIAGRAM_BANDS:
            return size
        size = round(size * 0.95, 2)
    return size


def scene_for(variant: Variant, what: What, options: RenderOptions) -> Scene:
    """The picture itself: the true-scale board, or the starting position."""
    coordinates = variant.print.coordinates if options.coordinates is None else options.coordinates
    if what == "board":
        size = options.cell_size or variant.print.cell_size
        return board_scene(variant, BoardOptions(size, coordinates, variant.title["en"]))
    paper, landscape = _paper(variant, options)
    page = paper.oriented(bool(landscape))
    size = options.cell_size or diagram_cell_size(
        variant, page, coordinates, min(variant.print.cell_size, 25.0)
    )
    title = f"{variant.title['en']}: starting position"
    return board_scene(variant, BoardOptions(size, coordinates, title), start_pieces(variant))


def render(variant: Variant, what: What, fmt: Format, options: RenderOptions = RenderOptions()) -> bytes:
    """One output as bytes, ready to be written."""
    scene = scene_for(variant, what, options)
    if fmt == "svg":
        from .backends.svg import render_svg

        return render_svg(scene)
    from .backends.pdf import render_pdf
    from .render.sheet import diagram_page

    paper, landscape = _paper(variant, options)
    if what == "board":
        pages = _board_pages(scene, paper, landscape, variant.title["en"])
    else:
        pages = (diagram_page(scene, paper, landscape=bool(landscape), title=scene.title),)
    document = Document(pages, title=scene.title, subject=f"boardgen {what} for {variant.id}", language="en")
    return render_pdf(document)
