"""The studio as a designer meets it: ``boardgen serve`` started for real, its page driven
in headless Chromium with Playwright (the system's Chromium; Playwright's own browsers
are not downloaded). Open a game, type a change and see the preview follow, make a
mistake and see it at its line while the last good preview stays, fix it, save,
download a PDF; a second tab's save over the first one's is refused; a change made on
disk by another program reaches the page."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("starlette")

from boardgen.descriptor.builtin import builtin_dir  # noqa: E402

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Generous waits (ms) for a shared, loaded machine; a healthy studio answers in about a second.
WAIT = 60_000


def chromium() -> str | None:
    for name in (os.environ.get("BOARDGEN_CHROMIUM"), "/usr/bin/chromium", "chromium", "chromium-browser"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("designs")
    text = (builtin_dir() / "american-checkers.yaml").read_text(encoding="utf-8")
    (where / "mini.yaml").write_text(text.replace("id: american-checkers", "id: mini", 1), encoding="utf-8")
    return where


@pytest.fixture(scope="module")
def studio(folder: Path) -> Iterator[str]:
    """``boardgen serve FOLDER --port 0``: its first line is the address."""
    process = subprocess.Popen(
        [sys.executable, "-m", "boardgen", "serve", str(folder), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and "/?token=" in url, url
        yield url
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


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


def new_page(browser: Any, url: str, problems: list[str]) -> Any:
    context = browser.new_context(viewport={"width": 1500, "height": 950}, accept_downloads=True)
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.goto(url)
    return page


def open_game(page: Any, name: str) -> None:
    page.click(f"nav button[data-name='{name}']")
    page.wait_for_function(
        "name => document.getElementById('name').textContent === name", arg=name, timeout=WAIT
    )
    page.wait_for_selector("#freshness:text('up to date')", timeout=WAIT)


def put_cursor_after(page: Any, needle: str) -> None:
    """Put the editor's cursor just after the first ``needle``, as a click there would."""
    page.evaluate(
        """needle => { const t = document.getElementById('text'); t.focus();
           const at = t.value.indexOf(needle) + needle.length; t.setSelectionRange(at, at); }""",
        needle,
    )


def wait_for_new_preview(page: Any, seen: str) -> None:
    page.wait_for_function(
        "seen => document.body.dataset.previewSeq !== seen"
        " && document.getElementById('freshness').textContent === 'up to date'",
        arg=seen,
        timeout=WAIT,
    )


def test_a_designer_edits_sees_saves_and_downloads(
    browser: Any, studio: str, folder: Path, tmp_path: Path
) -> None:
    problems: list[str] = []
    page = new_page(browser, studio, problems)
    open_game(page, "mini.yaml")
    assert page.locator("#gutter div").count() == len(page.input_value("#text").split("\n"))
    board_before = page.get_attribute("#board", "src")
    assert board_before and board_before.startswith("data:image/svg+xml")
    assert page.locator("#rules img").count() >= 2 and page.locator("#pieces img").count() >= 1

    # Type a change (the dark squares' colour): the preview follows.
    text = page.input_value("#text")
    old_colour = text.split('dark: "')[1][:7]
    put_cursor_after(page, 'dark: "')
    seq = page.evaluate("document.body.dataset.previewSeq")
    page.keyboard.press("Shift+ArrowRight")
    for _ in range(6):
        page.keyboard.press("Shift+ArrowRight")
    page.keyboard.type("#7a1f1f")
    wait_for_new_preview(page, seq)
    board_after = page.get_attribute("#board", "src")
    assert board_after != board_before
    assert page.is_visible("#dirty")

    # A mistake: shown at its line, in the gutter and the message; the last good preview stays.
    put_cursor_after(page, "  width: 8")
    page.keyboard.type("x")
    line = page.input_value("#text").split("\n").index("  width: 8x") + 1
    page.wait_for_selector("#problem:not([hidden])", timeout=WAIT)
    assert page.inner_text("#gutter div.bad") == str(line)
    assert f"line {line}, column" in page.inner_text("#problem-text")
    assert "board.width" in page.inner_text("#problem-text")
    assert page.is_visible("#mark")
    assert page.get_attribute("#board", "src") == board_after
    assert "last good preview" in page.inner_text("#freshness")
    page.screenshot(path=str(tmp_path / "mistake.png"))

    # Fixed: the error goes, the preview is up to date again.
    page.keyboard.press("Backspace")
    page.wait_for_selector("#problem", state="hidden", timeout=WAIT)
    page.wait_for_selector("#freshness:text('up to date')", timeout=WAIT)
    assert page.locator("#gutter div.bad").count() == 0

    # Save: on disk, atomically, and no longer marked unsaved.
    page.click("#save")
    page.wait_for_selector("#dirty", state="hidden", timeout=WAIT)
    saved = (folder / "mini.yaml").read_text(encoding="utf-8")
    assert 'dark: "#7a1f1f"' in saved and old_colour not in saved.split("dark:")[1][:12]
    assert not [p for p in os.listdir(folder) if p.endswith(".part")]

    # Download a PDF of the saved game.
    with page.expect_download(timeout=WAIT) as started:
        page.click("#downloads a[download='rules-en.pdf']")
    target = tmp_path / "rules-en.pdf"
    started.value.save_as(target)
    assert target.read_bytes().startswith(b"%PDF")
    assert problems == []


