"""Diagrams of positions for Python users: :func:`svg`, :func:`pdf` and :func:`png`.

The model is python-chess's ``chess.svg.board``: keyword options for arrows, filled
cells, the last move and colours. ``move=`` draws the position *before* a move with
the move explained as the rule sheets do (its path, the captured pieces crossed out,
the landing cells tinted, new kings badged), the engine having checked it. A king in
check glows red, as in chess diagrams, where the game's engine says so.

>>> import boardgen
>>> game = boardgen.load("american-checkers")
>>> picture = boardgen.svg(game.start, arrows=[("11", "15", "red")], fill={"d4": "#ffd23f"}, size=400)
>>> picture.startswith("<svg") and 'width="400"' in picture
True
>>> print(boardgen.svg(game.start, move="11-15").split("<desc>")[1].split("</desc>")[0].splitlines()[-2])
Black to move plays 11-15.

Work that does not depend on the position (the fitted cell size, the recoloured
variant) is kept on the :class:`~boardgen.model.positions.Game`, so the second diagram of a
game costs only its pieces and marks.
"""

from __future__ import annotations

__all__ = [
    "ArrowSpec",
    "ColoursSpec",
    "FillSpec",
    "LabelsSpec",
    "MarksSpec",
    "MovesSpec",
    "WindowSpec",
    "pdf",
    "png",
    "scene",
    "svg",
]

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from ..backends.svg import render_fragment, render_svg
from ..descriptor.model import Variant
from ..errors import BoardgenError, shown
from ..geometry import SquareGrid
from ..model.positions import Move, Position
from ..model.textboard import describe_position
from ..render.board import BoardOptions, board_scene, window_cells
from ..render.describe import diagram_words, names
from ..render.diagram import fit_cell_size, flipped_line, move_marks, parse_cell
from ..render.layers import board_layer, position_items
from ..render.layout import Layout
from ..render.marks import (
    ARROW,
    CHECK,
    HIGHLIGHT,
    alternative_items,
    arrow_items,
    captured_items,
    check_items,
    crowned_items,
    highlight_items,
    label_items,
    placed_items,
    shape_items,
    turned_items,
)
from ..render.pieces import contrast, piece_radius
from ..rules.base import PieceView
from ..scene.shapes import Document, Item, Scene
from .marking import (
    LabelsSpec,
    MarksSpec,
    MovesSpec,
    WindowSpec,
    play_sequence,
    resolve_labels,
    resolve_marks,
    resolve_window,
)
from .options import cell_size_mm, dpi_value, parse_arrow, parse_colours, parse_fill, size_px
from .options import colour as parse_colour
from .options import first_number as first_number_of

#: An arrow: ``"11-15:red"``, ``(from, to)``, ``(from, to, colour)`` or a longer path.
ArrowSpec = str | Sequence[str | int]
#: Cells to tint: a mapping of cells to colours (None: the highlight), or cells
#: (``["15", "d4:green"]``).
FillSpec = Mapping[str | int, str | None] | Iterable[str | int]
#: Colours by key: a mapping, or ``"dark:#556b2f black:red"`` as the command line writes them.
ColoursSpec = Mapping[str, str] | str

#: Tint of the last move's cells (origin and landings).
LASTMOVE = "#9ccc65"
#: Keys of ``colours=`` beyond the board's own (``light``, ``dark``, ... ) and player ids.
MARK_KEYS = ("arrow", "fill", "lastmove", "check")

#: The size of an SVG, rewritten for ``size=`` (patterns compiled on first use, and kept by
#: re: most processes never need them).
_PX = r'width="[^"]*" height="[^"]*"'
_VIEWBOX = r'viewBox="0 0 ([\d.]+) ([\d.]+)"'


