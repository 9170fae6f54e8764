"""The checked, typed form of a variant descriptor.

Everything downstream (rules engine, layout, rule sheets) reads these frozen values,
never YAML: the descriptor layer is the one place where input is doubted.
"""

from __future__ import annotations

__all__ = [
    "BoardSpec",
    "BoardWord",
    "Example",
    "PieceKind",
    "Player",
    "PrintSettings",
    "RegionStyle",
    "RulesSpec",
    "SheetTexts",
    "Source",
    "Variant",
]

from collections.abc import Mapping
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import BoardgenError
from ..foundation.fonts import FontSet
from ..foundation.values import frozen
from ..geometry import Grid, HexHexGrid, PitGrid, RhombusGrid, Side, SquareGrid, TriangleGrid
from ..rules.spec import GameSpec, PlayerSpec, ScoringTrack

if TYPE_CHECKING:
    # Only named in annotations: a game with artwork imports it as it is read (the
    # descriptor's reader, or the unpickler of a compiled game), others never need it.
    from .artwork import Artwork
    from .yamlload import Loaded, PathKey


@frozen
class Player:
    """A player: its id (``black``), its name per language, the colour of its pieces, the
    capital letter that marks them, and the side of the board it plays from (None on a
    board without sides)."""

    id: str
    name: Mapping[str, str]
    colour: str
    letter: str
    side: Side | None


@frozen
class RegionStyle:
    """How a named region looks and is called: its name per language (the sheet's word
    for it, "the lake"), and its own colour and pattern on the board (``hatch``,
    ``dots``: a pattern keeps it apart in greyscale where a colour alone would not)."""

    name: Mapping[str, str] = field(default_factory=dict)
    colour: str | None = None
    pattern: str = "none"
    #: Per language, forms of the name a descriptor gives itself for the cases the
    #: language declines (German ``{name: die Sümpfe, acc: die Sümpfe, dat: den Sümpfen}``).
    forms: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


@frozen
class PieceKind:
    """A kind of piece a game declares (``pieces:``): its name per language and what is
    drawn on its counters, a glyph per player (a symbol such as ♚, or letters) or the
    designer's own artwork (an SVG file read into shapes)."""

    id: str
    name: Mapping[str, str]
    glyph: Mapping[str, str]
    artwork: Artwork | None = None

    def symbols(self, player_id: str) -> bool:
        """Whether the glyph is a symbol (set in the symbol font) rather than letters."""
        return any(ord(ch) >= 0x2000 for ch in self.glyph.get(player_id, ""))


@frozen
class BoardWord:
    """Words printed on the board itself (Xiangqi's river: 楚河 漢界), the same in every
    language: centred on ``at`` (board units, y north, as :meth:`Grid.centre`), ``size``
    points high at the descriptor's cell size, scaling with the board."""

    text: str
    at: tuple[float, float]
    size: float


@frozen
class BoardSpec:
    """The board as written: its grid plus which cells take pieces."""

    grid: Grid
    playable: frozenset[int]
    #: PDN number of each playable cell, when the descriptor asks for PDN numbering.
    pdn: Mapping[int, int] | None = None
    #: Points marked on the board (a Go board's star points).
    marks: frozenset[int] = frozenset()
    #: How each point of a board of points is drawn: "none" (where lines cross), "dots", "holes".
    point_style: str = "none"
    #: The sides of the board that belong to a player (side name -> player id), drawn in their colour.
    sides: Mapping[str, str] = field(default_factory=dict)
    #: Words printed on the board (``board.words``).
    words: tuple[BoardWord, ...] = ()


@frozen
class RulesSpec:
    """The rules as written: the family that plays them and its switches (``rules.params``)."""

    family: str
    params: Mapping[str, Any] = field(default_factory=dict)


@frozen
class PrintSettings:
    """Defaults a user can override on the command line."""

    cell_size: float  # mm between neighbouring cell centres
    paper: str
    #: None: whichever orientation needs fewer pages (portrait on a tie).
    landscape: bool | None
    coordinates: bool
    colours: Mapping[str, str]
    #: The faces the game prints in (``print.fonts``, or a theme's); None: boardgen's own.
    fonts: FontSet | None = None


@frozen
class Example:
    """A move shown on the rule sheet: the engine plays ``move`` from ``position``.

    ``position`` is the rule family's position string (None: the starting position);
    ``topic`` names the rule the example illustrates (``moving``, ``capturing``,
    ``kings``, or a special rule's name), so a sheet can place it in its section.
    ``window`` (a region's cells) is the part of the board the diagram shows, zoomed
    in (the rectangle those cells span); None lets the diagram zoom by itself on a
    move too small to see on the whole board (:func:`boardgen.render.diagram.example_window`).
    """

    id: str
    topic: str
    position: str | None
    move: str
    caption: Mapping[str, str]
    window: frozenset[int] | None = None


