"""What a Delissimo replay step shows.

Step *i* is the table before move *i*, the move's cards highlighted, the move in
plain words and why it was allowed; the last step is the final table and how every
score was reached. The stepping itself (buttons, keys, slider, cache) is
:class:`teachgames.widgets.replay.ReplayStepping`.
"""

from __future__ import annotations

from ...widgets.replay import ReplayStepping
from ...widgets.viewmodel import ViewModel
from .viewmodel import DelissimoViews, level_words


class DelissimoReplay(ReplayStepping, DelissimoViews):
    """Replay mode of the Delissimo widget."""

    def _replay_step(self, i: int) -> ViewModel:
        n = len(self._moves)
        pos = self._positions[i]
        view = pos.view(player=self._viewer(pos))
        level = view.get("level", "")
        if i < n:
            move = self._moves[i]
            highlight = self._keys_for(pos, view, move.player, move)
            move_text = self.t("step.move", n=i + 1, move=self.words(move))
            explanation = self._move_explanation(pos, move, self.t("explain.move", n=i + 1))
            label = self.t("step.label", n=i + 1, total=n)
            who = view.get("current")
            status = self.t("status.to_play", name=self.names[who]) if isinstance(who, int) else ""
        else:
            highlight = []
            move_text = self.t("step.end" if pos.is_over() else "step.now")
            explanation = self._scores_explanation(pos)
            label = self.t("step.after_all", total=n) if n else self.t("step.no_moves")
            status = self.t("status.game_over") if pos.is_over() else ""
        return {
            "game": "delissimo",
            "mode": "replay",
            "title": self.title_line(level_words(level, self.language), replay=True),
            "status": status,
            "step": {"value": i, "max": n, "label": label},
            "move_text": move_text,
            "zones": self._zones(view, highlight=highlight),
            "explanation": explanation,
            "scores": self._scores(view),
            "moves": [],
            "bot": None,
        }
