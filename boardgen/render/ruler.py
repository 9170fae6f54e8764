"""A calibration ruler printed on every board page.

Print dialogs silently "fit to page" by default, which shrinks a board by a few per
cent: pieces then no longer fit the cells. A ruler of known length lets the person
holding the sheet check the scale with any ruler or tape measure before cutting or
playing. Both a metric (50 mm) and an imperial (2 in) bar are given, because the
person checking may own either kind of ruler. The caption under the bars is the
language catalogue's ``board.ruler`` (English, :data:`CAPTION`, unless told otherwise).
"""

from __future__ import annotations

__all__ = ["CAPTION", "INCH", "METRIC_LENGTH", "ruler"]

import functools

from ..foundation.fonts import FontSet, current_fonts, text_width
from ..scene.shapes import Item, Polygon, Rect, Style, Text

#: Millimetres per inch.
INCH = 25.4
#: Length of the metric bar, in mm.
METRIC_LENGTH = 50.0
CAPTION = (
    "Check: this bar must measure exactly 50 mm / 2 in. "
    "Print single-sided at 100 % (actual size), no scaling."
)

_INK = "#000000"
_TICK = Style(stroke=_INK, stroke_width=0.15)
_BAR = Style(fill=_INK)
_LABEL = 2.2  # font size of the numbers
_CAPTION = 2.4
_BAR_TOP = 7.0  # ticks stand on the bar; numbers sit above the longest ticks
_BAR_HEIGHT = 1.0
_PAD = 1.0  # room for the half of "0" left of the first tick


_Levels = tuple[tuple[int, float], ...]
_METRIC_TICKS: _Levels = ((10, 4.0), (5, 3.0), (1, 1.8))  # cm, half cm, mm
_INCH_TICKS: _Levels = ((8, 4.0), (4, 3.0), (2, 2.3), (1, 1.6))  # in, 1/2, 1/4, 1/8


def _bar(x0: float, count: int, step: float, ticks: _Levels, labels: dict[int, str], unit: str) -> list[Item]:
    """One bar of ``count`` steps of ``step`` mm; a tick's length is its coarsest level's."""
    items: list[Item] = [Rect(x0, _BAR_TOP, count * step, _BAR_HEIGHT, _BAR)]
    for i in range(count + 1):
        x = x0 + i * step
        length = next(size for every, size in ticks if i % every == 0)
        items.append(Polygon(((x, _BAR_TOP - length), (x, _BAR_TOP)), _TICK, closed=False))
        if i in labels:
            items.append(Text(x, _BAR_TOP - 4.6, labels[i], _LABEL, anchor="middle"))
    items.append(Text(x0 + count * step + 1.2, _BAR_TOP + _BAR_HEIGHT, unit, _LABEL))
    return items


def ruler(caption: str = CAPTION, inch: str = "in") -> tuple[tuple[Item, ...], float, float]:
    """The ruler as scene items at the origin, with its width and height in mm; the
    height does not depend on the caption, only the width does. ``inch`` is the
    language's abbreviation for inches, printed after the imperial bar. Set in the
    faces in effect (made once per caption and faces)."""
    return _ruler(caption, inch, current_fonts())


@functools.cache
def _ruler(caption: str, inch: str, faces: FontSet) -> tuple[tuple[Item, ...], float, float]:
    """:func:`ruler`; ``faces`` (those in effect) keys the cache, each text keeping them."""
    metric = _bar(_PAD, 50, 1.0, _METRIC_TICKS, {i: str(i) for i in range(0, 51, 10)}, "mm")
    inch_x = _PAD + METRIC_LENGTH + 10.0
    imperial = _bar(inch_x, 16, INCH / 8, _INCH_TICKS, {0: "0", 8: "1", 16: "2"}, inch)
    caption_y = _BAR_TOP + _BAR_HEIGHT + 3.4
    text = Text(_PAD, caption_y, caption, _CAPTION)
    width = max(inch_x + 2 * INCH + 1.2 + text_width(inch, _LABEL), _PAD + text_width(caption, _CAPTION))
    height = caption_y + 0.6  # descenders
    return (*metric, *imperial, text), width, height
