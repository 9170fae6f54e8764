"""From loaded YAML to a checked :class:`Variant`.

The checks here are about the descriptor being well formed and self-consistent
(known keys, sane sizes, cells on the board, no two pieces on one cell). Whether the
setup makes a playable game is the rules engine's job (``boardgen validate``).
"""

from __future__ import annotations

__all__ = ["CELL_SIZE_MM", "HEX_SIDE", "MAX_ID", "SQUARE_SIZE", "TRACK_MAXIMUM", "parse_variant"]

import re
from collections.abc import Sequence
from pathlib import Path

from ..errors import BoardgenError
from ..foundation.paper import paper_named
from ..geometry import Side
from ..rules import registry
from ..rules.spec import ScoringTrack
from .boards import HEX_SIDE, SQUARE_SIZE, parse_board
from .ids import ID_PATTERN
from .model import (
    Example,
    Player,
    PrintSettings,
    RulesSpec,
    SheetTexts,
    Source,
    Variant,
)
from .printable import MAX_CAPTION, MAX_NAME, MAX_PARAGRAPH, MAX_TITLE, check_printable
from .reader import Reader
from .regions import RegionResolver
from .setup import parse_pieces, parse_setup, region_entries
from .typefaces import parse_fonts
from .words import COLOUR_PATTERN
from .words import texts as _texts
from .yamlload import Loaded, PathKey

# Documented limits (docs/reference/limits.md): beyond them a descriptor is refused with a clear message.
#: Distance between neighbouring cell centres, in mm.
CELL_SIZE_MM = (5.0, 150.0)
#: Highest number on a scoring track.
TRACK_MAXIMUM = (1, 1000)

#: Longest variant or example id: ids become file names (``example-<id>.svg``).
MAX_ID = 40
#: Most examples of one descriptor: each is checked by the engine and drawn on every
#: rule sheet (shipped games have at most seven; 5,000 once made a 418-page sheet).
MAX_EXAMPLES = 40
THEME_KEYS = ("light", "dark", "cell", "restricted", "line", "background", "track", "text")

DEFAULT_COLOURS = {
    "light": "#f3e3c3",
    "dark": "#8b5a3c",
    "cell": "#f3e3c3",
    "restricted": "#b9b2a6",
    "line": "#3b2a1e",
    "background": "#ffffff",
    "track": "#fbf3e2",
    "text": "#2a1d14",
}


def parse_variant(loaded: Loaded) -> Variant:
    """Check every key of a descriptor and build its :class:`Variant`."""
    r = Reader(loaded)
    r.mapping(
        (),
        required=("format", "id", "title", "players", "first", "board", "setup", "rules", "print"),
        optional=("regions", "furniture", "sources", "proposals", "examples", "sheet", "pieces"),
    )
    r.integer(("format",), minimum=1, maximum=1)
    variant_id = r.string(
        ("id",), pattern=ID_PATTERN, what="an id of lowercase letters, digits and dashes", max_length=MAX_ID
    )
    stem = Path(loaded.file).stem
    if loaded.file.endswith((".yaml", ".yml")) and stem != variant_id:
        raise r.error(("id",), f"id '{variant_id}' does not match the file name '{Path(loaded.file).name}'")
    title = _texts(r, ("title",), limit=MAX_TITLE)
    langs = tuple(title)
    players = _players(r, langs)
    ids = [p.id for p in players]
    first = r.string(("first",), choices=ids)
    settings, aspect = _print(r)
    board = parse_board(r, aspect, tuple(ids))
    sides = {p.id: p.side for p in players if p.side is not None}
    named, styles = region_entries(r, langs)
    for name in named:
        if name in ("all", "playable"):
            raise r.error(
                ("regions", name), f"'{name}' is a built-in region and cannot be redefined", at_key=True
            )
    resolver = RegionResolver(r, board.grid, board.playable, sides, named)
    regions = {name: resolver.named(name, path) for name, path in named.items()}
    pieces = parse_pieces(r, langs, ids)
    kind_ids = tuple(k.id for k in pieces)
    setup, counts, kinds = parse_setup(r, resolver, board.grid.size, ids, kind_ids, in_hand=_print_only(r))
    track = _furniture(r)
    rules = _rules(r, len(players))
    sources = _sources(r)
    proposals = _proposals(r)
    examples = _examples(r, langs, resolver)
    sheet = _sheet(r, langs)
    sheet_facts = r.boolean(("sheet", FACTS_KEY)) if r.has(("sheet", FACTS_KEY)) else False
    return Variant(
        id=variant_id,
        file=Path(loaded.file),
        title=title,
        players=players,
        first=first,
        board=board,
        regions=regions,
        setup=setup,
        counts=counts,
        scoring_track=track,
        rules=rules,
        print=settings,
        sources=sources,
        proposals=proposals,
        examples=examples,
        sheet=sheet,
        sheet_facts=sheet_facts,
        pieces=pieces,
        kinds=kinds,
        region_styles=styles,
        origin=loaded,
    )


