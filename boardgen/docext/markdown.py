"""Python-Markdown extension (what MkDocs uses): board diagrams in fenced blocks
(``pip install 'boardgen-print[markdown]'``).

A fenced block whose info string is ``boardgen`` holds ``key: value`` lines (``game``
plus the options every front end shares, :data:`boardgen.docext.blocks.OPTIONS`) and
becomes an inline SVG figure::

    ```boardgen
    game: american-checkers
    move: 11-15
    arrows: 22-18:green
    caption: Black's favourite opening move.
    ```

``markdown.markdown(text, extensions=["boardgen.markdown"])`` does it; MkDocs users
list ``boardgen.markdown`` under ``markdown_extensions`` in ``mkdocs.yml``. With
``pymdownx.superfences`` (which takes over fenced blocks), register the fence instead::

    markdown_extensions:
      - pymdownx.superfences:
          custom_fences:
            - name: boardgen
              class: boardgen
              format: !!python/name:boardgen.markdown.superfences_format

A block inside another fenced block (a ````markdown```` example of the syntax) stays
code. A mistake is located at its page and line, in every set-up:

- under MkDocs, a warning ``docs/page.md:5:1: move: move '11-16' is not legal here; ...``
  (so ``mkdocs build --strict`` fails) and the page shows the same line where the
  diagram would be;
- in plain Python-Markdown, the conversion stops with a
  :class:`~boardgen.errors.BoardgenError` at ``<markdown>:5:1`` (through superfences,
  one that is also superfences' own exception, which it lets through).
"""

from __future__ import annotations

__all__ = ["BoardgenExtension", "block_html", "makeExtension", "superfences_format"]

