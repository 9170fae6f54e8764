"""The JSON Schema shipped for editors agrees with the loader on the bundled descriptors."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
import yaml

from boardgen.rules.leaping.directions import DIRECTION_WORDS
from boardgen.rules.leaping.params import CHOICES
from boardgen.rules.leaping.params import DEFAULTS as LEAPING_DEFAULTS
from boardgen.rules.placement.params import DEFAULTS as PLACEMENT_DEFAULTS
from boardgen.texts import languages

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads(
    resources.files("boardgen.descriptor").joinpath("descriptor.schema.json").read_text("utf-8")
)


def test_schema_is_itself_valid() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", sorted((ROOT / "variants").glob("*.yaml")), ids=lambda p: p.stem)
def test_bundled_descriptors_match_the_schema(path: Path) -> None:
    jsonschema.validate(yaml.safe_load(path.read_text("utf-8")), SCHEMA)


@pytest.mark.parametrize(
    "name", ["side-huge.yaml", "unknown-key.yaml", "bad-colour.yaml", "cell-size-5m.yaml"]
)
def test_schema_rejects_what_the_loader_rejects(name: str) -> None:
    data = yaml.safe_load((ROOT / "tests" / "data" / "bad" / name).read_text("utf-8"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMA)


def test_schema_texts_name_exactly_the_languages_with_a_catalogue() -> None:
    texts = SCHEMA["$defs"]["texts"]
    assert texts["minProperties"] == 1 and "required" not in texts
    assert sorted(texts["properties"]) == sorted(languages())
    sheet_keys = set(SCHEMA["properties"]["sheet"]["propertyNames"]["enum"]) - {"facts"}
    assert sorted(sheet_keys) == sorted(languages())


def test_schema_knows_exactly_the_rule_switches_the_engine_reads() -> None:
    leaping = SCHEMA["$defs"]["leaping_params"]["properties"]
    assert sorted(leaping) == sorted(LEAPING_DEFAULTS)
    for name, values in CHOICES.items():
        assert leaping[name]["enum"] == list(values)
    assert leaping["man_steps"]["oneOf"][0]["enum"] == list(DIRECTION_WORDS)
    placement = SCHEMA["$defs"]["placement_params"]["properties"]
    assert sorted(placement) == sorted(vars(PLACEMENT_DEFAULTS))


@pytest.mark.parametrize(
    ("family", "params"),
    [
        ("leaping", {"bogus": 1}),
        ("leaping", {"capture": "sometimes"}),
        ("leaping", {"man_steps": ["upwards"]}),
        ("leaping", {"quiet_move_draw": 0}),
        ("placement", {"stones_per_turn": 0}),
        ("placement", {"king": "flying"}),
    ],
)
def test_schema_rejects_bad_rule_switches(family: str, params: dict[str, object]) -> None:
    data = yaml.safe_load((ROOT / "variants" / "pool-checkers.yaml").read_text("utf-8"))
    data["rules"] = {"family": family, "params": params}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMA)
