"""OpenSpiel as an independent oracle for the newer rule families.

Each :class:`Pairing` joins one of our games to the OpenSpiel game it should agree
with, and says how a move of each engine is written as a common key (a cell name, a
move in coordinate notation). :func:`lockstep` then plays seeded random games in
both engines at once and compares, at every ply, the *set* of legal moves and, at
the end, the outcome. Used by the differential tests (a few thousand positions per
game), by ``make crosscheck`` (100,000 per game) and by the perft benchmark.

OpenSpiel's conventions, where they differ from a family's default, are set on our
side through the family's switches (never by patching the comparison); docs/rules.md
lists each one.
"""

from __future__ import annotations

__all__ = ["PAIRINGS", "Pairing", "Tally", "lockstep", "oracle_perft", "pairing"]

import functools
import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from boardgen.geometry import Grid, HexHexGrid, SquareGrid
from boardgen.rules.base import Engine
from boardgen.rules.registry import make_game
from boardgen.rules.spec import GameSpec, PlayerSpec

try:  # pragma: no cover - depends on the machine
    import pyspiel
except ImportError:  # pragma: no cover
    pyspiel = None


def _spec(
    game_id: str,
    grid: Grid,
    players: tuple[tuple[str, str], tuple[str, str]],
    setup: Mapping[str, list[str]],
    params: Mapping[str, Any] | None = None,
    playable: frozenset[int] | None = None,
) -> GameSpec:
    return GameSpec(
        id=game_id,
        grid=grid,
        playable=playable if playable is not None else frozenset(grid.cells()),
        regions={},
        players=(
            PlayerSpec(players[0][0], "south", players[0][1]),
            PlayerSpec(players[1][0], "north", players[1][1]),
        ),
        first=players[0][0],
        setup={pid: frozenset(grid.parse(n) for n in names) for pid, names in setup.items()},
        params=dict(params or {}),
    )


@dataclass
class Pairing:
    """One of our games beside the OpenSpiel game it must agree with."""

    name: str
    family: str
    spec: GameSpec
    oracle_name: str
    oracle_params: Mapping[str, Any] = field(default_factory=dict)
    #: Perft depth the suite compares with OpenSpiel's (a second or less each).
    perft_depth: int = 3
    #: Our move -> common key.
    our_key: Callable[[Engine, Any, Any], str] = lambda game, position, move: game.move_text(position, move)
    #: OpenSpiel action -> common key.
    oracle_key: Callable[[Any, int], str] = lambda state, action: state.action_to_string(action)
    #: How the next move is picked (default: uniformly at random): a race needs a push
    #: forward now and then, or random games never reach the end.
    choose: Callable[[Engine, Any, dict[str, Any], random.Random], str] | None = None

    def game(self) -> Engine:
        return make_game(self.spec, self.family)

    def oracle(self) -> Any:
        return pyspiel.load_game(self.oracle_name, dict(self.oracle_params))


def _othello(size: int = 8) -> GameSpec:
    grid = SquareGrid(size, size)
    mid = size // 2
    low, high = (f"{c}{r}" for c, r in ((chr(ord("a") + mid - 1), mid), (chr(ord("a") + mid), mid + 1)))
    black = [f"{chr(ord('a') + mid - 1)}{mid + 1}", f"{chr(ord('a') + mid)}{mid}"]
    return _spec(
        f"othello-{size}", grid, (("black", "B"), ("white", "W")), {"black": black, "white": [low, high]}
    )


def _rows(width: int, rows: range) -> list[str]:
    return [f"{chr(ord('a') + x)}{y}" for y in rows for x in range(width)]


def _breakthrough(width: int = 8, height: int = 8) -> GameSpec:
    """OpenSpiel's Breakthrough: Black on the two north rows moves first."""
    grid = SquareGrid(width, height)
    setup = {"black": _rows(width, range(height - 1, height + 1)), "white": _rows(width, range(1, 3))}
    spec = _spec("breakthrough", grid, (("black", "B"), ("white", "W")), setup)
    players = (PlayerSpec("black", "north", "B"), PlayerSpec("white", "south", "W"))
    return GameSpec(**{**spec.__dict__, "players": players})


def _step_key(game: Engine, position: Any, move: Any) -> str:
    """'a7-a6' -> 'a7a6', 'f6xg5' -> 'f6g5*' (OpenSpiel's Breakthrough notation)."""
    text = game.move_text(position, move)
    return text.replace("-", "").replace("x", "") + ("*" if "x" in text else "")


