"""A file of PDN or PGN games cut into games, each read when asked for: what both share
(PGN's reader, :mod:`boardgen.records.pgn.reader`, takes it from here).

PDN and PGN write a collection alike: each game is its tags, then its move text, then a
result. :func:`chunks` cuts the text where a game starts (a line beginning with ``[``
once the one before has had moves), before anything is tokenized, so one game's mistake
never hides the games after it; :func:`split_games` groups a chunk's tokens by game (a
tag after moves, or anything but a comment after a result, starts the next; a result
inside a variation ends nothing); :func:`read_games` reads them one by one, each made a
record by the format's reader, a bad one raised or, with ``on_error``, reported and
skipped. The collection's bounds (:data:`~boardgen.records.limits.MAX_GAMES` games,
:data:`~.tokens.MAX_VARIATIONS` variations a game) are kept here.
"""

from __future__ import annotations

__all__ = ["Building", "chunks", "read_games", "split_games"]

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ...errors import BoardgenError, Mark
from ..limits import MAX_GAMES
from ..record import GameRecord
from .tokens import MAX_VARIATIONS, TAG, Token


@dataclass
class Building:
    """A game being read: its tags (and where each stands), its move text, its result."""

    tags: dict[str, str] = field(default_factory=dict)
    tag_marks: dict[str, Mark] = field(default_factory=dict)
    items: list[Token] = field(default_factory=list)
    result: str | None = None
    mark: Mark | None = None


def chunks(text: str) -> Iterator[tuple[int, str]]:
    """The text of each game with its first line: a game starts at a line beginning
    with ``[`` once the one before has moves (outside tags, ``{...}`` and ``;``
    comments and ``%`` lines)."""
    start = 0
    start_line = 1
    line = 1
    moves = False
    depth = 0  # inside a {comment}
    i = 0
    at_line_start = True
    while i < len(text):
        ch = text[i]
        if depth:
            if ch == "}":
                depth = 0
        elif at_line_start and ch == "[" and moves:
            yield start_line, text[start:i]
            start, start_line, moves = i, line, False
            continue  # the tag is read as the new game's
        elif ch == "{":
            depth = 1
        elif ch == ";" or (ch == "%" and at_line_start):  # to the end of the line
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        elif ch == "[":  # a tag: skip to its end, its quoted value may hold anything, "]" too
            tag = TAG.match(text, i)
            end = tag.end() - 1 if tag else text.find("]", i)
            if end > 0 and "\n" not in text[i:end]:
                i = end + 1
                at_line_start = False
                continue
        elif not ch.isspace():
            moves = True
        if ch == "\n":
            line += 1
            at_line_start = True
        elif not ch.isspace():
            at_line_start = False
        i += 1
    if text[start:].strip():
        yield start_line, text[start:]


def split_games(tokens: list[Token], file: str) -> list[Building]:
    """Tokens grouped by game (see the module's text); a game may hold at most
    :data:`MAX_VARIATIONS` variations, each played from its own position."""
    games: list[Building] = []
    current = Building()
    depth = 0
    variations = 0
    for token in tokens:
        started = bool(current.items) or current.result is not None
        if depth == 0 and (
            (token.kind == "tag" and started) or (current.result is not None and token.kind != "comment")
        ):
            games.append(current)
            current = Building()
            variations = 0
        if current.mark is None:
            current.mark = token.mark
        if token.kind == "open":
            depth += 1
            variations += 1
            if variations > MAX_VARIATIONS:
                raise BoardgenError(
                    f"more than {MAX_VARIATIONS:,} variations in one game", file=file, mark=token.mark
                )
        elif token.kind == "close":
            depth -= 1
        if token.kind == "tag":
            current.tags[token.name] = token.text
            current.tag_marks[token.name] = token.mark
        elif token.kind == "result" and depth == 0:
            current.result = token.text
        else:
            current.items.append(token)
    if current.tags or current.items or current.result is not None:
        games.append(current)
    return games


def read_games(
    text: str,
    file: str,
    tokenize: Callable[[str, str, int], list[Token]],
    record: Callable[[Building], GameRecord],
    on_error: Callable[[BoardgenError], None] | None,
    format_name: str,
) -> Iterator[GameRecord]:
    """The games of ``text`` one by one, each tokenized by ``tokenize`` and made a record
    by ``record`` only when asked for; a bad one raises, or goes to ``on_error`` and is
    skipped when that is given. ``format_name`` ("PDN") says what a text without a game is not."""
    found = False
    count = 0
    for first_line, chunk in chunks(text):
        try:
            buildings = split_games(tokenize(chunk, file, first_line), file)
        except BoardgenError as error:
            if on_error is None:
                raise
            found = True
            on_error(error)
            continue
        for building in buildings:
            found = True
            count += 1
            if count > MAX_GAMES:
                raise BoardgenError(
                    f"more than {MAX_GAMES:,} games in one file", file=file, mark=building.mark
                )
            try:
                made = record(building)
            except BoardgenError as error:
                if on_error is None:
                    raise
                on_error(error if error.file else error.located(file))
                continue
            yield made
    if not found:
        raise BoardgenError(f"no game in this {format_name} text", file=file)
