"""Xiangqi game records in PGN: tags, then moves in ICCS coordinates or WXF notation.

The PGN of xiangqi programs and databases (XQ PGN, as xqbase.com documents it) is
chess's PGN with its own moves: ``[Game "Chinese Chess"]`` or ``[Variant "xiangqi"]``
says which game, ``[Format "ICCS"]`` or ``"WXF"`` how moves are written, ``[FEN]`` an
other start. Moves are read in ICCS (``H2-E2``; ``h2e2`` as UCCI engines write it;
files ``a``-``i`` and ranks ``0``-``9`` from Red's side) or WXF (``C2.5``, ``C2=5``,
``H8+7``, ``+R-1``; full-width characters as Chinese databases write them are read
too). A record is replayed by the rules of movement: a repetition or the move limit,
which players claim over the board, does not end it (its result is the record's).
Comments ``{...}`` go with the move before them; variations ``(...)`` and NAGs
are read past (the main line is played); Chinese-character moves (``炮二平五``) are not
read. A file holds any number of games, each beginning at its tags.

:func:`write_xiangqi_pgn` writes a record back with ICCS moves.
"""

from __future__ import annotations

__all__ = ["is_xiangqi_pgn", "iter_xiangqi_pgn", "write_xiangqi_pgn"]

import bisect
import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from ..errors import BoardgenError, Mark, shown
from ..model.positions import Game
from .limits import MAX_GAMES
from .pdn.tokens import MAX_COMMENT, MAX_TAG, TAG
from .plies import Written, over_the_board, play_moves
from .record import GameLoader, GameRecord

_GAME_TAG = re.compile(
    r'\[\s*(?:(?:Game|Variant)\s*"\s*(?:Chinese Chess|xiangqi)\s*"\s*\]|Red\s*")', re.IGNORECASE
)
_ICCS = re.compile(r"^([A-Ia-i])([0-9])-?([A-Ia-i])([0-9])$")
_WXF = re.compile(r"^(?:[KAEHRCPBNGS1-9+\-][1-9+\-]|[+\-][KAEHRCPBNGS])[+\-.=][1-9]$", re.IGNORECASE)
_RESULT = re.compile(r"^(1-0|0-1|1/2-1/2|\*)$")
_NUMBER = re.compile(r"^[0-9]+\.(\.\.)?$")
_TOKEN = re.compile(r"(?m:^%[^\n]*)|\[[^\]\n]*\]|\{[^}]*\}?|;[^\n]*|[()]|[^\s{}()\[;]+")
_RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}
#: The rules a record is not ended by: over the board, the players claim a repetition
#: or the move limit (or play on), and the record's result says what came of it.
CLAIMED = {"repetitions": 0, "quiet_move_limit": 0}


def is_xiangqi_pgn(text: str) -> bool:
    """Whether ``text`` is a xiangqi PGN: a ``[Game "Chinese Chess"]``, ``[Variant
    "xiangqi"]`` or ``[Red "..."]`` tag near its start."""
    return bool(_GAME_TAG.search(text[:4096]))


def _iccs_to_points(m: re.Match[str]) -> str:
    a, ar, b, br = m[1].lower(), int(m[2]), m[3].lower(), int(m[4])
    return f"{a}{ar + 1}-{b}{br + 1}"


class _Game:
    def __init__(self, line: int) -> None:
        self.line = line
        self.tags: dict[str, str] = {}
        self.moves: list[Written] = []
        self.comment = ""
        self.result = ""
        self.mark: Mark | None = None


