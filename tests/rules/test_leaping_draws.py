"""Draws that need the game's past: repetition and counted endgames, on hand-built games.

International squares are numbered 1-50 (46 and 5 are the corners of the long
diagonal, White moves north from 31-50); 8x8 games use the PDN numbers 1-32.
"""

from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

import boardgen
from boardgen.descriptor import load_variant
from boardgen.descriptor.model import RulesSpec
from boardgen.errors import BoardgenError
from boardgen.rules.leaping import LeapingGame, Position, parse_params
from boardgen.rules.leaping.endgame_words import endgame_sentences
from boardgen.texts import languages
from boardgen.texts.catalogue import catalogue
from boardgen.texts.compose import Para, rule_sheet_text
from tests.support.leaping_specs import game

ROOT = Path(__file__).resolve().parents[2]

INTERNATIONAL_DRAWS: list[dict[str, Any]] = [
    {"strong": {"pieces": 3, "kings": [1, None]}, "weak": {"pieces": 1, "kings": 1}, "moves": 16},
    {"strong": {"pieces": [1, 2], "kings": [1, None]}, "weak": {"pieces": 1, "kings": 1}, "moves": 5},
]


def international(**overrides: Any) -> LeapingGame:
    return game("international-draughts", **overrides)


def play(g: LeapingGame, pos: Position, *texts: str) -> Position:
    for text in texts:
        pos = g.play(pos, g.parse_move(pos, text))
    return pos


def text_after(g: LeapingGame, position: str, *moves: str) -> str:
    return g.position_text(play(g, g.parse_position(position), *moves))


def why(g: LeapingGame, pos: Position) -> str | None:
    ending = g.ending(pos)
    return f"{ending.result}: {ending.reason}" if ending else None


# -- repetition ------------------------------------------------------------------------

SHUFFLE = ("47-42", "2-7", "42-47", "7-2")  # two kings go out and back: the start again


def test_the_third_occurrence_of_a_position_draws() -> None:
    g = international()
    start = g.parse_position("W:WK47,K49:BK2,K4")
    once = play(g, start, *SHUFFLE)
    assert once.men == start.men and once.kings == start.kings and once.turn == start.turn
    assert g.outcome(once) is None  # seen twice
    assert g.outcome(play(g, once, *SHUFFLE[:3])) is None  # other positions, seen twice at most
    twice = play(g, once, *SHUFFLE)
    assert why(g, twice) == "draw: repetition: the same position with white to move for the third time"


def test_the_player_to_move_is_part_of_the_position() -> None:
    # The same pieces with the other side to move are a different position.
    g = international()
    start = g.parse_position("W:WK47,K49:BK2,K4")
    pos = play(g, start, *SHUFFLE, "49-44", "4-9", "44-49", "9-4")
    assert pos.seen.count(pos.seen[-1]) == 3
    g2 = international(repetition_draw=4)
    assert g2.outcome(play(g2, g2.parse_position("W:WK47,K49:BK2,K4"), *SHUFFLE, *SHUFFLE)) is None


def test_a_capture_or_a_man_move_forgets_earlier_positions() -> None:
    g = international()
    start = g.parse_position("W:WK47,K49,45:BK2,K4")
    pos = play(g, start, *SHUFFLE)
    assert len(pos.seen) == 5 and pos.seen[0] == pos.seen[-1]
    pos = play(g, pos, "45-40")  # a man never comes back: nothing before can recur
    assert pos.seen == ((pos.men, pos.kings, pos.turn),)
    pos = play(g, pos, "4-9", "40-34", "9-4")
    assert len(pos.seen) == 2
    # A capture too: the white king takes the man on 28 and the list starts again.
    taken = play(g, g.parse_position("W:WK46,K49:BK2,28"), "46x23")
    assert taken.seen == ((taken.men, taken.kings, taken.turn),)


