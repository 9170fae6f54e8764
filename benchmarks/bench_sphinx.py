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


def build(source: Path, out: Path) -> float:
    command = [sys.executable, "-m", "sphinx", "-E", "-q", "-b", "html", str(source), str(out)]
    start = time.perf_counter()
    subprocess.run(command, check=True, env=ENV, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        sources = {name: project(root, name == "with") for name in ("with", "without")}
        times: dict[str, list[float]] = {name: [] for name in sources}
        for name, source in sources.items():  # warm-up: bytecode, caches of the file system
            build(source, root / f"out-{name}")
        for _ in range(args.runs):
            for name, source in sources.items():
                times[name].append(build(source, root / f"out-{name}"))
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"\n### A Sphinx page of 50 diagrams (median of {args.runs} fresh builds, in alternation)\n")
    print("| page | median | best |")
    print("|---|---|---|")
    for name, values in times.items():
        print(f"| {name} the diagrams | {medians[name] * 1000:.0f} ms | {min(values) * 1000:.0f} ms |")
    extra = medians["with"] - medians["without"]
    print(f"\nThe diagrams add {extra:.3f} s to the build (goal: at most 0.1 s).")


if __name__ == "__main__":
    main()
