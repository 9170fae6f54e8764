"""One maker file of a game: the board or the counters as laser SVG, DXF or STL.

A laser file cuts the board's sheet out, engraves its dark areas and scores its lines
(:mod:`.plan`, :mod:`.laser`, :mod:`.dxf`); the counters are cut as discs with a
king's crown and the player's dots engraved. An STL is a tactile board or the set of
counters (:mod:`.solids`), watertight by construction (:mod:`.mesh`).
"""

from __future__ import annotations

__all__ = ["maker_file"]

from dataclasses import replace
from typing import Literal

from ..descriptor.model import Variant
from ..render.board import BoardOptions, board_scene
from ..render.typefaces import in_its_fonts
from .dxf import dxf_bytes
from .laser import counters_plan, laser_svg
from .mesh import stl_bytes
from .plan import CutPlan, plan_from_scene
from .solids import counters_mesh, tactile_board_mesh

MakerFormat = Literal["laser", "dxf", "stl"]
#: Width of the sheet counters are laid out on, in mm (a common laser bed; a printer's bed).
SHEET_WIDTH = 280.0
BED_WIDTH = 200.0
#: Material left around a board's picture before the cut line, in mm.
MARGIN = 5.0


def _plan(variant: Variant, what: str) -> CutPlan:
    if what == "pieces":
        return counters_plan(variant, SHEET_WIDTH)
    scene = board_scene(variant, BoardOptions(variant.print.cell_size, coordinates=False))
    return plan_from_scene(scene, MARGIN)


@in_its_fonts
def maker_file(
    variant: Variant, what: Literal["board", "pieces"], fmt: MakerFormat, cell_size: float | None = None
) -> bytes:
    """The bytes of one maker file: ``what`` (the board or the counters) as ``fmt``, at the
    descriptor's cell size or ``cell_size`` mm (counters follow it, as on paper)."""
    if cell_size is not None:
        variant = replace(variant, print=replace(variant.print, cell_size=cell_size))
    if fmt == "stl":
        mesh = counters_mesh(variant, BED_WIDTH) if what == "pieces" else tactile_board_mesh(variant)
        return stl_bytes(mesh, f"{variant.id} {what}")
    plan = _plan(variant, what)
    return laser_svg(plan) if fmt == "laser" else dxf_bytes(plan)
