"""A Go game in SGF (``GM[1]``) as a game record: its main line played by the Go family.

The record plays on the board of its size (:mod:`boardgen.records.sgf.boards`) with its own
komi (``KM``, 0 when absent, as SGF says) and counting: territory for Japanese and
Korean rules (``RU``), area otherwise. Set-up stones (``AB``, ``AW``: a handicap) and
the player to move (``PL``, else the first move's colour) make the start. Each move is
a ply numbered as Go numbers moves, one by one; a pass (``B[]``, ``B[tt]``) is a ply
written ``pass``, and where a record lets one colour move twice the other's pass left
out is played as a ply of its own. Comments ``C`` go with the move of their node (the
root's is the record's). A move the rules refuse fails at its move number and node.

Variations are kept as PDN's are: each branch is played from the position before the
move it stands for (a bad move in it is refused at its node), and becomes a
:class:`~boardgen.records.record.Variation` of that move's ply (``ply.lines``, its moves
as text in ``ply.variations``), its own branches likewise, at most :data:`MAX_DEPTH` deep.
"""

from __future__ import annotations

__all__ = ["go_record"]

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ...errors import BoardgenError, Mark
from ...model.positions import Game, Position
from ...rules.registry import make_game
from ..record import GameLoader, GameRecord, Ply, Variation
from .boards import check_moves, record_board
from .info import GAME_INFO, GO_INFO, sgf_tags
from .reader import SgfGame, sgf_game, sgf_point
from .tree import SgfNode

#: Deepest nesting of variations read (a variation inside a variation ...).
MAX_DEPTH = 40

_QUOTED_MOVE = re.compile(r"^move '[^']*': ")

#: The rules (``RU``) whose results are counted by territory; every other is by area.
TERRITORY_RULES = ("japanese", "korean")


def _record_game(base: Game, sgf: SgfGame, root: SgfNode) -> Game:
    """``base`` with the record's komi and counting; ``base`` itself when they are its own."""
    rules = root.first("RU").lower()
    scoring = "territory" if rules.startswith(TERRITORY_RULES) else "area"
    params = {**base.variant.rules.params, "komi": sgf.komi, "handicap": 0, "scoring": scoring}
    if params == dict(base.variant.rules.params):
        return base
    try:
        engine = make_game(replace(base.variant.game_spec(), params=params), base.variant.rules.family)
    except BoardgenError as error:
        raise BoardgenError(f"SGF: KM[{root.first('KM')}]: {error.message}", mark=root.where("KM")) from None
    game = type(base)(base.variant, engine)
    game.cache = base.cache  # what drawing keeps depends on the board alone: share it
    return game


def _colours(game: Game, root: SgfNode) -> dict[str, str]:
    """The player id of each SGF colour (``B``, ``W``), by the players' letters."""
    colours = {p.letter: p.id for p in game.variant.players}
    if set(colours) != {"B", "W"}:
        raise BoardgenError(
            f"SGF: {game.id} does not letter its players B and W, as Go records write them",
            mark=root.where("SZ"),
        )
    return colours


def _cell(game: Game, sgf: SgfGame, point: tuple[int, int]) -> int:
    """The cell of an SGF point (column, row from the top) on the record's board."""
    cell = game.variant.grid.at(point[0], sgf.size - 1 - point[1])
    assert cell is not None  # sgf_game keeps points on the board, record_board its size
    return cell


def _start(game: Game, sgf: SgfGame, root: SgfNode) -> Position:
    """The set-up stones and the player to move, or the game's own start."""
    if not sgf.black and not sgf.white and sgf.first == "B":
        return game.start
    both = set(sgf.black) & set(sgf.white)
    if both:
        x, y = min(both)
        raise BoardgenError(
            f"SGF: AB and AW both put a stone on {chr(97 + x)}{chr(97 + y)}", mark=root.where("AW")
        )

    def names(points: Sequence[tuple[int, int]]) -> str:
        cells = sorted({_cell(game, sgf, point) for point in points})
        return ",".join(game.variant.grid.name(cell) for cell in cells) or "-"

    return game.position(f"B:{names(sgf.black)}:W:{names(sgf.white)}/{sgf.first}")


def _comments(nodes: list[SgfNode]) -> tuple[str, dict[int, str]]:
    """The root's comment, and each later node's by the number of moves made up to it."""
    made = 0
    out: dict[int, str] = {}
    for node in nodes[1:]:
        made += len(node.props.get("B", [])) + len(node.props.get("W", []))
        text = " ".join(v.strip() for v in node.props.get("C", []) if v.strip())
        if text:
            out[made] = f"{out[made]} {text}" if made in out else text
    return " ".join(v.strip() for v in nodes[0].props.get("C", []) if v.strip()), out


