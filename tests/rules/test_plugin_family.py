"""A rule family from outside boardgen, installed as users install one.

tests/data/plugin_family is a mini project (``boardgen-inarow``) whose pyproject.toml
registers the family ``in-a-row`` under the entry-point group ``boardgen.families``.
pip builds and installs it into a temporary folder put on ``sys.path`` (and on
``PYTHONPATH`` for the command run as a program): boardgen must find the family through
that entry point alone, load its descriptor, play it (tic-tac-toe's known perft), judge
its games, validate it and print its rule sheet in three languages with the family's
own words.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pypdfium2
import pytest
import yaml
from click.testing import CliRunner

from boardgen.cli import main
from boardgen.descriptor import load_variant
from boardgen.errors import BoardgenError
from boardgen.rules import registry
from boardgen.rules.family import RuleFamily
from boardgen.texts.catalogue import catalogue, with_words
from boardgen.texts.compose import rule_sheet_text

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "tests" / "data" / "plugin_family"
GAME = PROJECT / "tic-tac-toe.yaml"
BOARDGEN = Path(sys.executable).with_name("boardgen")

#: Tic-tac-toe's move sequences by depth (a won game stops): the well-known counts.
PERFT = (1, 9, 72, 504, 3024, 15120, 54720)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The mini project pip-installed into a fresh folder on ``sys.path``."""
    work = tmp_path_factory.mktemp("plugin")
    source = work / "source"  # pip builds in the source folder: never in the repository
    shutil.copytree(PROJECT, source, ignore=shutil.ignore_patterns("__pycache__"))
    target = work / "site"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run(
        [*pip, "--no-deps", "--no-build-isolation", "--no-index", "--target", str(target), str(source)],
        check=True,
        capture_output=True,
    )
    sys.path.insert(0, str(target))
    registry.forget_plugins()
    try:
        yield target
    finally:
        sys.path.remove(str(target))
        for name in [m for m in sys.modules if m == "boardgen_inarow" or m.startswith("boardgen_inarow.")]:
            del sys.modules[name]
        registry.forget_plugins()


def pdf_text(path: Path) -> str:
    pdf = pypdfium2.PdfDocument(path.read_bytes())
    text = " ".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    return re.sub(r"\s+", " ", text)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


# -- found ----------------------------------------------------------------------------------


def test_the_family_is_found_through_its_entry_point(installed: Path) -> None:
    assert "in-a-row" in registry.names()
    family = registry.family("in-a-row")
    assert isinstance(family, RuleFamily) and family.name == "in-a-row"
    module = sys.modules[type(family).__module__]
    assert Path(module.__file__ or "").is_relative_to(installed)  # the installed copy, not tests/data
    dist = importlib.metadata.distribution("boardgen-inarow")
    points = [p for p in dist.entry_points if p.group == registry.ENTRY_POINT_GROUP]
    assert [(p.name, p.value) for p in points] == [("in-a-row", "boardgen_inarow:FAMILY")]


def family_line(text: str) -> int:
    """The line of ``rules.family`` in a descriptor's text."""
    return next(n for n, line in enumerate(text.splitlines(), start=1) if line.strip().startswith("family:"))


def test_without_the_package_the_name_is_unknown_and_the_error_lists_the_known_ones(
    installed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p != str(installed)])
    registry.forget_plugins()
    try:
        with pytest.raises(BoardgenError) as info:
            load_variant(str(GAME))
    finally:
        registry.forget_plugins()
    text = str(info.value)
    where = f"{GAME.name}:{family_line(GAME.read_text('utf-8'))}:11: rules.family"
    assert f"{where}: unknown value 'in-a-row'" in text
    known = "chess, connection, go, hop, leaping, lines, morris, none, placement, race, reversi, shogi, xiangqi"  # noqa: E501
    assert f"(expected one of: {known})" in text


