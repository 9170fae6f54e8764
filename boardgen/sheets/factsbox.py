"""The "Game facts" box at the end of a rule sheet (``sheet: facts: true``).

The engine plays the game against itself (:func:`boardgen.model.facts.game_facts`, seed
:data:`FACTS_SEED`) and the box gives, for random and for greedy play, the first
player's win rate with its 95 % Wilson interval, draws, games left unfinished, the
average and longest length and the moves to choose from, in the sheet's language. The
work is bounded by a number of games and of plies, never by time, so every build
prints the same figures; they are computed once per game and shared by its sheets in
every language and by the booklets.
"""

from __future__ import annotations

__all__ = ["FACTS_GAMES", "FACTS_PLIES", "FACTS_SEED", "facts_box"]

from typing import Any

from reportlab.lib.enums import TA_LEFT, TA_RIGHT  # type: ignore[import-untyped,unused-ignore]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped,unused-ignore]
from reportlab.platypus import KeepTogether, Spacer, Table, TableStyle  # type: ignore[import-untyped,unused-ignore]

from ..backends.pdf import MM
from ..foundation import fonts
from ..model.facts import GameFacts, game_facts
from ..texts.compose import RuleSheet
from .diagrams import drawn
from .flow import GUTTER, TINT, para, styles


def _thousands(sheet: RuleSheet) -> str:
    """Thousands are grouped with a comma where the decimal mark is a point, else with a
    no-break space (French, German); the font has no thin space."""
    return "\u00a0" if sheet.words.text("meta.decimal") == "," else ","


def _whole(sheet: RuleSheet, value: int) -> str:
    return f"{value:,}".replace(",", _thousands(sheet))


#: The "Game facts" box's self-play: games, seed, and a bound on the plies played in all
#: (a bound on work that gives the same figures every time, unlike a time limit).
FACTS_GAMES = 400
FACTS_SEED = 0
FACTS_PLIES = 20_000


def _number(sheet: RuleSheet, value: float, digits: int = 1) -> str:
    text = f"{value:,.{digits}f}".replace(",", "\x00").replace(".", sheet.words.text("meta.decimal"))
    return text.replace("\x00", _thousands(sheet))


def _facts_rows(sheet: RuleSheet, facts: GameFacts) -> list[list[str]]:
    c = sheet.words

    def percent(rate: float) -> str:
        return c.text("facts.percent", value=_number(sheet, 100 * rate, 0))

    player = sheet.variant.text(sheet.variant.player(facts.first).name, sheet.lang)
    policies = facts.policies
    rows = [
        ["", c.text("facts.random"), c.text("facts.greedy")],
        [
            c.text("facts.first_wins", player=player),
            *(
                c.text(
                    "facts.interval",
                    value=percent(p.first_win_rate),
                    low=percent(p.first_win_interval[0]),
                    high=percent(p.first_win_interval[1]),
                )
                for p in policies
            ),
        ],
        [c.text("facts.draws"), *(percent(p.draw_rate) for p in policies)],
    ]
    if any(p.unfinished for p in policies):
        label = c.text("facts.unfinished", plies=facts.max_plies)
        rows.append([label, *(percent(p.unfinished / max(p.games, 1)) for p in policies)])
    rows += [
        [c.text("facts.length"), *(_number(sheet, p.mean_length) for p in policies)],
        [c.text("facts.longest"), *(_whole(sheet, p.longest) for p in policies)],
        [c.text("facts.choices"), *(_number(sheet, p.branching) for p in policies)],
    ]
    return rows


def facts_box(sheet: RuleSheet, width: float) -> Any:
    """The "Game facts" box (``sheet: facts: true``): what self-play says of the game's
    balance, from :func:`boardgen.model.facts.game_facts`, the same on every build."""
    if not sheet.variant.sheet_facts:
        return Spacer(1, 0)
    variant = sheet.variant
    facts: GameFacts = drawn(
        variant,
        ("facts", FACTS_GAMES, FACTS_SEED, FACTS_PLIES),
        lambda: game_facts(variant, FACTS_GAMES, seed=FACTS_SEED, ply_budget=FACTS_PLIES),
    )
    st = styles()
    c = sheet.words
    label = ParagraphStyle("facts_label", parent=st.small_body, spaceAfter=0)
    figure = ParagraphStyle("facts_figure", parent=label, alignment=TA_RIGHT)
    rows = _facts_rows(sheet, facts)
    cells = [[para(row[0], label), *(para(text, figure) for text in row[1:])] for row in rows]
    pad = GUTTER * MM / 2
    inner = width - 2 * pad
    figures = Table(cells, colWidths=[inner * 0.44, inner * 0.28, inner * 0.28])
    figures.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), fonts.font_name()),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, 0), 0.5, "#8a8a8a"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    cell = [
        para(c.text("facts.title"), st.subheading),
        para(
            c.text("facts.intro", games=_whole(sheet, facts.played), seed=facts.seed),
            st.small_body,
        ),
        Spacer(1, 3),
        figures,
        Spacer(1, 3),
        para(c.text("facts.note"), ParagraphStyle("facts_note", parent=st.small, alignment=TA_LEFT)),
    ]
    table = Table([[cell]], colWidths=[width])
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), fonts.font_name()),
                ("BACKGROUND", (0, 0), (-1, -1), TINT),
                ("LEFTPADDING", (0, 0), (-1, -1), pad),
                ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return KeepTogether([Spacer(1, 8), table])
