"""What a build works out once and reuses gives the bytes worked out afresh: the PDF
operators of shapes drawn before, text written without reportlab's text object, rule
sheets whose first trial layout is kept, layouts passed between workers, memos kept."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfgen.canvas import Canvas

from boardgen.backends import pdf
from boardgen.backends.pdf import render_pdf
from boardgen.descriptor import load_variant
from boardgen.foundation import fonts
from boardgen.foundation.paper import A4
from boardgen.render import memo
from boardgen.scene.shapes import Circle, Document, Ellipse, Group, Item, Polygon, Rect, Scene, Style, Text
from boardgen.sheets import layouts, rulesheet
from boardgen.sheets.words import sheet_words

_RED = Style(fill="#cc0000", stroke="#000000", stroke_width=0.4)
_DASHED = Style(stroke="#1f6fd1", stroke_width=0.3, dash=(2.0, 1.0))


def _shared() -> Group:
    """Shapes with no words, drawn on several pages from different pens."""
    return Group(
        (
            Rect(10, 10, 20, 20, _RED),
            Polygon(((0, 0), (30, 5), (12, 40)), _DASHED, closed=False),
            Circle(50, 50, 6, _RED),
            Ellipse(70, 40, 9, 4, 25, _DASHED),
            Group((Rect(5, 60, 8, 8, Style(fill="#00aa00")),), dx=3, dy=4, scale=0.5, clip=(0, 0, 40, 40)),
        ),
        dx=15,
        dy=20,
    )


def _document(shared: Group) -> Document:
    pages = (
        Scene(210, 297, (shared, Text(20, 200, "one", 5))),
        Scene(
            210, 297, (Rect(0, 0, 9, 9, Style(fill="#123456", stroke="#654321", stroke_width=1.5)), shared)
        ),
        Scene(210, 297, (Rect(0, 0, 9, 9, Style(fill="#abcdef", opacity=0.5)), shared, Text(5, 5, "two", 4))),
    )
    return Document(pages, title="reuse")


def test_shapes_drawn_before_are_written_as_drawn_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same group on pages whose pen differs before it (a fill, a stroke, transparency),
    drawn again in a second document: the bytes of drawing everything afresh."""
    shared = _shared()
    warm = [render_pdf(_document(shared)) for _ in range(2)]
    fresh = []
    for _ in range(2):
        monkeypatch.setattr(pdf, "_RUNS", pdf._Runs())  # nothing remembered
        fresh.append(render_pdf(_document(_shared())))
    assert warm == fresh
    assert pdf._RUNS.runs, "the group's operators were remembered"


def _text_object_code(canvas: Canvas, item: Text) -> str:
    """What reportlab's text object writes for ``item`` (the painter's former way)."""
    face = item.fonts.face_for(item.text, bold=item.bold, symbols=item.symbols)
    obj = canvas.beginText()
    obj.setTextTransform(1, 0, 0, -1, item.x, item.y)
    obj.setFont(face.name, item.size)
    obj.textOut(item.text)
    return str(obj.getCode())


def test_text_is_written_as_reportlabs_text_object_writes_it() -> None:
    """Every character in a document's first subset and past it (a subset holds 256),
    brackets and backslashes escaped, the subsets named as the text object names them."""
    fonts.register_pdf_fonts()
    many = "".join(chr(c) for c in range(0x20, 0x17F) if chr(c).isprintable())
    texts = [
        Text(10, 20, "(a\\b) é « ü »", 5),
        Text(3.25, 7.5, many, 2.5, bold=True),
        Text(1, 2, many[::-1], 3),
    ]
    ours, theirs = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    painter = pdf._Painter(ours)
    for item in texts:
        start = len(ours._code)
        painter.text(item)
        written = [code for code in ours._code[start:] if code.startswith("BT")]
        assert written == [_text_object_code(theirs, item)]
    assert any("+1 " in code for code in ours._code), "the second subset was reached"


