"""The six bundled descriptors load into the boards the sources describe."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgen.descriptor import load_all, load_variant
from boardgen.errors import BoardgenError
from boardgen.geometry import HexHexGrid, SquareGrid

ROOT = Path(__file__).resolve().parents[2]
ORIGINAL_SIX = (
    "american-checkers", "catchup", "hex9-checkers", "kruzno-checkers", "pool-checkers", "variante-dames",
)  # fmt: skip
#: The national draughts games of issue 12 (PDN GameType in the comment).
DRAUGHTS = (
    "brazilian-draughts",  # 26
    "canadian-draughts",  # 27
    "czech-draughts",  # 29
    "frisian-draughts",  # 40
    "hexdame",  # Freeling, 1979 (no PDN GameType)
    "international-draughts",  # 20
    "italian-draughts",  # 22
    "russian-draughts",  # 25
    "spanish-draughts",  # 24
    "thai-draughts",  # 31
    "turkish-draughts",  # 30
)
#: The race and line games of issue 18 (the classic boards get their rules beside them).
FAMILIES_18 = ("breakthrough", "lines-of-action")


#: The classic boards of issue 17 that issue 18's families now play (same ids, now with rules).
CLASSIC_PLAYED = {
    "othello": "reversi",
    "go-9": "go",
    "go-13": "go",
    "go-19": "go",
    "hex-11": "connection",
    "hex-14": "connection",
    "game-of-y": "connection",
    "havannah-8": "connection",
    "nine-mens-morris": "morris",
    "six-mens-morris": "morris",
    "twelve-mens-morris": "morris",
    "chinese-checkers": "hop",
    "chess": "chess",
    "chess960": "chess",
    "xiangqi": "xiangqi",  # issue 33
    "shogi": "shogi",  # issue 33, a new board
}
#: The classic boards of issue 17 that stay print-only: no family plays them yet.
PRINT_ONLY = (
    "alquerque", "fox-and-geese", "oware",
)  # fmt: skip


def test_every_game_is_bundled() -> None:
    everything = (*ORIGINAL_SIX, *DRAUGHTS, *FAMILIES_18, *CLASSIC_PLAYED, *PRINT_ONLY)
    assert [v.id for v in load_all()] == sorted(everything)
    assert {v.id: v.rules.family for v in load_all() if v.id in CLASSIC_PLAYED} == CLASSIC_PLAYED
    assert {v.id for v in load_all() if v.rules.family == "none"} == set(PRINT_ONLY)


@pytest.mark.parametrize(
    ("variant_id", "cells", "playable", "men", "first"),
    [
        ("kruzno-checkers", 91, 91, 12, "white"),
        ("hex9-checkers", 217, 217, 55, "white"),
        ("catchup", 61, 61, 0, "white"),
        ("american-checkers", 64, 32, 12, "black"),
        ("pool-checkers", 64, 32, 12, "black"),
        ("variante-dames", 64, 64, 16, "white"),
    ],
)
def test_counts(variant_id: str, cells: int, playable: int, men: int, first: str) -> None:
    variant = load_variant(variant_id)
    assert variant.grid.size == cells
    assert len(variant.board.playable) == playable
    assert [len(variant.setup[p.id]) for p in variant.players] == [men, men]
    assert variant.first == first


def names(variant_id: str, player: str) -> list[str]:
    variant = load_variant(variant_id)
    return sorted(variant.grid.name(c) for c in variant.setup[player])


def test_kruzno_setup_avoids_the_restricted_ring_and_is_symmetric() -> None:
    variant = load_variant("kruzno-checkers")
    assert len(variant.restricted) == 30
    white, black = variant.setup["white"], variant.setup["black"]
    assert not (white | black) & variant.restricted
    assert frozenset(variant.grid.half_turn(c) for c in white) == black
    rows = sorted(variant.grid.row_from(c, "south") for c in white)
    assert rows == [2] * 5 + [3] * 6 + [4]
    assert names("kruzno-checkers", "white") == sorted(
        ["b2", "c2", "d2", "e2", "f2", "b3", "c3", "d3", "e3", "f3", "g3", "e4"]
    )


def test_checkers_setups_use_pdn_squares() -> None:
    for variant_id in ("american-checkers", "pool-checkers"):
        variant = load_variant(variant_id)
        pdn = variant.board.pdn
        assert pdn is not None
        assert sorted(pdn[c] for c in variant.setup["black"]) == list(range(1, 13))
        assert sorted(pdn[c] for c in variant.setup["white"]) == list(range(21, 33))
        grid = variant.grid
        assert isinstance(grid, SquareGrid)
        assert grid.colour(grid.parse("h1")) == "light"


def test_variante_dames_leaves_first_and_last_rows_empty() -> None:
    variant = load_variant("variante-dames")
    rows = {variant.grid.row_from(c, "south") for c in variant.setup["white"] | variant.setup["black"]}
    assert rows == {2, 3, 6, 7}


def test_hex9_fills_five_rows_each() -> None:
    variant = load_variant("hex9-checkers")
    assert isinstance(variant.grid, HexHexGrid) and variant.grid.side == 9
    assert {variant.grid.row_from(c, "south") for c in variant.setup["white"]} == {1, 2, 3, 4, 5}
    assert {variant.grid.row_from(c, "north") for c in variant.setup["black"]} == {1, 2, 3, 4, 5}


def test_catchup_has_a_scoring_track_and_empty_board() -> None:
    variant = load_variant("catchup")
    assert variant.scoring_track is not None and variant.scoring_track.maximum >= 1
    assert not any(variant.setup.values())


def test_unknown_variant_suggests_the_closest_id() -> None:
    with pytest.raises(BoardgenError, match="did you mean pool-checkers"):
        load_variant("pool-chekers")


def test_titles_in_three_languages() -> None:
    for variant in load_all():
        assert set(variant.title) == {"en", "fr", "de"}
        assert all(variant.player(p.id).name["de"] for p in variant.players)


def test_an_unknown_word_of_10_kb_is_quoted_short_in_the_error_line(tmp_path: Path) -> None:
    text = (ROOT / "variants" / "spanish-draughts.yaml").read_text(encoding="utf-8")
    start = text.index("numbering_from:")
    end = text.index("\n", start)
    text = text[:start] + 'numbering_from: "' + "x" * 10_000 + '"' + text[end:]
    path = tmp_path / "spanish-draughts.yaml"
    path.write_text(text, encoding="utf-8")
    quoted = r"board\.numbering_from: unknown value 'x+'\.\.\. \(10,000 characters\)"
    with pytest.raises(BoardgenError, match=quoted):
        load_variant(str(path))