def _variant(position: Position, colours: Mapping[str, str] | None) -> tuple[Variant, dict[str, str]]:
    """The variant drawn with ``colours`` (board theme keys and player ids), and the marks'
    own colours; recoloured variants are kept on the game."""
    game = position.game
    base = game.variant
    if not colours:
        return base, {}
    key = ("colours", tuple(sorted(colours.items())))
    if key in game.cache:
        cached: tuple[Variant, dict[str, str]] = game.cache[key]
        return cached
    theme = dict(base.print.colours)
    players = {p.id: p for p in base.players}
    marks: dict[str, str] = {}
    for name, value in colours.items():
        ink = parse_colour(value)
        if name in theme:
            theme[name] = ink
        elif name in players:
            players[name] = replace(players[name], colour=ink)
        elif name in MARK_KEYS:
            marks[name] = ink
        else:
            known = ", ".join([*theme, *players, *MARK_KEYS])
            raise BoardgenError(f"colours: unknown key {name!r} (known: {known})")
    recoloured = tuple(players[p.id] for p in base.players)  # one to six players
    variant = replace(base, players=recoloured, print=replace(base.print, colours=theme))
    game.cache[key] = (variant, marks)
    return variant, marks


def _check_position(position: object) -> None:
    """Diagrams are of positions: a Game (``game.start`` meant) or anything else is a TypeError."""
    if not isinstance(position, Position):
        hint = " (draw game.start, or game.position(...))" if type(position).__name__ == "Game" else ""
        raise TypeError(f"a diagram draws a Position, not {type(position).__name__}{hint}")


def _fills(fill: FillSpec | None) -> dict[str | int, str | None]:
    """``fill`` as a mapping of cells to colours (or None, the highlight)."""
    if fill is None:
        return {}
    if isinstance(fill, Mapping):
        found = dict(fill)
    elif isinstance(fill, (str, bytes)) or not isinstance(fill, Iterable):
        raise TypeError(f"fill must map cells to colours or list cells, not {type(fill).__name__}")
    else:
        found = {}
        for item in fill:
            if isinstance(item, int) and not isinstance(item, bool):
                found[item] = None
            elif isinstance(item, str):
                cell, ink = parse_fill(item)
                found[cell] = ink
            else:
                raise TypeError(f"fill: a cell is a name or a number, not {type(item).__name__}")
    for ink in found.values():
        if ink is not None and not isinstance(ink, str):
            raise TypeError(f"fill: a colour is text (#rrggbb or a name), not {type(ink).__name__}")
    return found


def _colours(colours: ColoursSpec | None) -> dict[str, str] | None:
    """``colours`` as a mapping of keys to colours."""
    if colours is None:
        return None
    if isinstance(colours, str):
        return parse_colours(colours)
    if not isinstance(colours, Mapping):
        raise TypeError(f"colours must map keys to colours, not {type(colours).__name__}")
    for key, ink in colours.items():
        if not isinstance(key, str) or not isinstance(ink, str):
            raise TypeError(
                f"colours: keys and colours are text, not {type(key).__name__}: {type(ink).__name__}"
            )
    return dict(colours)


def _cell(variant: Variant, ref: str | int) -> int:
    return parse_cell(variant, str(ref))


#: Most arrows on one diagram, and most cells one arrow passes through: a diagram with
#: more says nothing a reader can follow (100,000 arrows once took 513 MB).
MAX_ARROWS = 200
MAX_ARROW_CELLS = 100


def _arrows(variant: Variant, arrows: Iterable[ArrowSpec], default: str) -> list[tuple[tuple[int, ...], str]]:
    found = []
    if isinstance(arrows, (str, bytes)) or not isinstance(arrows, Iterable):
        raise TypeError(f"arrows must be a list of arrows, not {type(arrows).__name__}")
    for count, item in enumerate(arrows, 1):
        if count > MAX_ARROWS:
            raise BoardgenError(f"more than {MAX_ARROWS} arrows on one diagram")
        if isinstance(item, str) and len(item) > 20 * MAX_ARROW_CELLS:
            raise BoardgenError(f"arrow {shown(item)} passes more than {MAX_ARROW_CELLS} cells")
        if not isinstance(item, (str, Sequence)):
            raise TypeError(
                f"an arrow is text ('11-15:red') or a sequence of cells, not {type(item).__name__}"
            )
        if isinstance(item, str):
            cells, ink = parse_arrow(item)
        else:
            parts = [str(p) for p in item]
            ink = None
            if len(parts) > 2 and not parts[-1].isdigit() and not re.fullmatch(r"[a-z]+\d+", parts[-1]):
                ink = parse_colour(parts.pop())
            cells = tuple(parts)
            if len(cells) < 2:
                raise BoardgenError(f"arrow {item!r}: give at least two cells")
        if len(cells) > MAX_ARROW_CELLS:
            raise BoardgenError(f"an arrow passes more than {MAX_ARROW_CELLS} cells ({len(cells):,})")
        found.append((tuple(_cell(variant, c) for c in cells), ink or default))
    return found


