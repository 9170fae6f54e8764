"""Files a descriptor names (its pieces' artwork, its fonts): found beside the descriptor
whatever the working folder, read within their size limit (a device, a FIFO, an endless
or huge file refused before it is read whole), and, for a descriptor read from the
studio's folder, refused when they lie outside that folder (``..``, an absolute path, a
symbolic link out)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from boardgen.cli import main
from boardgen.descriptor.artwork import MAX_ARTWORK_BYTES
from boardgen.descriptor.parse import parse_variant
from boardgen.descriptor.yamlload import load_text
from boardgen.errors import BoardgenError
from boardgen.foundation.inputfile import named_path
from tests.support.designs import TOWER_SVG as TOWER
from tests.support.designs import towers
from tests.support.tools import ROOT

FONT = ROOT / "tests" / "data" / "fonts" / "DejaVuSerif.ttf"


def validate(path: Path, cwd: Path) -> tuple[int, str]:
    """``boardgen validate PATH`` run from the folder ``cwd``."""
    here = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, ["validate", str(path)])
    finally:
        os.chdir(here)
    return result.exit_code, result.output


def test_artwork_is_found_beside_the_descriptor_not_in_the_working_folder(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "tower.svg").write_text(TOWER, "utf-8")
    (games / "towers.yaml").write_text(towers("tower.svg"), "utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    status, output = validate(games / "towers.yaml", elsewhere)
    assert status == 0, output
    # and the studio's way in (text and a folder): the same file, beside the text's file
    loaded = load_text(towers("tower.svg"), "towers.yaml", folder=str(games), within=str(games))
    assert parse_variant(loaded).pieces[0].artwork is not None


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/urandom", "fifo"])
def test_a_device_or_fifo_named_as_artwork_is_refused_in_one_line(tmp_path: Path, special: str) -> None:
    if special == "fifo":
        os.mkfifo(tmp_path / "pipe.svg")  # a reader would wait for ever
        special = "pipe.svg"
    elif not os.path.exists(special):
        pytest.skip(f"no {special} here")
    (tmp_path / "towers.yaml").write_text(towers(special), "utf-8")
    status, output = validate(tmp_path / "towers.yaml", tmp_path)
    assert status == 2, output
    line = output.strip()
    assert "\n" not in line and "pieces.0.artwork" in line, line
    assert "not a file" in line and "MemoryError" not in line, line


def test_artwork_over_its_limit_is_refused_without_being_read_whole(tmp_path: Path) -> None:
    with open(tmp_path / "huge.svg", "wb") as stream:
        stream.truncate(1 << 40)  # a sparse terabyte: reading it whole could never finish
    (tmp_path / "towers.yaml").write_text(towers("huge.svg"), "utf-8")
    status, output = validate(tmp_path / "towers.yaml", tmp_path)
    assert status == 2, output
    assert "too big" in output and f"{MAX_ARTWORK_BYTES}" in output, output


def studio_folder(tmp_path: Path) -> tuple[Path, Path]:
    """A studio folder with artwork and a font in it, and a folder beside it with both."""
    inside, outside = tmp_path / "designs", tmp_path / "outside"
    for folder in (inside, outside):
        (folder / "art").mkdir(parents=True)
        (folder / "art" / "tower.svg").write_text(TOWER, "utf-8")
        shutil.copy(FONT, folder / "art" / "Serif.ttf")
    return inside, outside


@pytest.mark.parametrize(
    "name",
    ["../outside/art/tower.svg", "{outside}/art/tower.svg", "link.svg", "art/../../outside/art/tower.svg"],
)
def test_in_the_studio_artwork_outside_the_folder_is_refused(tmp_path: Path, name: str) -> None:
    inside, outside = studio_folder(tmp_path)
    (inside / "link.svg").symlink_to(outside / "art" / "tower.svg")
    text = towers(name.format(outside=outside))
    loaded = load_text(text, "towers.yaml", folder=str(inside), within=str(inside))
    with pytest.raises(BoardgenError) as caught:
        parse_variant(loaded)
    assert caught.value.key == "pieces.0.artwork"
    assert "outside the folder" in caught.value.message
    # the same descriptor on the command line keeps its rule: beside the descriptor
    (inside / "towers.yaml").write_text(text, "utf-8")
    assert validate(inside / "towers.yaml", tmp_path)[0] == 0


def test_in_the_studio_artwork_and_fonts_inside_the_folder_are_read(tmp_path: Path) -> None:
    inside, _ = studio_folder(tmp_path)
    (inside / "alias.svg").symlink_to(inside / "art" / "tower.svg")  # a link that stays inside
    text = towers("alias.svg").replace(
        "print: {cell_size: 40}", "print: {cell_size: 40, fonts: {text: art/Serif.ttf}}"
    )
    variant = parse_variant(load_text(text, "towers.yaml", folder=str(inside), within=str(inside)))
    assert variant.print.fonts is not None
    assert variant.print.fonts.regular.file == str((inside / "art" / "Serif.ttf").resolve())


def test_in_the_studio_a_font_outside_the_folder_is_refused(tmp_path: Path) -> None:
    inside, outside = studio_folder(tmp_path)
    text = towers("art/tower.svg").replace(
        "print: {cell_size: 40}", f"print: {{cell_size: 40, fonts: {{text: {outside}/art/Serif.ttf}}}}"
    )
    with pytest.raises(BoardgenError) as caught:
        parse_variant(load_text(text, "towers.yaml", folder=str(inside), within=str(inside)))
    assert caught.value.key == "print.fonts.text" and "outside the folder" in caught.value.message


def test_named_path_keeps_the_command_lines_rule_and_the_studios() -> None:
    assert named_path("a.svg", beside="games") == os.path.join("games", "a.svg")
    assert named_path("/abs/a.svg", beside="games") == "/abs/a.svg"
    with pytest.raises(BoardgenError, match="outside the folder"):
        named_path("/etc/passwd", beside="/tmp", within="/tmp")
    with pytest.raises(BoardgenError, match="outside the folder"):
        named_path(".", beside="/tmp", within="/tmp")  # the folder itself is no file in it
    with pytest.raises(BoardgenError, match="NUL"):
        named_path("a\0.svg", beside="/tmp")