def _games(text: str, file: str) -> Iterator[_Game]:
    """The games of ``text``, each with its tags, main-line moves and comments."""
    starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def where(at: int) -> Mark:
        line = bisect.bisect_right(starts, at) - 1
        return Mark(line + 1, at - starts[line] + 1)

    game: _Game | None = None
    depth = 0
    count = 0
    for m in _TOKEN.finditer(text):
        token = m.group()
        here = where(m.start())
        if token.startswith("["):
            if game is not None and (game.moves or game.result):
                yield game
                game = None
            if game is None:
                count += 1
                if count > MAX_GAMES:
                    raise BoardgenError(f"more than {MAX_GAMES:,} games in one file", file=file, mark=here)
                game = _Game(here.line)
                game.mark = here
            found = TAG.fullmatch(token)
            if not found:
                raise BoardgenError('bad tag: write [Name "value"]', file=file, mark=here)
            if len(found[2]) > MAX_TAG:
                raise BoardgenError(
                    f"tag [{found[1]}] is too long (at most {MAX_TAG:,})", file=file, mark=here
                )
            game.tags[found[1]] = found[2].replace('\\"', '"')
            continue
        if game is None:
            count += 1
            game = _Game(here.line)
            game.mark = here
        if token.startswith("{"):
            if not token.endswith("}"):
                raise BoardgenError("comment '{' is never closed", file=file, mark=here)
            body = " ".join(token[1:-1].split())
            if len(body) > MAX_COMMENT:
                raise BoardgenError(f"comment is too long (at most {MAX_COMMENT:,})", file=file, mark=here)
            if depth:
                continue
            if game.moves:
                last = game.moves[-1]
                joined = f"{last.comment} {body}".strip()
                game.moves[-1] = Written(last.written, last.move, last.mark, joined)
            else:
                game.comment = f"{game.comment} {body}".strip()
            continue
        if token.startswith((";", "%")):  # a comment to the end of the line, an escape line
            continue
        if token == "(":
            depth += 1
            continue
        if token == ")":
            if not depth:
                raise BoardgenError("')' closes no variation", file=file, mark=here)
            depth -= 1
            continue
        if (
            depth
            or _NUMBER.match(token)
            or token.startswith("$")
            or token in ("!", "?", "!!", "??", "!?", "?!")
        ):
            continue
        if _RESULT.match(token):
            game.result = token
            continue
        game.moves.append(Written(token, _engine_text(token, file, here), here))
    if game is not None:
        yield game


def _engine_text(token: str, file: str, mark: Mark) -> str:
    """The move as the xiangqi engine reads it: point names for ICCS, WXF as written."""
    plain = unicodedata.normalize("NFKC", token).replace("\uff0d", "-").rstrip("!?")
    iccs = _ICCS.match(plain)
    if iccs is not None:
        return _iccs_to_points(iccs)
    if _WXF.match(plain):
        return plain
    raise BoardgenError(
        f"move {shown(token, 20)} is neither ICCS (H2-E2, h2e2) nor WXF (C2.5, H8+7); "
        "moves in Chinese characters are not read",
        file=file,
        mark=mark,
    )


def iter_xiangqi_pgn(
    text: str,
    *,
    file: str,
    game: Game | str | None,
    folders: Sequence[str | Path],
    on_error: Callable[[BoardgenError], None] | None,
    load: GameLoader,
) -> Iterator[GameRecord]:
    """The games of a xiangqi PGN text, each played by the xiangqi engine (``game``: another
    game of the family to play them by)."""
    chosen: Game | None = None
    for found in _games(text, file):
        try:
            if chosen is None:
                base = load(game or "xiangqi", folders=folders) if not isinstance(game, Game) else game
                chosen = over_the_board(base, CLAIMED) if base.variant.rules.family == "xiangqi" else base
            start = chosen.start
            if "FEN" in found.tags:
                try:
                    start = chosen.position(found.tags["FEN"])
                except BoardgenError as error:
                    raise BoardgenError(f"[FEN]: {error.message}", file=file, mark=found.mark) from None
            plies = play_moves(start, found.moves, in_pairs=True, file=file)
            result = found.tags.get("Result", found.result or "*")
            if result not in _RESULTS:
                result = "*"
            yield GameRecord(
                dict(found.tags),
                chosen,
                start,
                plies,
                result,
                found.comment,
                file=file,
                mark=found.mark,
                format="xiangqi-pgn",
            )
        except BoardgenError as error:
            if on_error is None:
                raise error.located(file) from None
            on_error(error.located(file))


def write_xiangqi_pgn(record: GameRecord) -> str:
    """The record as xiangqi PGN with ICCS moves, ending with a newline."""
    if record.game.variant.rules.family != "xiangqi":
        raise BoardgenError(f"write_xiangqi_pgn writes xiangqi records, not {record.game.id}")
    tags = {"Game": "Chinese Chess", **record.tags, "Format": "ICCS", "Result": record.result}
    if record.start != record.game.start:
        tags["FEN"] = record.start.text
    lines = [f'[{name} "{value}"]' for name, value in tags.items()]
    words: list[str] = []
    for ply in record.plies:
        if ply.before.turn == record.game.variant.first or not words:
            words.append(
                f"{ply.number}." if ply.before.turn == record.game.variant.first else f"{ply.number}..."
            )
        f, t = ply.move.raw[0], ply.move.raw[1]
        words.append(f"{chr(97 + f % 9)}{f // 9}-{chr(97 + t % 9)}{t // 9}".upper())
        if ply.comment:
            words.append("{" + ply.comment.replace("}", ")") + "}")
    words.append(record.result)
    body: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            body.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join([*lines, "", *body, line]) + "\n"
