"""Text that fits its page: what ``tests/sheets/test_textfit.py`` checks on a built PDF (pdfplumber).

For every page: no glyph outside the page's margins, no two words of different lines
overlapping. For rule sheets and booklets, every example caption ("Example 3.",
"Exemple 3.", "Beispiel 3.") is on the page of its diagram, just under it or beside
it, examples come in order (each game's numbering from 1 on), and a caption that names
squares by number has a diagram that shows at least one of them.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfplumber

MM = 72 / 25.4
MARGIN_MM = 10.0
_TOLERANCE_MM = 0.4
_CAPTION = re.compile(r"^(Example|Exemple|Beispiel)$")
_NUMBER = re.compile(r"^(\d+)\.$")


@dataclass(frozen=True)
class Word:
    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    size: float


def _words(page: Any) -> list[Word]:
    found = page.extract_words(keep_blank_chars=False, use_text_flow=True, extra_attrs=["size"])
    return [Word(w["text"], w["x0"], w["x1"], w["top"], w["bottom"], w["size"]) for w in found]


def _overlap(a: Word, b: Word) -> bool:
    """Whether two words' glyphs meet: their boxes, less the room kept for accents and
    descenders (the middle 60 % of the line height), share an area."""
    pad_a, pad_b = 0.2 * (a.bottom - a.top), 0.2 * (b.bottom - b.top)
    return (
        min(a.x1, b.x1) - max(a.x0, b.x0) > 0.3
        and min(a.bottom - pad_a, b.bottom - pad_b) - max(a.top + pad_a, b.top + pad_b) > 0.3
    )


def _blocks(page: Any) -> list[tuple[float, float, float, float]]:
    """The page's drawings (boards, diagrams) as boxes: filled rectangles and curves
    merged where they touch."""
    shapes = [
        (s["x0"], s["top"], s["x1"], s["bottom"])
        for s in (*page.rects, *page.curves)
        if s.get("fill") and s["x1"] - s["x0"] < 60 * MM and s["bottom"] - s["top"] < 60 * MM
    ]
    shapes.sort()
    merged: list[list[float]] = []
    for x0, y0, x1, y1 in shapes:
        for box in merged:
            if x0 <= box[2] + 2 and x1 >= box[0] - 2 and y0 <= box[3] + 2 and y1 >= box[1] - 2:
                box[0], box[1], box[2], box[3] = (
                    min(box[0], x0),
                    min(box[1], y0),
                    max(box[2], x1),
                    max(box[3], y1),
                )
                break
        else:
            merged.append([x0, y0, x1, y1])
    changed = True
    while changed:  # merge boxes that came to touch
        changed = False
        for i in range(len(merged)):
            for j in range(i + 1, len(merged)):
                a, b = merged[i], merged[j]
                if a[0] <= b[2] + 2 and a[2] >= b[0] - 2 and a[1] <= b[3] + 2 and a[3] >= b[1] - 2:
                    merged[i] = [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
                    del merged[j]
                    changed = True
                    break
            if changed:
                break
    return [(a, b, c, d) for a, b, c, d in merged if (c - a) > 15 * MM and (d - b) > 15 * MM]


@dataclass
class Report:
    """Defects found, one line each, and what was looked at."""

    pages: int = 0
    off_page: int = 0
    overlapping: int = 0
    examples: int = 0
    defects: list[str] | None = None

    def add(self, text: str) -> None:
        if self.defects is None:
            self.defects = []
        self.defects.append(text)


_FOOTER = re.compile(r"^(Page|Seite)$")


def _views(pdf: Any, fold: bool) -> list[tuple[int, str, Any]]:
    """The pages to check, in reading order: a fold sheet's two halves are pages of their
    own (ordered by their page numbers, the sheet's order being the imposition's)."""
    if not fold:
        return [(n, f"p{n}", page) for n, page in enumerate(pdf.pages, start=1)]
    found = []
    for n, page in enumerate(pdf.pages, start=1):
        half = page.width / 2
        for side, box in (("left", (0, 0, half, page.height)), ("right", (half, 0, page.width, page.height))):
            view = page.crop(box)
            words = view.extract_words()
            labels = [
                int(b["text"])
                for a, b in itertools.pairwise(words)
                if _FOOTER.match(a["text"]) and b["text"].isdigit()
            ]
            found.append((labels[0] if labels else 10_000 + 2 * n, f"p{n} {side}", view))
    return sorted(found, key=lambda v: v[0])


def check_pdf(path: Path, report: Report, *, examples: bool) -> None:
    """Check every page of ``path``; with ``examples``, its example captions too."""
    last = 0
    fold = path.name.endswith("-fold.pdf")
    with pdfplumber.open(path) as pdf:
        for _, name, page in _views(pdf, fold):
            report.pages += 1
            where = f"{path.parent.name}/{path.name} {name}"
            words = _words(page)
            x0, top, x1, bottom = page.bbox
            margin = (MARGIN_MM - _TOLERANCE_MM) * MM
            outside = [
                w
                for w in words
                if w.x0 < x0 + margin
                or w.x1 > x1 - margin
                or w.top < top + margin
                or w.bottom > bottom - margin
            ]
            if outside:
                report.off_page += 1
                report.add(f"{where}: text beyond the margins: {' '.join(w.text for w in outside[:6])!r}")
            words.sort(key=lambda w: (w.top, w.x0))
            clashes = []
            for i, a in enumerate(words):
                for b in words[i + 1 :]:
                    if b.top > a.bottom:
                        break
                    if abs(a.top - b.top) > 0.5 and _overlap(a, b):
                        clashes.append(f"{a.text!r}/{b.text!r}")
            if clashes:
                report.overlapping += 1
                report.add(f"{where}: text lines overlap: {', '.join(clashes[:4])}")
            if examples:
                last = _check_examples(page, words, where, report, last)


def _captions(words: list[Word]) -> list[tuple[int, Word, str]]:
    """Each example caption on the page: its number, its first word, and its text (the
    words below it in its column, up to the first gap of a line)."""
    found = []
    for i, w in enumerate(words):
        if _CAPTION.match(w.text) and i + 1 < len(words):
            nxt = words[i + 1]
            match = _NUMBER.match(nxt.text)
            if match and abs(nxt.top - w.top) < 1:
                found.append((int(match[1]), w, _caption_text(words, w)))
    return found


def _caption_text(words: list[Word], first: Word) -> str:
    """The caption's words: its line and the lines below, in its column, until a gap."""
    column = [w for w in words if w.x0 >= first.x0 - 1 and w.top >= first.top - 1]
    lines: dict[float, list[Word]] = {}
    for w in column:
        lines.setdefault(round(w.top), []).append(w)
    text, bottom = [], first.top
    for top in sorted(lines):
        if top - bottom > 2.2 * first.size:
            break
        line = sorted(lines[top], key=lambda w: w.x0)
        if line[0].x0 > first.x0 + 2 * MM:  # a line of another column only: the caption has ended
            break
        kept = [line[0]]
        for w in line[1:]:  # stop at a gap as wide as a column gutter (a caption beside it)
            if w.x0 - kept[-1].x1 > 3 * MM:
                break
            kept.append(w)
        text += [w.text for w in kept]
        bottom = top
    return " ".join(text)


