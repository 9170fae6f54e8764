"""Property-based fuzzing: whatever a user writes, boardgen answers or refuses, never crashes.

Four properties, each "accepted, or refused with a BoardgenError, and nothing else":

* mutated descriptors: the bundled ones and the bad corpus with lines deleted,
  duplicated, swapped, re-indented or truncated, values replaced by tricky scalars and
  random text inserted;
* structured random descriptors: boards, regions, setups and rule switches drawn from
  the format's vocabulary (with junk mixed in), so most of them load and reach the
  setup checks, the rules engine and the SVG renderer;
* random position strings for every game, valid and invalid;
* random move texts in positions reached by random play;
* mutated texts: a bundled descriptor with one of its strings (title, a player's name,
  a caption, a rule sheet paragraph, an example's id, topic, position or move) replaced
  or spliced with hostile text (quotes, control characters, lone surrogates, U+FFFE,
  long runs, non-ASCII letters and digits), run through validate, the SVG and PDF
  renderers and a rule sheet, in a child process under a memory limit (``RLIMIT_AS``).

Whatever is accepted is then used: validated, rendered, played move by move, with
every position and move written out and read back unchanged.

``make test`` runs a few dozen cases of each (profile ``default``; 20 mutated texts);
``make fuzz`` runs the ``fuzz`` profile (HYPOTHESIS_PROFILE=fuzz), 2,600 cases each
and 600 mutated texts (each renders three files), over 11,000 in all.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from boardgen.descriptor.model import Variant
from boardgen.descriptor.parse import parse_variant
from boardgen.descriptor.yamlload import load_text
from boardgen.errors import BoardgenError
from boardgen.outputs.files import RenderOptions, render
from boardgen.outputs.validate import run_checks
from boardgen.rules.base import Engine
from boardgen.rules.registry import make_game

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted((ROOT / "variants").glob("*.yaml")) + sorted((ROOT / "tests" / "data" / "bad").glob("*.yaml"))
GAMES = sorted(p.stem for p in (ROOT / "variants").glob("*.yaml"))

settings.register_profile(
    "default", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "fuzz", max_examples=2600, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

#: Values that have tripped YAML loaders and naive parsers before.
TRICKY = [
    "0", "-1", "-0", "1", "2", "7", "10000", "1e308", "1e-300", "3.5", ".nan", ".inf", "-.inf",
    "0x10", "0o17", "999999999999999999999999", "no", "yes", "on", "off", "y", "null", "~", "",
    "true", "false", "[]", "{}", "''", '""', "*a", "&a x", "!!str 5", "!!python/object:os.system",
    "!custom x", "a1", "z99", "aa1", "k11", "../x", "a/b", "[a1, a1]", "{ring: 100}",
    "{nearest: 1000, from: south}", "{rows: -1, from: north}", "{cells: [b2]}", "{union: []}",
    "[forward, upwards]", "flying", "none", "leaping", "placement", "'#12345'", "#ffffff",
    "\u00e9\u00df\u20ac", "\u202e", "\t", "- x", ": x", "{a: 1, a: 2}", "<<: {x: 1}",
]  # fmt: skip


def _refused(fn: Any, *args: Any) -> Any:
    """``fn(*args)``, or None when it raises the project's own error."""
    try:
        return fn(*args)
    except BoardgenError as error:
        text = str(error)
        assert text and "\n" not in text.strip(), f"error message is not one line: {text!r}"
        return None


def _use(variant: Variant, rng: random.Random) -> None:
    """What a user does with a loaded descriptor: validate it, draw it, play it."""
    checks = _refused(run_checks, variant)
    if variant.grid.size <= 130:
        data = _refused(render, variant, "start", "svg", RenderOptions(cell_size=8.0))
        assert data is None or data.startswith(b"<?xml") or data.startswith(b"<svg")
    if checks and all(check.ok for check in checks):  # as build and render, play only valid setups
        event("valid setup: drawn and played")
        game = make_game(variant.game_spec(), variant.rules.family)
        _play(game, game.initial(), rng, plies=6)


