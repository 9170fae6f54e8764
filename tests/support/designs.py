"""Small print-only games the tests write into folders: pieces drawn from an artwork file
(``towers``), and a set of counters as large as wanted (``counters``)."""

from __future__ import annotations

#: A tower drawn in the counter's ink: the artwork a piece kind names.
TOWER_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <path d="M20 90 L80 90 L70 80 L65 35 L75 35 L75 15 L25 15 L25 35 L35 35 L30 80 Z" fill="currentColor"/>
</svg>
"""

_GAME = """\
format: 1
id: {id}
title: {{en: {title}}}
players:
  - {{id: light, name: {{en: Light}}, colour: "#f4eee0", letter: L}}
  - {{id: dark, name: {{en: Dark}}, colour: "#2b2b2b", letter: D}}
first: light
board: {{kind: square, width: 5, height: 5, playable: all}}
{pieces}setup:
  light: {light}
  dark: {dark}
rules: {{family: none}}
print: {{cell_size: {cell_size}}}
"""


def towers(artwork: str, game_id: str = "towers") -> str:
    """Three towers a side, drawn from the file ``artwork`` (as the descriptor names it)."""
    return _GAME.format(
        id=game_id,
        title="Towers",
        pieces=f'pieces:\n  - {{id: tower, name: {{en: tower}}, artwork: "{artwork}"}}\n',
        light="{tower: {cells: [a1, c1, e1]}}",
        dark="{tower: {cells: [a5, c5, e5]}}",
        cell_size=40,
    )


def counters(count: int, cell_size: float, game_id: str = "many") -> str:
    """``count`` counters a side at ``cell_size`` mm (three of them on the board)."""
    return _GAME.format(
        id=game_id,
        title="Many",
        pieces="",
        light=f"{{men: {{cells: [a1, c1, e1]}}, count: {count}}}",
        dark=f"{{men: {{cells: [a5, c5, e5]}}, count: {count}}}",
        cell_size=f"{cell_size:g}",
    )
