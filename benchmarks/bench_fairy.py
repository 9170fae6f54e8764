"""Xiangqi and shogi: perft 4 from the start (the published counts) and move generation
against Fairy-Stockfish (pyffish) in the same run.

Run from the project root:  python benchmarks/bench_fairy.py [--quick]

Rows:

* perft 4 (perft 3 with --quick) through the engine, asserting the published counts
  (xiangqi 3,290,240, shogi 719,731), with the time and the leaves per second; the
  last ply is counted in bulk (the number of legal moves), as engines do.
* "moves from text": for positions met in seeded random games, reading the position's
  text and listing its legal moves, by this engine and by pyffish
  (``legal_moves(variant, fen, [])``), with the ratio. pyffish has no perft of its
  own; its every call sets the variant up again (about 3 ms whatever the position),
  so the row measures what a Python caller of each library pays for one position,
  not the raw speed of Fairy-Stockfish's C++ move generator, which is far faster.

A benchmark, not a test: it asserts nothing but the perft counts and that both
engines list the same number of moves.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardgen.descriptor import load_variant  # noqa: E402
from boardgen.rules.registry import make_game  # noqa: E402

try:
    import pyffish
except ImportError:  # pragma: no cover
    pyffish = None

PERFT = {"xiangqi": [44, 1920, 79666, 3290240], "shogi": [30, 900, 25470, 719731]}


def game_of(game_id: str):  # type: ignore[no-untyped-def]
    variant = load_variant(game_id)
    return make_game(variant.game_spec(), variant.rules.family)


def positions(game, count: int, seed: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Position texts met in seeded random games."""
    rng = random.Random(seed)
    found: list[str] = []
    while len(found) < count:
        position = game.initial()
        for _ in range(150):
            moves = game.legal_moves(position)
            if not moves:
                break
            found.append(game.position_text(position))
            position = game.play(position, rng.choice(moves))
    return found[:count]


def fairy_fen(game_id: str, text: str) -> str:
    if game_id == "xiangqi":
        return text
    board, side, hand, number = text.split()
    spelt = ""
    count = ""
    for ch in hand.replace("-", ""):
        if ch.isdigit():
            count += ch
        else:
            spelt += ch * int(count or 1)
            count = ""
    return f"{board}[{spelt}] {'w' if side == 'b' else 'b'} - - 0 {number}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    depth = 3 if args.quick else 4
    for game_id, counts in PERFT.items():
        game = game_of(game_id)
        start = game.initial()
        began = time.perf_counter()
        count = game.perft(start, depth)
        took = time.perf_counter() - began
        assert count == counts[depth - 1], (game_id, depth, count)
        rate = count / took / 1e3
        print(f"{game_id:8} perft {depth}: {count:>9,} in {took:6.2f} s ({rate:,.0f} k leaves/s)")
    if pyffish is None:
        print("pyffish is not installed: the comparison rows are skipped (pip install pyffish)")
        return 0
    for game_id in PERFT:
        game = game_of(game_id)
        texts = positions(game, 300 if args.quick else 1500, seed=7)
        fens = [fairy_fen(game_id, t) for t in texts]
        began = time.perf_counter()
        ours = [len(game.legal_moves(game.parse_position(t))) for t in texts]
        mine = time.perf_counter() - began
        began = time.perf_counter()
        theirs = [len(pyffish.legal_moves(game_id, f, [])) for f in fens]
        fairy = time.perf_counter() - began
        if game_id == "xiangqi":
            assert ours == theirs
        else:  # pyffish also lists a pawn drop that mates (uchifuzume), which the rules forbid
            assert all(0 <= b - a <= 1 for a, b in zip(ours, theirs, strict=True))
        per = 1e3 / len(texts)
        print(
            f"{game_id:8} moves from text, {len(texts)} positions: boardgen {mine * per:.3f} ms, "
            f"pyffish {fairy * per:.3f} ms a position (boardgen {fairy / mine:.1f}x as fast)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
