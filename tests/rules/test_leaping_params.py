"""The leaping switches: vocabulary, checks with descriptor keys, and what words mean."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from boardgen.descriptor import load_variant
from boardgen.errors import BoardgenError
from boardgen.geometry import HexHexGrid, SquareGrid
from boardgen.outputs.validate import run_checks
from boardgen.rules.leaping import make_game, parse_params
from boardgen.rules.leaping.directions import classify
from tests.support.leaping_specs import GAME_IDS, PARAMS, descriptor_spec, game, spec

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_descriptor_switches_mean_what_the_tests_assume(game_id: str) -> None:
    given = descriptor_spec(game_id).params
    if not given:
        pytest.skip("descriptor has no rules.params yet")
    regions = descriptor_spec(game_id).regions
    assert parse_params(given, regions) == parse_params(PARAMS[game_id], regions)


@pytest.mark.parametrize(
    ("params", "key", "message"),
    [
        ({"colour": "red"}, "rules.params.colour", "unknown leaping switch"),
        ({"man_steps": ["upward"]}, "rules.params.man_steps", "unknown direction word"),
        ({"man_steps": []}, "rules.params.man_steps", "non-empty list"),
        ({"king": "queen"}, "rules.params.king", "unknown value 'queen'"),
        ({"capture": "optional"}, "rules.params.capture", "unknown value"),
        ({"king": "none", "king_capture": "step"}, "rules.params.king_capture", "kings that move"),
        ({"quiet_move_draw": 0}, "rules.params.quiet_move_draw", "whole number from 1 to 10,000"),
        ({"quiet_move_draw": True}, "rules.params.quiet_move_draw", "whole number from 1 to 10,000"),
        ({"quiet_move_count": "single-moves"}, "rules.params.quiet_move_count", "set 'quiet_move_draw' too"),
        (
            {"quiet_move_draw": 25, "quiet_move_count": "each"},
            "rules.params.quiet_move_count",
            "unknown value",
        ),
        ({"last_pieces_become_kings": "yes"}, "rules.params.last_pieces_become_kings", "true or false"),
        ({"restricted_region": "moat"}, "rules.params.restricted_region", "no region named 'moat'"),
        ({"restricted_rule": "leave-unless-capturing"}, "rules.params.restricted_rule", "restricted_region"),
        ({"flying_king_landing": "any"}, "rules.params.flying_king_landing", "only meaningful"),
    ],
)
def test_bad_switches_point_at_their_key(params: dict[str, Any], key: str, message: str) -> None:
    with pytest.raises(BoardgenError, match=message) as info:
        parse_params(params, {})
    assert info.value.key == key


def test_promotion_needs_kings() -> None:
    with pytest.raises(BoardgenError) as info:
        parse_params({"king": "none", "king_capture": "none", "promotion": "end-of-move"}, {})
    assert info.value.key == "rules.params.promotion"


def test_defaults_are_american_checkers() -> None:
    assert parse_params({}, {}) == parse_params(PARAMS["american-checkers"], {})


def test_a_word_with_no_step_on_the_grid_is_an_error() -> None:
    with pytest.raises(BoardgenError, match="'forward' names no step on a hexhex") as info:
        make_game(spec("hex9-checkers", man_steps=["forward"]))
    assert info.value.key == "rules.params.man_steps"


def test_directions_follow_the_drawn_shape() -> None:
    hexes = classify(HexHexGrid(6), "south")
    assert hexes == {
        "e": "sideways",
        "w": "sideways",
        "ne": "forward-diagonal",
        "nw": "forward-diagonal",
        "se": "backward-diagonal",
        "sw": "backward-diagonal",
    }
    # Drawn "flat", a corner points at each player: the north-west step is straight ahead.
    assert classify(HexHexGrid(6, orientation="flat"), "south") == {
        "nw": "forward",
        "ne": "forward-diagonal",
        "w": "forward-diagonal",
        "se": "backward",
        "e": "backward-diagonal",
        "sw": "backward-diagonal",
    }
    north = classify(SquareGrid(8, 8), "north")
    assert (north["s"], north["se"], north["e"], north["n"]) == (
        "forward",
        "forward-diagonal",
        "sideways",
        "backward",
    )


def test_no_switch_depends_on_the_game_id() -> None:
    renamed = dataclasses.replace(spec("pool-checkers"), id="something-else")
    g = make_game(renamed)
    assert g.perft(g.initial(), 5) == game("pool-checkers").perft(game("pool-checkers").initial(), 5)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_family_checks_pass_for_the_five_games(game_id: str) -> None:
    checks = game(game_id).family_checks()
    assert checks and all(c.ok for c in checks), [c for c in checks if not c.ok]


def test_validate_flags_men_on_the_restricted_region_at_their_key() -> None:
    variant = load_variant("kruzno-checkers")
    ring = variant.regions["restricted"]
    white = variant.setup["white"] | {min(ring)}
    checks = run_checks(dataclasses.replace(variant, setup={**variant.setup, "white": white}))
    failed = [c for c in checks if not c.ok]
    assert failed[0].name == "pieces on playable cells"
    assert failed[0].detail.endswith("is in the restricted region")
    assert failed[0].key == ("setup", "white", "men")


def test_setup_off_the_playable_cells_is_refused() -> None:
    base = spec("american-checkers")
    light = next(c for c in base.grid.cells() if c not in base.playable)
    with pytest.raises(BoardgenError, match="unplayable") as info:
        make_game(dataclasses.replace(base, setup={**base.setup, "white": base.setup["white"] | {light}}))
    assert info.value.key == "setup"


def test_the_descriptor_loader_locates_a_bad_switch(tmp_path: Path) -> None:
    text = (ROOT / "variants" / "pool-checkers.yaml").read_text()
    assert "    king: flying\n" in text
    bad = text.replace("    king: flying\n", "    king: queen\n", 1)
    path = tmp_path / "pool-checkers.yaml"
    path.write_text(bad)
    with pytest.raises(BoardgenError, match="unknown value 'queen'") as info:
        load_variant(str(path))
    assert "rules.params.king" in str(info.value)
    assert info.value.mark is not None
