"""Rule families: draughts-like leaping games and stone placement games."""