def _path(variant: Variant, move: str | Move) -> tuple[int, ...]:
    if isinstance(move, Move):  # a stone placed has no path: its cell is the move's
        return tuple(variant.grid.parse(c) for c in move.path or move.placed)
    if not isinstance(move, str):
        raise TypeError(f"lastmove must be a move's text or a Move, not {type(move).__name__}")
    joined = re.fullmatch(r"([a-z]{1,2}[0-9]{1,2})([a-z]{1,2}[0-9]{1,2})[qrbn]?", move.strip().lower())
    if joined:  # cells written end to end, as UCI writes a chess move (e2e4, e7e8q)
        return (_cell(variant, joined[1]), _cell(variant, joined[2]))
    if move.strip() and not re.search(r"[-x:]", move.strip()):
        return (_cell(variant, move.strip()),)  # a placement: one cell
    cells, _ = parse_arrow(move)
    return tuple(_cell(variant, c) for c in cells)


def _cell_size(
    position: Position,
    variant: Variant,
    coordinates: bool,
    cell_size: float | None,
    window: frozenset[int] | None = None,
) -> float:
    if cell_size is not None:
        return cell_size_mm(cell_size)
    key = ("fit", coordinates) if window is None else ("fit", coordinates, window)
    cache = position.game.cache
    if key not in cache:
        cache[key] = fit_cell_size(variant, coordinates=coordinates, window=window)
    size: float = cache[key]
    return size


def _ground(variant: Variant, cell: int) -> str:
    """The colour of ``cell`` itself: its square's shade, the board's surface or cells."""
    colours = variant.print.colours
    grid = variant.grid
    if grid.drawn != "cells":
        return colours["cell"]
    if isinstance(grid, SquareGrid):
        return colours[grid.colour(cell)]
    return colours["restricted"] if cell in variant.restricted else colours["cell"]


def _ink(variant: Variant, pieces: Mapping[int, PieceView], cell: int, given: str | None) -> str:
    """``given``, else the ink that reads on what stands on ``cell``: the piece, else the cell."""
    if given is not None:
        return given
    piece = pieces.get(cell)
    return contrast(variant.player(piece.player).colour if piece else _ground(variant, cell))


def _check_lastmove(
    variant: Variant, pieces: Mapping[int, PieceView], cells: Sequence[int], said: str
) -> None:
    """A last move must lead to this position: a piece stands where it ended, and the
    cell it left is empty (a move from a cell back to it aside)."""
    name = variant.grid.name
    if not cells:
        return
    if cells[-1] not in pieces:
        raise BoardgenError(
            f"{said} does not lead here: no piece stands on {name(cells[-1])}", key="lastmove"
        )
    if len(cells) > 1 and cells[0] != cells[-1] and cells[0] in pieces:
        raise BoardgenError(
            f"{said} does not lead here: a piece still stands on {name(cells[0])}, where the move started",
            key="lastmove",
        )


def _inside(
    variant: Variant, shown: frozenset[int] | None, cells: Iterable[int], option: str, window: object
) -> None:
    """Refuse a mark placed outside the part of the board a window shows."""
    if shown is None:
        return
    outside = [c for c in cells if c not in shown]
    if outside:
        said = window if isinstance(window, str) else "-".join(str(c) for c in window)  # type: ignore[attr-defined]
        raise BoardgenError(f"{variant.grid.name(outside[0])} is outside the window {said}", key=option)


def _in_check(engine: Any, state: Any) -> tuple[int, ...]:
    """The cells of the pieces in check, for a game whose engine says (chess's kings):
    ``checked`` is an engine's own, beyond the protocol."""
    checked = getattr(engine, "checked", None)
    return tuple(checked(state)) if checked is not None else ()


