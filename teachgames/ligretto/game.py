"""LigrettoGame: the whole game, the rules engine plus its explanations and pictures.

The layers run one way: rules → cards → state → moves → engine → explanations → pictures
→ simulation. :class:`~.engine.LigrettoEngine` knows the rules only; this top module adds
what the shared layers ask of a game (``explain``, ``explain_scores``, ``picture``) by
calling the modules below it, imported when first used so that making a game loads
neither sympy nor the drawing code.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.errors import IllegalMove
from .engine import LigrettoEngine, scenario_position
from .moves import LigrettoMove

if TYPE_CHECKING:
    from ..explain import Explanation


class LigrettoGame(LigrettoEngine):
    """Ligretto for 2–12 players (RULES.md §3); see docs/ligretto.md."""

    def explain(
        self,
        move: LigrettoMove | Mapping[str, Any],
        language: str | None = None,
        names: Sequence[str] | None = None,
    ) -> Explanation:
        """Why ``move`` is legal now, or why not (colour, "exactly one more", the race)."""
        from .explain import explain_move, explain_refusal

        try:
            m = self.coerce_move(move)
        except IllegalMove as exc:
            return explain_refusal(exc.words(language), language)
        return explain_move(self, m, language, names)

    def explain_scores(self, language: str | None = None, names: Sequence[str] | None = None) -> Explanation:
        """Every finished round's points (centre − stack × 2) and the running totals."""
        from .explain import explain_scores

        return explain_scores(self, language, names)

    def picture(
        self,
        move: LigrettoMove | Mapping[str, Any] | None = None,
        *,
        language: str | None = None,
        viewer: int | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        """The table as SVG (from ``viewer``'s seat: None = the teacher sees all)."""
        from .draw import table_svg

        highlight = self.cards_used(move) if move is not None else []
        player = self.coerce_move(move).player if move is not None else None
        return table_svg(self.view(viewer), language=language, names=names, highlight=highlight,
                         highlight_player=player)  # fmt: skip

    def _repr_svg_(self) -> str:
        return self.picture()


@functools.wraps(scenario_position)
def scenario(*args: Any, **kwargs: Any) -> LigrettoGame:
    return LigrettoGame(*scenario_position(*args, **kwargs))


scenario.__signature__ = inspect.signature(scenario_position).replace(  # type: ignore[attr-defined]
    return_annotation="LigrettoGame"
)

__all__ = ["LigrettoGame", "scenario"]
