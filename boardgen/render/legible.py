"""What every printed page must satisfy to be read: a text floor and greyscale contrast.

Two rules, measured rather than eyeballed:

* **No printed character below 6 pt** (:data:`MIN_TEXT_MM`). Drawing code sizes its
  text from the cell size; where a small diagram would push a label under the floor,
  the label is either set at the floor (when it still fits its room) or left out
  (see :func:`legible_items` for pictures drawn scaled down, such as an assembly map).
* **Pieces stay visible in greyscale** (:func:`colour_findings`): on a black-and-white
  printer a piece must differ from the cell it stands on by a luminance contrast ratio
  of at least :data:`PIECE_CONTRAST` (2:1, WCAG 2's formula), or else its outline must
  differ from that cell by :data:`OUTLINE_CONTRAST` (4.5:1, WCAG's ratio for text).
  ``boardgen validate`` prints a warning line for each pair that fails.
* **Players stay apart in greyscale** (:func:`marked_players`): where two players'
  colours differ by less than :data:`PLAYER_CONTRAST` in luminance (a red and a
  green of the same grey, or six colours that cannot all be distinct greys), their
  pieces carry the player's letter, so the colour is never the only sign of whose a
  piece is.
"""

from __future__ import annotations

__all__ = [
    "MIN_TEXT_MM",
    "OUTLINE",
    "OUTLINE_CONTRAST",
    "PIECE_CONTRAST",
    "PLAYER_CONTRAST",
    "ColourFinding",
    "colour_findings",
    "contrast_ratio",
    "legible_items",
    "marked_players",
    "relative_luminance",
]

import functools
from typing import NamedTuple

from ..descriptor.model import Variant
from ..geometry import SquareGrid
from ..scene.shapes import Group, Item, Text

#: The smallest printed character, 6 pt, in millimetres.
MIN_TEXT_MM = 6 * 25.4 / 72
#: Least luminance ratio between a piece and the cell it stands on.
PIECE_CONTRAST = 2.0
#: Least luminance ratio between a piece's outline and that cell, when the fill is too close.
OUTLINE_CONTRAST = 4.5
#: Edge colour of every counter (the rule above measures it; :mod:`.pieces` draws it).
OUTLINE = "#1b1410"
#: Least luminance ratio between two players' colours for them to need no other mark.
PLAYER_CONTRAST = 1.6


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb`` (sRGB, linearised): 0 black, 1 white."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i : i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours, 1 (same luminance) to 21 (black on white)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


class ColourFinding(NamedTuple):
    """One piece colour on one cell colour, measured: ``ok`` when either ratio passes (a
    named tuple: cheaper to define at start-up than a frozen dataclass)."""

    player: str
    player_index: int
    surface: str  # what the piece stands on: "dark squares", "cells", "the scoring track", ...
    surface_key: str  # its print.colours key
    piece: float  # ratio of the piece's fill to the surface
    outline: float  # ratio of the piece's outline to the surface

    @property
    def ok(self) -> bool:
        return self.piece >= PIECE_CONTRAST or self.outline >= OUTLINE_CONTRAST

    def message(self) -> str:
        return (
            f"in greyscale, {self.player}'s pieces on the {self.surface} have a luminance ratio of "
            f"{self.piece:.2f}:1 (at least {PIECE_CONTRAST:g}:1 wanted) and their outline "
            f"{self.outline:.2f}:1 (at least {OUTLINE_CONTRAST:g}:1): make the piece or the "
            f"{self.surface_key} colour lighter or darker"
        )


def _surfaces(variant: Variant) -> list[tuple[str, str]]:
    """(name, print.colours key) of every surface a piece or pawn can stand on."""
    grid = variant.grid
    surfaces: list[tuple[str, str]] = []
    if grid.drawn == "points":  # one surface under the lines (render/surface.py)
        surfaces.append(("board", "cell"))
    elif grid.drawn == "pits":
        surfaces.append(("pits", "cell"))
    elif isinstance(grid, SquareGrid):
        shades = {grid.colour(c) for c in variant.board.playable}
        surfaces += [(f"{shade} squares", shade) for shade in ("light", "dark") if shade in shades]
    else:
        surfaces.append(("cells", "cell"))
        if variant.restricted:
            surfaces.append(("restricted cells", "restricted"))
    if variant.scoring_track is not None:
        surfaces.append(("scoring track", "track"))
    return surfaces


def colour_findings(variant: Variant) -> list[ColourFinding]:
    """Every player colour measured on every surface its pieces can stand on."""
    colours = variant.print.colours
    found = []
    for index, player in enumerate(variant.players):
        for surface, key in _surfaces(variant):
            ground = colours[key]
            found.append(
                ColourFinding(
                    player.name["en"],
                    index,
                    surface,
                    key,
                    contrast_ratio(player.colour, ground),
                    contrast_ratio(OUTLINE, ground),
                )
            )
    return found


def legible_items(items: tuple[Item, ...], scale: float) -> tuple[Item, ...]:
    """``items`` without the text that, drawn ``scale`` times its size, would print
    below :data:`MIN_TEXT_MM` (a board shown scaled down keeps its shapes, not its
    unreadable labels)."""
    kept: list[Item] = []
    for item in items:
        if isinstance(item, Text):
            if item.size * scale >= MIN_TEXT_MM - 1e-9:
                kept.append(item)
        elif isinstance(item, Group):
            inner = legible_items(item.items, scale * item.scale)
            if inner:
                kept.append(Group(inner, item.dx, item.dy, item.scale, item.clip, item.label))
        else:
            kept.append(item)
    return tuple(kept)


def marked_players(variant: Variant) -> frozenset[str]:
    """The players whose pieces carry their letter: each whose colour is, in greyscale,
    within :data:`PLAYER_CONTRAST` of another player's."""
    return _marked(tuple((p.id, p.colour) for p in variant.players))


@functools.lru_cache(maxsize=256)
def _marked(players: tuple[tuple[str, str], ...]) -> frozenset[str]:
    """:func:`marked_players` of players given as (id, colour), measured once per set of
    colours: every diagram asks, and its luminances take powers."""
    return frozenset(
        a
        for a, ink in players
        if any(b != a and contrast_ratio(ink, other) < PLAYER_CONTRAST for b, other in players)
    )
