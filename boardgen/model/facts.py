"""Game facts: what thousands of self-played games say about a game's balance.

The rules engine plays the game against itself with two simple players, through the
:class:`~boardgen.rules.base.Engine` protocol only (so every rule family gets facts):

* ``random``: every legal move is equally likely;
* ``greedy``: looks one move ahead: a move that wins at once, else the move that leaves
  the best material balance (a king counts two men), ties broken at random. Where a
  position has more than :data:`GREEDY_SAMPLE` moves (a placement game's sets of
  cells), it weighs that many of them, drawn at random, so a move costs bounded work.

Game ``i`` is played by ``random`` when ``i`` is even and ``greedy`` when it is odd,
with its own random generator seeded by the seed and ``i``: the figures are a function
of the seed and the number of games alone, whatever the number of worker processes, and
a run stopped at its time limit reports exactly the games a shorter run would have
played. A game with no result after :data:`MAX_PLIES` plies is counted as unfinished.

For each player: games, the first player's win rate with its Wilson 95 % interval, the
second player's wins, draws, unfinished games, the average and longest length in
plies, the average branching factor (legal moves per position met) and how often each
rule ended a game (the engine's :meth:`~boardgen.rules.base.Engine.ending` reason, player
names replaced by "a player"). ``boardgen facts``, the studio and the rule sheet's
"Game facts" box all read :func:`game_facts`.
"""

from __future__ import annotations

__all__ = [
    "DEFAULT_GAMES",
    "GREEDY_SAMPLE",
    "MAX_GAMES",
    "MAX_PLIES",
    "POLICIES",
    "GameFacts",
    "PolicyFacts",
    "game_facts",
    "report_lines",
    "rule_of",
    "wilson",
]

import math
import random
import re
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import field
from multiprocessing import get_context
from typing import Any

from ..descriptor.model import Variant
from ..errors import BoardgenError
from ..foundation.values import frozen
from ..rules.base import Engine
from ..rules.registry import make_game

#: The games played when none are asked for: half by each player.
DEFAULT_GAMES = 2000
#: The most games one run may ask for (docs/reference/limits.md).
MAX_GAMES = 100_000
#: A game with no result after this many plies is counted as unfinished.
MAX_PLIES = 600
#: The most moves the greedy player weighs in one position.
GREEDY_SAMPLE = 48
#: The two players, in the order games alternate between them.
POLICIES = ("random", "greedy")
#: Games sent to a worker process at a time.
_CHUNK = 4
_Z95 = 1.959963984540054
_WEIGHT = {"man": 1, "king": 2, "stone": 1}


def wilson(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default): sound near 0 and 1
    and for few trials, where the textbook p ± z·sqrt(p(1-p)/n) is not."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def rule_of(reason: str, players: Sequence[str]) -> str:
    """The rule an ending reason names, the same for either player and any material:
    ``white has no legal move`` -> ``a player has no legal move``; Catchup's group
    sizes after the semicolon are left out."""
    label = reason.split(";")[0].strip()
    for player in players:
        label = re.sub(rf"\b{re.escape(player)}\b", "a player", label)
    return label


@frozen
class _Played:
    """One finished (or abandoned) game, as the figures need it."""

    policy: str
    #: "first", "second", "draw", or "unfinished".
    result: str
    plies: int
    choices: int
    positions: int
    rule: str


@frozen
class PolicyFacts:
    """The figures of the games one player played against itself."""

    policy: str
    games: int
    first_wins: int
    second_wins: int
    draws: int
    unfinished: int
    longest: int
    total_plies: int
    choices: int
    positions: int
    #: (rule, games it ended), most frequent first.
    endings: tuple[tuple[str, int], ...]

    @property
    def first_win_rate(self) -> float:
        return self.first_wins / self.games if self.games else 0.0

    @property
    def first_win_interval(self) -> tuple[float, float]:
        return wilson(self.first_wins, self.games)

    @property
    def draw_rate(self) -> float:
        return self.draws / self.games if self.games else 0.0

    @property
    def mean_length(self) -> float:
        return self.total_plies / self.games if self.games else 0.0

    @property
    def branching(self) -> float:
        return self.choices / self.positions if self.positions else 0.0

    def as_dict(self) -> dict[str, Any]:
        low, high = self.first_win_interval
        return {
            "games": self.games,
            "first_player_wins": self.first_wins,
            "first_player_win_rate": round(self.first_win_rate, 4),
            "first_player_win_rate_95": [round(low, 4), round(high, 4)],
            "second_player_wins": self.second_wins,
            "draws": self.draws,
            "draw_rate": round(self.draw_rate, 4),
            "unfinished": self.unfinished,
            "mean_length": round(self.mean_length, 2),
            "longest": self.longest,
            "mean_branching": round(self.branching, 2),
            "endings": dict(self.endings),
        }


