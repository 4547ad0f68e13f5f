"""The exit tickets of the three lesson plans (lessons/delissimo-*.md): each question with
its position, answer and working. Its words are the catalogue's
``delissimo.lesson.ticket.<ticket>.q<n>`` messages (with ``_note``, ``_why`` and
``_note<k>`` for a choice); ``values`` fill in the cards, which every language writes in
the same notation.

Each ticket fits its pupils: at 6+ every question is answered by choosing, in slices and
whole pizzas (no written fractions); at 8+ one question compares 1/8 with 1/4 (the "bigger
denominator, bigger fraction" misconception); at 10+ the sum's feedback recognises
tops-and-bottoms addition (3/4 + 5/8 → 8/12)."""

from __future__ import annotations

from .questions import CanCaptureQuestion, CardsQuestion, ChoiceQuestion, NumberQuestion, Question
from .words import card_value
from .worked import why_compare, why_final_score, why_sum, why_three_quarters

T = "delissimo.lesson.ticket."

#: The three tickets, by notebook: (title, questions).
TICKETS: dict[str, tuple[str, tuple[Question, ...]]] = {
    "6plus": (
        "6+",
        (
            ChoiceQuestion(
                key=T + "6plus.q1",
                options=("1 + 4", "3 + 2", "4 + 3", "1 + 2"),
                right=frozenset({1, 2}),
                several=True,
            ),
            ChoiceQuestion(key=T + "6plus.q2", options=("@lesson.yes", "@lesson.no"), right=frozenset({2})),
            ChoiceQuestion(key=T + "6plus.q3", options=("2", "3", "4"), right=frozenset({2})),
        ),
    ),
    "8plus": (
        "8+",
        (
            CardsQuestion(
                key=T + "8plus.q1",
                show=card_value,
                values={"pizza": "6/8 mt", "choices": "tomato 3/4, pepper 3/4, mushroom 6/8, tomato 1/2"},
                position={
                    "level": "basic",
                    "hands": [["tomato 3/4", "pepper 3/4", "mushroom 6/8", "tomato 1/2"], []],
                    "stacks": [["6/8 mt"], [], []],
                },
                choices=("tomato 3/4", "pepper 3/4", "mushroom 6/8", "tomato 1/2"),
                pizza="6/8 mt",
            ),
            NumberQuestion(key=T + "8plus.q2", value=(3, 4), form="over", den=8, why=why_three_quarters),
            ChoiceQuestion(
                key=T + "8plus.q3",
                options=("1/8", "1/4", "@delissimo.lesson.ticket.8plus.q3_same"),
                right=frozenset({2}),
                compare=((1, 8), (1, 4), (0, 1)),
                why=why_compare,
            ),
        ),
    ),
    "10plus": (
        "10+",
        (
            CanCaptureQuestion(
                key=T + "10plus.q1",
                show=card_value,
                values={
                    "order1": "tomato 1/4",
                    "order2": "pepper 3/8",
                    "pizza1": "2/8 pt",
                    "pizza2": "3/8 pt",
                },
                position={
                    "level": "advanced",
                    "hands": [["tomato 1/4", "pepper 3/8"], []],
                    "stacks": [["2/8 pt"], ["3/8 pt"], []],
                },
                give=("tomato 1/4", "pepper 3/8"),
                take=("2/8 pt", "3/8 pt"),
            ),
            NumberQuestion(
                key=T + "10plus.q2",
                show=card_value,
                values={"order": "tomato 5/8", "special": "special mt"},
                value=(13, 8),
                form="any",
                why=why_final_score,
            ),
            NumberQuestion(
                key=T + "10plus.q3", value=(11, 8), form="mixed", terms=((3, 4), (5, 8)), why=why_sum
            ),
        ),
    ),
}


#: Warm-up self-checks aimed at the two misconceptions the plans name (not the tickets'
#: questions): adding tops and bottoms (1/2 + 3/8 → "4/10") and "a bigger denominator makes
#: a bigger fraction" (1/8 chosen over 1/2).
WARMUPS: dict[str, Question] = {
    "sum": NumberQuestion(key="delissimo.lesson.warmup.sum", value=(7, 8), terms=((1, 2), (3, 8))),
    "compare": ChoiceQuestion(
        key="delissimo.lesson.warmup.compare",
        options=("1/8", "1/2", "@delissimo.lesson.ticket.8plus.q3_same"),
        right=frozenset({2}),
        compare=((1, 8), (1, 2), (0, 1)),
    ),
}
