"""``validate``, ``perft`` and ``moves`` through the command line, as users call them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from boardgen.cli import main

ROOT = Path(__file__).resolve().parents[2]
IDS = ["american-checkers", "catchup", "hex9-checkers", "kruzno-checkers", "pool-checkers", "variante-dames"]
#: Published English-checkers perft from the start (e.g. Aart Bik's and the PDN perft tables).
AMERICAN = [7, 49, 302, 1469, 7361, 36768]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_all_six_setups_validate() -> None:
    code, out, err = run("validate", *IDS)
    assert code == 0, out + err
    lines = out.splitlines()
    assert {line.split(":")[0] for line in lines} == set(IDS)
    assert all(": ok   " in line for line in lines)
    for name in ("side to move can move", "no capture on the first move", "sides mirror each other"):
        assert sum(name in line for line in lines) == 6
    assert any("catchup: ok   placement.scoring-track: highest reachable score ≤ 45" in ln for ln in lines)


def test_a_broken_setup_fails_with_its_reason(tmp_path: Path) -> None:
    text = (ROOT / "variants" / "american-checkers.yaml").read_text("utf-8")
    three_rows = "    count: 12\n    men: {rows: 3, from: south, within: playable}"
    broken = text.replace(three_rows, "    count: 8\n    men: {rows: 2, from: south, within: playable}")
    path = tmp_path / "american-checkers.yaml"
    path.write_text(broken, "utf-8")
    code, out, _ = run("validate", str(path))
    assert code == 1
    failed = [line for line in out.splitlines() if "FAIL" in line]
    assert len(failed) == 1
    assert "sides mirror each other" in failed[0] and f"{path}:" in failed[0] and ": setup: " in failed[0]


def test_build_refuses_a_variant_whose_setup_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "variants"
    folder.mkdir()
    text = (ROOT / "variants" / "catchup.yaml").read_text("utf-8").replace("maximum: 45", "maximum: 30")
    (folder / "catchup.yaml").write_text(text, "utf-8")
    monkeypatch.setenv("BOARDGEN_VARIANTS", str(folder))
    result = CliRunner().invoke(main, ["build", "--out", str(tmp_path / "out"), "--quiet"])
    assert result.exit_code == 2
    assert "furniture.scoring_track.maximum: the track stops at 30 but a score can reach 45" in result.stderr
    assert not (tmp_path / "out").exists()


def test_perft_prints_one_line_per_depth_matching_the_published_table() -> None:
    code, out, _ = run("perft", "american-checkers", "6")
    assert code == 0
    assert out.splitlines() == [f"{d} {n}" for d, n in enumerate(AMERICAN, start=1)]


def test_perft_divide_lists_each_move_and_its_share() -> None:
    code, out, _ = run("perft", "american-checkers", "4", "--divide")
    assert code == 0
    lines = out.splitlines()
    shares = dict(line.split("\t") for line in lines if "\t" in line)
    assert sorted(shares) == ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    assert sum(int(n) for n in shares.values()) == AMERICAN[3]
    assert lines[-1] == f"4 {AMERICAN[3]}"


def test_perft_from_a_position_counts_a_multi_jump_path_once_per_path() -> None:
    # A white king on 22 takes the four men round 15 clockwise or anticlockwise: two moves.
    code, out, _ = run("perft", "american-checkers", "1", "--position", "W:WK22:B17,9,10,18")
    assert code == 0
    assert out.splitlines() == ["1 2"]
    code, out, _ = run("moves", "american-checkers", "--position", "W:WK22:B17,9,10,18")
    assert [line.split("\t")[0] for line in out.splitlines()] == ["22x13x6x15x22", "22x15x6x13x22"]


@pytest.mark.parametrize("variant", IDS)
def test_moves_give_the_position_after_each_move(variant: str) -> None:
    code, out, _ = run("moves", variant)
    assert code == 0
    lines = out.splitlines()
    _, divided, _ = run("perft", variant, "2", "--divide")
    shares = dict(line.split("\t") for line in divided.splitlines() if "\t" in line)
    assert sorted(shares) == sorted(line.split("\t")[0] for line in lines)
    for line in lines[:4]:
        move, after = line.split("\t")
        code, replies, _ = run("moves", variant, "--position", after)
        assert code == 0
        assert len(replies.splitlines()) == int(shares[move])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["moves", "pool-checkers", "--position", "X:W1"], "position 'X:W1'"),
        (["perft", "american-checkers", "0"], "0 is not in the range"),
        (["perft", "american-checkerz", "2"], "did you mean american-checkers?"),
        (["moves", "hex9-checkers", "--position", "W:WKe5:Ba1"], "this game has no kings"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert message in err and "Traceback" not in err + out


def test_perft_refuses_a_depth_beyond_its_bound_before_starting_it() -> None:
    code, out, err = run("perft", "catchup", "5")
    assert code == 2
    assert out.splitlines() == ["1 61", "2 111630", "3 475213494"]
    assert err.splitlines() == [
        "perft: depth 4 would generate the moves of 475,213,494 positions, over the limit of "
        "2,000,000; ask for depth 3 at most"
    ]
    code, out, err = run("perft", "catchup", "5", "--divide")
    assert code == 2 and out == "" and "depth 4 would generate" in err


def test_moves_refuses_to_print_more_than_its_bound_and_quotes_long_text_shortly(tmp_path: Path) -> None:
    import yaml

    data = yaml.safe_load((ROOT / "variants" / "international-draughts.yaml").read_text("utf-8"))
    data.update(id="huge-draughts")
    data["board"].update(width=100, height=100)
    data["print"]["cell_size"] = 5
    data.pop("examples", None)
    for side in data["setup"].values():
        side["count"] = 200
    path = tmp_path / "huge-draughts.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")
    kings = ",".join(f"K{n}" for n in range(3501, 5001))
    code, out, err = run("moves", str(path), "--position", f"W:W{kings}:B1")
    assert code == 2 and out == ""
    assert err.splitlines() == [
        "moves: 4,514 moves with the position after each would print about 38 MiB, over the limit of 8 MiB"
    ]
    code, _, err = run("moves", str(path), "--position", f"W:W{kings}:X1")
    assert code == 2 and len(err) < 200 and "... (" in err and "characters)" in err
