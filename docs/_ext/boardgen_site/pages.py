"""``boardgen-page``: a file the ``boardgen`` command makes, shown as a picture.

The diagrams of the site are drawn by boardgen's own directive (``{boardgen}``); the
printed pages (a rule sheet, a tile of a board, a pieces sheet, a booklet's cover, a
laser cutter's file) are files, not diagrams. This directive runs the command line the
page gives, exactly as a user would type it after ``boardgen``, and shows the file it
writes: a PDF's page rasterised by pypdfium2 (boardgen's own PNG path), an SVG as it is.

    ```{boardgen-page} render catchup --what rules --lang fr
    :page: 1
    :width: 520
    :caption: The first page of Catchup's French rule sheet.
    ```

``:hairlines: N`` draws an SVG's 0.01 mm hairlines N tenths of a millimetre wide, so a
laser file can be seen on a screen.

The file is made once per command line and kept beside the doctrees, so a page edited
later does not run the command again.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pypdfium2
from docutils import nodes
from docutils.parsers.rst import directives
from PIL import Image
from sphinx.util.docutils import SphinxDirective

#: The suffix of the file a command writes, by the value of its ``--format`` (PDF unless told).
SUFFIXES = {"pdf": ".pdf", "svg": ".svg", "laser": ".svg", "png": ".png"}


def _made(command: list[str], folder: Path, cwd: Path) -> Path:
    """The file ``boardgen COMMAND -o FILE`` writes, run in ``cwd`` (the checkout, where
    the docs' commands are typed), made once per command line."""
    suffix = ".pdf"
    if "--format" in command:
        suffix = SUFFIXES[command[command.index("--format") + 1]]
    digest = hashlib.sha256("\0".join(command).encode()).hexdigest()[:20]
    target = folder / f"{digest}{suffix}"
    if not target.exists():
        folder.mkdir(parents=True, exist_ok=True)
        environment = {**os.environ, "BOARDGEN_VARIANTS": ""}
        done = subprocess.run(
            [sys.executable, "-m", "boardgen", *command, "-o", str(target)],
            capture_output=True,
            text=True,
            env=environment,
            cwd=cwd,
            check=False,
        )
        if done.returncode != 0:
            raise ValueError(f"boardgen {shlex.join(command)}: {done.stderr.strip()}")
    return target


def _picture(made: Path, page: int, width: int, hairlines: float | None = None) -> Path:
    """``made`` as a picture: a PDF's page as PNG, ``width`` pixels wide (shown half
    that wide: sharp on a high-density screen, and a click opens it larger); an SVG as it
    is, or with its hairlines (a laser's 0.01 mm strokes, too thin to see on a screen)
    drawn ``hairlines`` mm wide."""
    if made.suffix == ".svg" and hairlines:
        target = made.with_name(f"{made.stem}-hairlines-{hairlines:g}.svg")
        text = made.read_text(encoding="utf-8")
        target.write_text(
            text.replace('stroke-width="0.01"', f'stroke-width="{hairlines:g}"'), encoding="utf-8"
        )
        return target
    if made.suffix != ".pdf":
        return made
    target = made.with_name(f"{made.stem}-{page}-{width}.png")
    if not target.exists():
        document = pypdfium2.PdfDocument(made.read_bytes())
        try:
            if not 1 <= page <= len(document):
                raise ValueError(f"page {page}: the file has {len(document)} page(s)")
            sheet = document[page - 1]
            image = sheet.render(scale=width / sheet.get_width()).to_pil().convert("RGB")
            # a 128-colour palette: a page of text and diagrams loses nothing seen, and
            # weighs a third of the full-colour file
            image = image.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
            image.save(target, optimize=True)
        finally:
            document.close()
    return target


class BoardgenPage(SphinxDirective):
    """A page or file the command line makes (see the module's text)."""

    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {  # noqa: RUF012 - docutils' form
        "page": directives.positive_int,
        "width": directives.positive_int,
        "caption": directives.unchanged,
        "alt": directives.unchanged,
        "name": directives.unchanged,
        "hairlines": directives.positive_int,
    }

    def run(self) -> list[nodes.Node]:
        command = shlex.split(self.arguments[0])
        folder = Path(self.env.app.doctreedir) / "boardgen-pages"
        width = self.options.get("width", 480)
        try:
            made = _made(command, folder, Path(self.env.srcdir).parent)
            hairlines = self.options.get("hairlines")
            picture = _picture(
                made, self.options.get("page", 1), 2 * width, hairlines / 10 if hairlines else None
            )
        except ValueError as error:
            return [self.state.document.reporter.warning(str(error), line=self.lineno)]
        uri = "/" + os.path.relpath(picture, self.env.srcdir)
        image = nodes.image(uri=uri, alt=self.options.get("alt", f"boardgen {shlex.join(command)}"))
        image["width"] = f"{width}px"
        figure = nodes.figure("", image, classes=["boardgen-page"])
        caption = self.options.get("caption")
        if caption:
            parsed, messages = self.parse_inline(caption, lineno=self.lineno)
            figure += nodes.caption(caption, "", *parsed)
            figure += messages
        self.add_name(figure)
        self.set_source_info(figure)
        return [figure]
