"""Game facts (boardgen.model.facts, ``boardgen facts``): real self-play through the rules
engine, the same figures for the same seed whatever the number of processes, honest
sums, and the Wilson interval checked against known values."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from boardgen.cli import main
from boardgen.descriptor import load_variant
from boardgen.errors import BoardgenError
from boardgen.model.facts import MAX_GAMES, game_facts, rule_of, wilson


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_same_seed_gives_the_same_figures() -> None:
    args = ("facts", "pool-checkers", "--games", "40", "--seed", "7", "--json")
    code, first, _ = run(*args, "--jobs", "1")
    assert code == 0
    again = run(*args, "--jobs", "1")[1]
    in_two = run(*args, "--jobs", "2")[1]
    assert first == again == in_two
    other = run("facts", "pool-checkers", "--games", "40", "--seed", "8", "--json", "--jobs", "1")[1]
    assert json.loads(other)["policies"] != json.loads(first)["policies"]


def test_the_figures_add_up() -> None:
    facts = game_facts(load_variant("american-checkers"), 30, seed=1)
    assert facts.complete and facts.played == 30
    for policy in facts.policies:
        assert policy.games == 15
        assert policy.first_wins + policy.second_wins + policy.draws + policy.unfinished == 15
        assert sum(count for _, count in policy.endings) == 15
        assert 0 < policy.mean_length <= policy.longest
        assert policy.branching > 1
        low, high = policy.first_win_interval
        assert low <= policy.first_win_rate <= high
    data = facts.as_dict()
    assert data["first_player"] == "black" and set(data["policies"]) == {"random", "greedy"}


def test_a_placement_game_is_decided_by_its_full_board() -> None:
    facts = game_facts(load_variant("catchup"), 4, seed=0)
    for policy in facts.policies:
        assert dict(policy.endings) == {"the board is full": 2}
        assert policy.branching > 100  # one, two or three stones on 61 cells


def test_a_run_stopped_by_its_time_limit_equals_a_shorter_run() -> None:
    variant = load_variant("pool-checkers")
    stopped = game_facts(variant, 4000, seed=5, time_limit=0.01)
    assert not stopped.complete and 0 < stopped.played < 4000
    shorter = game_facts(variant, stopped.played, seed=5)
    assert stopped.policies == shorter.policies


def test_a_long_game_is_counted_as_unfinished() -> None:
    facts = game_facts(load_variant("american-checkers"), 6, seed=2, max_plies=10)
    for policy in facts.policies:
        assert policy.unfinished == 3 and policy.longest == 10
        assert dict(policy.endings) == {"no result in 10 plies": 3}


def test_the_ply_cap_is_an_option() -> None:
    code, out, _ = run("facts", "pool-checkers", "--games", "4", "--max-plies", "5", "--json", "--jobs", "1")
    assert code == 0
    figures = json.loads(out)
    assert figures["max_plies"] == 5 and figures["policies"]["random"]["unfinished"] == 2


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-4) and math.isclose(high, 0.5962, abs_tol=1e-4)
    assert wilson(0, 10)[0] == 0.0 and math.isclose(wilson(0, 10)[1], 0.2775, abs_tol=1e-4)
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_rules_are_named_the_same_for_either_player() -> None:
    players = ("white", "black")
    assert rule_of("white has no legal move", players) == rule_of("black has no legal move", players)
    assert rule_of("the board is full; groups white 5+1 against black 4+2", players) == "the board is full"


def test_the_text_report_names_each_figure() -> None:
    code, out, _ = run("facts", "variante-dames", "--games", "10", "--jobs", "1")
    assert code == 0
    assert out.startswith("variante-dames: 10 self-played games, seed 0")
    labels = ("first player (white) wins", "draws", "average length", "longest", "branching", "ended by:")
    assert all(label in out for label in labels)


def test_bad_input_is_one_line() -> None:
    code, _, err = run("facts", "no-such-game")
    assert code == 2 and "no variant 'no-such-game'" in err
    code, _, err = run("facts", "catchup", "--games", str(MAX_GAMES + 1))
    assert code == 2 and "--games" in err
    code, _, err = run("facts", "tests/data/bad/unknown-key.yaml")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "unknown-key.yaml:" in err


def test_serve_says_how_to_install_the_studio(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "uvicorn" else real(name, *a)
    )
    code, _, err = run("serve", str(tmp_path), "--port", "0")
    assert code == 2 and "pip install 'boardgen-print[studio]'" in err and "uvicorn" in err
    code, _, err = run("serve", "no/such/folder")
    assert code == 2 and "no such folder" in err
    code, _, err = run("serve", str(tmp_path), "--port", "70000")
    assert code == 2


# -- the rule sheet's box ------------------------------------------------------------------------


def _with_facts(tmp_path: Path, switch: str) -> Path:
    from boardgen.descriptor.builtin import builtin_dir

    text = (builtin_dir() / "pool-checkers.yaml").read_text(encoding="utf-8")
    path = tmp_path / "fact-pool.yaml"
    path.write_text(text.replace("id: pool-checkers", "id: fact-pool", 1) + f"sheet:\n  facts: {switch}\n")
    return path


def _text_of(pdf: bytes) -> str:
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    return " ".join(document[i].get_textpage().get_text_range() for i in range(len(document)))


def test_the_rule_sheet_box_gives_the_engines_figures_in_each_language(tmp_path: Path) -> None:
    from boardgen.outputs.files import RenderOptions, render
    from boardgen.sheets.factsbox import FACTS_GAMES, FACTS_PLIES, FACTS_SEED

    variant = load_variant(str(_with_facts(tmp_path, "true")))
    assert variant.sheet_facts
    facts = game_facts(variant, FACTS_GAMES, seed=FACTS_SEED, ply_budget=FACTS_PLIES)
    greedy = facts.policy("greedy")
    titles = {"en": "Game facts", "fr": "Le jeu en chiffres", "de": "Das Spiel in Zahlen"}
    for lang, title in titles.items():
        pdf = render(variant, "rules", "pdf", RenderOptions(lang=lang))
        text = _text_of(pdf).replace("\r\n", " ").replace("\u00a0", " ")
        assert title in text, lang
        average = f"{greedy.mean_length:.1f}"
        assert (average if lang == "en" else average.replace(".", ",")) in text, lang
        assert pdf == render(
            load_variant(str(_with_facts(tmp_path, "true"))), "rules", "pdf", RenderOptions(lang=lang)
        )
    plain = render(load_variant("pool-checkers"), "rules", "pdf", RenderOptions(lang="en"))
    assert "Game facts" not in _text_of(plain)


def test_the_switch_is_a_boolean(tmp_path: Path) -> None:
    code, _, err = run("validate", str(_with_facts(tmp_path, "3")))
    assert code == 2 and "sheet.facts: expected true or false" in err


# -- games no engine plays ------------------------------------------------------------------------

PRINT_ONLY = sorted(
    path.stem
    for path in (Path(__file__).parents[2] / "variants").glob("*.yaml")
    if "family: none" in path.read_text(encoding="utf-8")
)


@pytest.mark.parametrize("game", PRINT_ONLY)
def test_a_print_only_game_says_in_one_line_that_it_has_no_facts(game: str) -> None:
    code, out, err = run("facts", game, "--games", "10", "--jobs", "1")
    assert code == 2 and out == "", out
    assert err.strip() == (
        f"{game}: no rules engine plays this game (rules.family: none is print-only),"
        " so there are no games to play for its facts"
    )
    with pytest.raises(BoardgenError, match="no rules engine plays this game"):
        game_facts(load_variant(game), 10)


def test_a_print_only_game_cannot_ask_for_a_facts_box(tmp_path: Path) -> None:
    from boardgen.descriptor.builtin import builtin_dir

    text = (builtin_dir() / "fox-and-geese.yaml").read_text(encoding="utf-8")
    path = tmp_path / "fact-fox.yaml"
    text = text.replace("id: fox-and-geese", "id: fact-fox", 1).replace(
        "\nsheet:\n", "\nsheet:\n  facts: true\n", 1
    )
    path.write_text(text)
    code, _, err = run("validate", str(path))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "sheet.facts: no rules engine plays this game" in err
