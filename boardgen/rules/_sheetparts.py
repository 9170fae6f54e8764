"""Sentences the newer families' rule sheets share: who sits where and what to print."""

from __future__ import annotations

__all__ = ["first_sentence", "men_lines", "stone_lines"]

from .family import SheetWriter
from .spec import GameSpec


def stone_lines(s: SheetWriter, spec: GameSpec) -> list[str]:
    """Stones enough to fill the board, shared out: the first player gets the odd one."""
    cells = len(spec.playable)
    shares = [(cells + i) // len(spec.players) for i in range(len(spec.players) - 1, -1, -1)]
    return [
        s.count("components.stones", n, player=s.name(p.id))
        for p, n in zip(spec.players, shares, strict=True)
    ]


def men_lines(s: SheetWriter, spec: GameSpec) -> list[str]:
    """One line per player with the men of their setup."""
    return [
        s.count("components.men", len(spec.setup.get(p.id, ())), player=s.name(p.id)) for p in spec.players
    ]


def first_sentence(s: SheetWriter, spec: GameSpec, key: str = "rules.alternate.first") -> str:
    return s.say(key, first=s.name(spec.first))
