"""A diagram's own text in the language asked for: its ``<desc>`` (what a screen reader
reads, and what a diff of two diagrams shows) and its default alternative text.

The words are the catalogue's ``diagram.*`` templates (``boardgen/texts/<lang>/
catalogue.yaml``), filled without typesetting: a description is plain text, so it keeps
straight quotes and ordinary spaces in every language. English is the default, and its
sentences are those boardgen always wrote; they are also written out below
(:data:`ENGLISH`), so that an English diagram reads no catalogue (the command line draws
one without loading YAML), and a test keeps them the catalogue's.

>>> say = diagram_words("fr")
>>> say("captured", cells="e3, c5")
'Prises : e3, c5.'
>>> diagram_words("de")("marks.circle", cells="d4")
'Kreise: d4.'
"""

from __future__ import annotations

__all__ = ["ENGLISH", "DiagramWords", "diagram_words", "names"]

import functools
from collections.abc import Iterable

from ..descriptor.model import Variant

#: The English words, as ``boardgen/texts/en/catalogue.yaml`` has them.
ENGLISH: dict[str, str] = {
    "start": "Start",
    "alt": "{title}: {player} to move",
    "alt_move": "{title}: {player} plays {move}",
    "pieces": "{player} ({n}): {cells}",
    "none": "none",
    "king": "K",
    "numbered_squares": (
        "Squares are named by their draughts number (1 to {n}), then by column and row; K marks a king."
    ),
    "track": "Scoring track: ovals 1 to {n} around the board.",
    "track_start": "The two score pawns start on 1.",
    "pawns": "Score pawns: {pawns}.",
    "pawn": "{player} on {n}",
    "plays": "{player} to move plays {move}.",
    "captured": "Captured: {cells}.",
    "lands": "Lands on: {cells}.",
    "could_stop": "Could also have stopped on: {cells}.",
    "crowned": "Kings after the move: {cells}.",
    "new_stones": "New stones: {cells}.",
    "turned": "Discs turned over (dotted): {cells}.",
    "to": " to ",
    "arrow": "Arrow: {path}.",
    "highlighted": "Highlighted: {cells}.",
    "last_move": "Last move: {path}.",
    "in_check": "In check: the king on {cells}.",
    "labelled": "Labelled: {labels}.",
    "marks.circle": "Circles: {cells}.",
    "marks.triangle": "Triangles: {cells}.",
    "marks.square": "Squares: {cells}.",
    "marks.cross": "Crosses: {cells}.",
    "numbered": "Moves numbered in the order played: {moves}.",
    "at": "{n} at {m}",
    "gone": "{n} at {cell}, taken off since",
    "not_shown": "Not on their own stones: {moves}.",
    "from_side": "Drawn from {player}'s side.",
    "half_turn": "Drawn turned half round.",
    "window": "Shown: part of the board, {first} to {last}; the board goes on past the zigzag edges.",
}


class DiagramWords:
    """The ``diagram.*`` templates of one language; calling it fills one."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        if lang == "en":
            self._templates = dict(ENGLISH)
            return
        # Lazy for start-up speed: a catalogue is read (with PyYAML) only for another language.
        from ..texts.catalogue import catalogue

        entries = catalogue(lang).entries
        self._templates = {
            key.removeprefix("diagram."): str(value)
            for key, value in entries.items()
            if key.startswith("diagram.") and isinstance(value, str)
        }

    def __call__(self, key: str, **values: object) -> str:
        return self._templates[key].format(**values)


@functools.cache
def diagram_words(lang: str = "en") -> DiagramWords:
    """The words of ``lang`` (a BoardgenError naming the languages known for another)."""
    return DiagramWords(lang)


def names(variant: Variant, cells: Iterable[int]) -> str:
    """Cells by name, separated by commas."""
    return ", ".join(variant.grid.name(c) for c in cells)