def _play(game: Engine, position: Any, rng: random.Random, plies: int) -> None:
    """Random legal moves; every position and move text must read back to itself."""
    for _ in range(plies):
        text = game.position_text(position)
        parsed = game.parse_position(text)
        if hasattr(parsed, "seen"):  # a position string has no history (repetition, ko)
            parsed = (
                parsed._replace(seen=position.seen)  # the leaping family's named tuple
                if hasattr(parsed, "_replace")
                else dataclasses.replace(parsed, seen=position.seen)  # a dataclass (go)
            )
        assert parsed == position, text
        moves = _refused(game.legal_moves, position)  # refused: too many to list
        if not moves:
            event("too many moves to list" if moves is None else "game over")
            return
        move = rng.choice(moves)
        written = game.move_text(position, move)
        assert game.parse_move(position, written) == move, written
        position = game.play(position, move)


# -- mutated descriptors ------------------------------------------------------------------

_LINE_OPS = ("delete", "duplicate", "swap", "indent", "dedent", "replace", "insert", "truncate")


@st.composite
def mutated_descriptor(draw: st.DrawFn) -> tuple[str, str]:
    seed = draw(st.sampled_from(SEEDS))
    raw = seed.read_bytes().decode("utf-8", errors="replace")
    lines = raw.splitlines()
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        op = draw(st.sampled_from(_LINE_OPS))
        i = draw(st.integers(0, len(lines) - 1))
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "indent":
            lines[i] = "  " + lines[i]
        elif op == "dedent":
            lines[i] = lines[i][2:] if lines[i].startswith("  ") else lines[i]
        elif op == "replace" and ":" in lines[i]:
            head = lines[i].split(":", 1)[0]
            lines[i] = f"{head}: {draw(st.sampled_from(TRICKY))}"
        elif op == "insert":
            lines.insert(i, draw(st.text(max_size=30)))
        elif op == "truncate":
            lines = lines[:i]
    return seed.name, "\n".join(lines) + "\n"


@given(mutated_descriptor(), st.randoms(use_true_random=False))
def test_mutated_descriptors_are_accepted_or_refused(case: tuple[str, str], rng: random.Random) -> None:
    name, text = case
    loaded = _refused(load_text, text, name)
    if loaded is None:
        event("refused by the YAML loader")
        return
    variant = _refused(parse_variant, loaded)
    event("refused by the descriptor checks" if variant is None else "accepted as a descriptor")
    if variant is not None:
        _use(variant, rng)


# -- structured random descriptors ------------------------------------------------------------


def _weighted(valid: list[Any], junk: list[Any]) -> st.SearchStrategy[Any]:
    """One of ``valid``, or about one time in twenty one of ``junk``.

    Hypothesis favours the ends of a range, so the junk sits in a band in the middle of
    it: most descriptors then get past the loader and reach the engine and renderer.
    """

    def pick(n: int) -> Any:
        return junk[n % len(junk)] if junk and 450 <= n < 500 else valid[n % len(valid)]

    return st.integers(0, 999).map(pick)


_SIDES = _weighted(["south", "south", "white"], ["east", "north"])
_CELLS = _weighted(["a1", "b2", "c3", "d4", "c2", "d2", "b1", "e5"], ["k11", "z9", "a10", "b8"])


