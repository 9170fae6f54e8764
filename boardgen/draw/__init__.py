"""Drawing: positions and records as pictures for Python users and front ends.

:mod:`.diagrams` draws a position as SVG, PDF or PNG (``boardgen.svg`` and friends),
:mod:`.animation` a record as a GIF, :mod:`.options` reads the drawing options written as
text, the same for the command line, Sphinx and Markdown.
"""
