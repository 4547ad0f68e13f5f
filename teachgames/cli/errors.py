"""How the command reports a user's mistake: one line, an exit code, never a traceback.

A wrong path, a wrong number of names or a saved game that does not load is the user's
to fix, so the command says what is wrong in one line on stderr and exits with 2 (the
usual code for a usage error). Anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from ..core.errors import GameFileError, IllegalMove, TypesettingError, UsageError

#: Exit code for a mistake in what the user asked (argparse uses the same).
USAGE = 2
#: Exit code when the work could not be done (a file could not be written, ...).
FAILED = 1
#: Exit code after Ctrl-C, as a shell reports it (128 + SIGINT).
INTERRUPTED = 130


def say(message: str) -> None:
    """One line on stderr, prefixed with the command's name."""
    print(f"teachgames: {message}", file=sys.stderr)


def guarded(run: Callable[[], int]) -> int:
    """Run a sub-command; turn the user's mistakes into one line and an exit code."""
    try:
        return run()
    except UsageError as exc:
        say(str(exc))
        return USAGE
    except GameFileError as exc:
        say(f"cannot load the saved game: {exc}")
        return USAGE
    except IllegalMove as exc:
        say(exc.reason)
        return FAILED
    except TypesettingError as exc:
        say(str(exc))
        return FAILED
    except OSError as exc:
        say(os_error_words(exc))
        return FAILED
    except KeyboardInterrupt:
        print(file=sys.stderr)  # leave the ^C on its own line
        say("interrupted")
        return INTERRUPTED


def os_error_words(exc: OSError) -> str:
    """``[Errno 13] Permission denied: 'x'`` in plain words: what failed, and on which file."""
    what = exc.strerror or str(exc)
    if exc.filename is not None:
        return f"{exc.filename}: {what}"
    return what