def _region(depth: int) -> st.SearchStrategy[Any]:
    leaf = st.one_of(
        st.fixed_dictionaries({"rows": st.integers(0, 4), "from": _SIDES}),
        st.fixed_dictionaries({"rows": st.lists(st.integers(1, 5), min_size=1, max_size=3), "from": _SIDES}),
        st.fixed_dictionaries({"nearest": st.integers(0, 12), "from": _SIDES}),
        st.fixed_dictionaries({"cells": st.lists(_CELLS, max_size=4, unique=True)}),
        _weighted(["playable"], ["all", "restricted", "nowhere"]),
        st.fixed_dictionaries({"ring": st.integers(-1, 7)}),
        st.fixed_dictionaries({"colour": _weighted(["dark", "light"], ["blue"])}),
    )
    if depth == 0:
        return leaf
    inner = _region(depth - 1)
    return st.one_of(
        leaf,
        st.fixed_dictionaries({"rows": st.integers(1, 3), "from": _SIDES, "except": inner}),
        st.fixed_dictionaries({"nearest": st.integers(0, 12), "from": _SIDES, "within": inner}),
        st.fixed_dictionaries({"union": st.lists(inner, max_size=3)}),
        st.fixed_dictionaries({"intersection": st.lists(inner, max_size=3)}),
    )


def _mirrored(region: Any) -> Any:
    """The same region seen from the other player (south and north, white and black swapped)."""
    swap = {"south": "north", "north": "south", "white": "black", "black": "white"}
    if isinstance(region, dict):
        return {k: swap.get(v, v) if k == "from" else _mirrored(v) for k, v in region.items()}
    if isinstance(region, list):
        return [_mirrored(item) for item in region]
    return region


_BOARDS = st.one_of(
    st.fixed_dictionaries(
        {
            "kind": st.just("square"),
            "width": _weighted([4, 6, 8, 5, 7], [1, 0, 101]),
            "height": _weighted([4, 6, 8, 5, 7], [1, 0, 101]),
            "playable": _weighted(["dark", "all", "light"], ["none"]),
        },
        optional={
            "near_right": st.sampled_from(["light", "dark"]),
            "numbering": _weighted(["algebraic", "pdn"], ["abc"]),
        },
    ),
    st.fixed_dictionaries(
        {"kind": st.just("hexhex"), "side": _weighted([3, 4, 5, 6], [1, 0, 51])},
        optional={"orientation": _weighted(["pointy", "flat"], ["round"])},
    ),
)

_DIRECTIONS = _weighted(
    [
        "all",
        "diagonal",
        "orthogonal",
        "forward-diagonal",
        ["forward", "sideways"],
        ["forward-diagonal", "backward-diagonal"],
    ],
    ["forward", "up", ["forward", "upwards"], []],
)
_LEAPING = st.fixed_dictionaries(
    {},
    optional={
        "man_steps": _DIRECTIONS,
        "man_captures": _DIRECTIONS,
        "king": _weighted(["none", "step", "flying"], ["queen"]),
        "king_directions": _DIRECTIONS,
        "king_capture": _weighted(["step", "flying"], ["none"]),
        "flying_king_landing": st.sampled_from(["any", "next", "must-continue"]),
        "king_reversal": st.sampled_from(["forbidden", "allowed"]),
        "capture_choice": _weighted(["free", "majority"], ["random"]),
        "removal": st.sampled_from(["immediate", "end-of-sequence"]),
        "promotion": st.sampled_from(
            ["none", "end-of-move", "arrival-ends-move", "arrival-continues-as-king"]
        ),
        "restricted_region": _weighted(["restricted"], ["nowhere"]),
        "last_pieces_become_kings": st.booleans(),
        "no_legal_move": st.sampled_from(["loses", "draws"]),
        "quiet_move_draw": _weighted([None, 25, 3], [-1, 0]),
        "three_kings_vs_one": _weighted([None, 13, 2], [0]),
    },
)
_PLACEMENT = st.fixed_dictionaries(
    {},
    optional={
        name: _weighted([1, 2, 3, 4], [0]) for name in ("opening_stones", "stones_per_turn", "catchup_stones")
    },
)


