"""The ``diagram`` command: one position, with arrows and highlighted cells, as SVG, PDF or PNG."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ._app import complete_variant, main, output_format, reports_errors, uses_library

if TYPE_CHECKING:
    from ..descriptor.library import Library


@main.command()
@click.argument("variant", shell_complete=complete_variant)
@click.option("--position", default=None, help="Position string of the game (default: the start).")
@click.option(
    "--arrow",
    "arrows",
    multiple=True,
    metavar="FROM-TO",
    help="Draw an arrow, e.g. c3-d4, 11-15 (PDN boards) or a3-c5-e7; repeatable.",
)
@click.option("--highlight", "highlights", multiple=True, metavar="CELL", help="Tint a cell; repeatable.")
@click.option("--coordinates/--no-coordinates", default=True, show_default=True, help="Print cell names.")
@click.option("--flip", is_flag=True, help="Draw the board from the north player's side.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["svg", "pdf", "png"]),
    default=None,
    help="Output format (default: from the file name, else svg).",
)
@click.option(
    "--size",
    type=click.FloatRange(3, 150),
    default=None,
    metavar="MM",
    help="Cell size in mm (default: the diagram is about 120 mm wide).",
)
@click.option("--dpi", type=click.IntRange(36, 1200), default=200, show_default=True, help="PNG resolution.")
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True, help="File to write."
)
@reports_errors
@uses_library
def diagram(
    library: Library,
    variant: str,
    position: str | None,
    arrows: tuple[str, ...],
    highlights: tuple[str, ...],
    coordinates: bool,
    flip: bool,
    fmt: str | None,
    size: float | None,
    dpi: int,
    output: Path,
) -> None:
    """Draw a position of VARIANT (an id or a YAML file), with arrows and highlights."""
    from ..fileio import write_atomic
    from ..render.diagram import diagram_scene, fit_cell_size, parse_cell, parse_path
    from ..rules.registry import make_game
    from ..validate import ensure_printable

    chosen = output_format(output, fmt, ("svg", "pdf", "png"), "svg")
    loaded = library.load(variant)
    ensure_printable(loaded)
    paths = [parse_path(loaded, text) for text in arrows]
    cells = [parse_cell(loaded, text) for text in highlights]
    game = make_game(loaded.game_spec(), loaded.rules.family)
    state = game.parse_position(position) if position else game.initial()
    cell_size = size or fit_cell_size(loaded, coordinates=coordinates)
    scene = diagram_scene(
        loaded,
        game.pieces(state),
        cell_size=cell_size,
        coordinates=coordinates,
        flip=flip,
        arrows=paths,
        highlights=cells,
    )
    if chosen == "svg":
        from ..backends.svg import render_svg

        data = render_svg(scene)
    elif chosen == "pdf":
        from ..backends.pdf import render_pdf
        from ..scene import Document

        data = render_pdf(Document((scene,), title=scene.title, subject=f"boardgen diagram for {loaded.id}"))
    else:
        from ..backends.png import render_png

        data = render_png(scene, dpi)
    write_atomic(output, data)
    click.echo(f"wrote {output}")
