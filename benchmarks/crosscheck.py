"""Cross-check the newer rule families against OpenSpiel on many positions.

Run from the project root:  python benchmarks/crosscheck.py [--positions N] [--seed S] [GAME ...]

Plays seeded random games in lockstep with OpenSpiel (tests/support/openspiel_oracle.py)
until N positions per game (100,000 by default, as ``make crosscheck`` runs it) have
had their legal moves and outcome compared, and prints one tally line per game.
Exits with status 1 on the first disagreement, printing the moves that lead to it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.openspiel_oracle import PAIRINGS, Disagreement, lockstep, pyspiel  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"games to check (default: all of {', '.join(PAIRINGS)})")
    parser.add_argument("--positions", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if pyspiel is None:
        print("OpenSpiel (pyspiel) cannot be imported: pip install open-spiel", file=sys.stderr)
        return 2
    for name in args.games or list(PAIRINGS):
        start = time.perf_counter()
        try:
            tally = lockstep(PAIRINGS[name], args.positions, args.seed)
        except Disagreement as exc:
            print(f"{name}: DISAGREEMENT {exc}")
            return 1
        print(f"{name:16} {tally}  [{time.perf_counter() - start:.0f} s]", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
