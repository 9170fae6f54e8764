"""Text catalogues: every word a rule sheet prints, one folder per language.

A language is data, never code: ``boardgen/texts/<lang>/catalogue.yaml`` holds the
interface words, section titles and one sentence template per rule-switch value
(``params.leaping.promotion.arrival-ends-move``), and ``<lang>/games/<id>.yaml`` the
free text of each game (introduction, background, tips, notes). The languages boardgen
knows are the folders that hold a ``catalogue.yaml``, so adding Spanish means adding
``es/catalogue.yaml`` and ``es/games/*.yaml`` (and ``es`` texts in the descriptors).

Catalogue files are nested YAML mappings, read as safe YAML with duplicate keys
refused and errors located at ``FILE:LINE:COL`` (libyaml reads them when it is there,
the descriptor loader otherwise and for the message of any fault) and looked up by
dotted key. A leaf is either a template string with ``{placeholders}`` or a mapping of
plural forms with at least ``other``: ``one``, ``other`` and exact numbers ``=2``,
chosen by :meth:`Catalogue.count`.

Grammar a sentence needs for a name it is given is data as well: a region's name comes
with its article in the nominative ("der See", "le lac"), and ``meta.cases`` says how a
language that declines it changes the article in each case its sentences use
(German ``{region_acc}``: "den See", ``{region_dat}``: "dem See"); ``meta.contractions``
merges a preposition with the article of a name put right after it ("in dem See" ->
"im See", "hors de le lac" -> "hors du lac").

Typography is data too: the catalogue's ``meta`` says which quotation marks replace
ASCII ``"..."`` pairs, which character replaces ASCII ``'``, and before or after which
characters a no-break space goes (French ``: ; ? ! »`` and ``«``). Only U+00A0 is used:
the embedded Vera font has no narrow no-break space (U+202F).
"""

from __future__ import annotations

__all__ = [
    "TEXTS_DIR",
    "Catalogue",
    "GameTexts",
    "MissingText",
    "catalogue",
    "languages",
    "typeset",
    "with_words",
]

import dataclasses
import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import Any

from ..descriptor.yamlload import load_file, load_package_data
from ..errors import BoardgenError
from ..foundation.values import frozen
from . import TEXTS_DIR, languages

NBSP = "\u00a0"
#: The parts of ``meta`` that are grammar tables rather than texts.
_GRAMMAR = ("meta.cases", "meta.contractions")
_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


class MissingText(BoardgenError):
    """A catalogue lacks a key a rule sheet needs (a rule value without its sentence)."""


@frozen
class Typography:
    """A language's typographic conventions, from its catalogue's ``meta``."""

    quotes: tuple[str, str] = ("\u201c", "\u201d")
    apostrophe: str = "\u2019"
    nbsp_before: str = ""
    nbsp_after: str = ""


def typeset(text: str, rules: Typography) -> str:
    """``text`` with ASCII quotes and apostrophes replaced and no-break spaces placed.

    Idempotent, so texts can be typeset when loaded and again after filling in values.
    """
    if '"' in text:
        parts = text.split('"')
        if len(parts) % 2 == 0:
            raise ValueError(f"unbalanced quotation marks in {text!r}")
        opening, closing = rules.quotes
        text = "".join(
            part + (opening if i % 2 == 0 else closing) if i < len(parts) - 1 else part
            for i, part in enumerate(parts)
        )
    if rules.apostrophe:
        text = text.replace("'", rules.apostrophe)
    for ch in rules.nbsp_before:
        text = re.sub(rf"(?<=\S)[ {NBSP}]*{re.escape(ch)}", NBSP + ch, text)
    for ch in rules.nbsp_after:
        text = re.sub(rf"{re.escape(ch)}[ {NBSP}]*(?=\S)", ch + NBSP, text)
    return text


@frozen
class GameTexts:
    """One game's free text in one language; every part optional."""

    intro: tuple[str, ...] = ()
    about: tuple[str, ...] = ()
    tips: tuple[str, ...] = ()
    components: tuple[str, ...] = ()
    #: Extra paragraphs per section name (``setup``, ``first``, ``end``, ...).
    notes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: The file they come from (empty when there is none), for messages.
    file: str = ""


Leaf = str | Mapping[str, str]


