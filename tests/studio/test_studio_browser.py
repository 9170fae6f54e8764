"""The studio as a designer meets it: ``boardgen serve`` started for real, its page driven
in headless Chromium with Playwright (the system's Chromium; Playwright's own browsers
are not downloaded). Edit with completion and help from the schema, see every problem at
its line while the last good preview stays (dimmed while a newer one comes), save, keep
or compare over another tab's save, see changes on disk as they happen, make, rename,
delete and restore files, play moves on the preview, zoom into the board and read the
sheets page by page, notice the studio stopping and restarting."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("starlette")

from tests.support.studio import CHROMIUM_FLAGS, Studio, chromium, serving, shipped  # noqa: E402

#: Generous waits (ms) for a shared, loaded machine; a healthy studio answers in a fraction of a second.
WAIT = 60_000


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Studio]:
    where = tmp_path_factory.mktemp("designs")
    with serving(where) as running:
        (where / "alias.yaml").symlink_to(where / "mini.yaml")
        yield running


@pytest.fixture(scope="module")
def folder(studio: Studio) -> Path:
    return studio.folder


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    binary = chromium()
    if binary is None:
        reason = "Chromium not installed (Debian: apt-get install chromium; `make test` does it as root)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=binary, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def problems() -> Iterator[list[str]]:
    """What went wrong in the page (script errors, failed loads): nothing, at the end."""
    found: list[str] = []
    yield found
    assert found == []


def _worrying(message: Any) -> bool:
    """A console error, other than an answer's status (a 409 on a conflict is the API's word)."""
    return bool(message.type == "error" and not message.text.startswith("Failed to load resource"))


def new_page(browser: Any, url: str, problems: list[str], width: int = 1440, height: int = 900) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda m: problems.append(f"console: {m.text}") if _worrying(m) else None)
    page.goto(url)
    return page


def wait(page: Any, condition: str, arg: Any = None) -> None:
    """Wait until the function ``condition`` (JavaScript) is true (the page's strict
    Content-Security-Policy allows functions, not strings to evaluate)."""
    page.wait_for_function(condition, arg=arg, timeout=WAIT)


def open_game(page: Any, name: str, where: str = "mine") -> None:
    page.click(f"nav button[data-where='{where}'][data-name='{name}']")
    wait(page, "name => document.getElementById('name').textContent.startsWith(name)", name)
    up_to_date(page)


def up_to_date(page: Any) -> None:
    wait(page, "() => document.getElementById('freshness').textContent === 'up to date'")


def put_cursor_after(page: Any, needle: str) -> None:
    """Put the editor's cursor just after the first ``needle``, as a click there would."""
    page.evaluate(
        """needle => { const view = editor.view; const text = view.state.doc.toString();
           const at = text.indexOf(needle) + needle.length;
           view.dispatch({selection: {anchor: at}}); view.focus(); }""",
        needle,
    )


def select(page: Any, needle: str) -> None:
    page.evaluate(
        """needle => { const view = editor.view; const at = view.state.doc.toString().indexOf(needle);
           view.dispatch({selection: {anchor: at, head: at + needle.length}}); view.focus(); }""",
        needle,
    )


def editor_text(page: Any) -> str:
    text: str = page.evaluate("editor.text()")
    return text


def new_preview(page: Any, seen: str | None) -> None:
    wait(
        page,
        "seen => document.body.dataset.previewSeq !== seen"
        " && document.getElementById('freshness').textContent === 'up to date'",
        seen,
    )


def cell_point(page: Any, picture: str, name: str) -> tuple[float, float]:
    """Where cell ``name`` of picture ``board`` or ``start`` is on the screen."""
    box = page.locator(f"#{picture}-picture svg.overlay").bounding_box()
    cells = page.evaluate(f"pictures.{picture}.cells")
    x, y = next((x, y) for n, x, y in cells["at"] if n == name)
    return box["x"] + x / cells["w"] * box["width"], box["y"] + y / cells["h"] * box["height"]


