"""Published Othello games replayed to their recorded scores.

``examples/games/othello-woc-2010.txt`` holds three games of the 2010 World Othello
Championship (the header cites where the transcripts come from). Each move must be
legal for the reversi family, passes are played where the transcript's player cannot
move, the game must be over after the last move, and the score, counted as the World
Othello Federation counts it (``empty_cells_to_winner``), must be the recorded one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardgen.rules.reversi import PASS, ReversiGame
from boardgen.rules.reversi.params import parse_params
from tests.support.openspiel_oracle import pairing

RECORDS = Path(__file__).resolve().parents[2] / "examples" / "games" / "othello-woc-2010.txt"


def games() -> list[tuple[dict[str, str], str]]:
    text = RECORDS.read_text(encoding="utf-8")
    assert re.search(r"^% Source:", text, re.MULTILINE)
    out = []
    for block in text.split("\n\n")[1:]:
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', block, re.MULTILINE))
        moves = "".join(line for line in block.splitlines() if line and line[0] not in "[%")
        out.append((tags, moves))
    return out


@pytest.mark.parametrize("index", range(3))
def test_a_championship_game_replays_to_its_score(index: int) -> None:
    tags, moves = games()[index]
    base = pairing("othello").game()
    game = ReversiGame(base.spec, parse_params({"empty_cells_to_winner": True}))
    position = game.initial()
    grid = game.spec.grid
    for number in range(0, len(moves), 2):
        cell = grid.parse(moves[number : number + 2].lower())
        if game.legal_moves(position) == [PASS]:
            position = game.play(position, PASS)
        assert cell in game.legal_moves(position), f"move {number // 2 + 1} ({moves[number : number + 2]})"
        position = game.play(position, cell)
    assert game.is_over(position)
    black, white = game.counts(position)
    assert f"{black}-{white}" == tags["Result"]
