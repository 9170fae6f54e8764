"""Shogi game records: KIF, the Japanese text format most published games come in, and
USI position lines, as engines and their GUIs exchange them.

**KIF** (Kakinoki's format; ``.kif`` in Shift-JIS, ``.kifu`` in UTF-8): header lines
``key：value`` (``先手`` and ``後手`` the players, ``手合割`` the handicap: the even game
``平手`` and the usual handicaps are read), then one line per move, ``  1 ７六歩(77)``:
the number, the square reached (a full-width file digit and a kanji rank, or ``同`` for
the square of the move before), the piece, ``成`` when it promotes (``不成`` when it
does not), ``打`` for a drop, the square left in brackets, and the time used. Lines
beginning ``*`` are comments on the move before them. The last move line may be how
the game ended (``投了`` resigned, ``詰み`` checkmated, ``千日手`` repetition, ``持将棋``
impasse, ``切れ負け`` lost on time, ``反則勝ち``/``反則負け`` a foul), and ``まで85手で先手の
勝ち`` says who won; the result is written as PGN writes it, ``1-0`` for Black (sente,
or the handicap receiver ``下手``), ``0-1`` for White. Variations (``変化：``) are read
past: the main line is played. A position drawn as a board (BOD) is not read. Each
ply keeps its move in USI (``7g7f``), which every font prints; a KIF move the rules
refuse is named as the file writes it.

**USI**: ``position startpos moves 7g7f 3c3d`` or ``position sfen <SFEN> moves ...``
(``position`` may be left out), one game per line.
"""

# ruff: noqa: RUF001, RUF002 - KIF writes full-width digits and colons, which these texts must match
from __future__ import annotations

__all__ = ["HANDICAPS", "is_kif", "is_usi", "iter_kif", "iter_usi", "write_usi"]

import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from ..errors import BoardgenError, Mark, shown
from ..model.positions import Game
from .limits import MAX_GAMES
from .plies import Written, over_the_board, play_moves
from .record import GameLoader, GameRecord

KIF_SUFFIXES = (".kif", ".kifu")
_START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"
_PAWNS = "ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
#: The handicaps KIF names (``手合割``), as SFEN: the receiver (Black) keeps every piece,
#: the giver (White) moves first.
HANDICAPS = {
    "平手": _START + " b - 1",
    "香落ち": f"lnsgkgsn1/1r5b1/{_PAWNS}",
    "右香落ち": f"1nsgkgsnl/1r5b1/{_PAWNS}",
    "角落ち": f"lnsgkgsnl/1r7/{_PAWNS}",
    "飛車落ち": f"lnsgkgsnl/7b1/{_PAWNS}",
    "飛香落ち": f"lnsgkgsn1/7b1/{_PAWNS}",
    "二枚落ち": f"lnsgkgsnl/9/{_PAWNS}",
    "四枚落ち": f"1nsgkgsn1/9/{_PAWNS}",
    "六枚落ち": f"2sgkgs2/9/{_PAWNS}",
    "八枚落ち": f"3gkg3/9/{_PAWNS}",
    "十枚落ち": f"4k4/9/{_PAWNS}",
}
_FILES = "１２３４５６７８９"
_RANKS = "一二三四五六七八九"
#: KIF's piece names -> (the descriptor's kind, the SFEN letter dropped).
_PIECES = {
    "歩": ("pawn", "P"),
    "香": ("lance", "L"),
    "桂": ("knight", "N"),
    "銀": ("silver", "S"),
    "金": ("gold", "G"),
    "角": ("bishop", "B"),
    "飛": ("rook", "R"),
    "玉": ("king", ""),
    "王": ("king", ""),
    "と": ("tokin", ""),
    "成香": ("promoted-lance", ""),
    "杏": ("promoted-lance", ""),
    "成桂": ("promoted-knight", ""),
    "圭": ("promoted-knight", ""),
    "成銀": ("promoted-silver", ""),
    "全": ("promoted-silver", ""),
    "馬": ("horse", ""),
    "龍": ("dragon", ""),
    "竜": ("dragon", ""),
}
_MOVE = re.compile(
    r"^\s*(\d+)\s+(?:([１-９][一二三四五六七八九])|同\s*)"
    r"(成香|成桂|成銀|[歩香桂銀金角飛玉王と杏圭全馬龍竜])(不成|成|打)?(?:\((\d)(\d)\))?"
)
_END = re.compile(
    r"^\s*(\d+)\s+(投了|詰み|千日手|持将棋|中断|封じ手|切れ負け|反則勝ち|反則負け|入玉勝ち|不戦勝|不戦敗|不詰)"
)
_SUMMARY = re.compile(r"まで(\d+)手で(先手|後手|下手|上手)の(勝ち|反則勝ち|反則負け)")
_HEADER = re.compile(r"^([^：:]+)[：:](.*)$")
_USI = re.compile(
    r"^\s*(?:position\s+)?(startpos|sfen\s+\S+\s+[bw]\s+\S+(?:\s+\d+)?)(?:\s+moves((?:\s+\S+)*))?\s*$"
)