#: The parts of a rule sheet a descriptor may write itself, per language (``sheet:``).
SHEET_PARTS = ("intro", "about", "tips", "components", "notes")
#: ``sheet: facts: true`` ends the rule sheets with a "Game facts" box (boardgen.model.facts).
FACTS_KEY = "facts"


def _sheet(r: Reader, langs: Sequence[str]) -> dict[str, SheetTexts]:
    """The free texts of the game's rule sheets, written in the descriptor (``sheet.<lang>``).

    Each part is a text or a list of texts (paragraphs); ``notes`` maps a section's name
    (``setup``, ``moving``, ...) to its extra paragraphs. A language the title lacks is
    refused, as its sheet is never made.
    """
    if not r.has(("sheet",)):
        return {}
    result: dict[str, SheetTexts] = {}
    for lang in r.free_mapping(("sheet",)):
        if lang == FACTS_KEY:
            continue  # a switch, not a language (see parse_variant)
        path: PathKey = ("sheet", lang)
        if lang not in langs:
            message = f"the title has no '{lang}' text, so the game has no '{lang}' sheet"
            raise r.error(path, message, at_key=True)
        r.mapping(path, optional=SHEET_PARTS)

        def paragraphs(where: PathKey) -> tuple[str, ...]:
            if not r.has(where):
                return ()
            places = (
                [(*where, i) for i in range(len(r.sequence(where)))]
                if isinstance(r.get(where), list)
                else [where]
            )
            return tuple(check_printable(r, place, r.string(place), MAX_PARAGRAPH) for place in places)

        notes = r.free_mapping((*path, "notes")) if r.has((*path, "notes")) else {}
        for section in notes:
            if not isinstance(section, str) or not re.fullmatch(r"[a-z][a-z0-9_-]*", section):
                raise r.error((*path, "notes", section), "a section name in lowercase letters", at_key=True)
        result[lang] = SheetTexts(
            intro=paragraphs((*path, "intro")),
            about=paragraphs((*path, "about")),
            tips=paragraphs((*path, "tips")),
            components=paragraphs((*path, "components")),
            notes={name: paragraphs((*path, "notes", name)) for name in notes},
        )
    return result


#: Fewest and most players a descriptor may list (its rule family may allow fewer).
PLAYERS = (1, 6)


