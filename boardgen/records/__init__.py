"""Game records: recorded games read, replayed by the rules engines, written back.

:mod:`.record` is the value every format reads into (:class:`~.record.GameRecord`, its
plies and variations); :mod:`.formats` reads any format through one door, telling it by
content (:mod:`.detect`) from a path, a text or a file (:mod:`.source`); moves as records
write them are matched to the engine's legal moves in :mod:`.paths`. One package per
format: :mod:`.pdn` (draughts), :mod:`.sgf` (Go, Hex and Havannah),
and the limits every format keeps (:mod:`.limits`).
"""
