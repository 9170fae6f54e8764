"""The designer's studio: ``boardgen serve [DIR]``, a local web page for writing a game.

The page lists the games of DIR (editable) and the shipped ones (read-only); for one game
it shows the descriptor in an editor (CodeMirror, with completion and help from the
descriptor schema, every problem at its line) and, beside it, the board, the start
position (to play moves on), the pieces sheet and the rule sheet's pages in a chosen
language, remade as the text changes. It makes, renames, deletes (into ``.trash``) and
saves files atomically, refuses a save over a newer version of the file, offers every
file of the game for download, and plays the game against itself for its facts
(:mod:`boardgen.model.facts`).

Layers: the studio sits at the top beside the command line and uses only the library
below it; the ``serve`` command is its one entry point. Modules:

* :mod:`.folder`: the files of DIR, with no way out of it (names, symlinks, versions,
  new, rename, trash); :mod:`.naming`: a descriptor's id following its file's name;
* :mod:`.guard`: what every request must show (token, Host, Origin, site, size, time);
* :mod:`.problems`: what is wrong with a text, each problem at its line;
* :mod:`.work`: what runs in worker processes (previews in parts, moves, pages,
  downloads, facts); :mod:`.workers`: those processes, jobs by lane, cancelled and timed;
* :mod:`.events`: the pages' event streams and the pictures they name by digest;
* :mod:`.app`: the Starlette application (routes);
* :mod:`.server`: choosing the port, printing the address, running uvicorn.

The page is ``static/index.html``, ``studio.js`` and ``studio.css``; its editor is
``static/editor.js``, bundled from ``scripts/studio-editor`` (``make studio-assets``).
"""

__all__: list[str] = []
