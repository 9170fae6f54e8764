"""The documented limits (docs/reference/limits.md): the largest boards work, beyond them a clear refusal."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from boardgen.cli import main
from boardgen.descriptor import load_variant
from boardgen.descriptor.parse import CELL_SIZE_MM, HEX_SIDE, SQUARE_SIZE
from boardgen.descriptor.yamlload import MAX_BYTES
from boardgen.outputs.validate import run_checks
from boardgen.render.pages import MAX_PAGES

BOARDS = {
    "hexhex": f"  kind: hexhex\n  side: {HEX_SIDE[1]}\n",
    "square": f"  kind: square\n  width: {SQUARE_SIZE[1]}\n  height: {SQUARE_SIZE[1]}\n  playable: all\n",
}


def descriptor(board: str, cell_size: float) -> str:
    return (
        "format: 1\nid: big\ntitle: {en: Big, fr: Grand, de: Groß}\nplayers:\n"
        "  - {id: white, name: {en: W, fr: B, de: W}, colour: '#ffffff', letter: W, side: south}\n"
        "  - {id: black, name: {en: B, fr: N, de: S}, colour: '#000000', letter: B, side: north}\n"
        f"first: white\nboard:\n{board}"
        "setup:\n  white: {count: 2, men: {nearest: 2, from: south}}\n"
        "  black: {count: 2, men: {nearest: 2, from: north}}\n"
        "rules:\n  family: leaping\n  params: {man_steps: [all], man_captures: [all], king: flying, "
        "king_directions: all, promotion: none}\n"
        f"print: {{cell_size: {cell_size}}}\n"
    )


@pytest.mark.parametrize("kind", sorted(BOARDS))
def test_the_largest_boards_load_validate_and_print_within_the_page_limit(kind: str, in_tmp: Path) -> None:
    Path("big.yaml").write_text(descriptor(BOARDS[kind], CELL_SIZE_MM[0]), "utf-8")
    variant = load_variant("big.yaml")
    assert variant.grid.size in (3 * 50 * 49 + 1, 100 * 100)
    assert all(check.ok for check in run_checks(variant))
    result = CliRunner().invoke(main, ["render", "big.yaml", "--format", "pdf", "-o", "big.pdf"])
    assert result.exit_code == 0, result.output
    assert 1 < Path("big.pdf").read_bytes().count(b"/Type /Page\n") <= MAX_PAGES


def test_a_board_needing_too_many_pages_is_refused_at_its_cell_size(in_tmp: Path) -> None:
    Path("big.yaml").write_text(descriptor(BOARDS["hexhex"], CELL_SIZE_MM[1]), "utf-8")
    result = CliRunner().invoke(main, ["render", "big.yaml", "--format", "pdf", "-o", "big.pdf"])
    assert result.exit_code == 2
    assert result.stderr.startswith("big.yaml:")
    assert (
        f": print.cell_size: this board would need 4,873 pages of A4 (the limit is {MAX_PAGES})"
        in result.stderr
    )
    assert not Path("big.pdf").exists()
    checked = CliRunner().invoke(main, ["validate", "big.yaml"])  # validate checks it first
    assert checked.exit_code == 1 and "FAIL board prints within the page limit: big.yaml:" in checked.stdout
    Path("big.yaml").write_text(descriptor(BOARDS["hexhex"], 20), "utf-8")
    option = CliRunner().invoke(
        main, ["render", "big.yaml", "--cell-size", "100", "--format", "pdf", "-o", "big.pdf"]
    )
    assert option.exit_code == 2 and option.stderr.startswith("--cell-size 100: this board would need")


def test_a_descriptor_larger_than_the_limit_is_refused_by_size(in_tmp: Path) -> None:
    padding = "# " + "x" * 98 + "\n"
    Path("huge.yaml").write_text(descriptor(BOARDS["hexhex"], 20) + padding * (MAX_BYTES // 100 + 1), "utf-8")
    result = CliRunner().invoke(main, ["validate", "huge.yaml"])
    assert result.exit_code == 2
    assert result.stderr.startswith("huge.yaml") and "1 MiB" in result.stderr
