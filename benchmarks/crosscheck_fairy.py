"""Cross-check xiangqi and shogi against Fairy-Stockfish (pyffish) over many plies.

Run from the project root:  python benchmarks/crosscheck_fairy.py [--plies N] [--seed S] [GAME ...]

Plays seeded random games from the shipped descriptors in lockstep with pyffish
(tests/support/fairy_oracle.py) until N plies per game (20,000 by default, as
``make crosscheck`` runs it) have had their legal moves (as a multiset), whole
position and outcome compared, prints one tally line per game, then checks perft 4
from the start against the published counts. Exits with status 1 on the first
disagreement (printing the moves that lead to it) and 2 when pyffish is missing: a
cross-check without its oracle proves nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.fairy_oracle import FAIRY, Disagreement, _engine, lockstep, pyffish  # noqa: E402

PERFT_4 = {"xiangqi": 3_290_240, "shogi": 719_731}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"games to check (default: {', '.join(FAIRY)})")
    parser.add_argument("--plies", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if pyffish is None:
        print("pyffish (Fairy-Stockfish) cannot be imported: pip install pyffish", file=sys.stderr)
        return 2
    for name in args.games or list(FAIRY):
        start = time.perf_counter()
        try:
            tally = lockstep(FAIRY[name], args.plies, args.seed, max_game=600)
        except Disagreement as exc:
            print(f"{name}: DISAGREEMENT {exc}")
            return 1
        print(f"{name:8} {tally}  [{time.perf_counter() - start:.0f} s]", flush=True)
        game = _engine(FAIRY[name])
        start = time.perf_counter()
        count = game.perft(game.initial(), 4)
        if count != PERFT_4[name]:
            print(f"{name}: perft 4 is {count:,}, not the published {PERFT_4[name]:,}")
            return 1
        print(f"{name:8} perft 4 = {count:,} as published  [{time.perf_counter() - start:.1f} s]", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
