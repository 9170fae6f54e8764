"""Speed and size of what users make: a full build, one diagram, and boards at scale.

Run from the project root:  python benchmarks/bench_outputs.py [--quick]

1. Full build (every output of every game and language) of the six games ``make boards``
   builds and of the whole library, with 1 worker, 2 and one per processor: wall time
   (best and median of a few runs) and processor time (the build's and its workers',
   median), which a machine shared with other work changes less than wall time.
2. One SVG diagram from the command line, in a fresh process (import, load, validate,
   draw, write), against python-chess drawing an 8x8 board in a fresh process (import
   and draw), the peer every Python user knows; as a ratio of medians. Then the same
   in one process through the public API (``boardgen.svg(game.start)`` against
   ``chess.svg.board(chess.Board())``), the two timed in alternation so that a busy
   machine slows both alike, plus a move diagram and the first diagram of a game
   (which builds the board layer the game then keeps).
3. Boards at scale: hexhex of side 10, 20 and 40 and square 20x20 and 50x50 (a
   descriptor made on the fly, cell size 20 mm): time and bytes of the board SVG and
   of the tiled board PDF, per cell, to show they grow linearly with the cell count.

Prints Markdown tables (docs/develop/performance.md, "Outputs", is a copy of one run).
A benchmark, not a test: it asserts nothing but that every command succeeded.
"""

from __future__ import annotations

import argparse
import compileall
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardgen.descriptor.load import load_variant  # noqa: E402
from boardgen.outputs.build import default_workers  # noqa: E402
from boardgen.outputs.files import RenderOptions, render  # noqa: E402

PYTHON = sys.executable
# Children may keep bytecode, as an installed package does (python-chess's comes compiled
# from its wheel; an editable boardgen would otherwise recompile on every run).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["BOARDGEN_VARIANTS"] = str(ROOT / "variants")


def wall(command: list[str], runs: int) -> list[float]:
    """Wall seconds of ``command`` in a fresh process, ``runs`` times (after one warm-up)."""
    subprocess.run(command, check=True, env=ENV, capture_output=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, env=ENV, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def wall_and_cpu(command: list[str], runs: int) -> list[tuple[float, float]]:
    """Wall and processor seconds (user and system, the process's and its children's) of
    ``command`` in a fresh process, ``runs`` times (after one warm-up)."""
    subprocess.run(command, check=True, env=ENV, capture_output=True)
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, env=ENV, capture_output=True)
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        times.append((seconds, cpu))
    return times


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {default_workers()} processor(s), Python {platform.python_version()}, {platform.system()}"


#: The six games of the original brief, as ``make boards`` builds them (see the Makefile).
BRIEF = (
    "kruzno-checkers",
    "hex9-checkers",
    "catchup",
    "american-checkers",
    "pool-checkers",
    "variante-dames",
)


def bench_build(runs: int) -> None:
    print("\n### Full build\n")
    print("| what | workers | wall time (best) | wall time (median) | processor time (median) | files |")
    print("|---|---|---|---|---|---|")
    sets = (("the six games of `make boards`", list(BRIEF)), ("the whole library (`make library`)", []))
    with tempfile.TemporaryDirectory() as tmp:
        for what, ids in sets:
            for workers in sorted({1, 2, default_workers()}):
                out = Path(tmp) / f"out-{len(ids)}-{workers}"
                jobs = ["-j", str(workers), "-q"]
                command = [PYTHON, "-m", "boardgen", "build", *ids, "--out", str(out), *jobs]
                found = wall_and_cpu(command, runs)
                best = min(seconds for seconds, _ in found)
                middle = statistics.median(seconds for seconds, _ in found)
                cpu = statistics.median(cpu for _, cpu in found)
                files = sum(1 for p in out.rglob("*") if p.is_file())
                print(f"| {what} | {workers} | {best:.2f} s | {middle:.2f} s | {cpu:.2f} s | {files} |")


def bench_diagram(runs: int) -> None:
    print("\n### One SVG diagram from the command line, fresh process\n")
    with tempfile.TemporaryDirectory() as tmp:
        ours = [PYTHON, "-m", "boardgen", "diagram", "american-checkers", "-o", str(Path(tmp) / "d.svg")]
        draw_chess = (
            "import chess, chess.svg, pathlib, sys; "
            "pathlib.Path(sys.argv[1]).write_text(chess.svg.board(chess.Board()))"
        )
        theirs = [PYTHON, "-c", draw_chess, str(Path(tmp) / "c.svg")]
        try:
            subprocess.run([PYTHON, "-c", "import chess.svg"], check=True, capture_output=True)
        except subprocess.CalledProcessError:
            print("python-chess is not installed (pip install chess): comparison skipped")
            return
        a = statistics.median(wall(ours, runs))
        b = statistics.median(wall(theirs, runs))
        print("| program | median wall time |")
        print("|---|---|")
        print(f"| `boardgen diagram american-checkers -o d.svg` | {a * 1000:.0f} ms |")
        print(f"| python-chess `chess.svg.board(chess.Board())` | {b * 1000:.0f} ms |")
        verdict = "faster" if a < b else "slower"
        print(f"\nboardgen takes {a / b:.2f} x python-chess's time ({verdict}).")


def per_call(function: Callable[[], object], calls: int) -> float:
    """Seconds per call of ``function``, over ``calls`` calls."""
    start = time.perf_counter()
    for _ in range(calls):
        function()
    return (time.perf_counter() - start) / calls