def is_kif(text: str, name: str) -> bool:
    """Whether ``text`` is a KIF record: by its name, or a KIF header or move line."""
    if name.lower().endswith(KIF_SUFFIXES):
        return True
    head = text[:4096]
    return "手数----指手" in head or bool(re.search(r"^\s*1\s+[１-９][一二三四五六七八九]", head, re.M))


def is_usi(text: str) -> bool:
    """Whether ``text``'s first line is a USI position (``position startpos moves ...``)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    return bool(_USI.match(first))


#: The rule a record is not ended by: a repetition is ruled on over the board (and the
#: record says so, ``千日手``), so a recorded game replays past one.
CLAIMED = {"repetitions": 0}


def _load(game: Game | str | None, folders: Sequence[str | Path], load: GameLoader) -> Game:
    base = game if isinstance(game, Game) else load(game or "shogi", folders=folders)
    return over_the_board(base, CLAIMED) if base.variant.rules.family == "shogi" else base


def _square(file: str, rank: str) -> str:
    return f"{file}{'abcdefghi'[int(rank) - 1]}"


def _kif_moves(
    lines: list[str], file: str
) -> tuple[dict[str, str], list[Written], list[str], str, str, list[str]]:
    """The header, the main line's moves (as USI) and the kind each names, the comment
    before the first move, the way the game ended, and the summary lines."""
    header: dict[str, str] = {}
    moves: list[Written] = []
    kinds: list[str] = []
    comment = ""
    ending = ""
    summary: list[str] = []
    previous = ""
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip()
        if line.startswith("変化"):
            break  # the variations follow the main line
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith("*"):
            text = line[1:].strip()
            if moves:
                last = moves[-1]
                moves[-1] = Written(
                    last.written, last.move, last.mark, f"{last.comment} {text}".strip(), last.shown
                )
            else:
                comment = f"{comment} {text}".strip()
            continue
        if line.startswith("まで"):
            summary.append(line.strip())
            continue
        ended = _END.match(line)
        if ended:
            ending = ended[2]
            continue
        found = _MOVE.match(line)
        mark = Mark(number, 1)
        if found is None:
            if line.lstrip()[:1].isdigit():
                raise BoardgenError(
                    f"KIF: move line {shown(line.strip(), 40)} is not read", file=file, mark=mark
                )
            header_line = _HEADER.match(line)
            if header_line:
                header[header_line[1].strip()] = header_line[2].strip()
            elif line.startswith(("|", "+-", "後手の持駒", "先手の持駒", "下手の持駒", "上手の持駒")):
                raise BoardgenError(
                    "KIF: a position drawn as a board (BOD) is not read; give the moves from the start",
                    file=file,
                    mark=mark,
                )
            continue
        if int(found[1]) != len(moves) + 1:
            raise BoardgenError(f"KIF: move {found[1]} follows move {len(moves)}", file=file, mark=mark)
        if found[2]:
            target = _square(str(_FILES.index(found[2][0]) + 1), str(_RANKS.index(found[2][1]) + 1))
        elif previous:
            target = previous
        else:
            raise BoardgenError("KIF: 同 (the same square) on the first move", file=file, mark=mark)
        kind, letter = _PIECES[found[3]]
        suffix = found[4] or ""
        if suffix == "打":
            if not letter:
                raise BoardgenError(f"KIF: {found[3]} cannot be dropped", file=file, mark=mark)
            usi = f"{letter}*{target}"
        else:
            if not found[5]:
                raise BoardgenError("KIF: the square left, (xy), is missing", file=file, mark=mark)
            usi = f"{_square(found[5], found[6])}{target}{'+' if suffix == '成' else ''}"
        moves.append(Written(line.split("(")[0].split(None, 1)[1].strip(), usi, mark, shown=usi))
        kinds.append(kind)
        previous = target
    return header, moves, kinds, comment, ending, summary


def _result(ending: str, summary: list[str], first_to_move: bool) -> str:
    """``1-0`` (Black won), ``0-1`` or ``1/2-1/2`` from KIF's summary or ending (which
    concerns the side to move at the end: ``first_to_move`` when that is Black), else ``*``."""
    for line in summary:
        won = _SUMMARY.search(line)
        if won:
            black = won[2] in ("先手", "下手")
            wins = won[3] != "反則負け"
            return "1-0" if black == wins else "0-1"
    if ending in ("千日手", "持将棋"):
        return "1/2-1/2"
    if ending in ("投了", "詰み", "切れ負け", "反則負け", "不戦敗"):
        return "0-1" if first_to_move else "1-0"  # the side to move lost
    if ending in ("反則勝ち", "入玉勝ち", "不戦勝"):
        return "1-0" if first_to_move else "0-1"
    return "*"


def iter_kif(
    text: str,
    *,
    file: str,
    game: Game | str | None,
    folders: Sequence[str | Path],
    on_error: Callable[[BoardgenError], None] | None,
    load: GameLoader,
) -> Iterator[GameRecord]:
    """The game of a KIF text (one per file), played by the shogi engine."""
    try:
        shogi = _load(game, folders, load)
        header, moves, kinds, comment, ending, summary = _kif_moves(text.splitlines(), file)
        handicap = header.get("手合割", "平手").replace("　", "").strip() or "平手"
        if handicap not in HANDICAPS:
            raise BoardgenError(
                f"KIF: the handicap {shown(handicap, 20)} is not one boardgen knows ({', '.join(HANDICAPS)})",
                file=file,
            )
        start = shogi.position(HANDICAPS[handicap])
        plies = play_moves(start, moves, in_pairs=False, file=file)
        for ply, written, kind in zip(plies, moves, kinds, strict=True):
            if ply.move.path and ply.before.pieces()[ply.move.path[0]].shape != kind:
                raise BoardgenError(
                    f"KIF: move {ply.number} ({written.written}) names a piece that is not on its square",
                    file=file,
                    mark=written.mark,
                )
        last_turn = (plies[-1].after if plies else start).turn
        result = _result(ending, summary, last_turn == shogi.variant.first)
        tags = {
            "Black": header.get("先手", header.get("下手", "")),
            "White": header.get("後手", header.get("上手", "")),
        }
        tags = {k: v for k, v in tags.items() if v}
        for key, name in (("開始日時", "Date"), ("棋戦", "Event"), ("場所", "Site"), ("手合割", "Handicap")):
            if header.get(key):
                tags[name] = header[key]
        if ending:
            tags["Termination"] = ending
        yield GameRecord(tags, shogi, start, plies, result, comment, file=file, mark=Mark(1, 1), format="kif")
    except BoardgenError as error:
        if on_error is None:
            raise error.located(file) from None
        on_error(error.located(file))


def iter_usi(
    text: str,
    *,
    file: str,
    game: Game | str | None,
    folders: Sequence[str | Path],
    on_error: Callable[[BoardgenError], None] | None,
    load: GameLoader,
) -> Iterator[GameRecord]:
    """One game per USI position line."""
    shogi: Game | None = None
    count = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        count += 1
        mark = Mark(number, 1)
        try:
            if count > MAX_GAMES:
                raise BoardgenError(f"more than {MAX_GAMES:,} games in one file", file=file, mark=mark)
            found = _USI.match(line)
            if found is None:
                raise BoardgenError(
                    "USI: write 'position startpos moves 7g7f ...' or 'position sfen <SFEN> moves ...'",
                    file=file,
                    mark=mark,
                )
            shogi = shogi or _load(game, folders, load)
            try:
                start = shogi.position(found[1])
            except BoardgenError as error:
                raise BoardgenError(f"USI: {error.message}", file=file, mark=mark) from None
            moves = [Written(m, m, mark) for m in (found[2] or "").split()]
            plies = play_moves(start, moves, in_pairs=False, file=file)
            yield GameRecord({}, shogi, start, plies, "*", file=file, mark=mark, format="usi")
        except BoardgenError as error:
            if on_error is None:
                raise error.located(file) from None
            on_error(error.located(file))


def write_usi(record: GameRecord) -> str:
    """The record as one USI position line (``position startpos moves ...``)."""
    if record.game.variant.rules.family != "shogi":
        raise BoardgenError(f"write_usi writes shogi records, not {record.game.id}")
    start = "startpos" if record.start == record.game.start else f"sfen {record.start.text}"
    moves = " ".join(ply.move.text for ply in record.plies)
    return f"position {start}" + (f" moves {moves}" if moves else "") + "\n"