def _plies(
    game: Game, start: Position, sgf: SgfGame, colours: dict[str, str], comments: dict[int, str]
) -> tuple[tuple[Ply, ...], tuple[int, ...]]:
    """The main line's plies, and the main-line node each comes from."""
    plies: list[Ply] = []
    nodes: list[int] = []
    position = start

    def play(text: str, mark: Mark | None, what: str, node: int, comment: str = "") -> Position:
        try:
            move = position.move(text)
            after = position.play(move)
        except BoardgenError as error:
            why = _QUOTED_MOVE.sub("", error.message)  # the move is named already
            raise BoardgenError(f"SGF move {what}: {why}", mark=mark) from None
        plies.append(
            Ply(len(plies) + 1, len(plies) + 1, move.text, move, position, after, comment, mark=mark)
        )
        nodes.append(node)
        return after

    moves = zip(sgf.moves, sgf.marks, sgf.nodes or [0] * len(sgf.moves), strict=True)
    for number, ((colour, point), mark, node) in enumerate(moves, start=1):
        written = "" if point is None else chr(97 + point[0]) + chr(97 + point[1])
        what = f"{number} ({colour}[{written}])"
        if position.turn != colours[colour]:  # one colour moves twice: the other's pass left out
            position = play("pass", mark, what, node)
        name = "pass" if point is None else game.variant.grid.name(_cell(game, sgf, point))
        position = play(name, mark, what, node, comments.get(number, ""))
    return tuple(plies), tuple(nodes)


def _line(
    game: Game,
    before: Position,
    nodes: list[SgfNode],
    size: int,
    colours: dict[str, str],
    index: int,
    depth: int,
) -> Variation:
    """A branch of the game: its nodes' moves played from ``before``, the first
    numbered ``index``; its own branches as the plies' lines."""
    if depth > MAX_DEPTH:
        mark = nodes[0].mark if nodes else None
        raise BoardgenError(f"SGF: variations nested more than {MAX_DEPTH} deep", mark=mark)
    plies: list[Ply] = []
    position = before
    for node in nodes:
        comment = " ".join(v.strip() for v in node.props.get("C", []) if v.strip())
        branches = node.alternatives
        for colour in ("B", "W"):
            for value in node.props.get(colour, []):
                what = f"{index + len(plies)} ({colour}[{value}]) in a variation"
                try:
                    point = sgf_point(value, size, what)
                    if colour not in colours:
                        raise BoardgenError(f"{colour} is not a colour of this game")
                    if position.turn != colours[colour]:
                        raise BoardgenError(f"{position.turn} is to move")
                    name = "pass" if point is None else game.variant.grid.name(_cell_at(game, size, point))
                    move = position.move(name)
                    after = position.play(move)
                except BoardgenError as error:
                    why = _QUOTED_MOVE.sub("", error.message)
                    raise BoardgenError(f"SGF move {what}: {why}", mark=node.mark) from None
                number = index + len(plies)
                lines = tuple(_line(game, position, b, size, colours, number, depth + 1) for b in branches)
                branches = []
                plies.append(
                    Ply(
                        number,
                        number,
                        move.text,
                        move,
                        position,
                        after,
                        comment,
                        mark=node.mark,
                        variations=tuple(_text(line) for line in lines),
                        lines=lines,
                    )
                )
                comment = ""
                position = after
    return Variation(tuple(plies))


def _text(line: Variation) -> str:
    """A branch's moves as text (``d16 c4 pass``)."""
    return " ".join(ply.written for ply in line.plies)


def _cell_at(game: Game, size: int, point: tuple[int, int]) -> int:
    cell = game.variant.grid.at(point[0], size - 1 - point[1])
    assert cell is not None  # sgf_point keeps points on the board
    return cell


def _branched(
    game: Game,
    plies: tuple[Ply, ...],
    nodes: tuple[int, ...],
    main: list[SgfNode],
    size: int,
    colours: dict[str, str],
) -> tuple[Ply, ...]:
    """The main line's plies with the branches of its nodes: each branch stands for the
    first ply made at or after the node it starts at."""
    found = list(plies)
    for at, node in enumerate(main):
        if not node.alternatives or not found:
            continue
        k = next((i for i, n in enumerate(nodes) if n >= at), len(found) - 1)
        ply = found[k]
        lines = tuple(_line(game, ply.before, b, size, colours, ply.index, 1) for b in node.alternatives)
        found[k] = replace(
            ply, lines=ply.lines + lines, variations=ply.variations + tuple(_text(line) for line in lines)
        )
    return tuple(found)


def go_record(
    nodes: list[SgfNode],
    *,
    file: str,
    override: Game | str | None,
    folders: Sequence[str | Path],
    load: GameLoader,
    format: str = "sgf",
) -> GameRecord:
    """The Go game of one SGF game's main line; raises BoardgenError at the bad spot."""
    sgf = sgf_game(nodes)
    check_moves(sgf.marks)
    root = nodes[0]
    game = _record_game(record_board("go", sgf.size, root, override, folders, load), sgf, root)
    colours = _colours(game, root)
    start = _start(game, sgf, root)
    comment, comments = _comments(nodes)
    plies, places = _plies(game, start, sgf, colours, comments)
    plies = _branched(game, plies, places, nodes, sgf.size, colours)
    players = {"PB": game.player_name(colours["B"]), "PW": game.player_name(colours["W"])}
    tags = sgf_tags(root, {**GAME_INFO, **GO_INFO, **players})
    return GameRecord(
        tags, game, start, plies, sgf.result or "*", comment, file=file, mark=root.mark, format=format
    )
