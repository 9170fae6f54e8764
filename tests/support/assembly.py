"""A virtual assembly of a tiled board: what a person holds after cutting and gluing.

Shared by ``tests/render/test_assembly.py`` (a sample in ``make test``) and the complete check
(``make assembly``: every shipped game on A4, Letter and A3). The tiles' pages are read
back as scenes: what each page prints (its board shapes, glue-strip names, cut line),
placed at the tile's planned offset, is compared with the untiled board and with the
regions the plan says each tile keeps once cut out. A line between points that the plan
splits between tiles must be printed as parts that together paint exactly what the
line paints, none over another.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from shapely import box as make_box
from shapely import unary_union
from shapely.geometry import LineString, Polygon

from boardgen.descriptor import load_variant
from boardgen.foundation.paper import Box, paper_named
from boardgen.outputs.files import RenderOptions, board_pages_for, scene_for
from boardgen.render.joins import label_spots
from boardgen.render.legible import MIN_TEXT_MM
from boardgen.render.pages import tile_plan
from boardgen.render.tiles import item_bounds, leaves, split_lines
from boardgen.scene.shapes import Group, Item, Scene, Text
from boardgen.scene.shapes import Polygon as Line

_NAME = re.compile(r"^(\d+)/(\d+)$")
_MARKS = ("glue strip", "cut line")
_TOLERANCE = 0.05  # mm², area of rounding


@dataclass
class Findings:
    """What went wrong in one board's assembly, one line per defect."""

    board: str
    tiles: int = 0
    defects: list[str] = field(default_factory=list)

    def add(self, text: str) -> None:
        self.defects.append(f"{self.board}: {text}")


def _key(box: Box) -> tuple[float, float, float, float]:
    return (round(box.x, 2), round(box.y, 2), round(box.width, 2), round(box.height, 2))


def _placed(
    items: tuple[Item, ...], dx: float = 0.0, dy: float = 0.0, k: float = 1.0
) -> Iterator[tuple[Item, Box]]:
    """Every shape (a clipped group counts as one) with its box, in the items' frame."""
    for item in items:
        if isinstance(item, Group) and item.clip is None:
            if item.label in _MARKS:
                continue
            yield from _placed(item.items, dx + k * item.dx, dy + k * item.dy, k * item.scale)
            continue
        box = item_bounds(item)
        if box is not None:
            yield item, Box(dx + k * box.x, dy + k * box.y, k * box.width, k * box.height)


def _tile_group(page: Scene) -> Group:
    for item in page.items:
        if isinstance(item, Group) and (item.label or "").startswith("tile "):
            return item
    raise AssertionError("a tile page without its tile")


def _has(item: Item, label: str) -> bool:
    return isinstance(item, Group) and (item.label == label or any(_has(c, label) for c in item.items))


