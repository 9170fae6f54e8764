"""Draw the README's pictures (docs/img/readme-*.png) with boardgen itself.

    .venv/bin/python scripts/readme_pictures.py            # or: make pictures
    .venv/bin/python scripts/readme_pictures.py --out DIR  # somewhere else (the test does)

GitHub shows the README with committed pictures, so these are files; the documentation
site draws its own while it builds. Each picture is made from boardgen's public API and
its command line, so it shows what users get: ``tests/docs/test_references.py`` draws
them again and fails when a committed one differs (run this script, look, commit).
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2
from PIL import Image

import boardgen

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img"

#: The boards of the first picture: (game, position or None for the start, drawing options).
BOARDS: list[tuple[str, str | None, dict[str, object]]] = [
    ("american-checkers", "W:W27,K30:B23,14", {"move": "27x18x9"}),
    ("kruzno-checkers", None, {}),
    ("catchup", "W:c7,e5:B:a1,d4,f6,h7/W/-", {"move": "d5,e6"}),
    ("go-9", "B:c5,c6,e5,e6,f4,g4:W:c4,d5,d6,d7,e3,e4/B/-/0/0-0/12", {"lastmove": "d7"}),
    ("hex-11", "R:d9,f6,g4,h3:B:c8,d5,e7/B", {}),
    ("chinese-checkers", None, {}),
]

#: The pages of the second picture: a boardgen command (its file is rasterised) and the page.
PAGES: list[tuple[list[str], int]] = [
    (["render", "american-checkers", "--what", "rules", "--lang", "en"], 1),
    (["render", "kruzno-checkers", "--what", "board", "--lang", "fr", "--format", "pdf"], 2),
    (["render", "catchup", "--what", "pieces", "--lang", "de"], 1),
]

GAP = 24
BOARD_WIDTH = 240
PAGE_WIDTH = 300


def _row(pictures: list[Image.Image]) -> Image.Image:
    """The pictures side by side on white, tops aligned, ``GAP`` pixels apart."""
    width = sum(p.width for p in pictures) + GAP * (len(pictures) + 1)
    height = max(p.height for p in pictures) + 2 * GAP
    row = Image.new("RGB", (width, height), "white")
    x = GAP
    for picture in pictures:
        row.paste(picture, (x, GAP + (height - 2 * GAP - picture.height) // 2))
        x += picture.width + GAP
    return row


def _save(image: Image.Image, path: Path) -> None:
    """A small, deterministic PNG: a 128-colour palette, no time or text chunks."""
    image.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        path, optimize=True
    )


def boards() -> Image.Image:
    """A row of diagrams drawn by ``boardgen.png``."""
    pictures = []
    for game_id, text, options in BOARDS:
        game = boardgen.load(game_id)
        position = game.position(text) if text else game.start
        data = boardgen.png(position, size=BOARD_WIDTH, **options)  # type: ignore[arg-type]
        pictures.append(Image.open(io.BytesIO(data)).convert("RGB"))
    return _row(pictures)


def pages() -> Image.Image:
    """A row of printed pages, each a file the command line writes, rasterised by PDFium,
    with a thin grey edge so the white page shows."""
    pictures = []
    with tempfile.TemporaryDirectory() as folder:
        for number, (command, page) in enumerate(PAGES):
            target = Path(folder, f"{number}.pdf")
            environment = {**os.environ, "BOARDGEN_VARIANTS": ""}
            subprocess.run(
                [sys.executable, "-m", "boardgen", *command, "-o", str(target)],
                check=True,
                env=environment,
                stdout=subprocess.DEVNULL,
            )
            document = pypdfium2.PdfDocument(target.read_bytes())
            sheet = document[page - 1]
            image = sheet.render(scale=PAGE_WIDTH / sheet.get_width()).to_pil().convert("RGB")
            document.close()
            framed = Image.new("RGB", (image.width + 2, image.height + 2), "#b0b0b0")
            framed.paste(image, (1, 1))
            pictures.append(framed)
    return _row(pictures)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    _save(boards(), args.out / "readme-boards.png")
    _save(pages(), args.out / "readme-pages.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
