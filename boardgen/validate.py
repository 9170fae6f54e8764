"""Setup checks run by ``boardgen validate`` and before every build.

Generic checks (cells, counts, symmetry) look only at the descriptor; the rules
engine adds what needs play: the side to move has a move, no capture is possible on
move one, and each family's own checks (Catchup's score track).
"""

from __future__ import annotations

__all__ = ["failures", "run_checks"]

from .descriptor.model import Variant
from .errors import BoardgenError
from .rules.base import Check, Game


def run_checks(variant: Variant) -> list[Check]:
    checks = [_on_playable_cells(variant), _one_per_cell(variant), _counts(variant), _mirror(variant)]
    checks.extend(_engine_checks(variant))
    return checks


def failures(variant: Variant) -> list[Check]:
    return [check for check in run_checks(variant) if not check.ok]


def _on_playable_cells(variant: Variant) -> Check:
    grid = variant.grid
    bad = sorted(
        grid.name(c)
        for cells in variant.setup.values()
        for c in cells
        if c not in variant.board.playable or c in variant.restricted
    )
    detail = (
        "every piece stands on a playable, unrestricted cell" if not bad else f"misplaced: {', '.join(bad)}"
    )
    return Check("pieces on playable cells", not bad, detail)


def _one_per_cell(variant: Variant) -> Check:
    a, b = (variant.setup[p.id] for p in variant.players)
    shared = sorted(variant.grid.name(c) for c in a & b)
    return Check(
        "one piece per cell",
        not shared,
        "no cell holds two pieces" if not shared else f"shared: {', '.join(shared)}",
    )


def _counts(variant: Variant) -> Check:
    parts = []
    ok = True
    for player in variant.players:
        have, want = len(variant.setup[player.id]), variant.counts[player.id]
        ok = ok and have == want
        parts.append(f"{player.id} {have}/{want}")
    return Check("piece counts as declared", ok, ", ".join(parts))


def _mirror(variant: Variant) -> Check:
    grid = variant.grid
    a, b = (variant.setup[p.id] for p in variant.players)
    turned = frozenset(grid.half_turn(c) for c in a)
    if turned == b:
        return Check("sides mirror each other", True, "a half turn of the board swaps the two setups")
    odd = sorted(grid.name(c) for c in turned ^ b)
    return Check(
        "sides mirror each other", False, f"not symmetric under a half turn at: {', '.join(odd[:8])}"
    )


def _engine_checks(variant: Variant) -> list[Check]:
    from .rules.registry import make_game

    game = make_game(variant.game_spec(), variant.rules.family)
    start = game.initial()
    moves = game.legal_moves(start)
    mover = game.to_move(start)
    checks = [Check("side to move can move", bool(moves), f"{mover} has {len(moves)} legal move(s)")]
    captures = [m for m in moves if game.view(m).captured]
    checks.append(
        Check(
            "no capture on the first move",
            not captures,
            "the first move captures nothing" if not captures else f"{len(captures)} first move(s) capture",
        )
    )
    checks.extend(game.family_checks())
    checks.extend(_example_checks(variant, game))
    return checks


def _example_checks(variant: Variant, game: Game) -> list[Check]:
    """Every example on the rule sheets must be a legal move for the engine."""
    checks = []
    for example in variant.examples:
        name = f"example '{example.id}' is legal"
        try:
            position = game.initial() if example.position is None else game.parse_position(example.position)
            move = game.parse_move(position, example.move)
        except BoardgenError as error:
            checks.append(Check(name, False, error.message))
            continue
        legal = move in game.legal_moves(position)
        detail = f"{example.move} is a legal move" if legal else f"{example.move} is not a legal move there"
        checks.append(Check(name, legal, detail))
    return checks
