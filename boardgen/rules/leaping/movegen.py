"""Legal moves of a position: capture sequences depth-first, steps with bitboards.

Pieces are given as four bitboards in the layout's numbering (``mm``/``mk``: the mover's
men and kings, ``om``/``ok``: the opponent's) and ``p``, the mover's player number.
A move comes out as ``(path, captured, promoted)``: the cells where the piece stood,
starting with its origin and listing every landing square, the captured cells in
capture order, and whether it is crowned. A whole multi-jump is one move, and two
different paths are two moves even when they end alike (what perft counts).

Capture rules, switch by switch (see docs/rules.md):

* The moving piece is lifted off its origin for the whole sequence, so it may pass or
  land there again.
* A piece is never jumped twice (it leaves ``jumpable`` when taken). With
  ``end-of-sequence`` removal it still blocks the way until the move ends (the
  "Turkish strike"); with ``immediate`` removal its cell becomes empty at once.
* A flying king that takes a piece may land on any empty cell behind it
  (``flying_king_landing: any``), only the next one (``next``), or, if from some of
  them the capture goes on, only those (``must-continue``). Going on in the same
  line from any of those cells is one and the same capture, so it is generated once,
  from the last empty cell before the next piece; that cell is the one written in the
  move's path.
* A sequence must be completed: a piece stops only where it cannot capture again.
* With ``kings_immune_to_men: true`` a man's jumps pass over men only; kings take both.
* Among the complete sequences, ``capture_choice`` keeps those taking the most pieces
  (``majority``) or the most worth (``most-value``: a man counts 1, a king 1½, and
  equal worth goes to more kings), then each tie-break of ``capture_precedence`` in its
  order keeps the best of what is left: made by a king (``with-king``), taking the most
  kings (``most-kings``), taking a king soonest (``earliest-king``).

The number of capture sequences of one position can explode (a flying king among
two dozen scattered pieces has millions of paths), so the search stops past
:data:`MAX_CAPTURE_SEQUENCES` sequences or :data:`MAX_CAPTURE_WORK` steps and raises
:class:`TooManyCaptures`: move lists and counts are exact or refused, never silently
cut short. The search keeps its own stack, so a sequence of thousands of captures
(one man among a snake of men on a 100x100 board) is no deeper for Python than one.
"""

from __future__ import annotations

__all__ = [
    "MAX_CAPTURE_SEQUENCES",
    "MAX_CAPTURE_WORK",
    "MoveGen",
    "Raw",
    "TooManyCaptures",
    "TooMuchCaptureWork",
]

from collections.abc import Callable
from typing import Any

from ...errors import BoardgenError
from .tables import Tables

#: Most capture sequences one position may have (a real game has at most a few dozen).
#: Each ends in one leaf of the search, so this also bounds its time and memory.
MAX_CAPTURE_SEQUENCES = 100_000


#: Most work one capture search may do: each position it reaches counts one and each
#: sequence it records counts its length. A real game stays under a few thousand; a man
#: among a lattice of thousands of men on a 100x100 board once ran 30 s and 1.5 GB before
#: the sequence bound stopped it, now it stops at this bound in about a second.
MAX_CAPTURE_WORK = 2_000_000


class TooManyCaptures(BoardgenError):
    """A position with more capture sequences than :data:`MAX_CAPTURE_SEQUENCES`."""

    def __init__(self) -> None:
        super().__init__(
            f"the side to move has more than {MAX_CAPTURE_SEQUENCES:,} capture sequences here: "
            "too many to list or count"
        )


class TooMuchCaptureWork(TooManyCaptures):
    """A capture search past :data:`MAX_CAPTURE_WORK` (very long sequences, many of them)."""

    def __init__(self) -> None:
        BoardgenError.__init__(
            self,
            f"the capture search here passes {MAX_CAPTURE_WORK:,} steps (capture sequences too long "
            "and too many): too many to list or count",
        )


#: (path, captured, promoted) in internal cell numbers.
Raw = tuple[tuple[int, ...], tuple[int, ...], bool]

_FoundCapture = tuple[int, tuple[int, ...]]

#: Kinds of task on the capture search's stack (see MoveGen._search).
_DONE, _MAN, _KING = 0, 1, 2
#: A task: its kind, then the arguments of MoveGen._man or MoveGen._after, or a finished Raw.
_Task = tuple[Any, ...]


