"""Board geometries: square and hexhex grids with named cells."""

from .base import SIDES, Grid, Point, Side
from .hexhex import HexHexGrid, Orientation
from .square import Colour, SquareGrid

__all__ = ["SIDES", "Colour", "Grid", "HexHexGrid", "Orientation", "Point", "Side", "SquareGrid"]
