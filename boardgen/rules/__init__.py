"""Rule families: draughts-like leaping games, stone placement games, and any family
installed as a plug-in. :mod:`.family` is the interface a family provides,
:mod:`.registry` finds families by name, :mod:`.base` is the game they make."""
