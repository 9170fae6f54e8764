"""The leaping family's rule sheet: its sections and components, from the engine's params."""

from __future__ import annotations

__all__ = ["compose_leaping", "leaping_components", "leaping_keys"]

from collections.abc import Iterator

from ..geometry import HexHexGrid, SquareGrid
from ..rules.base import Game
from ..rules.leaping.directions import BASIC_WORDS, DIRECTION_WORDS
from ..rules.leaping.game import LeapingGame
from ..rules.leaping.params import _DIRECTION_LISTS, CHOICES, DEFAULTS, PRECEDENCE
from .endgames import endgame_keys, endgame_sentences, repetition_sentence
from .sheet import SheetWriter


def _directions(s: SheetWriter, words: tuple[str, ...]) -> str:
    """Direction words as one phrase: the widest catalogue words that fit, joined by "or"."""

    basic = {b for w in words for b in DIRECTION_WORDS[w]}
    if basic == set(BASIC_WORDS):
        return s.c.text("directions.all")
    parts: list[str] = []
    for word in ("orthogonal", "diagonal", *BASIC_WORDS):
        covered = set(DIRECTION_WORDS[word])
        if covered <= basic:
            parts.append(s.c.text(f"directions.{word}"))
            basic -= covered
    return s.c.join(parts)


def _backward(words: tuple[str, ...]) -> bool:
    """Whether the direction words include a backward step of some kind."""

    return any(b.startswith("backward") for w in words for b in DIRECTION_WORDS[w])


def _board_setup(s: SheetWriter) -> list[str]:
    variant = s.variant
    grid = variant.grid
    lines = []
    if isinstance(grid, SquareGrid):
        corner = grid.at(grid.width - 1, 0)
        assert corner is not None
        lines.append(s.say(f"setup.near_right.{grid.colour(corner)}"))
        playable = variant.board.playable
        if len(playable) == grid.size:
            lines.append(s.say("setup.playable.all"))
        else:
            colours = {grid.colour(c) for c in playable}
            if len(colours) == 1:
                lines.append(s.say(f"setup.playable.{colours.pop()}"))
    elif isinstance(grid, HexHexGrid) and variant.players[0].side is not None:
        lines.append(s.say(f"setup.hexhex.{grid.orientation}"))
    return lines


def _men_setup(s: SheetWriter, key: str) -> list[str]:
    counts = [s.variant.counts[p.id] for p in s.variant.players]
    if not any(counts):
        return []
    if counts[0] == counts[1]:
        return [s.count(f"setup.{key}", counts[0])]
    players = s.variant.players
    return [
        s.count(f"setup.{key}_each", n, player=s.name(p.id)) for p, n in zip(players, counts, strict=True)
    ]


def compose_leaping(s: SheetWriter, game: Game) -> None:
    p = _leaping_game(game).params
    variant = s.variant
    key = "params.leaping."
    restricted = p.restricted_region is not None
    region_size = len(variant.regions.get(p.restricted_region or "", frozenset()))
    s.section(
        "setup",
        _board_setup(s),
        [*_men_setup(s, "men"), s.say("setup.border") if restricted else ""],
    )
    s.section("first", s.say("rules.leaping.first", first=s.name(variant.first)))
    s.section(
        "moving",
        [s.say(key + "man_steps", directions=_directions(s, p.man_steps)), s.say("rules.leaping.men_move")],
    )
    game_ = _leaping_game(game)
    s.section(
        "capturing",
        [
            s.say(key + "capture." + p.capture),
            s.say(key + "man_captures", directions=_directions(s, p.man_captures)),
            s.say(key + "kings_immune_to_men." + str(p.kings_immune_to_men).lower()),
            s.say("rules.leaping.one_colour_lines") if _skips_squares(game_) else "",
        ],
        [s.say("rules.leaping.sequence"), s.say(key + "removal." + p.removal)],
        _choice(s, p.capture_choice, p.capture_precedence),
    )
    if p.has_kings:
        king_dirs = _directions(s, p.king_directions)
        moves = [
            s.say(key + "king." + p.king, directions=king_dirs),
            s.say(key + "king_capture." + p.king_capture, directions=king_dirs),
        ]
        if p.king_capture == "flying":  # where it lands belongs right after how it captures
            moves.append(s.say(key + "flying_king_landing." + p.flying_king_landing))
        if p.king_capture_directions != p.king_directions:
            capture_dirs = _directions(s, p.king_capture_directions)
            moves.append(s.say(key + "king_capture_directions", directions=capture_dirs))
        if p.king_quiet_move_limit is not None:
            moves.append(s.count(key + "king_quiet_move_limit.count", p.king_quiet_move_limit))
        if p.king_capture == "flying":
            moves.append(s.say("rules.leaping.king_turns"))
            if p.removal == "immediate":  # else the piece just taken blocks the way back
                moves.append(s.say(key + "king_reversal." + p.king_reversal))
        crowned = p.promotion != "none" or p.last_pieces_become_kings
        crowning = [s.say(key + "promotion." + p.promotion), s.say("rules.leaping.crown") if crowned else ""]
        s.section("kings", crowning, moves)
    else:
        s.section("kings", s.say(key + "king.none"), title=s.c.text("sections.no-kings"))
    if restricted:
        s.special(
            "border",
            s.say("special.restricted_region.title"),
            s.count(key + "restricted_region.region", region_size),
            s.say(key + "restricted_rule." + p.restricted_rule),
        )
    if p.has_kings and p.king_capture == "flying" and p.flying_king_landing == "must-continue":
        base = "special.flying_king_landing.must-continue."
        s.special("landing", s.say(base + "title"), s.say(base + "text"))
    if p.promotion in ("end-of-move", "arrival-continues-as-king"):
        base = f"special.promotion.{p.promotion}."
        text = [s.say(base + "text")]
        if p.promotion == "end-of-move" and _backward(p.man_captures):  # else it cannot leave the row
            text.append(s.say(base + "leaving"))
        s.special("crowning", s.say(base + "title"), *text)
    if p.last_pieces_become_kings:
        s.special(
            "last-pieces",
            s.say("special.last_pieces_become_kings.title"),
            s.say(key + "last_pieces_become_kings.true"),
        )
    draws = [s.say("rules.leaping.agree")]
    if p.quiet_move_draw is not None:
        draws.append(s.count(key + "quiet_move_count." + p.quiet_move_count, p.quiet_move_draw))
    if p.three_kings_vs_one is not None:
        draws.append(s.count(key + "three_kings_vs_one.count", p.three_kings_vs_one))
    draws.append(repetition_sentence(s, p))
    win = [s.say("rules.leaping.win"), s.say(key + "no_legal_move." + p.no_legal_move)]
    s.section("end", win, draws, endgame_sentences(s, p))


