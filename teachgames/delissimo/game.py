"""DelissimoGame: the whole game, the rules engine plus its explanations and pictures.

The layers run one way: rules → cards → state/search/checks → moves → engine →
explanations → pictures. ``engine.DelissimoEngine`` knows the rules only; this top
module adds what the shared layers ask of a game (``explain``, ``picture``,
``picture_tex``, ``explain_scores``) by calling the higher modules, and hands the
lower ones what they show themselves with (a capture's ``explanation``, a card's
picture). sympy and the drawing code load only when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..core.scenarios import scenario_function
from .cards import CARDS
from .engine import DelissimoEngine, scenario_state
from .moves import DelissimoMove, Special
from .state import special_takes

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ..pictures.svg import SvgImage


class DelissimoGame(DelissimoEngine):
    """A game of Delissimo at one level; see docs/delissimo.md."""

    # The game's specs: every part above the rules, named here and nowhere else, imported
    # on first use (docs/plugins.md, "2. The template"; the same names in every game).
    explanations: ClassVar[str | None] = "teachgames.delissimo.explain"
    positions: ClassVar[str | None] = "teachgames.delissimo.position"
    widget: ClassVar[str | None] = "teachgames.delissimo.widget:DelissimoWidget"
    static_html: ClassVar[str | None] = "teachgames.delissimo.draw:static_game_html"
    lessons: ClassVar[str | None] = "teachgames.delissimo.lesson.notebooks:LESSONS"
    activities: ClassVar[str | None] = "teachgames.delissimo.lesson.activities:activity"
    worksheet: ClassVar[str | None] = "teachgames.delissimo.worksheet:KINDS"
    practice: ClassVar[str | None] = "teachgames.delissimo.practice:SKILLS"
    bots: ClassVar[dict[str, str]] = {"playout": "teachgames.delissimo.bots:PlayoutBot"}

    def picture(
        self,
        move: DelissimoMove | Mapping[str, Any] | None = None,
        *,
        language: str | None = None,
        names: Sequence[str] | None = None,
        viewer: int | None = None,
    ) -> SvgImage:
        """The table now as SVG, with the cards of ``move`` (if any) outlined."""
        from ..core.i18n import resolve_language
        from .draw import table_svg

        highlight = self.cards_used(move) if move is not None else []
        return table_svg(
            self.view(viewer),
            names=list(names) if names else None,
            highlight=highlight,
            language=resolve_language(language),
        )

    def picture_tex(self, move: DelissimoMove | Mapping[str, Any], language: str | None = None) -> str | None:
        """The cards of ``move`` as a TikZ picture (for the LaTeX export), or None; its
        words and topping letters in ``language`` (default: the package's language)."""
        from .tikz import move_tikz

        m = self.coerce_move(move)
        taken = [CARDS[i] for i in special_takes(self._state, m.card.id)] if isinstance(m, Special) else []
        return move_tikz(m, taken, language)

    def _repr_svg_(self) -> str:
        from .draw import table_svg

        return str(table_svg(self.view()))


#: A position built by hand, as a game: ``scenario_state``'s parameters, a DelissimoGame made.
scenario = scenario_function(
    scenario_state,
    lambda made: DelissimoGame._from_state(made[0], made[1], None, by_hand=True),
    "DelissimoGame",
    __name__,
)


def new_game(**options: Any) -> DelissimoGame:
    """``teachgames.new_game("delissimo", ...)`` without the registry."""
    return DelissimoGame.new(**options)


__all__ = ["DelissimoGame", "new_game", "scenario"]
