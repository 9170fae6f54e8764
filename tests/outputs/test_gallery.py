"""``index.html``: the gallery page, as a pure function and for real in headless Chromium.

Chromium is driven over the DevTools protocol on ``--remote-debugging-pipe`` (file
descriptors 3 and 4, NUL-separated JSON): no port, no websocket, no extra package. The
test loads a real build's gallery, checks the console stays clean, every image decodes
and every link points at a file of the build, takes a screenshot, then prints the page to
PDF and measures the printed pictures: Chromium writes a link annotation over each
picture (each is wrapped in a link to its SVG), whose rectangle is the printed size.

Without Chromium the browser test is skipped, except in CI (``CI`` set), where
``make test`` installs it first (scripts/system-deps) and a missing browser fails.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import fcntl
import json
import os
import re
import select
import shutil
import signal
import time
from collections.abc import Iterator
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

from boardgen.descriptor import load_all
from boardgen.outputs.gallery import GALLERY, PRINT_BOX, fit, render_gallery, svg_size_mm

MM = 96 / 25.4  # CSS pixels per mm
PT = 72 / 25.4  # PDF points per mm


# --------------------------------------------------------------------------- page parsing


class _Refs(HTMLParser):
    """Every ``src``/``href`` of a page, and the ``<img>`` tags' attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.refs: list[str] = []
        self.images: list[dict[str, str]] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        self.tags.append(tag)
        for key in ("src", "href"):
            if key in found:
                self.refs.append(found[key])
        if tag == "img":
            self.images.append(found)


def parse(html: bytes) -> _Refs:
    parser = _Refs()
    parser.feed(html.decode("utf-8"))
    parser.close()
    return parser


def fake_files() -> dict[str, bytes]:
    """A build's file list without building: SVG heads of several sizes, PDFs with pages."""
    pdf = b"%PDF-1.4 /Type /Pages /Type /Page /Type /Page"
    files: dict[str, bytes] = {}
    for variant in load_all():
        vid = variant.id
        files[f"{vid}/board.svg"] = b'<svg width="345mm" height="300.5mm">'
        files[f"{vid}/start.svg"] = b'<svg width="187.88mm" height="180mm">'
        for what in ("board", "start", "pieces", "rules"):
            for lang in ("en", "fr", "de"):
                files[f"{vid}/{what}-{lang}.pdf"] = pdf
        for example in variant.examples:
            files[f"{vid}/example-{example.id}.svg"] = b'<svg width="120mm" height="100mm">'
    for lang in ("de", "en", "fr"):
        files[f"booklet-{lang}.pdf"] = pdf
        files[f"booklet-{lang}-fold.pdf"] = pdf
    return files


# --------------------------------------------------------------------------- pure tests


def test_gallery_is_deterministic_and_ignores_the_order_of_files() -> None:
    variants = load_all()
    files = fake_files()
    page = render_gallery(variants, files)
    assert page == render_gallery(variants, dict(reversed(list(files.items()))))
    assert page.startswith(b"<!DOCTYPE html>")
    assert b"\r" not in page


def test_gallery_links_only_the_files_given_relatively_and_loads_nothing_from_outside() -> None:
    variants = load_all()
    files = fake_files()
    del files["catchup/rules-fr.pdf"]
    page = render_gallery(variants, files)
    refs = parse(page).refs
    local = [r for r in refs if not r.startswith(("#", "data:"))]
    assert sorted(set(map(unquote, local))) == sorted(files)
    assert "catchup/rules-fr.pdf" not in refs
    assert not any(r.startswith(("/", "http:", "https:", "//", "file:")) for r in refs)
    text = page.decode()
    assert "@import" not in text and "url(" not in text and "<script" not in text
    assert '<link rel="stylesheet"' not in text


def test_every_picture_carries_its_true_size_and_the_captions_in_english() -> None:
    variants = load_all()
    page = render_gallery(variants, fake_files())
    images = parse(page).images
    assert len(images) == sum(2 + len(v.examples) for v in variants)
    for image in images:
        width, height = (float(x) for x in image["data-mm"].split())
        assert image["style"] == f"--w:{image['data-mm'].split()[0]}mm;--h:{image['data-mm'].split()[1]}mm"
        assert int(image["width"]) == round(width * MM) and int(image["height"]) == round(height * MM)
    text = page.decode()
    # sizes for people are to the tenth of a mm at most ("190 x 190", never "189.998")
    shown = re.findall(r"(?:true size )?([0-9.]+) \u00d7 ([0-9.]+) mm", text)
    assert shown and all(re.fullmatch(r"[0-9]+(\.[0-9])?", n) for pair in shown for n in pair), shown
    for variant in variants:
        assert f">{escape(variant.title['en'])}</h2>" in text
        for example in variant.examples:
            assert escape(example.caption["en"]) in text