@st.composite
def random_descriptor(draw: st.DrawFn) -> dict[str, Any]:
    family = draw(_weighted(["leaping", "leaping", "placement"], []))
    sided = family == "leaping" or draw(st.booleans())
    players = [
        {"id": "white", "name": {"en": "W", "fr": "B", "de": "W"}, "colour": "#ffffff", "letter": "W"},
        {"id": "black", "name": {"en": "B", "fr": "N", "de": "S"}, "colour": "#000000", "letter": "B"},
    ]
    if sided:
        players[0]["side"], players[1]["side"] = "south", "north"
    men = draw(_region(2))
    setup = {"white": {"count": 0, "men": men}, "black": {"count": 0, "men": _mirrored(men)}}
    if family == "placement" and draw(st.booleans()):
        setup = {}
    descriptor: dict[str, Any] = {
        "format": 1,
        "id": "fuzz",
        "title": {"en": "Fuzz", "fr": "Fuzz", "de": "Fuzz"},
        "players": players,
        "first": draw(st.sampled_from(["white", "black"])),
        "board": draw(_BOARDS),
        "setup": setup,
        "rules": {"family": family, "params": draw(_LEAPING if family == "leaping" else _PLACEMENT)},
        "print": {"cell_size": draw(_weighted([12.5, 30, 5, 150], [4, 151]))},
    }
    if draw(st.booleans()):
        descriptor["regions"] = {
            "restricted": draw(st.sampled_from([{"ring": 1}, {"rows": 1, "from": "south"}]))
        }
    if family == "placement":
        descriptor["furniture"] = {"scoring_track": {"maximum": draw(_weighted([200, 45, 61], [0, 5]))}}
    return descriptor


@given(random_descriptor(), st.randoms(use_true_random=False))
def test_random_descriptors_are_accepted_or_refused(descriptor: dict[str, Any], rng: random.Random) -> None:
    text = yaml.safe_dump(descriptor, sort_keys=False, allow_unicode=True)
    variant = _refused(parse_variant, load_text(text, "fuzz.yaml"))
    event("refused by the descriptor checks" if variant is None else "accepted as a descriptor")
    if variant is None:
        return
    count = {pid: len(cells) for pid, cells in variant.setup.items()}
    _use(variant.__class__(**{**vars(variant), "counts": count}), rng)


# -- positions and moves -------------------------------------------------------------------


def _game(game_id: str) -> Engine:
    from boardgen.descriptor import load_variant

    variant = load_variant(game_id)
    return make_game(variant.game_spec(), variant.rules.family)


_JUNK_CELLS = st.one_of(
    st.integers(-1, 40).map(str),
    st.builds(lambda c, r: f"{c}{r}", st.sampled_from("abcdefghijkqz"), st.integers(0, 18)),
    st.text(alphabet="aKk0123456789-,x", max_size=4),
)


def _cell_words(game: Engine) -> list[str]:
    """What a user types for cells of this game: PDN numbers where there are any, else names."""
    spec = game.spec
    if spec.pdn:
        return [str(n) for n in spec.pdn.values()]
    return [spec.grid.name(c) for c in sorted(spec.playable)]


@st.composite
def position_text(draw: st.DrawFn) -> tuple[str, str]:
    game_id = draw(st.sampled_from(GAMES))
    if draw(st.integers(0, 9)) == 0:
        return game_id, draw(st.text(max_size=40))
    words = _cell_words(_game(game_id))
    cells = draw(st.lists(st.sampled_from(words), max_size=14, unique=True))
    junk = draw(st.lists(_JUNK_CELLS, max_size=1))
    half = draw(st.integers(0, len(cells)))
    kings = game_id not in ("catchup", "kruzno-checkers", "hex9-checkers") and draw(st.booleans())

    def items(chosen: list[str]) -> str:
        return ",".join(("K" if kings and draw(st.integers(0, 3)) == 0 else "") + c for c in chosen)

    white, black = items(cells[:half] + junk), items(cells[half:])
    mover = draw(_weighted(["W", "B"], ["X"]))
    if game_id == "catchup":
        state = draw(_weighted(["-", "rose"], ["first", "up"]))
        return game_id, f"W:{white or '-'}:B:{black or '-'}/{mover}/{state}"
    text = f"{mover}:W{white}:B{black}"
    for extra in draw(st.lists(_weighted(["quiet=3", "lone=2"], ["quiet=-1", "x=1", ""]), max_size=2)):
        text += f":{extra}"
    return game_id, text


