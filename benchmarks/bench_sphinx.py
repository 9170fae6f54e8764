"""A Sphinx page of 50 diagrams against the same page without them.

Run from the project root:  python benchmarks/bench_sphinx.py [--runs N]

Two projects, identical but for the page: one with 50 ``.. boardgen::`` diagrams (ten
games, moves, arrows, fills, captions), the other with the same 50 captions as plain
paragraphs. Both load the extension, so the difference is what the diagrams cost: the
games loaded, 50 positions drawn and inlined. Each is built from scratch
(``sphinx-build -E -q -b html``) in a fresh process, in alternation; the goal is a
difference of at most 0.1 s.

A benchmark, not a test: it asserts nothing but that every build succeeded.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "BOARDGEN_VARIANTS")}
GAMES = (
    ("american-checkers", ":move: 11-15", ":arrows: 22-18:green"),
    ("pool-checkers", ":lastmove: 11-15", ":fill: 15:yellow"),
    ("international-draughts", ":move: 32-28", ":arrows: 19-23"),
    ("russian-draughts", ":move: 22-18", ":flipped:"),
    ("kruzno-checkers", ":coordinates: no", ":size: 300"),
)


def page(diagrams: bool) -> str:
    parts = ["Fifty diagrams\n==============\n"]
    for i in range(50):
        game, first, second = GAMES[i % len(GAMES)]
        caption = f"Diagram {i + 1} of {game}."
        if diagrams:
            parts.append(f".. boardgen:: {game}\n   {first}\n   {second}\n   :caption: {caption}\n")
        else:
            parts.append(f"{caption}\n")
    return "\n".join(parts)


def project(root: Path, diagrams: bool) -> Path:
    source = root / ("with" if diagrams else "without")
    source.mkdir()
    (source / "conf.py").write_text('extensions = ["boardgen.sphinx"]\nproject = "bench"\n', "utf-8")
    (source / "index.rst").write_text(page(diagrams), "utf-8")
    return source


def build(source: Path, out: Path) -> tuple[float, float]:
    """Wall seconds of a fresh build, and its processor seconds (user and system: less
    swayed than wall time by other work on a shared machine)."""
    command = [sys.executable, "-m", "sphinx", "-E", "-q", "-b", "html", str(source), str(out)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, env=ENV, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        sources = {name: project(root, name == "with") for name in ("with", "without")}
        times: dict[str, list[float]] = {name: [] for name in sources}
        cpus: dict[str, list[float]] = {name: [] for name in sources}
        for name, source in sources.items():  # warm-up: bytecode, caches of the file system
            build(source, root / f"out-{name}")
        for _ in range(args.runs):
            for name, source in sources.items():
                wall, cpu = build(source, root / f"out-{name}")
                times[name].append(wall)
                cpus[name].append(cpu)
    medians = {name: statistics.median(values) for name, values in times.items()}
    cpu_medians = {name: statistics.median(values) for name, values in cpus.items()}
    print(f"\n### A Sphinx page of 50 diagrams (median of {args.runs} fresh builds, in alternation)\n")
    print("| page | median | best | processor time, median |")
    print("|---|---|---|---|")
    for name, values in times.items():
        print(
            f"| {name} the diagrams | {medians[name] * 1000:.0f} ms | {min(values) * 1000:.0f} ms"
            f" | {cpu_medians[name] * 1000:.0f} ms |"
        )
    extra = medians["with"] - medians["without"]
    cpu_extra = cpu_medians["with"] - cpu_medians["without"]
    print(f"\nThe diagrams add {extra:.3f} s to the build (goal: at most 0.1 s);")
    print(f"in processor time, {cpu_extra:.3f} s.")


if __name__ == "__main__":
    main()
