"""SGF (Smart Game Format, FF[4]): Go, Hex and Havannah records, and Little Golem's ``.hgf``.

:mod:`.tree` reads the tree of nodes, :mod:`.reader` a Go game's main line, :mod:`.go`
and :mod:`.connection` make game records of them, :mod:`.writer` writes Go back.
"""
