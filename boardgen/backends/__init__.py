"""Backends: paint a backend-neutral scene as SVG, PDF (PDF/X for print shops) or PNG.

A backend takes a :class:`boardgen.scene.shapes.Scene` (or a document of pages) and
returns bytes; it knows nothing of games, words or how scenes are made (an import-linter
contract keeps it so).
"""