def _players(r: Reader, langs: Sequence[str]) -> tuple[Player, ...]:
    """The players, 1 to 6 (how many the family plays with is checked with ``rules``);
    each has an id, a name per language, a colour and a letter of their own. Sides
    (south, north) are for two players facing each other: both or neither."""
    items = r.sequence(("players",))
    low, high = PLAYERS
    if not low <= len(items) <= high:
        raise r.error(("players",), f"expected {low} to {high} players, got {len(items)}")
    players: list[Player] = []
    for i in range(len(items)):
        path: PathKey = ("players", i)
        fields = r.mapping(path, required=("id", "name", "colour", "letter"), optional=("side",))
        side: Side | None = None
        if fields.get("side") is not None:
            side = r.string((*path, "side"), choices=("south", "north"))  # type: ignore[assignment]
        player = Player(
            id=r.string((*path, "id"), pattern=r"[a-z][a-z0-9-]*", what="a lowercase player id"),
            name=_texts(r, (*path, "name"), langs, limit=MAX_NAME),
            colour=r.string((*path, "colour"), pattern=COLOUR_PATTERN, what="a colour like #1a2b3c"),
            letter=r.string((*path, "letter"), pattern=r"[A-Z]", what="one capital letter"),
            side=side,
        )
        for earlier in players:
            for key, same in (
                ("id", earlier.id == player.id),
                ("letter", earlier.letter == player.letter),
                ("colour", earlier.colour.lower() == player.colour.lower()),
            ):
                if same:
                    message = (
                        f"both players have the same {key}"
                        if len(items) == 2
                        else f"players {earlier.id} and {player.id} have the same {key}"
                    )
                    raise r.error(
                        (*path, key),
                        message
                        if earlier.id != player.id or len(items) == 2
                        else f"two players are called {player.id}",
                    )
        players.append(player)
    sides = [p.side for p in players]
    if any(s is not None for s in sides) and (
        len(players) != 2 or sides[0] is None or sides[1] is None or sides[0] == sides[1]
    ):
        raise r.error(
            ("players", len(players) - 1, "side"),
            "players sit at opposite edges: one south, one north (or neither)"
            if len(players) == 2
            else "only two players sit at edges (south and north): give no sides",
        )
    return tuple(players)


def _furniture(r: Reader) -> ScoringTrack | None:
    if not r.has(("furniture",)):
        return None
    r.mapping(("furniture",), optional=("scoring_track",))
    if not r.has(("furniture", "scoring_track")):
        return None
    path: PathKey = ("furniture", "scoring_track")
    r.mapping(path, required=("maximum",))
    low, high = TRACK_MAXIMUM
    return ScoringTrack(maximum=r.integer((*path, "maximum"), minimum=low, maximum=high))


def _print_only(r: Reader) -> bool:
    """Whether the descriptor names a family no engine plays (its pieces may be in hand);
    a bad family name is refused later, at its key, by :func:`_rules`."""
    name = r.get(("rules", "family")) if r.has(("rules",)) and isinstance(r.get(("rules",)), dict) else None
    if not isinstance(name, str) or not r.has(("rules", "family")):
        return False
    try:
        return not registry.family(name).plays
    except BoardgenError:
        return False


def _rules(r: Reader, players: int) -> RulesSpec:
    r.mapping(("rules",), required=("family",), optional=("params",))
    path: PathKey = ("rules", "family")
    name = r.string(path)
    try:
        family = registry.family(name)
    except registry.UnknownFamily:  # refused as any unknown word is, with every name known
        r.string(path, choices=registry.names())
        raise
    except BoardgenError as exc:  # an installed family that cannot be loaded
        raise r.error(path, exc.message) from None
    low, high = family.players
    if not low <= players <= high:
        most = f"{low}" if low == high else f"{low} to {high}"
        raise r.error(("players",), f"the '{name}' rule family plays with {most} players, not {players}")
    params = r.free_mapping(("rules", "params")) if r.has(("rules", "params")) else {}
    family.check_params(params, lambda key, message: r.error(("rules", "params", *key), message))
    return RulesSpec(name, params)


def _print(r: Reader) -> tuple[PrintSettings, float]:
    """The print settings, and the row pitch over the column pitch (1 unless
    ``cell_size`` gives two pitches, ``[columns, rows]``, as a Go board's 22 x 23.7 mm)."""
    path: PathKey = ("print",)
    keys = ("paper", "landscape", "coordinates", "colours", "fonts")
    r.mapping(path, required=("cell_size",), optional=keys)
    low, high = CELL_SIZE_MM
    colours = dict(DEFAULT_COLOURS)
    if r.has((*path, "colours")):
        for key in r.mapping((*path, "colours"), optional=THEME_KEYS):
            colours[key] = r.string(
                (*path, "colours", key), pattern=COLOUR_PATTERN, what="a colour like #1a2b3c"
            )
    size_path: PathKey = (*path, "cell_size")
    aspect = 1.0
    if isinstance(r.get(size_path), list):
        if len(r.sequence(size_path)) != 2:
            raise r.error(size_path, "one size in mm, or two: [between columns, between rows]")
        size = r.number((*size_path, 0), minimum=low, maximum=high, unit="mm")
        aspect = r.number((*size_path, 1), minimum=low, maximum=high, unit="mm") / size
    else:
        size = r.number(size_path, minimum=low, maximum=high, unit="mm")
    return PrintSettings(
        cell_size=size,
        paper=_paper(r, (*path, "paper")) if r.has((*path, "paper")) else "a4",
        landscape=r.boolean((*path, "landscape")) if r.has((*path, "landscape")) else None,
        coordinates=r.boolean((*path, "coordinates")) if r.has((*path, "coordinates")) else True,
        colours=colours,
        fonts=parse_fonts(r, (*path, "fonts")) if r.has((*path, "fonts")) else None,
    ), aspect