def _choice(s: SheetWriter, choice: str, precedence: tuple[str, ...]) -> list[str]:
    """Which capture to pick: the rule of ``capture_choice``, then each tie-break in
    order; a free choice with tie-breaks is said after them ("beyond that, ...")."""
    key = "params.leaping."
    rules = [s.say(f"{key}capture_precedence.{rule}") for rule in precedence]
    if choice == "free" and rules:
        return [*rules, s.say("rules.leaping.choice_free_after")]
    return [s.say(f"{key}capture_choice.{choice}"), *rules]


def _skips_squares(game: LeapingGame) -> bool:
    """Whether some capture line jumps two squares (rows and columns of a one-colour board)."""
    t = game.tables
    lines = {*t.man_capture[0], *t.man_capture[1], *t.king_dirs}
    return any(t.layout.stride[d] > 1 for d in lines)


def _leaping_game(game: Game) -> LeapingGame:

    assert isinstance(game, LeapingGame)
    return game


def leaping_components(s: SheetWriter, game: Game) -> list[str]:
    players = s.variant.players
    lines = [s.count("components.men", s.variant.counts[pl.id], player=s.name(pl.id)) for pl in players]
    if _leaping_game(game).params.has_kings:
        lines.append(s.say("components.kings"))
    return lines


def leaping_keys() -> Iterator[str]:

    key = "params.leaping."
    for name, default in DEFAULTS.items():
        if name in CHOICES:
            yield from (f"{key}{name}.{value}" for value in CHOICES[name])
        elif name in _DIRECTION_LISTS:
            yield key + name
        elif isinstance(default, bool):
            yield from (f"{key}{name}.true", f"{key}{name}.false")
        elif name == "capture_precedence":
            yield from (f"{key}{name}.{rule}" for rule in PRECEDENCE)
        elif name == "restricted_region":
            yield from (f"{key}{name}.none", f"{key}{name}.region")
        elif name == "quiet_move_draw":  # its sentence is quiet_move_count's (how moves are counted)
            yield f"{key}{name}.none"
        elif name in ("three_kings_vs_one", "king_quiet_move_limit"):
            yield from (f"{key}{name}.none", f"{key}{name}.count")
        elif name in ("repetition_draw", "endgame_draws"):
            yield from (k for k in endgame_keys() if k.startswith(f"{key}{name}."))
        else:
            raise AssertionError(f"rule sheets do not know how to word the leaping switch {name!r}")
    yield from (f"directions.{word}" for word in DIRECTION_WORDS)
    # Values that are special rules have a title (and, for some, a longer text).
    yield "special.restricted_region.title"
    yield from (f"special.flying_king_landing.must-continue.{part}" for part in ("title", "text"))
    for value in ("end-of-move", "arrival-continues-as-king"):
        yield from (f"special.promotion.{value}.title", f"special.promotion.{value}.text")
    yield "special.promotion.end-of-move.leaving"
    yield "special.last_pieces_become_kings.title"
    yield from ("rules.leaping.choice_free_after", "rules.leaping.one_colour_lines")
