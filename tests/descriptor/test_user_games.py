"""A user's own games: folders of descriptors beside the shipped ones, as the command line sees them.

``--variants DIR`` and ``BOARDGEN_VARIANTS`` put folders in front of the built-in games; a
user file with a built-in's id shadows it (with a notice); ``build`` and ``validate`` take
ids, files and folders; a game may have texts in only some languages and may write its
rule sheet's free texts itself; one broken file never hides the good ones.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner

from boardgen.cli import main
from boardgen.descriptor import Library, load_variant
from boardgen.errors import BoardgenError

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "data" / "user" / "mini-checkers.yaml"
BUILTIN = sorted(p.stem for p in (ROOT / "variants").glob("*.yaml"))


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def pdf_text(path: Path) -> str:
    pdf = pypdfium2.PdfDocument(path.read_bytes())
    text = " ".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    return re.sub(r"\s+", " ", text)


@pytest.fixture
def games(tmp_path: Path) -> Path:
    """A folder with two games: an English-only one, and a shipped game's id re-titled."""
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(MINI, folder / MINI.name)
    text = (ROOT / "variants" / "american-checkers.yaml").read_text("utf-8")
    (folder / "american-checkers.yaml").write_text(text.replace("en: American Checkers", "en: Our Checkers"))
    return folder


def broken(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, "utf-8")
    return path


# -- finding games ------------------------------------------------------------------------


def test_list_shows_user_games_before_nothing_is_hidden(games: Path) -> None:
    code, out, err = run("list", "--variants", str(games))
    assert code == 0
    ids = [line.split()[0] for line in out.splitlines()]
    assert ids == sorted({*BUILTIN, "mini-checkers"})
    rows = {line.split()[0]: line for line in out.splitlines()}
    assert "Our Checkers" in rows["american-checkers"] and str(games) in rows["american-checkers"]
    assert rows["mini-checkers"].split("cells")[1].split()[0] == "en"
    assert err.splitlines() == [
        f"boardgen: note: {games / 'american-checkers.yaml'}: shadows the built-in game 'american-checkers'"
    ]


def test_environment_variable_takes_folders_separated_like_path(games: Path, tmp_path: Path) -> None:
    second = tmp_path / "more"
    second.mkdir()
    text = MINI.read_text("utf-8").replace("id: mini-checkers", "id: tiny-checkers")
    (second / "tiny-checkers.yaml").write_text(text, "utf-8")
    code, out, _ = run("list", env={"BOARDGEN_VARIANTS": f"{games}{os.pathsep}{second}"})
    assert code == 0
    assert {"mini-checkers", "tiny-checkers", *BUILTIN} == {line.split()[0] for line in out.splitlines()}
    code, _, err = run("list", env={"BOARDGEN_VARIANTS": str(tmp_path / "nowhere")})
    assert code == 2 and err.strip() == f"BOARDGEN_VARIANTS: no folder '{tmp_path / 'nowhere'}'"


def test_the_first_folder_wins_and_ids_and_paths_both_work(games: Path, in_tmp: Path) -> None:
    library = Library([games], environ={})
    assert library.load("american-checkers").title["en"] == "Our Checkers"
    assert Library([], environ={}).load("american-checkers").title["en"] == "American Checkers"
    assert library.load(str(MINI)).id == "mini-checkers"
    with pytest.raises(BoardgenError, match="did you mean mini-checkers"):
        library.load("mini-chekers")
    code, out, _ = run("moves", "mini-checkers", "--variants", str(games))
    assert code == 0 and len(out.splitlines()) == 5


# -- languages and free texts ----------------------------------------------------------------


def test_a_game_in_one_language_gets_that_sheet_only(in_tmp: Path) -> None:
    code, _, err = run("render", str(MINI), "--what", "rules", "--lang", "fr", "-o", "regles.pdf")
    assert code == 2 and "mini-checkers has no 'fr' text" in err and "(it has: en)" in err
    assert not list(in_tmp.iterdir())
    code, _, _ = run("render", str(MINI), "--what", "rules", "-o", "rules.pdf")
    assert code == 0
    text = pdf_text(in_tmp / "rules.pdf")
    # the descriptor's own introduction, background, tip and section note are on the sheet
    for words in ("coffee break", "teach children the jump", "back row", "six men on the dark squares"):
        assert words in text


def test_texts_must_come_in_the_titles_languages(tmp_path: Path) -> None:
    text = MINI.read_text("utf-8")
    cases = {
        "name has a language the title lacks": text.replace(
            "name: {en: Dark}", "name: {en: Dark, fr: Noirs}"
        ),
        "caption lacks a language the title has": text.replace(
            "  en: Mini Checkers", "  en: Mini\n  de: Mini"
        ),
        "empty title": text.replace("title:\n  en: Mini Checkers", "title: {}"),
        "sheet in a language the title lacks": text.replace("sheet:\n  en:", "sheet:\n  de:"),
        "unknown sheet part": text.replace("    about:", "    history:"),
        "unbalanced quote": text.replace("Keep your back row", 'Keep your \\"back row'),
    }
    messages = {
        "name has a language the title lacks": "players.0.name.fr: the title has no 'fr' text",
        "caption lacks a language the title has": "players.0.name.de: required key 'de' is missing",
        "empty title": "title: give the text in at least one language",
        "sheet in a language the title lacks": "sheet.de: the title has no 'de' text",
        "unknown sheet part": "sheet.en.history: unknown key 'history'",
        "unbalanced quote": "sheet.en.tips.0: a quotation mark",
    }
    for case, body in cases.items():
        path = tmp_path / "mini-checkers.yaml"
        path.write_text(body, "utf-8")
        with pytest.raises(BoardgenError) as caught:
            load_variant(str(path))
        line = str(caught.value)
        assert line.startswith(f"{path}:") and messages[case] in line, (case, line)
        assert "\n" not in line