def _go(size: int) -> GameSpec:
    """OpenSpiel's Go: Tromp-Taylor area scoring, komi 7.5, simple ko, no suicide, a
    repeated position ends the game drawn, and a move limit of twice the points."""
    params = {"repetition_draws": True, "move_limit": 2 * size * size, "handicap_compensation": True}
    return _spec(f"go-{size}", SquareGrid(size, size), (("black", "B"), ("white", "W")), {}, params)


_GO_LETTERS = "abcdefghjklmnopqrstuvwxyz"


def _go_key(game: Engine, position: Any, move: Any) -> str:
    if move == -1:
        return "pass"
    x, y = game.spec.grid.coords(move)
    return f"{_GO_LETTERS[x]}{y + 1}"


def _go_oracle_key(state: Any, action: int) -> str:
    return str(state.action_to_string(action)).split()[-1].lower()


class HexLattice(HexHexGrid):
    """A rhombus (Hex) or triangle (Y) of hexagons on the hexhex lattice, for the
    differential tests until the boards of those shapes are on main: the cells of a
    ``size`` x ``size`` square of coordinates, all of them or those with x <= y."""

    def __init__(self, size: int, triangle: bool = False) -> None:
        self.side = size
        self.orientation = "pointy"
        self.row_count = size
        cells = [(x, y) for y in range(size) for x in range(size) if not triangle or x <= y]
        Grid.__init__(self, cells)

    def describe(self) -> str:
        return f"{self.side}-cell test lattice"

    def half_turn(self, cell: int) -> int:
        return cell


def _connection(name: str, grid: Grid, params: Mapping[str, Any]) -> GameSpec:
    return _spec(name, grid, (("black", "B"), ("white", "W")), {}, params)


def _flipped_key(game: Engine, position: Any, move: Any) -> str:
    """Our south-up name -> OpenSpiel's (row 1 at the top): same letter, row counted down."""
    if move == -2:
        return "swap"
    grid = game.spec.grid
    x, y = grid.coords(move)
    return f"{chr(ord('a') + x)}{grid.row_count - y}"


def _swap_key(game: Engine, position: Any, move: Any) -> str:
    """OpenSpiel's Havannah writes the swap as the first stone's cell."""
    if move == -2:
        return str(game.spec.grid.name(game.lattice.cell(position.swappable)))  # type: ignore[attr-defined]
    return str(game.move_text(position, move))


def _lines_of_action() -> GameSpec:
    """OpenSpiel's Lines of Action: Black on rows 1 and 8 moves first; a repeated board
    or the 1000th move draws."""
    grid = SquareGrid(8, 8)
    black = [f"{c}{r}" for r in (1, 8) for c in "bcdefg"]
    white = [f"{c}{r}" for c in "ah" for r in range(2, 8)]
    params = {"repetition_draws": True, "move_limit": 1000}
    return _spec(
        "lines-of-action", grid, (("black", "B"), ("white", "W")), {"black": black, "white": white}, params
    )


#: OpenSpiel's Nine Men's Morris points 0-23 as (x, y) on a 7x7 lattice, y up.
_MORRIS = [
    (0, 6), (3, 6), (6, 6), (1, 5), (3, 5), (5, 5), (2, 4), (3, 4), (4, 4),
    (0, 3), (1, 3), (2, 3), (4, 3), (5, 3), (6, 3), (2, 2), (3, 2), (4, 2),
    (1, 1), (3, 1), (5, 1), (0, 0), (3, 0), (6, 0),
]  # fmt: skip


class MorrisTestGrid(SquareGrid):
    """The Nine Men's Morris board as points on a 7x7 lattice joined by its lines, for
    the differential tests until the point-and-line boards are on main: a neighbour is
    the next point along a direction, never across the empty centre."""

    def __init__(self) -> None:
        super().__init__(7, 7)
        self.points = frozenset(self.at(x, y) for x, y in _MORRIS)  # type: ignore[misc]

    def neighbours(self, cell: int) -> dict[str, int]:
        found: dict[str, int] = {}
        for d in ("n", "e", "s", "w"):
            here = self.step(cell, d)
            while here is not None and here not in self.points and self.coords(here) != (3, 3):
                here = self.step(here, d)
            if here is not None and here in self.points:
                found[d] = here
        return found


def _morris() -> GameSpec:
    grid = MorrisTestGrid()
    params = {"turn_limit": 200}
    return _spec("nine-mens-morris", grid, (("white", "W"), ("black", "B")), {}, params, grid.points)


def _morris_key(game: Engine, position: Any, move: Any) -> str:
    grid = game.spec.grid
    index = {grid.at(x, y): i for i, (x, y) in enumerate(_MORRIS)}
    a, b = move
    if a < 0 or b < 0:
        return f"Point {index[b if a < 0 else a]}"
    return f"Move {index[a]} -> {index[b]}"


