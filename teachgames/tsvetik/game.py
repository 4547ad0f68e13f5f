"""TsvetikGame: the whole game, the rules engine plus its explanations and pictures.

The layers run one way: rules → cards → state/scoring → moves → engine → explanations →
pictures. :class:`~.engine.TsvetikEngine` knows the rules only; this top module adds
what the shared layers ask of a game (``explain``, ``explain_scores``, ``picture``,
``picture_tex``) by calling the modules below it, imported when first used so that
making a game loads neither sympy nor the drawing code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..core.scenarios import scenario_function
from .cards import parse_colour
from .engine import TsvetikEngine, scenario_position
from .moves import Draw

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ..explain import Explanation
    from ..pictures import SvgImage
    from .moves import TsvetikMove


class TsvetikGame(TsvetikEngine):
    """A game of Tsvetik-Semitsvetik; see docs/tsvetik.md."""

    # The game's specs: every part above the rules, named here and nowhere else, imported
    # on first use (docs/plugins.md, "2. The template"; the same names in every game).
    explanations: ClassVar[str | None] = "teachgames.tsvetik.explain"
    positions: ClassVar[str | None] = "teachgames.tsvetik.position"
    widget: ClassVar[str | None] = "teachgames.tsvetik.widget:TsvetikWidget"
    static_html: ClassVar[str | None] = "teachgames.tsvetik.draw:static_html"
    lessons: ClassVar[str | None] = "teachgames.tsvetik.lesson.notebooks:LESSONS"
    activities: ClassVar[str | None] = "teachgames.tsvetik.lesson.activities:activity"
    worksheet: ClassVar[str | None] = "teachgames.tsvetik.worksheet:KINDS"
    practice: ClassVar[str | None] = "teachgames.tsvetik.practice:SKILLS"
    bots: ClassVar[dict[str, str]] = {"field": "teachgames.tsvetik.bots:FieldBot"}

    def explain_field_choice(
        self, player: int | None = None, language: str | None = None, names: Sequence[str] | None = None
    ) -> Explanation:
        """ "Which field should I take?": what each field adds now, and the chances of the next card."""
        from .explain import explain_field_choice

        return explain_field_choice(self, player, language, names)

    def picture_tex(self, move: TsvetikMove | Mapping[str, Any], language: str | None = None) -> str | None:
        """The cards ``move`` uses (the card placed, the field taken) in TikZ, for LaTeX
        export, their colour words in ``language``."""
        from .tikz import cards_tikz

        return cards_tikz([parse_colour(c) for c in self.cards_used(move)], language)

    # ------------------------------------------------------------------ pictures
    def picture(
        self,
        move: TsvetikMove | Mapping[str, Any] | None = None,
        *,
        language: str | None = None,
        names: Sequence[str] | None = None,
        viewer: int | None = None,
        width: float = 1280.0,
    ) -> SvgImage:
        """The table now as SVG (fields, bank, collections), ``move``'s field outlined."""
        from .draw import table_svg

        field = None
        if move is not None:
            m = self.coerce_move(move)
            field = None if isinstance(m, Draw) else m.field
        return table_svg(
            self.view(viewer), language=language, names=names, highlight_field=field, width=width
        )

    def _repr_svg_(self) -> str:
        return str(self.picture())


#: A position built by hand, as a game: ``scenario_position``'s parameters, a TsvetikGame made.
scenario = scenario_function(
    scenario_position, lambda made: TsvetikGame._from_state(*made, None), "TsvetikGame", __name__
)

__all__ = ["TsvetikGame", "scenario"]