def test_sheet_notes_for_an_unknown_section_point_at_the_descriptor(tmp_path: Path) -> None:
    path = tmp_path / "mini-checkers.yaml"
    path.write_text(MINI.read_text("utf-8").replace("      setup:", "      setting:"), "utf-8")
    code, _, err = run("render", str(path), "--what", "rules", "-o", str(tmp_path / "r.pdf"))
    assert code == 2
    assert re.match(rf"{re.escape(str(path))}:\d+:\d+: sheet\.en\.notes\.setting: notes for 'setting'", err)
    assert not (tmp_path / "r.pdf").exists()


# -- build and validate what is given -------------------------------------------------------


def test_build_a_folder_builds_just_its_games_with_booklets_and_gallery(games: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, stdout, err = run("build", str(games), "--out", str(out), "-j", "1")
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == ["american-checkers", "mini-checkers"]
    mini = {p.name for p in (out / "mini-checkers").iterdir()}
    assert "rules-en.pdf" in mini and not {"rules-fr.pdf", "rules-de.pdf"} & mini
    assert {"rules-en.pdf", "rules-fr.pdf", "rules-de.pdf"} <= {
        p.name for p in (out / "american-checkers").iterdir()
    }
    booklets = sorted(p.name for p in out.glob("booklet-*.pdf"))
    assert booklets == [f"booklet-{lang}{e}.pdf" for lang in ("de", "en", "fr") for e in ("-fold", "")]
    assert "Mini Checkers" in pdf_text(out / "booklet-en.pdf")
    assert "Mini Checkers" not in pdf_text(out / "booklet-fr.pdf")
    assert "boardgen: note: booklet-fr.pdf leaves out mini-checkers (no 'fr' text)" in err.splitlines()
    gallery = (out / "index.html").read_text("utf-8")
    assert "Mini Checkers" in gallery and "Our Checkers" in gallery and "Catchup" not in gallery
    assert stdout.startswith("built ") and "for 2 variants" in stdout


def test_build_takes_ids_and_files(tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, _, err = run("build", "catchup", str(MINI), "--out", str(out), "-j", "1", "-q")
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == ["catchup", "mini-checkers"]
    code, _, err = run("build", str(MINI), str(MINI), "--out", str(tmp_path / "again"), "-q")
    assert code == 0, err


def test_one_broken_file_is_named_and_the_good_games_still_listed(games: Path, tmp_path: Path) -> None:
    bad = broken(games, "broken-one.yaml", "format: 1\nid: broken-one\ntitle: {en: Broken}\nplayers: 3\n")
    wrong_id = MINI.read_text("utf-8").replace("id: mini-checkers", "id: wrong")
    worse = broken(games, "broken-two.yaml", wrong_id)
    code, out, err = run("list", "--variants", str(games))
    assert code == 2
    assert {"mini-checkers", *BUILTIN} == {line.split()[0] for line in out.splitlines()}
    errors = [line for line in err.splitlines() if not line.startswith("boardgen: note:")]
    assert len(errors) == 2
    assert errors[0].startswith(f"{bad}:")
    assert errors[1].startswith(f"{worse}:3:5: id: id 'wrong' does not match")

    out_dir = tmp_path / "out"
    code, _, err = run("build", "--variants", str(games), "--out", str(out_dir), "-q")
    assert code == 2 and not out_dir.exists()
    assert [line.split(":")[0] for line in err.splitlines() if not line.startswith("boardgen:")] == [
        str(bad),
        str(worse),
    ]
    code, out, err = run("validate", str(games))
    assert code == 2
    assert "mini-checkers: ok" in out and "american-checkers: ok" in out
    assert len([line for line in err.splitlines() if line.startswith(str(games))]) == 2


def test_every_setup_failure_is_named_before_anything_is_written(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    for name in ("one", "two"):
        text = MINI.read_text("utf-8").replace("id: mini-checkers", f"id: {name}")
        broken(folder, f"{name}.yaml", text.replace("move: c5-d4", "move: c5-c4"))
    code, _, err = run("build", str(folder), "--out", str(tmp_path / "out"), "-q")
    assert code == 2 and not (tmp_path / "out").exists()
    assert [line.split(":")[0] for line in err.splitlines()] == [
        str(folder / "one.yaml"),
        str(folder / "two.yaml"),
    ]


def test_build_with_no_game_given_and_none_found_refuses(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run("build", str(empty), "--out", str(tmp_path / "out"))
    assert code == 2 and err.strip() == f"{empty}: no .yaml descriptor in this folder"
