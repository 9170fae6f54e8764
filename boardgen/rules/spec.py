"""What a rules engine is given: the game as resolved from its descriptor.

The descriptor layer turns YAML into this plain, checked value (cells as integers,
regions as frozensets); rule families never see YAML or variant names. A family
reads its own switches from ``params`` and reports a bad one as a BoardgenError whose
``key`` is ``rules.params.<name>`` so the loader can point at the line.
"""

from __future__ import annotations

__all__ = ["GameSpec", "PlayerSpec", "ScoringTrack"]

from collections.abc import Mapping
from dataclasses import field
from typing import Any

from ..foundation.values import frozen
from ..geometry import Grid, Side


@frozen
class PlayerSpec:
    """One player: ``id`` as in the descriptor ("white"), the edge they sit at, and
    the one-letter code used in position strings ("W", as in PDN FEN)."""

    id: str
    side: Side | None
    letter: str


@frozen
class ScoringTrack:
    """Catchup-style scoring track: ovals numbered ``1 .. maximum`` around the board."""

    maximum: int


@frozen
class GameSpec:
    """A game ready to be played by a rule family."""

    id: str
    grid: Grid
    #: Cells pieces may stand on (all cells on hex boards, dark squares in checkers).
    playable: frozenset[int]
    #: Named regions from the descriptor, resolved to cells ("restricted", ...).
    regions: Mapping[str, frozenset[int]]
    #: One to six players (a family says how many it plays with; draughts and Catchup two).
    players: tuple[PlayerSpec, ...]
    #: Id of the player who moves first.
    first: str
    #: Starting men (or stones) per player id.
    setup: Mapping[str, frozenset[int]]
    #: The family's own switches, exactly as written under ``rules.params``.
    params: Mapping[str, Any] = field(default_factory=dict)
    #: PDN square number of each playable cell, on boards that have them.
    pdn: Mapping[int, int] | None = None
    scoring_track: ScoringTrack | None = None
    #: The declared piece kind (``pieces:``) standing on each setup cell that has one.
    kinds: Mapping[int, str] = field(default_factory=dict)
    #: Pieces each player holds at the start beyond those set up (a print-only game's count).
    in_hand: Mapping[str, int] = field(default_factory=dict)

    def player(self, player_id: str) -> PlayerSpec:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)

    def opponent(self, player_id: str) -> PlayerSpec:
        return self.players[1] if self.players[0].id == player_id else self.players[0]
