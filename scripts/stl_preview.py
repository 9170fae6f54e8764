"""Draw an STL as a shaded picture, to look at a maker file without a 3D viewer.

    python scripts/stl_preview.py board.stl board.png [--width 800]

Flat-shaded triangles seen from above at an angle, drawn back to front (a painter's
algorithm): enough to see raised cells, grooves, dots and crowns. Needs numpy and Pillow.
"""

from __future__ import annotations

import argparse
import struct
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw


def read_stl(path: Path) -> np.ndarray:
    """Triangles of a binary STL as an array (n, 3, 3)."""
    data = path.read_bytes()
    (count,) = struct.unpack_from("<I", data, 80)
    rows = [struct.unpack_from("<12f", data, 84 + 50 * i) for i in range(count)]
    return np.array(rows, dtype=float)[:, 3:].reshape(count, 3, 3)


def draw(triangles: np.ndarray, width: int) -> Image.Image:
    """An oblique view from above: heights shift each point up and right, and faces are
    drawn from the lowest to the highest (side faces before the top at the same height),
    which is exact for models made of upright prisms."""
    normals = np.cross(triangles[:, 1] - triangles[:, 0], triangles[:, 2] - triangles[:, 0])
    lengths = np.linalg.norm(normals, axis=1)
    lengths[lengths == 0] = 1
    normals /= lengths[:, None]
    light = np.array([-0.45, -0.55, 0.7])
    light /= np.linalg.norm(light)
    lift = 3.0  # drawn shift per mm of height, so reliefs of 1 mm show
    xs = triangles[:, :, 0] + lift * 0.6 * triangles[:, :, 2]
    ys = triangles[:, :, 1] + lift * 0.8 * triangles[:, :, 2]
    scale = (width - 20) / (xs.max() - xs.min())
    height = int((ys.max() - ys.min()) * scale) + 20
    image = Image.new("RGB", (width, height), "white")
    pen = ImageDraw.Draw(image)
    top = normals[:, 2] > 0.5
    zmin = float(triangles[:, :, 2].min())
    zspan = float(triangles[:, :, 2].max()) - zmin or 1.0
    order = np.lexsort((top, triangles[:, :, 2].max(axis=1)))
    for i in order:
        if normals[i, 2] < -0.5 or ((normals[i, 0] > 0.1 or normals[i, 1] > 0.1) and not top[i]):
            continue  # bottoms and the sides turned away from the viewer
        lit = max(0.0, float(normals[i] @ light))
        if top[i]:  # tops tinted by height: the higher, the lighter
            lit *= 0.55 + 0.45 * (triangles[i, :, 2].max() - zmin) / zspan
        shade = int(40 + 200 * lit)
        points = [
            (10 + (x - xs.min()) * scale, height - 10 - (y - ys.min()) * scale)
            for x, y in zip(xs[i], ys[i], strict=True)
        ]
        pen.polygon(points, fill=(shade, shade, int(shade * 0.9)))
    return image


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stl", type=Path)
    parser.add_argument("png", type=Path)
    parser.add_argument("--width", type=int, default=800)
    args = parser.parse_args()
    draw(read_stl(args.stl), args.width).save(args.png)


if __name__ == "__main__":
    main()
