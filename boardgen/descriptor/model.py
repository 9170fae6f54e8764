"""The checked, typed form of a variant descriptor.

Everything downstream (rules engine, layout, rule sheets) reads these frozen values,
never YAML: the descriptor layer is the one place where input is doubted.
"""

from __future__ import annotations

__all__ = [
    "BoardSpec",
    "Example",
    "Player",
    "PrintSettings",
    "RulesSpec",
    "SheetTexts",
    "Source",
    "Variant",
]

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import BoardgenError
from ..geometry import Grid, HexHexGrid, Side, SquareGrid
from ..rules.spec import GameSpec, PlayerSpec, ScoringTrack

if TYPE_CHECKING:
    from .yamlload import Loaded, PathKey


@dataclass(frozen=True)
class Player:
    id: str
    name: Mapping[str, str]
    colour: str
    letter: str
    side: Side | None


@dataclass(frozen=True)
class BoardSpec:
    """The board as written: its grid plus which cells take pieces."""

    grid: Grid
    playable: frozenset[int]
    #: PDN number of each playable cell, when the descriptor asks for PDN numbering.
    pdn: Mapping[int, int] | None = None


@dataclass(frozen=True)
class RulesSpec:
    family: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PrintSettings:
    """Defaults a user can override on the command line."""

    cell_size: float  # mm between neighbouring cell centres
    paper: str
    #: None: whichever orientation needs fewer pages (portrait on a tie).
    landscape: bool | None
    coordinates: bool
    colours: Mapping[str, str]


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Source:
    document: str
    language: str
    about: str


@dataclass(frozen=True)
class Variant:
    """One game, as described by ``variants/<id>.yaml``."""

    id: str
    file: Path
    title: Mapping[str, str]
    players: tuple[Player, Player]
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

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)

    def kind_text(self) -> str:
        grid = self.grid
        if isinstance(grid, SquareGrid):
            return f"square {grid.width}x{grid.height}"
        if isinstance(grid, HexHexGrid):
            return f"hexhex side {grid.side}"
        return grid.kind

    def game_spec(self) -> GameSpec:
        """The game as the rules engine sees it."""
        return GameSpec(
            id=self.id,
            grid=self.grid,
            playable=self.board.playable,
            regions=self.regions,
            players=(
                PlayerSpec(self.players[0].id, self.players[0].side, self.players[0].letter),
                PlayerSpec(self.players[1].id, self.players[1].side, self.players[1].letter),
            ),
            first=self.first,
            setup=self.setup,
            params=self.rules.params,
            pdn=self.board.pdn,
            scoring_track=self.scoring_track,
        )
