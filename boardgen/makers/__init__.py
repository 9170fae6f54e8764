"""Files for makers: laser-cutter SVG and DXF, and 3D-printable STL.

``render --format laser|dxf|stl --what board|pieces`` goes through
:func:`boardgen.makers.files.maker_file`. This package's top holds only the formats, so
that the command line can offer them without loading the drawing code.
"""

from __future__ import annotations

__all__ = ["MAKER_FORMATS"]

#: Format name -> file suffix.
MAKER_FORMATS: dict[str, str] = {"laser": ".svg", "dxf": ".dxf", "stl": ".stl"}
