"""The history-dependent draws in words: repetition and the counted endgames.

An ``endgame_draws`` entry says its material with counts and ranges (see
``material.py``); this module turns them into a phrase of the sheet's
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

from .material import ANY, EndgameDraw, Range, SideMaterial
from .params import LeapingParams

KEY = "params.leaping."
BASE = KEY + "endgame_draws."
NOUNS = ("piece", "king", "man")
FORMS = ("exactly", "either", "between", "at_least")


class Words(Protocol):
    """What the phrases need of a sheet: a catalogue text, one chosen by a number, and
    whether the catalogue has a key (for the optional forms, see :func:`_amount`)."""

    def say(self, key: str, **values: object) -> str: ...

    def count(self, key: str, n: int, **values: object) -> str: ...

    def has(self, key: str) -> bool: ...


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


def _amount(w: Words, where: str, r: Range, *, prefixes: tuple[str, ...] = ()) -> str:
    """``r`` pieces of a noun: ``where`` is ``piece``, ``king``, ``man`` or ``among.king``...

    ``prefixes`` name optional forms a language may give where the plain one would be
    wrong, tried in order: ``object.`` for the material after "against" (German puts it
    in the accusative: "gegen einen Stein"), ``paired.`` for kings named beside men ("a
    single king" is right for a lone king only). A language without them says the same
    words everywhere.
    """
    form = _form(r)
    key = next(
        (f"{BASE}{p}{where}.{form}" for p in prefixes if w.has(f"{BASE}{p}{where}.{form}")),
        f"{BASE}{where}.{form}",
    )
    return w.count(key, r.low, low=r.low, high=r.high)


def _side(w: Words, side: SideMaterial, *, after_against: bool = False) -> str:
    """One player's material: a count of pieces, then which of them are kings or men
    (``after_against``: the material follows "against", see :func:`_amount`)."""
    kings, men, pieces = side.kings, side.men, side.pieces
    case = ("object.",) if after_against else ()
    if men == Range(0, 0) and kings != ANY and pieces in (ANY, kings):  # kings only
        return _amount(w, "king", kings, prefixes=case)
    if pieces == ANY and kings == ANY and men == Range(0, 0):
        return w.say(BASE + "kings_only")
    if pieces == ANY:
        named = [(noun, r) for noun, r in (("king", kings), ("man", men)) if r != ANY]
        paired = ("paired.",) if len(named) == 2 else ()
        parts = [_amount(w, noun, r, prefixes=(*case, *paired)) for noun, r in named]
        return w.say(BASE + "and", a=parts[0], b=parts[1]) if len(parts) == 2 else parts[0]
    if kings != ANY and kings == pieces:
        return _amount(w, "king", kings, prefixes=case)
    text = _amount(w, "piece", pieces, prefixes=case)
    among = [_amount(w, f"among.{noun}", r) for noun, r in (("king", kings), ("man", men)) if r != ANY]
    if len(among) == 2:  # "with one king and with two men", not "with one king with two men"
        among = [w.say(BASE + "and", a=among[0], b=among[1])]
    return w.say(BASE + "with", a=text, b=among[0]) if among else text


def _material(w: Words, e: EndgameDraw) -> str:
    strong, weak = e.strong, e.weak
    if strong == weak and strong != SideMaterial():
        text = w.say(BASE + "both", side=_side(w, strong))
    elif strong == SideMaterial() or weak == SideMaterial():
        one = strong if weak == SideMaterial() else weak
        text = w.say(BASE + "one_side", side=_side(w, one)) if one != SideMaterial() else ""
    else:
        text = w.say(BASE + "against", strong=_side(w, strong), weak=_side(w, weak, after_against=True))
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
    yield from (f"{BASE}object.man.{form}" for form in ("exactly", "either", "at_least"))
    yield f"{BASE}paired.king.exactly"
    parts = ("none", "intro", "list", "item", "restarts", "restart_all", "against", "both", "one_side")
    yield from (BASE + part for part in (*parts, "with", "and", "with_total", "total", "kings_only"))
