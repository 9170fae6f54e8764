"""Start-up: one diagram from the command line in a fresh process, against python-chess.

Run from the project root:  python benchmarks/bench_startup.py [--runs N]

A documentation build or a shell loop starts boardgen once per diagram, so the cost
that counts is the whole process: interpreter, imports, loading the game, drawing,
writing. The peer is python-chess doing the same in a fresh process (import
``chess.svg``, draw the start position, write the file). The two are run in
alternation, so that a machine busy with other work slows both alike, and compared
as a ratio of medians (the goal: at most 1.5). Also timed: the same diagram through the
installed ``boardgen`` script (the console entry point, beside the interpreter), ``import
boardgen`` alone and with its first name used, ``boardgen --version`` (the command line's
floor), a ``diagram --batch`` of 50 lines per diagram, and ``load()`` of a game already
loaded.

A benchmark, not a test: it asserts nothing but that every command succeeded.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
#: The shipped games as a user has them: no BOARDGEN_VARIANTS, bytecode kept (as installed).
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "BOARDGEN_VARIANTS")}
DRAW_CHESS = (
    "import chess, chess.svg, pathlib, sys; "
    "pathlib.Path(sys.argv[1]).write_text(chess.svg.board(chess.Board()))"
)


def once(command: list[str]) -> float:
    return timed(command)[0]


def timed(command: list[str]) -> tuple[float, float]:
    """Wall seconds of ``command``, and its processor seconds (user and system: less
    swayed than wall time by other work on a shared machine, which delays a process
    more than it slows it)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, env=ENV, capture_output=True, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def alternating(
    commands: dict[str, list[str]], runs: int
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall and processor seconds of each command, run in turn ``runs`` times after one
    warm-up each."""
    for command in commands.values():
        once(command)
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            wall, cpu = timed(command)
            walls[name].append(wall)
            cpus[name].append(cpu)
    return walls, cpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    compileall.compile_dir(ROOT / "boardgen", quiet=1)
    try:
        subprocess.run([PYTHON, "-c", "import chess.svg"], check=True, capture_output=True)
    except subprocess.CalledProcessError:
        print("python-chess is not installed (pip install chess, or make bench): comparison skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        batch = Path(tmp) / "lines.txt"
        batch.write_text(
            "".join(f"american-checkers --arrow 11-15 -o {tmp}/b{i}.svg\n" for i in range(50)), "utf-8"
        )
        commands = {
            "boardgen diagram american-checkers -o d.svg": [
                PYTHON, "-m", "boardgen", "diagram", "american-checkers", "-o", f"{tmp}/d.svg",
            ],
            "python-chess: import chess.svg, draw, write": [PYTHON, "-c", DRAW_CHESS, f"{tmp}/c.svg"],
            "python -c 'import boardgen'": [PYTHON, "-c", "import boardgen"],
            "python -c 'import boardgen; boardgen.load'": [PYTHON, "-c", "import boardgen; boardgen.load"],
            "boardgen --version": [PYTHON, "-m", "boardgen", "--version"],
            "python -c pass (the interpreter alone)": [PYTHON, "-c", "pass"],
        }  # fmt: skip
        script = Path(PYTHON).with_name("boardgen")
        if script.exists():  # installed with the package (pip install -e . or a wheel)
            commands["boardgen diagram ... through the installed boardgen script"] = [
                str(script), "diagram", "american-checkers", "-o", f"{tmp}/e.svg",
            ]  # fmt: skip
        times, cpus = alternating(commands, args.runs)
        batched = statistics.median(
            once([PYTHON, "-m", "boardgen", "diagram", "--batch", str(batch)]) for _ in range(3)
        )
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"\n### Start-up, fresh processes (median of {args.runs}, run in alternation)\n")
    print("| process | median | best | processor time, median |")
    print("|---|---|---|---|")
    for name, values in times.items():
        cpu = statistics.median(cpus[name]) * 1000
        print(f"| {name} | {medians[name] * 1000:.0f} ms | {min(values) * 1000:.0f} ms | {cpu:.0f} ms |")
    print(f"| boardgen diagram --batch of 50 lines, per diagram | {batched / 50 * 1000:.1f} ms | | |")
    ours, theirs = (medians[k] for k in list(commands)[:2])
    cpu_ours, cpu_theirs = (statistics.median(cpus[k]) for k in list(commands)[:2])
    print(f"\nOne diagram: boardgen takes {ours / theirs:.2f} x python-chess's time (goal: at most 1.5);")
    print(f"in processor time, {cpu_ours / cpu_theirs:.2f} x.")
    sys.path.insert(0, str(ROOT))
    import boardgen

    boardgen.load("american-checkers")
    start = time.perf_counter()
    for _ in range(1000):
        boardgen.load("american-checkers")
    print(f"load() of a game already loaded: {(time.perf_counter() - start):.3f} ms per call")


if __name__ == "__main__":
    main()
