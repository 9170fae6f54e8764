"""Cross-check the newer rule families against OpenSpiel, and chess against python-chess,
on many positions.

Run from the project root:  python benchmarks/crosscheck.py [--positions N] [--seed S] [GAME ...]

Plays seeded random games in lockstep with OpenSpiel (tests/support/openspiel_oracle.py)
until N positions per game (100,000 by default, as ``make crosscheck`` runs it) have
had their legal moves and outcome compared, and prints one tally line per game. ``chess``
is played against python-chess (tests/support/chess_oracle.py): N plies in all, shared by
random games from the start, from positions that meet the rarer rules (under both
``draw_claims``), Chess960 starts, and the real games of tests/data/chess; at every ply the
legal moves as a multiset, the whole position and the outcome are compared. A missing
oracle fails the run. Exits with status 1 on the first disagreement, printing the moves
that lead to it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardgen.rules.chess.chess960 import start_fen  # noqa: E402
from tests.support import chess_oracle  # noqa: E402
from tests.support.openspiel_oracle import PAIRINGS, Disagreement, lockstep, pyspiel  # noqa: E402
from tests.support.tools import DATA  # noqa: E402


def crosscheck_chess(plies: int, seed: int) -> list[str]:
    """Chess against python-chess: one tally line per kind of run (see the module's text)."""
    game = chess_oracle.chess_game
    starts = chess_oracle.RULE_STARTS
    runs = [
        ("chess, from the start", game("chess"), (), 0.4),
        ("chess, rare rules, draws claimed", game("chess"), starts, 0.2),
        ("chess, rare rules, draws automatic", game("chess", draw_claims="automatic"), starts, 0.2),
        ("chess960, 960 starts", game("chess960"), tuple(start_fen(n) for n in range(0, 960, 7)), 0.2),
    ]
    lines = []
    for index, (label, engine, fens, share) in enumerate(runs):
        tally = chess_oracle.random_games(
            engine, int(plies * share), seed + index, starts=fens, max_plies=300
        )
        lines.append(f"{label:40} {tally}")
    real = chess_oracle.Tally()
    for path in sorted((DATA / "chess").glob("*.pgn")):
        engine = game("chess960" if "fischerrandom" in path.name else "chess")
        for _, fen, moves in chess_oracle.recorded_games(path):
            chess_oracle.lockstep(engine, iter(moves), real, fen=fen, label=path.name)
    lines.append(f"{'chess, real games (tests/data/chess)':40} {real}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"games to check (default: all of {', '.join(PAIRINGS)})")
    parser.add_argument("--positions", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    names = args.games or [*PAIRINGS, "chess"]
    if pyspiel is None and set(names) - {"chess"}:
        print("OpenSpiel (pyspiel) cannot be imported: pip install open-spiel", file=sys.stderr)
        return 2
    if chess_oracle.chess is None and "chess" in names:
        print("python-chess (the chess oracle) cannot be imported: pip install chess", file=sys.stderr)
        return 2
    for name in names:
        start = time.perf_counter()
        if name == "chess":
            try:
                lines = crosscheck_chess(args.positions, args.seed)
            except chess_oracle.Disagreement as exc:
                print(f"chess: DISAGREEMENT {exc}")
                return 1
            for line in lines:
                print(line)
            print(f"[chess: {time.perf_counter() - start:.0f} s]", flush=True)
            continue
        try:
            tally = lockstep(PAIRINGS[name], args.positions, args.seed)
        except Disagreement as exc:
            print(f"{name}: DISAGREEMENT {exc}")
            return 1
        print(f"{name:16} {tally}  [{time.perf_counter() - start:.0f} s]", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
