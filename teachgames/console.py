"""The ``teachgames`` console script: Ctrl-C is one line from the first moment.

The command's own handling of Ctrl-C (``cli.errors.guarded``) is in place only once
``teachgames.cli`` and everything it imports are loaded, a few tenths of a second after
the start; an interrupt in that time would print Python's traceback of the import. So
the script starts here, a module that imports nothing of the command itself, and says
the same one line (with the same exit code) if that import is interrupted.
"""

from __future__ import annotations

import sys

#: ``cli.errors.INTERRUPTED``: 128 + SIGINT, as a shell reports Ctrl-C. (Not imported
#: from there: importing it is what may have been interrupted.)
INTERRUPTED = 130


def main() -> int:
    """Load the command and run it; see :func:`teachgames.cli.main`."""
    try:
        from .cli import main as run
    except KeyboardInterrupt:
        print("\nteachgames: interrupted", file=sys.stderr)
        return INTERRUPTED
    return run()
