"""Published games replay: every record under ``examples/`` plays move by move to its end.

The records of the draughts family live in ``examples/games/``, one file or more per
game, named ``<variant id>-<players>-<year>.pdn``.

Each file is a real game printed or posted somewhere public; its header cites where
(``% Source:``). The PDN reader resolves every move with the rules engine, so a game
that replays to its recorded end is a check of the engine against play nobody
arranged for it: one illegal or ambiguous move fails the file at its line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import boardgen

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "examples").rglob("*.pdn"))
RESULTS = {"1-0", "0-1", "2-0", "0-2", "1/2-1/2", "1-1", "*"}


def test_there_are_published_games() -> None:
    assert RECORDS, "no PDN file under examples/"


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_published_game_replays_to_its_recorded_end(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert re.search(r"^% Source:", text, re.MULTILINE), f"{path.name} does not cite its source"
    records = boardgen.read_pdn(path)
    assert records, f"{path.name} holds no game"
    for record in records:
        assert record.plies, f"{path.name}: a game without moves proves nothing"
        if path.parent.name == "games":  # examples/games/<variant id>-<who>-<year>.pdn
            assert path.stem.startswith(record.game.id), f"{path.name} is named after another game"
        assert record.result in RESULTS
        # Every ply really is the engine's legal move from the ply's position.
        for ply in record.plies:
            assert ply.move in ply.before.legal_moves()
            assert ply.before.play(ply.move) == ply.after
        # A game the engine calls over must carry a decided result of the same kind.
        ended = record.positions()[-1].outcome()
        if ended == "draw":
            assert record.result in {"1/2-1/2", "1-1"}
        elif ended is not None:
            assert record.result in {"1-0", "0-1", "2-0", "0-2"}
