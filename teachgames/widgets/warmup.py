"""Warm the explanation machinery while the pupil looks at a new widget.

The first explanation in a fresh kernel pays for loading sympy's printers and the
explanation renderers (more than a second on a classroom laptop). A widget appears long
before the pupil's first click, so that cost is paid in a background thread as soon as
the widget is made: it explains one legal move of a *copy* of the game (the pupil's game
is never touched from another thread) and renders it as text and SVG. Once per process.
"""

from __future__ import annotations

import logging
import sys
import threading
from typing import Any

log = logging.getLogger(__name__)

#: Set to False to leave the first explanation cold (benchmarks compare both).
ENABLED = True
_lock = threading.Lock()
_started: list[threading.Thread] = []


def _work(game: Any) -> None:
    try:
        moves = game.legal_moves(0) if game.current_player is None else game.legal_moves()
        if moves:
            explanation = game.explain(moves[0])
            explanation.text()
            explanation.svg()
        game.explain_scores().svg()
    except Exception:  # warming is a nicety: a failure here must never reach the pupil
        log.debug("teachgames: warming the explanations failed", exc_info=True)


def warm_explanations(game: Any) -> threading.Thread | None:
    """Start warming in a daemon thread (the first time only); return the thread.

    In the browser (Pyodide) there are no threads: nothing is started there."""
    if sys.platform == "emscripten" or not ENABLED:
        return None
    with _lock:
        if _started:
            return None
        try:
            twin = game.copy()
            thread = threading.Thread(target=_work, args=(twin,), name="teachgames-warm-up", daemon=True)
            thread.start()
        except Exception:  # no threads here, or a game that cannot copy itself: no warm-up
            log.debug("teachgames: no warm-up", exc_info=True)
            return None
        _started.append(thread)
    return thread
