"""LigrettoGame: the whole game, the rules engine plus its explanations and pictures.

The layers run one way: rules → cards → state → moves → engine → explanations → pictures
→ simulation. :class:`~.engine.LigrettoEngine` knows the rules only; this top module adds
what the shared layers ask of a game (``explain``, ``explain_scores``, ``picture``) by
calling the modules below it, imported when first used so that making a game loads
neither sympy nor the drawing code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..core.scenarios import scenario_function
from .engine import LigrettoEngine, scenario_position

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ..pictures.svg import SvgImage
    from .moves import LigrettoMove


class LigrettoGame(LigrettoEngine):
    """Ligretto for 2–12 players; see docs/ligretto.md."""

    # The game's specs: every part above the rules, named here and nowhere else, imported
    # on first use (docs/plugins.md, "2. The template"; the same names in every game).
    explanations: ClassVar[str | None] = "teachgames.ligretto.explain"
    positions: ClassVar[str | None] = "teachgames.ligretto.position"
    widget: ClassVar[str | None] = "teachgames.ligretto.widget:LigrettoWidget"
    static_html: ClassVar[str | None] = "teachgames.ligretto.draw:static_html"
    lessons: ClassVar[str | None] = "teachgames.ligretto.lesson.notebooks:LESSONS"
    activities: ClassVar[str | None] = "teachgames.ligretto.lesson.activities:activity"
    worksheet: ClassVar[str | None] = "teachgames.ligretto.worksheet:KINDS"
    practice: ClassVar[str | None] = "teachgames.ligretto.practice:SKILLS"
    bots: ClassVar[dict[str, str]] = {"stack": "teachgames.ligretto.bots:LigrettoBot"}

    def picture(
        self,
        move: LigrettoMove | Mapping[str, Any] | None = None,
        *,
        language: str | None = None,
        names: Sequence[str] | None = None,
        viewer: int | None = None,
    ) -> SvgImage:
        """The table as SVG (from ``viewer``'s seat: None = the teacher sees all)."""
        from .draw import table_svg

        highlight = self.cards_used(move) if move is not None else []
        player = self.coerce_move(move).player if move is not None else None
        return table_svg(self.view(viewer), language=language, names=names, highlight=highlight,
                         highlight_player=player)  # fmt: skip

    def _repr_svg_(self) -> str:
        return str(self.picture())


#: A position built by hand, as a game: ``scenario_position``'s parameters, a LigrettoGame made.
scenario = scenario_function(scenario_position, lambda made: LigrettoGame(*made), "LigrettoGame", __name__)

__all__ = ["LigrettoGame", "scenario"]
