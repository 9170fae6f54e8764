"""What a variant id may be: lowercase letters, digits and single dashes (``pool-checkers``).

Its own module so that looking an id up (every command does) needs no descriptor parsing.
"""

from __future__ import annotations

__all__ = ["ID_PATTERN"]

ID_PATTERN = r"[a-z0-9]+(-[a-z0-9]+)*"
