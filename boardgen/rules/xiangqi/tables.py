"""Xiangqi's board as bits, and every move a piece can make from every point, precomputed.

The 90 points are numbered ``y * 9 + x`` (``x`` the file from Red's left, ``y`` the rank
from Red's side) and a set of points is an ``int`` with that bit set. Chariots and
cannons slide, so their reach depends on the pieces in their way: a rank's pieces are
nine bits of the board (``occ >> 9 * y``), a file's ten bits of a second, "rotated"
board numbered ``x * 10 + y``, and a table indexed by the point and those bits gives
the reach, as rotated bitboards do in chess engines. Horses and elephants are blocked
on a point next to them (the leg, the eye): their moves are listed with that point.

Everything here is made once per process, on first use (about 20 ms).
"""

from __future__ import annotations

__all__ = [
    "ADVISOR",
    "CANNON",
    "CHARIOT",
    "ELEPHANT",
    "GENERAL",
    "HORSE",
    "KINDS",
    "SOLDIER",
    "Tables",
    "tables",
]

import functools

from ...foundation.values import frozen

FILES = 9
RANKS = 10
POINTS = FILES * RANKS

#: Piece kinds; a piece is its kind plus 8 for Black (Red 1-7, Black 9-15).
GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER = 1, 2, 3, 4, 5, 6, 7
#: The piece kinds as the descriptor names them, by number.
KINDS = {
    GENERAL: "general",
    ADVISOR: "advisor",
    ELEPHANT: "elephant",
    HORSE: "horse",
    CHARIOT: "chariot",
    CANNON: "cannon",
    SOLDIER: "soldier",
}


def in_palace(side: int, x: int, y: int) -> bool:
    """Whether ``(x, y)`` lies in the palace of ``side`` (0 Red, 1 Black)."""
    return 3 <= x <= 5 and (0 <= y <= 2 if side == 0 else 7 <= y < RANKS)


def own_half(side: int, y: int) -> bool:
    """Whether rank ``y`` lies on ``side``'s side of the river."""
    return y <= 4 if side == 0 else y >= 5


def _slide(position: int, occupied: int, length: int) -> tuple[int, int]:
    """Along a line of ``length`` points whose pieces are the bits of ``occupied``: the
    points a chariot at ``position`` reaches (empty ones and the first piece each way)
    and those a cannon takes (the piece just beyond the first one, each way)."""
    reach = hit = 0
    for step in (1, -1):
        p = position + step
        while 0 <= p < length and not occupied >> p & 1:
            reach |= 1 << p
            p += step
        if 0 <= p < length:
            reach |= 1 << p
            p += step
            while 0 <= p < length and not occupied >> p & 1:
                p += step
            if 0 <= p < length:
                hit |= 1 << p
    return reach, hit


@frozen
class Tables:
    """The precomputed moves (see the module's docstring); lists are indexed by point."""

    #: [x][rank's 9 bits] -> points of that rank (as bits of rank 0) a chariot reaches / a cannon hits.
    rank_reach: tuple[tuple[int, ...], ...]
    rank_hit: tuple[tuple[int, ...], ...]
    #: [y][file's 10 bits] -> points of file a (as board bits) a chariot reaches / a cannon hits.
    file_reach: tuple[tuple[int, ...], ...]
    file_hit: tuple[tuple[int, ...], ...]
    #: [point] -> ((leg bit, targets), ...): a horse's moves, blocked when the leg is taken.
    horse: tuple[tuple[tuple[int, int], ...], ...]
    #: [point] -> ((leg bit, sources), ...): where a horse attacking the point stands.
    horse_from: tuple[tuple[tuple[int, int], ...], ...]
    #: [side][point] -> ((eye bit, target bit), ...): an elephant's moves.
    elephant: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    #: [side][point] -> targets of an advisor, a general, a soldier.
    advisor: tuple[tuple[int, ...], ...]
    general: tuple[tuple[int, ...], ...]
    soldier: tuple[tuple[int, ...], ...]
    #: [side][point] -> where a soldier of ``side`` attacking the point stands.
    soldier_from: tuple[tuple[int, ...], ...]
    #: [side] -> the points of the palace, of the side's half of the board.
    palace: tuple[int, int]
    half: tuple[int, int]
    #: [side] -> the points a soldier may ever stand on, an elephant, an advisor.
    soldier_points: tuple[int, int]
    elephant_points: tuple[int, int]
    advisor_points: tuple[int, int]
    #: Diagonal neighbours of each point (the legs of horses attacking it).
    around: tuple[int, ...]


def _on_board(x: int, y: int) -> bool:
    return 0 <= x < FILES and 0 <= y < RANKS


def _bit(x: int, y: int) -> int:
    return 1 << (y * FILES + x)