def test_titles_and_captions_are_escaped() -> None:
    variant = next(v for v in load_all() if v.examples)
    evil = "<script>alert('x')</script> & \"quoted\""
    example = dataclasses.replace(variant.examples[0], caption={"en": evil})
    bad = dataclasses.replace(
        variant, title={**variant.title, "en": evil}, examples=(example, *variant.examples[1:])
    )
    files = {k: v for k, v in fake_files().items() if k.startswith(f"{variant.id}/")}
    text = render_gallery([bad], files).decode()
    assert "<script>" not in text and "alert(&#x27;x&#x27;)" in text
    assert "&lt;script&gt;" in text and "&amp; &quot;quoted&quot;" in text


def test_sizes_are_read_from_the_svg_and_sorted_into_what_prints_whole() -> None:
    assert svg_size_mm(b'<?xml version="1.0"?>\n<svg x="1" width="12.5mm" height="3mm">') == (12.5, 3.0)
    assert svg_size_mm(b'<svg width="100" height="30">') is None
    assert svg_size_mm(b"not an svg") is None
    width, height = PRINT_BOX
    assert (width, height) == (190.0, 259.4)  # A4's width, Letter's height, 10 mm margins
    assert fit(187.88, 187.88) == "portrait"
    assert fit(250, 170) == "landscape"
    assert fit(345, 345) == "oversize"
    page = render_gallery(load_all()[:1], fake_files()).decode()
    assert 'class="oversize"' in page and 'class="portrait"' in page
    assert "Too large for one sheet" in page and "tiled over 2 pages" in page


# --------------------------------------------------------------------------- Chromium

_BINARIES = ("/usr/lib/chromium/chromium", "chromium", "chromium-browser", "google-chrome")


def chromium_binary() -> str | None:
    """Chromium's own binary (the Debian wrapper script only adds flags), or None."""
    wanted = os.environ.get("BOARDGEN_CHROMIUM")
    for name in (wanted, *_BINARIES) if wanted else _BINARIES:
        found = shutil.which(name)
        if found:
            return found
    return None


FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
    "--mute-audio",
    "--remote-debugging-pipe",
)


class CDPError(RuntimeError):
    pass


