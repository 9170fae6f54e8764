"""Laser-cutter SVG: one named layer per kind of work, one colour per layer.

Laser software (LightBurn, RDWorks, Inkscape's laser extensions, Glowforge) maps
colours to operations, so the file keeps to the common convention: **cut** lines are
red hairlines, **score** lines blue hairlines, **engrave** areas black fills. Each kind
is an Inkscape layer (``inkscape:groupmode="layer"``) named for what it does. Sizes are
in millimetres (``width="…mm"`` with a matching ``viewBox``), so the file imports at
true scale. Hairlines are 0.01 mm: lasers treat them as vector paths, not fills.
"""

from __future__ import annotations

__all__ = ["CUT", "ENGRAVE", "SCORE", "counters_plan", "laser_svg"]

from xml.sax.saxutils import escape, quoteattr

from ..descriptor.model import Variant
from ..render.pieces import crown
from .counters import counter_layout, dot_centres, makers_counters
from .plan import CutPlan, Disc, Path, Shape

#: Colours of the three operations, as laser software expects them.
CUT, SCORE, ENGRAVE = "#ff0000", "#0000ff", "#000000"
_HAIRLINE = 0.01
_INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _path_data(shape: Shape) -> str:
    if isinstance(shape, Disc):
        parts = [_circle_data(shape.cx, shape.cy, shape.r)]
        if shape.hole > 0:
            parts.append(_circle_data(shape.cx, shape.cy, shape.hole))
        return " ".join(parts)
    points = " L".join(f"{_num(x)} {_num(y)}" for x, y in shape.points)
    return f"M{points}{' Z' if shape.closed else ''}"


def _circle_data(cx: float, cy: float, r: float) -> str:
    """A full circle as two arcs (a path, so every shape is one element kind)."""
    left, right, y, arc = _num(cx - r), _num(cx + r), _num(cy), f"A{_num(r)} {_num(r)} 0 1 0"
    return f"M{left} {y} {arc} {right} {y} {arc} {left} {y} Z"


def _layer(name: str, shapes: tuple[Shape, ...], paint: str) -> list[str]:
    lines = [
        f'  <g id={quoteattr(name)} inkscape:groupmode="layer" inkscape:label={quoteattr(name)} {paint}>'
    ]
    lines.extend(f'    <path d="{_path_data(shape)}"/>' for shape in shapes)
    lines.append("  </g>")
    return lines


def laser_svg(plan: CutPlan) -> bytes:
    """The plan as a laser SVG: layers ``engrave`` (filled first: engraving before
    cutting keeps the part in place), ``score``, then ``cut`` last."""
    w, h = _num(plan.width), _num(plan.height)
    hair = f'stroke-width="{_HAIRLINE}"'
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="{_INKSCAPE}"',
        f'     width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">',
        f"  <title>{escape(plan.title)}</title>",
        "  <desc>Laser file: engrave = black fills, score = blue hairlines, cut = red hairlines; "
        "sizes in mm at true scale.</desc>",
    ]
    lines += _layer("engrave", plan.engrave, f'fill="{ENGRAVE}" fill-rule="evenodd" stroke="none"')
    lines += _layer("score", plan.score, f'fill="none" stroke="{SCORE}" {hair}')
    lines += _layer("cut", plan.cut, f'fill="none" stroke="{CUT}" {hair}')
    lines.append("</svg>")
    return ("\n".join(lines) + "\n").encode("utf-8")


def counters_plan(variant: Variant, width: float) -> CutPlan:
    """The game's counters on a sheet ``width`` mm wide: each disc cut, a king's crown
    and the player's dots engraved."""
    counters = makers_counters(variant)
    centres, height = counter_layout(counters, width)
    cut: list[Shape] = []
    engrave: list[Shape] = []
    for counter, (cx, cy) in zip(counters, centres, strict=True):
        radius = counter.diameter / 2
        cut.append(Disc(cx, cy, radius))
        if counter.kind == "king":
            engrave.append(Path(crown(cx, cy, radius * 0.75, ENGRAVE).points))
        dot = max(0.8, radius * 0.1)
        engrave.extend(Disc(x, y, dot) for x, y in dot_centres(counter.player, cx, cy, radius))
    title = f"{variant.text(variant.title)}: counters"
    return CutPlan(width, height, tuple(cut), tuple(engrave), (), title)
