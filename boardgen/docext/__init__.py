"""Documentation extensions (a front end): board diagrams in Sphinx and Markdown pages.

Users name them by their public names, ``boardgen.sphinx`` and ``boardgen.markdown``
(two entry modules at the package root); the code is here: :mod:`.sphinx`,
:mod:`.markdown`, what both read (:mod:`.blocks`) and the directive's fast option reader
(:mod:`.sphinx_options`).
"""
