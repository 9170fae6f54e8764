"""A deliberately simple second move generator, to check the real one against.

Nothing is shared with ``boardgen.rules.leaping`` except the switch defaults: the board
is a dict ``cell -> (player number, is_king)``, directions come from a hand-written
table per tiling (not from drawn shapes), every step goes through ``grid.step``, and
a flying king tries every landing cell separately. Capture paths that differ only in
where a king "stopped" on its way straight on (or straight back) to the next piece
are the same move; the real generator makes them once, and this one makes them all
and then merges them by rewriting such a stop as the last empty cell before the next
piece (the convention the real generator documents). It is slow and obvious on
purpose.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardgen.geometry import Grid, Side
from boardgen.rules.leaping.params import DEFAULTS
from boardgen.rules.spec import GameSpec

Board = dict[int, tuple[int, bool]]
RefMove = tuple[tuple[int, ...], tuple[int, ...]]

# Relative words for the south player, written out by hand per tiling.
_SQUARE = {
    "forward": ["n"],
    "backward": ["s"],
    "sideways": ["e", "w"],
    "forward-diagonal": ["ne", "nw"],
    "backward-diagonal": ["se", "sw"],
}
_HEX = {
    "forward": [],
    "backward": [],
    "sideways": ["e", "w"],
    "forward-diagonal": ["ne", "nw"],
    "backward-diagonal": ["se", "sw"],
}
# A hex board drawn "flat" has a corner at each player: north-west is straight ahead.
_HEX_FLAT = {
    "forward": ["nw"],
    "backward": ["se"],
    "sideways": [],
    "forward-diagonal": ["ne", "w"],
    "backward-diagonal": ["e", "sw"],
}
_GROUPS = {
    "diagonal": ["forward-diagonal", "backward-diagonal"],
    "orthogonal": ["forward", "sideways", "backward"],
    "all": ["forward", "forward-diagonal", "sideways", "backward-diagonal", "backward"],
}


def _words(value: Any) -> list[str]:
    items = [value] if isinstance(value, str) else list(value)
    out: list[str] = []
    for w in items:
        out.extend(_GROUPS.get(w, [w]))
    return out


class Reference:
    """Legal moves, play and perft for one spec, the slow and simple way."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.grid: Grid = spec.grid
        p = {**DEFAULTS, **spec.params}
        if p["king_capture"] is None:
            p["king_capture"] = p["king"]
        self.p = p
        flat = getattr(self.grid, "orientation", "pointy") == "flat"
        table = _SQUARE if self.grid.kind == "square" else _HEX_FLAT if flat else _HEX
        self.sides: list[Side] = [pl.side or "south" for pl in spec.players]

        def dirs(words: Any, player: int) -> list[str]:
            names = [d for w in _words(words) for d in table[w]]
            if self.sides[player] == "north":
                names = [Grid.opposite(d) for d in names]
            return names

        self.man_steps = [dirs(p["man_steps"], i) for i in (0, 1)]
        self.man_caps = [dirs(p["man_captures"], i) for i in (0, 1)]
        self.king_dirs = dirs(p["king_directions"], 0) if p["king"] != "none" else []
        capture_words = p.get("king_capture_directions") or p["king_directions"]
        self.king_cap_dirs = dirs(capture_words, 0) if p["king"] != "none" else []
        self.far = [
            {c for c in spec.playable if self.grid.row_from(c, side) == self.grid.row_count}
            if p["promotion"] != "none"
            else set()
            for side in self.sides
        ]
        region = p["restricted_region"]
        self.restricted = set(spec.regions[region]) if region else set()

    # -- positions -------------------------------------------------------------------

    def initial(self) -> tuple[Board, int]:
        board: Board = {}
        for i, pl in enumerate(self.spec.players):
            for c in self.spec.setup[pl.id]:
                board[c] = (i, False)
        ids = [pl.id for pl in self.spec.players]
        return board, ids.index(self.spec.first)

    def step(self, cell: int, d: str) -> int | None:
        """The next playable cell going ``d``: the neighbour, or on a board played on one
        colour, two squares on along a row or column (the neighbour there is the other
        colour)."""
        nxt = self.grid.step(cell, d)
        if nxt is not None and nxt not in self.spec.playable and d in ("n", "s", "e", "w"):
            nxt = self.grid.step(cell, d, 2)
        return nxt if nxt is not None and nxt in self.spec.playable else None

    # -- moves -----------------------------------------------------------------------

    def moves(self, board: Board, turn: int) -> list[tuple[RefMove, bool]]:
        """Legal moves as ((path, captured), promoted)."""
        caps: list[tuple[RefMove, bool]] = []
        for cell, (owner, king) in sorted(board.items()):
            if owner != turn:
                continue
            found = self._king_caps(board, turn, cell) if king else self._man_caps(board, turn, cell)
            caps.extend(found)
        if caps:
            if self.p["capture_choice"] == "majority":
                best = max(len(m[0][1]) for m in caps)
                caps = [m for m in caps if len(m[0][1]) == best]
            if self.p["restricted_rule"] == "leave-before-capturing":
                caps = self._leave(caps)
            return caps
        steps: list[tuple[RefMove, bool]] = []
        for cell, (owner, king) in sorted(board.items()):
            if owner != turn:
                continue
            for d in self.king_dirs if king else self.man_steps[turn]:
                to = self.step(cell, d)
                while to is not None and to not in board:
                    steps.append((((cell, to), ()), not king and to in self.far[turn]))
                    if not king or self.p["king"] != "flying":
                        break
                    to = self.step(to, d)
        return self._leave(steps)

    def _leave(self, moves: list[tuple[RefMove, bool]]) -> list[tuple[RefMove, bool]]:
        escapes = [m for m in moves if m[0][0][0] in self.restricted and m[0][0][-1] not in self.restricted]
        return escapes or moves

    def _empty(self, board: Board, origin: int, taken: tuple[int, ...], cell: int) -> bool:
        if cell == origin:
            return True
        if cell in taken:
            return bool(self.p["removal"] == "immediate")
        return cell not in board

    def _enemy(self, board: Board, turn: int, taken: tuple[int, ...], cell: int) -> bool:
        return cell in board and board[cell][0] != turn and cell not in taken

    def _man_caps(self, board: Board, turn: int, origin: int) -> list[tuple[RefMove, bool]]:
        out: list[tuple[RefMove, bool]] = []
        promotion = self.p["promotion"]

        def rec(cur: int, path: tuple[int, ...], taken: tuple[int, ...]) -> None:
            went = False
            for d in self.man_caps[turn]:
                mid = self.step(cur, d)
                land = self.step(mid, d) if mid is not None else None
                if mid is None or land is None:
                    continue
                if not self._enemy(board, turn, taken, mid) or not self._empty(board, origin, taken, land):
                    continue
                went = True
                if land in self.far[turn] and promotion == "arrival-ends-move":
                    out.append((((*path, land), (*taken, mid)), True))
                elif land in self.far[turn] and promotion == "arrival-continues-as-king":
                    for m in self._king_seq(board, turn, origin, land, d, (*path, land), (*taken, mid)):
                        out.append((m, True))
                else:
                    rec(land, (*path, land), (*taken, mid))
            if not went and taken:
                out.append(((path, taken), cur in self.far[turn] and promotion == "end-of-move"))

        rec(origin, (origin,), ())
        return out

    def _king_caps(self, board: Board, turn: int, origin: int) -> list[tuple[RefMove, bool]]:
        return [(m, False) for m in self._king_seq(board, turn, origin, origin, None, (origin,), ())]

    def _king_options(
        self, board: Board, turn: int, origin: int, cur: int, last: str | None, taken: tuple[int, ...]
    ) -> list[tuple[str, int, list[int]]]:
        """(direction, captured cell, landing cells) of each capture a king at cur has."""
        flying = self.p["king_capture"] == "flying"
        found = []
        for d in self.king_cap_dirs:
            if last is not None and d == Grid.opposite(last) and self.p["king_reversal"] == "forbidden":
                continue
            c = self.step(cur, d)
            while flying and c is not None and self._empty(board, origin, taken, c):
                c = self.step(c, d)
            if c is None or not self._enemy(board, turn, taken, c):
                continue
            lands = []
            to = self.step(c, d)
            while to is not None and self._empty(board, origin, taken, to):
                lands.append(to)
                if not flying or self.p["flying_king_landing"] == "next":
                    break
                to = self.step(to, d)
            if lands:
                found.append((d, c, lands))
        return found

    def _king_seq(
        self,
        board: Board,
        turn: int,
        origin: int,
        cur: int,
        last: str | None,
        path: tuple[int, ...],
        taken: tuple[int, ...],
    ) -> list[RefMove]:
        """All (canonical, deduplicated) sequences of a king standing on cur."""
        raw: list[tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]]] = []

        def rec(
            cur: int, last: str | None, path: tuple[int, ...], taken: tuple[int, ...], dirs: tuple[str, ...]
        ) -> None:
            options = self._king_options(board, turn, origin, cur, last, taken)
            if not options:
                if taken:
                    raw.append((path, taken, dirs))
                return
            for d, c, lands in options:
                t2 = (*taken, c)
                going_on = [L for L in lands if self._king_options(board, turn, origin, L, d, t2)]
                if self.p["flying_king_landing"] == "must-continue" and going_on:
                    lands = going_on
                for L in lands:
                    rec(L, d, (*path, L), t2, (*dirs, d))

        if last is None:
            rec(cur, None, path, taken, ())
        else:
            rec(cur, last, path, taken, (last,))
        seen: dict[RefMove, None] = {}
        for p_, t_, dirs in raw:
            seen[self._canonical(p_, t_, dirs)] = None
        return list(seen)

    def _canonical(self, path: tuple[int, ...], taken: tuple[int, ...], dirs: tuple[str, ...]) -> RefMove:
        """Rewrite stops on the way straight on / straight back to the next piece."""
        if self.p["flying_king_landing"] == "next":
            return path, taken  # one landing cell per capture: nothing to merge
        cells = list(path)
        offset = len(path) - len(dirs)  # dirs[i] is the leg ending at cells[offset + i]
        for i in range(len(dirs) - 1):
            here = offset + i
            if dirs[i + 1] == dirs[i]:
                # the last empty cell before the next captured piece
                nxt = taken[len(taken) - len(dirs) + i + 1]
                back = Grid.opposite(dirs[i])
                c = self.step(nxt, back)
                assert c is not None
                cells[here] = c
            elif dirs[i + 1] == Grid.opposite(dirs[i]):
                cells[here] = self.step(taken[len(taken) - len(dirs) + i], dirs[i]) or cells[here]
        return tuple(cells), taken

    # -- play and perft --------------------------------------------------------------

    def play(self, board: Board, turn: int, move: tuple[RefMove, bool]) -> tuple[Board, int]:
        (path, taken), promoted = move
        new = dict(board)
        owner, king = new.pop(path[0])
        for c in taken:
            del new[c]
        new[path[-1]] = (owner, king or promoted)
        if self.p["last_pieces_become_kings"]:
            counts = [sum(1 for o, _ in new.values() if o == i) for i in (0, 1)]
            if counts == [1, 1]:
                new = {c: (o, True) for c, (o, _) in new.items()}
        return new, 1 - turn

    def perft(self, board: Board, turn: int, depth: int) -> int:
        if depth == 0:
            return 1
        moves = self.moves(board, turn)
        if depth == 1:
            return len(moves)
        return sum(self.perft(*self.play(board, turn, m), depth - 1) for m in moves)

    def walk(self, board: Board, turn: int, depth: int) -> Iterator[tuple[Board, int]]:
        """Every position ``depth`` plies deep (with repeats), for spot checks."""
        if depth == 0:
            yield board, turn
            return
        for m in self.moves(board, turn):
            yield from self.walk(*self.play(board, turn, m), depth - 1)
