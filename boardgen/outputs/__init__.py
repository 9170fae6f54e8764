"""Outputs: the files boardgen makes for a game, and the whole library built at once.

:mod:`.files` renders each output of one game; :mod:`.build` builds many in parallel
(on :mod:`.workpool`'s workers) into one folder guarded by :mod:`.outdir`;
:mod:`.gallery` writes the index page; :mod:`.validate` runs ``boardgen validate``'s checks,
:mod:`.coverage` among them (whether a game's faces draw all it prints).
"""
