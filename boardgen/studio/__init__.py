"""The designer's studio: ``boardgen serve [DIR]``, a local web page for writing a game.

The page lists the games of DIR (editable) and the shipped ones (read-only, with "copy
to my folder"); for one game it shows the descriptor in an editor with line numbers
and, beside it, the board, the start diagram, the pieces sheet and the rule sheet's
pages in a chosen language, remade as the text changes. It saves atomically, refuses a
save over a newer version of the file (another tab, another program), offers every
file of the game for download, and plays the game against itself for its facts
(:mod:`boardgen.model.facts`).

Layers: the studio sits at the top beside the command line and uses only the library
below it; the ``serve`` command is its one entry point. Modules:

* :mod:`.folder`: the files of DIR, with no way out of it (names, symlinks, versions);
* :mod:`.guard`: what every request must show (token, Host, Origin, size);
* :mod:`.work`: what runs in worker processes (previews, downloads, facts);
* :mod:`.workers`: those processes, each job under a time limit;
* :mod:`.app`: the Starlette application (routes);
* :mod:`.server`: choosing the port, printing the address, running uvicorn.
"""

__all__: list[str] = []
