"""The chess family as the registry finds it under ``chess``: its switches, its game,
its rules in words and the counters to print.

The sheet is written from the game itself: how many pieces of each kind each player
sets up (a Chess960 descriptor's shuffled back rank reads as well as the usual one),
the castling rule and the draw rule the switches choose. The words are the
catalogue's (``rules.chess.*``, ``params.chess.<switch>.<value>``).
"""

from __future__ import annotations

__all__ = ["FAMILY", "ChessFamily"]

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal

from ...geometry import SquareGrid
from ..family import CounterNeed, ParamErrorFactory, RuleFamily, SheetWriter
from ..spec import GameSpec
from .game import ChessGame
from .params import parse_params

KEY = "params.chess."
RULES = "rules.chess."
#: The kinds in the order a sheet lists them (the king first).
ORDER = ("king", "queen", "rook", "bishop", "knight", "pawn")


def _set(s: SheetWriter, kinds: Counter[str]) -> str:
    """``a king, a queen, two rooks, ... and eight pawns``."""
    return _and(s, [s.count(RULES + "count." + kind, kinds[kind]) for kind in ORDER if kinds[kind]])


def _and(s: SheetWriter, items: list[str]) -> str:
    """Items joined with commas and "and" (the catalogue's ``join`` says "or")."""
    if len(items) < 2:
        return "".join(items)
    return s.say(RULES + "list_and", items=", ".join(items[:-1]), last=items[-1])


def _kinds(game: ChessGame, player: str) -> Counter[str]:
    spec = game.spec
    return Counter(spec.kinds.get(cell, "") for cell in spec.setup.get(player, ()))


class ChessFamily(RuleFamily[ChessGame]):
    """Chess: six kinds of pieces, check and mate; Chess960's castling as a switch."""

    name: ClassVar[str] = "chess"
    mirrored_setup: ClassVar[bool] = False  # the chess.mirrored check compares kinds too
    setup_piece: ClassVar[Literal["man", "stone"]] = "stone"
    sections: ClassVar[tuple[str, ...]] = ("setup", "first", "moving", "capturing", "special", "check", "end")
    #: Chess's three special rules; only castling's words depend on a switch.
    special_topics: ClassVar[Mapping[str, str]] = {"castling": "castling", "en-passant": "", "promotion": ""}

    def check_params(self, params: Mapping[str, Any], error: ParamErrorFactory) -> None:
        parse_params(params, error)

    def make_game(self, spec: GameSpec) -> ChessGame:
        return ChessGame(spec)

    def compose_sheet(self, s: SheetWriter, game: ChessGame) -> None:
        p, spec = game.params, game.spec
        white, black = spec.players
        kinds = _kinds(game, white.id)
        same = kinds == _kinds(game, black.id)
        if same:
            placed = s.count(RULES + "pieces", sum(kinds.values()), pieces=_set(s, kinds))
        else:
            placed = " ".join(
                s.count(RULES + "pieces_of", sum(k.values()), player=s.name(pl.id), pieces=_set(s, k))
                for pl, k in ((white, kinds), (black, _kinds(game, black.id)))
            )
        layout = [placed, s.say(RULES + "layout")]
        if _queens_on_own_colour(game):
            layout.append(s.say(RULES + "queen_colour"))
        s.section("setup", s.board_setup(), layout)
        s.section("first", s.say(RULES + "first", first=s.name(spec.first)))
        s.section(
            "moving",
            [s.say(RULES + "move"), s.say(RULES + "no_jump")],
            [s.say(RULES + kind) for kind in ORDER],
        )
        s.section("capturing", [s.say(RULES + "capture"), s.say(RULES + "pawn_capture")])
        castling = p.castling
        s.special(
            "castling",
            s.say("special.chess.castling.title"),
            s.say(KEY + f"castling.{castling}"),
            s.say(KEY + f"castling_when.{castling}"),
        )
        s.special("en-passant", s.say("special.chess.en_passant.title"), s.say(RULES + "en_passant"))
        s.special("promotion", s.say("special.chess.promotion.title"), s.say(RULES + "promotion"))
        s.section("check", [s.say(RULES + "check"), s.say(RULES + "no_self_check")], s.say(RULES + "mate"))
        s.section(
            "end",
            [s.say(RULES + "stalemate"), s.say(RULES + "material")],
            s.say(KEY + f"draw_claims.{p.draw_claims}"),
            s.say(RULES + "agree"),
        )

    def components(self, s: SheetWriter, game: ChessGame) -> list[str]:
        spec = game.spec
        lines = [
            s.count(
                "components.chess.pieces",
                len(spec.setup.get(pl.id, ())),
                player=s.name(pl.id),
                pieces=_set(s, _kinds(game, pl.id)),
            )
            for pl in spec.players
        ]
        return [*lines, s.say("components.chess.queens")]

    def catalogue_keys(self) -> Iterator[str]:
        for value in ("standard", "any-files"):
            yield from (KEY + f"castling.{value}", KEY + f"castling_when.{value}")
        yield from (KEY + "draw_claims.claimed", KEY + "draw_claims.automatic")

    def counters(self, game: ChessGame) -> Sequence[CounterNeed]:
        """A counter with its glyph for each piece of the setup, and a spare queen each
        for a promoted pawn."""
        spec = game.spec
        needs: list[CounterNeed] = []
        for pl in spec.players:
            kinds = _kinds(game, pl.id)
            for kind in ORDER:
                count = kinds[kind] + (1 if kind == "queen" else 0)
                if count:
                    needs.append(CounterNeed(pl.id, "stone", count, shape=kind))
        return tuple(needs)


def _queens_on_own_colour(game: ChessGame) -> bool:
    """Whether White's queen starts on a light square and Black's on a dark one (the
    usual setup's "the queen on her own colour")."""
    spec = game.spec
    grid = spec.grid
    if not isinstance(grid, SquareGrid):
        return False
    queens = {
        pid: [c for c in spec.setup.get(pid, ()) if spec.kinds.get(c) == "queen"] for pid in game.player_ids
    }
    white, black = (queens[pid] for pid in game.player_ids)
    if len(white) != 1 or len(black) != 1:
        return False
    return grid.colour(white[0]) == "light" and grid.colour(black[0]) == "dark"


#: The family the registry hands out.
FAMILY = ChessFamily()