@functools.cache
def _star_layout() -> list[tuple[int, int]]:
    """OpenSpiel's Chinese checkers holes 0-120 as (x, y) on the hexhex lattice, y up,
    read from its own drawing of the board (row from the top, doubled column)."""
    if pyspiel is None:
        return []
    text = str(pyspiel.load_game("chinese_checkers").new_initial_state())
    holes = []
    for row, line in enumerate(text.splitlines()[:17]):
        for col, ch in enumerate(line):
            if ch != " ":
                y = 16 - row
                holes.append(((col + y) // 2, y))
    return holes


class StarTestGrid(HexHexGrid):
    """The 121-hole star of Chinese checkers on the hexhex lattice, for the differential
    tests until the star board is on main; the half turn maps each point to its opposite."""

    def __init__(self, holes: list[tuple[int, int]]) -> None:
        self.side = 5
        self.orientation = "pointy"
        self.row_count = 17
        Grid.__init__(self, holes)
        xs, ys = [x for x, _ in holes], [y for _, y in holes]
        self._sum = (min(xs) + max(xs), min(ys) + max(ys))

    def describe(self) -> str:
        return "121-hole star"

    def half_turn(self, cell: int) -> int:
        x, y = self.coords(cell)
        return self._index[(self._sum[0] - x, self._sum[1] - y)]


def _chinese_checkers(players: int) -> GameSpec:
    holes = _star_layout()
    grid = StarTestGrid(holes)
    state = pyspiel.load_game("chinese_checkers", {"players": players}).new_initial_state()
    rows = [line for line in str(state).splitlines()[:17]]
    marks = [ch for line in rows for ch in line if ch != " "]
    ids = [(f"p{i + 1}", "ABCDEF"[i]) for i in range(players)]
    setup = {
        pid: frozenset(grid.at(*holes[i]) for i, ch in enumerate(marks) if ch == str(n + 1))  # type: ignore[misc]
        for n, (pid, _) in enumerate(ids)
    }
    return GameSpec(
        id=f"chinese-checkers-{players}",
        grid=grid,
        playable=frozenset(grid.cells()),
        regions={},
        players=tuple(PlayerSpec(pid, None, letter) for pid, letter in ids),  # type: ignore[arg-type]
        first="p1",
        setup=setup,
        params={"turn_limit": 1000},
    )


@functools.cache
def _star_index(grid: Grid) -> dict[int | None, int]:
    return {grid.at(x, y): i for i, (x, y) in enumerate(_star_layout())}


def _hop_key(game: Engine, position: Any, move: Any) -> str:
    if move == (-1, -1):
        return "Pass"
    grid = game.spec.grid
    index = _star_index(grid)
    a, b = move
    hop = max(abs(p - q) for p, q in zip(grid.coords(a), grid.coords(b), strict=True)) > 1
    return f"{index[a]}{'=>' if hop else '->'}{index[b]}"


@functools.cache
def _middle(game: Engine, player: int) -> tuple[float, float]:
    grid, lattice = game.spec.grid, game.lattice  # type: ignore[attr-defined]
    target = lattice.cells_of(game.targets[player])  # type: ignore[attr-defined]
    return (
        sum(grid.centre(c)[0] for c in target) / len(target),
        sum(grid.centre(c)[1] for c in target) / len(target),
    )


def _forward(game: Engine, position: Any, moves: dict[str, Any], rng: random.Random) -> str:
    """Three times in four the move that brings a piece nearest its target point's
    middle (random among equals), else any move: games then end with a winner."""
    if rng.random() < 0.25:
        return rng.choice(sorted(moves))
    grid = game.spec.grid
    cx, cy = _middle(game, position.mover)

    def gain(key: str) -> float:
        a, b = moves[key]
        if a < 0:
            return 0.0
        (ax, ay), (bx, by) = grid.centre(a), grid.centre(b)
        return ((bx - cx) ** 2 + (by - cy) ** 2) ** 0.5 - ((ax - cx) ** 2 + (ay - cy) ** 2) ** 0.5

    best = min(gain(k) for k in moves)
    return rng.choice(sorted(k for k in moves if gain(k) == best))


def _pairings() -> dict[str, Pairing]:
    hex_goal = {"connect": {"black": ["north", "south"], "white": ["west", "east"]}}
    havannah = {"ring": True, "bridge": True, "fork": True}
    return {
        "othello": Pairing("othello", "reversi", _othello(8), "othello", {}, 5),
        "go-9": Pairing("go-9", "go", _go(9), "go", {"board_size": 9}, 3, _go_key, _go_oracle_key),
        "go-13": Pairing("go-13", "go", _go(13), "go", {"board_size": 13}, 2, _go_key, _go_oracle_key),
        "hex-7": Pairing(
            "hex-7",
            "connection",
            _connection("hex-7", HexLattice(7), hex_goal),
            "hex",
            {"board_size": 7},
            3,
            _flipped_key,
        ),
        "y-7": Pairing(
            "y-7",
            "connection",
            _connection("y-7", HexLattice(7, triangle=True), {"connect_all_sides": True}),
            "y",
            {"board_size": 7},
            3,
            _flipped_key,
        ),
        "havannah-5": Pairing(
            "havannah-5",
            "connection",
            _connection("havannah-5", HexHexGrid(5), havannah),
            "havannah",
            {"board_size": 5},
            3,
        ),
        "havannah-5-swap": Pairing(
            "havannah-5-swap",
            "connection",
            _connection("havannah-5", HexHexGrid(5), {**havannah, "swap": True}),
            "havannah",
            {"board_size": 5, "swap": True},
            3,
            _swap_key,
        ),
        "lines-of-action": Pairing("lines-of-action", "lines", _lines_of_action(), "lines_of_action", {}, 3),
        "nine-mens-morris": Pairing(
            "nine-mens-morris", "morris", _morris(), "nine_mens_morris", {}, 4, _morris_key
        ),
        **{
            f"chinese-checkers-{n}": Pairing(
                f"chinese-checkers-{n}",
                "hop",
                _chinese_checkers(n),
                "chinese_checkers",
                {"players": n},
                3,
                _hop_key,
                choose=_forward,
            )
            for n in ((2, 3, 4, 6) if pyspiel is not None else ())
        },
        "breakthrough": Pairing("breakthrough", "race", _breakthrough(), "breakthrough", our_key=_step_key),
    }


PAIRINGS: dict[str, Pairing] = _pairings()


def pairing(name: str) -> Pairing:
    return PAIRINGS[name]


@dataclass
class Tally:
    """What a lockstep run compared: positions, finished games and their results."""

    positions: int = 0
    games: int = 0
    results: Counter[str] = field(default_factory=Counter)

    def __str__(self) -> str:
        results = ", ".join(f"{k} {v}" for k, v in sorted(self.results.items()))
        return f"{self.positions:,} positions in {self.games:,} games ({results})"


class Disagreement(AssertionError):
    """The two engines differ; the message gives the moves that lead there."""


def _result(pair: Pairing, game: Engine, state: Any) -> str:
    returns = state.returns()
    best = max(returns)
    winners = [i for i, r in enumerate(returns) if r == best]
    if len(winners) != 1:
        return "draw"
    return pair.spec.players[winners[0]].id


def lockstep(pair: Pairing, positions: int, seed: int = 0, max_plies: int = 2000) -> Tally:
    """Play seeded random games in both engines until ``positions`` positions are compared."""
    game, oracle = pair.game(), pair.oracle()
    rng = random.Random(seed)
    tally = Tally()
    while tally.positions < positions:
        position, state = game.initial(), oracle.new_initial_state()
        history: list[str] = []
        for _ in range(max_plies):
            tally.positions += 1
            moves = list(game.legal_moves(position))
            ours = {pair.our_key(game, position, m): m for m in moves}
            theirs = (
                {} if state.is_terminal() else {pair.oracle_key(state, a): a for a in state.legal_actions()}
            )
            if set(ours) != set(theirs):
                where = f"after {' '.join(history) or 'the start'} ({game.position_text(position)})"
                only_ours, only_theirs = sorted(set(ours) - set(theirs)), sorted(set(theirs) - set(ours))
                raise Disagreement(
                    f"{pair.name}: {where}: only ours {only_ours}, only OpenSpiel's {only_theirs}"
                )
            ending = game.ending(position)
            if not ours or ending is not None:
                if not state.is_terminal() or ending is None:
                    raise Disagreement(
                        f"{pair.name}: after {' '.join(history)}: ours ends {ending}, "
                        f"OpenSpiel terminal={state.is_terminal()}"
                    )
                expected = _result(pair, game, state)
                if ending.result != expected:
                    raise Disagreement(
                        f"{pair.name}: after {' '.join(history)}: ours {ending.result}, "
                        f"OpenSpiel {expected} ({state.returns()})"
                    )
                tally.results[ending.result] += 1
                break
            key = pair.choose(game, position, ours, rng) if pair.choose else rng.choice(sorted(ours))
            history.append(key)
            position = game.play(position, ours[key])
            state.apply_action(theirs[key])
            if tally.positions >= positions:
                break
        tally.games += 1
    return tally


def oracle_perft(state: Any, depth: int) -> int:
    """OpenSpiel's perft driven from Python: ``state.child(a)`` recursion, last ply counted."""
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(oracle_perft(state.child(a), depth - 1) for a in actions)
