"""Python-Markdown extension (what MkDocs uses): board diagrams in fenced blocks
(``pip install boardgen[markdown]``).

A fenced block whose info string is ``boardgen`` holds ``key: value`` lines (``game``
plus the Sphinx directive's options) and becomes an inline SVG figure::

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

A bad option or move stops the conversion with a :class:`~boardgen.errors.BoardgenError`
naming the block's line: ``<markdown>:4: move: move '11-16' is not legal here; ...``.
"""

from __future__ import annotations

__all__ = ["BoardgenExtension", "block_html", "makeExtension", "superfences_format"]

import re
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from .docblocks import DiagramBlock
from .errors import BoardgenError, Mark

_FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})[ \t]*boardgen[ \t]*$")


def block_html(source: str, *, file: str = "<markdown>", line: int = 1) -> str:
    """The figure for a block's ``key: value`` lines; errors located at ``file:line``."""
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
    try:
        return DiagramBlock.from_options(options).html()
    except BoardgenError as error:
        at = lines.get(error.key or "", lines.get(error.message.split(":")[0], line))
        raise BoardgenError(error.message, file=file, mark=Mark(at, 1), key=error.key) from None


class _Blocks(Preprocessor):
    """Replaces each ``boardgen`` fenced block by its figure, kept safe from Markdown."""

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
            end = i + 1
            while end < len(lines) and not lines[end].strip().startswith(fence):
                end += 1
            if end == len(lines):
                raise BoardgenError(
                    "the boardgen block is never closed", file="<markdown>", mark=Mark(i + 1, 1)
                )
            html = block_html("\n".join(lines[i + 1 : end]), line=i + 2)
            out += ["", self.md.htmlStash.store(html), ""]
            i = end + 1
        return out


class BoardgenExtension(Extension):
    """``boardgen.markdown``: fenced ``boardgen`` blocks become diagrams."""

    def extendMarkdown(self, md: Markdown) -> None:
        # Before fenced_code (25), which would otherwise take the block as code.
        md.preprocessors.register(_Blocks(md), "boardgen", 30)


def makeExtension(**kwargs: Any) -> BoardgenExtension:
    """The extension, as Python-Markdown finds it by module name."""
    return BoardgenExtension(**kwargs)


def superfences_format(
    source: str, language: str, css_class: str, options: Any, md: Any, **kwargs: Any
) -> str:
    """A ``pymdownx.superfences`` custom fence formatter for ``boardgen`` blocks."""
    return block_html(source)
