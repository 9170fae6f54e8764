"""The ``examples`` command: the example game records boardgen ships, copied where the
docs' commands find them (``examples/``), so they run the same from an installed
wheel as from a checkout."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import one_line
from ..foundation.fileio import write_atomic
from ._app import reports_errors

_PACKAGE = Path(__file__).resolve().parents[1]
#: The record formats shipped: PDN (draughts), SGF (Go, Hex), Little Golem's Havannah
#: export and the Othello transcripts.
RECORD_SUFFIXES = (".pdn", ".sgf", ".hgf", ".txt")


def examples_dir() -> Path:
    """The folder of the shipped examples: inside the installed package, else the checkout's."""
    packaged = _PACKAGE / "examples"
    return packaged if packaged.is_dir() else _PACKAGE.parent / "examples"


def example_files() -> list[Path]:
    """Every shipped example record, relative to :func:`examples_dir`."""
    root = examples_dir()
    return sorted(p.relative_to(root) for p in root.rglob("*") if p.suffix in RECORD_SUFFIXES)


@click.command()
@click.argument("folder", required=False, default="examples", type=click.Path(path_type=Path))
@reports_errors
def examples(folder: Path) -> None:
    """Copy the example game records into FOLDER (default: examples/); files already
    there are left as they are."""
    root = examples_dir()
    written = kept = 0
    for name in example_files():
        target = folder / name
        if target.exists():
            kept += 1
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, (root / name).read_bytes())
        written += 1
    shown = one_line(str(folder))
    click.echo(
        f"wrote {written} example record(s) in {shown}" + (f", kept {kept} already there" if kept else "")
    )
