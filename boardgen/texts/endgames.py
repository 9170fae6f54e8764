"""The history-dependent draws in words: repetition and the counted endgames.

An ``endgame_draws`` entry says its material with counts and ranges (see
``rules/leaping/material.py``); this module turns them into a phrase of the sheet's
language from a small vocabulary in the catalogue (``params.leaping.endgame_draws``):
for each noun (piece, king, man) an exact count, two neighbouring numbers ("one or
two pieces"), a span ("4 to 7 pieces") and a lower bound ("at least one king"); and
for kings or men among a player's pieces, the same four forms ("at least one of them
a king"). Every form carries its own plural forms, so gender and number agree in each
language without any grammar in code.
"""

from __future__ import annotations

__all__ = ["endgame_keys", "endgame_sentences", "repetition_sentence"]

from collections.abc import Iterator
from typing import Protocol

from ..rules.leaping.material import ANY, EndgameDraw, Range, SideMaterial
from ..rules.leaping.params import LeapingParams

KEY = "params.leaping."
BASE = KEY + "endgame_draws."
NOUNS = ("piece", "king", "man")
FORMS = ("exactly", "either", "between", "at_least")


class Words(Protocol):
    """What the phrases need of a sheet: a catalogue text, and one chosen by a number."""

    def say(self, key: str, **values: object) -> str: ...

    def count(self, key: str, n: int, **values: object) -> str: ...


def repetition_sentence(w: Words, p: LeapingParams) -> str:
    if p.repetition_draw is None:
        return ""
    return w.count(KEY + "repetition_draw.count", p.repetition_draw)


def _form(r: Range) -> str:
    if r.high == r.low:
        return "exactly"
    if r.high is None:
        return "at_least"
    return "either" if r.high == r.low + 1 else "between"


def _amount(w: Words, where: str, r: Range) -> str:
    """``r`` pieces of a noun: ``where`` is ``piece``, ``king``, ``man`` or ``among.king``..."""
    return w.count(f"{BASE}{where}.{_form(r)}", r.low, low=r.low, high=r.high)


def _side(w: Words, side: SideMaterial) -> str:
    """One player's material: a count of pieces, then which of them are kings or men."""
    kings, men, pieces = side.kings, side.men, side.pieces
    if men == Range(0, 0) and kings != ANY and pieces in (ANY, kings):  # kings only
        return _amount(w, "king", kings)
    if pieces == ANY and kings == ANY and men == Range(0, 0):
        return w.say(BASE + "kings_only")
    if pieces == ANY:
        parts = [_amount(w, noun, r) for noun, r in (("king", kings), ("man", men)) if r != ANY]
        return w.say(BASE + "and", a=parts[0], b=parts[1]) if len(parts) == 2 else parts[0]
    if kings != ANY and kings == pieces:
        return _amount(w, "king", kings)
    text = _amount(w, "piece", pieces)
    for noun, r in (("king", kings), ("man", men)):
        if r != ANY:
            text = w.say(BASE + "with", a=text, b=_amount(w, f"among.{noun}", r))
    return text


def _material(w: Words, e: EndgameDraw) -> str:
    strong, weak = e.strong, e.weak
    if strong == weak and strong != SideMaterial():
        text = w.say(BASE + "both", side=_side(w, strong))
    elif strong == SideMaterial() or weak == SideMaterial():
        one = strong if weak == SideMaterial() else weak
        text = w.say(BASE + "one_side", side=_side(w, one)) if one != SideMaterial() else ""
    else:
        text = w.say(BASE + "against", strong=_side(w, strong), weak=_side(w, weak))
    if e.total != ANY:
        total = _amount(w, "piece", e.total)
        if text:
            text = w.say(BASE + "with_total", material=text, total=total)
        else:
            text = w.say(BASE + "total", total=total)
    return text


def endgame_sentences(w: Words, p: LeapingParams) -> str:
    """The counted endgames as one paragraph: what they are, then each with its count."""
    entries = p.endgame_draws
    if not entries:
        return ""
    all_restart = all(e.restart_on_change for e in entries)
    items = []
    for e in entries:
        item = w.count(BASE + "item", e.moves, material=_material(w, e))
        if e.restart_on_change and not all_restart:
            item = w.say(BASE + "restarts", item=item)
        items.append(item)
    text = w.count(BASE + "intro", len(items), items=w.say(BASE + "list", items="; ".join(items)))
    if all_restart:
        text += " " + w.count(BASE + "restart_all", len(items))
    return text


def endgame_keys() -> Iterator[str]:
    """Every catalogue key the phrases above can need."""
    yield KEY + "repetition_draw.none"
    yield KEY + "repetition_draw.count"
    for noun in NOUNS:
        yield from (f"{BASE}{noun}.{form}" for form in FORMS)
    for noun in ("king", "man"):
        yield from (f"{BASE}among.{noun}.{form}" for form in FORMS)
    parts = ("none", "intro", "list", "item", "restarts", "restart_all", "against", "both", "one_side")
    yield from (BASE + part for part in (*parts, "with", "and", "with_total", "total", "kings_only"))
