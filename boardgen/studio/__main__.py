"""``python -m boardgen.studio [DIR] [--port N] [--open]``: what ``boardgen serve`` runs.

The command line hands over to this module by starting it in its place (the studio and
the command line are separate front ends; neither imports the other).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import BoardgenError
from .server import serve


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="boardgen serve", description="The designer's studio.")
    parser.add_argument("folder", nargs="?", default=".", type=Path)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--open", dest="open_browser", action="store_true")
    options = parser.parse_args(argv)
    if not 0 <= options.port <= 65535:
        parser.error(f"--port {options.port}: expected 0 to 65535")

    def echo(line: str) -> None:
        print(line, flush=True)

    try:
        serve(options.folder, options.port, echo, open_browser=options.open_browser)
    except BoardgenError as error:
        print(str(error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