@given(position_text(), st.randoms(use_true_random=False))
def test_position_strings_are_accepted_or_refused(case: tuple[str, str], rng: random.Random) -> None:
    game_id, text = case
    game = _game(game_id)
    position = _refused(game.parse_position, text)
    event("position refused" if position is None else "position accepted and played")
    if position is not None:
        _play(game, position, rng, plies=4)


@given(st.sampled_from(GAMES), st.integers(0, 30), st.data())
def test_move_texts_are_accepted_or_refused(game_id: str, plies: int, data: st.DataObject) -> None:
    game = _game(game_id)
    rng = random.Random(plies)
    position = game.initial()
    for _ in range(plies):
        moves = game.legal_moves(position)
        if not moves:
            break
        position = game.play(position, rng.choice(moves))
    legal = [game.move_text(position, m) for m in game.legal_moves(position)]
    text = data.draw(st.sampled_from(legal)) if legal and data.draw(st.booleans()) else ""
    if not text or data.draw(st.booleans()):
        cut = data.draw(st.integers(0, len(text)))
        noise = data.draw(st.text(alphabet="abcdefghijk0123456789-x:, ", max_size=4))
        text = text[:cut] + noise + text[cut + data.draw(st.integers(0, 2)) :]
    move = _refused(game.parse_move, position, text)
    event("move refused" if move is None else "move accepted and played")
    if move is not None:
        assert move in game.legal_moves(position)
        game.play(position, move)


# -- mutated texts, under a memory limit ------------------------------------------------------

#: Characters that have broken text handling somewhere: quotes, controls, line and
#: paragraph separators, surrogates, noncharacters, letters and digits outside ASCII.
HOSTILE_CHARS = list(
    "\"'\\\n\r\t\x00\x01\x08\x1b\x7f\x85\xa0\u2028\u2029\u202e\ufeff\ufffe\uffff\ud800\udfff«»„“”é߀中😀¹²١٤٥"
)
_HOSTILE_TEXT = st.text(alphabet=st.one_of(st.sampled_from(HOSTILE_CHARS), st.characters()), max_size=12)
#: Memory the child process running the mutated texts may map (reportlab, PDFium and
#: Python itself fit in a fraction of it; a raster or search without bound does not).
MEMORY_LIMIT = 3 << 30
TEXT_CASES = {"default": 20, "fuzz": 600}


def _text_paths(data: dict[str, Any]) -> list[tuple[str | int, ...]]:
    """Every printed or parsed string of a descriptor, by key path."""
    paths: list[tuple[str | int, ...]] = [("title", lang) for lang in data["title"]]
    for i, player in enumerate(data["players"]):
        paths.extend(("players", i, "name", lang) for lang in player["name"])
    for i, example in enumerate(data.get("examples", [])):
        paths.extend(("examples", i, "caption", lang) for lang in example["caption"])
        paths.extend(("examples", i, key) for key in ("id", "topic", "move", "position") if key in example)
    paths.extend(("sheet", lang, "about") for lang in data.get("sheet", {}))
    return paths


