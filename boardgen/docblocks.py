"""A diagram described by ``name: value`` options: what the Sphinx directive and the
Markdown block share.

Options: ``game`` (Markdown; Sphinx takes it as the directive's argument),
``position``, ``move``, ``arrows`` (``FROM-TO`` or ``FROM-TO:COLOUR`` separated by
spaces), ``fill`` (``CELL:COLOUR`` separated by spaces), ``lastmove``, ``flipped``,
``coordinates`` (``yes``/``no``), ``size`` (pixels) and ``caption``.

>>> block = DiagramBlock.from_options({"game": "american-checkers", "arrows": "11-15:red 22-18"})
>>> block.arrows
('11-15:red', '22-18')
>>> html = block.html()
>>> html.startswith('<figure class="boardgen">') and "<svg" in html
True
>>> DiagramBlock.from_options({"game": "american-checkers", "colour": "red"})
Traceback (most recent call last):
...
boardgen.errors.BoardgenError: colour: unknown option (known: game, position, move, arrows, fill, lastmove, \
flipped, coordinates, size, caption)
"""

from __future__ import annotations

__all__ = ["OPTIONS", "DiagramBlock"]

import re
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

from . import api
from .drawopts import parse_fill, split_items
from .errors import BoardgenError, shown

#: Every option a block may give, in the order the documentation lists them.
OPTIONS = (
    "game",
    "position",
    "move",
    "arrows",
    "fill",
    "lastmove",
    "flipped",
    "coordinates",
    "size",
    "caption",
)

_YES = {
    "": True,
    "yes": True,
    "true": True,
    "on": True,
    "1": True,
    "no": False,
    "false": False,
    "off": False,
    "0": False,
}


def _flag(name: str, value: str | None) -> bool:
    text = (value or "").strip().lower()
    if text not in _YES:
        raise BoardgenError(f"write yes or no, not {value!r}", key=name)
    return _YES[text]


@dataclass(frozen=True)
class DiagramBlock:
    """One diagram as a documentation page asks for it."""

    game: str
    position: str | None = None
    move: str | None = None
    arrows: tuple[str, ...] = ()
    fill: tuple[tuple[str, str | None], ...] = ()
    lastmove: str | None = None
    flipped: bool = False
    coordinates: bool = True
    size: int | None = None
    caption: str = ""

    @classmethod
    def from_options(cls, options: Mapping[str, str | None]) -> DiagramBlock:
        """The block the options write; raises BoardgenError naming the option."""
        unknown = [name for name in options if name not in OPTIONS]
        if unknown:
            raise BoardgenError(f"{unknown[0]}: unknown option (known: {', '.join(OPTIONS)})")
        game = (options.get("game") or "").strip()
        if not game:
            raise BoardgenError("game: say which game, e.g. game: american-checkers")
        size = None
        if options.get("size"):
            pixels = str(options["size"]).strip().removesuffix("px")
            # ASCII digits only: isdigit() takes '²²²' and int() then raises its own
            # ValueError (or refuses 5,000 digits), which aborted a Sphinx build.
            if not re.fullmatch("[0-9]{1,4}", pixels) or not 16 <= int(pixels) <= 4000:
                raise BoardgenError(
                    f"write a width in pixels from 16 to 4000, not {shown(str(options['size']), 20)}",
                    key="size",
                )
            size = int(pixels)

        def text(name: str) -> str | None:
            value = options.get(name)
            return value.strip() if value and value.strip() else None

        try:
            fills = tuple(parse_fill(item) for item in split_items(options.get("fill") or ""))
        except BoardgenError as error:
            raise BoardgenError(error.message, key="fill") from None
        return cls(
            game=game,
            position=text("position"),
            move=text("move"),
            arrows=tuple(split_items(options.get("arrows") or "")),
            fill=fills,
            lastmove=text("lastmove"),
            flipped=_flag("flipped", options["flipped"]) if "flipped" in options else False,
            coordinates=_flag("coordinates", options["coordinates"]) if "coordinates" in options else True,
            size=size,
            caption=(options.get("caption") or "").strip(),
        )

    def _arguments(self) -> tuple[Any, dict[str, Any]]:
        game = api.load(self.game)
        position = game.position(self.position) if self.position else game.start
        options: dict[str, Any] = {
            "move": self.move,
            "arrows": self.arrows,
            "fill": dict(self.fill),
            "lastmove": self.lastmove,
            "flipped": self.flipped,
            "coordinates": self.coordinates,
        }
        return position, options

    def _located(self, error: BoardgenError) -> BoardgenError:
        """Errors name the option they come from where that is clear."""
        message = error.message
        for name, value in (("move", self.move), ("position", self.position), ("lastmove", self.lastmove)):
            if value and repr(value) in message:
                return BoardgenError(message, key=name)
        return error

    def svg(self) -> str:
        """The diagram as inline SVG (``size`` pixels wide, else in millimetres)."""
        try:
            position, options = self._arguments()
            return api.svg(position, size=self.size, **options)
        except BoardgenError as error:
            raise self._located(error) from None

    def pdf(self) -> bytes:
        """The diagram as a one-page PDF, for print builds (LaTeX)."""
        try:
            position, options = self._arguments()
            return api.pdf(position, **options)
        except BoardgenError as error:
            raise self._located(error) from None

    def html(self) -> str:
        """A ``<figure class="boardgen">`` with the SVG and the caption."""
        caption = f"<figcaption>{escape(self.caption)}</figcaption>" if self.caption else ""
        return f'<figure class="boardgen">{self.svg()}{caption}</figure>'