def _check_examples(page: Any, words: list[Word], where: str, report: Report, last: int) -> int:
    captions = _captions(words)
    if not captions:
        return last
    blocks = _blocks(page)
    for n, first, text in sorted(captions, key=lambda c: (round(c[1].top / 20), c[1].x0)):
        report.examples += 1
        if n not in (last + 1, 1):
            report.add(f"{where}: example {n} after example {last}")
        last = n
        above = [
            b
            for b in blocks
            if -2 <= first.top - b[3] <= 25 * MM and b[0] < first.x1 + 80 * MM and b[2] > first.x0 - 1
        ]
        # Beside: a diagram right of the caption's column, the caption at the end of
        # the text that runs down beside it (a lone example stands by its section's text).
        beside = [
            b for b in blocks if b[0] > first.x0 + 20 * MM and b[1] - 25 * MM <= first.top <= b[3] + 120 * MM
        ]
        nearest_beside = min(beside, key=lambda b: abs(b[1] - first.top)) if beside else None
        diagram = min(above, key=lambda b: first.top - b[3]) if above else nearest_beside
        if diagram is None:
            report.add(f"{where}: example {n}'s caption has no diagram above or beside it on its page")
            continue
        cited = {int(x) for x in re.findall(r"(?<![\w,.])(\d{1,2})(?![\w,.%]|\s*(?:mm|%|x))", text)} - {n}
        if cited:
            shown = {
                int(w.text)
                for w in words
                if w.text.isdigit()
                and diagram[0] - 1 <= w.x0
                and w.x1 <= diagram[2] + 1
                and diagram[1] - 1 <= w.top
                and w.bottom <= diagram[3] + 1
            }
            if not shown & cited:
                report.add(f"{where}: example {n} names squares {sorted(cited)} its diagram does not show")
    return last