def test_men_that_can_step_back_keep_the_history() -> None:
    # Men stepping sideways can come back, so their moves do not start the count again.
    g = game("variante-dames", repetition_draw=3)
    start = g.parse_position("W:Wd2:Bh7")
    pos = play(g, start, "d2-e2", "h7-g7", "e2-d2", "g7-h7", "d2-e2", "h7-g7", "e2-d2", "g7-h7")
    assert g.outcome(pos) == "draw"


def test_a_game_without_the_switch_never_draws_by_repetition() -> None:
    g = international(repetition_draw=None)
    pos = play(g, g.parse_position("W:WK47,K49:BK2,K4"), *SHUFFLE * 5)
    assert g.outcome(pos) is None
    assert pos.seen == ()
    american = game("american-checkers")
    shuffle = ("29-25", "4-8", "25-29", "8-4")
    assert american.outcome(play(american, american.parse_position("W:WK29:BK4"), *shuffle * 3)) is None


# -- counted endgames ------------------------------------------------------------------


def test_three_pieces_against_a_lone_king_draw_after_sixteen_moves_each() -> None:
    g = international()
    # The count starts with the move that brings the material about (here a capture).
    assert text_after(g, "W:W48,K46,K47:BK3,19", "46x10") == "B:W48,K10,K47:BK3"
    assert text_after(g, "B:W48,K10,K47:BK3", "3-9") == "W:W48,K10,K47:BK9:quiet=1:endgame=1"
    assert g.outcome(g.parse_position("B:W48,K10,K47:BK9:endgame=31")) is None
    pos = play(g, g.parse_position("B:W48,K10,K47:BK9:endgame=31"), "9-3")
    assert pos.endgame == 32
    assert why(g, pos) == (
        "draw: endgame rule: 3 pieces with 1 or more kings against a lone king, 16 moves each without a win"
    )


def test_the_count_runs_on_when_a_man_is_crowned_within_the_same_material() -> None:
    g = international()
    # A king and two men against a king, then two kings and a man: still 16 moves.
    assert text_after(g, "W:W7,48,K50:BK25:endgame=9", "7-2") == "B:W48,K2,K50:BK25:endgame=10"


def test_a_capture_changing_the_material_starts_the_next_count() -> None:
    g = international()
    # The lone king takes one of three kings: two against one, five moves each from now.
    pos = play(g, g.parse_position("B:WK28,K36,K46:BK11:endgame=20"), "11x50")
    assert g.position_text(pos) == "W:WK36,K46:BK50"
    pos = play(g, pos, "46-41", "50-44")
    assert pos.endgame == 2
    pos = play(g, g.parse_position("W:WK36,K46:BK50:endgame=8"), "46-41")
    assert pos.endgame == 9 and g.outcome(pos) is None
    pos = play(g, pos, "50-44")
    assert why(g, pos) == (
        "draw: endgame rule: 1 or 2 pieces with 1 or more kings against a lone king,"
        " 5 moves each without a win"
    )


def test_restart_on_change_starts_over_after_a_crowning() -> None:
    g = game("russian-draughts")
    # Both sides have kings, four pieces: 30 moves each while nothing is taken or crowned.
    assert text_after(g, "W:W11,K29:B24,K4:endgame=7", "29-25") == "B:W11,K25:B24,K4:quiet=1:endgame=8"
    assert text_after(g, "W:W7,K29:B24,K32:endgame=7", "7-3") == "B:WK3,K29:B24,K32"
    # The same crowning under a rule without restart_on_change keeps counting.
    kings = {"kings": [1, None]}
    no_restart = [{"total": [4, 5], "strong": kings, "weak": kings, "moves": 30}]
    g2 = game("russian-draughts", endgame_draws=no_restart)
    assert text_after(g2, "W:W7,K29:B24,K32:endgame=7", "7-3") == "B:WK3,K29:B24,K32:endgame=8"


