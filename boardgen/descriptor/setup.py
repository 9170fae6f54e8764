"""The parts of a descriptor about what stands on the board: named regions with their
looks (``regions``), kinds of pieces (``pieces``) and each player's setup (``setup``)."""

from __future__ import annotations

__all__ = [
    "MAX_GLYPH",
    "MAX_IN_HAND",
    "MAX_PIECE_KINDS",
    "PATTERNS",
    "parse_pieces",
    "parse_setup",
    "region_entries",
]

from collections.abc import Sequence

from ..errors import BoardgenError
from .artwork import Artwork, ArtworkError, read_artwork
from .model import PieceKind, RegionStyle
from .printable import MAX_NAME, check_printable
from .reader import Reader
from .regions import RegionResolver
from .words import COLOUR_PATTERN
from .words import texts as _texts
from .yamlload import PathKey

#: Patterns a region may be drawn with.
PATTERNS = ("none", "hatch", "dots")


def region_entries(r: Reader, langs: Sequence[str]) -> tuple[dict[str, PathKey], dict[str, RegionStyle]]:
    """Each named region's expression path and, where the entry says how it looks
    (``where:`` with ``name``, ``colour``, ``pattern``), its style."""
    if not r.has(("regions",)):
        return {}, {}
    named: dict[str, PathKey] = {}
    styles: dict[str, RegionStyle] = {}
    for name in r.free_mapping(("regions",)):
        path: PathKey = ("regions", name)
        value = r.get(path)
        if isinstance(value, dict) and "where" in value:
            r.mapping(path, required=("where",), optional=("name", "colour", "pattern"))
            named[name] = (*path, "where")
            colour = (
                r.string((*path, "colour"), pattern=COLOUR_PATTERN, what="a colour like #1a2b3c")
                if r.has((*path, "colour"))
                else None
            )
            names, forms = _region_name(r, (*path, "name"), langs) if r.has((*path, "name")) else ({}, {})
            styles[name] = RegionStyle(
                name=names,
                forms=forms,
                colour=colour,
                pattern=r.string((*path, "pattern"), choices=PATTERNS)
                if r.has((*path, "pattern"))
                else "none",
            )
        else:
            named[name] = path
    return named, styles


def _region_name(
    r: Reader, path: PathKey, langs: Sequence[str]
) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """A region's name per language, with its article ("der See"); a language may give
    it as ``{name: die Sümpfe, acc: ..., dat: ...}``, the forms a sentence in that
    language's cases uses when they cannot be made from the article (plurals, weak
    nouns; which cases a language needs is its catalogue's ``meta.cases``)."""
    given = r.free_mapping(path)
    forms: dict[str, dict[str, str]] = {}
    for lang in given:
        where: PathKey = (*path, lang)
        if isinstance(r.get(where), dict):
            keys = r.free_mapping(where)
            if "name" not in keys:
                raise r.error(where, "give the name itself too: {name: ..., acc: ..., dat: ...}")
            forms[str(lang)] = {
                str(k): check_printable(r, (*where, k), r.string((*where, k)), MAX_NAME)
                for k in keys
                if k != "name"
            }
    plain = {lang: ((*path, lang, "name") if lang in forms else (*path, lang)) for lang in given}
    names = _texts(r, path, langs, limit=MAX_NAME, at=plain)
    return names, forms


#: Most pieces a player may count (in hand and set up) on a board with fewer cells.
MAX_IN_HAND = 500
#: Most kinds of pieces a game may declare.
MAX_PIECE_KINDS = 32
#: Longest glyph (characters) drawn on a counter.
MAX_GLYPH = 3


