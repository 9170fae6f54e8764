"""A rule sheet in words, as values, and the writer a family's composer fills in.

:class:`RuleSheet` is what :func:`boardgen.texts.compose.rule_sheet_text` returns and the
PDF layout sets: numbered :class:`Section` s of :class:`Para` graphs, with the
descriptor's examples (:class:`Shown`) placed where their topic says. A family's
composer writes the sections through a :class:`SheetWriter`, which knows the
catalogue, the game's free texts and the nouns of the board's cells.
"""

from __future__ import annotations

__all__ = [
    "Block",
    "Para",
    "RuleSheet",
    "Section",
    "SheetWriter",
    "Shown",
    "Text",
    "joined",
]

from collections.abc import Sequence
from dataclasses import field

from ..descriptor.model import Example, Variant
from ..errors import BoardgenError
from ..foundation.values import frozen
from ..geometry import HexHexGrid, SquareGrid
from ..rules.base import Engine
from .catalogue import Catalogue, GameTexts, typeset


@frozen
class Para:
    """A paragraph, with an optional run-in title (a special rule's name)."""

    text: str
    lead: str = ""


@frozen
class Shown:
    """An example from the descriptor, numbered, with its caption in the sheet's language."""

    example: Example
    number: int
    label: str
    caption: str


Block = Para | Shown


@frozen
class Section:
    name: str
    number: int
    title: str
    blocks: tuple[Block, ...]

    @property
    def heading(self) -> str:
        return f"{self.number}. {self.title}"


@frozen
class RuleSheet:
    """Everything a rule sheet says, in one language, ready to lay out."""

    lang: str
    variant: Variant
    game: Engine
    words: Catalogue
    title: str
    intro: tuple[str, ...]
    components: tuple[str, ...]
    start_caption: str
    sections: tuple[Section, ...]
    about: tuple[str, ...] = ()
    tips: tuple[str, ...] = ()
    examples: tuple[Shown, ...] = field(default=())
    #: Size of the example diagrams against their usual size, chosen by the page layout
    #: (below 1 only when that saves a nearly empty last page).
    diagram_scale: float = 1.0


