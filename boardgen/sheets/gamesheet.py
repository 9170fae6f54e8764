"""The game sheet: a recorded game as a printable PDF, in the chosen language.

The title names the players, a small table gives the event, place, date, round and
result, then the moves run down the page in rows: each row's moves (numbers in
bold, comments in italics, variations in grey) beside the diagram of the position
they reach, with the last move tinted. A row ends every ``every`` moves and at each
comment, so the diagrams fall where a reader wants to look. The words come from the
text catalogue (``game_sheet.*``); the pages are laid out by platypus, like the rule
sheets, with the same fonts, footer and deterministic output.
"""

from __future__ import annotations

__all__ = [
    "NAG_SYMBOLS",
    "diagram_width",
    "nag_text",
    "printed",
    "render_game_sheet",
    "segments",
    "stone_numbers",
]

import io
from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

from reportlab.platypus import (  # type: ignore[import-untyped,unused-ignore]
    KeepTogether,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import LayoutError  # type: ignore[import-untyped,unused-ignore]

from ..backends.pdf import MM
from ..descriptor.model import Variant
from ..draw.diagrams import scene
from ..errors import BoardgenError, one_line
from ..foundation import fonts
from ..foundation.fonts import typeface
from ..foundation.paper import Paper
from ..records.record import GameRecord, Ply, Variation
from ..render.diagram import fit_cell_size
from ..texts.catalogue import Catalogue, catalogue
from .flow import FOOTER, MARGIN, MUTED, SceneFlowable, rule_doc, styles, text_frame

#: Width of each row's diagram, in mm.
DIAGRAM_WIDTH = 58.0
#: Smallest distance between neighbouring cells or lines in a diagram, in mm: a board
#: too big for :data:`DIAGRAM_WIDTH` at this size (Go's 19x19, Hex's 11x11) gets a wider
#: diagram, up to :data:`WIDEST_DIAGRAM`.
SMALLEST_CELL = 3.6
WIDEST_DIAGRAM = 90.0


def diagram_width(variant: Variant) -> float:
    """The width (mm) of the sheet's diagrams of ``variant``'s board."""
    cell = fit_cell_size(variant, DIAGRAM_WIDTH)
    if cell >= SMALLEST_CELL:
        return DIAGRAM_WIDTH
    return min(WIDEST_DIAGRAM, round(DIAGRAM_WIDTH * SMALLEST_CELL / cell, 1))


def segments(record: GameRecord, every: int) -> list[tuple[Ply, ...]]:
    """The plies cut into rows: a row ends after each ``every`` moves (2 x ``every``
    plies from the start of the game where moves are numbered in pairs, ``every``
    plies where each is numbered), at each ply with a comment, and at the end."""
    plies = every * (2 if record.numbered_in_pairs else 1)
    rows: list[tuple[Ply, ...]] = []
    current: list[Ply] = []
    for ply in record.plies:
        current.append(ply)
        if ply.comment or ply.index % plies == 0:
            rows.append(tuple(current))
            current = []
    if current:
        rows.append(tuple(current))
    return rows


#: The NAGs with a symbol of their own (PGN's and PDN's first six); others print as written.
NAG_SYMBOLS = {"$1": "!", "$2": "?", "$3": "!!", "$4": "??", "$5": "!?", "$6": "?!"}


def nag_text(nag: str) -> str:
    """A NAG as printed after its move: ``$1`` as ``!``, ``$14`` as `` $14``."""
    if not nag.startswith("$"):
        return nag
    return NAG_SYMBOLS.get(nag, f" {nag}")


def _moves_text(record: GameRecord, plies: tuple[Ply, ...]) -> str:
    """The row's moves as platypus markup."""
    return _line_markup(record, plies)


def _line_markup(record: GameRecord, plies: tuple[Ply, ...]) -> str:
    """Plies as platypus markup: move numbers in bold (``12...`` where a line opens on
    the second move of a pair), NAGs as symbols, comments in italics after their move,
    and each side line after the move it replaces (and its comment), in grey and in
    brackets, written the same way (a side line inside a side line likewise)."""
    parts: list[str] = []
    for ply in plies:
        # A number before the move of the player who opens each numbered pair (every
        # move, in a record numbered move by move).
        if ply.before.turn == record.game.start.turn or not record.numbered_in_pairs:
            parts.append(f"<b>{ply.number}.</b>")
        elif ply is plies[0]:
            parts.append(f"<b>{ply.number}...</b>")
        parts.append(escape(ply.written + "".join(nag_text(n) for n in ply.nags)))
        if ply.comment:
            parts.append(f"<i>{escape(ply.comment)}</i>")
        if ply.lines:
            parts.extend(_side_line(record, line) for line in ply.lines)
        else:  # a record built without its side lines played: their text as written
            parts.extend(f'<font color="{MUTED}">({escape(text)})</font>' for text in ply.variations)
    return " ".join(parts)


def _side_line(record: GameRecord, line: Variation) -> str:
    opening = f"<i>{escape(line.comment)}</i> " if line.comment else ""
    return f'<font color="{MUTED}">({opening}{_line_markup(record, line.plies)})</font>'


def _label(record: GameRecord, ply: Ply) -> str:
    second = record.numbered_in_pairs and ply.before.turn != record.game.start.turn
    return f"{ply.number}.{'..' if second else ''} {ply.written}"


def stone_numbers(record: GameRecord, row: tuple[Ply, ...]) -> dict[str | int, str]:
    """The number of each move of ``row`` whose stone still stands at the row's end, by
    its cell (a later move on the same cell wins): a diagram's stones numbered as Go
    books print a game. None in a record numbered in pairs, whose moves place nothing."""
    if record.numbered_in_pairs or not row:
        return {}
    standing = row[-1].after.pieces()
    numbers: dict[str | int, str] = {cell: str(ply.number) for ply in row for cell in ply.move.placed}
    return {cell: number for cell, number in numbers.items() if cell in standing}


def _diagram(
    record: GameRecord,
    row: tuple[Ply, ...],
    cell_size: float,
    words: Catalogue,
    drawing: Mapping[str, Any] | None = None,
    lang: str = "en",
) -> Any:
    ply = row[-1] if row else None
    position = ply.after if ply is not None else record.start
    labels = stone_numbers(record, row)
    drawn = scene(
        position,
        lastmove=ply.move if ply else None,
        cell_size=cell_size,
        labels=labels,
        lang=lang,
        **(drawing or {}),
    )
    caption = (
        words.text("game_sheet.after", move=_label(record, ply)) if ply else words.text("game_sheet.start")
    )
    return [SceneFlowable(drawn), Paragraph(escape(caption), styles().small)]


def printed(value: str) -> str:
    """A tag value of the record as the sheet prints it: control characters written as
    escapes (``\\x1b``), and straight quotation marks that do not pair made closing
    ones, since the sheet's typesetting pairs them (an odd one stopped the sheet)."""
    value = one_line(value)
    return value.replace('"', "\u201d") if value.count('"') % 2 else value


def _shown(tag: str, value: str) -> str:
    """A tag's value as printed: unknown parts (``?``, ``1992.??.??``) left out."""
    if tag == "Date":
        value = ".".join(part for part in value.split(".") if part.strip("?"))
    return "" if not value.strip("? ") else value.strip()


def _tags(record: GameRecord, words: Catalogue) -> Any:
    st = styles()
    rows = []
    keys = (
        ("Event", "event"), ("Site", "site"), ("Date", "date"), ("Round", "round"),
        ("Rules", "rules"), ("Komi", "komi"), ("Handicap", "handicap"), ("Result", "result"),
    )  # fmt: skip
    for tag, key in keys:
        value = (
            record.result.replace("1/2", "\u00bd")
            if tag == "Result"
            else _shown(tag, printed(record.tags.get(tag, "")))
        )
        if value:
            label = Paragraph(f"<b>{escape(words.text(f'game_sheet.{key}'))}</b>", st.body)
            rows.append([label, Paragraph(escape(value), st.body)])
    table = Table(rows, colWidths=[30 * MM, None], hAlign="LEFT")
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    return table


def render_game_sheet(
    record: GameRecord,
    *,
    lang: str = "en",
    paper: Paper,
    every: int = 10,
    drawing: Mapping[str, Any] | None = None,
) -> bytes:
    """The game sheet of ``record`` as PDF bytes; a diagram every ``every`` moves, in
    the game's faces, drawn with the diagram options ``drawing`` (flipped, coordinates,
    colours)."""
    with typeface(record.game.variant.print.fonts):
        return _game_sheet(record, lang=lang, paper=paper, every=every, drawing=drawing or {})


def _game_sheet(
    record: GameRecord, *, lang: str, paper: Paper, every: int, drawing: Mapping[str, Any]
) -> bytes:
    words = catalogue(lang)
    st = styles()
    variant = record.game.variant
    first, second = (printed(record.player(p.id)) for p in variant.players)
    names = {p.id: variant.text(p.name, lang) for p in variant.players}
    title = words.text("game_sheet.versus", first=first, second=second)
    out = io.BytesIO()
    doc = rule_doc(
        out,
        paper,
        title=f"{title} \u2013 {words.text('game_sheet.title')}",
        lang=lang,
        subject=words.text("game_sheet.subject", title=variant.text(variant.title, lang)),
    )

    def footer(canvas: Any, document: Any) -> None:
        width, _ = canvas._pagesize
        canvas.saveState()
        canvas.setFillColorRGB(0.35, 0.35, 0.35)
        canvas.setFont(fonts.font_name(), 8)
        canvas.drawString(MARGIN * MM, FOOTER * MM, f"{title} \u2013 {words.text('game_sheet.title')}")
        canvas.drawRightString(width - MARGIN * MM, FOOTER * MM, words.text("words.page", n=document.page))
        canvas.restoreState()

    doc.addPageTemplates([PageTemplate(id="game", frames=[text_frame(doc)], onPage=footer)])
    moves = (len(record.plies) + 1) // 2 if record.numbered_in_pairs else len(record.plies)
    named = [
        words.text("game_sheet.side", side=names[p.id], player=printed(record.player(p.id)))
        for p in variant.players
        if names[p.id] != record.player(p.id)
    ]
    game_title = variant.text(variant.title, lang)
    length = words.count("game_sheet.moves", moves)
    story: list[Any] = [
        Paragraph(escape(title), st.title),
        Paragraph(
            escape(" \u00b7 ".join([game_title, length, *named])),
            st.intro,
        ),
        Spacer(1, 3 * MM),
        _tags(record, words),
        Spacer(1, 3 * MM),
    ]
    if record.comment:
        story.append(Paragraph(f"<i>{escape(record.comment)}</i>", st.body))
    width = diagram_width(variant)
    cell_size = fit_cell_size(variant, width)
    text_width = doc.width - width * MM - 6 * MM
    rows: list[tuple[Any, Any]] = []
    if record.start != record.game.start:
        setup = f"<b>{escape(words.text('game_sheet.start'))}</b>: {escape(record.start.text)}"
        rows.append((Paragraph(setup, st.body), _diagram(record, (), cell_size, words, drawing, lang)))
    for row in segments(record, every):
        diagram = _diagram(record, row, cell_size, words, drawing, lang)
        rows.append((Paragraph(_moves_text(record, row), st.body), diagram))
    for text, diagram in rows:
        table = Table([[text, diagram]], colWidths=[text_width, width * MM + 6 * MM])
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (0, 0), 4 * MM),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.3, "#c8c8c8"),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 3 * MM),
                    ("TOPPADDING", (0, 0), (-1, -1), 3 * MM),
                ]
            )
        )
        story.append(KeepTogether([table]))
    try:
        doc.build(story)
    except LayoutError:  # a cell taller than a page: one line, not a traceback
        raise BoardgenError(
            f"the game sheet cannot be laid out on {paper.name}: a row of moves with its comments and "
            "variations is taller than a page (shorten them, or split the game)",
            file=record.file,
        ) from None
    return out.getvalue()
