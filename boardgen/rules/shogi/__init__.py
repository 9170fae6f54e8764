"""The shogi family (Japanese chess): its engine, notation and rule sheet.

:mod:`.tables` and :mod:`.board` generate moves fast (bits on Python integers, rays
and step tables; drops, promotion, nifu and uchifuzume); :mod:`.game` is the Engine
protocol over immutable positions with the repetition rule; :mod:`.notation` writes
and reads SFEN and USI; :mod:`.family` plugs it all in and writes the rule sheet.
"""
