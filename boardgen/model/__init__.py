"""Model: a game as plain values, above its descriptor and its rules engine.

A game found by id or file with its engine built (:mod:`.games`), its positions and moves
as immutable values (:mod:`.positions`), a position as a text board (:mod:`.textboard`),
and what self-played games say about it (:mod:`.facts`). Nothing here draws: pictures are
joined to the model in :mod:`boardgen.api`.
"""