@st.composite
def mutated_text(draw: st.DrawFn) -> tuple[str, str]:
    """A bundled descriptor (with a sheet paragraph added) with one string made hostile,
    written as JSON (a YAML subset whose escapes carry any character, surrogates too)."""
    seed = draw(st.sampled_from(sorted((ROOT / "variants").glob("*.yaml"))))
    data = yaml.safe_load(seed.read_text("utf-8"))
    data["sheet"] = {"en": {"about": "A short word about the game."}}
    path = draw(st.sampled_from(_text_paths(data)))
    *parents, last = path
    holder: Any = data
    for key in parents:
        holder = holder[key]
    old = str(holder[last])
    how = draw(st.sampled_from(["splice", "replace", "repeat", "quote"]))
    piece = draw(_HOSTILE_TEXT)
    cut = draw(st.integers(0, len(old)))
    if how == "splice":
        new = old[:cut] + piece + old[cut:]
    elif how == "replace":
        new = piece
    elif how == "repeat":
        new = old[:cut] + (piece or "x") * draw(st.sampled_from([10, 100, 2000]))
    else:
        new = old[:cut] + '"' + old[cut:]
    holder[last] = new
    event(f"{how} {'.'.join(str(k) for k in path if isinstance(k, str))}")
    return f"{data['id']}.yaml", json.dumps(data, ensure_ascii=True)


def _printed(variant: Variant) -> None:
    """What build prints from a valid descriptor: a start SVG, a board PDF, a rule sheet."""
    svg = _refused(render, variant, "start", "svg", RenderOptions())
    if svg is not None:
        ET.fromstring(svg)  # well-formed, whatever the texts hold
    lang = variant.languages[0]
    for what in ("board", "rules"):
        pdf = _refused(render, variant, what, "pdf", RenderOptions(lang=lang))
        assert pdf is None or (pdf.startswith(b"%PDF") and pdf.rstrip().endswith(b"%%EOF"))


@settings(max_examples=TEXT_CASES.get(os.environ.get("HYPOTHESIS_PROFILE", "default"), 20))
@given(mutated_text())
def mutated_texts_are_printed_or_refused(case: tuple[str, str]) -> None:
    """Run in a child process by the test below (so a memory limit can be set)."""
    name, text = case
    variant = _refused(parse_variant, load_text(text, name))
    if variant is None:
        event("refused by the descriptor checks")
        return
    checks = _refused(run_checks, variant)
    if checks and all(check.ok for check in checks):
        event("valid: printed")
        _printed(variant)
    else:
        event("a check failed: not printed")


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def test_mutated_texts_under_a_memory_limit() -> None:
    code = (
        "import sys; sys.path.insert(0, 'tests/project'); import test_fuzz; "
        "test_fuzz.mutated_texts_are_printed_or_refused()"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        preexec_fn=_limit_memory,
        capture_output=True,
        text=True,
        timeout=3600,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-6000:]


# -- mutated PDN records ----------------------------------------------------------------------

#: Records to mutate: the published games and the small hostile ones (the big ones only
#: test one bound each and would make every case slow).
PDN_SEEDS = sorted(
    p
    for p in [
        *(ROOT / "examples").rglob("*.pdn"),
        *(ROOT / "tests" / "data" / "hostile" / "pdn").glob("*.pdn"),
    ]
    if p.stat().st_size <= 20_000
)
#: Pieces of PDN grammar and hostile text spliced in: brackets of every kind, numbers
#: too long or not ASCII, results, escapes, NAGs, capture marks.
PDN_PIECES = [
    "(", ")", "{", "}", "[", "]", '"', "\\", ";", "%", "\n", "1.", "1...", "12.", "99999999999.",
    "9" * 60, "²", "١٤", "x", "-", ":", "*", "1-0", "0-1", "1/2-1/2", "2-0", "$5", "$999", "!?", "??",
    '[FEN "W:W1:B32"]', '[FEN "B:W21-32:B1-999999999"]', '[GameType "25"]', '[GameType "2¹"]',
    '[GameType "21,B,8,8,N1,0"]', "11-15", "11x18x25", "K1", "\x1b]0;x\x07", "\x00", "\ufeff",
]  # fmt: skip