def test_a_second_tabs_save_over_the_first_is_refused(browser: Any, studio: str, folder: Path) -> None:
    problems: list[str] = []
    first = new_page(browser, studio, problems)
    second = new_page(browser, studio, problems)
    open_game(first, "mini.yaml")
    open_game(second, "mini.yaml")
    for page, word in ((first, "First"), (second, "Second")):
        put_cursor_after(page, "  en: American Checkers")
        page.keyboard.type(f" {word}")
    first.click("#save")
    first.wait_for_selector("#dirty", state="hidden", timeout=WAIT)
    second.click("#save")
    second.wait_for_selector("#problem.conflict:not([hidden])", timeout=WAIT)
    assert "changed" in second.inner_text("#problem-text")
    assert second.is_visible("#reload") and second.is_visible("#dirty")
    on_disk = (folder / "mini.yaml").read_text(encoding="utf-8")
    assert "American Checkers First" in on_disk and "Second" not in on_disk
    # Reloading takes the first tab's text; the editor's own change was the designer's to copy.
    second.click("#reload")
    second.wait_for_selector("#dirty", state="hidden", timeout=WAIT)
    assert "American Checkers First" in second.input_value("#text")
    assert problems == []


def test_a_change_on_disk_reaches_the_page(browser: Any, studio: str, folder: Path) -> None:
    problems: list[str] = []
    page = new_page(browser, studio, problems)
    open_game(page, "mini.yaml")
    seq = page.evaluate("document.body.dataset.previewSeq")
    path = folder / "mini.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("cell_size: 40", "cell_size: 35", 1), "utf-8")
    page.wait_for_function(
        "() => document.getElementById('text').value.includes('cell_size: 35')", timeout=WAIT
    )
    wait_for_new_preview(page, seq)
    # A new file in the folder joins the list.
    (folder / "second.yaml").write_text(path.read_text(encoding="utf-8").replace("id: mini", "id: second"))
    page.wait_for_selector("nav button[data-name='second.yaml']", timeout=WAIT)
    assert problems == []


def test_a_shipped_game_is_read_only_until_copied(browser: Any, studio: str, folder: Path) -> None:
    problems: list[str] = []
    page = new_page(browser, studio, problems)
    page.click("nav button[data-where='builtin'][data-name='catchup']")
    page.wait_for_selector("#freshness:text('up to date')", timeout=WAIT)
    assert page.is_visible("#readonly") and page.get_attribute("#text", "readonly") is not None
    assert page.is_disabled("#save")
    page.click("#copy")
    page.wait_for_function(
        "() => document.getElementById('name').textContent === 'catchup.yaml'"
        " && !document.getElementById('text').readOnly",
        timeout=WAIT,
    )
    assert (folder / "catchup.yaml").read_text() == (builtin_dir() / "catchup.yaml").read_text()
    assert problems == []
