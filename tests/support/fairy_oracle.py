"""Fairy-Stockfish (``pyffish``, GPL: a test oracle only) as the independent engine that
xiangqi and shogi are played against.

:func:`lockstep` plays seeded random games from the shipped descriptors in both
engines at once and compares, at every ply: the legal moves as a multiset (a move
listed twice by either side is a disagreement), the whole position (board, side to
move, pieces in hand, the plies since the last capture where the game counts them)
and, at the end, the outcome (who wins, or a draw) and that both see the end at the
same ply. Used by the tests (a few thousand plies per game), by ``make crosscheck``
(many more) and by the benchmarks.

Moves are compared in Fairy-Stockfish's own coordinates: files ``a`` to ``i`` from the
first player's left, ranks from 1 on the first player's side (``h3e3``; shogi's
promotions end in ``+``, drops are ``P@e5``). Positions are compared as its FEN.
"""

from __future__ import annotations

__all__ = ["FAIRY", "Disagreement", "Tally", "lockstep", "pyffish"]

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from boardgen.descriptor import load_variant
from boardgen.rules.base import Engine
from boardgen.rules.registry import make_game

try:  # pragma: no cover - depends on the machine
    import pyffish
except ImportError:  # pragma: no cover
    pyffish = None


class Disagreement(AssertionError):
    """The two engines differ; the message gives the seed, the moves and what differs."""


@dataclass
class Tally:
    games: int = 0
    plies: int = 0
    moves: int = 0
    results: Counter[str] = field(default_factory=Counter)
    #: Moves only Fairy-Stockfish lists, each explained by a known difference of convention.
    explained: int = 0

    def __str__(self) -> str:
        ends = ", ".join(f"{k} {v}" for k, v in sorted(self.results.items()))
        notes = (
            f" ({self.explained} pawn-drop mates Fairy-Stockfish lists, checked)" if self.explained else ""
        )
        return (
            f"{self.games} games, {self.plies} plies, {self.moves} legal moves compared{notes}; ends: {ends}"
        )


@dataclass(frozen=True)
class Fairy:
    """How one of our games is compared with Fairy-Stockfish's variant."""

    game_id: str
    variant: str
    #: Our move as Fairy-Stockfish writes it.
    move_key: Callable[[Any, Any, Any], str]
    #: The parts of a FEN that must agree (ours is converted first when given).
    fen_core: Callable[[str], tuple[str, ...]]
    #: Our position text as a Fairy-Stockfish FEN.
    our_fen: Callable[[str], str] = lambda text: text
    #: Our descriptor's params overridden (none for the shipped defaults).
    params: dict[str, Any] = field(default_factory=dict)
    #: Whether a capture ends the history that repetitions are looked for in (xiangqi;
    #: in shogi a captured piece comes back), so that both engines restart from it.
    reroot_on_capture: bool = False
    #: Moves only Fairy-Stockfish lists that a known difference of convention explains
    #: (each is checked, never skipped): returns the ones it does not explain.
    unexplained: Callable[[Any, Any, list[str], str, list[str]], list[str]] = lambda g, p, extra, f, m: extra


def _xiangqi_move(game: Any, position: Any, move: Any) -> str:
    name = game.spec.grid.name
    return f"{name(game.cell_of[move[0]])}{name(game.cell_of[move[1]])}"


def _xiangqi_core(fen: str) -> tuple[str, ...]:
    fields = fen.split()
    return (fields[0], "w" if fields[1] in ("w", "r") else "b", fields[4] if len(fields) > 4 else "0")


def _fairy_square(s: int) -> str:
    return f"{chr(97 + s % 9)}{s // 9 + 1}"


def _shogi_move(game: Any, position: Any, move: Any) -> str:
    """``c3c4``, ``b2h8+``, ``P@e5``: Fairy-Stockfish's coordinates (a1 at Black's left)."""
    f, t, promote, drop = move[:4]
    if f < 0:
        return f"{'PLNSGBR'[drop - 1]}@{_fairy_square(t)}"
    return f"{_fairy_square(f)}{_fairy_square(t)}{'+' if promote else ''}"


def _shogi_core(fen: str) -> tuple[str, ...]:
    board, _, rest = fen.partition("[")
    hand, _, tail = rest.partition("]")
    side = tail.split()[0]
    return (board, "".join(sorted(hand.replace("-", ""))), side)


def _shogi_fen(sfen: str) -> str:
    """An SFEN as Fairy-Stockfish writes shogi: the same board, the hand in brackets,
    spelt out (``[Bb]``), ``w`` for Black (its first player) and ``b`` for White."""
    board, side, hand, number = sfen.split()
    spelt = "".join(
        letter * int(count or 1) for count, letter in re.findall(r"(\d*)(\D)", hand.replace("-", ""))
    )
    return f"{board}[{spelt}] {'w' if side == 'b' else 'b'} - - 0 {number}"