@frozen
class GameFacts:
    """Every figure of one run of :func:`game_facts`."""

    game: str
    first: str
    seed: int
    asked: int
    played: int
    max_plies: int
    policies: tuple[PolicyFacts, ...]
    #: Wall-clock seconds; not part of :meth:`as_dict` (the figures are deterministic, this is not).
    seconds: float = field(default=0.0, compare=False)

    @property
    def complete(self) -> bool:
        """Whether every game asked for was played (False: the time limit stopped the run)."""
        return self.played == self.asked

    def policy(self, name: str) -> PolicyFacts:
        return next(p for p in self.policies if p.policy == name)

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "first_player": self.first,
            "seed": self.seed,
            "games_asked": self.asked,
            "games_played": self.played,
            "max_plies": self.max_plies,
            "policies": {p.policy: p.as_dict() for p in self.policies},
        }


# -- playing -------------------------------------------------------------------------------


def _material(game: Engine, position: Any, player: str) -> int:
    return sum(
        _WEIGHT[piece.kind] if piece.player == player else -_WEIGHT[piece.kind]
        for piece in game.pieces(position).values()
    )


def _greedy(game: Engine, position: Any, moves: Sequence[Any], rng: random.Random) -> Any:
    mover = game.to_move(position)
    candidates = rng.sample(list(moves), GREEDY_SAMPLE) if len(moves) > GREEDY_SAMPLE else moves
    best: list[Any] = []
    best_score = -math.inf
    for move in candidates:
        after = game.play(position, move)
        ending = game.ending(after)
        if ending is None:
            score: float = _material(game, after, mover)
        else:
            score = math.inf if ending.result == mover else -math.inf if ending.result != "draw" else 0
        if score > best_score:
            best, best_score = [move], score
        elif score == best_score:
            best.append(move)
    return best[rng.randrange(len(best))] if best else candidates[rng.randrange(len(candidates))]


def _play(game: Engine, players: Sequence[str], policy: str, rng: random.Random, max_plies: int) -> _Played:
    position = game.initial()
    first = game.to_move(position)
    plies = choices = positions = 0
    while True:
        ending = game.ending(position)
        if ending is not None:
            result = "draw" if ending.result == "draw" else "first" if ending.result == first else "second"
            return _Played(policy, result, plies, choices, positions, rule_of(ending.reason, players))
        if plies >= max_plies:
            return _Played(policy, "unfinished", plies, choices, positions, f"no result in {max_plies} plies")
        moves = game.legal_moves(position)
        choices += len(moves)
        positions += 1
        random_move = policy == "random"
        move = moves[rng.randrange(len(moves))] if random_move else _greedy(game, position, moves, rng)
        position = game.play(position, move)
        plies += 1


def _play_range(
    game: Engine, players: Sequence[str], seed: int, start: int, stop: int, max_plies: int
) -> list[_Played]:
    played = []
    for index in range(start, stop):
        policy = POLICIES[index % len(POLICIES)]
        played.append(_play(game, players, policy, random.Random(f"{seed}/{index}"), max_plies))
    return played


# -- worker processes ------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _start_worker(variant: Variant) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER["game"] = make_game(variant.game_spec(), variant.rules.family)
    _WORKER["players"] = tuple(p.id for p in variant.players)


def _worker_chunk(job: tuple[int, int, int, int]) -> list[_Played]:
    seed, start, stop, max_plies = job
    return _play_range(_WORKER["game"], _WORKER["players"], seed, start, stop, max_plies)


def _chunks(seed: int, games: int, max_plies: int) -> list[tuple[int, int, int, int]]:
    return [(seed, start, min(start + _CHUNK, games), max_plies) for start in range(0, games, _CHUNK)]


def _in_process(variant: Variant, seed: int, games: int, max_plies: int) -> Iterator[list[_Played]]:
    game = make_game(variant.game_spec(), variant.rules.family)
    players = tuple(p.id for p in variant.players)
    for _, start, stop, _ in _chunks(seed, games, max_plies):
        yield _play_range(game, players, seed, start, stop, max_plies)


def _in_workers(
    variant: Variant, seed: int, games: int, max_plies: int, workers: int
) -> Iterator[list[_Played]]:
    pool = get_context().Pool(workers, initializer=_start_worker, initargs=(variant,))
    try:
        # imap hands results back in order: what arrived is always the first games.
        yield from pool.imap(_worker_chunk, _chunks(seed, games, max_plies))
    finally:
        pool.terminate()
        pool.join()


# -- the figures -------------------------------------------------------------------------------


def _summary(policy: str, played: Sequence[_Played]) -> PolicyFacts:
    results = Counter(p.result for p in played)
    rules = Counter(p.rule for p in played)
    return PolicyFacts(
        policy=policy,
        games=len(played),
        first_wins=results["first"],
        second_wins=results["second"],
        draws=results["draw"],
        unfinished=results["unfinished"],
        longest=max((p.plies for p in played), default=0),
        total_plies=sum(p.plies for p in played),
        choices=sum(p.choices for p in played),
        positions=sum(p.positions for p in played),
        endings=tuple(sorted(rules.items(), key=lambda item: (-item[1], item[0]))),
    )


