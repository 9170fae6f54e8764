"""The studio's edit-to-preview time, measured in the browser: from a keystroke in the
editor to the new board in view (decoded and shown), for four boards: a 61-cell hex
(hexdame), American checkers (8x8), the 217-cell hex (hex9-checkers) and Go 19x19.

Run from the project root:  python benchmarks/bench_studio.py [--runs N]

``boardgen serve`` runs for real on a folder holding the four games; the page is driven
in the system's Chromium by Playwright (as tests/studio does). Each run types one
character into the game's English title (a change every picture shows: the board is
drawn anew, not taken from a cache) and reads the page's own clock
(``window.studioTimings``: keystroke to board shown, to start shown, to the last sheet
page shown). A burst of five keystrokes 60 ms apart (a fast typist) is timed from its
last keystroke: the previews of the first four are cancelled as the next one comes.
The budget (docs/develop/performance.md) is the board of Go 19x19 in view within 300 ms of
the last keystroke; the report gives each median against it, and how many pictures the
page fetched per edit (unchanged ones keep their digest and are not fetched again).

A benchmark, not a test: it asserts nothing but that every preview came.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = [
    ("hexdame", "61-cell hex"),
    ("american-checkers", "American checkers"),
    ("hex9-checkers", "217-cell hex"),
    ("go-19", "Go 19x19"),
]
BUDGET_MS = 300.0
WAIT_MS = 60_000


def chromium() -> str:
    for name in (os.environ.get("BOARDGEN_CHROMIUM"), "/usr/bin/chromium", "chromium", "chromium-browser"):
        if name and shutil.which(name):
            return str(shutil.which(name))
    sys.exit("no Chromium: apt-get install chromium (scripts/system-deps)")


def title_spot(text: str) -> int:
    """Where the English title starts in ``text`` (a character typed there changes every picture)."""
    start = text.index("title:")
    return text.index("en: ", start) + len("en: ")


def wait_idle(page: Any) -> None:
    page.wait_for_function(
        "() => document.getElementById('freshness').textContent === 'up to date'", timeout=WAIT_MS
    )


def one_edit(page: Any, spot: int, keys: str, gap_ms: float = 0) -> dict[str, float]:
    """Type ``keys`` over as many characters at ``spot``, ``gap_ms`` apart; the page's
    timings of the last one's preview and the pictures it fetched."""
    page.evaluate("at => { const v = editor.view; v.dispatch({selection: {anchor: at}}); v.focus(); }", spot)
    before = page.evaluate("performance.getEntriesByType('resource').length")
    for key in keys:
        page.keyboard.press("Shift+ArrowRight")
        page.keyboard.press(key)
        if gap_ms:
            time.sleep(gap_ms / 1000)
    time.sleep(0.15)  # past the page's pause before it sends the text (its clock counts from the key)
    seq = page.evaluate("state.seq")
    page.wait_for_function(
        "seq => { const t = window.studioTimings.find(x => x.seq === seq); return t && t.board && t.sheets }",
        arg=seq,
        timeout=WAIT_MS,
    )
    timing: dict[str, float] = page.evaluate("seq => window.studioTimings.find(x => x.seq === seq)", seq)
    fetched = page.evaluate(
        "n => performance.getEntriesByType('resource').slice(n).filter(e => e.name.includes('/api/blob/'))"
        ".length",
        before,
    )
    wait_idle(page)
    time.sleep(0.3)
    return {**timing, "fetched": fetched, "seq": seq}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="edits per game (the median is reported)")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="bench-studio-"))
    for game, _ in GAMES:
        shutil.copy(ROOT / "variants" / f"{game}.yaml", folder / f"{game}.yaml")
    studio = subprocess.Popen(
        [sys.executable, "-m", "boardgen.studio", str(folder), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    rows = []
    try:
        assert studio.stdout is not None
        url = studio.stdout.readline().strip()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium(), args=["--headless", "--no-sandbox"]
            )
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            page.on("dialog", lambda dialog: dialog.accept())  # "not saved: open another game anyway?"
            page.goto(url)
            page.evaluate("performance.setResourceTimingBufferSize(100000)")  # count every picture fetched
            for game, label in GAMES:
                page.click(f"nav button[data-where='mine'][data-name='{game}.yaml']")
                page.wait_for_function(
                    "name => document.getElementById('name').textContent === name", arg=f"{game}.yaml"
                )
                wait_idle(page)
                spot = title_spot(page.evaluate("editor.text()"))
                letters = iter("QWERTYUIOPASDFGHJKLZXCVBNM" * 4)  # every edit a text not seen before
                one_edit(page, spot, next(letters))  # warm: the first drawing of a game fills caches
                single = [one_edit(page, spot, next(letters)) for _ in range(options.runs)]
                burst = [
                    one_edit(page, spot, "".join(next(letters) for _ in range(5)), gap_ms=60)
                    for _ in range(5)
                ]
                comment = [one_edit(page, 0, "#" + next(letters)) for _ in range(3)]  # no picture changes
                cells = len(page.evaluate("pictures.board.cells.at"))
                rows.append((label, cells, single, burst, comment))
            browser.close()
    finally:
        studio.terminate()
        studio.wait(10)
        shutil.rmtree(folder, ignore_errors=True)

    def median(runs: list[dict[str, float]], key: str) -> float:
        return statistics.median(r[key] for r in runs)

    print(f"studio edit-to-preview in Chromium, median of {options.runs} edits (burst: 5 keys 60 ms apart)")
    heads = ("cells", "board ms", "start ms", "sheets ms", "burst ms", "fetched", "unchanged", "/budget")
    print(f"{'board':<20}" + "".join(f"{h:>10}" for h in heads))
    for label, cells, single, burst, comment in rows:
        board = median(single, "board")
        figures = (
            f"{cells:>10}",
            f"{board:>10.0f}",
            f"{median(single, 'start'):>10.0f}",
            f"{median(single, 'sheets'):>10.0f}",
            f"{median(burst, 'board'):>10.0f}",
            f"{median(single, 'fetched'):>10.0f}",
            f"{median(comment, 'fetched'):>10.0f}",
            f"{board / BUDGET_MS:>10.2f}",
        )
        print(f"{label:<20}" + "".join(figures))
    print(
        "fetched: pictures the page fetched for an edit of the title (all change); unchanged: for a comment"
    )
    print(f"budget: the board of Go 19x19 in view {BUDGET_MS:.0f} ms after the last keystroke (/budget <= 1)")


if __name__ == "__main__":
    main()