import functools
import logging
import os
import re
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from ..errors import BoardgenError, Mark
from ..foundation.values import frozen
from .blocks import ALIASES, FIGURE_OPTIONS, DiagramBlock

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`\n]*?)[ \t]*$")
_BOARDGEN_INFO = re.compile(r"^\{?\s*\.?boardgen\b")
#: Warnings go to MkDocs' own logger, which counts them under ``--strict``.
_MKDOCS_LOG = logging.getLogger("mkdocs.extensions.boardgen")


def _inline_markdown(text: str) -> str:
    """A caption written in Markdown (``*two* men``, `` `code` ``, links) as inline HTML."""
    html = Markdown().convert(text).strip()
    return html[3:-4] if html.startswith("<p>") and html.endswith("</p>") else html


def block_html(
    source: str,
    *,
    file: str = "<markdown>",
    line: int = 1,
    base: str | Path | None = None,
    folders: Sequence[str | Path] = (),
    lang: str | None = None,
) -> str:
    """The figure for a block's ``key: value`` lines; errors located at ``file:line``
    (``line`` is the block's first line inside the fence). Paths (a game's YAML file, a
    record) are relative to ``base``, the page's folder; ids are looked up in
    ``folders`` first; ``lang`` is the language of blocks that give none."""
    options: dict[str, str] = {}
    lines: dict[str, int] = {}
    for offset, text in enumerate(source.splitlines()):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        key, colon, value = text.partition(":")
        if not colon:
            raise BoardgenError("write 'key: value'", file=file, mark=Mark(line + offset, 1))
        options[key.strip()] = value.strip()
        lines[key.strip()] = line + offset
    figure = {name: options.pop(name) for name in FIGURE_OPTIONS if name in options}
    try:
        if lang and "lang" not in options:
            options["lang"] = lang
        if figure.get("align") and figure["align"] not in ("left", "center", "right"):
            raise BoardgenError(f"write left, center or right, not {figure['align']!r}", key="align")
        block = DiagramBlock.from_options(options, folders=folders, base=base)
        caption = _inline_markdown(block.caption) if block.caption else ""
        return block.html(
            caption_html=caption,
            alt=figure.get("alt"),
            name=figure.get("name"),
            align=figure.get("align"),
            classes=figure.get("class", "").split(),
        )
    except BoardgenError as error:
        key = error.key or error.message.split(":")[0]
        aliases = [name for name, own in ALIASES.items() if own == key]
        at = next((lines[k] for k in (key, *aliases) if k in lines), line)
        raise BoardgenError(error.message, file=file, mark=Mark(at, 1), key=error.key) from None


@frozen
class _Page:
    """The page being converted: its name in messages, how many lines MkDocs took off
    its top (YAML front matter), and whether MkDocs is converting it."""

    name: str
    offset: int
    mkdocs: bool
    folder: str | None = None


def _page(md: Markdown) -> _Page:
    """MkDocs registers a tree processor holding the page's file before it converts a
    page; without it this is plain Python-Markdown."""
    cached: _Page | None = getattr(md, "_boardgen_page", None)
    if cached is not None:
        return cached
    file = None
    for name in ("relpath", "mkdocs_extract_anchors"):
        if name in md.treeprocessors:
            file = getattr(md.treeprocessors[name], "file", None)
            if file is not None:
                break
    page = _Page("<markdown>", 0, False)
    if file is not None:
        path = str(getattr(file, "abs_src_path", "") or "")
        name = str(getattr(file, "src_uri", "") or path or "<markdown>")
        offset = 0
        if path:
            relative = os.path.relpath(path)
            name = path if relative.startswith("..") else relative
            try:
                with open(path, encoding="utf-8-sig") as handle:
                    raw = handle.read().replace("\r\n", "\n").replace("\r", "\n")
                offset = _lines_above(raw.split("\n"), list(getattr(md, "lines", None) or []))
            except (OSError, UnicodeDecodeError):
                offset = 0
        page = _Page(name, offset, True, os.path.dirname(path) if path else None)
    md._boardgen_page = page  # type: ignore[attr-defined]
    return page


def _lines_above(raw: list[str], converted: list[str]) -> int:
    """How many lines of the page file come before the text Markdown converts (MkDocs takes
    YAML front matter off first): where the converted lines' first few are found."""
    head = converted[:5]
    if not head:
        return 0
    for k in range(len(raw) - len(head) + 1):
        if [line.expandtabs(4).rstrip() for line in raw[k : k + len(head)]] == [
            line.rstrip() for line in head
        ]:
            return k
    return 0


@functools.cache
def _fence_error_type() -> type[BoardgenError]:
    """A BoardgenError that superfences lets through (it hides any other exception of a
    custom fence and shows the block as code)."""
    try:
        # lazy: pymdown-extensions is optional; superfences itself calls this
        from pymdownx.superfences import SuperFencesException  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - superfences calls this, so it is there
        return BoardgenError

    class BoardgenFenceError(SuperFencesException, BoardgenError):  # type: ignore[misc]
        """A bad ``boardgen`` fence, raised through pymdownx.superfences."""

    return BoardgenFenceError


def _failed(md: Markdown, error: BoardgenError, *, superfences: bool = False) -> str:
    """What a bad block becomes: under MkDocs a located warning and the same line on the
    page; elsewhere the error, raised."""
    page = _page(md)
    mark = error.mark
    if mark is not None:
        mark = Mark(mark.line + page.offset, mark.column)
    located = BoardgenError(error.message, file=page.name, mark=mark, key=error.key)
    if page.mkdocs:
        _MKDOCS_LOG.warning(str(located))
        return f'<pre class="boardgen-error">{escape(str(located))}</pre>'
    if superfences:
        raise _fence_error_type()(located.message, file=located.file, mark=located.mark, key=located.key)
    raise located


def _closing(lines: list[str], start: int, fence: str) -> int:
    """The index of the line closing the fence opened at ``start``, or ``len(lines)``."""
    end = start + 1
    while end < len(lines):
        text = lines[end].strip()
        if text and set(text) == {fence[0]} and len(text) >= len(fence):
            return end
        end += 1
    return end


@frozen
class Settings:
    """What ``mkdocs.yml`` (or ``markdown.markdown(extension_configs=...)``) sets:
    ``variants``, folders of one's own descriptors (as Sphinx's ``boardgen_variants``,
    relative to the folder MkDocs runs in), and ``lang``, the language of the diagrams'
    own text where a block gives none."""

    variants: tuple[str, ...] = ()
    lang: str | None = None


def _settings(md: Markdown) -> Settings:
    found = getattr(md, "_boardgen_settings", None)
    return found if isinstance(found, Settings) else Settings()


def _convert(md: Markdown, source: str, line: int) -> str:
    """A block's figure with the page's folder and the extension's settings."""
    settings = _settings(md)
    page = _page(md)
    return block_html(source, line=line, base=page.folder, folders=settings.variants, lang=settings.lang)


class _Blocks(Preprocessor):
    """Replaces each ``boardgen`` fenced block by its figure, kept safe from Markdown;
    other fenced blocks are passed over whole, so an example inside one stays code. A
    block may stand indented, wherever a fence may (an admonition's body, a list item):
    its lines lose that indent, and the figure keeps it."""

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        i = 0
        while i < len(lines):
            opened = _FENCE.match(lines[i])
            if not opened:
                out.append(lines[i])
                i += 1
                continue
            fence = opened.group("fence")
            indent = opened.group("indent")
            end = _closing(lines, i, fence)
            if not _BOARDGEN_INFO.match(opened.group("info")):
                out += lines[i : end + 1]
                i = end + 1
                continue
            if end == len(lines):
                error = BoardgenError("the boardgen block is never closed", mark=Mark(i + 1, 1))
                out += ["", indent + self.md.htmlStash.store(_failed(self.md, error)), ""]
                break
            body = [
                text[len(indent) :] if text.startswith(indent) else text.lstrip()
                for text in lines[i + 1 : end]
            ]
            try:
                html = _convert(self.md, "\n".join(body), i + 2)
            except BoardgenError as error:
                html = _failed(self.md, error)
            out += ["", indent + self.md.htmlStash.store(html), ""]
            i = end + 1
        return out


class BoardgenExtension(Extension):
    """``boardgen.markdown``: fenced ``boardgen`` blocks become diagrams. Settings:
    ``variants`` (folders of one's own descriptors) and ``lang`` (see :class:`Settings`)."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "variants": [[], "Folders of your own descriptors, searched first (like boardgen_variants)"],
            "lang": ["", "Language of the diagrams' own text where a block gives none (en, fr, de)"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        variants = self.getConfig("variants")
        if isinstance(variants, str):
            variants = [variants]
        md._boardgen_settings = Settings(  # type: ignore[attr-defined]
            tuple(str(v) for v in variants), str(self.getConfig("lang") or "") or None
        )
        # Before fenced_code (25), which would otherwise take the block as code.
        md.preprocessors.register(_Blocks(md), "boardgen", 30)


def makeExtension(**kwargs: Any) -> BoardgenExtension:
    """The extension, as Python-Markdown finds it by module name."""
    return BoardgenExtension(**kwargs)


def _source_line(md: Any, source: str) -> int:
    """The page line of the first line inside the fence holding ``source``.

    Superfences gives its formatter the block, not where it was; Markdown keeps the page's
    lines (``md.lines``) while its preprocessors run, so the block is looked up there, the
    n-th block of the same text for the n-th call.
    """
    page: list[str] = getattr(md, "lines", None) or []
    lines = list(page)
    wanted = [text.strip() for text in source.split("\n")]
    # counted per conversion: Markdown makes a new list of lines for each text it converts
    state = md.__dict__.get("_boardgen_seen")
    if state is None or state[0] != id(page):
        state = (id(page), {})
        md.__dict__["_boardgen_seen"] = state
    seen: dict[str, int] = state[1]
    skip = seen.get(source, 0)
    seen[source] = skip + 1
    for i, text in enumerate(lines):
        opened = re.match(r"^\s*(?:>\s*)*(`{3,}|~{3,})\s*(.*)$", text)
        if not opened or "boardgen" not in opened.group(2):
            continue
        inside = [row.strip().lstrip(">").strip() for row in lines[i + 1 : i + 1 + len(wanted)]]
        if inside == [w.lstrip(">").strip() for w in wanted]:
            if skip == 0:
                return i + 2
            skip -= 1
    return 1


def superfences_format(
    source: str, language: str, css_class: str, options: Any, md: Any, **kwargs: Any
) -> str:
    """A ``pymdownx.superfences`` custom fence formatter for ``boardgen`` blocks."""
    line = _source_line(md, source)
    try:
        return _convert(md, source, line)
    except BoardgenError as error:
        return _failed(md, error, superfences=True)
