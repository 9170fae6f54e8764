"""What the studio's workers make and how its folder behaves, called directly (no server):
a preview's parts in their order, every problem at its line, a game no engine plays,
moves played, pages to read, files named by a descriptor kept inside the folder, and the
folder's files (new, save as, rename with the id following, delete into the trash and
back, permissions and line endings kept, a listing that does not read unchanged files)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from boardgen.studio import folder as folders
from boardgen.studio.folder import Conflict, Folder, Refused, version_of
from boardgen.studio.naming import with_id
from boardgen.studio.problems import diagnose
from boardgen.studio.work import PREVIEW_PAGES, TICK, page, play, preview
from tests.support.designs import TOWER_SVG as TOWER
from tests.support.designs import counters, towers
from tests.support.studio import shipped


def parts(text: str, folder: Path, name: str = "mini.yaml", lang: str = "en") -> list[dict[str, object]]:
    """The parts a page would get (not the ticks where the worker looks for a cancel)."""
    return [part for part in preview(text, name, lang, str(folder)) if part is not TICK]


# -- previews ----------------------------------------------------------------------------------------


def test_a_preview_comes_board_and_start_first_then_the_checks_then_the_sheets(tmp_path: Path) -> None:
    made = parts(shipped("american-checkers", "mini"), tmp_path, lang="fr")
    kinds = [(p["kind"], p.get("slot")) for p in made]
    assert kinds[:4] == [("game", None), ("picture", "board"), ("picture", "start"), ("checks", None)]
    assert kinds[4] == ("sheet", "pieces")
    rules = kinds.index(("sheet", "rules"))
    assert all(k == ("page", "pieces") for k in kinds[5:rules]) and all(
        k == ("page", "rules") for k in kinds[rules + 1 :]
    )
    game = made[0]
    assert game["ok"] and game["lang"] == "fr" and str(game["title"]).startswith("Dames anglaises")
    assert game["plays"] is True and game["no_facts"] is None and "rules-fr.pdf" in game["files"]
    board, start = made[1], made[2]
    assert bytes(board["data"]).startswith(b"<?xml") and b"<svg" in bytes(board["data"])
    cells = start["cells"]
    assert isinstance(cells, dict) and len(cells["at"]) == 64 and cells["r"] > 0
    assert all(0 < x < cells["w"] and 0 < y < cells["h"] for _, x, y in cells["at"])
    moves = start["play"]
    assert isinstance(moves, dict) and moves["turn"] == "black" and len(moves["moves"]) == 7
    sheets = [p for p in made if p["kind"] == "sheet"]
    assert all(bytes(p["data"]).startswith(b"%PDF") for p in sheets)
    pages = [p for p in made if p["kind"] == "page"]
    assert all(bytes(p["data"]).startswith(b"\x89PNG") for p in pages)


def test_an_unknown_language_falls_back_to_the_games_first(tmp_path: Path) -> None:
    assert parts(shipped("american-checkers", "mini"), tmp_path, lang="xx")[0]["lang"] == "en"


def test_every_mistake_the_schema_sees_is_marked_at_once_with_the_readers_own(tmp_path: Path) -> None:
    text = shipped("american-checkers", "mini")
    text = text.replace("capture_choice: free", "capture_choice: freest").replace(
        "near_right: light", "near_right: lite"
    )
    text = text.replace("    letter: W\n", "    letter: W\n    glyph: x\n")
    lines = text.splitlines()

    def line_of(start: str) -> int:
        return next(n for n, line in enumerate(lines, 1) if line.startswith(start))

    _, problems = diagnose(text, "mini.yaml", str(tmp_path))
    assert [(p["line"], p["key"], p["source"]) for p in problems] == [
        (line_of("    glyph: x"), "players.1.glyph", "boardgen"),  # the reader's own words first
        (line_of("  near_right: lite"), "board.near_right", "schema"),
        (line_of("    capture_choice: freest"), "rules.params.capture_choice", "schema"),
    ]
    assert len(problems) == 3 and all(p["severity"] == "error" for p in problems)
    made = parts(text, tmp_path)
    assert len(made) == 1 and made[0]["ok"] is False and made[0]["problems"] == problems


def test_failed_checks_and_warnings_come_with_their_lines(tmp_path: Path) -> None:
    text = shipped("american-checkers", "mini").replace('colour: "#f4eee0"', 'colour: "#202020"')
    made = parts(text, tmp_path)
    checks = next(p for p in made if p["kind"] == "checks")
    warnings = [p for p in checks["problems"] if p["severity"] == "warning"]
    assert warnings and all(w["key"] == "players.1.colour" for w in warnings)
    assert warnings[0]["line"] == text.splitlines().index('    colour: "#202020"') + 1
    assert any(p["kind"] == "sheet" for p in made)  # a warning does not stop the sheets
    broken = shipped("american-checkers", "mini").replace("count: 12", "count: 11", 1)
    made = parts(broken, tmp_path)
    checks = next(p for p in made if p["kind"] == "checks")
    assert [p["key"] for p in checks["problems"] if p["severity"] == "error"]
    assert not any(p["kind"] == "sheet" for p in made)  # nothing is printed from a failed check


def test_a_game_no_engine_plays_says_so_instead_of_offering_facts(tmp_path: Path) -> None:
    game = parts(shipped("fox-and-geese", "mini"), tmp_path)[0]
    assert game["plays"] is False
    assert game["no_facts"] == (
        "mini: no rules engine plays this game (rules.family: none is print-only),"
        " so there are no games to play for its facts"
    )


def test_only_the_first_pages_are_drawn_with_a_preview(tmp_path: Path) -> None:
    text = counters(200, 60, "mini")  # 37 pages of counters
    made = parts(text, tmp_path)
    pieces = next(p for p in made if p["kind"] == "sheet" and p["slot"] == "pieces")
    drawn = [p for p in made if p["kind"] == "page" and p["slot"] == "pieces"]
    assert int(pieces["pages"]) > PREVIEW_PAGES and len(drawn) == PREVIEW_PAGES
    later = next(page(bytes(pieces["data"]), PREVIEW_PAGES, 120))
    assert (
        later["index"] == PREVIEW_PAGES
        and later["dpi"] == 120
        and bytes(later["data"]).startswith(b"\x89PNG")
    )


# -- playing --------------------------------------------------------------------------------------------


def test_moves_are_played_from_the_start_or_any_position(tmp_path: Path) -> None:
    text = shipped("american-checkers", "mini")
    after = next(play(text, "mini.yaml", str(tmp_path), None, "11-15"))
    assert after["played"] == "11-15" and after["turn"] == "white"
    assert after["position"] == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
    assert b"<svg" in bytes(after["data"])
    reply = next(play(text, "mini.yaml", str(tmp_path), str(after["position"]), "22-18"))
    assert reply["turn"] == "black" and [m["t"] for m in reply["moves"]] == ["15x22"]
    capture = reply["moves"][0]
    assert capture["p"] == ["e5", "c3"] and capture["x"] == ["d4"]
    ending = next(play(text, "mini.yaml", str(tmp_path), "W:W:B1", None))
    assert ending["ending"] and not ending["moves"]
    with pytest.raises(Exception, match="not legal here"):
        next(play(text, "mini.yaml", str(tmp_path), None, "11-17"))


def test_a_placement_game_is_played_by_the_cells_its_stones_go_to(tmp_path: Path) -> None:
    start = next(play(shipped("go-9", "mini"), "mini.yaml", str(tmp_path), None, None))
    moves = start["moves"]
    assert isinstance(moves, list) and {"t": "e5", "p": [], "x": [], "l": ["e5"]} in moves
    assert any(not m["p"] and not m["l"] for m in moves)  # passing: typed, or chosen from a list


# -- files named by a descriptor stay inside the folder ---------------------------------------------


def test_artwork_beside_the_descriptor_is_drawn_and_artwork_outside_the_folder_refused(
    tmp_path: Path,
) -> None:
    inside = tmp_path / "designs"
    (inside / "art").mkdir(parents=True)
    (inside / "art" / "tower.svg").write_text(TOWER, "utf-8")
    (tmp_path / "secret.svg").write_text(TOWER, "utf-8")
    good = parts(towers("art/tower.svg"), inside, "towers.yaml")
    assert good[0]["ok"] and any(p["kind"] == "sheet" for p in good)
    for name in ("../secret.svg", str(tmp_path / "secret.svg"), "/dev/zero"):
        refused = parts(towers(name), inside, "towers.yaml")[0]
        assert refused["ok"] is False
        problem = refused["problems"][0]
        assert problem["key"] == "pieces.0.artwork" and problem["line"] == 10
        assert "outside the folder" in problem["message"]


# -- the folder ---------------------------------------------------------------------------------------


def test_the_id_follows_the_name_and_nothing_else_changes() -> None:
    assert (
        with_id("format: 1\nid: go-9   # the id\ntitle: x\n", "my-go")
        == "format: 1\nid: my-go   # the id\ntitle: x\n"
    )
    assert with_id('{format: 1, id: "go-9", title: x}', "my-go") == "{format: 1, id: my-go, title: x}"
    assert (
        with_id("format: 1\nid: go-9\ntitle: [x\n", "my-go") == "format: 1\nid: my-go\ntitle: [x\n"
    )  # not YAML yet
    assert with_id("\ufeffid: go-9\r\ntitle: x\r\n", "my-go") == "\ufeffid: my-go\r\ntitle: x\r\n"
    assert with_id("title: x\n", "my-go") == "title: x\n"


@pytest.fixture
def folder(tmp_path: Path) -> Folder:
    (tmp_path / "mini.yaml").write_text(shipped("american-checkers", "mini"), "utf-8")
    return Folder(tmp_path)


def test_a_save_keeps_the_files_permissions_and_line_endings(folder: Folder) -> None:
    path = folder.root / "mini.yaml"
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    os.chmod(path, 0o600)
    data, version = folder.read("mini.yaml")
    text = (
        data.decode().replace("\r\n", "\n").replace("cell_size: 40", "cell_size: 38")
    )  # as the editor sends it
    folder.save("mini.yaml", text, version)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    written = path.read_bytes()
    assert b"cell_size: 38\r\n" in written and written.count(b"\r\n") == written.count(b"\n")
    assert folder.line_ends("mini.yaml") == "crlf"


def test_new_save_as_rename_delete_and_restore(folder: Folder) -> None:
    root = folder.root
    version = folder.create("my-go.yaml", shipped("go-9"))
    assert "id: my-go\n" in (root / "my-go.yaml").read_text() and version == version_of(
        (root / "my-go.yaml").read_bytes()
    )
    with pytest.raises(Conflict, match="already exists"):
        folder.create("my-go.yaml", shipped("go-9"))
    os.chmod(root / "my-go.yaml", 0o640)
    renamed = folder.rename("my-go.yaml", "our-go.yaml", version)
    assert not (root / "my-go.yaml").exists() and "id: our-go\n" in (root / "our-go.yaml").read_text()
    assert stat.S_IMODE(os.stat(root / "our-go.yaml").st_mode) == 0o640
    with pytest.raises(Conflict, match="changed since you opened it"):
        folder.rename("our-go.yaml", "their-go.yaml", version)  # an old version: refused
    with pytest.raises(Conflict, match="already exists"):
        folder.rename("our-go.yaml", "mini.yaml", renamed)
    kept = folder.delete("our-go.yaml", renamed)
    assert not (root / "our-go.yaml").exists() and (root / ".trash" / kept).is_file()
    assert [name for _, name, _ in folder.trashed()] == ["our-go.yaml"]
    assert folder.names() == ["mini.yaml"]  # the trash is no game
    assert folder.restore(kept) == "our-go.yaml"
    assert "id: our-go\n" in (root / "our-go.yaml").read_text() and not folder.trashed()
    with pytest.raises(Refused):
        folder.restore("../../etc/passwd")


def test_a_file_deleted_on_disk_is_written_anew(folder: Folder) -> None:
    _, version = folder.read("mini.yaml")
    (folder.root / "mini.yaml").unlink()
    with pytest.raises(Conflict) as refused:
        folder.save("mini.yaml", "id: mini\n", version)
    assert refused.value.current is None and "Save writes it anew" in refused.value.message
    folder.save("mini.yaml", "id: mini\n", None)  # what the page sends then
    assert (folder.root / "mini.yaml").read_text() == "id: mini\n"


def test_a_link_inside_the_folder_is_listed_read_only(folder: Folder) -> None:
    (folder.root / "alias.yaml").symlink_to(folder.root / "mini.yaml")
    listed = {e.name: e for e in folder.listing()}
    assert listed["alias.yaml"].link == "mini.yaml" and listed["mini.yaml"].link is None
    _, version = folder.read("alias.yaml")
    with pytest.raises(Refused, match="symbolic link"):
        folder.save("alias.yaml", "id: alias\n", version)


def test_the_listing_reads_a_file_only_when_it_changed(
    folder: Folder, monkeypatch: pytest.MonkeyPatch
) -> None:
    for n in range(50):
        (folder.root / f"game-{n}.yaml").write_bytes(b"# x\n" * 200_000)  # 800 KB each
    first = folder.listing()
    reads: list[str] = []
    real = Folder.read
    monkeypatch.setattr(folders.Folder, "read", lambda self, name: reads.append(name) or real(self, name))
    assert folder.listing() == first and reads == []
    (folder.root / "game-7.yaml").write_bytes(b"# changed\n")
    again = {e.name: e.version for e in folder.listing()}
    assert reads == ["game-7.yaml"] and again["game-7.yaml"] == version_of(b"# changed\n")
