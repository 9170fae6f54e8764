"""A diagram described by ``name: value`` options: what the Sphinx directive and the
Markdown block share, in the vocabulary of the Python API and the command line.

Options (:data:`OPTIONS`): ``game`` (Markdown; Sphinx takes it as the directive's
argument), ``position``, ``move``, ``arrows`` (``FROM-TO`` or ``FROM-TO:COLOUR``
separated by spaces), ``fill`` (``CELL:COLOUR`` separated by spaces), ``lastmove``,
``flipped``, ``coordinates`` (``yes``/``no``), ``size`` (width in pixels),
``cell_size`` (millimetres per cell), ``colours`` (``KEY:COLOUR`` separated by spaces,
keys as :func:`boardgen.svg` takes them) and ``caption``.

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
flipped, coordinates, size, cell_size, colours, caption)
"""

from __future__ import annotations

__all__ = ["OPTIONS", "DiagramBlock", "parse_flag"]

from collections.abc import Mapping, Sequence
from dataclasses import field
from html import escape
from pathlib import Path
from typing import Any

from .. import api
from ..draw.options import cell_size_mm, parse_colours, parse_fill, size_px, split_items
from ..errors import BoardgenError, shown
from ..foundation.values import frozen

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
    "cell_size",
    "colours",
    "caption",
)

#: Options whose mistakes only the game can find, in the order they are tried when a
#: drawing fails, to say which one is wrong.
_DRAWN = ("move", "lastmove", "arrows", "fill", "colours")

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


def parse_flag(name: str, value: str | None) -> bool:
    """``yes``/``no`` (or true/false, on/off, 1/0; empty is yes) as a bool."""
    text = (value or "").strip().lower()
    if text not in _YES:
        raise BoardgenError(f"write yes or no, not {shown(value or '')}", key=name)
    return _YES[text]


@frozen
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
    cell_size: float | None = None
    colours: tuple[tuple[str, str], ...] = ()
    caption: str = ""
    #: Folders of the user's own descriptors, searched first for ``game`` (as ``load``'s).
    folders: tuple[Path, ...] = field(default=(), compare=False)

    @classmethod
    def from_options(
        cls, options: Mapping[str, str | None], *, folders: Sequence[str | Path] = ()
    ) -> DiagramBlock:
        """The block the options write; raises BoardgenError naming the option."""
        unknown = [name for name in options if name not in OPTIONS]
        if unknown:
            raise BoardgenError(f"{shown(unknown[0])[1:-1]}: unknown option (known: {', '.join(OPTIONS)})")
        game = (options.get("game") or "").strip()
        if not game:
            raise BoardgenError("say which game, e.g. game: american-checkers", key="game")

        def text(name: str) -> str | None:
            value = options.get(name)
            return value.strip() if value and value.strip() else None

        try:
            fills = tuple(parse_fill(item) for item in split_items(options.get("fill") or ""))
        except BoardgenError as error:
            raise BoardgenError(error.message, key="fill") from None
        try:
            colours = tuple(parse_colours(options.get("colours") or "").items())
        except BoardgenError as error:
            raise BoardgenError(error.message, key="colours") from None
        size = text("size")
        cell_size = text("cell_size")
        return cls(
            game=game,
            position=text("position"),
            move=text("move"),
            arrows=tuple(split_items(options.get("arrows") or "")),
            fill=fills,
            lastmove=text("lastmove"),
            flipped=parse_flag("flipped", options["flipped"]) if "flipped" in options else False,
            coordinates=parse_flag("coordinates", options["coordinates"])
            if "coordinates" in options
            else True,
            size=size_px(size) if size else None,
            cell_size=cell_size_mm(cell_size) if cell_size else None,
            colours=colours,
            caption=(options.get("caption") or "").strip(),
            folders=tuple(Path(folder) for folder in folders),
        )

    @property
    def source(self) -> Path | None:
        """The descriptor file the game was read from (a page depends on it)."""
        try:
            return api.load(self.game, folders=self.folders).variant.file
        except BoardgenError:
            return None

    def arguments(self) -> tuple[Any, dict[str, Any]]:
        """The position and the keyword options :func:`boardgen.svg` and :func:`boardgen.pdf`
        take (``size`` aside: PDF has no pixels); errors name the option at fault."""
        try:
            game = api.load(self.game, folders=self.folders)
        except BoardgenError as error:
            raise BoardgenError(error.message, key=error.key or "game") from None
        try:
            position = game.position(self.position) if self.position else game.start
        except BoardgenError as error:
            raise BoardgenError(error.message, key="position") from None
        options: dict[str, Any] = {
            "move": self.move,
            "arrows": self.arrows,
            "fill": dict(self.fill),
            "lastmove": self.lastmove,
            "flipped": self.flipped,
            "coordinates": self.coordinates,
            "colours": dict(self.colours) or None,
            "cell_size": self.cell_size,
        }
        return position, options

    def _blamed(self, error: BoardgenError, position: Any, options: dict[str, Any]) -> BoardgenError:
        """The error with the option at fault named: each option the game checks is tried
        alone (only once a drawing has failed, so a good page pays nothing)."""
        if error.key:
            return error
        for name in _DRAWN:
            if not options.get(name):
                continue
            try:
                api.svg(position, **{name: options[name]})
            except BoardgenError:
                return BoardgenError(error.message, key=name)
        return error

    def svg(self) -> str:
        """The diagram as inline SVG (``size`` pixels wide, else in millimetres)."""
        return self.svg_and_source()[0]

    def svg_and_source(self) -> tuple[str, Path | None]:
        """The diagram as :meth:`svg` draws it and the descriptor file it comes from (as
        :attr:`source`), the game looked up once (a page of diagrams asks for both)."""
        position, options = self.arguments()
        try:
            svg = api.svg(position, size=self.size, **options)
        except BoardgenError as error:
            raise self._blamed(error, position, options) from None
        source: Path | None = position.game.variant.file
        return svg, source

    def pdf(self) -> bytes:
        """The diagram as a one-page PDF, for print builds (LaTeX)."""
        position, options = self.arguments()
        try:
            return api.pdf(position, **options)
        except BoardgenError as error:
            raise self._blamed(error, position, options) from None

    def html(self) -> str:
        """A ``<figure class="boardgen">`` with the SVG and the caption."""
        caption = f"<figcaption>{escape(self.caption)}</figcaption>" if self.caption else ""
        return f'<figure class="boardgen">{self.svg()}{caption}</figure>'
