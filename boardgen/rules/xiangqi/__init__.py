"""The xiangqi family (Chinese chess): its engine, notation and rule sheet.

:mod:`.tables` and :mod:`.board` generate moves fast (bits on Python integers and
precomputed move tables); :mod:`.game` is the Engine protocol over immutable positions
with the rules of the game's end; :mod:`.chase` judges chases for the perpetual-chase
rule; :mod:`.fen` and :mod:`.notation` write and read positions and moves; :mod:`.family`
plugs it all in and writes the rule sheet.
"""
