"""Commands that play: ``validate``, ``perft`` and ``moves``."""

from __future__ import annotations

import sys
from typing import Any

import click

from ..descriptor.library import Library
from ..errors import BoardgenError
from ..rules.base import Engine
from ..rules.registry import make_game
from ._app import complete_variant, reports_errors, uses_library

_VARIANT_HELP = "VARIANT is a variant id or a path to a descriptor YAML file."

#: Positions whose moves one perft depth may generate: counting depth N means generating
#: the moves of every position N-1 plies deep, so a depth is refused, before it starts,
#: when the previous depth counted more (about 15 s of work; docs/reference/limits.md).
PERFT_POSITIONS = 2_000_000

#: Bytes ``moves`` may print: each line carries the whole position after the move, so a
#: crowded big board could otherwise print gigabytes, for minutes (docs/reference/limits.md).
MOVES_OUTPUT = 8 * 1024 * 1024
_POSITION = click.option(
    "--position",
    metavar="POS",
    default=None,
    help="Start from this position string (PDN FEN on 8x8 diagonal boards); default: the setup.",
)


@click.command()
@click.argument("games", nargs=-1, metavar="[ID | FILE | DIR]...", shell_complete=complete_variant)
@reports_errors
@uses_library
def validate(library: Library, games: tuple[str, ...]) -> None:
    """Check descriptors and their setups; one line per check.

    GAMES are ids, descriptor files or folders of them; with none, every game. A
    descriptor that cannot be read gets one located line on stderr; the others are
    still checked. A descriptor whose piece colours would vanish on a black-and-white
    printer, or that leaves something unfinished (a region nothing uses, a track
    nothing scores, a free text in only some languages), gets a `warn` line at its
    key (it still validates). Exit status: 0 all valid, 1 a
    check failed, 2 bad input.
    """
    from ..outputs.validate import (  # lazy: start-up speed (completion, --help)
        colour_warnings,
        design_warnings,
        run_checks,
    )

    loaded, errors = library.load_many(library.select(games))
    failed = False
    for variant in loaded:
        for check in run_checks(variant, sheets=True):
            if check.ok:
                click.echo(f"{variant.id}: ok   {check.name}: {check.detail}")
                continue
            failed = True
            click.echo(f"{variant.id}: FAIL {check.name}: {variant.error(check.key, check.detail)}")
        for warning in (*colour_warnings(variant), *design_warnings(variant)):
            click.echo(f"{variant.id}: warn {warning.name}: {variant.error(warning.key, warning.detail)}")
    for error in errors:
        click.echo(str(error), err=True)
    sys.exit(2 if errors else 1 if failed else 0)


def _game_at(library: Library, ref: str, position: str | None) -> tuple[Engine, Any]:
    """The variant's game and the position to start from."""
    variant = library.load(ref)
    game = make_game(variant.game_spec(), variant.rules.family)
    start = game.initial() if position is None else game.parse_position(position)
    return game, start


def _over(game: Engine, position: Any) -> bool:
    """Say on stderr that the game is over at ``position``, and why; True if it is."""
    ending = game.ending(position)
    if ending is not None:
        click.echo(str(ending), err=True)
    return ending is not None


@click.command(epilog=_VARIANT_HELP)
@click.argument("variant", shell_complete=complete_variant)
@click.argument("depth", type=click.IntRange(1, 64))
@_POSITION
@click.option("--divide", is_flag=True, help="First list each legal move with its count at DEPTH.")
@click.option(
    "--distinct",
    is_flag=True,
    help="Count moves that lead to the same position once (two capture paths that end alike).",
)
@reports_errors
@uses_library
def perft(
    library: Library, variant: str, depth: int, position: str | None, divide: bool, distinct: bool
) -> None:
    """Count the move sequences DEPTH plies deep: one line `DEPTH COUNT` per depth.

    A whole multi-jump is one move; two capture paths are two moves even when they
    end alike, unless --distinct is given (then each move is counted by the position it
    leads to, as tables that drop duplicate captures do). With --divide, each legal move
    first gets a line `MOVE<TAB>COUNT` (the sequences of DEPTH plies that start with
    it). A finished game (a win, or a draw the rules declare) is said to be over on
    stderr, and every count is 0.
    """
    game, start = _game_at(library, variant, position)
    if _over(game, start):
        for ply in range(1, depth + 1):
            click.echo(f"{ply} 0")
        return
    counts: list[int] = []

    def count(ply: int) -> int:
        if counts and counts[-1] > PERFT_POSITIONS:
            raise BoardgenError(
                f"perft: depth {ply} would generate the moves of {counts[-1]:,} positions, over the "
                f"limit of {PERFT_POSITIONS:,}; ask for depth {ply - 1} at most"
            )
        counts.append(game.perft(start, ply, distinct))
        return counts[-1]

    if divide:
        for ply in range(1, depth):
            count(ply)
        if counts and counts[-1] > PERFT_POSITIONS:
            count(depth)  # refused, before any line is printed
        seen: set[Any] = set()
        for move in game.legal_moves(start):
            after = game.play(start, move)
            if distinct and after in seen:
                continue
            seen.add(after)
            below = game.perft(after, depth - 1, distinct) if depth > 1 else 1
            click.echo(f"{game.move_text(start, move)}\t{below}")
        counts.clear()
    for ply in range(1, depth + 1):
        click.echo(f"{ply} {count(ply)}")


@click.command(epilog=_VARIANT_HELP)
@click.argument("variant", shell_complete=complete_variant)
@_POSITION
@reports_errors
@uses_library
def moves(library: Library, variant: str, position: str | None) -> None:
    """List every legal move: the move, a tab, the position after it.

    In a finished game (a win, or a draw the rules declare, such as the quiet-move
    rule) nothing is listed: stderr says the game is over and why.
    """
    game, start = _game_at(library, variant, position)
    if _over(game, start):
        return
    legal = game.legal_moves(start)
    estimate = len(legal) * (len(game.position_text(start)) + 16)
    if estimate > MOVES_OUTPUT:
        raise BoardgenError(
            f"moves: {len(legal):,} moves with the position after each would print about "
            f"{estimate // 2**20:,} MiB, over the limit of {MOVES_OUTPUT // 2**20} MiB"
        )
    for move in legal:
        click.echo(f"{game.move_text(start, move)}\t{game.position_text(game.play(start, move))}")