# -- editing, previews, problems ------------------------------------------------------------------


def test_a_designer_edits_sees_saves_and_downloads(
    browser: Any, studio: Studio, folder: Path, tmp_path: Path, problems: list[str]
) -> None:
    page = new_page(browser, studio.url, problems)
    open_game(page, "mini.yaml")
    board_before = page.evaluate("pictures.board.digest")
    assert board_before and page.locator("#board-picture img").evaluate("img => img.naturalWidth > 0")
    assert page.locator("#rules img").count() >= 2 and page.locator("#pieces img").count() >= 1

    # Type a change (the dark squares' colour): the pictures dim at once, then follow.
    seen = page.evaluate("document.body.dataset.previewSeq")
    select(page, '"#1c3523"')
    page.keyboard.type('"#7a1f1f"')
    assert "stale" in page.get_attribute("#board-view", "class")
    new_preview(page, seen)
    assert page.evaluate("pictures.board.digest") != board_before
    assert "stale" not in page.get_attribute("#board-view", "class")
    assert page.is_visible("#dirty")

    # A mistake: marked at its line, listed below; the last good preview stays, marked so.
    put_cursor_after(page, "  width: 8")
    page.keyboard.type("x")
    line = editor_text(page).split("\n").index("  width: 8x") + 1
    page.wait_for_selector("#problems:not([hidden])", timeout=WAIT)
    assert page.evaluate("editor.marked()")[0]["line"] == line
    assert page.locator(".cm-lint-marker-error").count() == 1
    listed = page.inner_text("#problems-list li")
    assert listed.startswith(f"line {line}: board.width:")
    assert "failed" in page.get_attribute("#board-view", "class")
    assert "last good preview" in page.inner_text("#freshness")

    # Fixed: the problem goes, the preview is up to date again.
    page.keyboard.press("Backspace")
    page.wait_for_selector("#problems", state="hidden", timeout=WAIT)
    up_to_date(page)

    # Save with Ctrl+S: on disk, atomically, and no longer marked unsaved.
    page.keyboard.press("Control+s")
    page.wait_for_selector("#dirty", state="hidden", timeout=WAIT)
    assert 'dark: "#7a1f1f"' in (folder / "mini.yaml").read_text(encoding="utf-8")
    assert not [p for p in os.listdir(folder) if p.endswith(".part")]

    # Download a PDF of the saved game, and the rule sheet of the text in the editor.
    page.click("#downloads-button")
    with page.expect_download(timeout=WAIT) as started:
        page.click("#downloads a[download='rules-en.pdf']")
    target = tmp_path / "rules-en.pdf"
    started.value.save_as(target)
    assert target.read_bytes().startswith(b"%PDF")
    with page.expect_download(timeout=WAIT) as started:
        page.click("#rules-pdf")
    assert started.value.suggested_filename == "rules-en.pdf"


def test_the_editor_completes_indents_and_explains_from_the_schema(
    browser: Any, studio: Studio, problems: list[str]
) -> None:
    page = new_page(browser, studio.url, problems)
    open_game(page, "mini.yaml")
    assert page.locator(".cm-content .tok-propertyName, .cm-content span[class]").count() > 20  # YAML colours
    put_cursor_after(page, "  numbering: pdn")
    page.keyboard.press("Enter")  # the indentation is kept
    page.keyboard.type("dr")
    page.wait_for_selector(".cm-tooltip-autocomplete", timeout=WAIT)
    offered = page.locator(".cm-tooltip-autocomplete li").all_inner_texts()
    assert any(item.startswith("drawn") for item in offered)
    page.wait_for_selector(
        ".cm-tooltip-autocomplete li[aria-selected='true']:has-text('drawn')", timeout=WAIT
    )
    page.keyboard.press("Enter")
    assert "\n  drawn: \n" in editor_text(page)
    page.keyboard.type("p")  # the values the schema allows
    page.wait_for_selector(".cm-tooltip-autocomplete li:has-text('points')", timeout=WAIT)
    page.keyboard.press("Escape")
    page.keyboard.press("Home")
    page.keyboard.press("Shift+Tab")
    assert "\ndrawn: p" in editor_text(page)
    page.keyboard.press("Tab")
    assert "\n  drawn: p" in editor_text(page)
    # Hover a key: what the schema says of it.
    text = editor_text(page)
    at = text.index("capture_choice")
    page.evaluate("line => editor.gotoLine(line)", text[:at].count("\n") + 1)  # in view
    box = page.evaluate(
        "at => { const r = editor.view.coordsAtPos(at); return {x: r.left + 20, y: r.top + 6}; }",
        at,
    )
    page.mouse.move(box["x"] - 5, box["y"])
    page.mouse.move(box["x"], box["y"])
    page.wait_for_selector(".cm-schema-help", timeout=WAIT)
    assert "free, majority, most-value" in page.inner_text(".cm-schema-help")
    # Find and replace.
    page.click("#find")
    page.wait_for_selector(".cm-search", timeout=WAIT)