def test_material_that_fits_no_entry_is_not_counted() -> None:
    g = international()
    # Two kings against two kings: no International count applies.
    assert text_after(g, "W:WK47,K49:BK2,K4", "47-42") == "B:WK42,K49:BK2,K4:quiet=1"
    with pytest.raises(BoardgenError, match="no endgame rule applies here"):
        g.parse_position("W:WK47,K49:BK2,K4:endgame=3")
    with pytest.raises(BoardgenError, match="this game counts no endgame"):
        game("american-checkers").parse_position("W:WK29:BK4:endgame=3")


def test_a_game_without_endgame_draws_plays_on() -> None:
    # (Repetition and the 25-move rule are off here: the shuffle would draw by them.)
    g = international(endgame_draws=[], repetition_draw=None, quiet_move_draw=None)
    pos = g.parse_position("B:W48,K10,K47:BK9")
    for _ in range(10):
        pos = play(g, pos, "9-3", "47-42", "3-9", "42-47")
    assert pos.endgame == 0 and g.outcome(pos) is None


def test_the_shipped_international_rules_are_the_fmjd_counts() -> None:
    shipped = load_variant("international-draughts").game_spec().params
    assert shipped["endgame_draws"] == INTERNATIONAL_DRAWS
    assert shipped["repetition_draw"] == 3


# -- checks ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "key", "message"),
    [
        ("lots", "", "expected a list"),
        ([{"strong": {"pieces": 3}}], "0", "'moves' is missing"),
        ([{"moves": 5}], "0", "say which material"),
        ([{"weak": {"pieces": 1}, "moves": 0}], "0.moves", "whole number from 1 to 10,000"),
        ([{"strong": {"queens": 1}, "moves": 5}], "0.strong.queens", "unknown key"),
        ([{"strong": {"kings": [3, 1]}, "moves": 5}], "0.strong.kings", "backwards"),
        ([{"strong": {"kings": "two"}, "moves": 5}], "0.strong.kings", "whole number"),
        ([{"strong": {"pieces": 1, "kings": 2}, "moves": 5}], "0.strong", "no number"),
        ([{"total": 4, "moves": 5, "restart_on_change": "yes"}], "0.restart_on_change", "true or false"),
        ([{"total": 4, "moves": 5}, {"total": 4, "moves": 5}], "1", "listed twice"),
        ([{"total": 4, "moves": 5, "who": 1}], "0.who", "unknown key"),
        ([{"weak": {"kings": [0, None]}, "moves": 5}], "0.weak", "allow any material"),
    ],
)
def test_bad_endgame_draws_point_at_their_key(value: Any, key: str, message: str) -> None:
    with pytest.raises(BoardgenError, match=message) as info:
        parse_params({"king": "flying", "endgame_draws": value}, {})
    assert info.value.key == "rules.params.endgame_draws" + (f".{key}" if key else "")


@pytest.mark.parametrize(
    ("value", "message"),
    [(1, "use 2 or more"), (0, "from 1 to 10,000"), ("3", "from 1 to 10,000"), (10**20, "from 1 to 10,000")],
)
def test_bad_repetition_draw(value: Any, message: str) -> None:
    with pytest.raises(BoardgenError, match=message) as info:
        parse_params({"repetition_draw": value}, {})
    assert info.value.key == "rules.params.repetition_draw"


def test_counting_kings_needs_kings() -> None:
    with pytest.raises(BoardgenError, match="'king' is none") as info:
        no_kings = {"king": "none", "king_capture": "none", "promotion": "none"}
        parse_params({**no_kings, "endgame_draws": INTERNATIONAL_DRAWS}, {})
    assert info.value.key == "rules.params.endgame_draws"


def test_the_descriptor_loader_locates_a_bad_entry(tmp_path: Path) -> None:
    text = (ROOT / "variants" / "international-draughts.yaml").read_text()
    old = "weak: {pieces: 1, kings: 1}, moves: 5}"
    assert old in text
    path = tmp_path / "international-draughts.yaml"
    path.write_text(text.replace(old, "weak: {pieces: 1, kings: [2, 1]}, moves: 5}"))
    with pytest.raises(BoardgenError, match="runs backwards") as info:
        load_variant(str(path))
    line = next(i for i, row in enumerate(path.read_text().splitlines()) if "[2, 1]" in row)
    assert info.value.mark is not None and info.value.mark.line == line + 1  # marks count lines from 1
    assert "rules.params.endgame_draws.1.weak.kings" in str(info.value)


