"""Every misuse of the Python API raises :class:`boardgen.BoardgenError` in the command line's
words, or ``TypeError`` for an argument of the wrong type (as Python itself does), and never
an ``AttributeError``, a ``KeyError`` or a dependency's own error (Pillow's, click's)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

import boardgen

GAME = boardgen.load("american-checkers")
START = GAME.start
CATCHUP = boardgen.load("catchup")
RECORD = boardgen.read_pdn("1. 11-15 23-19 *")[0]

#: (what is done, the error it must raise, words the message must hold)
MISUSES: list[tuple[str, Callable[[], Any], type[Exception], str]] = [
    ("play(None)", lambda: START.play(None), TypeError, "play() takes a move"),
    ("play(5)", lambda: START.play(5), TypeError, "not int"),
    ("move(None)", lambda: START.move(None), TypeError, "move() takes the text of a move"),
    ("move('')", lambda: START.move(""), boardgen.BoardgenError, "is not a move"),
    ("play an illegal move", lambda: START.play("11-17"), boardgen.BoardgenError, "is not legal here"),
    ("svg(game)", lambda: boardgen.svg(GAME), TypeError, "draw game.start"),
    ("svg(None)", lambda: boardgen.svg(None), TypeError, "a diagram draws a Position"),
    ("pdf('x')", lambda: boardgen.pdf("x"), TypeError, "not str"),
    ("fill='15'", lambda: boardgen.svg(START, fill="15"), TypeError, "fill must map cells"),
    ("fill={'15': 1}", lambda: boardgen.svg(START, fill={"15": 1}), TypeError, "a colour is text"),
    (
        "fill={'15': 'mauve'}",
        lambda: boardgen.svg(START, fill={"15": "mauve"}),
        boardgen.BoardgenError,
        "mauve",
    ),
    (
        "fill=['99']",
        lambda: boardgen.svg(START, fill=["99"]),
        boardgen.BoardgenError,
        "no square numbered 99",
    ),
    ("arrows=5", lambda: boardgen.svg(START, arrows=5), TypeError, "arrows must be a list"),
    ("arrows=[5]", lambda: boardgen.svg(START, arrows=[5]), TypeError, "an arrow is text"),
    ("arrows=['11']", lambda: boardgen.svg(START, arrows=["11"]), boardgen.BoardgenError, "is not an arrow"),
    ("colours=['red']", lambda: boardgen.svg(START, colours=["red"]), TypeError, "colours must map"),
    ("colours={'dark': 5}", lambda: boardgen.svg(START, colours={"dark": 5}), TypeError, "colours are text"),
    (
        "colours={'nope': 'red'}",
        lambda: boardgen.svg(START, colours={"nope": "red"}),
        boardgen.BoardgenError,
        "unknown key",
    ),
    ("lastmove=5", lambda: boardgen.svg(START, lastmove=5), TypeError, "lastmove must be"),
    ("move=5", lambda: boardgen.svg(START, move=5), TypeError, "move must be"),
    ("flipped='no'", lambda: boardgen.svg(START, flipped="no"), TypeError, "flipped must be True or False"),
    (
        "size=nan",
        lambda: boardgen.svg(START, size=math.nan),
        boardgen.BoardgenError,
        "size: write a width in pixels",
    ),
    ("size=inf", lambda: boardgen.svg(START, size=math.inf), boardgen.BoardgenError, "not inf"),
    ("size=0", lambda: boardgen.png(START, size=0), boardgen.BoardgenError, "from 16 to 4000, not 0"),
    ("size=True", lambda: boardgen.svg(START, size=True), TypeError, "size must be a number"),
    ("cell_size=nan", lambda: boardgen.pdf(START, cell_size=math.nan), boardgen.BoardgenError, "cell_size"),
    ("cell_size=-1", lambda: boardgen.svg(START, cell_size=-1), boardgen.BoardgenError, "from 3 to 150"),
    ("png(dpi=0)", lambda: boardgen.png(START, dpi=0), boardgen.BoardgenError, "dpi: write a resolution"),
    ("png(dpi=-3)", lambda: boardgen.png(START, dpi=-3), boardgen.BoardgenError, "not -3"),
    ("png(dpi=nan)", lambda: boardgen.png(START, dpi=math.nan), boardgen.BoardgenError, "not nan"),
    ("png(dpi=inf)", lambda: boardgen.png(START, dpi=math.inf), boardgen.BoardgenError, "not inf"),
    ("player_name('red')", lambda: GAME.player_name("red"), boardgen.BoardgenError, "no player 'red'"),
    ("position(None)", lambda: GAME.position(None), TypeError, "position string"),
    ("position('')", lambda: GAME.position(""), boardgen.BoardgenError, "position ''"),
    ("load(None)", lambda: boardgen.load(None), TypeError, "load() takes"),
    ("load('')", lambda: boardgen.load(""), boardgen.BoardgenError, "neither a variant id"),
    ("load('x.yaml')", lambda: boardgen.load("x.yaml"), boardgen.BoardgenError, "no such file"),
    ("read_pdn(None)", lambda: boardgen.read_pdn(None), TypeError, "read_pdn takes"),
    ("read_pdn('')", lambda: boardgen.read_pdn(""), boardgen.BoardgenError, "no game"),
    ("write_pdn(position)", lambda: boardgen.write_pdn(START), TypeError, "write_pdn() takes a GameRecord"),
    ("sheet(every=0)", lambda: RECORD.sheet(every=0), boardgen.BoardgenError, "every: write a number"),
    ("sheet(every='a')", lambda: RECORD.sheet(every="a"), TypeError, "every must be an int"),
    ("sheet(lang='xx')", lambda: RECORD.sheet(lang="xx"), boardgen.BoardgenError, "language 'xx'"),
    ("sheet(paper='b5')", lambda: RECORD.sheet(paper="b5"), boardgen.BoardgenError, "paper"),
    ("animation(width=0)", lambda: RECORD.animation(width=0), boardgen.BoardgenError, "from 16 to 4000"),
    ("position(ply=99)", lambda: RECORD.position(99), boardgen.BoardgenError, "out of range"),
    ("W:: (no pieces)", lambda: GAME.position("W::"), boardgen.BoardgenError, "no pieces on the board"),
]


@pytest.mark.parametrize(("what", "call", "error", "words"), MISUSES, ids=[m[0] for m in MISUSES])
def test_misuse_raises_boardgen_error_or_type_error(
    what: str, call: Callable[[], Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error or isinstance(caught.value, boardgen.BoardgenError)
    assert words in str(caught.value), str(caught.value)


def test_forms_that_read_the_same_everywhere_are_accepted() -> None:
    """What the command line and the pages accept, the API accepts too."""
    assert boardgen.svg(START, fill=["15", "d4:green"]) == boardgen.svg(
        START, fill={"15": None, "d4": "green"}
    )
    assert boardgen.svg(START, colours="dark:#556b2f black:red") == boardgen.svg(
        START, colours={"dark": "#556b2f", "black": "red"}
    )
    placed = CATCHUP.start.play("c3")
    assert "Last move: c3." in boardgen.svg(placed, lastmove="c3")  # a placement is one cell
    assert START.move("f6-e5") == START.move("11-15")  # a numbered board reads cell names as arrows do