class _Plan(NamedTuple):
    """What a diagram draws, before it is drawn: the board's options, the pieces, the
    overlay placing the marks, the cells tinted, and the text for ``<desc>`` (a named
    tuple: cheaper to define at start-up than a frozen dataclass)."""

    variant: Variant
    options: BoardOptions
    pieces: Mapping[int, PieceView]
    overlay: Callable[[Layout], tuple[list[Item], list[Item]]]
    tinted: tuple[int, ...]
    lines: tuple[str, ...]
    layer_key: tuple[Any, ...]
    lang: str = "en"

    def description(self, board_text: str) -> str:
        return "\n".join([board_text, *(["", *self.lines] if self.lines else [])])

    def board_text(self) -> str:
        say = diagram_words(self.lang)
        return describe_position(self.variant, self.pieces, say=say, lang=self.lang)


def _language(lang: object) -> str:
    if not isinstance(lang, str):
        raise TypeError(f"lang must be a language code ('en', 'fr', 'de'), not {type(lang).__name__}")
    code = lang.strip().lower()
    try:
        diagram_words(code)
    except BoardgenError as error:
        raise BoardgenError(error.message, key="lang") from None
    return code


def _plan(
    position: Position,
    *,
    move: str | Move | None,
    arrows: Iterable[ArrowSpec],
    fill: FillSpec | None,
    lastmove: str | Move | None,
    flipped: bool,
    coordinates: bool,
    colours: ColoursSpec | None,
    cell_size: float | None,
    title: str | None = None,
    labels: LabelsSpec | None = None,
    marks: MarksSpec | None = None,
    sequence: MovesSpec | None = None,
    first_number: int = 1,
    window: WindowSpec | None = None,
    lang: str = "en",
) -> _Plan:
    _check_position(position)
    for option, flag in (("flipped", flipped), ("coordinates", coordinates)):
        if not isinstance(flag, bool):
            raise TypeError(f"{option} must be True or False, not {type(flag).__name__}")
    if move is not None and not isinstance(move, (str, Move)):
        raise TypeError(f"move must be a move's text or a Move, not {type(move).__name__}")
    if move is not None and sequence is not None:
        raise BoardgenError(
            "give move (one move explained) or sequence (moves numbered), not both", key="sequence"
        )
    lang = _language(lang)
    say = diagram_words(lang)
    fill = _fills(fill)
    colours = _colours(colours)
    variant, inks = _variant(position, colours)
    game = position.game

    def cell(ref: str | int) -> int:
        return _cell(variant, ref)

    corners = resolve_window(window, cell)
    shown = window_cells(variant, corners)
    size = _cell_size(position, variant, coordinates, cell_size, corners)
    engine = game.engine
    paths = _arrows(variant, arrows, inks.get("arrow", ARROW))
    circles = {p[0]: ink for p, ink in paths if len(set(p)) == 1}  # an arrow to its own cell: a circle
    paths = [(p, ink) for p, ink in paths if len(set(p)) > 1]
    tints: dict[int, str] = {}
    for ref, ink in (fill or {}).items():
        tints[cell(ref)] = parse_colour(ink) if ink else inks.get("fill", HIGHLIGHT)
    last = _path(variant, lastmove) if lastmove is not None else ()
    shapes = resolve_marks(marks, cell)
    written = resolve_labels(labels, cell)
    move_drawn = None
    figure = None
    if move is not None:
        raw = position.move(move).raw if isinstance(move, str) else position.move(move.text).raw
        move_drawn = move_marks(variant, engine, position.state, raw, lang)
        pieces = dict(move_drawn.pieces)
    elif sequence is not None:
        figure = play_sequence(position, sequence, first_number_of(first_number), cell)
        pieces = dict(figure.pieces)
        for at, number in figure.numbers.items():
            written.setdefault(at, (number, None))
    else:
        pieces = dict(engine.pieces(position.state))
    if last:
        _check_lastmove(variant, pieces, last, shown_text(lastmove))
    elsewhere: tuple[int, ...] = ()
    if shown is not None and last and not set(last) & shown:  # the last move was made off the part shown
        elsewhere, last = last, ()
    for option, cells in (
        ("arrows", [c for p, _ in paths for c in p] + list(circles)),
        ("fill", tints),
        ("lastmove", last),
        ("marks", shapes),
        ("labels", [c for c in written if figure is None or c not in figure.numbers]),
    ):
        _inside(variant, shown, cells, option, window)
    if shown is not None:  # numbered stones outside the window are not drawn
        written = {c: label for c, label in written.items() if c in shown}
    if shown is not None:
        pieces = {c: p for c, p in pieces.items() if c in shown}
    in_check = _in_check(engine, position.state)
    if shown is not None:
        in_check = tuple(c for c in in_check if c in shown)
    radius = piece_radius(variant, size)
    drawn_marks = {c: (shape, _ink(variant, pieces, c, ink)) for c, (shape, ink) in shapes.items()}
    for at, ink in circles.items():
        drawn_marks[at] = ("circle", ink)
    drawn_labels = {c: (text, _ink(variant, pieces, c, ink)) for c, (text, ink) in written.items()}
    grounds = (
        {c: _ground(variant, c) for c in drawn_labels if c not in pieces}
        if variant.grid.drawn == "points"
        else {}
    )

    def overlay(layout: Layout) -> tuple[list[Item], list[Item]]:
        under: list[Item] = []
        over: list[Item] = []
        if last:
            under += highlight_items(layout, last, inks.get("lastmove", LASTMOVE))
        under += check_items(layout, in_check, inks.get("check", CHECK))
        for ink in dict.fromkeys(tints.values()):
            under += highlight_items(layout, [c for c, i in tints.items() if i == ink], ink)
        if move_drawn is not None:
            fills = {c: variant.player(pieces[c].player).colour for c in move_drawn.captured if c in pieces}
            under += alternative_items(layout, move_drawn.alternatives)
            under += highlight_items(layout, move_drawn.landings + move_drawn.placed)
            over += captured_items(layout, move_drawn.captured, radius, fills)
            over += placed_items(layout, move_drawn.placed, radius)
            over += turned_items(layout, move_drawn.turned, radius)
            if len(move_drawn.path) > 1:
                over += arrow_items(layout, [move_drawn.path], inks.get("arrow", ARROW))
        for ink in dict.fromkeys(i for _, i in paths):
            over += arrow_items(layout, [p for p, i in paths if i == ink], ink)
        if move_drawn is not None:
            over += crowned_items(layout, move_drawn.crowned)
        over += shape_items(layout, drawn_marks, radius)
        over += label_items(layout, drawn_labels, radius, grounds)
        return under, over

    name = variant.grid.name
    to = say("to")
    lines = list(move_drawn.lines) if move_drawn is not None else []
    lines += [say("arrow", path=to.join(name(c) for c in p)) for p, _ in paths]
    by_shape: dict[str, list[int]] = {}
    for at, (shape, _) in drawn_marks.items():
        by_shape.setdefault(shape, []).append(at)
    lines += [say(f"marks.{shape}", cells=names(variant, cells)) for shape, cells in by_shape.items()]
    if figure is not None:
        moves = ", ".join(f"{n} {text}" for n, text in figure.played)
        lines.append(say("numbered", moves=moves))
        if figure.replayed:
            lines.append(say("not_shown", moves=", ".join(say("at", n=n, m=m) for n, m in figure.replayed)))
    plain = {c: t for c, (t, _) in drawn_labels.items() if figure is None or c not in figure.numbers}
    if plain:
        lines.append(say("labelled", labels=", ".join(f"{name(c)} {text}" for c, text in plain.items())))
    if tints:
        lines.append(say("highlighted", cells=names(variant, tints)))
    if last or elsewhere:
        lines.append(say("last_move", path=to.join(name(c) for c in last or elsewhere)))
    if in_check:
        lines.append(say("in_check", cells=names(variant, in_check)))
    if flipped:
        lines.append(flipped_line(variant, lang))
    if shown is not None:
        ordered = sorted(shown, key=lambda c: (-variant.grid.coords(c)[1], variant.grid.coords(c)[0]))
        lines.append(say("window", first=name(ordered[0]), last=name(ordered[-1])))
    tinted = (
        *last,
        *tints,
        *(move_drawn.landings + move_drawn.placed + move_drawn.alternatives if move_drawn else ()),
    )
    heading = title or variant.text(variant.title, lang)
    options = BoardOptions(
        size, coordinates, heading, flipped, corners, cut=corners is not None, seamless=True
    )
    key = ("layer", tuple(sorted((colours or {}).items())), size, coordinates, flipped, corners)
    return _Plan(variant, options, pieces, overlay, tuple(dict.fromkeys(tinted)), tuple(lines), key, lang)


