"""Differential tests: xiangqi and shogi in lockstep with Fairy-Stockfish (pyffish, GPL:
a test oracle only, in the test extra).

Seeded random games are played in both engines at once from the shipped descriptors;
at every ply the legal moves (as a multiset), the whole position (board, side to move,
pieces in hand, the plies since the last capture) and the outcome are compared
(tests/support/fairy_oracle.py). The tests skip, saying why, only where pyffish cannot
be imported; ``make crosscheck`` runs many more plies and fails without it.

The xiangqi chase cases are those posted for Fairy-Stockfish's chase rules (pull
request 466 of fairy-stockfish/Fairy-Stockfish, "Support xiangqi chasing rules",
2022-04-22), each cycle played three times; the verdicts below are the ones both
engines give (where the poster's label differs, Fairy-Stockfish's implementation,
which boardgen follows, says otherwise, and the docs say the chase rules are partial).
"""

from __future__ import annotations

import re

import pytest

import boardgen
from tests.support.fairy_oracle import FAIRY, lockstep, pyffish

pytestmark = pytest.mark.skipif(pyffish is None, reason="pyffish (Fairy-Stockfish) cannot be imported here")

#: Plies compared per game in the suite (make crosscheck compares many more).
PLIES = {"xiangqi": 1500, "shogi": 900}


@pytest.mark.parametrize("name", sorted(FAIRY))
def test_lockstep_with_fairy_stockfish(name: str) -> None:
    tally = lockstep(FAIRY[name], PLIES[name], seed=33, max_game=400)
    assert tally.plies >= PLIES[name] and tally.games >= 2


#: (position, moves of one cycle in UCCI coordinates (ranks from 0), the winner both engines give).
CHASES = [
    ("9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5", "d6e6 e4d4 e6d6 d4e4", "red"),
    ("3k5/9/9/9/9/5p3/9/5p3/5K3/5C3", "f1e1 f2e2 e1f1 e2f2", "red"),
    ("3k5/9/9/9/9/9/3r5/9/9/3NK4", "d0c2 d3c3 c2d0 c3d3", "red"),
    ("5k3/9/9/9/9/1C7/1r7/9/1C7/4K4", "b4c4 b3c3 c4b4 c3b3", "red"),
    ("3k5/4P4/4b4/3C5/4c4/9/9/9/9/5K3", "d6e6 e7g5 e6d6 g5e7", "red"),
    ("3k5/9/9/9/9/9/9/9/cr1CAK3/9", "d1d3 b1b3 d3d1 b3b1", "red"),
    ("5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4", "f4d4 f5d5 d4f4 d5f5", "black"),
    ("4k4/9/4b4/2c2nR2/9/9/9/9/9/3K5", "g6g5 f6g8 g5g6 g8f6", "red"),
    ("5k3/9/9/9/9/4c4/3r5/3NB4/4A4/4K4", "e0d0 e4d4 d0e0 d4e4", "red"),
    ("5k3/9/9/9/9/9/9/9/9/3NK1cr1", "d0c2 h0h2 c2d0 h2h0", "red"),
    ("5k3/9/9/9/9/1N2P1C2/9/4BC3/9/cr1RK4", "b4c2 b0c0 c2b4 c0b0", "red"),
    ("4k4/9/9/9/4n4/9/5C3/9/4N4/4K4", "e1g0 e9f9 g0e1 f9e9", "draw"),
    ("3P5/3k5/3nn4/9/9/9/9/9/9/5K3", "d9e9 d8e8 e9d9 e8d8", "red"),
    ("4ck3/9/9/9/9/2r1R4/9/9/4A4/3AK4", "e4e3 c4c3 e3e4 c3c4", "red"),
    ("4k4/9/9/c1c6/9/r8/9/9/C8/3K5", "a1c1 a4c4 c1a1 c4a4", "red"),
    ("9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5", "e3d3 d6e6 d3e3 e6d6", "draw"),
    ("5k3/9/9/9/9/9/7r1/9/2nRA3c/4K4", "e1f0 h3h1 f0e1 h1h3", "red"),
    ("4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4", "f8f6 f9e8 f6f8 e8f9", "draw"),
]


@pytest.mark.parametrize(("fen", "cycle", "winner"), CHASES)
def test_chase_verdicts_as_fairy_stockfish_gives_them(fen: str, cycle: str, winner: str) -> None:
    assert pyffish is not None
    game = boardgen.load("xiangqi")
    position = game.position(fen + " w - - 0 1")
    played: list[str] = []
    for move in cycle.split() * 2:
        start, end = re.findall(r"[a-i]\d", move)
        text = f"{start[0]}{int(start[1]) + 1}-{end[0]}{int(end[1]) + 1}"
        assert position.ending() is None
        position = position.play(text)
        played.append(text.replace("-", ""))
    ending = position.ending()
    over, value = pyffish.is_optional_game_end("xiangqi", fen + " w - - 0 1", played)
    assert over and ending is not None
    theirs = (
        "draw"
        if value == 0
        else position.turn
        if value > 0
        else ("red" if position.turn == "black" else "black")
    )
    assert ending.result == theirs == winner


def test_shogi_repetition_verdicts_as_fairy_stockfish_gives_them() -> None:
    assert pyffish is not None
    game = boardgen.load("shogi")
    for sfen, moves, winner in [
        ("startpos", "5i4h 5a4b 4h5i 4b5a " * 3, "draw"),
        (
            "4k4/9/9/9/9/9/r8/9/4K4 w - 1",
            "9g5g 5i4i 5g4g 4i5i 4g5g 5i4i 5g4g 4i5i 4g5g 5i4i 5g4g 4i5i 4g5g",
            "black",
        ),
    ]:
        position = game.position(sfen)
        fen = FAIRY["shogi"].our_fen(position.text)
        keys = []
        for text in moves.split():
            move = position.move(text)
            keys.append(FAIRY["shogi"].move_key(game.engine, position.state, move.raw))
            position = position.play(move)
        ending = position.ending()
        over, value = pyffish.is_optional_game_end("shogi", fen, keys)
        assert over and ending is not None
        theirs = (
            "draw"
            if value == 0
            else position.turn
            if value > 0
            else ("black" if position.turn == "white" else "white")
        )
        assert ending.result == theirs == winner
