"""SVG backend: a scene as a standalone SVG document with millimetre units.

Built with :mod:`xml.etree` from the standard library rather than svgwrite: the
format needs only a dozen elements, ElementTree escapes text correctly and keeps
attribute order (so output is deterministic), and svgwrite is marked inactive by its
own authors: a dependency nobody maintains for something the standard library does.

The root has ``width``/``height`` in mm and a matching ``viewBox``, so one user unit is
one millimetre and a viewer printing at 100 % prints at true scale. Clip-path ids are
derived from a digest of the picture, so two diagrams inlined in one HTML page never
share an id unless they are the same picture.
"""

from __future__ import annotations

__all__ = ["FONT_FAMILY", "render_svg"]

import hashlib
import xml.etree.ElementTree as ET

from ..scene import Circle, Ellipse, Group, Item, Polygon, Rect, Scene, Style, Text

#: Fonts the SVG asks for: the same family the PDF embeds (DejaVu grew out of Vera).
FONT_FAMILY = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"


def num(value: float) -> str:
    """Shortest exact-enough text for a length: 3 decimals (a micrometre), no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class _Writer:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.clips = 0
        self.defs: ET.Element | None = None

    def style(self, element: ET.Element, style: Style) -> None:
        element.set("fill", style.fill or "none")
        if style.stroke:
            element.set("stroke", style.stroke)
            element.set("stroke-width", num(style.stroke_width))
            if style.dash:
                element.set("stroke-dasharray", " ".join(num(d) for d in style.dash))
        if style.opacity < 1:
            element.set("opacity", num(style.opacity))

    def item(self, parent: ET.Element, item: Item) -> None:
        if isinstance(item, Polygon):
            tag = "polygon" if item.closed else "polyline"
            e = ET.SubElement(parent, tag, points=" ".join(f"{num(x)},{num(y)}" for x, y in item.points))
            self.style(e, item.style)
        elif isinstance(item, Rect):
            e = ET.SubElement(
                parent, "rect", x=num(item.x), y=num(item.y), width=num(item.width), height=num(item.height)
            )
            self.style(e, item.style)
        elif isinstance(item, Circle):
            e = ET.SubElement(parent, "circle", cx=num(item.cx), cy=num(item.cy), r=num(item.r))
            self.style(e, item.style)
        elif isinstance(item, Ellipse):
            e = ET.SubElement(
                parent, "ellipse", cx=num(item.cx), cy=num(item.cy), rx=num(item.rx), ry=num(item.ry)
            )
            if item.angle:
                e.set("transform", f"rotate({num(item.angle)} {num(item.cx)} {num(item.cy)})")
            self.style(e, item.style)
        elif isinstance(item, Text):
            e = ET.SubElement(parent, "text", x=num(item.x), y=num(item.y))
            e.set("font-size", num(item.size))
            if item.anchor != "start":
                e.set("text-anchor", item.anchor)
            if item.bold:
                e.set("font-weight", "bold")
            e.set("fill", item.fill)
            e.text = item.text
        else:
            self.group(parent, item)

    def group(self, parent: ET.Element, group: Group) -> None:
        e = ET.SubElement(parent, "g")
        if group.label:
            e.set("aria-label", group.label)
        moves = []
        if group.dx or group.dy:
            moves.append(f"translate({num(group.dx)} {num(group.dy)})")
        if group.scale != 1:
            moves.append(f"scale({num(group.scale)})")
        if moves:
            e.set("transform", " ".join(moves))
        target = e
        if group.clip is not None:
            self.clips += 1
            clip_id = f"{self.prefix}-clip{self.clips}"
            assert self.defs is not None
            path = ET.SubElement(self.defs, "clipPath", id=clip_id)
            x, y, w, h = group.clip
            ET.SubElement(path, "rect", x=num(x), y=num(y), width=num(w), height=num(h))
            target = ET.SubElement(e, "g")
            target.set("clip-path", f"url(#{clip_id})")
        for child in group.items:
            self.item(target, child)


def render_svg(scene: Scene) -> bytes:
    """The scene as UTF-8 SVG bytes, true to scale in millimetres."""
    root = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        version="1.1",
        width=f"{num(scene.width)}mm",
        height=f"{num(scene.height)}mm",
        viewBox=f"0 0 {num(scene.width)} {num(scene.height)}",
        role="img",
    )
    root.set("font-family", FONT_FAMILY)
    if scene.title:
        ET.SubElement(root, "title").text = scene.title
    if scene.description:
        ET.SubElement(root, "desc").text = scene.description
    digest = hashlib.sha1(repr(scene).encode("utf-8"), usedforsecurity=False).hexdigest()[:8]
    writer = _Writer(f"bg{digest}")
    writer.defs = ET.SubElement(root, "defs")
    for item in scene.items:
        writer.item(root, item)
    if len(writer.defs) == 0:
        root.remove(writer.defs)
    ET.indent(root, space="")
    body: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=False)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + body + b"\n"
