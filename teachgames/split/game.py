"""SplitGame: the whole game, the rules engine plus its explanations and pictures.

The layers run one way: rules → cards → state/checks → moves → engine → explanations →
pictures. :class:`~.engine.SplitEngine` knows the rules only; this top module adds what
the shared layers ask of a game (``explain``, ``explain_scores``, ``picture``,
``picture_tex``) by calling the modules below it, imported when first used so that
making a game loads neither sympy nor the drawing code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..core.scenarios import scenario_function
from .engine import SplitEngine, scenario_position

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ..pictures.svg import SvgImage
    from .moves import SplitMove


class SplitGame(SplitEngine):
    """A match of Split (three rounds, a score pad); see docs/split.md."""

    # The game's specs: every part above the rules, named here and nowhere else, imported
    # on first use (docs/plugins.md, "2. The template"; the same names in every game).
    explanations: ClassVar[str | None] = "teachgames.split.explain"
    positions: ClassVar[str | None] = "teachgames.split.position"
    widget: ClassVar[str | None] = "teachgames.split.widget:SplitWidget"
    static_html: ClassVar[str | None] = "teachgames.split.draw:static_html"
    lessons: ClassVar[str | None] = "teachgames.split.lesson.notebooks:LESSONS"
    activities: ClassVar[str | None] = "teachgames.split.lesson.activities:activity"
    worksheet: ClassVar[str | None] = "teachgames.split.worksheet:KINDS"
    practice: ClassVar[str | None] = "teachgames.split.practice:SKILLS"
    bots: ClassVar[dict[str, str]] = {"planner": "teachgames.split.bots:PlannerBot"}

    def picture(
        self,
        move: SplitMove | Mapping[str, Any] | None = None,
        *,
        language: str | None = None,
        names: Sequence[str] | None = None,
        viewer: int | None = None,
        highlight: Sequence[str] = (),
        width: float = 1180.0,
    ) -> SvgImage:
        """The table as SVG: hands (as ``viewer`` may see them), matches, discard row, pads;
        the cards ``move`` uses (or those in ``highlight``) outlined."""
        from .draw import table_svg

        marked = list(highlight) + (self.cards_used(move) if move is not None else [])
        return table_svg(self.view(viewer), language=language, names=names, highlight=marked, width=width)

    def picture_tex(self, move: SplitMove | Mapping[str, Any], language: str | None = None) -> str | None:
        """The cards of ``move`` in TikZ (for the LaTeX export), or None for moves without
        cards. Split's cards carry numbers and colours, no words: ``language`` changes nothing."""
        from .tikz import move_tikz

        return move_tikz(self.coerce_move(move))

    def _repr_svg_(self) -> str:
        return str(self.picture())


#: A position built by hand, as a game: ``scenario_position``'s parameters, a SplitGame made.
scenario = scenario_function(scenario_position, lambda made: SplitGame(*made), "SplitGame", __name__)

__all__ = ["SplitGame", "scenario"]