def shown_text(move: str | Move | None) -> str:
    """A move as a message quotes it."""
    return shown(move.text if isinstance(move, Move) else str(move))


def _layered_svg(position: Position, plan: _Plan) -> str:
    """The SVG of a board without a scoring track: its board layer kept on the game as
    text (see :mod:`boardgen.render.layers`), the position's layer drawn now."""
    cache = position.game.cache
    if plan.layer_key not in cache:
        layer = board_layer(plan.variant, plan.options)
        fragment = render_fragment(layer.items, repr(plan.layer_key))
        cache[plan.layer_key] = (layer._replace(items=()), fragment)  # its items are in the text
    layer, fragment = cache[plan.layer_key]
    items = position_items(
        plan.variant,
        layer,
        dict(plan.pieces),
        plan.overlay,
        coordinates=plan.options.coordinates,
        tinted=plan.tinted,
    )
    top = Scene(
        layer.width, layer.height, tuple(items), plan.options.title, plan.description(plan.board_text())
    )
    body = render_svg(top).decode("utf-8")
    return body.replace("</desc>\n", "</desc>\n" + fragment + "\n", 1)


def _scene(position: Position, options: Mapping[str, Any]) -> Scene:
    plan = _plan(position, **options)
    drawn = board_scene(plan.variant, plan.options, plan.pieces, plan.overlay)
    return replace(drawn, description=plan.description(plan.board_text()))