class Chromium:
    """Headless Chromium spoken to over the DevTools pipe; one page, one session."""

    def __init__(self, binary: str, profile: Path, log: Path, timeout: float = 20.0) -> None:
        self.timeout = timeout
        self.events: list[dict[str, Any]] = []
        self._next = 0
        self._buffer = b""
        to_child, self._write = os.pipe()
        self._read, from_child = os.pipe()
        # Chromium reads commands on fd 3 and answers on fd 4. Move our ends off the
        # low numbers first, so the dup2 to 3 and 4 always really copies them.
        ends = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (to_child, from_child)]
        for fd in (to_child, from_child):
            os.close(fd)
        argv = [binary, *FLAGS, f"--user-data-dir={profile}", "about:blank"]
        self.pid = os.posix_spawn(
            binary,
            argv,
            os.environ,
            file_actions=[
                (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
                (os.POSIX_SPAWN_OPEN, 1, str(log), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
                (os.POSIX_SPAWN_OPEN, 2, str(log), os.O_WRONLY | os.O_APPEND, 0o644),
                (os.POSIX_SPAWN_DUP2, ends[0], 3),
                (os.POSIX_SPAWN_DUP2, ends[1], 4),
            ],
            setsid=True,
        )
        for fd in ends:
            os.close(fd)
        self.session = ""
        try:
            targets = self.send("Target.getTargets", session=False)["targetInfos"]
            page = next(t for t in targets if t["type"] == "page")
            attached = self.send(
                "Target.attachToTarget", {"targetId": page["targetId"], "flatten": True}, session=False
            )
            self.session = attached["sessionId"]
        except BaseException:
            self.close()
            raise

    def _message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no answer from Chromium")
            ready, _, _ = select.select([self._read], [], [], left)
            if ready:
                chunk = os.read(self._read, 1 << 20)
                if not chunk:
                    raise CDPError("Chromium closed the DevTools pipe")
                self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message: dict[str, Any] = json.loads(raw)
        return message

    def send(self, method: str, params: dict[str, Any] | None = None, *, session: bool = True) -> Any:
        self._next += 1
        command: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session:
            command["sessionId"] = self.session
        data = json.dumps(command).encode() + b"\0"
        while data:
            data = data[os.write(self._write, data) :]
        deadline = time.monotonic() + self.timeout
        while True:
            message = self._message(deadline)
            if message.get("id") == self._next:
                if "error" in message:
                    raise CDPError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_for(self, event: str) -> dict[str, Any]:
        deadline = time.monotonic() + self.timeout
        while True:
            for message in self.events:
                if message["method"] == event:
                    return message
            message = self._message(deadline)
            if "method" in message:
                self.events.append(message)

    def evaluate(self, expression: str) -> Any:
        result = self.send(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}
        )
        if "exceptionDetails" in result:
            raise CDPError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def close(self) -> None:
        with contextlib.suppress(CDPError, TimeoutError, OSError):
            self.send("Browser.close", session=False)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            if os.waitpid(self.pid, os.WNOHANG) != (0, 0):
                break
            time.sleep(0.05)
        else:
            os.killpg(self.pid, signal.SIGKILL)  # the group of the browser we started
            os.waitpid(self.pid, 0)
        os.close(self._read)
        os.close(self._write)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    binary = chromium_binary()
    if binary is None:
        reason = "Chromium not installed (Debian: apt-get install chromium; `make test` does it as root)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}: scripts/system-deps should have installed it in CI")
        pytest.skip(reason)
    where = tmp_path_factory.mktemp("chromium")
    chromium = Chromium(binary, where / "profile", where / "chromium.log")
    try:
        yield chromium
    finally:
        chromium.close()


_PAGE_CHECK = """(() => {
  const images = [...document.images].map(i => ({
    src: i.getAttribute('src'), ok: i.complete && i.naturalWidth > 0,
    natural: [i.naturalWidth, i.naturalHeight],
    box: [i.getBoundingClientRect().width, i.getBoundingClientRect().height],
    mm: i.dataset.mm || null, fit: i.closest('figure') ? i.closest('figure').className : null}));
  const links = [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'));
  const r = document.querySelector('svg.ruler').getBoundingClientRect();
  return {images, links, ruler: [r.width, r.height], title: document.title,
          width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight};
})()"""


def _errors(events: list[dict[str, Any]]) -> list[str]:
    found = []
    for event in events:
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.exceptionThrown":
            found.append(f"exception: {params['exceptionDetails'].get('text')}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert", "warning"):
            found.append(f"console.{params['type']}: {params.get('args')}")
        elif method == "Log.entryAdded" and params["entry"]["level"] in ("error", "warning"):
            found.append(f"log: {params['entry'].get('text')} {params['entry'].get('url', '')}")
        elif method == "Network.loadingFailed":
            found.append(f"load failed: {params.get('errorText')}")
    return found


def load(browser: Chromium, page: Path) -> dict[str, Any]:
    browser.events.clear()
    for domain in ("Page", "Runtime", "Log", "Network"):
        browser.send(f"{domain}.enable")
    browser.send("Emulation.setEmulatedMedia", {"media": "screen"})
    browser.send(
        "Emulation.setDeviceMetricsOverride",
        {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False},
    )
    browser.send("Page.navigate", {"url": page.as_uri()})
    browser.wait_for("Page.loadEventFired")
    result: dict[str, Any] = browser.evaluate(_PAGE_CHECK)
    return result


