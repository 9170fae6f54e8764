"""Render: a game made into scenes (:mod:`boardgen.scene.shapes`), in millimetres.

Boards and diagrams (``board``, ``diagram``, ``pieces``, ``marks``, ``track``), the pages
that hold them (``pages``: one-page boards, maps and tiles; ``counter_pages``: the pieces
sheet; ``ruler``: the calibration ruler), how a board too large for the paper is cut
(``tiles``, ``joins``, ``linecuts``, ``fewer_pages``), and what keeps a picture readable
(``legible``, ``vision``). Nothing here paints or writes a file: the backends paint the
scenes, and paper sizes live in :mod:`boardgen.foundation.paper`.
"""
