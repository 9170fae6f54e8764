"""DXF for CNC and laser software that prefers it to SVG, written with ezdxf.

The same three kinds of work as the laser SVG, as layers named ``CUT``, ``SCORE`` and
``ENGRAVE`` in the same colours (ACI 1 red, 5 blue, 7 black/white); engraved areas are
the closed outlines on ``ENGRAVE``, which laser software fills. R12, the DXF that every
CAM and laser program reads, has no hatches and no objects section (whose order ezdxf
does not keep from run to run). One drawing unit is one millimetre (R12 has no unit
field: laser and CAM programs ask, or take millimetres) and y points up, as CAD
expects: the plan is turned over its horizontal line. ezdxf's creation dates and
random ids are fixed, so the same board gives the same bytes.
"""

from __future__ import annotations

__all__ = ["dxf_bytes"]

import io
import logging
from typing import Any

from ..errors import BoardgenError
from .plan import CutPlan, Disc, Shape

#: Layer name -> AutoCAD Color Index.
_LAYERS = {"CUT": 1, "SCORE": 5, "ENGRAVE": 7}


def _ezdxf() -> Any:
    """ezdxf, imported when a DXF is asked for (it is an optional dependency)."""
    try:
        import ezdxf  # lazy: an optional extra, loaded when a DXF is made
    except ImportError as error:  # pragma: no cover - depends on the installation
        raise BoardgenError("DXF output needs ezdxf: pip install 'boardgen-print[maker]'") from error
    return ezdxf


def _add(space: Any, shape: Shape, layer: str, height: float) -> None:
    attribs = {"layer": layer}
    if isinstance(shape, Disc):
        space.add_circle((shape.cx, height - shape.cy), shape.r, dxfattribs=attribs)
        if shape.hole > 0:
            space.add_circle((shape.cx, height - shape.cy), shape.hole, dxfattribs=attribs)
        return
    points = [(x, height - y) for x, y in shape.points]
    space.add_polyline2d(points, close=shape.closed, dxfattribs=attribs)


def dxf_bytes(plan: CutPlan) -> bytes:
    """The plan as an ASCII DXF R12, layers ``CUT``, ``SCORE``, ``ENGRAVE``."""
    ezdxf = _ezdxf()
    ezdxf.options.write_fixed_meta_data_for_testing = True  # no dates or random GUIDs
    # ezdxf warns on stderr that R12 keeps no unit: the module text says so instead.
    quiet = logging.getLogger("ezdxf")
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    try:
        doc = ezdxf.new("R12")
    finally:
        quiet.setLevel(level)
    for name, colour in _LAYERS.items():
        doc.layers.add(name, color=colour)
    space = doc.modelspace()
    for layer, shapes in (("ENGRAVE", plan.engrave), ("SCORE", plan.score), ("CUT", plan.cut)):
        for shape in shapes:
            _add(space, shape, layer, plan.height)
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode("utf-8")
