"""Foundation: what every layer above stands on and that knows nothing of games.

Paper sizes and their printable area (:mod:`.paper`), typefaces and font files
(:mod:`.fonts`, :mod:`.fontfile`, the shipped faces in ``fonts_data/``), reading a file
a user names, bounded and located (:mod:`.inputfile`), and writing outputs whole or not
at all (:mod:`.fileio`); and :mod:`.values`, whose ``@frozen`` makes every value type.
It imports only :mod:`boardgen.errors`.
"""
