"""The leaping family's rule switches: read from ``rules.params`` and checked.

Every rule difference between the draughts-like games lives here as a named switch, so
a new variant is a descriptor, never code, and nothing ever looks at a game's id. A
switch left out takes the value American checkers uses (see ``DEFAULTS``). Any mistake
is a BoardgenError whose key is ``rules.params.<name>``, so the descriptor loader can
point at the offending line.
"""

from __future__ import annotations

__all__ = [
    "DEFAULTS",
    "PRECEDENCE",
    "EndgameDraw",
    "LeapingParams",
    "ParamError",
    "SideMaterial",
    "check_params",
    "parse_params",
]

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ...errors import BoardgenError, closest
from .directions import DIRECTION_WORDS
from .material import EndgameDraw, SideMaterial, parse_endgame_draws

#: Allowed values of the switches that take one word.
CHOICES: dict[str, tuple[str, ...]] = {
    "king": ("none", "step", "flying"),
    "king_capture": ("none", "step", "flying"),
    "flying_king_landing": ("next", "any", "must-continue"),
    "king_reversal": ("forbidden", "allowed"),
    "capture": ("mandatory",),
    "capture_choice": ("free", "majority", "most-value"),
    "removal": ("immediate", "end-of-sequence"),
    "promotion": ("none", "end-of-move", "arrival-ends-move", "arrival-continues-as-king"),
    "restricted_rule": ("leave-unless-capturing", "leave-before-capturing"),
    "no_legal_move": ("loses", "draws"),
    "quiet_move_count": ("each-player", "single-moves"),
}

#: Tie-breaks between captures, applied in the order a descriptor lists them (after
#: ``capture_choice``): the capture made by a king, the one taking the most kings, the
#: one taking a king soonest in the sequence.
PRECEDENCE = ("with-king", "most-kings", "earliest-king")

#: The value of every switch a descriptor leaves out (American checkers).
DEFAULTS: dict[str, Any] = {
    "man_steps": ["forward-diagonal"],
    "man_captures": ["forward-diagonal"],
    "king": "step",
    "king_directions": ["diagonal"],
    "king_capture": None,  # None: the same as "king"
    "king_capture_directions": None,  # None: the same as "king_directions"
    "flying_king_landing": "any",
    "king_reversal": "forbidden",
    "capture": "mandatory",
    "capture_choice": "free",
    "capture_precedence": [],
    "kings_immune_to_men": False,
    "removal": "immediate",
    "promotion": "arrival-ends-move",
    "restricted_region": None,
    "restricted_rule": "leave-unless-capturing",
    "last_pieces_become_kings": False,
    "no_legal_move": "loses",
    "quiet_move_draw": None,
    "quiet_move_count": "each-player",  # quiet_move_draw counts N moves by each player (2N plies)
    "three_kings_vs_one": None,
    "king_quiet_move_limit": None,
    "repetition_draw": None,  # drawn when one position (same player to move) occurs N times
    "endgame_draws": [],  # counted draws of given material (see material.py)
}

_DIRECTION_LISTS = ("man_steps", "man_captures", "king_directions", "king_capture_directions")


class LeapingParams(NamedTuple):
    """Checked switches; direction lists still hold words (resolved per grid later). A
    named tuple: cheaper to define at start-up than a frozen dataclass."""

    man_steps: tuple[str, ...]
    man_captures: tuple[str, ...]
    king: str
    king_directions: tuple[str, ...]
    king_capture: str
    king_capture_directions: tuple[str, ...]
    flying_king_landing: str
    king_reversal: str
    capture: str
    capture_choice: str
    capture_precedence: tuple[str, ...]
    kings_immune_to_men: bool
    removal: str
    promotion: str
    restricted_region: str | None
    restricted_rule: str
    last_pieces_become_kings: bool
    no_legal_move: str
    quiet_move_draw: int | None
    three_kings_vs_one: int | None
    #: The most non-capturing moves in a row one king may make while its side has men.
    king_quiet_move_limit: int | None
    quiet_move_count: str = "each-player"
    #: Drawn when the same position with the same player to move has occurred this often.
    repetition_draw: int | None = None
    #: Counted draws of given material, in the order the descriptor lists them.
    endgame_draws: tuple[EndgameDraw, ...] = ()

    @property
    def has_kings(self) -> bool:
        return self.king != "none"

    @property
    def quiet_move_plies(self) -> int | None:
        """Half-moves in a row without a man move or a capture that draw the game:
        ``quiet_move_draw`` moves by each player, or that many single moves."""
        if self.quiet_move_draw is None:
            return None
        return self.quiet_move_draw * (2 if self.quiet_move_count == "each-player" else 1)


def _error(name: str, message: str) -> BoardgenError:
    return BoardgenError(message, key=f"rules.params.{name}")


