"""Hex and Havannah games (HexGui's SGF, Little Golem's ``.hgf``) as game records.

:mod:`boardgen.records.sgf.hex_havannah` reads both dialects and replays them with the
connection family; here the replay becomes plies, numbered one by one as the players
number their moves. The players are the engine's colours: ``PB`` and ``PW`` name the
players who held them at the end (after HexGui's swap, where the players trade colours,
``PW`` holds the first colour). The result is written as PGN writes it, ``1-0`` when the
first player (Red in Hex, White in Havannah) won and ``0-1`` when the second did: the
winner the file's ``RE`` names (its letters, which the two dialects read differently,
are kept as the ``RE`` tag), else the player whose shape ended the game; a resignation
or forfeit is the ``Termination`` tag. A record move that changes no stone (HexGui's
``swap-pieces``) is kept, as written, in the comment of the ply before it (of the
record, before the first ply). Little Golem writes ``null`` for a value it does not
have (``EV[null]``): no tag is made of it.
"""

from __future__ import annotations

__all__ = ["connection_record"]

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ...errors import BoardgenError
from ...model.positions import Game
from ...rules.connection import ConnectionGame
from ...rules.registry import make_game
from ..record import GameLoader, GameRecord, Ply
from .boards import check_moves, record_board
from .hex_havannah import (
    ENDINGS,
    ConnectionRecord,
    Replay,
    hex_record,
    lg_havannah_record,
    replay_record,
)
from .info import GAME_INFO, sgf_tags
from .tree import SgfNode


def _record_game(base: Game, record: ConnectionRecord) -> Game:
    """``base``, with the swap switch on when a Havannah record takes the first stone over."""
    own = base.variant.rules.params
    swaps = record.kind == "havannah" and any(value == "swap" for _, value in record.moves)
    if not swaps or own.get("swap"):
        return base
    params = {**own, "swap": True}
    engine = make_game(replace(base.variant.game_spec(), params=params), base.variant.rules.family)
    game = type(base)(base.variant, engine)
    game.cache = base.cache  # what drawing keeps depends on the board alone: share it
    return game


def _players(game: Game, record: ConnectionRecord) -> dict[str, str]:
    """The tag each of ``PB`` and ``PW`` is: the player who held that colour at the end."""
    first, second = (game.player_name(p.id) for p in game.variant.players)
    traded = record.kind == "hex" and any(value.startswith("swap") for _, value in record.moves)
    return {"PB": second, "PW": first} if traded else {"PB": first, "PW": second}


def _result(game: Game, replay: Replay) -> str:
    """``1-0``, ``0-1``: the winner ``RE`` names, else the one whose shape ended the game."""
    winner = replay.winner
    if not winner:
        ending = game.engine.ending(replay.positions[-1])
        winner = ending.result if ending is not None else ""
    ids = [p.id for p in game.variant.players]
    return "*" if winner not in ids else "1-0" if winner == ids[0] else "0-1"


def _unplayed(record: ConnectionRecord, start: int, end: int) -> list[str]:
    """The record's moves from ``start`` to ``end`` that place no stone and end nothing."""
    return [value for _, value in record.moves[start:end] if value not in ENDINGS]


def _comment(*parts: str) -> str:
    return " ".join(part.strip() for part in parts if part.strip())


def _plies(game: Game, record: ConnectionRecord, replay: Replay, nodes: list[SgfNode]) -> tuple[Ply, ...]:
    comments = {node.mark: _comment(*node.props.get("C", [])) for node in nodes[1:]}
    positions = [game.position_of(state) for state in replay.positions]
    plies: list[Ply] = []
    for index, (raw, source) in enumerate(zip(replay.moves, replay.sources, strict=True)):
        before, after = positions[index], positions[index + 1]
        move = before.move(game.engine.move_text(before.state, raw))
        following = replay.sources[index + 1] if index + 1 < len(replay.sources) else len(record.moves)
        mark = record.marks[source]
        comment = _comment(comments.pop(mark, ""), *_unplayed(record, source + 1, following))
        plies.append(Ply(index + 1, index + 1, move.text, move, before, after, comment, mark=mark))
    return tuple(plies)


def connection_record(
    nodes: list[SgfNode],
    kind: str,
    *,
    file: str,
    override: Game | str | None,
    folders: Sequence[str | Path],
    load: GameLoader,
) -> GameRecord:
    """The ``hex`` or ``havannah`` game of one main line; raises BoardgenError at the bad spot."""
    record = hex_record(nodes) if kind == "hex" else lg_havannah_record(nodes)
    check_moves(record.marks)
    root = nodes[0]
    game = _record_game(record_board(kind, record.size, root, override, folders, load), record)
    engine = game.engine
    if not isinstance(engine, ConnectionGame):  # record_board checked the family: a plug-in's?
        raise BoardgenError(f"SGF: {game.id} is not played by boardgen's connection family", mark=root.mark)
    replay = replay_record(record, engine)
    info = {key: tag for key, tag in GAME_INFO.items() if key != "RE"}
    tags = sgf_tags(root, {**info, **_players(game, record)})
    if kind == "havannah":  # Little Golem writes "null" for what it does not know (EV[null])
        tags = {key: value for key, value in tags.items() if value != "null"}
    result = tags["Result"] = _result(game, replay)
    if replay.ended_by:
        tags["Termination"] = replay.ended_by
    first = replay.sources[0] if replay.sources else len(record.moves)
    comment = _comment(*root.props.get("C", []), *_unplayed(record, 0, first))
    plies = _plies(game, record, replay, nodes)
    fmt = "hgf" if kind == "havannah" else "sgf"
    return GameRecord(tags, game, game.start, plies, result, comment, file=file, mark=root.mark, format=fmt)
