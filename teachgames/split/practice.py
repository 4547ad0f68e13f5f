"""Split's practice: name the pairs (perfect, strong, weak) among halves the engine dealt,
and score a row of the pad with the game's own pad table (``pad_points``; the worked
solution is ``pad_score``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.i18n import tr
from ..practice.common import dealt, hints
from ..practice.model import Choice, Problem, Rule, Skill, Value, words
from .cards import card_words, kind_of, parse_half, rank_of
from .rules import box_value, default_pad, pad_points

if TYPE_CHECKING:
    from ..explain import Explanation

G = "split"
P = "split.practice."
KINDS = ("perfect", "strong", "weak")
ROWS = ("perfect", "strong", "weak", "negative")
PAD = default_pad()


def _pairs(stream: Any, count: int) -> list[tuple[str, str]]:
    view = dealt(G, stream, players=2)
    halves = [h for hand in view["hands"] for h in hand] + list(view["draw_pile"])
    by_rank: dict[int, list[str]] = {}
    for h in halves:
        by_rank.setdefault(rank_of(parse_half(h)), []).append(h)
    ranks = [r for r, hs in by_rank.items() if len(hs) >= 2]
    out = []
    for r in stream.sample(ranks, min(count, len(ranks))):
        a, b = stream.sample(by_rank[r], 2)
        out.append((a, b))
    return out


def _name_pairs(stream: Any, level: int) -> Problem:
    count = level + 2  # three pairs at least: a blind guess is right one time in 27
    while True:
        pairs = _pairs(stream, count)
        kinds = tuple(kind_of(parse_half(a), parse_half(b)) for a, b in pairs)
        if len(pairs) == count and "strong" in kinds and all(kinds):
            break

    def explain(language: str) -> Explanation:
        from ..explain import Explanation

        e = Explanation(title=tr(P + "worked.pairs", language), language=language)
        for (a, b), kind in zip(pairs, kinds, strict=True):
            e.add(
                tr(P + f"worked.why_{kind}", language, a=card_words(a, language), b=card_words(b, language))
            )
        return e

    def said(language: str) -> str:
        return ", ".join(f"{card_words(a, language)} {card_words(b, language)}" for a, b in pairs)

    return Problem(
        "name_pair",
        words(P + "prompt.name_pair", pairs=said, n=count),
        "pick",
        tuple(str(k) for k in kinds),
        explain,
        facts={"kinds": kinds, "pairs": pairs},
        choices=tuple(Choice(k, words(P + f"kind.{k}")) for k in KINDS),
        ordered=True,
        repeat=True,
        hints=hints(P + "hint.name_pair"),
        guess=1 / 3**count,
    )


def _relabel(problem: Problem, strong_as: str) -> Value | None:
    return tuple(strong_as if k == "strong" else k for k in problem.facts["kinds"])


def _pad(stream: Any, level: int) -> Problem:
    top = {1: 2, 2: 4, 3: 7}[level]
    marks = {row: stream.randint(0, top) for row in ROWS}
    marks["negative"] = max(1, marks["negative"])
    if not any(marks[r] for r in ROWS[:3]):
        marks[stream.choice(ROWS[:3])] = 1
    points = pad_points(PAD, marks)

    def explain(language: str) -> Explanation:
        from . import pad_score

        _, e = pad_score(language=language, **marks)
        return e

    upper = sum(box_value(PAD, r, marks[r]) for r in ROWS[:3])
    negative = box_value(PAD, "negative", marks["negative"])
    last = sum(box_value(PAD, r, marks[r] - 1) if marks[r] else 0 for r in ROWS[:3])
    last -= box_value(PAD, "negative", marks["negative"] - 1)
    return Problem(
        "pad_score",
        words(P + "prompt.pad", **{r: marks[r] for r in ROWS}),
        "amount",
        (points, 1),
        explain,
        facts={"upper": upper, "negative": negative, "last": last, "marks": marks},
        form="points",
        hints=hints(P + "hint.pad"),
        guess=1 / 12,
        picture=None,
    )


def _forgot_negative(problem: Problem) -> Value | None:
    return (problem.facts["upper"], 1)


def _negative_added(problem: Problem) -> Value | None:
    f = problem.facts
    return (f["upper"] + f["negative"], 1)


def _last_marked(problem: Problem) -> Value | None:
    return (problem.facts["last"], 1)


SKILLS: tuple[Skill, ...] = (
    Skill(
        G,
        "name_pair",
        "standard",
        "8+",
        _name_pairs,
        (
            Rule("colour_is_suit", lambda p: _relabel(p, "perfect")),
            Rule("suit_only", lambda p: _relabel(p, "weak")),
        ),
        ("classify.warmup.kind", "classify.puzzles.strong", "classify.ticket.t1"),
    ),
    Skill(
        G,
        "pad_score",
        "standard",
        "8+",
        _pad,
        (
            Rule("forgot_negative", _forgot_negative),
            Rule("negative_added", _negative_added),
            Rule("last_marked", _last_marked),
        ),
        ("classify.puzzles.first_open", "classify.puzzles.pad", "classify.ticket.t3"),
    ),
)