def test_every_error_and_warning_is_marked_at_its_line(
    browser: Any, studio: Studio, problems: list[str]
) -> None:
    page = new_page(browser, studio.url, problems)
    open_game(page, "mini.yaml")
    text = editor_text(page)
    broken = (
        text.replace("capture_choice: free", "capture_choice: freest")
        .replace("near_right: light", "near_right: lite")
        .replace("    letter: W\n", "    letter: W\n    glyph: x\n")
    )
    page.evaluate("text => editor.replaceText(text)", broken)
    wait(page, "() => editor.marked().length === 3")
    lines = broken.split("\n")
    marked = sorted(m["line"] for m in page.evaluate("editor.marked()"))
    assert marked == sorted(
        n
        for n, line in enumerate(lines, 1)
        if line.startswith(("    glyph: x", "  near_right: lite", "    capture_choice: freest"))
    )
    assert page.inner_text("#problems-count") == "3 errors"
    page.click("#problems-list li:nth-child(3)")  # a problem's line, at a click
    assert (
        page.evaluate("editor.view.state.doc.lineAt(editor.view.state.selection.main.head).number")
        == marked[2]
    )
    # A warning alone (a colour that vanishes in greyscale): marked, and the sheets still come.
    page.evaluate("text => editor.replaceText(text)", text.replace('colour: "#f4eee0"', 'colour: "#202020"'))
    wait(page, "() => editor.marked().some(m => m.severity === 'warning')")
    up_to_date(page)
    assert "warning" in page.inner_text("#problems-count")


# -- files ---------------------------------------------------------------------------------------------


def test_a_second_tabs_save_is_refused_then_compared_and_kept(
    browser: Any, studio: Studio, folder: Path, problems: list[str]
) -> None:
    first = new_page(browser, studio.url, problems)
    second = new_page(browser, studio.url, problems)
    open_game(first, "mini.yaml")
    open_game(second, "mini.yaml")
    for page, word in ((first, "First"), (second, "Second")):
        put_cursor_after(page, "  en: American Checkers")
        page.keyboard.type(f" {word}")
    first.click("#save")
    first.wait_for_selector("#dirty", state="hidden", timeout=WAIT)
    second.click("#save")
    second.wait_for_selector("#banner:not([hidden])", timeout=WAIT)
    assert "changed" in second.inner_text("#banner-text") and second.is_visible("#dirty")
    on_disk = (folder / "mini.yaml").read_text(encoding="utf-8")
    assert "American Checkers First" in on_disk and "Second" not in on_disk
    second.click("#banner-buttons button:has-text('Compare')")
    second.wait_for_selector("#compare .cm-mergeView", timeout=WAIT)
    assert second.locator("#compare .cm-changedLine").count() >= 2  # the line, on both sides
    second.click("#compare-mine")
    second.wait_for_selector("#dirty", state="hidden", timeout=WAIT)
    assert "American Checkers Second" in (folder / "mini.yaml").read_text(encoding="utf-8")
    wait(
        first, "() => editor.text().includes('American Checkers Second')"
    )  # the first tab, unchanged, follows


