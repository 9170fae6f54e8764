"""Setup checks run by ``boardgen validate`` and before anything is printed.

Generic checks (cells, counts, and mirrored setups when the rule family asks for them,
see :attr:`~boardgen.rules.family.RuleFamily.mirrored_setup`) look only at the
descriptor; the rules engine adds what needs play: the side to move has a move, no
capture is possible on move one (when the family asks for it), each family's own
checks (Catchup's score track) and the examples of the rule sheets. Every failed check
names the descriptor key it is about, so :func:`ensure_printable` can refuse with
``FILE:LINE:COL: key: what is wrong``.
"""

from __future__ import annotations

__all__ = [
    "colour_warnings",
    "compile_builtin",
    "design_warnings",
    "ensure_printable",
    "failures",
    "run_checks",
    "sheet_check",
]

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..descriptor import compiled
from ..descriptor.builtin import builtin_dir
from ..descriptor.library import Library
from ..descriptor.model import Variant
from ..errors import BoardgenError
from ..foundation.fonts import DEFAULT
from ..foundation.paper import paper_named
from ..render.counter_pages import check_pieces_page_limit
from ..render.legible import colour_findings
from ..render.pages import MAX_PAGES
from ..render.pictures import check_page_limit
from ..render.typefaces import in_its_fonts
from ..render.vision import vision_findings
from ..rules.base import Check, Engine
from ..rules.registry import family, make_game
from ..sheets.words import sheet_words
from .coverage import font_gap


@in_its_fonts
def run_checks(variant: Variant, *, sheets: bool = False) -> list[Check]:
    """Every check, in a fixed order; the engine's only when the setup is well formed.

    With ``sheets`` (``validate`` and ``build``, which print rule sheets), also that the
    rule sheet's diagrams fit its paper; a diagram of the game needs no such thing."""
    checks = [_on_playable_cells(variant), _one_per_cell(variant), _counts(variant)]
    checks.append(_fonts_draw(variant))
    if family(variant.rules.family).mirrored_setup:
        checks.append(_mirror(variant))
    if all(check.ok for check in checks[:2]):
        checks.extend(_engine_checks(variant))
    else:
        checks.append(Check("rules engine checks", False, "not run: fix the setup first", ("setup",)))
    if sheets:
        checks.append(_sheet_fits(variant))
    return checks


def colour_warnings(variant: Variant) -> list[Check]:
    """The greyscale colour rule (:mod:`boardgen.render.legible`): one failed check per
    piece colour that would vanish on its cells on a black-and-white printer, then per
    pair that fails it only as seen with protanopia, deuteranopia or tritanopia
    (:mod:`boardgen.render.vision`). A warning, not a failure: the game plays and
    prints, only less readably."""
    greyscale = [
        Check(
            "colours readable in greyscale", False, found.message(), ("players", found.player_index, "colour")
        )
        for found in colour_findings(variant)
        if not found.ok
    ]
    return greyscale + [
        Check(
            "colours readable with colour-vision deficiencies",
            False,
            seen.message(),
            ("players", seen.finding.player_index, "colour"),
        )
        for seen in vision_findings(variant)
    ]


def design_warnings(variant: Variant) -> list[Check]:
    """What a designer probably left unfinished, each at its key: a region nothing uses,
    a scoring track nothing scores, a free text given in only some of the game's
    languages. Warnings, not failures: the game still prints."""
    found: list[Check] = []
    data = variant.origin.data if variant.origin is not None else {}
    for name in variant.regions:
        style = variant.region_styles.get(name)
        shown = style is not None and (style.name or style.colour or style.pattern != "none")
        if not shown and name not in _named_elsewhere(data, name):
            detail = (
                f"region '{name}' is used by nothing: no setup, example, rule or other region names it, "
                "and it has no name, colour or pattern to print"
            )
            found.append(Check("every region is used", False, detail, ("regions", name)))
    if variant.scoring_track is not None and not family(variant.rules.family).plays:
        detail = "nothing scores on this track: no engine plays this game; say on the sheet how scores move"
        found.append(Check("the scoring track is scored", False, detail, ("furniture", "scoring_track")))
    langs = variant.languages
    for lang, texts in variant.sheet.items():
        parts: list[tuple[tuple[str | int, ...], str]] = [
            ((part,), part) for part in ("intro", "about", "tips", "components") if getattr(texts, part)
        ]
        parts += [(("notes", section), f"notes.{section}") for section in texts.notes]
        for key, label in parts:
            lacking = [
                other for other in langs if other != lang and not _has_part(variant.sheet.get(other), key)
            ]
            if lacking:
                detail = f"sheet {label} is given in {lang} but not in {', '.join(lacking)}"
                found.append(Check("free texts in every language", False, detail, ("sheet", lang, *key)))
    return found


def _named_elsewhere(data: object, name: str) -> set[str]:
    """``{name}`` when some string outside ``regions.<name>`` itself equals ``name``."""
    if not isinstance(data, dict):
        return set()
    places: list[object] = [data.get(k) for k in ("setup", "examples", "rules", "board")]
    places += [v for k, v in (data.get("regions") or {}).items() if k != name]
    stack = list(places)
    while stack:
        item = stack.pop()
        if item == name:
            return {name}
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return set()


