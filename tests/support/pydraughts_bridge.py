"""Positions and moves compared with pydraughts 0.6.7, position by position.

pydraughts (Ioannis Pantidis's draughts library) plays International ("standard"),
Russian, Brazilian, Italian, Turkish and Frisian draughts. For a position of one of our
games, :func:`compare` asks both engines for every legal move and compares the *sets*
of positions the moves lead to (pieces and side to move): two paths to one result are
one result on both sides, so how each engine spells or counts paths does not matter.

Squares are translated through names both sides share: PDN numbers on the 10x10 and
Italian boards (the same numbering, checked on the starting position), algebraic names
on the others (pydraughts writes Russian, Brazilian and Turkish positions that way).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from boardgen.rules.leaping import LeapingGame
from boardgen.rules.leaping.position import Position

#: Our game id -> (pydraughts variant name, whether its FEN uses algebraic names).
VARIANTS: dict[str, tuple[str, bool]] = {
    "international-draughts": ("standard", False),
    "russian-draughts": ("russian", True),
    "brazilian-draughts": ("brazilian", True),
    "italian-draughts": ("italian", False),
    "turkish-draughts": ("turkish", True),
    "frisian-draughts": ("frisian", False),
}

#: A position as both engines can write it: side to move, then (cell name, colour, king).
Key = tuple[str, frozenset[tuple[str, str, bool]]]


def _name(game: LeapingGame, cell: int, algebraic: bool) -> str:
    return game.spec.grid.name(cell) if algebraic else game.notation.square(cell)


def our_key(game: LeapingGame, pos: Position, algebraic: bool) -> Key:
    pieces = game.pieces(pos)
    letters = {p.id: p.letter for p in game.spec.players}
    items = frozenset(
        (_name(game, c, algebraic), letters[v.player], v.kind == "king") for c, v in pieces.items()
    )
    return letters[game.to_move(pos)], items


def to_fen(game: LeapingGame, pos: Position, algebraic: bool) -> str:
    """The position as a pydraughts FEN (White's field first)."""
    turn, items = our_key(game, pos, algebraic)
    fields = []
    for colour in ("W", "B"):
        men = sorted(n for n, c, k in items if c == colour and not k)
        kings = sorted("K" + n for n, c, k in items if c == colour and k)
        fields.append(colour + ",".join(men + kings))
    return ":".join([turn, *fields])


def fen_key(fen: str) -> Key:
    """A pydraughts FEN as a Key."""
    turn, *fields = fen.rstrip(".").split(":")
    items = set()
    for f in fields:
        colour = f[0]
        for item in f[1:].split(","):
            item = item.strip()
            if item:
                king = item.startswith("K")
                items.add((item[1:] if king else item, colour, king))
    return turn, frozenset(items)


def their_results(board: Any) -> set[Key]:
    found = set()
    for move in board.legal_moves():
        after = board.copy()
        after.push(move)
        found.add(fen_key(after.fen))
    return found


def our_results(game: LeapingGame, pos: Position, algebraic: bool) -> set[Key]:
    return {our_key(game, game.play(pos, m), algebraic) for m in game.legal_moves(pos)}


#: pydraughts' known mistakes, by name: each a test of one extra result it gives.
KNOWN = ("a king's quiet move passes over pieces",)


def _king_over_pieces(game: LeapingGame, before: Key, after: Key) -> bool:
    """Whether ``after`` is ``before`` with one king of the side to move slid along a
    straight line across some piece (its own or not), nothing captured: pydraughts'
    Turkish king does this in quiet moves."""
    turn = before[0]
    gone = before[1] - after[1]
    new = after[1] - before[1]
    if len(gone) != 1 or len(new) != 1:
        return False
    (src, colour, king), (dst, colour2, king2) = next(iter(gone)), next(iter(new))
    if colour != turn or colour2 != turn or not king or not king2:
        return False
    grid = game.spec.grid
    a, b = grid.parse(src), grid.parse(dst)
    for direction in grid.directions:
        cells = []
        cell = grid.step(a, direction)
        while cell is not None and cell != b:
            cells.append(grid.name(cell))
            cell = grid.step(cell, direction)
        if cell == b:
            occupied = {n for n, _, _ in before[1]}
            return any(n in occupied for n in cells)
    return False


def explain(game: LeapingGame, before: Key, ours_only: set[Key], theirs_only: set[Key]) -> str | None:
    """The known pydraughts mistake that accounts for every difference, if one does."""
    if not ours_only and theirs_only and all(_king_over_pieces(game, before, k) for k in theirs_only):
        return KNOWN[0]
    return None


@dataclass
class Tally:
    """How many positions agreed, the differences a known pydraughts mistake explains
    (by name), and the positions where they differ otherwise."""

    agreed: int = 0
    explained: dict[str, int] = field(default_factory=dict)
    differing: list[tuple[str, set[Key], set[Key]]] = field(default_factory=list)


def compare(game: LeapingGame, pos: Position, tally: Tally) -> None:
    from draughts import Board

    variant, algebraic = VARIANTS[game.spec.id]
    fen = to_fen(game, pos, algebraic)
    board = Board(variant=variant, fen=fen)
    ours = our_results(game, pos, algebraic)
    theirs = their_results(board)
    if ours == theirs:
        tally.agreed += 1
        return
    reason = explain(game, our_key(game, pos, algebraic), ours - theirs, theirs - ours)
    if reason is not None:
        tally.explained[reason] = tally.explained.get(reason, 0) + 1
    else:
        tally.differing.append((fen, ours - theirs, theirs - ours))


def random_positions(game: LeapingGame, seed: int, games: int, plies: int) -> list[Position]:
    """Positions of ``games`` random games (``seed``), up to ``plies`` plies each.

    Captures are preferred only as the rules force them; to reach kings and endings
    the moves are drawn uniformly among the legal ones.
    """
    rng = random.Random(seed)
    found: list[Position] = []
    for _ in range(games):
        pos = game.initial()
        for _ in range(plies):
            moves = game.legal_moves(pos)
            if not moves:
                break
            found.append(pos)
            pos = game.play(pos, rng.choice(moves))
    return found


def compare_game(
    game: LeapingGame, seed: int, plies: int, tally: Tally, keep_king: float = 0.0
) -> list[Position]:
    """Play one random game (``seed``) on both engines in step, comparing every position.

    pydraughts keeps the game's history, which some rules need (a Frisian king's run of
    quiet moves): each of our moves is played there as the legal move with the same
    result. With probability ``keep_king`` a side moves again the king it moved last,
    when it can, so that kings make runs of moves. Returns the positions compared.
    """
    from draughts import Board

    variant, algebraic = VARIANTS[game.spec.id]
    rng = random.Random(seed)
    pos = game.initial()
    board = Board(variant=variant, fen=to_fen(game, pos, algebraic))
    seen: list[Position] = []
    previous: dict[int, int] = {}  # per side, where the piece it moved last stands
    for _ in range(plies):
        moves = game.legal_moves(pos)
        if not moves:
            break
        seen.append(pos)
        theirs: dict[Key, Any] = {}
        for move in board.legal_moves():
            after = board.copy()
            after.push(move)
            theirs.setdefault(fen_key(after.fen), move)
        ours = {our_key(game, game.play(pos, m), algebraic) for m in moves}
        if ours == set(theirs):
            tally.agreed += 1
        else:
            tally.differing.append((to_fen(game, pos, algebraic), ours - set(theirs), set(theirs) - ours))
            break
        last = [m for m in moves if m.path[0] == previous.get(pos.turn)]
        move = rng.choice(last if last and rng.random() < keep_king else moves)
        previous[pos.turn] = move.path[-1]
        pos = game.play(pos, move)
        board.push(theirs[our_key(game, pos, algebraic)])
    return seen