def test_a_change_on_disk_reaches_the_page_without_polling(
    browser: Any, studio: Studio, folder: Path, problems: list[str]
) -> None:
    page = new_page(browser, studio.url, problems)
    open_game(page, "mini.yaml")
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    time.sleep(2.5)
    assert asked == []  # a quiet page asks nothing: the studio tells it
    path = folder / "mini.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("cell_size: 40", "cell_size: 35", 1), "utf-8")
    wait(page, "() => editor.text().includes('cell_size: 35')")
    (folder / "second.yaml").write_text(shipped("american-checkers", "second"), encoding="utf-8")
    page.wait_for_selector("nav button[data-name='second.yaml']", timeout=WAIT)
    (folder / "second.yaml").unlink()
    page.wait_for_selector("nav button[data-name='second.yaml']", state="detached", timeout=WAIT)


def test_a_file_deleted_on_disk_while_open_is_saved_anew(
    browser: Any, studio: Studio, folder: Path, problems: list[str]
) -> None:
    (folder / "doomed.yaml").write_text(shipped("american-checkers", "doomed"), encoding="utf-8")
    page = new_page(browser, studio.url, problems)
    page.wait_for_selector("nav button[data-name='doomed.yaml']", timeout=WAIT)
    open_game(page, "doomed.yaml")
    put_cursor_after(page, "  en: American Checkers")
    page.keyboard.type(" Kept")
    (folder / "doomed.yaml").unlink()
    page.wait_for_selector("#banner-text:has-text('deleted on disk')", timeout=WAIT)
    page.keyboard.press("Control+s")
    page.wait_for_selector("#dirty", state="hidden", timeout=WAIT)
    assert "American Checkers Kept" in (folder / "doomed.yaml").read_text(encoding="utf-8")
    (folder / "doomed.yaml").unlink()


def test_a_save_keeps_crlf_line_endings(
    browser: Any, studio: Studio, folder: Path, problems: list[str]
) -> None:
    path = folder / "windows.yaml"
    path.write_bytes(shipped("american-checkers", "windows").replace("\n", "\r\n").encode())
    os.chmod(path, 0o600)
    page = new_page(browser, studio.url, problems)
    page.wait_for_selector("nav button[data-name='windows.yaml']", timeout=WAIT)
    open_game(page, "windows.yaml")
    put_cursor_after(page, "  en: American Checkers")
    page.keyboard.type(" CRLF")
    page.keyboard.press("Control+s")
    page.wait_for_selector("#dirty", state="hidden", timeout=WAIT)
    data = path.read_bytes()
    assert b"American Checkers CRLF\r\n" in data and data.count(b"\r\n") == data.count(b"\n")
    assert os.stat(path).st_mode & 0o777 == 0o600
    path.unlink()


def test_new_save_as_rename_delete_and_restore(
    browser: Any, studio: Studio, folder: Path, problems: list[str]
) -> None:
    page = new_page(browser, studio.url, problems)
    page.on("dialog", lambda dialog: dialog.accept())  # "Delete ...?"
    page.click("#new")
    page.select_option("#ask-from", "go-9")
    page.fill("#ask-name", "my-go")
    page.click("#ask-ok")
    wait(page, "() => document.getElementById('name').textContent === 'my-go.yaml'")
    up_to_date(page)
    assert "\nid: my-go\n" in editor_text(page) and "id: my-go" in (folder / "my-go.yaml").read_text()
    page.click("#rename")
    page.fill("#ask-name", "our-go")
    page.click("#ask-ok")
    wait(page, "() => document.getElementById('name').textContent === 'our-go.yaml'")
    assert not (folder / "my-go.yaml").exists() and "\nid: our-go\n" in (folder / "our-go.yaml").read_text()
    page.click("#delete")
    page.wait_for_selector("#banner-text:has-text('in the trash')", timeout=WAIT)
    assert not (folder / "our-go.yaml").exists() and list((folder / ".trash").iterdir())
    page.wait_for_selector("#trash-box:not([hidden])", timeout=WAIT)
    page.click("#trash-box summary")
    page.click("#trash button:has-text('Restore')")
    wait(page, "() => document.getElementById('name').textContent === 'our-go.yaml'")
    assert (folder / "our-go.yaml").exists()
    # Save as from a shipped game: the copy under a name of one's own, the id following it.
    open_game(page, "catchup", "builtin")
    assert page.is_visible("#readonly") and page.is_disabled("#save")
    page.click("#save-as")
    page.fill("#ask-name", "my-catchup")
    page.click("#ask-ok")
    wait(page, "() => document.getElementById('name').textContent === 'my-catchup.yaml'")
    assert "\nid: my-catchup\n" in (folder / "my-catchup.yaml").read_text()
    for name in ("our-go.yaml", "my-catchup.yaml"):
        (folder / name).unlink()