# -- on the rule sheets ------------------------------------------------------------------


class _Words:
    """A catalogue as the phrase builder sees a sheet."""

    def __init__(self, lang: str = "en") -> None:
        self.c = catalogue(lang)

    def say(self, key: str, **values: object) -> str:
        return self.c.text(key, **values)

    def count(self, key: str, n: int, **values: object) -> str:
        return self.c.count(key, n, **values)

    def has(self, key: str) -> bool:
        return self.c.has(key)


def _sheet(variant_id: str, lang: str, **params: Any) -> str:
    variant = load_variant(variant_id)
    if params:
        variant = replace(variant, rules=RulesSpec("leaping", {**variant.rules.params, **params}))
    sheet = rule_sheet_text(variant, lang)
    blocks = [b for section in sheet.sections for b in section.blocks if isinstance(b, Para)]
    return "\n".join(b.text for b in blocks)


@pytest.mark.parametrize("lang", languages())
def test_the_sheet_states_repetition_and_each_counted_endgame(lang: str) -> None:
    c = catalogue(lang)
    text = _sheet("international-draughts", lang)
    assert c.count("params.leaping.repetition_draw.count", 3) in text
    paragraph = endgame_sentences(_Words(lang), international().params)
    assert "16" in paragraph and "5" in paragraph
    assert paragraph in text
    plain = _sheet("international-draughts", lang, repetition_draw=None, endgame_draws=[])
    assert c.count("params.leaping.repetition_draw.count", 3) not in plain
    assert paragraph not in plain


def test_english_endgame_phrases() -> None:
    w = _Words()
    say = lambda draws: endgame_sentences(w, parse_params({"king": "flying", "endgame_draws": draws}, {}))  # noqa: E731
    assert say(INTERNATIONAL_DRAWS) == (
        "Some endings are drawn after a set number of moves by each player, counted from the move that"
        " brought them about: three pieces including at least one king against a single king (16 moves each);"
        " one or two pieces including at least one king against a single king (5 moves each)."
    )
    assert say([{"strong": {"pieces": 2, "kings": 2}, "weak": {"pieces": 1, "kings": 1}, "moves": 7}]) == (
        "One ending is drawn after a set number of moves by each player, counted from the move that"
        " brought it about: two kings against a single king (7 moves each)."
    )
    kings = {"kings": [1, None]}
    both = [{"total": [4, 5], "strong": kings, "weak": kings, "moves": 30, "restart_on_change": True}]
    assert say(both).endswith(
        "at least one king on each side, with four or five pieces on the board (30 moves each)."
        " Any capture or crowning starts the count again."
    )
    mixed = [
        {"total": [6, 9], "moves": 1},
        {"strong": {"kings": 1, "men": [1, 2]}, "weak": {"men": 0}, "moves": 2, "restart_on_change": True},
    ]
    assert say(mixed).endswith(
        ": 6 to 9 pieces on the board (one move each); one king and one or two men against"
        " nothing but kings (2 moves each), with the count starting again after any capture or crowning."
    )
    assert say([{"strong": {"pieces": [3, None], "men": 0}, "moves": 4}]).endswith(
        ": at least three pieces with no men for one player (4 moves each)."
    )
    # ranges from zero read "at most", never "0 or 1" or "0 to 2"
    weak = {"pieces": [2, 4], "kings": [0, 3]}
    few = {"strong": {"kings": [0, 1], "men": [0, 2]}, "weak": weak, "moves": 3}
    assert say([few]).endswith(
        ": at most one king and at most 2 men against 2 to 4 pieces with at most 3 kings (3 moves each)."
    )


# -- against real games ----------------------------------------------------------------