def screenshot(browser: Chromium, path: Path, full: bool = True) -> None:
    params: dict[str, Any] = {"format": "png"}
    if full:
        size = browser.send("Page.getLayoutMetrics")["cssContentSize"]
        params.update(
            captureBeyondViewport=True,
            clip={"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1},
        )
    path.write_bytes(base64.b64decode(browser.send("Page.captureScreenshot", params)["data"]))


def print_pdf(browser: Chromium, path: Path) -> None:
    """Print as a person would: A4, the page's own margins, scale 100 %, no media emulated."""
    browser.send("Emulation.setEmulatedMedia", {"media": ""})
    params = {"paperWidth": 210 / 25.4, "paperHeight": 297 / 25.4, "printBackground": False, "scale": 1}
    path.write_bytes(base64.b64decode(browser.send("Page.printToPDF", params)["data"]))


def test_gallery_in_headless_chromium(browser: Chromium, built: Path, tmp_path: Path) -> None:
    page = built / GALLERY
    facts = load(browser, page)

    # No console error or warning, no failed load, while loading.
    assert _errors(browser.events) == []
    assert facts["title"].startswith("boardgen")

    # Every image decodes; every link is a file of the build (or an anchor of the page).
    assert len(facts["images"]) >= 6 * 4
    bad = [i["src"] for i in facts["images"] if not i["ok"]]
    assert bad == [], f"images that did not load: {bad}"
    ids = set(re.findall(r'<section class="game" id="([^"]+)"', page.read_text()))
    for href in facts["links"]:
        if href.startswith("#"):
            assert href[1:] in ids
        else:
            assert not urlsplit(href).scheme and not href.startswith("/")
            assert (built / unquote(href)).is_file(), href
    assert facts["width"] <= 1280  # no sideways scrolling

    # A screenshot, not blank.
    from PIL import Image, ImageStat

    shot = tmp_path / "gallery.png"
    screenshot(browser, shot)
    with Image.open(shot) as image:
        assert image.format == "PNG" and image.width == 1280 and image.height > 2000
        grey = image.convert("L")
        assert max(ImageStat.Stat(grey).stddev) > 20
        assert len(grey.getcolors(256) or []) > 50

    # Print media: each picture that fits a sheet has its true size in CSS mm.
    browser.send("Emulation.setEmulatedMedia", {"media": "print"})
    printed = browser.evaluate(_PAGE_CHECK)
    assert abs(printed["ruler"][0] - 110 * MM) < 0.5
    true = [i for i in printed["images"] if i["fit"] in ("portrait", "landscape")]
    assert len(true) >= 6 * 3  # every start diagram and every example
    for image in true:
        width, height = (float(x) for x in image["mm"].split())
        assert abs(image["box"][0] - width * MM) < 0.5 and abs(image["box"][1] - height * MM) < 0.5, image

    # Printed for real (A4): measure the link rectangle over each picture in the PDF.
    import pdfplumber

    pdf_path = tmp_path / "gallery.pdf"
    print_pdf(browser, pdf_path)
    measured: dict[str, tuple[float, float]] = {}
    with pdfplumber.open(pdf_path) as pdf:
        assert all(abs(p.width - 210 * PT) < 1 and abs(p.height - 297 * PT) < 1 for p in pdf.pages)
        # The ruler on page 1, drawn as vectors: its 101 ticks span 100 mm.
        first = pdf.pages[0]
        frame = next(r for r in first.rects if abs(r["width"] / PT - 109.7) < 0.5)
        ticks = sorted(
            line["x0"]
            for line in first.lines
            if line["x0"] == line["x1"]
            and frame["x0"] < line["x0"] < frame["x1"]
            and frame["top"] - 1 <= line["top"] <= frame["bottom"]
        )
        assert len(ticks) == 101
        assert abs((ticks[-1] - ticks[0]) / PT - 100) < 0.1
        for pdf_page in pdf.pages:
            for link in pdf_page.hyperlinks:
                uri = unquote(link.get("uri") or "")
                if uri.endswith(".svg"):
                    name = uri.split(str(built), 1)[-1].lstrip("/")
                    size = ((link["x1"] - link["x0"]) / PT, (link["bottom"] - link["top"]) / PT)
                    if size[0] * size[1] > measured.get(name, (0, 0))[0] * measured.get(name, (0, 0))[1]:
                        measured[name] = size
    for image in printed["images"]:
        width, height = (float(x) for x in image["mm"].split())
        got = measured[image["src"]]
        if image["fit"] in ("portrait", "landscape"):
            assert abs(got[0] - width) < 0.3 and abs(got[1] - height) < 0.3, (image["src"], got)
        else:
            assert got[0] <= PRINT_BOX[0] + 0.3 and got[1] <= 110 + 0.3, (image["src"], got)
