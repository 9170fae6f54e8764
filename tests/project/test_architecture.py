"""The layers hold (docs/develop/architecture.md): contracts kept, no hidden imports, plain model values."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

import boardgen
import boardgen.model.positions
import boardgen.records.pdn

ROOT = Path(__file__).resolve().parents[2]


def _graph_script() -> Any:
    spec = importlib.util.spec_from_file_location("import_graph", ROOT / "scripts" / "import_graph.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_import_contracts_are_kept() -> None:
    lint = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "0 broken" in done.stdout


def test_every_function_local_import_says_why_it_is_lazy() -> None:
    found = _graph_script().local_imports(ROOT / "boardgen")
    assert found, "the lazy imports (reportlab, the build) should be seen"
    assert [where for where, lazy in found if not lazy] == []


def test_the_graph_script_finds_a_circle(tmp_path: Path) -> None:
    script = _graph_script()
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert [c for c in script.strongly_connected(graph) if len(c) > 1] == [["a", "b", "c"]]


def test_model_positions_are_plain_values_and_the_api_shows_them() -> None:
    assert not hasattr(boardgen.model.positions.Position, "_repr_svg_")
    assert not hasattr(boardgen.model.positions.Game, "_repr_svg_")
    game = boardgen.load("american-checkers")
    after = game.start.play("11-15").play("22-18")
    assert isinstance(after, boardgen.Position) and after._repr_svg_().startswith("<svg")
    plain = boardgen.model.positions.Game(game.variant, game.engine)
    assert type(plain.start.play("11-15")) is boardgen.model.positions.Position
    assert plain.start.play("11-15") == game.start.play("11-15")


def test_records_read_below_the_api_do_not_draw() -> None:
    text = '[GameType "21"] 1. 11-15 23-19 *'
    (plain,) = boardgen.records.pdn.parse_pdn(text)
    (shown,) = boardgen.parse_pdn(text)
    assert not hasattr(plain, "sheet") and not hasattr(plain, "_repr_svg_")
    assert shown.diagrams()[0].startswith("<svg") and shown._repr_svg_().startswith("<svg")
    assert [p.move.text for p in plain.plies] == [p.move.text for p in shown.plies]
    assert isinstance(shown.plies[-1].after, boardgen.Position)


def test_the_package_exports_the_api_names() -> None:
    import boardgen.api

    assert sorted(boardgen.__all__) == sorted(["__version__", *boardgen.api.__all__])
    for name in boardgen.api.__all__:
        assert getattr(boardgen, name) is getattr(boardgen.api, name)


def _modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code`` (in the checkout)."""
    shown = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", shown], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(done.stdout.strip().splitlines()[-1].split())


def test_import_boardgen_imports_only_the_package() -> None:
    loaded = _modules_after("import boardgen")
    assert sorted(m for m in loaded if m.startswith("boardgen")) == ["boardgen"]
    assert "click" not in loaded


def test_one_diagram_from_the_command_line_imports_what_it_draws_with_only(tmp_path: Path) -> None:
    target = tmp_path / "d.svg"
    loaded = _modules_after(
        "from boardgen.cli import main\n"
        f"main(['diagram', 'american-checkers', '-o', {str(target)!r}], standalone_mode=False)"
    )
    assert target.read_bytes().startswith(b"<?xml")
    assert {"boardgen.cli._diagram", "boardgen.draw.diagrams", "boardgen.rules.leaping"} <= loaded
    unused = {
        "yaml",  # the compiled game needs no YAML
        "boardgen.descriptor.parse",
        "boardgen.records.pdn",  # no game record is read
        "boardgen.cli._boards",  # nor are the other commands' modules imported
        "boardgen.cli._facts",
        "boardgen.cli._game",
        "boardgen.cli._rules",
        "boardgen.cli._serve",
        "reportlab",
        "PIL",
        "boardgen.descriptor.artwork",  # no piece of the game has the designer's artwork
        "boardgen.rules.leaping.perft",  # no moves are counted
        "hashlib",  # no designer's font is checked (OpenSSL)
        "zlib",  # the picture has no clip to name
    }
    assert unused & loaded == set()


def test_every_command_is_found_by_its_name() -> None:
    from boardgen.cli import _group

    for name, module in _group.COMMANDS.items():
        command = module()[name]
        assert command.name == name
        assert _group.main.get_command(None, name) is command  # type: ignore[arg-type]