def test_a_family_is_imported_only_when_a_descriptor_names_it() -> None:
    """In a fresh interpreter: playing a draughts game imports the leaping family only,
    and looks for no installed family (importlib.metadata stays unimported). Loading a
    shipped game alone imports no family at all: it comes checked from the compiled
    games."""
    script = (
        "import sys\n"
        "import boardgen\n"
        "families = ('boardgen.rules.leaping', 'boardgen.rules.placement')\n"
        "print(*(name in sys.modules for name in families))\n"
        "boardgen.load('american-checkers').start.legal_moves()\n"
        "print(*(name in sys.modules for name in (*families, 'importlib.metadata')))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    before, after = done.stdout.splitlines()
    # the leaping family when the game is read from its YAML; none at all when it comes
    # compiled (boardgen/descriptor/builtin.pickle); never placement nor the plug-in scan
    assert before == "False False" and after.split()[1:] == ["False", "False"]


def test_built_in_families_never_scan_the_installed_packages() -> None:
    registry.forget_plugins()
    registry.family("leaping")
    registry.family("placement")
    assert registry._plugins.cache_info().currsize == 0  # start-up stays fast


# -- played -------------------------------------------------------------------------------


def test_it_plays_tic_tac_toe(installed: Path) -> None:
    variant = load_variant(str(GAME))
    game = registry.make_game(variant.game_spec(), variant.rules.family)
    start = game.initial()
    assert [game.perft(start, depth) for depth in range(len(PERFT))] == list(PERFT)
    assert game.perft(start, 5, distinct=True) == PERFT[5]
    position = start
    for move in ("a1", "b2", "b1", "c1", "a3", "a2", "c2", "c3"):
        assert game.ending(position) is None
        position = game.play(position, game.parse_move(position, move))
    assert game.position_text(position) == "X:a1,a3,b1,c2:O:a2,b2,c1,c3/X"
    last = game.parse_move(position, "b3")
    assert game.view(last).placed == (last,)
    ending = game.ending(game.play(position, last))
    assert ending is not None and ending.result == "draw"
    won = game.parse_position("X:a1,b1:O:b2,c2/X")
    ending = game.ending(game.play(won, game.parse_move(won, "c1")))
    assert ending is not None and ending.result == "black"
    with pytest.raises(BoardgenError, match="taken"):
        game.parse_move(won, "b2")


def test_the_command_line_counts_and_lists_its_moves(installed: Path) -> None:
    code, out, _ = run("perft", str(GAME), "4")
    assert code == 0
    assert out.split() == [str(n) for d in range(1, 5) for n in (d, PERFT[d])]
    code, out, _ = run("moves", str(GAME), "--position", "X:a1,b1:O:b2,c2/X")
    assert code == 0 and "c1\tX:a1,b1,c1:O:b2,c2/O" in out.splitlines()


# -- checked ------------------------------------------------------------------------------


def test_it_validates(installed: Path) -> None:
    code, out, err = run("validate", str(GAME))
    assert code == 0, out + err
    assert "lines to make" in out and "8 lines of 3 cells" in out
    assert "sides mirror" not in out  # the family does not ask for mirrored setups
    assert "ok   no capture on the first move" in out


def test_validate_checks_the_first_move_only_when_the_family_asks(
    installed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(type(registry.family("in-a-row")), "quiet_first_move", False)
    code, out, err = run("validate", str(GAME))
    assert code == 0 and "side to move can move" in out and "first move" not in out, out + err


@pytest.mark.parametrize(
    ("old", "new", "status", "where", "message"),
    [
        ("line: 3", "line: 1", 2, "rules.params.line", "expected a whole number from 2 to 19, got 1"),
        ("line: 3", "lines: 3", 2, "rules.params.lines", "unknown switch 'lines'"),
        ("family: in-a-row", "family: in-a-rwo", 2, "rules.family", "did you mean 'in-a-row'?"),
        ('move: c1\n    caption:\n      en: "Black completes', 'move: b2\n    caption:\n      en: "Black',
         1, "examples.1.move", "b2 is taken"),
    ],
)  # fmt: skip
def test_mistakes_are_located(
    installed: Path, tmp_path: Path, old: str, new: str, status: int, where: str, message: str
) -> None:
    """A bad switch or family name stops the loader (status 2); an illegal example is
    a failed check of ``validate`` (status 1); each is one line naming file, line, key."""
    text = GAME.read_text("utf-8")
    assert old in text
    bad = tmp_path / GAME.name
    bad.write_text(text.replace(old, new), "utf-8")
    code, out, err = run("validate", str(bad))
    assert code == status, out + err
    line = next(line for line in (out + err).splitlines() if message in line)
    assert re.search(rf"{GAME.name}:\d+:\d+: {re.escape(where)}: ", line), line


def test_a_player_count_the_family_refuses_is_located(
    installed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(type(registry.family("in-a-row")), "players", (3, 4))
    with pytest.raises(BoardgenError, match="family plays with 3 to 4 players, not 2") as info:
        load_variant(str(GAME))
    assert info.value.key == "players"


def fake_distribution(folder: Path, entry_points: str) -> None:
    """The metadata pip leaves for an installed distribution ``boardgen-broken`` whose
    ``entry_points.txt`` is ``entry_points`` (its code is not there)."""
    dist = folder / "boardgen_broken-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: boardgen-broken\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(f"[boardgen.families]\n{entry_points}\n")


def test_a_plug_in_cannot_take_a_built_in_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_distribution(tmp_path, "leaping = boardgen_broken_missing:FAMILY")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.forget_plugins()
    try:
        assert type(registry.family("leaping")).__module__ == "boardgen.rules.leaping.family"
        assert registry.names().count("leaping") == 1
    finally:
        registry.forget_plugins()


def test_a_broken_plug_in_is_one_located_line(tmp_path: Path) -> None:
    """An installed distribution whose entry point names a module that is not there."""
    fake_distribution(tmp_path, "broken = boardgen_broken_missing:FAMILY")
    game = tmp_path / "broken-game.yaml"
    game.write_text(
        GAME.read_text("utf-8").replace("id: tic-tac-toe", "id: broken-game").replace("in-a-row", "broken")
    )
    sys.path.insert(0, str(tmp_path))
    registry.forget_plugins()
    try:
        with pytest.raises(BoardgenError) as info:
            load_variant(str(game))
        code, out, err = run("validate", str(game))
    finally:
        sys.path.remove(str(tmp_path))
        registry.forget_plugins()
    text = str(info.value)
    assert code == 2 and not out and err.strip() == text, err
    assert f"broken-game.yaml:{family_line(game.read_text('utf-8'))}:11: rules.family: " in text
    assert "cannot be loaded from entry point 'broken = boardgen_broken_missing:FAMILY'" in text
    assert "ModuleNotFoundError" in text


_FULL = """
from boardgen.rules.family import RuleFamily
class Other(RuleFamily):
    name = "other"
    def check_params(self, params, error): pass
    def make_game(self, spec): raise NotImplementedError
    def compose_sheet(self, sheet, game): pass
    def components(self, sheet, game): return []
"""


@pytest.mark.parametrize(
    ("module", "code", "message"),
    [
        ("boardgen_wrong_type", "FAMILY = 42", "gives int, not a RuleFamily"),
        ("boardgen_wrong_name", _FULL + "FAMILY = Other()", "gives the family named 'other'"),
        (
            "boardgen_abstract",
            "from boardgen.rules.family import RuleFamily\nclass FAMILY(RuleFamily):\n    name = 'broken'\n",
            "cannot be loaded from entry point 'broken = boardgen_abstract:FAMILY' of boardgen-broken: "
            "TypeError: Can't instantiate abstract class",
        ),
    ],
)
def test_a_plug_in_that_gives_no_usable_family_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str, code: str, message: str
) -> None:
    fake_distribution(tmp_path, f"broken = {module}:FAMILY")
    (tmp_path / f"{module}.py").write_text(code)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.forget_plugins()
    try:
        with pytest.raises(BoardgenError) as info:
            registry.family("broken")
    finally:
        registry.forget_plugins()
    assert message in str(info.value) and info.value.key == "rules.family"


def test_its_words_add_to_boardgen_never_change_them(tmp_path: Path) -> None:
    words = tmp_path / "en.yaml"
    words.write_text("mine:\n  hello: Hello\nwords:\n  example: Sample {n}\n")
    with pytest.raises(BoardgenError, match=r"'words\.example' is boardgen's own text") as info:
        with_words("en", words)
    assert info.value.file == str(words) and info.value.key == "words.example"
    words.write_text("mine:\n  hello: Hello\n")
    added = with_words("en", words)
    assert added.text("mine.hello") == "Hello" and not catalogue("en").has("mine.hello")


def test_the_editors_schema_takes_installed_family_names() -> None:
    schema = yaml.safe_load((ROOT / "boardgen" / "descriptor" / "descriptor.schema.json").read_text("utf-8"))
    family = schema["properties"]["rules"]["properties"]["family"]
    assert family["anyOf"][0]["enum"] == sorted(registry.BUILTIN)
    data = yaml.safe_load(GAME.read_text("utf-8"))
    jsonschema.validate(data, schema)
    data["rules"]["family"] = "In A Row"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)


# -- printed ------------------------------------------------------------------------------


def test_its_rule_sheet_says_the_family_s_words_in_each_language(installed: Path) -> None:
    variant = load_variant(str(GAME))
    expected = {
        "en": "The first player to have 3 stones in an unbroken straight line, in any direction, wins.",
        "fr": "Le premier joueur qui aligne 3 pierres sans interruption",
        "de": "Wer zuerst 3 Steine lückenlos in einer geraden Linie hat",
    }
    family = registry.family("in-a-row")
    for lang, sentence in expected.items():
        file = family.catalogue_file(lang)
        assert file is not None and all(with_words(lang, file).has(k) for k in family.catalogue_keys())
        sheet = rule_sheet_text(variant, lang)
        assert [s.name for s in sheet.sections] == ["setup", "turn", "end"]
        text = " ".join(b.text for s in sheet.sections for b in s.blocks if hasattr(b, "text"))
        assert sentence in text, lang
        assert [x.example.id for x in sheet.examples] == ["fork", "three"]
    assert rule_sheet_text(variant, "de").components == (
        "Ein Spielbrett mit 3 \u00d7 3 Feldern.",  # the board's line is boardgen's, the stones the family's
        "5 Steine für Schwarz",
        "4 Steine für Weiß",
    )


def test_boardgen_build_prints_it(installed: Path, tmp_path: Path) -> None:
    """The program as users run it, the family found on PYTHONPATH."""
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [str(BOARDGEN), "build", str(GAME), "--out", str(out)], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    folder = out / "tic-tac-toe"
    rules = {lang: pdf_text(folder / f"rules-{lang}.pdf") for lang in ("en", "fr", "de")}
    assert "Tic-tac-toe" in rules["en"] and "Black begins." in rules["en"]
    assert "3 stones in an unbroken straight line" in rules["en"]
    assert "Morpion" in rules["fr"] and "Les Noirs commencent." in rules["fr"]
    assert "Schwarz beginnt." in rules["de"]
    assert "Example 2" in rules["en"] and "Black completes a1-b1-c1 and wins." in rules["en"]
    pieces = pdf_text(folder / "pieces-en.pdf")
    assert "5 stones for Black" in pieces and "4 stones for White" in pieces
