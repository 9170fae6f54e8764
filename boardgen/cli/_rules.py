"""Commands that play: ``validate`` (and the engine's ``perft`` and ``moves``)."""

from __future__ import annotations

import sys

import click

from ._app import main, reports_errors


@main.command()
@click.argument("variants", nargs=-1, required=True)
@reports_errors
def validate(variants: tuple[str, ...]) -> None:
    """Check descriptors and their setups; one line per check.

    Exit status: 0 all valid, 1 a check failed, 2 bad input.
    """
    from ..descriptor import load_variant
    from ..validate import run_checks

    failed = False
    for ref in variants:
        variant = load_variant(ref)
        for check in run_checks(variant):
            verdict = "ok  " if check.ok else "FAIL"
            click.echo(f"{variant.id}: {verdict} {check.name}: {check.detail}")
            failed = failed or not check.ok
    sys.exit(1 if failed else 0)