@frozen
class SheetTexts:
    """The free texts of a rule sheet that a descriptor writes itself, in one language.

    Each is a tuple of paragraphs, as written (typography is applied by the sheet);
    ``notes`` holds extra paragraphs per section name (``setup``, ``moving``, ...).
    """

    intro: tuple[str, ...] = ()
    about: tuple[str, ...] = ()
    tips: tuple[str, ...] = ()
    components: tuple[str, ...] = ()
    notes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@frozen
class Source:
    """A document the descriptor draws on: its file or address, its language, and what
    was taken from it."""

    document: str
    language: str
    about: str


@frozen
class Variant:
    """One game, as described by ``variants/<id>.yaml``."""

    id: str
    file: Path
    title: Mapping[str, str]
    players: tuple[Player, ...]
    first: str
    board: BoardSpec
    regions: Mapping[str, frozenset[int]]
    setup: Mapping[str, frozenset[int]]
    counts: Mapping[str, int]
    scoring_track: ScoringTrack | None
    rules: RulesSpec
    print: PrintSettings
    sources: tuple[Source, ...]
    examples: tuple[Example, ...] = ()
    #: Parts the sources leave open that the descriptor proposes (``setup``, ``first``).
    proposals: tuple[str, ...] = ()
    #: Free texts of the rule sheets written in the descriptor, per language (``sheet:``).
    sheet: Mapping[str, SheetTexts] = field(default_factory=dict)
    #: Whether the rule sheets end with a "Game facts" box (``sheet: facts: true``).
    sheet_facts: bool = False
    #: Kinds of pieces the game declares (``pieces:``), and the kind on each setup cell.
    pieces: tuple[PieceKind, ...] = ()
    #: How each named region that says so looks and is called (``regions.<name>.where``).
    region_styles: Mapping[str, RegionStyle] = field(default_factory=dict)
    kinds: Mapping[int, str] = field(default_factory=dict)
    #: The loaded file, kept to locate complaints found after loading (setup checks).
    origin: Loaded | None = field(default=None, compare=False, repr=False)

    def error(self, path: PathKey, message: str) -> BoardgenError:
        """A :class:`BoardgenError` about the value at ``path``, at its line in the file."""
        if self.origin is not None:
            return self.origin.error(path, message)
        return BoardgenError(message, file=str(self.file), key=".".join(str(k) for k in path) or None)

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages the descriptor gives its texts in (those of its title), in catalogue order."""
        return tuple(self.title)

    def text(self, texts: Mapping[str, str], lang: str = "en") -> str:
        """``texts`` in ``lang`` when the game has that language, else in English, else its first."""
        for code in (lang, "en"):
            if code in texts:
                return texts[code]
        return texts[self.languages[0]]

    @property
    def grid(self) -> Grid:
        return self.board.grid

    @property
    def restricted(self) -> frozenset[int]:
        return self.regions.get("restricted", frozenset())

    def piece_kind(self, kind_id: str) -> PieceKind | None:
        return next((k for k in self.pieces if k.id == kind_id), None)

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)

    def kind_text(self) -> str:
        grid = self.grid
        if isinstance(grid, SquareGrid):
            shape = "lines" if grid.drawn == "points" else "square"
            return f"{shape} {grid.width}x{grid.height}"
        if isinstance(grid, HexHexGrid):
            return f"hexhex side {grid.side}"
        if isinstance(grid, RhombusGrid):
            return f"rhombus {grid.width}x{grid.height}"
        if isinstance(grid, TriangleGrid):
            return f"triangle side {grid.side}"
        if isinstance(grid, PitGrid):
            return f"pits {grid.pits}x{grid.rows}"
        return grid.kind

    def game_spec(self) -> GameSpec:
        """The game as the rules engine sees it."""
        return GameSpec(
            id=self.id,
            grid=self.grid,
            playable=self.board.playable,
            regions=self.regions,
            players=tuple(PlayerSpec(p.id, p.side, p.letter) for p in self.players),
            first=self.first,
            setup=self.setup,
            params=self.rules.params,
            pdn=self.board.pdn,
            scoring_track=self.scoring_track,
            kinds=self.kinds,
            in_hand={
                p.id: self.counts.get(p.id, 0) - len(self.setup.get(p.id, ()))
                for p in self.players
                if self.counts.get(p.id, 0) > len(self.setup.get(p.id, ()))
            },
        )
