"""The chess family played in lockstep with python-chess, the independent oracle.

python-chess is GPL: the tests and ``make crosscheck`` import it, boardgen never does.
:func:`lockstep` plays a game through the engine's own interface (:class:`ChessGame`:
``legal_moves``, ``play``, ``ending``, ``claimable``, the notation) and the same moves on a
``chess.Board``, and at every ply compares

* the legal moves, as a multiset of UCI texts (a move listed twice is a disagreement);
* the whole position: the FEN (board, side to move, castling rights, en passant square
  written after every two-square step, both clocks), whether the side to move is in check;
* the move played, written in SAN by each, and read back from SAN and UCI by the engine;
* the outcome (the winner, or which rule drew), with the draw rule the game plays, and
  under ``draw_claims: claimed`` whether a draw may be claimed.

Random games come from :func:`random_games` (seeded; a move that castles, takes en
passant or promotes is preferred when there is one, so that the rare rules are met often);
real ones from PGN files read by python-chess (:func:`recorded_games`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

try:
    import chess
    import chess.pgn
except ImportError:  # the pytest form skips, saying so; make crosscheck fails
    chess = None  # type: ignore[assignment]

from boardgen.descriptor import load_variant
from boardgen.rules.chess import ChessGame, ChessPosition
from boardgen.rules.chess.movegen import CASTLE, EN_PASSANT
from boardgen.rules.registry import make_game

#: Starting positions that meet the rarer rules soon: clocks near the fifty- and 75-move
#: marks with few pieces (random kings repeat positions), castling on both sides with rooks
#: that move and get taken, en passant (with a pawn pinned along its rank), promotions
#: on both sides, a Kiwipete-like middle game.
RULE_STARTS = (
    "8/8/4k3/8/8/3K4/8/R7 w - - 90 60",
    "8/8/8/4k3/8/8/4K3/4Q3 b - - 140 100",
    "6k1/8/8/8/8/8/1n6/5K2 w - - 97 70",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2",
    "8/8/8/K2pP2r/8/8/8/7k w - d6 0 2",
    "7k/PPPP4/8/8/8/8/4pppp/K7 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
)


class Disagreement(AssertionError):
    """The engine and python-chess differ; the message says where and how."""


def chess_game(variant_id: str, **params: str) -> ChessGame:
    """The engine of a shipped variant, its switches changed by ``params``."""
    variant = load_variant(variant_id)
    spec = variant.game_spec()
    if params:
        spec = replace(spec, params={**spec.params, **params})
    game = make_game(spec, variant.rules.family)
    assert isinstance(game, ChessGame)
    return game


def _termination(board: Any, automatic: bool) -> tuple[str, str] | None:
    """python-chess's verdict as (result, rule): the same rules as the engine's, in its order."""
    outcome = board.outcome(claim_draw=False)
    if outcome is None and automatic:
        if board.is_fifty_moves():
            return "draw", "fifty"
        if board.is_repetition(3):
            return "draw", "threefold"
    if outcome is None:
        return None
    rule = {
        chess.Termination.CHECKMATE: "checkmated",
        chess.Termination.STALEMATE: "stalemate",
        chess.Termination.INSUFFICIENT_MATERIAL: "insufficient",
        chess.Termination.SEVENTYFIVE_MOVES: "75-move",
        chess.Termination.FIVEFOLD_REPETITION: "fivefold",
    }[outcome.termination]
    winner = "draw" if outcome.winner is None else ("white" if outcome.winner else "black")
    return winner, rule


def _ours(game: ChessGame, position: ChessPosition) -> tuple[str, str] | None:
    ending = game.ending(position)
    if ending is None:
        return None
    for word, rule in (
        ("checkmated", "checkmated"),
        ("stalemate", "stalemate"),
        ("insufficient", "insufficient"),
        ("75-move", "75-move"),
        ("fivefold", "fivefold"),
        ("fifty-move", "fifty"),
        ("threefold", "threefold"),
    ):
        if word in ending.reason:
            return ending.result, rule
    raise Disagreement(f"unknown ending reason {ending.reason!r}")


class Tally:
    """What a lockstep run compared."""

    def __init__(self) -> None:
        self.games = self.plies = self.moves = self.claims = self.claimable = 0
        self.castles = self.en_passant = self.promotions = self.checks = 0
        self.endings: Counter[str] = Counter()

    def __str__(self) -> str:
        endings = ", ".join(f"{rule} {n}" for rule, n in sorted(self.endings.items()))
        return (
            f"{self.games} games, {self.plies} plies, {self.moves} legal moves compared; "
            f"{self.castles} castlings, {self.en_passant} en passant, {self.promotions} promotions, "
            f"{self.checks} checks, {self.claims} claim checks ({self.claimable} claimable); "
            f"endings: {endings or 'none'}"
        )


def lockstep(
    game: ChessGame,
    moves: Iterator[str] | None,
    tally: Tally,
    *,
    fen: str | None = None,
    rng: random.Random | None = None,
    max_plies: int = 600,
    claims: bool = True,
    label: str = "",
) -> tuple[ChessPosition, Any]:
    """Play one game in both: the UCI ``moves`` given (a recorded game), or moves drawn
    by ``rng`` until the game ends or ``max_plies``; compare at every ply (see the
    module's text). Returns the last position of each."""
    any_files = game.params.any_files
    automatic = game.params.draw_claims == "automatic"
    position = game.initial() if fen is None else game.parse_position(fen)
    board = chess.Board(game.position_text(position), chess960=any_files)
    history: list[str] = []

    def fail(what: str) -> Disagreement:
        start = fen or game.position_text(game.initial())
        return Disagreement(f"{label} from {start} after {' '.join(history) or 'no move'}: {what}")

    tally.games += 1
    for _ in range(max_plies + 1):
        ours = Counter(game.uci(m) for m in game.legal_moves(position))
        theirs = Counter(m.uci() for m in board.legal_moves)
        tally.moves += sum(ours.values())
        if ours != theirs:
            raise fail(f"legal moves differ: engine only {ours - theirs}, python-chess only {theirs - ours}")
        text = game.position_text(position)
        if text != board.fen(en_passant="fen"):
            raise fail(f"position {text} != python-chess {board.fen(en_passant='fen')}")
        if bool(game.checked(position)) != board.is_check():
            raise fail(f"check: engine {bool(game.checked(position))}, python-chess {board.is_check()}")
        tally.checks += board.is_check()
        verdict, expected = _ours(game, position), _termination(board, automatic)
        if verdict != expected:
            raise fail(f"outcome: engine {verdict}, python-chess {expected}")
        if claims and not automatic and verdict is None:
            tally.claims += 1
            claim = game.claimable(position)
            if (claim is not None) != board.can_claim_draw():
                raise fail(f"claim: engine {claim}, python-chess {board.can_claim_draw()}")
            tally.claimable += claim is not None
        if verdict is not None:
            tally.endings[verdict[1]] += 1
            return position, board
        if moves is not None:
            written = next(moves, None)
            if written is None:
                return position, board
            move = chess.Move.from_uci(written)
            if move not in board.legal_moves:
                move = board.parse_uci(written)
        elif len(history) >= max_plies:
            return position, board
        else:
            assert rng is not None
            move = _choose(board, rng)
        ours_move = game.parse_move(position, move.uci())
        san = board.san(move)
        if game.move_text(position, ours_move) != san:
            raise fail(
                f"SAN of {move.uci()}: engine {game.move_text(position, ours_move)}, python-chess {san}"
            )
        if game.parse_move(position, san) != ours_move:
            raise fail(f"SAN {san} read back as another move")
        tally.castles += bool(ours_move & CASTLE)
        tally.en_passant += bool(ours_move & EN_PASSANT)
        tally.promotions += bool(move.promotion)
        position = game.play(position, ours_move)
        board.push(move)
        history.append(move.uci())
        tally.plies += 1
    return position, board


def _choose(board: Any, rng: random.Random) -> Any:
    """A random legal move; one that castles, takes en passant or promotes half the time
    there is one, and a third of the time the move that takes back the mover's last one
    when it can (random play rarely meets these rules otherwise: repetitions need it)."""
    legal = sorted(board.legal_moves, key=lambda m: m.uci())
    rare = [m for m in legal if board.is_castling(m) or board.is_en_passant(m) or m.promotion]
    if rare and rng.random() < 0.5:
        return rng.choice(rare)
    if len(board.move_stack) >= 2 and rng.random() < 0.35:
        last = board.move_stack[-2]
        back = chess.Move(last.to_square, last.from_square)
        if back in legal:
            return back
    return rng.choice(legal)


def random_games(
    game: ChessGame, plies: int, seed: int, *, starts: Sequence[str] = (), max_plies: int = 400
) -> Tally:
    """Seeded random games in lockstep until ``plies`` plies have been compared; each
    from the next of ``starts`` (FENs) in turn, or the game's own start."""
    tally = Tally()
    rng = random.Random(seed)
    index = 0
    while tally.plies < plies:
        fen = starts[index % len(starts)] if starts else None
        lockstep(game, None, tally, fen=fen, rng=rng, max_plies=max_plies, label=f"random game {index}")
        index += 1
    return tally


def recorded_games(path: Path) -> Iterator[tuple[dict[str, str], str | None, list[str]]]:
    """Each game of a PGN file as python-chess reads it: its tags, its FEN (or None) and
    its main line in UCI."""
    with path.open(encoding="utf-8-sig") as handle:
        while True:
            read = chess.pgn.read_game(handle)
            if read is None:
                return
            if read.errors:
                raise AssertionError(f"{path.name}: python-chess cannot read a game: {read.errors[0]}")
            tags = dict(read.headers)
            fen = tags.get("FEN")
            yield tags, fen, [m.uci() for m in read.mainline_moves()]
