"""The end of a game in words: who won, said once and shown where the moves were.

When a game ends in play mode the pupil must hear it, not only see a status line change:
:class:`~teachgames.widgets.seats.SeatedWidget` puts :func:`result_words` ("Game over.
Pupil wins.") in the message box (where the last bot's move was shown, as if the game
went on), has the live region say it once with the final scores, and adds the view-model's
``result`` so that the front-end moves the keyboard focus to that summary.

Pure text (no heavy imports); game-independent: it needs only the seats' names and the
game's ``winners()``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .labels import widget_label


def joined_names(names: Sequence[str], language: str) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy" ("и" in Russian and Bulgarian)."""
    if len(names) < 2:
        return "".join(names)
    return widget_label("result.and", language, first=", ".join(names[:-1]), last=names[-1])


def result_words(names: Sequence[str], winners: Sequence[int], language: str) -> str:
    """The end of a game in one sentence: the winner, or the players who share first place."""
    best = [names[p] for p in winners if 0 <= p < len(names)]
    if len(best) == 1:
        return widget_label("result.winner", language, name=best[0])
    if best:
        return widget_label("result.tie", language, names=joined_names(best, language))
    return widget_label("status.game_over", language)


def spoken_result(words: str, vm: Mapping[str, Any]) -> str:
    """What the live region says at the end: the result, then the final scores, from the
    status line ("Game over: Ann 37/8, Bob 29/8") or else from the score table."""
    status = str(vm.get("status") or "")
    scores = status.split(":", 1)[1].strip() if ":" in status else ""
    if not scores:
        rows = vm.get("scores") or []
        scores = ", ".join(f"{row['name']} {row['score']}" for row in rows if isinstance(row, Mapping))
    return f"{words} {scores}." if scores else words