def check_sections(path: Path, variant_id: str, lang: str, report: Report) -> None:
    """Every example of a rule sheet stands in its own section: after its section's
    heading and before the next one's; a row shared with an example of the section
    before or after widens that to the section before or after (such a row stands
    between the two sections' texts, see ``boardgen.sheets.rulesheet._plan``)."""
    from boardgen.descriptor import load_variant
    from boardgen.texts.compose import rule_sheet_text
    from boardgen.texts.ruletext import Shown

    sheet = rule_sheet_text(load_variant(variant_id), lang)
    headings: dict[int, tuple[int, float]] = {}
    captions: dict[int, tuple[int, float]] = {}
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages):
            words = sorted(_words(page), key=lambda w: (round(w.top), w.x0))
            for i, w in enumerate(words[:-1]):
                nxt = words[i + 1]
                if abs(nxt.top - w.top) > 1:
                    continue
                if _CAPTION.match(w.text) and _NUMBER.match(nxt.text):
                    captions[int(nxt.text[:-1])] = (number, w.top)
                elif _NUMBER.match(w.text) and w.x0 < 20 * MM:
                    section = int(w.text[:-1])
                    if (
                        0 < section <= len(sheet.sections)
                        and nxt.text == sheet.sections[section - 1].title.split()[0]
                    ):
                        headings.setdefault(section, (number, w.top))
    where = f"{path.parent.name}/{path.name}"
    end = (10_000, 0.0)
    for index, section in enumerate(sheet.sections):
        start = headings.get(section.number)
        if start is None:
            report.add(f"{where}: section heading {section.heading!r} not found")
            continue
        following = [sheet.sections[j].number for j in (index + 1, index + 2) if j < len(sheet.sections)]
        nearest = headings.get(following[0], end) if following else end
        farther = headings.get(following[1], end) if len(following) > 1 else end
        nxt_numbers = {
            b.number
            for b in (sheet.sections[index + 1].blocks if index + 1 < len(sheet.sections) else ())
            if isinstance(b, Shown)
        }
        prev_numbers = {
            b.number for b in (sheet.sections[index - 1].blocks if index else ()) if isinstance(b, Shown)
        }
        before = headings.get(sheet.sections[index - 1].number, start) if index else start
        for block in section.blocks:
            if not isinstance(block, Shown) or block.number not in captions:
                continue
            at = captions[block.number]
            shares_row = any(
                n in captions and captions[n][0] == at[0] and abs(captions[n][1] - at[1]) < 2
                for n in nxt_numbers
            )
            limit = farther if shares_row else nearest
            shares_before = any(
                n in captions and captions[n][0] == at[0] and abs(captions[n][1] - at[1]) < 2
                for n in prev_numbers
            )
            if not ((before if shares_before else start) <= at <= limit):
                report.add(f"{where}: example {block.number} stands outside its section {section.heading!r}")