def parse_pieces(r: Reader, langs: Sequence[str], ids: Sequence[str]) -> tuple[PieceKind, ...]:
    """The kinds of pieces the game declares: ``id``, ``name`` per language, ``glyph``
    (one for every player, or one per player id): a symbol such as ♚ or up to three letters."""
    if not r.has(("pieces",)):
        return ()
    items = r.sequence(("pieces",), min_items=1)
    if len(items) > MAX_PIECE_KINDS:
        raise r.error(("pieces",), f"at most {MAX_PIECE_KINDS} kinds of pieces")
    kinds: list[PieceKind] = []
    for i in range(len(items)):
        path: PathKey = ("pieces", i)
        given = r.mapping(path, required=("id", "name"), optional=("glyph", "artwork"))
        if ("glyph" in given) == ("artwork" in given):
            raise r.error(path, "give the kind a glyph (a symbol or letters) or an artwork file, one of them")
        kind_id = r.string((*path, "id"), pattern=r"[a-z][a-z0-9-]*", what="a lowercase piece id")
        if kind_id in ("men", "count") or any(k.id == kind_id for k in kinds):
            raise r.error((*path, "id"), f"'{kind_id}' is already a piece kind or a setup key")
        where: PathKey = (*path, "glyph")
        name = _texts(r, (*path, "name"), langs, limit=MAX_NAME)
        if "artwork" in given:
            kinds.append(PieceKind(kind_id, name, {}, _artwork(r, (*path, "artwork"))))
            continue
        if isinstance(r.get(where), dict):
            r.mapping(where, required=tuple(ids))
            glyphs = {pid: r.string((*where, pid), max_length=MAX_GLYPH) for pid in ids}
        else:
            one = r.string(where, max_length=MAX_GLYPH)
            glyphs = {pid: one for pid in ids}
        kinds.append(PieceKind(kind_id, name, glyphs))
    return tuple(kinds)


def _artwork(r: Reader, path: PathKey) -> Artwork:
    """The SVG file named at ``path``, beside the descriptor (inside the studio's folder
    when the descriptor comes from there: :meth:`~.yamlload.Loaded.named_path`)."""
    name = r.string(path, max_length=255)
    try:
        return read_artwork(r.loaded.named_path(name))
    except BoardgenError as error:
        raise r.error(path, f"{name}: {error.message}") from None
    except ArtworkError as error:
        raise r.error(path, f"{name}: {error}") from None


def parse_setup(
    r: Reader,
    resolver: RegionResolver,
    cells: int,
    ids: list[str],
    kinds: tuple[str, ...] = (),
    *,
    in_hand: bool = False,
) -> tuple[dict[str, frozenset[int]], dict[str, int], dict[int, str]]:
    """Each player's pieces, declared count, and the declared kind on each cell.

    A player's setup gives ``men`` (plain pieces) and, for a game that declares kinds of
    pieces (``pieces:``), a region per kind (``king: {cells: [e1]}``); ``count`` is the
    number of pieces in all (required with ``men``, else it defaults to the cells given);
    a game no engine plays (``in_hand``) may count more, up to :data:`MAX_IN_HAND`.
    Whether the pieces stand where the game allows (playable, one per cell, as many as
    declared) is a setup check of ``boardgen validate``, located at the key.
    """
    entries = r.mapping(("setup",), optional=ids)
    setup: dict[str, frozenset[int]] = {pid: frozenset() for pid in ids}
    counts: dict[str, int] = {pid: 0 for pid in ids}
    placed: dict[int, str] = {}
    for pid in entries:
        path: PathKey = ("setup", pid)
        given = r.mapping(path, optional=("men", "count", *kinds))
        if not given:
            raise r.error(
                path, "give the player's men with their count, pieces of a declared kind, or a count in hand"
            )
        if "men" in given and "count" not in given:
            r.mapping(path, required=("men", "count"), optional=kinds)
        cells_of: set[int] = set()
        if "men" in given:
            cells_of |= resolver.evaluate((*path, "men"))
        for kind in kinds:
            if kind in given:
                these = resolver.evaluate((*path, kind))
                for cell in sorted(these):
                    if cell in placed:
                        raise r.error((*path, kind), f"{resolver.grid.name(cell)} already holds a piece")
                    placed[cell] = kind
                cells_of |= these
        setup[pid] = frozenset(cells_of)
        if "count" in given:
            counts[pid] = r.integer(
                (*path, "count"), minimum=0, maximum=max(cells, MAX_IN_HAND) if in_hand else cells
            )
        else:
            counts[pid] = len(cells_of)
    return setup, counts, placed