def _has_part(texts: object, key: tuple[str | int, ...]) -> bool:
    if texts is None:
        return False
    if key[0] == "notes":
        return bool(getattr(texts, "notes", {}).get(str(key[1])))
    return bool(getattr(texts, str(key[0])))


def failures(variant: Variant, *, sheets: bool = False) -> list[Check]:
    return [check for check in run_checks(variant, sheets=sheets) if not check.ok]


def ensure_printable(variant: Variant, *, sheets: bool = False) -> None:
    """Raise a located error for the first failed check: nothing is printed from a bad setup
    (``sheets``: nor from one whose rule sheet cannot fit its paper)."""
    bad = failures(variant, sheets=sheets)
    if bad:
        raise variant.error(bad[0].key, bad[0].detail)


def compile_builtin(target: Path = compiled.CACHE_FILE) -> None:
    """Read and check every shipped game and store them compiled in ``target``
    (:mod:`boardgen.descriptor.compiled`; ``make`` runs it when a game or the code is
    newer): a game that fails a check stops it, so only checked games are ever stored."""
    library = Library(builtin=True, environ={})
    entries = {}
    for path in sorted(builtin_dir().glob("*.yaml")):
        (variant,), errors = library.load_many([path])
        if errors:
            raise errors[0]
        ensure_printable(variant)
        entries[path.name] = compiled.stored_form(variant, path.read_bytes())
    compiled.write(entries, target)
    print(f"{len(entries)} games compiled into {target}")


def _on_playable_cells(variant: Variant) -> Check:
    grid = variant.grid
    for player in variant.players:
        men = variant.setup[player.id]
        off = sorted(grid.name(c) for c in men if c not in variant.board.playable)
        restricted = sorted(grid.name(c) for c in men & variant.restricted)
        if off or restricted:
            parts = [f"{', '.join(off)} {'is' if len(off) == 1 else 'are'} not playable"] if off else []
            if restricted:
                verb = "is" if len(restricted) == 1 else "are"
                parts.append(f"{', '.join(restricted)} {verb} in the restricted region")
            return Check("pieces on playable cells", False, "; ".join(parts), ("setup", player.id, "men"))
    return Check("pieces on playable cells", True, "every piece stands on a playable, unrestricted cell")


def _one_per_cell(variant: Variant) -> Check:
    players = variant.players
    for i, second in enumerate(players):
        for first in players[:i]:
            shared = sorted(variant.grid.name(c) for c in variant.setup[first.id] & variant.setup[second.id])
            if shared:
                detail = (
                    f"{', '.join(shared)} {'is' if len(shared) == 1 else 'are'} already taken by {first.id}"
                )
                return Check("one piece per cell", False, detail, ("setup", second.id, "men"))
    return Check("one piece per cell", True, "no cell holds two pieces")


def _counts(variant: Variant) -> Check:
    """Each player's count is the pieces set up; a print-only game may count more, the
    rest being in the player's hand at the start (Go's stones, Morris's men)."""
    in_hand = not family(variant.rules.family).plays
    for player in variant.players:
        have, want = len(variant.setup[player.id]), variant.counts[player.id]
        if have != want and not (in_hand and want > have):
            detail = f"count says {want} but the men region holds {have} cells"
            return Check("piece counts as declared", False, detail, ("setup", player.id, "count"))
    parts = ", ".join(f"{p.id} {variant.counts[p.id]}" for p in variant.players)
    return Check("piece counts as declared", True, parts)


def _mirror(variant: Variant) -> Check:
    grid = variant.grid
    a, b = (variant.setup[p.id] for p in variant.players)
    images = {c: grid.half_turn(c) for c in a}
    turned = frozenset(c for c in images.values() if c is not None)
    if turned == b and None not in images.values():
        return Check("sides mirror each other", True, "a half turn of the board swaps the two setups")
    odd = sorted({grid.name(c) for c in turned ^ b} | {grid.name(c) for c, t in images.items() if t is None})
    detail = f"the two setups are not mirror images under a half turn (differ at {', '.join(odd[:8])})"
    return Check("sides mirror each other", False, detail, ("setup",))


def _fonts_draw(variant: Variant) -> Check:
    """The game's faces draw every character it prints (:func:`boardgen.outputs.coverage.font_gap`):
    a gap in a designer's face is named at its ``print.fonts`` key, one in boardgen's own
    at the text that needs it."""
    name = "texts and glyphs print in the fonts"
    gap = font_gap(variant)
    if gap is None:
        return Check(name, True, "the fonts have a glyph for every character printed")
    if gap.face not in DEFAULT.faces or gap.needed_by is None:
        return Check(name, False, gap.detail(say_what=True), ("print", "fonts", gap.role))
    return Check(name, False, gap.detail(say_what=False), gap.needed_by)