def _words(name: str, value: Any) -> tuple[str, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not items or not all(isinstance(w, str) for w in items):
        raise _error(name, "expected a direction word or a non-empty list of them")
    for word in items:
        if word not in DIRECTION_WORDS:
            raise _error(name, f"unknown direction word {word!r}; use one of {', '.join(DIRECTION_WORDS)}")
    return tuple(dict.fromkeys(items))


def _choice(name: str, value: Any) -> str:
    allowed = CHOICES[name]
    if value not in allowed:
        raise _error(name, f"unknown value {value!r}; use one of {', '.join(allowed)}")
    return str(value)


def _precedence(value: Any) -> tuple[str, ...]:
    name = "capture_precedence"
    if not isinstance(value, list) or not all(isinstance(w, str) for w in value):
        raise _error(name, f"expected a list of tie-breaks ({', '.join(PRECEDENCE)}), possibly empty")
    for word in value:
        if word not in PRECEDENCE:
            raise _error(name, f"unknown tie-break {word!r}; use {', '.join(PRECEDENCE)}")
    if len(set(value)) != len(value):
        raise _error(name, "a tie-break is listed twice")
    return tuple(value)


#: The largest count of moves or repetitions a draw rule may give: a rule no game ever
#: reaches is a typo.
MAX_DRAW_COUNT = 10_000


def _count(name: str, value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_DRAW_COUNT:
        raise _error(name, f"expected a whole number from 1 to {MAX_DRAW_COUNT:,} or null, not {value!r}")
    return value


def parse_params(params: Mapping[str, Any], regions: Mapping[str, frozenset[int]] | None) -> LeapingParams:
    """Check ``params`` against the vocabulary and each other; fill in defaults.

    ``regions`` are the board's named regions; None skips checking region names (the
    descriptor loader checks switches before the board is built).
    """
    for name in params:
        if name not in DEFAULTS:
            close = closest(str(name), DEFAULTS)
            hint = f"did you mean {close!r}?" if close else f"known: {', '.join(DEFAULTS)}"
            raise _error(name, f"unknown leaping switch {name!r}; {hint}")
    raw = {**DEFAULTS, **params}
    if raw["king_capture_directions"] is None:
        raw["king_capture_directions"] = raw["king_directions"]
    values: dict[str, Any] = {}
    for name in _DIRECTION_LISTS:
        values[name] = _words(name, raw[name])
    if raw["king_capture"] is None:
        raw["king_capture"] = raw["king"]
    for name in CHOICES:
        values[name] = _choice(name, raw[name])
    region = raw["restricted_region"]
    if region is not None and not isinstance(region, str):
        raise _error("restricted_region", "expected a region name or null")
    if region is not None and regions is not None and region not in regions:
        known = ", ".join(sorted(regions)) or "none"
        raise _error("restricted_region", f"no region named {region!r} (regions: {known})")
    values["restricted_region"] = region
    for name in ("last_pieces_become_kings", "kings_immune_to_men"):
        if not isinstance(raw[name], bool):
            raise _error(name, "expected true or false")
        values[name] = raw[name]
    values["capture_precedence"] = _precedence(raw["capture_precedence"])
    values["quiet_move_draw"] = _count("quiet_move_draw", raw["quiet_move_draw"])
    values["three_kings_vs_one"] = _count("three_kings_vs_one", raw["three_kings_vs_one"])
    values["king_quiet_move_limit"] = _count("king_quiet_move_limit", raw["king_quiet_move_limit"])
    values["repetition_draw"] = _count("repetition_draw", raw["repetition_draw"])
    if values["repetition_draw"] == 1:
        raise _error("repetition_draw", "a position occurs once as soon as it is reached; use 2 or more")
    values["endgame_draws"] = parse_endgame_draws(raw["endgame_draws"])
    result = LeapingParams(**values)
    _check_consistent(result, params)
    return result


def _check_consistent(p: LeapingParams, given: Mapping[str, Any]) -> None:
    """Reject combinations that cannot mean anything."""
    if (p.king == "none") != (p.king_capture == "none"):
        raise _error("king_capture", "kings that move must capture, and only kings that exist can")
    if p.promotion != "none" and not p.has_kings:
        raise _error("promotion", "men cannot be crowned when 'king' is none")
    if p.last_pieces_become_kings and not p.has_kings:
        raise _error("last_pieces_become_kings", "needs kings ('king' is none)")
    if p.three_kings_vs_one is not None and not p.has_kings:
        raise _error("three_kings_vs_one", "needs kings ('king' is none)")
    if "flying_king_landing" in given and p.king_capture != "flying":
        raise _error("flying_king_landing", "only meaningful when 'king_capture' is flying")
    if not p.has_kings:
        for name in (
            "capture_precedence",
            "kings_immune_to_men",
            "king_capture_directions",
            "king_quiet_move_limit",
        ):
            if name in given:
                raise _error(name, "needs kings ('king' is none)")
    if p.king_quiet_move_limit is not None and p.king_quiet_move_limit > 7:
        raise _error("king_quiet_move_limit", "expected a number from 1 to 7")
    if p.kings_immune_to_men and p.promotion == "arrival-continues-as-king":
        raise _error(
            "kings_immune_to_men",
            "a man crowned in the middle of a capture would change what it may take; "
            "not supported with 'promotion: arrival-continues-as-king'",
        )
    if p.endgame_draws and not p.has_kings and any(e.needs_kings for e in p.endgame_draws):
        raise _error("endgame_draws", "names kings, but 'king' is none")
    if "quiet_move_count" in given and p.quiet_move_draw is None:
        raise _error("quiet_move_count", "set 'quiet_move_draw' too")
    if "restricted_rule" in given and p.restricted_region is None:
        raise _error("restricted_rule", "set 'restricted_region' too")


#: Builds a located error for a key path below ``rules.params`` (see rules.family).
ParamError = Callable[[tuple[str | int, ...], str], BoardgenError]


def check_params(params: Mapping[str, Any], error: ParamError) -> None:
    """Refuse unknown, ill-typed or contradictory switches, located through ``error``.

    Region names and direction words that name no step on the board are checked later,
    by :func:`~.game.make_game`, once the board is known.
    """
    try:
        parse_params(params, None)
    except BoardgenError as exc:
        name = (exc.key or "").removeprefix("rules.params.")
        path = tuple(int(part) if part.isdigit() else part for part in name.split(".")) if name else ()
        raise error(path, exc.message) from None