def scene(
    position: Position,
    *,
    move: str | Move | None = None,
    arrows: Iterable[ArrowSpec] = (),
    fill: FillSpec | None = None,
    lastmove: str | Move | None = None,
    flipped: bool = False,
    coordinates: bool = True,
    colours: ColoursSpec | None = None,
    cell_size: float | None = None,
    marks: MarksSpec | None = None,
    labels: LabelsSpec | None = None,
    sequence: MovesSpec | None = None,
    first_number: int = 1,
    window: WindowSpec | None = None,
    lang: str = "en",
    title: str | None = None,
) -> Scene:
    """The backend-neutral picture :func:`svg`, :func:`pdf` and :func:`png` draw (options
    as for :func:`svg`; ``title`` replaces the game's title as the picture's own)."""
    return _scene(position, {k: v for k, v in locals().items() if k != "position"})


def svg(
    position: Position,
    *,
    move: str | Move | None = None,
    arrows: Iterable[ArrowSpec] = (),
    fill: FillSpec | None = None,
    lastmove: str | Move | None = None,
    flipped: bool = False,
    coordinates: bool = True,
    size: int | None = None,
    colours: ColoursSpec | None = None,
    cell_size: float | None = None,
    marks: MarksSpec | None = None,
    labels: LabelsSpec | None = None,
    sequence: MovesSpec | None = None,
    first_number: int = 1,
    window: WindowSpec | None = None,
    lang: str = "en",
) -> str:
    """The position as an SVG document (text), for a web page or a notebook.

    ``arrows`` holds ``(from, to)``, ``(from, to, colour)``, longer paths or strings
    ``"11-15:red"``, cells by name or square number (an arrow from a cell to itself is
    a circle round it, as python-chess draws one); ``fill`` maps cells to colours
    (None: the highlight yellow); ``lastmove`` tints the cells of the move that led
    here (checked: a piece stands where it ended); ``move`` draws this position with
    that move explained on it. ``marks`` puts a circle, triangle, square or cross on
    cells (``{"d4": "triangle"}``, ``["d4:triangle:red"]`` or ``"d4:triangle e5:circle"``),
    ``labels`` letters or numbers (``{"d4": "A"}``, ``"d4:A q16:1:red"``), each in the
    ink that reads on what is there unless a colour is given. ``sequence`` plays moves
    from the position and numbers them on their stones, from ``first_number``, as Go
    books print a game (``"q16 d4 c3"``). ``window`` shows a part of the board, two
    corner cells (``"a13-g19"``), cut edges drawn as zigzags, coordinates kept. ``size``
    is the width in pixels (height in proportion); without it the SVG is in millimetres,
    about 120 mm wide, or at ``cell_size`` mm per cell for true-scale print. ``colours``
    overrides the board's (``light``, ``dark``, ``line``, ``text``, ...), a player's
    pieces (by player id) and the marks' (``arrow``, ``fill``, ``lastmove``, ``check``: a king
    in check glows red, in chess). ``lang``
    (``en``, ``fr``, ``de``) is the language of the picture's own text: its title and
    the description (``<desc>``) a screen reader reads.
    """
    size = None if size is None else size_px(size)
    options = {k: v for k, v in locals().items() if k not in ("position", "size")}
    plan = _plan(position, **options)
    if plan.variant.scoring_track is None:
        text = _layered_svg(position, plan)
    else:
        drawn = board_scene(plan.variant, plan.options, plan.pieces, plan.overlay)
        drawn = replace(drawn, description=plan.description(plan.board_text()))
        text = render_svg(drawn).decode("utf-8")
    if size is not None:
        found = re.search(_VIEWBOX, text)
        assert found is not None  # every SVG of the backend has one
        width, height = float(found[1]), float(found[2])
        text = re.sub(_PX, f'width="{size}" height="{size * height / width:.0f}"', text, count=1)
    return text.split("\n", 1)[1]  # no XML declaration: inlined in HTML