def _engine_checks(variant: Variant) -> list[Check]:
    try:
        game = make_game(variant.game_spec(), variant.rules.family)
        start = game.initial()
    except BoardgenError as error:
        key = tuple(int(k) if k.isdigit() else k for k in (error.key or "setup").split("."))
        return [Check("rules engine accepts the setup", False, error.message, key)]
    if not family(variant.rules.family).plays:
        said = "print-only game (rules.family: none): no engine checks its rules or its examples"
        return [
            Check("rules engine checks", True, said),
            _sheets_compose(variant, game),
            _board_fits(variant),
            _pieces_fit(variant),
        ]
    try:
        moves = game.legal_moves(start)
    except BoardgenError as error:  # too many capture sequences to list
        return [Check("side to move can move", False, error.message, ("setup",))]
    mover = game.to_move(start)
    checks = [
        Check("side to move can move", True, f"{mover} has {len(moves)} legal move(s)")
        if moves
        else Check("side to move can move", False, f"{mover}, who moves first, has no legal move", ("setup",))
    ]
    if family(variant.rules.family).quiet_first_move:
        checks.append(_quiet_first_move(game, moves))
    checks.extend(game.family_checks())
    checks.extend(_example_checks(variant, game))
    checks.append(_sheets_compose(variant, game))
    checks.append(_board_fits(variant))
    checks.append(_pieces_fit(variant))
    return checks


def sheet_check(variant: Variant) -> Check:
    """The rule sheet's diagrams fit its paper: the one check ``run_checks`` adds with
    ``sheets``, for a caller that runs it apart (the studio, just before drawing the sheet)."""
    return _sheet_fits(variant)


def _sheet_fits(variant: Variant) -> Check:
    """The rule sheet's diagrams fit its paper (else the layout stops a build half-way)."""
    # Lazy: the sheets load reportlab, which an SVG diagram (it validates its game) never needs.
    from ..sheets.diagrams import too_tall_for

    name = "rule sheet fits the paper"
    paper = paper_named(variant.print.paper)
    why = too_tall_for(variant, paper)
    if why is not None:
        return Check(name, False, why, ("board",))
    return Check(name, True, f"every diagram fits a page of {paper.name}")


def _quiet_first_move(game: Engine, moves: Sequence[Any]) -> Check:
    """No first move captures: the setup keeps the sides out of each other's reach."""
    name = "no capture on the first move"
    captures = sum(1 for m in moves if game.view(m).captured)
    if captures:
        return Check(name, False, f"{captures} first move(s) would capture", ("setup",))
    return Check(name, True, "the first move captures nothing")


def _board_fits(variant: Variant) -> Check:
    """The true-scale board fits the page limit (``board.pdf`` refuses it otherwise)."""
    name = "board prints within the page limit"
    try:
        check_page_limit(variant)
    except BoardgenError as error:
        key = tuple(int(k) if k.isdigit() else k for k in (error.key or "print.cell_size").split("."))
        return Check(name, False, error.message, key)
    return Check(name, True, f"at {variant.print.cell_size:g} mm cells on {variant.print.paper}")


def _pieces_fit(variant: Variant) -> Check:
    """The pieces sheet fits the page limit (``pieces.pdf`` refuses it otherwise)."""
    name = "pieces sheet prints within the page limit"
    try:
        check_pieces_page_limit(variant, paper_named(variant.print.paper))
    except BoardgenError as error:
        key = tuple(int(k) if k.isdigit() else k for k in (error.key or "print.cell_size").split("."))
        return Check(name, False, error.message, key)
    return Check(name, True, f"at most {MAX_PAGES} pages of {variant.print.paper}")


def _sheets_compose(variant: Variant, game: Engine) -> Check:
    """The rule sheets can be written in every language (as ``render --what rules`` and
    ``build`` do): every example's topic names a section, every rule value has a sentence."""
    name = "rule sheets can be written"
    for lang in variant.languages:
        try:
            sheet_words(variant, lang, game)
        except BoardgenError as error:
            if error.file in (None, str(variant.file)) and error.key:
                key = tuple(int(k) if k.isdigit() else k for k in error.key.split("."))
                return Check(name, False, error.message, key)
            return Check(name, False, f"{lang}: {error}", ("rules",))
    return Check(name, True, f"in {', '.join(variant.languages)}")


def _example_checks(variant: Variant, game: Engine) -> list[Check]:
    """Every example on the rule sheets must be a legal move for the engine."""
    checks = []
    for index, example in enumerate(variant.examples):
        name = f"example '{example.id}' is legal"
        about = f"example '{example.id}': "
        try:
            position = game.initial() if example.position is None else game.parse_position(example.position)
        except BoardgenError as error:
            checks.append(Check(name, False, about + error.message, ("examples", index, "position")))
            continue
        where: tuple[str | int, ...] = ("examples", index, "move")
        try:  # parse_move reads legal moves only; play checks the move once more
            game.play(position, game.parse_move(position, example.move))
        except BoardgenError as error:
            checks.append(Check(name, False, about + error.message, where))
            continue
        checks.append(Check(name, True, f"{example.move} is a legal move"))
    return checks
