"""Written moves played one by one into plies, for the record formats that number and
write moves their own way (xiangqi PGN, KIF, USI): each reader turns its notation
into a text the game's engine reads, and :func:`play_moves` does the rest.
"""

from __future__ import annotations

__all__ = ["Written", "over_the_board", "play_moves"]

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..errors import BoardgenError, Mark
from ..foundation.values import frozen
from ..model.positions import Game, Position
from ..rules.registry import make_game
from .limits import MAX_PLIES
from .record import Ply


@frozen
class Written:
    """One move as the record writes it (``written``, named in errors), the text the
    engine reads (``move``), where it stands in the file, the comment after it, and the
    text the ply keeps when not the written one (``shown``: KIF's kanji moves are kept
    as USI, which every sheet's font prints, as SGF's letter pairs are kept as cells)."""

    written: str
    move: str
    mark: Mark | None = None
    comment: str = ""
    shown: str = ""


def play_moves(
    start: Position, moves: Sequence[Written], *, in_pairs: bool, file: str, first_number: int = 1
) -> tuple[Ply, ...]:
    """The plies of ``moves`` played from ``start``; a move the rules refuse raises
    BoardgenError at its place, naming its number and how it was written."""
    if len(moves) > MAX_PLIES:
        raise BoardgenError(
            f"more than {MAX_PLIES:,} plies in one game", file=file, mark=moves[MAX_PLIES].mark
        )
    plies: list[Ply] = []
    position = start
    shift = 0 if start.turn == start.game.variant.first else 1  # the second player opens
    for index, written in enumerate(moves, start=1):
        number = first_number + (index - 1 + shift) // 2 if in_pairs else index
        try:
            move = position.move(written.move)
            after = position.play(move)
        except BoardgenError as error:
            raise BoardgenError(
                f"move {number} ({written.written}): {error.message}", file=file, mark=written.mark
            ) from None
        text = written.shown or written.written
        plies.append(Ply(index, number, text, move, position, after, written.comment, mark=written.mark))
        position = after
    return tuple(plies)


def over_the_board(game: Game, claimed: Mapping[str, object]) -> Game:
    """``game`` with the switches in ``claimed`` set: the rules a player claims over the
    board (a repetition, a move limit) turned off, so that a recorded game that went on
    past them replays to its end, its result being the record's. ``game`` itself when
    they are already so."""
    own = game.variant.rules.params
    params = {**own, **claimed}
    if params == dict(own):
        return game
    engine = make_game(replace(game.variant.game_spec(), params=params), game.variant.rules.family)
    played = type(game)(game.variant, engine)
    played.cache = game.cache  # what drawing keeps depends on the board alone: share it
    return played