def _pawn_drop_mates(game: Any, position: Any, extra: list[str], fen: str, moves: list[str]) -> list[str]:
    """Fairy-Stockfish lists a pawn drop that gives checkmate (uchifuzume) as a legal
    move and scores the mate as a win for the side mated; the rules (and boardgen)
    forbid the drop. Such a move of theirs is explained when it is a pawn drop, our
    engine finds that it mates, and Fairy-Stockfish gives the mated side the win."""
    assert pyffish is not None
    board = game.board(position)
    mate = board._mating_pawn_drop(board.mover)
    left = []
    for key in extra:
        if key.startswith("P@") and mate >= 0 and key == f"P@{_fairy_square(mate)}":
            after = [*moves, key]
            mated = not pyffish.legal_moves("shogi", fen, after)
            if mated and pyffish.game_result("shogi", fen, after) > 0:
                continue
        left.append(key)
    return left


#: The games compared, by our id.
FAIRY = {
    "xiangqi": Fairy("xiangqi", "xiangqi", _xiangqi_move, _xiangqi_core, reroot_on_capture=True),
    "shogi": Fairy("shogi", "shogi", _shogi_move, _shogi_core, _shogi_fen, unexplained=_pawn_drop_mates),
}


def _engine(pairing: Fairy) -> Engine:
    variant = load_variant(pairing.game_id)
    spec = variant.game_spec()
    if pairing.params:
        from dataclasses import replace

        spec = replace(spec, params={**spec.params, **pairing.params})
    return make_game(spec, variant.rules.family)


def _may_end(position: Any) -> bool:
    """Whether a rule of the game's history could end it here: the position stood before
    (our trail shows it, and the trails are checked ply by ply), or 100 plies have
    passed without a capture. Fairy-Stockfish is asked only then: each of its calls
    costs about 3 ms whatever the position."""
    if getattr(position, "quiet", 0) >= 100:
        return True
    trail = position.trail
    if trail is None:
        return False
    key = trail.stop.key
    link = trail.before
    while link is not None:
        if link.stop.key == key:
            return True
        link = link.before
    return False


def _their_result(variant: str, fen: str, moves: list[str], legal: list[str], position: Any) -> int | None:
    """Fairy-Stockfish's verdict from the side to move's view: +1, -1, 0, None (going on)."""
    assert pyffish is not None
    if not legal:
        value = pyffish.game_result(variant, fen, moves)
    elif not _may_end(position):
        return None
    else:
        over, value = pyffish.is_optional_game_end(variant, fen, moves)
        if not over:
            return None
    return 0 if value == 0 else 1 if value > 0 else -1


def lockstep(pairing: Fairy, plies: int, seed: int, max_game: int = 1000) -> Tally:
    """Random games, seeded, until ``plies`` plies have been compared."""
    if pyffish is None:
        raise RuntimeError("pyffish (Fairy-Stockfish) cannot be imported: pip install pyffish")
    game: Any = _engine(pairing)
    rng = random.Random(seed)
    tally = Tally()
    variant = pairing.variant
    while tally.plies < plies:
        position = game.initial()
        fen = pairing.our_fen(game.position_text(position))
        moves: list[str] = []
        tally.games += 1
        while True:
            legal = game.legal_moves(position)
            keys = [pairing.move_key(game, position, m) for m in legal]
            theirs = pyffish.legal_moves(variant, fen, moves)
            ending = game.ending(position)
            where = f"seed {seed}, game {tally.games}, from {fen} after {' '.join(moves) or 'nothing'}"
            if ending is None and Counter(keys) != Counter(theirs):
                extra, missing = Counter(keys) - Counter(theirs), Counter(theirs) - Counter(keys)
                if not extra and len(keys) == len(set(keys)):
                    unexplained = pairing.unexplained(game, position, sorted(missing), fen, moves)
                    if not unexplained:
                        tally.explained += len(missing)
                        theirs = keys
                if theirs is not keys:
                    raise Disagreement(
                        f"{where}: moves differ: ours only {sorted(extra)}, theirs only {sorted(missing)}"
                    )
            ours_core = pairing.fen_core(pairing.our_fen(game.position_text(position)))
            their_core = pairing.fen_core(pyffish.get_fen(variant, fen, moves))
            if ours_core != their_core:
                raise Disagreement(f"{where}: positions differ: ours {ours_core}, theirs {their_core}")
            verdict = _their_result(variant, fen, moves, theirs, position)
            mine = None
            if ending is not None:
                mover = game.to_move(position)
                mine = 0 if ending.result == "draw" else 1 if ending.result == mover else -1
            if mine != verdict:
                raise Disagreement(f"{where}: outcome differs: ours {ending}, theirs {verdict}")
            tally.plies += 1
            tally.moves += len(keys)
            if ending is not None or len(moves) >= max_game:
                tally.results[ending.reason.split(" ", 1)[-1] if ending else "too long"] += 1
                break
            move = rng.choice(legal)
            moves.append(pairing.move_key(game, position, move))
            position = game.play(position, move)
            if pairing.reroot_on_capture and position.quiet == 0:
                # A capture ends every cycle: both engines may start again from here.
                fen = pyffish.get_fen(variant, fen, moves)
                moves = []
    return tally