class MoveGen:
    """Move generation and counting for one compiled rule set."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        self.board = t.layout.board
        self.rays = t.layout.rays
        self.reverse = t.layout.reverse
        self.king_dir_set = frozenset(t.king_dirs)
        promotion = t.params.promotion
        self.arrival_ends = promotion == "arrival-ends-move"
        self.arrival_king = promotion == "arrival-continues-as-king"

    # -- bitboard detection and counting -------------------------------------------------

    def _man_jumpers(self, p: int, mm: int, enemy: int, empty: int) -> int:
        """Men that can make a first jump: shift out to the landing cell and back."""
        jumpers = 0
        for a, b in self.t.man_capture_shift[p]:
            land = (((((mm << a) >> b) & enemy) << a) >> b) & empty
            if land:
                jumpers |= (((land << b) >> a) << b) >> a
        return jumpers

    def _king_can_jump(self, mk: int, enemy: int, empty: int) -> bool:
        t = self.t
        if t.flying_captures:
            for a, b in t.king_capture_shift:
                ray = (mk << a) >> b
                while ray:
                    if (((ray & enemy) << a) >> b) & empty:
                        return True
                    ray = ((ray & empty) << a) >> b
            return False
        return any(((((((mk << a) >> b) & enemy) << a) >> b) & empty) != 0 for a, b in t.king_capture_shift)

    def has_capture(self, p: int, mm: int, mk: int, om: int, ok: int, empty: int) -> bool:
        """Whether any first jump exists; cheap, so quiet positions skip the search."""
        prey = om | ok if self.t.men_take_kings else om
        return bool(mm and self._man_jumpers(p, mm, prey, empty)) or bool(
            mk and self._king_can_jump(mk, om | ok, empty)
        )

    def _count_steps(self, p: int, mm: int, mk: int, empty: int, dest: int) -> int:
        """Steps of men ``mm`` and kings ``mk`` through ``empty`` cells ending on ``dest``."""
        t = self.t
        n = 0
        if mm:
            for a, b in t.man_step[p]:
                n += (((mm << a) >> b) & dest).bit_count()
        if mk:
            if t.flying_moves:
                for a, b in t.king_shift:
                    ray = mk
                    while ray:
                        ray = ((ray << a) >> b) & empty
                        n += (ray & dest).bit_count()
            else:
                for a, b in t.king_shift:
                    n += (((mk << a) >> b) & dest).bit_count()
        return n

    def count_steps(self, p: int, mm: int, mk: int, empty: int) -> int:
        """Number of legal non-capturing moves (with the restricted-region rule)."""
        region = self.t.restricted
        if region and (mm | mk) & region:
            escapes = self._count_steps(p, mm & region, mk & region, empty, empty & ~region)
            if escapes:
                return escapes
        return self._count_steps(p, mm, mk, empty, empty)

    def count(self, p: int, mm: int, mk: int, om: int, ok: int) -> int:
        """Number of legal moves, without building the quiet ones (perft's bulk count)."""
        enemy = om | ok
        empty = self.board & ~(mm | mk | enemy)
        if self.has_capture(p, mm, mk, om, ok, empty):
            return len(self.captures(p, mm, mk, om, ok))
        return self.count_steps(p, mm, mk, empty)

    # -- enumeration ---------------------------------------------------------------------

    def moves(self, p: int, mm: int, mk: int, om: int, ok: int) -> list[Raw]:
        """All legal moves: the captures if there is one (capture is mandatory), else steps."""
        return self.captures(p, mm, mk, om, ok) or self.steps(p, mm, mk, om, ok)

    def steps(self, p: int, mm: int, mk: int, om: int, ok: int) -> list[Raw]:
        """Legal non-capturing moves, ignoring whether a capture is due."""
        empty = self.board & ~(mm | mk | om | ok)
        region = self.t.restricted
        if region and (mm | mk) & region:
            escapes = self._steps(p, mm & region, mk & region, empty, empty & ~region)
            if escapes:
                return escapes
        return self._steps(p, mm, mk, empty, empty)

    def _steps(self, p: int, mm: int, mk: int, empty: int, dest: int) -> list[Raw]:
        t = self.t
        out: list[Raw] = []
        far = t.far[p]
        for a, b in t.man_step[p]:
            targets = ((mm << a) >> b) & dest
            while targets:
                low = targets & -targets
                targets ^= low
                to = low.bit_length() - 1
                out.append(((to - a + b, to), (), bool(far & low)))
        for a, b in t.king_shift:
            ray = mk
            distance = 0
            while ray:
                ray = ((ray << a) >> b) & empty
                distance += 1
                targets = ray & dest
                while targets:
                    low = targets & -targets
                    targets ^= low
                    to = low.bit_length() - 1
                    out.append(((to - distance * (a - b), to), (), False))
                if not t.flying_moves:
                    break
        return out

    def captures(self, p: int, mm: int, mk: int, om: int, ok: int) -> list[Raw]:
        """Legal capture sequences (empty when there is none)."""
        enemy = om | ok
        empty = self.board & ~(mm | mk | enemy)
        out: list[Raw] = []
        prey = enemy if self.t.men_take_kings else om
        bits = self._man_jumpers(p, mm, prey, empty) if mm else 0
        while bits:
            low = bits & -bits
            bits ^= low
            q = low.bit_length() - 1
            self._search([(_MAN, p, q, empty | low, prey, (q,), ())], out)
        bits = mk if mk and self._king_can_jump(mk, enemy, empty) else 0
        while bits:
            low = bits & -bits
            bits ^= low
            starts = self._king(low.bit_length() - 1, empty | low, enemy)
            starts.reverse()
            self._search(starts, out)
        return self._filter(out, mm | mk, mk, ok) if out else out

    def _filter(self, out: list[Raw], own: int, mk: int, ok: int) -> list[Raw]:
        """Keep the captures the rules allow among all complete sequences: the most
        pieces (or the most value), then each tie-break in turn, then the border rule."""
        t = self.t
        if t.majority:
            best = max(len(m[1]) for m in out)
            out = [m for m in out if len(m[1]) == best]
        elif t.most_value:
            out = _best(out, lambda m: _value(m, ok))
        for rule in t.precedence:
            if rule == "with-king":
                out = _best(out, lambda m: (mk >> m[0][0]) & 1)
            elif rule == "most-kings":
                out = _best(out, lambda m: _kings(m, ok))
            else:  # earliest-king: the first king taken comes soonest
                out = _best(out, lambda m: -_first_king(m, ok))
        region = t.restricted
        if t.leave_before_capturing and own & region:
            escapes = [m for m in out if (region >> m[0][0]) & 1 and not (region >> m[0][-1]) & 1]
            if escapes:
                return escapes
        return out

    # -- the capture search --------------------------------------------------------------
    #
    # Depth-first with an explicit stack, not recursion: a man among thousands of men on a
    # 100x100 board takes them one after another, deeper than Python's call stack. Each
    # task on the stack is a node of the search: a man to continue (_MAN), a king that
    # has just captured (_KING), or a finished sequence to record (_DONE). A node pushes
    # its children in reverse, so sequences come out in the order a recursive search gives.

    def _search(self, tasks: list[_Task], out: list[Raw]) -> None:
        """Run the search from ``tasks`` until the stack is empty, within the bounds."""
        work = 0
        while tasks:
            task = tasks.pop()
            work += 1
            if task[0] == _DONE:
                raw: Raw = task[1]
                out.append(raw)
                work += len(raw[0])
                if len(out) > MAX_CAPTURE_SEQUENCES:
                    raise TooManyCaptures()
            elif task[0] == _MAN:
                self._man(*task[1:], tasks=tasks)
            else:
                self._after(*task[1:], tasks=tasks)
            if work > MAX_CAPTURE_WORK:
                raise TooMuchCaptureWork()

    def _man(
        self,
        p: int,
        q: int,
        empty: int,
        jumpable: int,
        path: tuple[int, ...],
        caps: tuple[int, ...],
        *,
        tasks: list[_Task],
    ) -> None:
        """Continue a man's sequence from ``q`` (short jumps only)."""
        far = self.t.far[p]
        immediate = self.t.immediate
        rays = self.rays
        children: list[_Task] = []
        for k in self.t.man_capture[p]:
            ray = rays[k][q]
            if len(ray) < 2:
                continue
            mid, land = ray[0], ray[1]
            if not (jumpable >> mid) & 1 or not (empty >> land) & 1:
                continue
            bit = 1 << mid
            new_empty = empty | bit if immediate else empty
            new_caps = (*caps, mid)
            if (far >> land) & 1:
                if self.arrival_ends:
                    children.append((_DONE, ((*path, land), new_caps, True)))
                    continue
                if self.arrival_king:
                    children.append((_KING, k, (land,), new_empty, jumpable ^ bit, path, new_caps, True))
                    continue
            children.append((_MAN, p, land, new_empty, jumpable ^ bit, (*path, land), new_caps))
        if children:
            children.reverse()
            tasks.extend(children)
        elif caps:
            tasks.append((_DONE, (path, caps, bool((far >> q) & 1))))

    def _king(self, q: int, empty: int, jumpable: int) -> list[_Task]:
        """The first captures of a king on ``q``, in search order."""
        immediate = self.t.immediate
        starts: list[_Task] = []
        for k in self.t.king_dirs:
            found = self._find(q, k, empty, jumpable)
            if found is None:
                continue
            taken, run = found
            bit = 1 << taken
            new_empty = empty | bit if immediate else empty
            starts.append((_KING, k, run, new_empty, jumpable ^ bit, (q,), (taken,), False))
        return starts

    def _find(self, q: int, k: int, empty: int, jumpable: int) -> _FoundCapture | None:
        """The piece a king at ``q`` can take going ``k``, and the cells it may land on."""
        ray = self.rays[k][q]
        n = len(ray)
        i = 0
        t = self.t
        if t.flying_captures:
            while i < n and (empty >> ray[i]) & 1:
                i += 1
        if i + 1 >= n:
            return None
        taken = ray[i]
        if not (jumpable >> taken) & 1 or not (empty >> ray[i + 1]) & 1:
            return None
        if not t.flying_captures or t.land_next:
            return taken, (ray[i + 1],)
        j = i + 2
        while j < n and (empty >> ray[j]) & 1:
            j += 1
        return taken, ray[i + 1 : j]

    def _after(
        self,
        k: int,
        run: tuple[int, ...],
        empty: int,
        jumpable: int,
        path: tuple[int, ...],
        caps: tuple[int, ...],
        promoted: bool,
        *,
        tasks: list[_Task],
    ) -> None:
        """A king has just captured going ``k`` and may land on ``run``: go on or stop."""
        find = self._find
        t = self.t
        nexts: list[tuple[int, int, _FoundCapture]] = []
        turns = t.king_turns[k]
        for land in run:
            for k2 in turns:
                found = find(land, k2, empty, jumpable)
                if found is not None:
                    nexts.append((land, k2, found))
        # Going on straight (or straight back) is possible from every landing cell alike.
        straight = False
        if k in self.king_dir_set:
            found = find(run[-1], k, empty, jumpable)
            if found is not None:
                nexts.append((run[-1], k, found))
                straight = True
            if t.reversal:
                back = self.reverse[k]
                found = find(run[0], back, empty, jumpable)
                if found is not None:
                    nexts.append((run[0], back, found))
                    straight = True
        # Pushed in reverse: the sequences going on first, then the ones stopping here.
        if not (straight or (nexts and t.must_continue)):
            went_on = {land for land, _, _ in nexts}
            for land in reversed(run):
                if land not in went_on:
                    tasks.append((_DONE, ((*path, land), caps, promoted)))
        immediate = t.immediate
        for land, k2, (taken, run2) in reversed(nexts):
            bit = 1 << taken
            new_empty = empty | bit if immediate else empty
            tasks.append(
                (_KING, k2, run2, new_empty, jumpable ^ bit, (*path, land), (*caps, taken), promoted)
            )


def _best(out: list[Raw], score: Callable[[Raw], int | tuple[int, int]]) -> list[Raw]:
    """The moves of ``out`` with the highest ``score``."""
    scores = [score(m) for m in out]
    top = max(scores)
    return [m for m, s in zip(out, scores, strict=True) if s == top]


def _kings(move: Raw, ok: int) -> int:
    return sum((ok >> c) & 1 for c in move[1])


def _first_king(move: Raw, ok: int) -> int:
    """Position in the sequence of the first king taken (a large number if none)."""
    for i, c in enumerate(move[1]):
        if (ok >> c) & 1:
            return i
    return 1 << 20


def _value(move: Raw, ok: int) -> tuple[int, int]:
    """Worth of the pieces a capture takes in half men (a man 2, a king 3: a king is worth
    one and a half men), then the number of kings, which wins a tie."""
    kings = _kings(move, ok)
    return 2 * (len(move[1]) - kings) + 3 * kings, kings
