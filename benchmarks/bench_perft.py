"""Perft speed of both rule families, and English checkers against pydraughts.

Run from the project root:  python benchmarks/bench_perft.py [--quick] [--peer-depth N]

Prints one row per game: perft from the starting position at a depth that takes a
second or so. Catchup's perft counts its last two plies by formula (docs/rules.md), so
its row gives the time but no rate: that would measure counting, not generating. Then
English checkers and International draughts perft by this engine and by pydraughts (a
draughts library written in Python) at the same depth in the same run, with the ratio
of their speeds; both count
the last ply in bulk (the number of legal moves rather than playing them). Without
pydraughts installed the peer row is skipped with a note. A benchmark, not a test: it
asserts nothing but that the two counts agree.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardgen.descriptor import load_variant  # noqa: E402
from boardgen.rules.base import Engine  # noqa: E402
from boardgen.rules.registry import make_game  # noqa: E402

#: Game id and perft depth (full run, --quick run).
GAMES = [
    ("american-checkers", 9, 7),
    ("pool-checkers", 9, 7),
    ("variante-dames", 7, 5),
    ("kruzno-checkers", 5, 4),
    ("hex9-checkers", 5, 4),
    ("catchup", 3, 2),
    ("international-draughts", 7, 5),
]

#: Games raced against pydraughts: our id, pydraughts' variant name, depth (full, --quick).
PEERS = [
    ("american-checkers", "english", 6, 5),
    ("international-draughts", "standard", 5, 4),
]


def load_game(game_id: str) -> Engine:
    """The game, from its descriptor, by the family the descriptor names."""
    variant = load_variant(game_id)
    return make_game(variant.game_spec(), variant.rules.family)


def timed(run: Callable[[], int], minimum: float = 0.5) -> tuple[int, float]:
    """Result and seconds per run, repeating short runs until ``minimum`` seconds pass."""
    runs = 0
    start = time.perf_counter()
    while True:
        result = run()
        runs += 1
        elapsed = time.perf_counter() - start
        if elapsed >= minimum:
            return result, elapsed / runs


def peer_perft(board: Any, depth: int) -> int:
    """pydraughts perft, counting the last ply in bulk like ours."""
    moves = board.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += peer_perft(board, depth - 1)
        board.pop()
    return total


def row(name: str, depth: int, nodes: int, seconds: float, note: str = "") -> None:
    """One line of the table; a row with a note has no meaningful rate."""
    rate = "-" if note else f"{nodes / seconds:,.0f}" if seconds else "inf"
    print(f"{name:<28}{depth:>6}{nodes:>14,}{seconds:>10.3f}{rate:>14}  {note}".rstrip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shallower depths (a few seconds in all)")
    parser.add_argument("--peer-depth", type=int, default=None, help="depth of the races with pydraughts")
    args = parser.parse_args()

    print(f"{'game':<28}{'depth':>6}{'nodes':>14}{'seconds':>10}{'nodes/s':>14}")
    for game_id, full, quick in GAMES:
        game = load_game(game_id)
        depth = quick if args.quick else full
        start = game.initial()
        nodes, seconds = timed(partial(game.perft, start, depth), minimum=0.0)
        by_formula = load_variant(game_id).rules.family == "placement"
        row(game_id, depth, nodes, seconds, "(last plies counted by formula)" if by_formula else "")

    try:
        from draughts import Board  # type: ignore[import-untyped]
    except ImportError:
        print("pydraughts ratio: skipped (pydraughts is not installed: pip install pydraughts)")
        return
    for game_id, variant, full, quick in PEERS:
        depth = args.peer_depth or (quick if args.quick else full)
        game = load_game(game_id)
        ours, our_seconds = timed(partial(game.perft, game.initial(), depth))
        row(f"{game_id} (peer run)", depth, ours, our_seconds)
        theirs, their_seconds = timed(partial(peer_perft, Board(variant), depth), minimum=0.0)
        row(f"pydraughts {variant}", depth, theirs, their_seconds)
        agree = "counts agree" if theirs == ours else f"COUNTS DIFFER ({theirs} vs {ours})"
        ratio = their_seconds / our_seconds
        print(f"pydraughts ratio, {game_id}: {ratio:,.0f}x faster at depth {depth} ({agree})")


if __name__ == "__main__":
    main()
