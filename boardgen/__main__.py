"""``python -m boardgen`` runs the command line."""

from .cli import main

main()