def test_a_rule_sheet_kept_from_its_first_trial_is_the_sheet_set_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The sheet set while its layout is unknown (the first trial kept when it wins) and
    the sheet set once the layout is known are the same bytes, for a sheet that keeps its
    first layout and for ones that do not (three examples a row; smaller diagrams)."""
    for vid, lang in (("american-checkers", "en"), ("variante-dames", "fr"), ("go-9", "fr")):
        variant = load_variant(vid)
        monkeypatch.setattr(memo, "_PER_VARIANT", memo.Memo())
        first = rulesheet.render_rules(variant, lang, A4)
        assert memo.known(variant, ("rule sheet", rulesheet._layout_key(sheet_words(variant, lang), A4)))
        assert rulesheet.render_rules(variant, lang, A4) == first


def test_layouts_are_kept_only_in_a_build_and_handed_over_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(layouts, "_GIVEN", {})
    monkeypatch.setattr(layouts, "_FOUND", [None])
    key = ("chess", "fr", A4, "standard")
    layouts.note(key, (2, 1.0))
    assert layouts.found() == {} and layouts.given(key) is None  # not in a build
    layouts.take({key: (3, 0.9)})
    assert layouts.given(key) == (3, 0.9)
    layouts.note(("go-9", "de", A4, "standard"), (2, 0.8))
    assert layouts.found() == {("go-9", "de", A4, "standard"): (2, 0.8)}
    assert layouts.found() == {}


def test_a_build_keeps_every_game_in_its_memos(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "_LEAST", [0])
    kept = memo.Memo(kept=2)
    owners = [object() for _ in range(5)]
    for owner in owners:
        kept.recall(owner, "k", lambda: 1)
    assert [kept.has(owner, "k") for owner in owners] == [False, False, False, True, True]
    memo.keep_at_least(5)
    for owner in owners:
        kept.recall(owner, "k", lambda: 1)
    assert all(kept.has(owner, "k") for owner in owners)
    assert not kept.has(owners[0], "other")


def _page(items: tuple[Item, ...]) -> bytes:
    return render_pdf(Document((Scene(100, 100, items),)))


def test_font_subsets_made_for_other_documents_change_nothing() -> None:
    """A document embeds the same subset bytes whether its subsets were made for other
    documents before (kept) or not: rendered again after others, it is the same."""
    alone = _page((Text(5, 10, "Zwölf Boxkämpfer", 5),))
    _page((Text(5, 10, "Zwölf", 5), Text(5, 20, "Boxkämpfer jagen Viktor", 4, bold=True)))
    _page((Text(5, 10, "Zwölf Boxkämpfer", 5),))
    assert _page((Text(5, 10, "Zwölf Boxkämpfer", 5),)) == alone


@pytest.mark.parametrize("game", ["american-checkers", "breakthrough", "go-19"])
def test_a_board_is_finished_only_the_way_round_it_is_printed(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Either way round a board's tiles are cut and counted, but only the winner's are
    finished into a plan; its pages are those of comparing both orientations in full."""
    from boardgen.render import pages
    from boardgen.render.pictures import RenderOptions, board_pages_for, scene_for, title_of

    monkeypatch.setattr(pages, "_PLANS", memo.Memo())
    variant = load_variant(game)
    options = RenderOptions(lang="en")
    artwork = scene_for(variant, "board", options)
    printed = board_pages_for(variant, options)
    cuts = {
        turned: pages._PLANS.recall(artwork.items, _room(turned), lambda: None) for turned in (False, True)
    }
    finished = {turned for turned, cut in cuts.items() if cut is not None and cut._plan is not None}
    both = {
        turned: pages.board_pages(artwork, A4, landscape=turned, title=title_of(variant, options))
        for turned in (False, True)
    }
    winner = min((False, True), key=lambda turned: (len(both[turned]), turned))
    assert finished == {winner}
    assert len(printed) > 1
    assert printed == both[winner]


def _room(turned: bool) -> tuple[float, float]:
    from boardgen.render.pages import GUTTER, content_box

    box = content_box(A4.oriented(turned)).inset(GUTTER, GUTTER, GUTTER, GUTTER)
    return (box.width, box.height)


def test_a_paragraph_is_parsed_once_and_each_gets_its_own_fragments(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule sheets' paragraphs are made again and again (trial layouts, booklets): the
    markup is parsed once, and each paragraph gets copies of its fragments, which lay
    out as a paragraph parsed afresh."""
    from xml.sax.saxutils import escape

    from reportlab.platypus import paraparser

    from boardgen.sheets import flow

    monkeypatch.setattr(flow, "_PARSED", {})
    parsed = []
    parse = paraparser.ParaParser.parse

    def counted(self: object, *args: object, **kwargs: object) -> object:
        parsed.append(args[0])
        return parse(self, *args, **kwargs)

    monkeypatch.setattr(paraparser.ParaParser, "parse", counted)
    text = "Men move <one> square forward & capture by jumping; a man reaching the far row is crowned king"
    style = flow.styles().body
    first, second = flow.para(text, style), flow.para(text, style)
    assert len(parsed) == 1
    fresh = flow.SheetParagraph(escape(flow.glued(text)), style)
    assert not {id(f) for f in first.frags} & {id(f) for f in second.frags}
    assert [f.__dict__ for f in second.frags] == [f.__dict__ for f in fresh.frags]
    assert (second.text, second.style, second.bulletText) == (fresh.text, fresh.style, fresh.bulletText)
    assert second.wrap(120, 1000) == fresh.wrap(120, 1000)
    assert _lines(second) == _lines(fresh)


def _lines(paragraph: object) -> list[str]:
    """A wrapped paragraph's lines as text (simple lines are tuples, styled ones frag lines)."""
    lines = paragraph.blPara.lines  # type: ignore[attr-defined]
    return [
        " ".join(line[1]) if isinstance(line, tuple) else "".join(w.text for w in line.words)
        for line in lines
    ]


def test_subset_widths_and_maps_are_written_once_as_reportlab_writes_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each font subset's widths array is formatted, and its ToUnicode map compressed,
    once per process: a page rendered again formats no widths, and its bytes are those
    of reportlab's own font class."""
    from reportlab.pdfbase import pdfdoc
    from reportlab.pdfbase.pdfmetrics import getFont
    from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

    items = (Text(5, 10, "Zwölf Boxkämpfer", 5), Text(5, 20, "jagen Viktor", 4, bold=True))
    kept = _page(items)
    formatted = []
    array_format = pdfdoc.PDFArray.format

    def counted(self: object, document: object, IND: bytes = b"\n ") -> bytes:
        formatted.append(len(self.sequence))  # type: ignore[attr-defined]
        return array_format(self, document, IND)

    monkeypatch.setattr(pdfdoc.PDFArray, "format", counted)
    assert _page(items) == kept
    assert not [n for n in formatted if n > 8]  # widths arrays: one number per glyph of the subset
    fonts.register_pdf_fonts()
    for face in fonts.current_fonts().faces:
        font = getFont(face.name)
        monkeypatch.setattr(font, "__class__", TTFont)
        monkeypatch.setattr(font.face, "__class__", TTFontFace)
    assert _page(items) == kept
