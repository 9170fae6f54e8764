"""Themes: a club's or publisher's colours and booklet words, laid over every game built.

A theme file (``boardgen build --theme FILE``, ``render --theme FILE``) is YAML:

.. code-block:: yaml

    colours: {light: "#f0e6d2", dark: "#6d8b74", line: "#1d2b22"}  # print.colours keys
    players: {white: "#fbfaf5", black: "#20262b"}                    # piece colours, by player id
    booklet:
      title: {en: Tuesday Club Games, fr: Les jeux du mardi}          # the booklet's title
      cover: {en: Printed for the Tuesday club}                       # a line under it
    fonts: {text: fonts/Serif.ttf, bold: fonts/Serif-Bold.ttf}       # print.fonts keys

Colours replace the games' own (a player id a game lacks is ignored); the booklet words
replace the catalogue's title and subtitle in the languages given; the fonts (files
relative to the theme, :mod:`.typefaces`) replace every game's and set the booklets'
own pages. Everything is checked as a descriptor is, each complaint located in the
theme file; the greyscale rule is then checked on every game as themed (``build`` notes
each colour that fails it), and every game's texts must print in the theme's fonts
(a character a font lacks is refused at the theme's ``fonts`` key).
"""

from __future__ import annotations

__all__ = ["Theme", "apply_theme", "load_theme"]

import os
from collections.abc import Mapping
from dataclasses import field, replace

from ..errors import BoardgenError
from ..foundation.fonts import FontSet
from ..foundation.values import frozen
from .model import Variant
from .parse import THEME_KEYS
from .printable import MAX_TITLE, check_printable
from .reader import Reader
from .typefaces import parse_fonts
from .words import COLOUR_PATTERN, known_languages
from .yamlload import Loaded, PathKey, load_file


@frozen
class Theme:
    """Colours for boards and pieces, and the booklet's title and cover line per language."""

    colours: Mapping[str, str] = field(default_factory=dict)
    players: Mapping[str, str] = field(default_factory=dict)
    title: Mapping[str, str] = field(default_factory=dict)
    cover: Mapping[str, str] = field(default_factory=dict)
    #: The faces every game prints in (None: each game's own).
    fonts: FontSet | None = None
    #: The loaded file, to locate complaints found when the theme meets a game.
    origin: Loaded | None = field(default=None, compare=False, repr=False)

    def error(self, path: PathKey, message: str) -> BoardgenError:
        """A :class:`BoardgenError` about the theme's value at ``path``, at its line."""
        if self.origin is None:
            return BoardgenError(message, key=".".join(str(k) for k in path))
        return self.origin.error(path, message)


def load_theme(path: str | os.PathLike[str]) -> Theme:
    """The theme in the YAML file at ``path``; a bad key is one located error."""
    loaded = load_file(path)
    r = Reader(loaded)
    r.mapping((), optional=("colours", "players", "booklet", "fonts"))

    def colours(where: PathKey, keys: tuple[str, ...] | None) -> dict[str, str]:
        if not r.has(where):
            return {}
        given = r.mapping(where, optional=keys) if keys is not None else r.free_mapping(where)
        return {
            str(k): r.string((*where, k), pattern=COLOUR_PATTERN, what="a colour like #1a2b3c") for k in given
        }

    def words(where: PathKey) -> dict[str, str]:
        if not r.has(where):
            return {}
        given = r.mapping(where, optional=known_languages())
        return {
            lang: check_printable(r, (*where, lang), r.string((*where, lang)), MAX_TITLE) for lang in given
        }

    if r.has(("booklet",)):
        r.mapping(("booklet",), optional=("title", "cover"))
    return Theme(
        colours=colours(("colours",), THEME_KEYS),
        players=colours(("players",), None),
        title=words(("booklet", "title")),
        cover=words(("booklet", "cover")),
        fonts=parse_fonts(r, ("fonts",)) if r.has(("fonts",)) else None,
        origin=loaded,
    )


def apply_theme(variant: Variant, theme: Theme) -> Variant:
    """``variant`` with the theme's colours and fonts over its own."""
    if not theme.colours and not theme.players and theme.fonts is None:
        return variant
    printing = replace(
        variant.print,
        colours={**variant.print.colours, **theme.colours},
        fonts=theme.fonts or variant.print.fonts,
    )
    players = tuple(replace(p, colour=theme.players.get(p.id, p.colour)) for p in variant.players)
    return replace(variant, print=printing, players=players)