class SheetWriter:
    """Collects sections while a family's composer writes them: the texts layer's side
    of :class:`boardgen.rules.family.SheetWriter`, the protocol the families write to."""

    def __init__(self, variant: Variant, c: Catalogue, texts: GameTexts) -> None:
        self.variant = variant
        self.c = c
        self.lang = c.lang
        self.texts = texts
        self.sections: list[tuple[str, str, list[Block]]] = []
        self.special_at: dict[str, tuple[int, int]] = {}  # topic -> (section index, block index)
        grid = variant.grid
        kind = "hexhex" if isinstance(grid, HexHexGrid) else "square"
        self.nouns = {"cell": c.text(f"words.cell.{kind}"), "cells": c.text(f"words.cells.{kind}")}

    def say(self, key: str, **values: object) -> str:
        return self.c.text(key, **self.nouns, **values)

    def piece_name(self, kind_id: str) -> str:
        kind = self.variant.piece_kind(kind_id)
        return kind_id if kind is None else self.variant.text(kind.name, self.lang)

    def count(self, key: str, n: int, **values: object) -> str:
        return self.c.count(key, n, **self.nouns, **values)

    def has(self, key: str) -> bool:
        return self.c.has(key)

    def join(self, items: Sequence[str]) -> str:
        return self.c.join(items)

    def name(self, player_id: str) -> str:
        return self.variant.player(player_id).name[self.c.lang]

    def region(self, key: str) -> dict[str, str]:
        """How sentences name region ``key``: ``{region}``, its name with its article
        ("the lake", "le lac", "der See"; the catalogue's ``words.restricted_region`` when
        the descriptor names it not), and ``{region_<case>}`` in each case the language
        declines ("den See", "dem See"). A name the language cannot decline is refused
        at the descriptor's line."""
        style = self.variant.region_styles.get(key)
        lang = self.c.lang
        if style is None or lang not in style.name:
            return self.c.declined("region", self.c.text("words.restricted_region"), {})
        try:
            return self.c.declined("region", style.name[lang], style.forms.get(lang, {}))
        except ValueError as error:
            raise self.variant.error(("regions", key, "name", lang), str(error)) from None

    def board_setup(self) -> list[str]:
        """How the board lies: the colour of each player's near-right corner and the
        colour played on (square boards; no corner when both colours print alike, as
        Othello's green squares), or which way the hexagons point (hexhex boards with
        sides)."""
        variant = self.variant
        grid = variant.grid
        lines = []
        if isinstance(grid, SquareGrid):
            corner = grid.at(grid.width - 1, 0)
            assert corner is not None
            paint = variant.print.colours
            if paint.get("light") != paint.get("dark"):
                lines.append(self.say(f"setup.near_right.{grid.colour(corner)}"))
            playable = variant.board.playable
            if len(playable) == grid.size:
                lines.append(self.say("setup.playable.all"))
            else:
                colours = {grid.colour(c) for c in playable}
                if len(colours) == 1:
                    lines.append(self.say(f"setup.playable.{colours.pop()}"))
        elif isinstance(grid, HexHexGrid) and variant.players[0].side is not None:
            lines.append(self.say(f"setup.hexhex.{grid.orientation}"))
        return lines

    def section(self, name: str, *paragraphs: Text, title: str | None = None) -> None:
        """A section of ``paragraphs`` (each a text or a list of sentences; empty ones are
        skipped) followed by the game's notes on it, and by a note when the descriptor
        proposes this part itself (``proposals``: the sources leave it open)."""
        notes = self.texts.notes.get(name, ())
        texts = [joined(p) for p in (*paragraphs, *notes)]
        blocks: list[Block] = [Para(t) for t in texts if t]
        note = _proposal_note(name, self.variant.proposals)
        if note:
            blocks.append(Para(self.say(note), lead=self.say("proposals.lead")))
        self.sections.append((name, title or self.c.text(f"sections.{name}"), blocks))

    def special(self, topic: str, title: str, *sentences: str) -> None:
        """A special rule: one paragraph with a run-in title, under "Special rules"."""
        if not self.sections or self.sections[-1][0] != "special":
            self.section("special")
        blocks = self.sections[-1][2]
        self.special_at[topic] = (len(self.sections) - 1, len(blocks))
        blocks.append(Para(joined(sentences), lead=title))

    def finish(
        self, game: Engine, title: str, intro: tuple[str, ...], components: tuple[str, ...]
    ) -> RuleSheet:
        """Number the sections and place the descriptor's examples: after the special
        rule their topic names, else at the end of the section it names."""
        c, variant = self.c, self.variant
        names = [name for name, _, _ in self.sections]
        unknown = sorted(set(self.texts.notes) - set(names))
        if unknown:
            message = f"notes for '{unknown[0]}', not a section of this sheet (sections: {', '.join(names)})"
            if c.lang in variant.sheet:  # the descriptor wrote them: point at its line
                raise variant.error(("sheet", c.lang, "notes", unknown[0]), message)
            raise BoardgenError(message, file=self.texts.file, key=f"notes.{unknown[0]}")
        shown: list[Shown] = []
        after: dict[tuple[int, int], list[Shown]] = {}
        for number, example in enumerate(variant.examples, start=1):
            caption = typeset(example.caption[c.lang], c.typography)
            item = Shown(example, number, c.text("words.example", n=number), caption)
            shown.append(item)
            if example.topic in self.special_at:
                where = self.special_at[example.topic]
            elif example.topic in names:
                index = names.index(example.topic)
                where = (index, len(self.sections[index][2]) - 1)
            else:
                known = ", ".join(sorted({*names, *self.special_at}))
                raise BoardgenError(
                    f"example '{example.id}': topic '{example.topic}' is not a section or special rule "
                    f"of this game's sheet (known: {known})",
                    file=str(variant.file),
                    key=f"examples.{number - 1}.topic",
                )
            after.setdefault(where, []).append(item)
        sections = []
        for index, (name, heading, blocks) in enumerate(self.sections):
            merged: list[Block] = list(after.get((index, -1), ()))
            for at, block in enumerate(blocks):
                merged.append(block)
                merged.extend(after.get((index, at), ()))
            sections.append(Section(name, index + 1, heading, tuple(merged)))
        return RuleSheet(
            lang=c.lang,
            variant=variant,
            game=game,
            words=c,
            title=title,
            intro=intro,
            components=components,
            start_caption="",
            sections=tuple(sections),
            about=self.texts.about,
            tips=self.texts.tips,
            examples=tuple(shown),
        )


Text = str | list[str] | tuple[str, ...]


def _proposal_note(section: str, proposals: tuple[str, ...]) -> str:
    """The catalogue key of the note a section gets for the descriptor's ``proposals``:
    one note in the setup section when both the setup and the first player are proposed."""
    if section not in proposals:
        return ""
    if set(proposals) >= {"setup", "first"}:
        return "proposals.setup_first" if section == "setup" else ""
    return f"proposals.{section}"


def joined(text: Text) -> str:
    """One paragraph: a text, or sentences joined by spaces (empty ones dropped)."""
    return text if isinstance(text, str) else " ".join(t for t in text if t)