def bench_api(rounds: int) -> None:
    print("\n### One 8x8 SVG diagram in one process, public API\n")
    try:
        import chess
        import chess.svg
    except ImportError:
        print("python-chess is not installed (pip install chess): comparison skipped")
        return
    import boardgen

    start = time.perf_counter()
    game = boardgen.load("american-checkers")
    boardgen.svg(game.start)
    cold = time.perf_counter() - start
    jump = game.position("W:W27,K30:B23,14")

    def ours() -> object:
        return boardgen.svg(game.start)

    def moved() -> object:
        return boardgen.svg(jump, move="27x18x9", arrows=["30-26:green"], fill={"14": None})

    def theirs() -> object:
        return chess.svg.board(chess.Board())

    samples: dict[str, list[float]] = {"ours": [], "moved": [], "theirs": []}
    for _ in range(rounds):
        for name, function in (("ours", ours), ("theirs", theirs), ("moved", moved)):
            samples[name].append(per_call(function, 50))
    a, b, c = (statistics.median(samples[k]) for k in ("ours", "theirs", "moved"))
    print("| call | median per diagram |")
    print("|---|---|")
    print(f"| `boardgen.svg(game.start)` (American checkers) | {a * 1000:.2f} ms |")
    print(f"| python-chess `chess.svg.board(chess.Board())` | {b * 1000:.2f} ms |")
    print(f"| `boardgen.svg(position, move=..., arrows=..., fill=...)` (a double jump) | {c * 1000:.2f} ms |")
    print(f"| first diagram of a game: `boardgen.load` + `boardgen.svg` | {cold * 1000:.0f} ms |")
    print(f"\nboardgen takes {a / b:.2f} x python-chess's time per diagram (goal: at most 1.0).")


SCALE_BOARDS = [
    ("hexhex side 10", {"kind": "hexhex", "side": 10}),
    ("hexhex side 20", {"kind": "hexhex", "side": 20}),
    ("hexhex side 40", {"kind": "hexhex", "side": 40}),
    ("square 20x20", {"kind": "square", "width": 20, "height": 20, "playable": "all"}),
    ("square 50x50", {"kind": "square", "width": 50, "height": 50, "playable": "all"}),
]


def scale_descriptor(board: dict[str, object]) -> str:
    """A leaping-game descriptor on ``board``, two men a side (the setup does not matter here)."""
    lines = [f"  {key}: {value}" for key, value in board.items()]
    return "\n".join(
        [
            "format: 1",
            "id: scale",
            "title: {en: Scale, fr: Scale, de: Scale}",
            "players:",
            "  - {id: white, name: {en: W, fr: B, de: W}, colour: '#ffffff', letter: W, side: south}",
            "  - {id: black, name: {en: B, fr: N, de: S}, colour: '#000000', letter: B, side: north}",
            "first: white",
            "board:",
            *lines,
            "setup:",
            "  white: {count: 2, men: {nearest: 2, from: south}}",
            "  black: {count: 2, men: {nearest: 2, from: north}}",
            "rules:",
            "  family: leaping",
            "  params: {man_steps: [all], man_captures: [all], king: none, promotion: none}",
            "print: {cell_size: 20, coordinates: true}",
            "",
        ]
    )


def timed(run: Callable[[], bytes]) -> tuple[float, int]:
    start = time.perf_counter()
    data = run()
    return time.perf_counter() - start, len(data)


def bench_scale(quick: bool) -> None:
    print("\n### Boards at scale (cell size 20 mm, board only)\n")
    print(
        "| board | cells | SVG time | SVG bytes | bytes/cell "
        "| PDF pages | PDF time | PDF bytes | bytes/cell |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    boards = SCALE_BOARDS[:2] + SCALE_BOARDS[3:4] if quick else SCALE_BOARDS
    with tempfile.TemporaryDirectory() as tmp:
        for name, board in boards:
            path = Path(tmp) / "scale.yaml"
            path.write_text(scale_descriptor(board), "utf-8")
            variant = load_variant(str(path))
            cells = variant.grid.size
            svg_time, svg_bytes = timed(lambda v=variant: render(v, "board", "svg", RenderOptions()))
            pdf = render(variant, "board", "pdf", RenderOptions())
            pdf_time, pdf_bytes = timed(lambda v=variant: render(v, "board", "pdf", RenderOptions()))
            pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
            print(
                f"| {name} | {cells:,} | {svg_time * 1000:.0f} ms | {svg_bytes:,} | {svg_bytes / cells:.0f} "
                f"| {pages} | {pdf_time * 1000:.0f} ms | {pdf_bytes:,} | {pdf_bytes / cells:.0f} |"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and smaller boards")
    parser.add_argument(
        "--only", default="build,diagram,api,scale", help="comma-separated parts (build, diagram, api, scale)"
    )
    args = parser.parse_args()
    runs = 2 if args.quick else 5
    parts = set(args.only.split(","))
    compileall.compile_dir(ROOT / "boardgen", quiet=1)
    print(f"Machine: {machine()}")
    if "build" in parts:
        bench_build(runs)
    if "diagram" in parts:
        bench_diagram(runs * 2)
    if "api" in parts:
        bench_api(runs * 4)
    if "scale" in parts:
        bench_scale(args.quick)


if __name__ == "__main__":
    main()
