"""SplitGame: the whole game, the rules engine plus its explanations and pictures.

The layers run one way: rules → cards → state/checks → moves → engine → explanations →
pictures. :class:`~.engine.SplitEngine` knows the rules only; this top module adds what
the shared layers ask of a game (``explain``, ``explain_scores``, ``picture``,
``picture_tex``) by calling the modules below it, imported when first used so that
making a game loads neither sympy nor the drawing code.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.errors import IllegalMove
from .engine import SplitEngine, scenario_position
from .moves import SplitMove

if TYPE_CHECKING:
    from ..explain import Explanation


class SplitGame(SplitEngine):
    """A match of Split (three rounds, a score pad); see RULES.md §4 and docs/split.md."""

    def explain(
        self,
        move: SplitMove | Mapping[str, Any],
        language: str | None = None,
        names: Sequence[str] | None = None,
    ) -> Explanation:
        """Why ``move`` is legal now, or why not (its verdict is what ``play`` would say)."""
        from .explain import explain_move, explain_refusal

        try:
            m = self.coerce_move(move)
        except IllegalMove as exc:
            return explain_refusal(exc, language)
        return explain_move(self, m, language, names)

    def explain_scores(self, language: str | None = None, names: Sequence[str] | None = None) -> Explanation:
        """Every pad, step by step: each round's marks and the first open boxes, then the total."""
        from .explain import explain_scores

        return explain_scores(self, language, names)

    def picture(
        self,
        language: str | None = None,
        *,
        move: SplitMove | Mapping[str, Any] | None = None,
        names: Sequence[str] | None = None,
        viewer: int | None = None,
        highlight: Sequence[str] = (),
        width: float = 1180.0,
    ) -> Any:
        """The table as SVG: hands (as ``viewer`` may see them), matches, discard row, pads;
        the cards ``move`` uses (or those in ``highlight``) outlined."""
        from .draw import table_svg

        marked = list(highlight) + (self.cards_used(move) if move is not None else [])
        return table_svg(self.view(viewer), language=language, names=names, highlight=marked, width=width)

    def picture_tex(self, move: SplitMove | Mapping[str, Any]) -> str | None:
        """The cards of ``move`` in TikZ (for the LaTeX export), or None for moves without cards."""
        from .tikz import move_tikz

        return move_tikz(self.coerce_move(move))

    def _repr_svg_(self) -> str:
        return str(self.picture())


@functools.wraps(scenario_position)
def scenario(*args: Any, **kwargs: Any) -> SplitGame:
    return SplitGame(*scenario_position(*args, **kwargs))


scenario.__signature__ = inspect.signature(scenario_position).replace(  # type: ignore[attr-defined]
    return_annotation="SplitGame"
)

__all__ = ["SplitGame", "scenario"]