@frozen
class Catalogue:
    """One language's catalogue: look up, fill in, pluralise, join, typeset."""

    lang: str
    file: Path
    entries: Mapping[str, Leaf]
    typography: Typography
    plural_one: frozenset[int]
    #: Per case a sentence may put a name in (``acc``), each article's form in it.
    cases: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: "preposition article" -> the word they merge into before a name ("in dem" -> "im").
    contractions: Mapping[str, str] = field(default_factory=dict)

    # -- lookup ---------------------------------------------------------------------------

    def has(self, key: str) -> bool:
        return key in self.entries

    def _leaf(self, key: str) -> Leaf:
        try:
            return self.entries[key]
        except KeyError:
            raise MissingText(f"no text for '{key}'", file=str(self.file), key=key) from None

    def _fill(self, key: str, template: str, values: Mapping[str, object]) -> str:
        try:
            text = template.format_map(dict(values))
        except KeyError as exc:
            raise MissingText(
                f"'{key}' uses {{{exc.args[0]}}}, which is not given here", file=str(self.file), key=key
            ) from None
        if self.contractions:
            text = self._contract(text, [v for v in values.values() if isinstance(v, str)])
        return typeset(text, self.typography)

    def _contract(self, text: str, names: Sequence[str]) -> str:
        """``text`` with each preposition merged with the article of a name that follows it
        ("in dem See" -> "im See"): only right before a value filled in, never elsewhere."""
        for seam, merged in self.contractions.items():
            preposition, _, article = seam.rpartition(" ")
            for name in names:
                if name.startswith(article + " "):
                    rest = name[len(article) + 1 :]
                    text = text.replace(f"{preposition} {name}", f"{merged} {rest}")
                    text = text.replace(f"{preposition.capitalize()} {name}", f"{merged.capitalize()} {rest}")
        return text

    def declined(self, placeholder: str, name: str, given: Mapping[str, str]) -> dict[str, str]:
        """The values a sentence is filled with for ``name`` (nominative, with its article):
        ``{placeholder}`` itself and ``{placeholder_<case>}`` for each case of ``meta.cases``,
        taken from ``given`` or made by changing the article. A ValueError says which
        case cannot be made (a name whose first word is no article the language lists)."""
        values = {placeholder: name}
        article, _, rest = name.partition(" ")
        for case, articles in self.cases.items():
            if case in given:
                values[f"{placeholder}_{case}"] = given[case]
            elif rest and article.lower() in articles:
                form = articles[article.lower()]
                values[f"{placeholder}_{case}"] = (
                    f"{form[:1].upper() + form[1:] if article[:1].isupper() else form} {rest}"
                )
            else:
                listed = ", ".join(articles)
                raise ValueError(
                    f"'{name}' does not start with an article ({listed}): give its forms, "
                    f"{{name: {name}, {', '.join(f'{c}: ...' for c in self.cases)}}}"
                )
        return values

    def text(self, key: str, **values: object) -> str:
        """The template at ``key`` filled with ``values`` and typeset."""
        leaf = self._leaf(key)
        if not isinstance(leaf, str):
            raise MissingText(f"'{key}' has plural forms: use count()", file=str(self.file), key=key)
        return self._fill(key, leaf, values)

    def count(self, key: str, n: int, **values: object) -> str:
        """The plural form of ``key`` for the number ``n`` (``=n``, else one/other), filled."""
        leaf = self._leaf(key)
        if isinstance(leaf, str):
            return self._fill(key, leaf, {"n": n, **values})
        form = leaf.get(f"={n}") or (leaf.get("one") if n in self.plural_one else None) or leaf["other"]
        return self._fill(key, form, {"n": n, **values})

    def join(self, items: Sequence[str]) -> str:
        """``a``, ``a or b``, ``a, b or c``: the catalogue's way of listing alternatives."""
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        head = items[0]
        for item in items[1:-1]:
            head = self.text("meta.list_more", a=head, b=item)
        return self.text("meta.list_last", a=head, b=items[-1])

    def templates(self) -> dict[str, str]:
        """Every template string, plural forms as ``key[form]``: for checks and tests."""
        found: dict[str, str] = {}
        for key, leaf in self.entries.items():
            if isinstance(leaf, str):
                found[key] = leaf
            else:
                found.update({f"{key}[{form}]": text for form, text in leaf.items()})
        return found

    # -- games ----------------------------------------------------------------------------

    def game_file(self, game_id: str) -> Path:
        return self.file.parent / "games" / f"{game_id}.yaml"

    def game(self, game_id: str) -> GameTexts:
        """The free text of game ``game_id`` (empty when the language has none for it)."""
        return _game_texts(self.game_file(game_id), self.typography)


