"""A diagram described by ``name: value`` options: what the Sphinx directive and the
Markdown block share, in the vocabulary of the Python API and the command line.

Options (:data:`OPTIONS`, in the order the documentation lists them): ``game``
(Markdown; Sphinx takes it as the directive's argument), a record's ``record``,
``number`` (which game of the file), ``ply``, ``after`` (a named move: ``12.``,
``12... 23-19``, ``q16``) and ``moves`` (a range of move numbers, ``1-20``, written under
the diagram), ``position``, ``study`` (a position that breaks a count on purpose),
``move``, ``sequence`` and ``first_number``, ``arrows``, ``fill``, ``lastmove``,
``marks``, ``labels``, ``window``, ``flipped``, ``coordinates``, ``size``,
``cell_size``, ``colours``, ``lang`` and ``caption``. The command line's aliases are
taken too (:data:`ALIASES`: ``flip``, ``highlight``, ``arrow``, ``colour``, ``mark``,
``label``); ``dpi`` is refused, saying why (a page's diagram has no pixels).

>>> block = DiagramBlock.from_options({"game": "american-checkers", "arrows": "11-15:red 22-18"})
>>> block.arrows
('11-15:red', '22-18')
>>> html = block.html()
>>> html.startswith('<figure class="boardgen">') and "<svg" in html
True
>>> DiagramBlock.from_options({"game": "american-checkers", "colur": "red"})
Traceback (most recent call last):
...
boardgen.errors.BoardgenError: colur: unknown option; did you mean colour?
"""

from __future__ import annotations

__all__ = ["ALIASES", "FIGURE_OPTIONS", "OPTIONS", "DiagramBlock", "parse_flag"]

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import field
from html import escape
from pathlib import Path
from typing import Any

from .. import api
from ..draw.options import (
    cell_size_mm,
    first_number,
    parse_colours,
    parse_fill,
    parse_label,
    parse_mark,
    size_px,
    split_items,
)
from ..errors import BoardgenError, shown
from ..foundation.values import frozen

#: Every option a block may give, in the order the documentation lists them.
OPTIONS = (
    "game",
    "record",
    "number",
    "ply",
    "after",
    "moves",
    "position",
    "study",
    "move",
    "sequence",
    "first_number",
    "arrows",
    "fill",
    "lastmove",
    "marks",
    "labels",
    "window",
    "flipped",
    "coordinates",
    "size",
    "cell_size",
    "colours",
    "lang",
    "caption",
)
#: A figure's own options, as ``.. figure::`` takes them (both front ends).
FIGURE_OPTIONS = ("name", "alt", "align", "class")
#: Other names of options, as the command line spells them.
ALIASES = {
    "flip": "flipped",
    "highlight": "fill",
    "arrow": "arrows",
    "colour": "colours",
    "mark": "marks",
    "label": "labels",
}
#: Options of the other front ends that mean nothing in a page, and why.
REFUSED = {
    "dpi": "a page's diagram is SVG (HTML) or PDF (LaTeX): neither has pixels; give size for the width",
}

#: Options whose mistakes only the game can find, in the order they are tried when a
#: drawing fails, to say which one is wrong.
_DRAWN = ("move", "sequence", "lastmove", "arrows", "fill", "marks", "labels", "window", "colours")

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


def canonical(options: Mapping[str, str | None]) -> dict[str, str | None]:
    """``options`` with aliases under their own names; an unknown option, one meaning
    nothing in a page, or an option given twice (under two names) raises BoardgenError."""
    found: dict[str, str | None] = {}
    for name, value in options.items():
        own = ALIASES.get(name, name)
        if name in REFUSED:
            raise BoardgenError(REFUSED[name], key=name)
        if own not in OPTIONS:
            close = difflib.get_close_matches(name, [*OPTIONS, *ALIASES, *FIGURE_OPTIONS], n=1)
            hint = f"; did you mean {close[0]}?" if close else f" (known: {', '.join(OPTIONS)})"
            raise BoardgenError(f"{shown(name)[1:-1]}: unknown option{hint}")
        if own in found:
            raise BoardgenError(f"{own} is given twice ({name} is another name for it)", key=name)
        found[own] = value
    return found


def _items(options: Mapping[str, str | None], name: str) -> tuple[str, ...]:
    return tuple(split_items(options.get(name) or ""))


def _whole(name: str, value: str | None, low: int = 0) -> int | None:
    text = (value or "").strip()
    if not text:
        return None
    if not text.isdigit() or int(text) < low or len(text) > 6:
        raise BoardgenError(f"write a whole number from {low}, not {shown(text)}", key=name)
    return int(text)


def _range(value: str | None) -> tuple[int, int] | None:
    text = (value or "").strip()
    if not text:
        return None
    first, _, last = text.partition("-")
    a, b = _whole("moves", first, 1), _whole("moves", last or first, 1)
    if a is None or b is None or a > b:
        raise BoardgenError(f"write move numbers first-last, e.g. 1-20, not {shown(text)}", key="moves")
    return a, b