def assemble(variant_id: str, paper: str) -> Findings:
    """Cut and glue ``variant_id``'s board printed on ``paper``; report every defect."""
    variant = load_variant(variant_id)
    options = RenderOptions(paper=paper)
    found = Findings(f"{variant_id} on {paper}")
    pages = board_pages_for(variant, options)
    artwork = scene_for(variant, "board", options)
    plan = tile_plan(artwork, paper_named(paper), landscape=pages[0].width > pages[0].height)
    if plan is None:
        if len(pages) != 1:
            found.add("a board that fits one page is tiled")
        return found
    tiles = plan.tiles
    found.tiles = len(tiles)
    if len(pages) != len(tiles) + 1:
        found.add(f"{len(pages)} pages for {len(tiles)} tiles and a map")
        return found
    owner = {id(leaf.item): leaf.owner for leaf in leaves(plan)}
    outlines = {id(leaf.item): leaf.outline for leaf in leaves(plan) if len(leaf.outline) >= 3}
    board = Counter(
        (id(item), _key(box)) for item, box in _placed(artwork.items) if owner.get(id(item), -1) > 0
    )
    for whole, parts in split_lines(plan):
        board.update((id(part), _key(box)) for part, box in _placed(parts))
        _check_parts(found, whole, parts)
    glued: Counter[tuple[int, tuple[float, float, float, float]]] = Counter()
    total = len(tiles)
    for tile, page in zip(tiles, pages[1:], strict=True):
        group = _tile_group(page)
        assert group.clip is not None
        clip = Box(*group.clip).inset(-0.01, -0.01, -0.01, -0.01)
        if _has(group, "cut line") != bool(tile.cut):
            found.add(
                f"tile {tile.number}: cut line printed {_has(group, 'cut line')}, planned {bool(tile.cut)}"
            )
        if tile.number > 1 and not tile.cut and not all(tile.outer[:2]):
            found.add(f"tile {tile.number} joins earlier tiles but has no cut line")
        names: list[tuple[int, Box]] = []
        for item, box in _placed(group.items):
            mine = owner.get(id(item))
            if mine is None:
                match = _NAME.match(item.text) if isinstance(item, Text) else None
                if match and int(match[2]) == total:
                    names.append((int(match[1]), box))
                continue
            if mine < 0:
                continue  # drawn on every tile (a frame), clipped to each
            if mine != tile.number:
                found.add(f"tile {tile.number} prints a shape of tile {mine}")
                continue
            glued[(id(item), _key(box))] += 1
            outline = outlines.get(id(item), ())
            x0, y0, x1, y1 = Polygon(outline).bounds if outline else (box.x, box.y, box.right, box.bottom)
            if not clip.contains(Box(x0, y0, x1 - x0, y1 - y0)):  # what it paints: a line's butt ends
                found.add(f"tile {tile.number}: a shape at {_key(box)} is cut by the page's window")
            if isinstance(item, Text):  # the glyphs, not the room kept for accents and descenders
                box = Box(box.x, box.y + 0.1 * item.size, box.width, box.height - 0.45 * item.size)
            shape = Polygon(outline) if outline else make_box(box.x, box.y, box.right, box.bottom)
            if shape.difference(tile.joins.keep).area > _TOLERANCE:
                found.add(f"tile {tile.number}: a shape at {_key(box)} is cut off along the cut line")
            for later in tiles[tile.number :]:
                if shape.intersection(later.joins.keep).area > _TOLERANCE:
                    found.add(
                        f"tile {tile.number}: a shape at {_key(box)} is hidden under tile {later.number}"
                    )
        for number, part in tile.joins.laid:
            named = [b for n, b in names if n == number]
            size = (len(f"{number}/{total}") * 0.7 * MIN_TEXT_MM + 1.2, 1.46 * MIN_TEXT_MM + 0.4)
            if not named and label_spots(part, tile.joins.shapes, size):
                found.add(f"tile {tile.number}: the strip where tile {number} lies does not name it")
            for b in named:
                label = make_box(
                    b.x, b.y + 0.1 * (b.height / 1.45), b.right, b.bottom - 0.3 * (b.height / 1.45)
                )
                if label.difference(part).area > 0.5 * label.area:
                    found.add(
                        f"tile {tile.number}: name {number}/{total} printed where tile {number} does not lie"
                    )
        for i, (number, box) in enumerate(names):
            for other, b in names[i + 1 :]:
                if box.overlaps(b):
                    found.add(f"tile {tile.number}: the names {number}/{total} and {other}/{total} overlap")
        for number, _ in names:
            if number not in {n for n, _ in tile.joins.laid}:
                found.add(f"tile {tile.number}: strip names tile {number}, which does not lie on it")
    missing, extra = board - glued, glued - board
    if missing:
        found.add(f"{sum(missing.values())} shapes of the board printed on no tile")
    if extra:
        found.add(f"{sum(extra.values())} shapes printed twice or moved")
    return found


def _check_parts(found: Findings, whole: Item, parts: tuple[Item, ...]) -> None:
    """The parts of a line split between tiles paint what the line paints (a stroke
    with butt ends), each part elsewhere."""
    assert isinstance(whole, Line) and not whole.closed
    stroke = LineString(whole.points).buffer(
        whole.style.stroke_width / 2, cap_style="flat", join_style="mitre", mitre_limit=10.0
    )
    shapes = [Polygon(part.points) for part in parts if isinstance(part, Line)]
    x0, y0, x1, y1 = stroke.bounds
    where = _key(Box(x0, y0, x1 - x0, y1 - y0))
    if len(shapes) < 2 or len(shapes) != len(parts):
        found.add(f"a line at {where} is split into {len(parts)} parts, not filled outlines")
        return
    union = unary_union(shapes)
    if union.symmetric_difference(stroke).area > _TOLERANCE:
        found.add(f"the parts of a line at {where} do not paint what the line paints")
    if sum(shape.area for shape in shapes) - union.area > _TOLERANCE:
        found.add(f"the parts of a line at {where} lie on one another")