def _paper(r: Reader, path: PathKey) -> str:
    """A paper name or ``WIDTHxHEIGHT`` in mm, refused at its key when unknown."""
    text = r.string(path)
    try:
        paper_named(text)
    except BoardgenError as error:
        raise r.error(path, error.message) from None
    return text


def _sources(r: Reader) -> tuple[Source, ...]:
    if not r.has(("sources",)):
        return ()
    result = []
    for i in range(len(r.sequence(("sources",)))):
        path: PathKey = ("sources", i)
        r.mapping(path, required=("document", "language", "about"))
        result.append(
            Source(
                document=r.string((*path, "document")),
                language=r.string(
                    (*path, "language"), pattern=r"[a-z]{2}", what="a two-letter language code"
                ),
                about=r.string((*path, "about")),
            )
        )
    return tuple(result)


#: Parts of a game the sources may leave open, which a descriptor then proposes itself.
PROPOSAL_PARTS = ("setup", "first")


def _proposals(r: Reader) -> tuple[str, ...]:
    """The parts (``setup``, ``first``) that are the descriptor's proposal, not the
    sources' rule: the rule sheets say so."""
    if not r.has(("proposals",)):
        return ()
    items = r.sequence(("proposals",))
    parts = [r.string(("proposals", i), choices=PROPOSAL_PARTS) for i in range(len(items))]
    for i, part in enumerate(parts):
        if part in parts[:i]:
            raise r.error(("proposals", i), f"'{part}' is listed twice")
    return tuple(parts)


def _examples(r: Reader, langs: Sequence[str], resolver: RegionResolver) -> tuple[Example, ...]:
    """Example moves; whether each is legal is checked by the engine (``validate``)."""
    if not r.has(("examples",)):
        return ()
    result: list[Example] = []
    seen: set[str] = set()
    count = len(r.sequence(("examples",)))
    if count > MAX_EXAMPLES:
        raise r.error(
            ("examples", MAX_EXAMPLES), f"{count:,} examples: at most {MAX_EXAMPLES} fit the rule sheets"
        )
    for i in range(count):
        path: PathKey = ("examples", i)
        r.mapping(path, required=("id", "topic", "move", "caption"), optional=("position", "window"))
        example_id = r.string(
            (*path, "id"),
            pattern=ID_PATTERN,
            what="an id of lowercase letters, digits and dashes",
            max_length=MAX_ID,
        )
        if example_id in seen:
            raise r.error((*path, "id"), f"two examples are called '{example_id}'")
        seen.add(example_id)
        position = r.string((*path, "position")) if r.has((*path, "position")) else None
        result.append(
            Example(
                id=example_id,
                topic=r.string((*path, "topic"), pattern=r"[a-z][a-z0-9-]*", what="a topic name"),
                position=position,
                move=r.string((*path, "move")),
                caption=_texts(r, (*path, "caption"), langs, limit=MAX_CAPTION),
                window=_window(r, resolver, (*path, "window")),
            )
        )
    return tuple(result)


def _window(r: Reader, resolver: RegionResolver, path: PathKey) -> frozenset[int] | None:
    """An example's window: a region expression whose cells the diagram shows."""
    if not r.has(path):
        return None
    cells = resolver.evaluate(path)
    if not cells:
        raise r.error(path, "the window holds no cell")
    return cells