def _flatten(data: Mapping[str, Any], prefix: str, out: dict[str, Leaf], file: str) -> None:
    for name, value in data.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping) and "other" in value:
            if not all(isinstance(v, str) for v in value.values()):
                raise BoardgenError("plural forms must be text", file=file, key=key)
            bad = [f for f in value if f not in ("one", "other") and not re.fullmatch(r"=\d+", f)]
            if bad:
                raise BoardgenError(f"unknown plural form(s) {', '.join(bad)}", file=file, key=key)
            out[key] = {str(k): str(v) for k, v in value.items()}
        elif isinstance(value, Mapping):
            if key in _GRAMMAR:  # read by catalogue() itself, not texts
                continue
            _flatten(value, f"{key}.", out, file)
        elif isinstance(value, str):
            out[key] = value
        elif not key.startswith("meta."):  # meta also holds lists (quotes, plural_one)
            raise BoardgenError(f"expected text, not {type(value).__name__}", file=file, key=key)


@functools.cache
def catalogue(lang: str) -> Catalogue:
    """The catalogue of ``lang``; a BoardgenError when there is none."""
    file = TEXTS_DIR / lang / "catalogue.yaml"
    if not re.fullmatch(r"[a-z]{2,3}(-[A-Z]{2})?", lang) or not file.is_file():
        known = ", ".join(languages())
        raise BoardgenError(f"no text catalogue for language {lang!r} (known: {known})")
    data = load_package_data(file)
    entries: dict[str, Leaf] = {}
    _flatten(data, "", entries, str(file))
    meta = data.get("meta", {})
    quotes = meta.get("quotes", ["\u201c", "\u201d"])
    typography = Typography(
        quotes=(str(quotes[0]), str(quotes[1])),
        apostrophe=str(meta.get("apostrophe", "")),
        nbsp_before=str(meta.get("nbsp_before", "")),
        nbsp_after=str(meta.get("nbsp_after", "")),
    )
    plural_one = frozenset(int(n) for n in meta.get("plural_one", [1]))
    cases = {
        str(case): {str(a): str(f) for a, f in forms.items()} for case, forms in meta.get("cases", {}).items()
    }
    contractions = {str(seam): str(merged) for seam, merged in meta.get("contractions", {}).items()}
    return Catalogue(lang, file, entries, typography, plural_one, cases, contractions)


@functools.cache
def with_words(lang: str, file: Path) -> Catalogue:
    """The catalogue of ``lang`` with the entries of ``file`` added: a rule family's own
    sentences (:meth:`boardgen.rules.family.RuleFamily.catalogue_file`), in the layout of
    a catalogue. A family adds words, never changes boardgen's: a key boardgen has is
    refused, located in ``file``."""
    base = catalogue(lang)
    loaded = load_file(file)
    if not isinstance(loaded.data, Mapping):
        raise BoardgenError("expected a mapping of catalogue keys", file=str(file))
    added: dict[str, Leaf] = {}
    _flatten(loaded.data, "", added, str(file))
    for key in added:
        if key in base.entries or key.startswith("meta."):
            path = tuple(key.split("."))
            raise loaded.error(
                path, f"'{key}' is boardgen's own text: a family may add keys, not change them"
            )
    return dataclasses.replace(base, entries={**base.entries, **added})


@functools.cache
def _game_texts(file: Path, rules: Typography) -> GameTexts:
    if not file.is_file():
        return GameTexts()
    loaded = load_file(file)
    data = loaded.data
    known = ("intro", "about", "tips", "components", "notes")
    for key in data:
        if key not in known:
            raise loaded.error((key,), f"unknown key; known: {', '.join(known)}", at_key=True)

    def texts(path: tuple[str, ...]) -> tuple[str, ...]:
        value: Any = data
        for part in path:
            value = value.get(part, []) if isinstance(value, Mapping) else []
        items = [value] if isinstance(value, str) else value
        for i, item in enumerate(items if isinstance(items, list) else [None]):
            if not isinstance(item, str):
                where: tuple[str | int, ...] = (*path, i) if isinstance(items, list) else path
                raise loaded.error(where, "expected a text (quote texts that contain ': ')")
        return tuple(typeset(t, rules) for t in items)

    notes = data.get("notes", {})
    if not isinstance(notes, Mapping):
        raise loaded.error(("notes",), "expected a mapping of section names to texts")
    return GameTexts(
        intro=texts(("intro",)),
        about=texts(("about",)),
        tips=texts(("tips",)),
        components=texts(("components",)),
        notes={str(k): texts(("notes", str(k))) for k in notes},
        file=str(file),
    )


def placeholders(template: str) -> set[str]:
    """The ``{names}`` a template uses."""
    return set(_PLACEHOLDER.findall(template))