def _file_like(text: str) -> bool:
    return text.endswith((".yaml", ".yml")) or "/" in text or "\\" in text


@frozen
class DiagramBlock:
    """One diagram as a documentation page asks for it."""

    game: str | None = None
    record: str | None = None
    number: int = 1
    ply: int | None = None
    after: str | None = None
    moves: tuple[int, int] | None = None
    position: str | None = None
    study: bool = False
    move: str | None = None
    sequence: str | None = None
    first_number: int | None = None
    arrows: tuple[str, ...] = ()
    fill: tuple[tuple[str, str | None], ...] = ()
    lastmove: str | None = None
    marks: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()
    window: str | None = None
    flipped: bool = False
    coordinates: bool = True
    size: int | None = None
    cell_size: float | None = None
    colours: tuple[tuple[str, str], ...] = ()
    lang: str = "en"
    caption: str = ""
    #: Folders of the user's own descriptors, searched first for ``game`` (as ``load``'s).
    folders: tuple[Path, ...] = field(default=(), compare=False)
    #: The folder a page's relative paths (a game's YAML file, a record) start from.
    base: Path | None = field(default=None, compare=False)

    @classmethod
    def from_options(
        cls,
        options: Mapping[str, str | None],
        *,
        folders: Sequence[str | Path] = (),
        base: str | Path | None = None,
    ) -> DiagramBlock:
        """The block the options write; raises BoardgenError naming the option."""
        options = canonical(options)
        game = (options.get("game") or "").strip() or None
        record = (options.get("record") or "").strip() or None
        if not game and not record:
            raise BoardgenError(
                "say which game, e.g. game: american-checkers (or a record: game.pdn)", key="game"
            )

        def text(name: str) -> str | None:
            value = options.get(name)
            return value.strip() if value and value.strip() else None

        def checked(name: str, parse: Any) -> tuple[Any, ...]:
            try:
                return tuple(parse(item) for item in _items(options, name))
            except BoardgenError as error:
                raise BoardgenError(error.message, key=name) from None

        fills = checked("fill", parse_fill)
        checked("marks", parse_mark)
        checked("labels", parse_label)
        try:
            colours = tuple(parse_colours(options.get("colours") or "").items())
        except BoardgenError as error:
            raise BoardgenError(error.message, key="colours") from None
        size = text("size")
        cell_size = text("cell_size")
        number = text("first_number")
        if record is None:
            for name in ("number", "ply", "after", "moves"):
                if name in options:
                    raise BoardgenError(f"{name} is a move of a record: give record: FILE", key=name)
        elif text("ply") is not None and text("after") is not None:
            raise BoardgenError("give ply or after, not both", key="after")

        def flag(name: str, default: bool) -> bool:
            return parse_flag(name, options[name]) if name in options else default

        return cls(
            game=game,
            record=record,
            number=_whole("number", text("number"), 1) or 1,
            ply=_whole("ply", text("ply")),
            after=text("after"),
            moves=_range(text("moves")),
            position=text("position"),
            study=flag("study", False),
            move=text("move"),
            sequence=text("sequence"),
            first_number=first_number(number) if number else None,
            arrows=_items(options, "arrows"),
            fill=fills,
            lastmove=text("lastmove"),
            marks=_items(options, "marks"),
            labels=_items(options, "labels"),
            window=text("window"),
            flipped=flag("flipped", False),
            coordinates=flag("coordinates", True),
            size=size_px(size) if size else None,
            cell_size=cell_size_mm(cell_size) if cell_size else None,
            colours=colours,
            lang=(text("lang") or "en").lower(),
            caption=(options.get("caption") or "").strip(),
            folders=tuple(Path(folder) for folder in folders),
            base=Path(base) if base is not None else None,
        )

    def _path(self, written: str, key: str) -> str:
        """A file the page names, relative to the page's folder (``base``), checked to exist."""
        path = Path(written)
        if self.base is not None and not path.is_absolute():
            path = self.base / path
        if not path.is_file():
            raise BoardgenError(f"no such file: {path}", key=key)
        return str(path)

    def _game_ref(self) -> str | None:
        if self.game is None:
            return None
        return self._path(self.game, "game") if _file_like(self.game) else self.game

    @property
    def source(self) -> Path | None:
        """The descriptor file the game was read from (a page depends on it)."""
        try:
            return api.load(self._game_ref() or "", folders=self.folders).variant.file
        except BoardgenError:
            return None

    def _record(self) -> Any:
        """The game of the record file this block names."""
        assert self.record is not None
        path = self._path(self.record, "record")
        held = 0
        try:
            for held, each in enumerate(
                api.iter_records(path, game=self._game_ref(), folders=self.folders), 1
            ):
                if held == self.number:
                    return each
        except BoardgenError as error:
            raise BoardgenError(str(error), key=error.key or "record") from None
        raise BoardgenError(f"the file holds {held} game(s), not {self.number}", key="number")

    def arguments(self) -> tuple[Any, dict[str, Any]]:
        """The position and the keyword options :func:`boardgen.svg` and :func:`boardgen.pdf`
        take (``size`` aside: PDF has no pixels); errors name the option at fault."""
        lastmove: Any = self.lastmove
        sequence: Any = self.sequence
        first = self.first_number
        if self.record is not None:
            record = self._record()
            game = record.game
            ply = self.ply
            if self.after is not None:
                ply = record.ply_after(self.after)
            if ply is None and self.moves is not None:
                span = record.numbered(*self.moves)
                if not record.numbered_in_pairs and sequence is None:  # a Go book's figure
                    ply = span[0].index - 1
                    sequence = [p.move for p in span]
                    first = span[0].number if first is None else first
                else:
                    ply = span[-1].index
            if ply is None:
                ply = len(record.plies)
            try:
                position = record.position(ply)
            except BoardgenError as error:
                raise BoardgenError(error.message, key="ply") from None
            if lastmove is None and sequence is None and ply:
                lastmove = record.plies[ply - 1].move
        else:
            try:
                game = api.load(self._game_ref() or "", folders=self.folders)
            except BoardgenError as error:
                raise BoardgenError(error.message, key=error.key or "game") from None
            position = game.start
        if self.position is not None:
            try:
                position = game.position(self.position, study=self.study)
            except BoardgenError as error:
                raise BoardgenError(error.message, key="position") from None
        options: dict[str, Any] = {
            "move": self.move,
            "arrows": self.arrows,
            "fill": dict(self.fill),
            "lastmove": lastmove,
            "flipped": self.flipped,
            "coordinates": self.coordinates,
            "colours": dict(self.colours) or None,
            "cell_size": self.cell_size,
            "marks": self.marks or None,
            "labels": self.labels or None,
            "sequence": sequence,
            "first_number": first or 1,
            "window": self.window,
            "lang": self.lang,
        }
        return position, options

    def moves_text(self) -> str:
        """The moves of the ``moves`` range, as a score sheet writes them ("" without one)."""
        if self.record is None or self.moves is None:
            return ""
        record = self._record()
        return str(record.moves_text(record.numbered(*self.moves)))

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

    def files(self) -> tuple[Path, ...]:
        """Every file the diagram is drawn from (its descriptor, its record): a page depends on them."""
        found = [self.source] if self.game is not None or self.record is None else []
        if self.record is not None:
            found.append(Path(self._path(self.record, "record")))
        return tuple(path for path in found if path is not None)

    def pdf(self) -> bytes:
        """The diagram as a one-page PDF, for print builds (LaTeX)."""
        position, options = self.arguments()
        try:
            return api.pdf(position, **options)
        except BoardgenError as error:
            raise self._blamed(error, position, options) from None

    def alt(self) -> str:
        """The diagram's default alternative text, in its language: the game and who is
        to move (or who plays the move shown)."""
        position, options = self.arguments()
        return default_alt(position, options.get("move"), self.lang)

    def html(
        self,
        *,
        caption_html: str | None = None,
        alt: str | None = None,
        name: str | None = None,
        align: str | None = None,
        classes: Sequence[str] = (),
    ) -> str:
        """A ``<figure class="boardgen">`` with the SVG, the moves of ``moves`` and the
        caption (``caption_html``: the caption already made HTML, e.g. from Markdown);
        ``alt`` the text screen readers give (default: the game and who is to move),
        ``name`` the figure's id, ``align`` left, center or right."""
        svg = self.svg()
        label = alt if alt is not None else self.alt()
        svg = svg.replace(' role="img"', f' role="img" aria-label="{escape(label)}"', 1)
        caption = caption_html if caption_html is not None else escape(self.caption)
        moves = self.moves_text()
        parts = [svg]
        if moves:
            parts.append(f'<p class="boardgen-moves">{escape(moves)}</p>')
        if caption:
            parts.append(f"<figcaption>{caption}</figcaption>")
        names = ["boardgen", *([f"align-{align}"] if align else []), *classes]
        ident = f' id="{escape(name)}"' if name else ""
        return f'<figure class="{" ".join(names)}"{ident}>{"".join(parts)}</figure>'


def default_alt(position: Any, move: Any, lang: str) -> str:
    """``Game: Black to move`` (or ``Game: Black plays 11-15``) in ``lang``."""
    # Lazy: the words are read when a page first asks for an alternative text.
    from ..render.describe import diagram_words

    say = diagram_words(lang)
    variant = position.game.variant
    title = variant.text(variant.title, lang)
    player = variant.text(variant.player(position.turn).name, lang)
    if move:
        return say("alt_move", title=title, player=player, move=str(move))
    return say("alt", title=title, player=player)
