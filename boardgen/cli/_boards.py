"""Commands that draw: ``list``, ``render`` and ``build``."""

from __future__ import annotations

import dataclasses
import os
import signal
import sys
from pathlib import Path
from typing import Any

import click

from ..descriptor.library import Library
from ..descriptor.model import Variant
from ..descriptor.printable import MAX_TITLE
from ..descriptor.theme import Theme, apply_theme, load_theme
from ..errors import BoardgenError
from ..foundation.fonts import DEFAULT, FontSet, missing_glyphs
from ..foundation.paper import paper_named
from ..makers import MAKER_FORMATS
from ._app import (
    Finite,
    complete_variant,
    language,
    output_format,
    refuse_unused,
    reports_errors,
    uses_library,
    write_output,
)

#: ``--edition`` of ``render`` and ``build``: the size rule sheets and booklets are set in.
edition_option = click.option(
    "--edition",
    type=click.Choice(["standard", "large-print"]),
    default="standard",
    show_default=True,
    help="large-print sets rule sheets and booklets with body text of at least 14 pt and larger "
    "example diagrams.",
)


class _Folder(click.Path):
    """A folder to write into, named: ``--out ""`` would otherwise become ``.`` and fill
    the current folder."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            self.fail("give a folder name (write . for the current folder)", param, ctx)
        return super().convert(value, param, ctx)


@click.command("list")
@reports_errors
@uses_library
def list_variants(library: Library) -> None:
    """List the games: id, title, board, cell count, languages, and the file of your own ones.

    A descriptor that cannot be read is left out with one line on stderr naming its
    file, line and key, and the exit status is then 2.
    """
    variants, errors = library.load_many(library.select(()))
    for variant in variants:
        where = "" if library.is_builtin(variant.id) else f"  {variant.file}"
        click.echo(
            f"{variant.id:<24} {variant.text(variant.title):<38} {variant.kind_text():<16} "
            f"{variant.grid.size:>5} cells  {' '.join(variant.languages):<8}{where}".rstrip()
        )
    for error in errors:
        click.echo(str(error), err=True)
    if errors:
        sys.exit(2)


@click.command()
@click.argument("variant", shell_complete=complete_variant)
@click.option(
    "--what",
    type=click.Choice(["board", "start", "pieces", "rules"]),
    default="board",
    show_default=True,
    help="The empty board to print, the starting position, the counters (PDF sheet or maker "
    "file), or the rule sheet (PDF).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["svg", "pdf", *MAKER_FORMATS]),
    default=None,
    help="Output format (default: from the file name, else svg). For makers: laser (an SVG with "
    "cut, score and engrave layers), dxf (the same layers for CAD), stl (a tactile board or "
    "3D-printable counters); with --what board or pieces.",
)
@click.option(
    "--cell-size",
    type=Finite(5, 150),
    default=None,
    metavar="MM",
    help="Distance between neighbouring cell centres, in mm.",
)
@click.option(
    "--paper",
    default=None,
    metavar="NAME|WxH",
    help="Paper for PDF output: a4, letter, a3, a2, a1, a0, tabloid, ledger, or WIDTHxHEIGHT in mm "
    "(500x700); default: the descriptor's, else A4.",
)
@click.option(
    "--landscape/--portrait",
    default=None,
    help="Page orientation for PDF output (default: the descriptor's, else whichever needs fewer pages).",
)
@click.option("--coordinates/--no-coordinates", default=None, help="Print cell names around the board.")
@click.option(
    "--lang",
    default="en",
    show_default=True,
    help="Language of the words on the page: rule sheet, board sheets, start diagram "
    "(en, fr, de, ...; any case).",
)
@edition_option
@click.option(
    "--print-shop",
    is_flag=True,
    help="PDF/X-4 for a print shop: CMYK (black text pure K), trim and bleed boxes, crop marks, "
    "an output intent; a board is one page of its own size.",
)
@click.option(
    "--bleed",
    type=Finite(0, 10),
    default=None,
    metavar="MM",
    help="Bleed around the trim for --print-shop, in mm (default 3): the board's background reaches it.",
)
@click.option(
    "--fit-sheets",
    is_flag=True,
    help="For a tiled PDF board: take the largest cell size up to 10 % smaller that prints "
    "it on fewer sheets (without it, render says when one exists).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    required=True,
    help="File to write; - for standard output.",
)
@click.option(
    "--theme",
    "theme_file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="A theme file (YAML): board and piece colours, the booklet's title and cover line.",
)
@reports_errors
@uses_library
def render(
    library: Library,
    variant: str,
    what: str,
    fmt: str | None,
    cell_size: float | None,
    paper: str | None,
    landscape: bool | None,
    coordinates: bool | None,
    lang: str,
    edition: str,
    print_shop: bool,
    bleed: float | None,
    fit_sheets: bool,
    output: Path,
    theme_file: Path | None,
) -> None:
    """Render one board or starting diagram of VARIANT (an id or a YAML file), or its rule sheet.

    Every option given must apply: --cell-size, --coordinates and --landscape mean nothing
    to a rule sheet, and --paper and --landscape nothing to an SVG board; such a
    combination is refused (exit status 2) rather than ignored.
    """
    # Lazy for start-up speed (completion, --help): the commands load what they run.
    from ..outputs.files import RenderOptions
    from ..outputs.files import render as render_output
    from ..outputs.validate import ensure_printable
    from ..render.fewer_pages import sheet_saving_size

    if fmt in MAKER_FORMATS or output.suffix.lower() in (".dxf", ".stl"):
        _render_maker(library, variant, what, fmt, cell_size, (paper, landscape, coordinates), output)
        return
    chosen = output_format(output, fmt, ("svg", "pdf"), "pdf" if what == "rules" else "svg")
    if what == "rules" and chosen != "pdf":
        raise click.UsageError("a rule sheet is a PDF: use a .pdf file name or --format pdf")
    turn = "--landscape" if landscape else "--portrait"
    if what == "rules":
        given = {"--cell-size": cell_size is not None, turn: landscape is not None}
        given["--coordinates" if coordinates else "--no-coordinates"] = coordinates is not None
        refuse_unused(given, "to a rule sheet (--what rules), which lays out its own portrait pages")
    elif chosen == "svg" and (what == "board" or cell_size is not None):
        reason = "to an SVG board: it has no pages" if what == "board" else "to an SVG with --cell-size"
        refuse_unused({"--paper": paper is not None, turn: landscape is not None}, reason)
    lang = language(lang)
    if paper is not None:
        paper_named(paper)  # a bad name is refused before the descriptor is read
    loaded = library.load(variant)
    if theme_file is not None:
        loaded = themed(loaded, load_theme(theme_file))
    ensure_printable(loaded)
    if what == "rules" and lang not in loaded.languages:
        raise click.UsageError(
            f"{loaded.id} has no '{lang}' text, so no '{lang}' rule sheet "
            f"(it has: {', '.join(loaded.languages)})"
        )
    if edition != "standard" and what not in ("rules", "pieces"):
        refuse_unused({"--edition": True}, f"to the {what} (it sets rule sheets and booklets)")
    if (print_shop or bleed is not None) and chosen != "pdf":
        raise click.UsageError("--print-shop and --bleed apply to PDF output")
    if bleed is not None and not print_shop:
        raise click.UsageError("--bleed applies to --print-shop output")
    options = RenderOptions(
        cell_size,
        paper,
        landscape,
        coordinates,
        lang,
        edition=edition,
        print_shop=print_shop,
        bleed=3.0 if bleed is None else bleed,
    )
    if print_shop:
        from ..backends.pdfx import cmyk_profile  # lazy: pikepdf, for --print-shop only

        cmyk_profile()  # refused before anything is drawn when none is installed
    if fit_sheets and (what != "board" or chosen != "pdf"):
        raise click.UsageError("--fit-sheets applies to a PDF board (--what board, a .pdf file)")
    saving = sheet_saving_size(loaded, options) if what == "board" and chosen == "pdf" else None
    if saving is not None and fit_sheets:
        options = dataclasses.replace(options, cell_size=saving.cell_size)
    write_output(output, render_output(loaded, what, chosen, options))  # type: ignore[arg-type]
    if saving is not None:
        size = options.cell_size or loaded.print.cell_size
        if fit_sheets:
            click.echo(
                f"boardgen: note: cells of {saving.cell_size:g} mm: "
                f"{saving.sheets} pages instead of {saving.before}",
                err=True,
            )
        else:
            click.echo(
                f"boardgen: note: --cell-size {saving.cell_size:g} (instead of {size:g}) prints this board "
                f"on {saving.sheets} pages instead of {saving.before}; --fit-sheets takes it",
                err=True,
            )


def _render_maker(
    library: Library,
    variant: str,
    what: str,
    fmt: str | None,
    cell_size: float | None,
    page_options: tuple[str | None, bool | None, bool | None],
    output: Path,
) -> None:
    """``render --format laser|dxf|stl``: a maker file of the board or the counters."""
    suffix = output.suffix.lower().lstrip(".") if str(output) != "-" else ""
    chosen = fmt or suffix
    wanted = MAKER_FORMATS[chosen].lstrip(".")
    if suffix and suffix != wanted:
        raise click.UsageError(f"--format {chosen} writes a .{wanted} file, not {output.name!r}")
    if what not in ("board", "pieces"):
        raise click.UsageError(f"--format {chosen} makes the board or the pieces (--what board|pieces)")
    paper, landscape, coordinates = page_options
    refuse_unused(
        {
            "--paper": paper is not None,
            "--landscape/--portrait": landscape is not None,
            "--coordinates/--no-coordinates": coordinates is not None,
        },
        f"to a {chosen} file, which has no pages and no words",
    )
    if str(output) == "-" and sys.stdout.isatty() and chosen != "laser":
        raise click.UsageError(
            f"refusing to write a {chosen.upper()} to a terminal: redirect it, or use -o FILE"
        )
    from ..makers.files import maker_file  # lazy for start-up speed: maker files draw boards
    from ..outputs.validate import ensure_printable  # lazy for start-up speed, as in render

    loaded = library.load(variant)
    ensure_printable(loaded)  # what render refuses as SVG or PDF, it refuses as a maker file
    write_output(output, maker_file(loaded, what, chosen, cell_size))  # type: ignore[arg-type]


class _Terminated(SystemExit):
    """SIGTERM's exit (status 143), whatever message a library re-raises it with:
    reportlab's layout re-creates exceptions with an annotated text, which would turn a
    plain ``SystemExit(143)`` into exit status 1."""

    def __init__(self, *args: object) -> None:
        super().__init__(128 + signal.SIGTERM)


def _terminate(number: int, frame: object) -> None:
    raise _Terminated


@click.command()
@click.argument("games", nargs=-1, metavar="[ID | FILE | DIR]...", shell_complete=complete_variant)
@click.option(
    "--out",
    "out_dir",
    type=_Folder(file_okay=False, path_type=Path),
    default="output",  # made a Path by the type; written so the docs show it plainly
    show_default=True,
    help="Folder to fill: <id>/ per game (boards, diagrams, pieces, rule sheets), booklets, index.html.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(1, 64),
    default=None,
    help="Worker processes (default: one per processor). The files are the same for any number.",
)
@edition_option
@click.option("--quiet", "-q", is_flag=True, help="Print only errors: no progress bar, no summary.")
@click.option(
    "--print-shop",
    is_flag=True,
    help="Every PDF as PDF/X-4 for a print shop: CMYK, trim and bleed boxes, crop marks, an output intent.",
)
@click.option(
    "--bleed",
    type=Finite(0, 10),
    default=None,
    metavar="MM",
    help="Bleed for --print-shop, in mm (default 3).",
)
@click.option(
    "--theme",
    "theme_file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="A theme file (YAML): board and piece colours, the booklet's title and cover line.",
)
@click.option("--title", default=None, help="The booklets' title, in every language (over the theme's).")
@reports_errors
@uses_library
def build(
    library: Library,
    games: tuple[str, ...],
    out_dir: Path,
    jobs: int | None,
    edition: str,
    quiet: bool,
    print_shop: bool,
    bleed: float | None,
    theme_file: Path | None,
    title: str | None,
) -> None:
    """Render every output of the games given into one folder, with booklets and a gallery.

    GAMES are ids, descriptor files or folders of them; with none, every game: the
    built-in ones and those of --variants and BOARDGEN_VARIANTS. Every broken descriptor
    is named, one line each, and then nothing is written. On a terminal a progress bar
    runs on stderr; piped, only the summary is printed.
    """
    from ..outputs.build import build_all  # lazy: start-up speed, as above
    from ..outputs.validate import colour_warnings  # lazy: start-up speed (the checks)
    from ..texts import languages  # lazy: start-up speed

    if bleed is not None and not print_shop:
        raise click.UsageError("--bleed applies to --print-shop output")
    shop = (3.0 if bleed is None else bleed) if print_shop else None
    theme = load_theme(theme_file) if theme_file is not None else Theme()
    booklet = {"title": dict(theme.title), "cover": dict(theme.cover)}
    if title is not None:
        booklet["title"] = dict.fromkeys(languages(), check_title(title, theme.fonts))
    variants = [themed(v, theme) for v in library.load_all(games)]
    if theme_file is not None:  # the theme's colours meet the greyscale rule, or are noted
        for variant in variants:
            for warning in colour_warnings(variant):
                click.echo(f"boardgen: note: {variant.id}: {warning.detail} (--theme {theme_file})", err=True)
    # A terminated build exits through Python, so files being written are removed
    # rather than left half-written (SIGKILL cannot be caught: the next build cleans up).
    signal.signal(signal.SIGTERM, _terminate)
    if quiet or not sys.stderr.isatty():
        report = build_all(
            out_dir, variants, workers=jobs, edition_name=edition, print_shop=shop, booklet=booklet
        )
    else:
        with click.progressbar(
            length=1, label="building", file=sys.stderr, show_pos=True, show_eta=False
        ) as bar:

            def advance(done: int, total: int, path: Path) -> None:
                bar.length = total
                bar.label = f"building {path.relative_to(out_dir)}"[:48].ljust(48)
                bar.update(1)

            report = build_all(
                out_dir,
                variants,
                workers=jobs,
                progress=advance,
                edition_name=edition,
                print_shop=shop,
                booklet=booklet,
            )
    for notice in report.notices:
        click.echo(f"boardgen: note: {notice}", err=True)
    if not quiet:
        click.echo(report.summary())


def themed(variant: Variant, theme: Theme) -> Variant:
    """``variant`` in the theme's colours and fonts; a character the theme's fonts cannot
    draw is refused at the theme's ``fonts`` key, naming the game."""
    result = apply_theme(variant, theme)
    if theme.fonts is not None:
        from ..outputs.coverage import font_gap  # lazy: start-up speed (it loads the catalogues)

        gap = font_gap(result)
        if gap is not None:
            raise theme.error(("fonts", gap.role), f"{variant.id}: {gap.detail(say_what=True)}")
    return result


def check_title(text: str, fonts: FontSet | None = None) -> str:
    """A booklet title given on the command line, checked as a descriptor's title is
    (in the bold face it is set in: the theme's ``fonts``, else boardgen's)."""

    if not text.strip():
        raise BoardgenError("the title is empty", key="--title")
    if len(text) > MAX_TITLE:
        raise BoardgenError(f"the title is {len(text)} characters long, more than {MAX_TITLE}", key="--title")
    if any(ord(ch) < 32 or 0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        raise BoardgenError("the title has a control character or a lone surrogate", key="--title")
    missing = missing_glyphs(text, bold=True, fonts=fonts or DEFAULT)
    if missing:
        codes = ", ".join(f"U+{ord(ch):04X}" for ch in missing)
        font = "Bitstream Vera" if fonts is None else os.path.basename(fonts.bold.file)
        raise BoardgenError(f"the font ({font}) has no glyph for {codes}", key="--title")
    return text
