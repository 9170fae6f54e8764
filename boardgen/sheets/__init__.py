"""Printed documents laid out with reportlab's platypus: rule sheets, booklets (to read
and to fold) and game sheets of recorded games."""
