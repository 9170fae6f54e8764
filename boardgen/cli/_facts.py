"""``boardgen facts``: the engine plays a game against itself and says what it saw."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING

import click

from ._app import complete_variant, reports_errors, uses_library

if TYPE_CHECKING:
    from ..descriptor.library import Library

__all__: list[str] = []


@click.command(epilog="GAME is a variant id or a path to a descriptor YAML file.")
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
@click.option(
    "--max-plies",
    type=click.IntRange(1, 100_000),
    default=600,
    show_default=True,
    help="A game with no result after this many plies counts as unfinished.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@reports_errors
@uses_library
def facts(
    library: Library,
    game: str,
    games: int,
    seed: int,
    time_limit: float,
    jobs: int | None,
    max_plies: int,
    as_json: bool,
) -> None:
    """Self-play GAME and print its facts: first-player win rate, draws, length,
    branching factor and how often each rule ends a game.

    The engine plays GAMES games against itself, alternately with random moves and
    with a greedy player (the move that wins at once, else the best material balance).
    The figures depend only on GAME, --games and --seed. A run stopped by --time-limit
    says so and covers the games it played.
    """
    from ..model.facts import game_facts, report_lines  # lazy: start-up speed (completion, --help)
    from ..outputs.validate import ensure_printable  # lazy: start-up speed, as above

    variant = library.load(game)
    ensure_printable(variant)
    workers = jobs or min(os.cpu_count() or 1, 8)
    result = game_facts(
        variant, games, seed=seed, time_limit=time_limit, workers=workers, max_plies=max_plies
    )
    if as_json:
        click.echo(json.dumps(result.as_dict(), indent=2, ensure_ascii=False))
    else:
        for line in report_lines(result):
            click.echo(line)
    if not result.complete:
        click.echo(
            f"boardgen: note: the time limit ({time_limit:g} s) stopped the run after"
            f" {result.played:,} of {result.asked:,} games",
            err=True,
        )