def game_facts(
    variant: Variant,
    games: int = DEFAULT_GAMES,
    *,
    seed: int = 0,
    time_limit: float | None = None,
    workers: int = 1,
    max_plies: int = MAX_PLIES,
    ply_budget: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> GameFacts:
    """Play ``games`` games of ``variant`` (alternately random and greedy) and sum them up.

    ``time_limit`` (seconds) stops the run early, between two chunks of games; the
    figures then cover the games played (:attr:`GameFacts.complete` is False) and equal
    those of a run asked for that many games. ``workers`` > 1 plays in that many
    processes (same figures). ``ply_budget`` stops the run, between two chunks of
    games, once the games played have made that many plies in all: a bound on the work
    that, unlike a time limit, gives the same figures every time (the rule sheet's box).
    ``progress(done, asked)`` is called after each chunk.
    """
    if not 1 <= games <= MAX_GAMES:
        raise BoardgenError(f"--games: {games:,} is out of range: expected 1 to {MAX_GAMES:,}")
    if not 1 <= max_plies <= 100_000:
        raise BoardgenError(f"max plies {max_plies:,} is out of range: expected 1 to 100,000")
    began = time.monotonic()
    deadline = None if time_limit is None else began + time_limit
    played: list[_Played] = []
    chunks = (
        _in_workers(variant, seed, games, max_plies, workers)
        if workers > 1 and games > _CHUNK
        else _in_process(variant, seed, games, max_plies)
    )
    try:
        plies = 0
        for chunk in chunks:
            played.extend(chunk)
            plies += sum(p.plies for p in chunk)
            if progress is not None:
                progress(len(played), games)
            if deadline is not None and time.monotonic() >= deadline:
                break
            if ply_budget is not None and plies >= ply_budget:
                break
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()
    first = variant.first
    return GameFacts(
        game=variant.id,
        first=first,
        seed=seed,
        asked=games,
        played=len(played),
        max_plies=max_plies,
        policies=tuple(_summary(name, [p for p in played if p.policy == name]) for name in POLICIES),
        seconds=time.monotonic() - began,
    )


def _percent(rate: float) -> str:
    return f"{100 * rate:.1f} %"


def report_lines(facts: GameFacts) -> list[str]:
    """The text report: one column per player (random, greedy), then how games ended."""
    names = [p.policy for p in facts.policies]
    rows: list[tuple[str, list[str]]] = [("games", [f"{p.games:,}" for p in facts.policies])]
    rows.append(
        (
            f"first player ({facts.first}) wins",
            [
                f"{_percent(p.first_win_rate)} ({_percent(p.first_win_interval[0])}"
                f" to {_percent(p.first_win_interval[1])})"
                for p in facts.policies
            ],
        )
    )
    rows.append(("second player wins", [_percent(p.second_wins / max(p.games, 1)) for p in facts.policies]))
    rows.append(("draws", [_percent(p.draw_rate) for p in facts.policies]))
    rows.append(("unfinished", [f"{p.unfinished:,}" for p in facts.policies]))
    rows.append(("average length (plies)", [f"{p.mean_length:.1f}" for p in facts.policies]))
    rows.append(("longest game (plies)", [f"{p.longest:,}" for p in facts.policies]))
    rows.append(("average branching factor", [f"{p.branching:.2f}" for p in facts.policies]))
    rules = sorted({rule for p in facts.policies for rule, _ in p.endings})
    counts = [dict(p.endings) for p in facts.policies]
    rules.sort(key=lambda rule: (-sum(c.get(rule, 0) for c in counts), rule))
    for rule in rules:
        rows.append(
            (
                f"ended by: {rule}",
                [
                    _percent(c.get(rule, 0) / p.games if p.games else 0)
                    for c, p in zip(counts, facts.policies, strict=True)
                ],
            )
        )
    width = max(len(label) for label, _ in rows)
    columns = [max(len(name), *(len(cells[i]) for _, cells in rows)) for i, name in enumerate(names)]
    stopped = "" if facts.complete else f", stopped by the time limit after {facts.played:,}"
    lines = [
        f"{facts.game}: {facts.asked:,} self-played games, seed {facts.seed}{stopped}"
        f" (95 % Wilson interval; a game unfinished after {facts.max_plies} plies is left at that)",
        "  ".join([" " * width, *(name.rjust(w) for name, w in zip(names, columns, strict=True))]),
    ]
    for label, cells in rows:
        padded = (cell.rjust(w) for cell, w in zip(cells, columns, strict=True))
        lines.append("  ".join([label.ljust(width), *padded]))
    return lines
