"""Board geometries: one model (:class:`Grid`: named cells or points, neighbours by
direction, lines between points, outlines to draw and cut along) and its shapes."""

from .base import COMPASS, SIDES, Drawn, Grid, Point, Side, compass_name
from .hexhex import HexHexGrid, Orientation
from .hexshapes import RhombusGrid, StarGrid, TriangleGrid
from .pits import PitGrid
from .points import PointGrid
from .square import Colour, SquareGrid

__all__ = [
    "COMPASS",
    "SIDES",
    "Colour",
    "Drawn",
    "Grid",
    "HexHexGrid",
    "Orientation",
    "PitGrid",
    "Point",
    "PointGrid",
    "RhombusGrid",
    "Side",
    "SquareGrid",
    "StarGrid",
    "TriangleGrid",
    "compass_name",
]