def test_a_linked_descriptor_is_read_only(browser: Any, studio: Studio, problems: list[str]) -> None:
    page = new_page(browser, studio.url, problems)
    page.wait_for_selector(
        "nav li:has(button[data-name='alias.yaml']) .tag:has-text('mini.yaml')", timeout=WAIT
    )
    open_game(page, "alias.yaml")
    assert "link to mini.yaml" in page.inner_text("#readonly") and page.is_disabled("#save")
    assert page.evaluate("editor.view.state.readOnly")


# -- play, zoom, read ------------------------------------------------------------------------------


def test_moves_are_played_on_the_preview(browser: Any, studio: Studio, problems: list[str]) -> None:
    page = new_page(browser, studio.url, problems)
    open_game(page, "mini.yaml")
    page.mouse.move(*cell_point(page, "start", "c3"))
    page.wait_for_selector("#start-picture .cellname:has-text('c3')", timeout=WAIT)  # names on hover
    page.mouse.move(*cell_point(page, "board", "h8"))
    page.wait_for_selector("#board-picture .cellname:has-text('h8')", timeout=WAIT)
    page.mouse.click(*cell_point(page, "start", "f6"))  # Black's man on 11
    assert page.locator("#start-picture circle.target").count() == 2
    page.mouse.click(*cell_point(page, "start", "e5"))  # to 15
    wait(page, "() => play.history.length === 2")
    assert page.inner_text("#moves-played") == "11-15"
    assert page.inner_text("#play-status").startswith("White to move")
    page.fill("#move", "22-18")
    page.press("#move", "Enter")
    wait(page, "() => play.history.length === 3")
    assert page.get_attribute("body", "data-position").startswith("B:")
    page.mouse.click(*cell_point(page, "start", "e5"))  # the capture 15x22, by its two ends
    page.mouse.click(*cell_point(page, "start", "c3"))
    wait(page, "() => play.history.length === 4")
    assert page.inner_text("#moves-played") == "11-15 22-18 15x22"
    page.click("#undo")
    assert page.inner_text("#moves-played") == "11-15 22-18"
    # Any position: set by its text, and played on from there.
    page.fill("#position", "W:WK30:B23,14")
    page.click("#position-form button")
    wait(page, "() => play.current().position === 'W:WK30:B14,23'")
    assert page.inner_text("#play-status").startswith("White to move")
    page.click("#restart")
    assert page.inner_text("#play-title") == "Start"


