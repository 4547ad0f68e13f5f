"""The Split lesson's own parts: pictures of pairs of halves, a self-check for sorting a
pair (``check_match``), and the exit ticket. The notebook cells are in ``notebooks.py``,
their words in ``text/<language>/classify.md``; the plan is ``lessons/split.md``.

Everything a pupil reads is in the catalogue (``split.lesson.*``) in en, ru and bg.
Importing this package is light: sympy and ipywidgets load when a check or a form is used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.i18n import check_language, resolve_language
from ..cards import card_words, kind_of, parse_half
from ..draw import HALF_H, HALF_W, half_shapes
from ..messages import say

if TYPE_CHECKING:
    from ...lesson import ExitTicket, Feedback
    from ...pictures import SvgImage

#: The answers a pupil may give, by match type: the catalogue word and a few spellings.
ANSWERS: tuple[str, ...] = ("perfect", "strong", "weak", "none")


def match_row(
    pairs: Sequence[tuple[str, str]], language: str | None = None, show_type: bool = True
) -> SvgImage:
    """Pairs of half-cards side by side (cut edge to cut edge); under each, its type (or a
    question mark, for pupils to sort)."""
    from ...pictures import Text, shape_svg, svg_doc

    lang = resolve_language(language)
    gap = 46.0
    shapes: list[Any] = []
    for i, (a, b) in enumerate(pairs):
        x = 10 + i * (2 * HALF_W + gap)
        shapes += half_shapes(a, x, 10, "left", language=lang)
        shapes += half_shapes(b, x + HALF_W, 10, "right", language=lang)
        kind = kind_of(parse_half(a), parse_half(b))
        label = (say(f"type.{kind}", lang) if kind else say("lesson.no_match", lang)) if show_type else "?"
        shapes.append(Text(x + HALF_W, HALF_H + 34, label, 17, bold=True))
    width = 20 + len(pairs) * (2 * HALF_W + gap) - gap
    words = "; ".join(f"{card_words(a, lang)} {card_words(b, lang)}" for a, b in pairs)
    return svg_doc(
        width, HALF_H + 46, say("lesson.pairs_alt", lang, pairs=words), "".join(shape_svg(s) for s in shapes)
    )


def read_kind(answer: object, language: str) -> str | None:
    """The match type a pupil wrote ("strong", "сильная", "силен", "none", …), or None."""
    if not isinstance(answer, str):
        return None
    word = " ".join(answer.lower().replace("ё", "е").strip().strip(".!«»\"'„“").split())
    for kind in ANSWERS:
        for lang in (language, "en"):
            spellings = say(f"lesson.answer.{kind}", lang).lower().replace("ё", "е").split("|")
            spellings.append(say(f"lesson.opt.{kind}", lang).lower().replace("ё", "е"))
            # the word alone, or with the noun: "сильная пара", "силен чифт", "a strong match"
            if word in spellings or (word.split(" ")[0] in spellings[:-1] and len(word.split(" ")) <= 2):
                return kind
    return None


def check_match(a: str, b: str, answer: object, language: str | None = None) -> Feedback:
    """Check a pupil's answer to "what kind of match are ``a`` and ``b``?" and show why."""
    from ...lesson import Feedback
    from ..explain import explain_match_type

    lang = resolve_language(language)
    x, y = parse_half(a), parse_half(b)
    truth = kind_of(x, y) or "none"
    pair = f"{card_words(a, lang)} {card_words(b, lang)}"
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return Feedback(False, say("lesson.write_kind", lang), None, "", pair, lang, answered=False)
    said = read_kind(answer, lang)
    if said is None:
        return Feedback(False, say("lesson.write_kind", lang), None, str(answer)[:40], pair, lang)
    explanation = explain_match_type(a, b, lang, verdict=False)
    key = "lesson.kind_right" if said == truth else "lesson.kind_wrong"
    truth_words = say(f"type.{truth}", lang) if truth != "none" else say("lesson.no_match", lang)
    return Feedback(
        said == truth, say(key, lang, kind=truth_words), explanation, str(answer)[:40], pair, lang
    )


def exit_ticket(name: str = "classify", language: str | None = None) -> ExitTicket:
    """The exit ticket of the Split lesson: sort a pair, score a pad, an upgrade, compare pads."""
    from ...lesson import ChoiceQuestion, ExitTicket, NumberQuestion, YesNoQuestion
    from ..explain import explain_match_type
    from . import _pads

    if name != "classify":
        raise ValueError(f"no exit ticket {name!r}; there is: classify")
    if language is not None:
        check_language(language)
    options = tuple(f"@split.lesson.opt.{k}" for k in ANSWERS)
    questions = [
        ChoiceQuestion(
            key="split.lesson.ticket.q1",
            values={"a": card_words("Qd", language), "b": card_words("Qh", language)},
            options=options,
            right=frozenset({2}),
            why=lambda lang: explain_match_type("Qd", "Qh", lang, verdict=False),
        ),
        NumberQuestion(
            key="split.lesson.ticket.q2",
            value=(14, 1),
            why=lambda lang: _pads.pad_working({"perfect": 2, "strong": 1, "weak": 3, "negative": 2}, lang),
        ),
        YesNoQuestion(key="split.lesson.ticket.q3", answer_is=True),
        ChoiceQuestion(
            key="split.lesson.ticket.q4",
            options=("@split.lesson.ticket.q4_a", "@split.lesson.ticket.q4_b"),
            right=frozenset({1}),
        ),
    ]
    return ExitTicket(say("lesson.ticket_title", language), questions, language)


__all__ = ["ANSWERS", "check_match", "exit_ticket", "match_row", "read_kind"]