def test_no_published_game_ends_before_its_recorded_end() -> None:
    # The draw rules must not stop a game that was really played on: every position of
    # every shipped record before the last is still in play.
    records = [r for path in sorted((ROOT / "examples").rglob("*.pdn")) for r in boardgen.read_pdn(path)]
    assert len(records) >= 5
    for record in records:
        positions = record.positions()
        over = [i for i, pos in enumerate(positions[:-1]) if pos.ending() is not None]
        assert not over, (record.game.id, over[:1], positions[over[0]].ending() if over else None)


def test_the_italian_record_repeats_a_position_three_times_and_plays_on() -> None:
    # Why Italian sets no repetition_draw (docs/rules.md): the same record under the
    # switch would end at ply 101.
    path = ROOT / "examples" / "games" / "italian-draughts-borghetti-sardu-2005.pdn"
    record = boardgen.read_pdn(path)[0]
    assert str(record.positions()[93]) == str(record.positions()[101])
    g = game("italian-draughts", repetition_draw=3)
    pos = g.initial()
    for n, ply in enumerate(record.plies, start=1):
        pos = g.play(pos, ply.move.raw)
        if n == 101:
            break
    assert g.outcome(pos) == "draw"


@pytest.mark.parametrize(
    "draws",
    [
        [{"strong": {"pieces": 3}}],  # no moves
        [{"moves": 5}],  # no material
        [{"strong": {"queens": 1}, "moves": 5}],
        [{"strong": {"kings": [1, 2, 3]}, "moves": 5}],
        [{"total": 4, "moves": 0}],
        "lots",
    ],
)
def test_the_schema_refuses_what_the_engine_refuses(draws: Any) -> None:
    schema = json.loads(resources.files("boardgen.descriptor").joinpath("descriptor.schema.json").read_text())
    data = yaml.safe_load((ROOT / "variants" / "international-draughts.yaml").read_text("utf-8"))
    jsonschema.validate(data, schema)
    data["rules"]["params"]["endgame_draws"] = draws
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)
    with pytest.raises(BoardgenError):
        parse_params({"king": "flying", "endgame_draws": draws}, {})


def test_the_check_that_some_material_fits_agrees_with_trying_every_count() -> None:
    from itertools import product

    from boardgen.rules.leaping.material import Range, SideMaterial, _possible

    ranges = [Range(0, 0), Range(1, 1), Range(0, 2), Range(2, 3), Range(1, None), Range(3, None), Range()]
    for pieces, kings, men in product(ranges, repeat=3):
        side = SideMaterial(pieces, kings, men)
        tried = any(side.fits(m, k) for m in range(8) for k in range(8))
        assert _possible(side) == tried, side


def test_material_after_against_and_a_king_beside_men_read_right() -> None:
    # German puts what follows "gegen" in the accusative ("einen Stein"), and "a single
    # king" / "une dame seule" / "eine einzelne Dame" only fits a king alone.
    draws = [{"strong": {"kings": 1, "men": [1, 2]}, "weak": {"kings": 1, "men": 1}, "moves": 2}]
    params = parse_params({"king": "flying", "endgame_draws": draws}, {})
    phrases = {lang: endgame_sentences(_Words(lang), params).split(": ", 1)[1] for lang in ("en", "fr", "de")}
    assert phrases == {
        "en": "one king and one or two men against one king and one man (2 moves each).",
        "fr": "une dame et un ou deux pions contre une dame et un pion (2\u00a0coups chacun).",
        "de": "eine Dame und ein oder zwei Steine gegen eine Dame und einen Stein (je\u00a02\u00a0Züge).",
    }
    both = [{"strong": {"pieces": 3, "kings": 1, "men": 2}, "weak": {"pieces": 1, "kings": 1}, "moves": 4}]
    german = endgame_sentences(_Words("de"), parse_params({"king": "flying", "endgame_draws": both}, {}))
    assert "mit genau einer Dame und mit genau 2 Steinen gegen eine einzelne Dame" in german
