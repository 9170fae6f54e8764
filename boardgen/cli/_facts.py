"""``boardgen facts``: the engine plays a game against itself and says what it saw."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING

import click

from ._app import complete_variant, main, reports_errors, uses_library

if TYPE_CHECKING:
    from ..descriptor.library import Library
    from ..facts import GameFacts

__all__ = ["facts_lines"]


def _percent(rate: float) -> str:
    return f"{100 * rate:.1f} %"


def facts_lines(facts: GameFacts) -> list[str]:
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


@main.command(epilog="GAME is a variant id or a path to a descriptor YAML file.")
@click.argument("game", shell_complete=complete_variant)
@click.option(
    "--games",
    type=click.IntRange(1, 100_000),
    default=2000,
    show_default=True,
    help="Games to play, half with random moves, half with a greedy one-move look-ahead.",
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**63 - 1),
    default=0,
    show_default=True,
    help="The same seed gives the same figures.",
)
@click.option(
    "--time-limit",
    type=click.FloatRange(0.1, 3600),
    default=120.0,
    show_default=True,
    help="Seconds; the run stops there and reports the games played.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(1, 64),
    default=None,
    help="Worker processes (default: one per processor); the figures do not change.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@reports_errors
@uses_library
def facts(
    library: Library, game: str, games: int, seed: int, time_limit: float, jobs: int | None, as_json: bool
) -> None:
    """Self-play GAME and print its facts: first-player win rate, draws, length,
    branching factor and how often each rule ends a game.

    The engine plays GAMES games against itself, alternately with random moves and
    with a greedy player (the move that wins at once, else the best material balance).
    The figures depend only on GAME, --games and --seed. A run stopped by --time-limit
    says so and covers the games it played.
    """
    from ..facts import game_facts
    from ..validate import ensure_printable

    variant = library.load(game)
    ensure_printable(variant)
    workers = jobs or min(os.cpu_count() or 1, 8)
    result = game_facts(variant, games, seed=seed, time_limit=time_limit, workers=workers)
    if as_json:
        click.echo(json.dumps(result.as_dict(), indent=2, ensure_ascii=False))
    else:
        for line in facts_lines(result):
            click.echo(line)
    if not result.complete:
        click.echo(
            f"boardgen: note: the time limit ({time_limit:g} s) stopped the run after"
            f" {result.played:,} of {result.asked:,} games",
            err=True,
        )
