"""Chess against python-chess in the same run: perft, and one diagram drawn in-process.

Run from the project root:  python benchmarks/bench_chess.py [--quick]

1. perft from the start and from Kiwipete, by the chess family (boardgen.rules.chess)
   and by python-chess, both counting the last ply in bulk (the number of legal moves,
   not each move played): python-chess with ``board.legal_moves.count()`` under
   ``push``/``pop``, boardgen with :func:`~boardgen.rules.chess.perft.perft` and
   ``memo=False`` (every path walked, as python-chess walks them). Then boardgen's own
   perft as ``boardgen perft`` runs it (each position two or more plies from the end
   counted once) to the published depths: start 6 (119,060,324), Kiwipete 4 (4,085,603);
   these are checked against the published figures (the suite stops at start 5).
2. One diagram in one process: ``boardgen.svg`` of a position read from FEN with the
   last move tinted and the king in check, against ``chess.svg.board`` of the same with
   ``lastmove`` and ``check``; the start position too; and the SVGs' sizes.

Times are processor seconds of this process (``time.process_time``), the median of a
few runs, taken in alternation, so that other work on a shared machine sways them less
than wall time; the ratios are boardgen's time over python-chess's (below 1: faster).
A benchmark, not a test: it asserts only that the counts are the published ones.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import boardgen  # noqa: E402
from boardgen.rules.chess.fen import parse_fen  # noqa: E402
from boardgen.rules.chess.perft import perft  # noqa: E402

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#: The published counts (chessprogramming.org, "Perft Results").
PUBLISHED = {
    START: [20, 400, 8902, 197281, 4865609, 119060324],
    KIWIPETE: [48, 2039, 97862, 4085603],
}
MATE = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"


def cpu(run: Callable[[], Any]) -> tuple[Any, float]:
    start = time.process_time()
    result = run()
    return result, time.process_time() - start


def peer_perft(board: Any, depth: int) -> int:
    """python-chess's perft, the last ply counted in bulk."""
    if depth == 1:
        return int(board.legal_moves.count())
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += peer_perft(board, depth - 1)
        board.pop()
    return total


def bench_perft(chess: Any, quick: bool) -> None:
    print("\n### perft, both counting the last ply in bulk (processor seconds, median)\n")
    print("| position | depth | count | boardgen | python-chess | ratio |")
    print("|---|---|---|---|---|---|")
    runs = 1 if quick else 3
    for name, fen, depth in (("start", START, 4 if quick else 5), ("Kiwipete", KIWIPETE, 3 if quick else 4)):
        board = parse_fen(fen).board
        ours_times, theirs_times = [], []
        for _ in range(runs):
            ours, seconds = cpu(partial(perft, board, depth, memo=False))
            ours_times.append(seconds)
            theirs, seconds = cpu(partial(peer_perft, chess.Board(fen), depth))
            theirs_times.append(seconds)
            assert ours == theirs == PUBLISHED[fen][depth - 1], (ours, theirs)
        a, b = statistics.median(ours_times), statistics.median(theirs_times)
        print(f"| {name} | {depth} | {ours:,} | {a:.2f} s | {b:.2f} s | {a / b:.2f} |")
    print("\n### boardgen perft to the published depths (each position counted once below)\n")
    print("| position | depth | count | published | processor time |")
    print("|---|---|---|---|---|")
    for name, fen in (("start", START), ("Kiwipete", KIWIPETE)):
        board = parse_fen(fen).board
        deepest = len(PUBLISHED[fen]) - (1 if quick else 0)
        for depth in range(1, deepest + 1):
            count, seconds = cpu(partial(perft, board, depth))
            want = PUBLISHED[fen][depth - 1]
            assert count == want, (name, depth, count, want)
            print(f"| {name} | {depth} | {count:,} | {want:,} | {seconds:.2f} s |")


def per_call(function: Callable[[], object], calls: int) -> float:
    start = time.process_time()
    for _ in range(calls):
        function()
    return (time.process_time() - start) / calls


def bench_diagram(chess: Any, svg: Any, quick: bool) -> None:
    print("\n### One chess diagram in one process (processor time per diagram, median)\n")
    game = boardgen.load("chess")
    boardgen.svg(game.position(MATE), lastmove="h5f7")  # the board layer kept, as in any real use
    last = chess.Move.from_uci("h5f7")

    def ours() -> str:
        return boardgen.svg(game.position(MATE), lastmove="h5f7")

    def theirs() -> str:
        board = chess.Board(MATE)
        return str(svg.board(board, lastmove=last, check=board.king(chess.BLACK)))

    def ours_start() -> str:
        return boardgen.svg(game.start)

    def theirs_start() -> str:
        return str(svg.board(chess.Board()))

    samples: dict[str, list[float]] = {"ours": [], "theirs": [], "ours_start": [], "theirs_start": []}
    for _ in range(3 if quick else 7):
        for key, function in (
            ("ours", ours),
            ("theirs", theirs),
            ("ours_start", ours_start),
            ("theirs_start", theirs_start),
        ):
            samples[key].append(per_call(function, 30 if quick else 100))
    a, b, c, d = (statistics.median(samples[k]) for k in ("ours", "theirs", "ours_start", "theirs_start"))
    print("| diagram | boardgen | python-chess | ratio | SVG bytes (boardgen / python-chess) |")
    print("|---|---|---|---|---|")
    print(
        f"| after 4. Qxf7#, from FEN, last move and check shown | {a * 1000:.2f} ms | {b * 1000:.2f} ms "
        f"| {a / b:.2f} | {len(ours()):,} / {len(theirs()):,} |"
    )
    print(
        f"| the start position | {c * 1000:.2f} ms | {d * 1000:.2f} ms | {c / d:.2f} "
        f"| {len(ours_start()):,} / {len(theirs_start()):,} |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shallower perft, fewer runs")
    args = parser.parse_args()
    try:
        import chess
        import chess.svg as svg
    except ImportError:
        print("python-chess is not installed (pip install chess): the peer rows cannot run", file=sys.stderr)
        return 2
    print(f"## Chess: boardgen against python-chess {chess.__version__}")
    bench_perft(chess, args.quick)
    bench_diagram(chess, svg, args.quick)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