@st.composite
def mutated_pdn(draw: st.DrawFn) -> tuple[str, str]:
    """A record with spans deleted, duplicated or moved and PDN pieces spliced in."""
    seed = draw(st.sampled_from(PDN_SEEDS))
    text = seed.read_bytes().decode("utf-8", errors="replace")
    for _ in range(draw(st.integers(1, 5))):
        at = draw(st.integers(0, len(text)))
        span = draw(st.integers(0, 40))
        how = draw(st.sampled_from(["delete", "duplicate", "splice", "splice", "random", "truncate"]))
        if how == "delete":
            text = text[:at] + text[at + span :]
        elif how == "duplicate":
            text = text[:at] + text[at : at + span] * draw(st.integers(2, 30)) + text[at:]
        elif how == "splice":
            text = text[:at] + draw(st.sampled_from(PDN_PIECES)) + text[at:]
        elif how == "random":
            text = text[:at] + draw(_HOSTILE_TEXT) + text[at:]
        else:
            text = text[:at]
    return seed.name, text


@given(mutated_pdn())
def test_mutated_records_are_read_or_refused(case: tuple[str, str]) -> None:
    """parse_pdn reads a record or refuses it with one line; what it reads is played,
    written back as PDN and read again to the same moves."""
    from boardgen.records.pdn import write_pdn
    from boardgen.records.pdn.reader import parse_pdn

    name, text = case
    records = _refused(lambda: parse_pdn(text, file=name))
    if records is None:
        event("refused")
        return
    event("read")
    for record in records:
        assert len(record.positions()) == len(record.plies) + 1
        written = write_pdn(record)
        try:
            again = parse_pdn(written, file=name)
        except BoardgenError as error:
            raise AssertionError(f"written back, then refused: {error}\n{written}") from None
        assert [p.move for p in again[0].plies] == [p.move for p in record.plies]


# -- batch files ------------------------------------------------------------------------------

_BATCH_WORDS = [
    *GAMES, "catchup", "american-checkers", "--position", "--move", "--arrow", "--fill", "--highlight",
    "--lastmove", "--flip", "--no-coordinates", "--format", "svg", "pdf", "png", "--size", "--dpi", "-o",
    "a.svg", "b.svg", "c.pdf", "d.png", "-", ".", "a.svg", "11-15", "11-15:red", "22-18", "a3-b4",
    "c3-d4", "15:green", "d4", "W:W21-32:B1-12", "B:W18:B14", "W:WK1:B", "nan", "inf", "0", "-1",
    "36", "1200", "20", "999999999999", "²", "#", "'", '"', "\\", "--batch", "--help", "-h", "--bogus",
    "x" * 300, "\x1b[2J", "\t", "é",
]  # fmt: skip


@st.composite
def batch_text(draw: st.DrawFn) -> str:
    """A few lines of ``diagram`` arguments: mostly well-formed, some not."""
    lines = []
    for _ in range(draw(st.integers(0, 4))):
        words = draw(st.lists(st.sampled_from(_BATCH_WORDS), min_size=0, max_size=8))
        if draw(st.booleans()):
            words = [draw(st.sampled_from(GAMES)), *words, "-o", f"out{len(lines)}.svg"]
        lines.append(" ".join(words))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n\n# done"]))


@given(batch_text())
def test_batch_texts_are_drawn_or_refused(tmp_path_factory: Any, text: str) -> None:
    """A batch is drawn whole or refused with one located line, and refused ones leave
    nothing written beside the batch file."""
    from click.testing import CliRunner

    from boardgen.cli import main

    folder = tmp_path_factory.mktemp("batch")
    (folder / "b.txt").write_text(text, "utf-8", errors="surrogateescape")
    old = Path.cwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, ["diagram", "--batch", "b.txt"])
    finally:
        os.chdir(old)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    written = sorted(p.name for p in folder.iterdir() if p.name != "b.txt")
    if result.exit_code == 0:
        event("drawn")
    else:
        assert result.exit_code == 2, result.output
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert written == [], written
        event("refused")
