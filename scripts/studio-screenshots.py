"""The studio's screenshots in the docs (docs/img/studio-*.png), made again from the page.

Run from the project root:  python scripts/studio-screenshots.py [--out docs/img]

``boardgen serve`` runs on a fresh folder holding a copy of American checkers; the page is
driven in the system's Chromium (Playwright, as the tests do) through what each picture
shows: the editor beside its preview, a completion from the schema, mistakes at their
lines, a move played on the preview, a rule sheet zoomed to read, game facts.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
WAIT = 60_000


def chromium() -> str:
    for name in ("/usr/bin/chromium", "chromium", "chromium-browser"):
        if shutil.which(name):
            return str(shutil.which(name))
    sys.exit("no Chromium: apt-get install chromium (scripts/system-deps)")


def idle(page: Any) -> None:
    page.wait_for_function(
        "() => document.getElementById('freshness').textContent === 'up to date'", timeout=WAIT
    )
    time.sleep(0.4)


def cursor_after(page: Any, needle: str) -> None:
    page.evaluate(
        "needle => { const v = editor.view; const at = v.state.doc.toString().indexOf(needle)"
        " + needle.length; v.dispatch({selection: {anchor: at}, scrollIntoView: true}); v.focus(); }",
        needle,
    )


def click_cell(page: Any, name: str) -> None:
    box = page.locator("#start-picture svg.overlay").bounding_box()
    cells = page.evaluate("pictures.start.cells")
    x, y = next((x, y) for n, x, y in cells["at"] if n == name)
    page.mouse.click(box["x"] + x / cells["w"] * box["width"], box["y"] + y / cells["h"] * box["height"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="studio-shots-"))
    text = (ROOT / "variants" / "american-checkers.yaml").read_text(encoding="utf-8")
    (folder / "my-checkers.yaml").write_text(
        text.replace("id: american-checkers", "id: my-checkers", 1), "utf-8"
    )
    studio = subprocess.Popen(
        [sys.executable, "-m", "boardgen.studio", str(folder), "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert studio.stdout is not None
        url = studio.stdout.readline().strip()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium(), args=["--headless", "--no-sandbox"]
            )
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            page.goto(url + "&open=mine/my-checkers.yaml")
            idle(page)
            page.screenshot(path=str(out / "studio.png"))

            cursor_after(page, "  numbering: pdn")
            page.keyboard.press("Enter")
            page.keyboard.type("dr")
            page.wait_for_selector(".cm-tooltip-autocomplete li[aria-selected='true']", timeout=WAIT)
            time.sleep(0.3)
            page.locator("#editing").screenshot(path=str(out / "studio-completion.png"))
            page.keyboard.press("Escape")
            page.keyboard.press("Control+z")
            page.keyboard.press("Control+z")

            cursor_after(page, "capture_choice: free")
            page.keyboard.type("st")
            cursor_after(page, "  width: 8")
            page.keyboard.type("x")
            page.wait_for_selector("#problems:not([hidden])", timeout=WAIT)
            page.wait_for_function("() => editor.marked().length >= 2", timeout=WAIT)
            time.sleep(0.5)
            page.screenshot(path=str(out / "studio-error.png"))
            page.keyboard.press("Backspace")
            cursor_after(page, "capture_choice: freest")
            page.keyboard.press("Backspace")
            page.keyboard.press("Backspace")
            idle(page)

            click_cell(page, "f6")
            click_cell(page, "e5")
            page.wait_for_function("() => play.history.length === 2", timeout=WAIT)
            page.fill("#move", "22-18")
            page.press("#move", "Enter")
            page.wait_for_function("() => play.history.length === 3", timeout=WAIT)
            click_cell(page, "e5")  # the capture to come: its landing marked
            time.sleep(0.5)
            page.locator("#start-view").screenshot(path=str(out / "studio-play.png"))

            page.click("#rules button[data-index='0']")
            page.wait_for_function(
                "() => document.getElementById('viewer-canvas').dataset.page === '1'", timeout=WAIT
            )
            page.click("#viewer-in")
            page.click("#viewer-in")
            page.wait_for_function(
                "() => Number(document.getElementById('viewer-canvas').dataset.dpi) > 150", timeout=WAIT
            )
            time.sleep(0.5)
            page.screenshot(path=str(out / "studio-sheet.png"))
            page.click("#viewer-close")

            page.fill("#facts-games", "400")
            page.click("#facts-run")
            page.wait_for_selector("#facts-result table", timeout=WAIT)
            time.sleep(0.3)
            page.locator("#facts-view").screenshot(path=str(out / "studio-facts.png"))
            browser.close()
    finally:
        studio.terminate()
        studio.wait(10)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"wrote {', '.join(sorted(p.name for p in out.glob('studio*.png')))} in {out}")


if __name__ == "__main__":
    main()
