"""Repeated positions, and who is to blame for them: perpetual check and perpetual chase.

Xiangqi and shogi end a game when a position stands for the third (fourth) time, and
both punish the side that forced the cycle: the side that gave check with every move
of it loses (in xiangqi also the side that chased one piece with every move). A game
keeps a :class:`Trail`, one :class:`Stop` per position since the last irreversible
change, shared between positions (a new position adds one link); :func:`verdict`
walks it back.

The walk follows Fairy-Stockfish's (``Position::is_optional_game_end``), the engine the
families are checked against, so that both judge a cycle alike: the span judged runs
from the earliest of the repeated positions to now; a side is "perpetual" when each of
its moves in the span gave check (or chased: the same enemy piece, followed back
through its own moves, was chased by every move); when both sides are, the game is
drawn.
"""

from __future__ import annotations

__all__ = ["Stop", "Trail", "undo_square", "verdict"]

from collections.abc import Hashable

from ..foundation.values import frozen


@frozen
class Stop:
    """One position of a game: its ``key`` (what must be equal for a repetition),
    whether the side to move is in ``check``, the bits of the side to move's pieces the
    last move ``chased``, and that move's ``start`` and ``end`` points (-1: none, a drop)."""

    key: Hashable
    check: bool
    chased: int = 0
    start: int = -1
    end: int = -1


@frozen
class Trail:
    """The positions so far, newest first: ``stop``, then ``before`` (None at the start
    of the trail); ``length`` counts the stops."""

    stop: Stop
    before: Trail | None = None
    length: int = 1

    def add(self, stop: Stop) -> Trail:
        return Trail(stop, self, self.length + 1)

    def newest(self, count: int) -> list[Stop]:
        """Up to ``count`` stops, newest first."""
        out: list[Stop] = []
        link: Trail | None = self
        while link is not None and len(out) < count:
            out.append(link.stop)
            link = link.before
        return out


def undo_square(bits: int, stop: Stop) -> int:
    """``bits`` with the piece that moved into ``stop`` put back where it came from."""
    if stop.start >= 0 and bits >> stop.end & 1:
        return bits ^ (1 << stop.end) | (1 << stop.start)
    return bits


def verdict(
    trail: Trail, span: int, played: int, times: int, checks_lose: bool, chases_lose: bool
) -> int | None:
    """Whether the newest position ends the game by repetition: None when it does not,
    else +1 when the side to move wins, -1 when it loses, 0 for a draw.

    ``span`` is how many plies back a repetition may be looked for (since the last
    capture in xiangqi, since the start in shogi), ``played`` the plies since the
    trail began (its first stop follows no move), ``times`` how often a position must
    stand (3 in xiangqi, 4 in shogi).
    """
    end = min(span, trail.length - 1)
    if times < 2 or end < 4:
        return None
    r = trail.newest(end + 1)
    now = r[0].key
    them_check = checks_lose and r[0].check and r[2].check
    us_check = checks_lose and r[1].check and r[3].check
    them_chase = (undo_square(r[0].chased, r[1]) & r[2].chased) if chases_lose else 0
    us_chase = (undo_square(r[1].chased, r[2]) & r[3].chased) if chases_lose else 0
    seen = 0
    for i in range(4, end + 1, 2):
        if them_chase and i != played:
            them_chase = undo_square(them_chase, r[i - 1]) & r[i].chased
        them_check = them_check and r[i].check
        if r[i].key == now:
            seen += 1
            if seen + 1 >= times:
                if them_check or us_check:
                    return 0 if them_check and us_check else 1 if them_check else -1
                if them_chase or us_chase:
                    return 0 if them_chase and us_chase else 1 if them_chase else -1
                return 0
        if i + 1 <= end:
            us_check = us_check and r[i + 1].check
            if us_chase:
                us_chase = undo_square(us_chase, r[i]) & r[i + 1].chased
    return None
