"""Perft speed of the newer families beside OpenSpiel driven from Python.

Run from the project root:  python benchmarks/bench_openspiel.py [--quick]

For each game paired with OpenSpiel (tests/support/openspiel_oracle.py), perft from the
start at one depth by this engine and by OpenSpiel through its Python binding, as a
recursive ``state.child(action)`` perft that counts the last ply by
``len(state.legal_actions())``, the way our engines count it. Prints both times and
the ratio (OpenSpiel's time over ours: above 1 means we are faster), and checks the
two counts agree. Othello also runs the published figures to depth 9 (3,005,288).
A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.openspiel_oracle import PAIRINGS, oracle_perft, pyspiel  # noqa: E402

#: Game and perft depth (full run, --quick run).
DEPTHS = {
    "othello": (8, 6),
    "breakthrough": (5, 4),
    "go-9": (4, 3),
    "go-13": (3, 3),
    "hex-7": (4, 3),
    "y-7": (4, 3),
    "havannah-5": (4, 3),
    "havannah-5-swap": (4, 3),
    "lines-of-action": (4, 3),
    "nine-mens-morris": (6, 4),
    "chinese-checkers-2": (5, 4),
    "chinese-checkers-6": (5, 4),
}

#: Othello perft 1-9 from the start, as published.
OTHELLO = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if pyspiel is None:
        print("OpenSpiel (pyspiel) is not installed: pip install open-spiel", file=sys.stderr)
        return 2
    print(f"{'game':16} {'depth':>5} {'nodes':>12} {'boardgen s':>11} {'OpenSpiel s':>12} {'ratio':>6}")
    for name, (full, quick) in DEPTHS.items():
        pair = PAIRINGS[name]
        depth = quick if args.quick else full
        game = pair.game()
        start = time.perf_counter()
        ours = game.perft(game.initial(), depth)
        mine = time.perf_counter() - start
        state = pair.oracle().new_initial_state()
        start = time.perf_counter()
        theirs = oracle_perft(state, depth)
        other = time.perf_counter() - start
        if ours != theirs:
            print(f"{name}: perft {depth} differs: boardgen {ours}, OpenSpiel {theirs}")
            return 1
        print(f"{name:16} {depth:>5} {ours:>12,} {mine:>11.3f} {other:>12.3f} {other / mine:>6.2f}")
    if not args.quick:
        game = PAIRINGS["othello"].game()
        start = time.perf_counter()
        counts = [game.perft(game.initial(), d) for d in range(1, 10)]
        print(f"othello perft 1-9: {counts} ({time.perf_counter() - start:.1f} s)")
        if counts != OTHELLO:
            print("Othello perft differs from the published figures")
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
