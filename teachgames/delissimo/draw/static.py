"""The static HTML fallback: the table SVG, the move in words, its maths, the scores.

For hosts without widgets and exported notebooks: one self-contained block of HTML
(inline SVG, no script). :func:`static_game_html` pictures a game (the teacher's view,
its last move explained; the class's ``static_html`` spec, in the draw role as in every
game); :func:`static_page` is the block itself, which the widget's ``static_html()``
fills with what it shows now. Its words are the shared widget words (``widgets.*``), so
the fallback reads like the widget it stands in for; it imports no widget library.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from ...core.i18n import resolve_language, tr
from ...pictures.svg import explained
from .numbers import check_form, score_words
from .svg import table_svg

log = logging.getLogger(__name__)


def escape(text: object) -> str:
    """HTML-escape anything user-given (player names!) before it goes into markup."""
    return html.escape(str(text), quote=True)


def widget_label(key: str, language: str, **values: Any) -> str:
    """The shared widget word ``widgets.<key>`` in ``language``."""
    return tr("widgets." + key, language, **values)


def static_page(
    view: Mapping[str, Any],
    names: Sequence[str],
    highlight: Sequence[str],
    caption: str | None,
    explanation: Mapping[str, Any] | None,
    language: str,
    number_form: str | None = None,
) -> str:
    """Table SVG + words + maths SVG, as one self-contained block of HTML; the piles and
    the scores in ``number_form`` (None: the level's)."""
    form = check_form(number_form, view.get("level"))
    parts = [f'<div class="teachgames-static" lang="{escape(language)}" style="max-width:980px">']
    parts.append(
        str(
            table_svg(
                view, names=list(names), highlight=list(highlight), language=language, number_form=form
            )
        )
    )
    if caption:
        parts.append(f"<p><strong>{escape(caption)}</strong></p>")
    if explanation:
        text = explanation.get("title") or explanation.get("text") or ""
        if text:
            parts.append(f"<p>{escape(text)}</p>")
        if explanation.get("svg"):
            parts.append(f"<div>{explanation['svg']}</div>")
    scores = view.get("scores", [])
    if scores:
        rows = "".join(
            f"<tr><th style='text-align:left;padding-right:1em'>{escape(names[p])}</th>"
            f"<td>{escape(score_words(s, form, language))}</td></tr>"
            for p, s in enumerate(scores)
        )
        caption_words = escape(widget_label("label.scores", language))
        parts.append(
            f"<table><caption style='text-align:left'>{caption_words}</caption>{rows}</table>"
        )
    parts.append("</div>")
    return "".join(parts)


def static_game_html(game: Any, language: str | None = None, number_form: str | None = None) -> str:
    """The static picture of a game (teacher view), with its last move explained, in
    ``language`` (default: the package's), its scores in ``number_form`` (default: the
    level's)."""
    lang = resolve_language(language)
    names = [widget_label("player", lang, n=p + 1) for p in range(game.players)]
    view = game.view()
    explanation = None
    caption = None
    if game.is_over():
        try:
            exp = game.explain_scores(language=lang, names=names)
            explanation = explained(exp, str(exp.title))
        except Exception:
            log.exception("teachgames: score explanation failed")
    elif game.history:
        last = game.history[-1]
        caption = widget_label(
            "static.last_move", lang, move=game.describe(last, language=lang, names=names)
        )
        try:
            # the position before the last move, where the engine can say why it was allowed
            before = game.copy()
            before.undo()
            explanation = explained(
                before.explain(last, language=lang, names=names), widget_label("explain.why", lang)
            )
        except Exception:
            log.exception("teachgames: explanation failed")
    return static_page(view, names, [], caption, explanation, lang, number_form)