def pdf(
    position: Position,
    *,
    move: str | Move | None = None,
    arrows: Iterable[ArrowSpec] = (),
    fill: FillSpec | None = None,
    lastmove: str | Move | None = None,
    flipped: bool = False,
    coordinates: bool = True,
    colours: ColoursSpec | None = None,
    cell_size: float | None = None,
    marks: MarksSpec | None = None,
    labels: LabelsSpec | None = None,
    sequence: MovesSpec | None = None,
    first_number: int = 1,
    window: WindowSpec | None = None,
    lang: str = "en",
) -> bytes:
    """The position as a one-page PDF the size of the picture (``cell_size`` mm per
    cell for true scale; default about 120 mm wide). Options as for :func:`svg`."""
    options = {k: v for k, v in locals().items() if k != "position"}
    # Lazy for start-up speed: the PDF backend loads reportlab.
    from ..backends.pdf import render_pdf

    drawn = _scene(position, options)
    return render_pdf(
        Document((drawn,), title=drawn.title, subject=f"boardgen diagram for {position.game.id}")
    )


def png(
    position: Position,
    *,
    move: str | Move | None = None,
    arrows: Iterable[ArrowSpec] = (),
    fill: FillSpec | None = None,
    lastmove: str | Move | None = None,
    flipped: bool = False,
    coordinates: bool = True,
    size: int | None = None,
    colours: ColoursSpec | None = None,
    cell_size: float | None = None,
    marks: MarksSpec | None = None,
    labels: LabelsSpec | None = None,
    sequence: MovesSpec | None = None,
    first_number: int = 1,
    window: WindowSpec | None = None,
    lang: str = "en",
    dpi: float = 200.0,
) -> bytes:
    """The position as PNG bytes: ``size`` pixels wide, else at ``dpi`` (the image
    records its resolution, so it still knows its size in mm). Options as for :func:`svg`."""
    options = {k: v for k, v in locals().items() if k not in ("position", "size", "dpi")}
    # Lazy for start-up speed: the PNG backend loads reportlab and pypdfium2.
    from ..backends.png import render_png

    size = None if size is None else size_px(size)
    dpi = dpi_value(dpi)
    drawn = _scene(position, options)
    if size is not None:
        return render_png(drawn, size / (drawn.width / 25.4), width=size)
    return render_png(drawn, dpi)