@functools.cache
def tables() -> Tables:
    """The tables, made on first use and kept for the process."""
    rank_reach = tuple(tuple(_slide(x, occ, FILES)[0] for occ in range(1 << FILES)) for x in range(FILES))
    rank_hit = tuple(tuple(_slide(x, occ, FILES)[1] for occ in range(1 << FILES)) for x in range(FILES))
    spread = [0] * (1 << RANKS)  # file bits -> board bits of file a
    for occ in range(1, 1 << RANKS):
        low = occ & -occ
        spread[occ] = spread[occ ^ low] | 1 << (FILES * (low.bit_length() - 1))
    file_reach = tuple(
        tuple(spread[_slide(y, occ, RANKS)[0]] for occ in range(1 << RANKS)) for y in range(RANKS)
    )
    file_hit = tuple(
        tuple(spread[_slide(y, occ, RANKS)[1]] for occ in range(1 << RANKS)) for y in range(RANKS)
    )
    horse: list[tuple[tuple[int, int], ...]] = []
    horse_from: list[tuple[tuple[int, int], ...]] = []
    around: list[int] = []
    for s in range(POINTS):
        x, y = s % FILES, s // FILES
        moves = []
        for lx, ly in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            if not _on_board(x + lx, y + ly):
                continue
            targets = 0
            for side in (1, -1):
                tx, ty = (x + side, y + 2 * ly) if lx == 0 else (x + 2 * lx, y + side)
                if _on_board(tx, ty):
                    targets |= _bit(tx, ty)
            if targets:
                moves.append((_bit(x + lx, y + ly), targets))
        horse.append(tuple(moves))
        sources = []
        near = 0
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            if not _on_board(x + dx, y + dy):
                continue
            near |= _bit(x + dx, y + dy)
            found = 0
            for hx, hy in ((x + 2 * dx, y + dy), (x + dx, y + 2 * dy)):
                if _on_board(hx, hy):
                    found |= _bit(hx, hy)
            if found:
                sources.append((_bit(x + dx, y + dy), found))
        horse_from.append(tuple(sources))
        around.append(near)
    elephant = []
    advisor = []
    general = []
    soldier = []
    soldier_from = []
    masks: dict[str, list[int]] = {k: [0, 0] for k in ("palace", "half", "soldier", "elephant", "advisor")}
    for side in (0, 1):
        forward = 1 if side == 0 else -1
        el, ad, ge, so, sf = [], [], [], [], [0] * POINTS
        for s in range(POINTS):
            x, y = s % FILES, s // FILES
            if in_palace(side, x, y):
                masks["palace"][side] |= 1 << s
            if own_half(side, y):
                masks["half"][side] |= 1 << s
            el.append(
                tuple(
                    (_bit(x + dx, y + dy), _bit(x + 2 * dx, y + 2 * dy))
                    for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1))
                    if _on_board(x + 2 * dx, y + 2 * dy) and own_half(side, y + 2 * dy)
                )
            )
            ad.append(
                sum(
                    _bit(x + dx, y + dy)
                    for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1))
                    if in_palace(side, x + dx, y + dy)
                )
            )
            ge.append(
                sum(
                    _bit(x + dx, y + dy)
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if in_palace(side, x + dx, y + dy)
                )
            )
            steps = [(0, forward)] + ([] if own_half(side, y) else [(1, 0), (-1, 0)])
            targets = sum(_bit(x + dx, y + dy) for dx, dy in steps if _on_board(x + dx, y + dy))
            so.append(targets)
            for t in range(POINTS):
                if targets >> t & 1:
                    sf[t] |= 1 << s
        # Where each piece may ever stand: a soldier never goes back nor sideways before
        # the river, an elephant stays on its seven points, an advisor on the palace's five.
        for s in range(POINTS):
            x, y = s % FILES, s // FILES
            ry = y if side == 0 else RANKS - 1 - y
            if ry >= 5 or (ry in (3, 4) and x % 2 == 0):
                masks["soldier"][side] |= 1 << s
            if (x, ry) in ((2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)):
                masks["elephant"][side] |= 1 << s
            if (x, ry) in ((3, 0), (5, 0), (4, 1), (3, 2), (5, 2)):
                masks["advisor"][side] |= 1 << s
        elephant.append(tuple(el))
        advisor.append(tuple(ad))
        general.append(tuple(ge))
        soldier.append(tuple(so))
        soldier_from.append(tuple(sf))
    return Tables(
        rank_reach=rank_reach,
        rank_hit=rank_hit,
        file_reach=file_reach,
        file_hit=file_hit,
        horse=tuple(horse),
        horse_from=tuple(horse_from),
        elephant=tuple(elephant),
        advisor=tuple(advisor),
        general=tuple(general),
        soldier=tuple(soldier),
        soldier_from=tuple(soldier_from),
        palace=(masks["palace"][0], masks["palace"][1]),
        half=(masks["half"][0], masks["half"][1]),
        soldier_points=(masks["soldier"][0], masks["soldier"][1]),
        elephant_points=(masks["elephant"][0], masks["elephant"][1]),
        advisor_points=(masks["advisor"][0], masks["advisor"][1]),
        around=tuple(around),
    )