def test_the_board_zooms_and_the_sheets_are_read_page_by_page(
    browser: Any, studio: Studio, problems: list[str]
) -> None:
    page = new_page(browser, studio.url, problems)
    open_game(page, "mini.yaml")
    page.click("button.zoom[data-view='board']")
    page.wait_for_selector("#viewer[open] #viewer-canvas img", timeout=WAIT)
    small = page.locator("#viewer-canvas img").bounding_box()["width"]
    page.click("#viewer-in")
    wait(
        page,
        "w => document.querySelector('#viewer-canvas img').getBoundingClientRect().width > w * 1.3",
        small,
    )
    page.click("#viewer-close")
    page.click("#rules button[data-index='0']")
    wait(page, "() => document.getElementById('viewer-canvas').dataset.page === '1'")
    fit = int(page.get_attribute("#viewer-canvas", "data-dpi"))
    page.click("#viewer-in")
    page.click("#viewer-in")
    wait(page, "dpi => Number(document.getElementById('viewer-canvas').dataset.dpi) > dpi", fit)
    page.keyboard.press("PageDown")
    wait(page, "() => document.getElementById('viewer-canvas').dataset.page === '2'")
    assert page.inner_text("#viewer-page") == "page 2 of 2"
    assert page.get_attribute("#viewer-pdf", "href").startswith("/api/blob/")


# -- the page and the studio ----------------------------------------------------------------------


def test_the_token_leaves_the_address_bar_and_no_image_is_broken(
    browser: Any, studio: Studio, problems: list[str]
) -> None:
    page = new_page(browser, studio.url, problems, width=1024, height=768)
    page.wait_for_selector("nav button[data-name='mini.yaml']", timeout=WAIT)
    assert "token" not in page.url
    broken = page.evaluate(
        "[...document.images].filter(i => i.getAttribute('src') && !i.naturalWidth).length"
    )
    shown = page.evaluate("[...document.images].filter(i => i.offsetParent !== null).length")
    assert broken == 0 and shown == 0  # nothing to show yet, and no empty frame shown
    open_game(page, "mini.yaml")
    board = page.locator("#board-picture img").bounding_box()
    assert board["y"] + board["height"] <= 768  # the board in view at 1024 x 768
    assert page.is_hidden("#downloads-box")


def test_facts_run_and_stop_and_a_print_only_game_says_why_it_has_none(
    browser: Any, studio: Studio, problems: list[str]
) -> None:
    page = new_page(browser, studio.url, problems)
    open_game(page, "mini.yaml")
    page.fill("#facts-games", "10000")
    page.click("#facts-run")
    page.wait_for_selector("#facts-stop:not([hidden])", timeout=WAIT)
    page.click("#facts-stop")
    page.wait_for_selector("#facts-result:has-text('stopped after')", timeout=WAIT)
    open_game(page, "fox-and-geese", "builtin")
    page.wait_for_selector("#facts-none:has-text('no rules engine plays this game')", timeout=WAIT)
    assert page.is_disabled("#facts-run") and page.is_hidden("#play")


def test_the_page_notices_the_studio_stopping_and_restarting(
    browser: Any, tmp_path: Path, problems: list[str]
) -> None:
    (tmp_path / "mini.yaml").write_text(shipped("american-checkers", "mini"), encoding="utf-8")
    first = Studio(tmp_path)
    page = new_page(browser, first.url, [])
    page.wait_for_selector("#link:has-text('connected')", timeout=WAIT)
    open_game(page, "mini.yaml")
    put_cursor_after(page, "  en: American Checkers")
    page.keyboard.type(" Unsaved")
    first.stop()
    page.wait_for_selector("#link.down", timeout=WAIT)
    assert "not answering" in page.inner_text("#banner-text")
    page.keyboard.press("Control+s")
    assert page.is_disabled("#save") and "American Checkers Unsaved" in editor_text(page)
    second = Studio(tmp_path, port=first.port)  # the same address, a new token
    try:
        page.wait_for_selector("#link:has-text('restarted')", timeout=WAIT)
        assert "Open the address it printed" in page.inner_text("#banner-text")
        fresh = page.context.new_page()  # the same browser: the text was kept there
        fresh.goto(second.url + "&open=mine/mini.yaml")
        fresh.wait_for_selector("#banner-text:has-text('Unsaved text of mini.yaml')", timeout=WAIT)
        fresh.click("#banner-buttons button:has-text('Restore')")
        assert "American Checkers Unsaved" in editor_text(fresh)
    finally:
        second.stop()
