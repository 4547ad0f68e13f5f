"""The exit tickets of the three lesson plans (lessons/delissimo-*.md): each question with
its position, answer and working. Its words, in the plan's words, are the catalogue's
``lesson.ticket.<ticket>.q<n>`` messages (with ``_note`` and ``_why``); ``values`` fill in
the cards, which every language writes in the same notation."""

from __future__ import annotations

from .questions import CaptureQuestion, CardsQuestion, NumberQuestion, Question, YesNoQuestion
from .worked import why_final_score, why_pile, why_sum, why_three_quarters

#: The three tickets, by notebook: (level label, questions).
TICKETS: dict[str, tuple[str, tuple[Question, ...]]] = {
    "6plus": (
        "6+",
        (
            CaptureQuestion(
                key="6plus.q1",
                position={
                    "level": "beginner",
                    "hands": [["5/8 mt"], ["6/8 pt"]],
                    "centre": ["1/8 mp", "4/8 pt", "3/8 mt", "2/8 pt"],
                },
                give=("5/8 mt",),
            ),
            YesNoQuestion(
                key="6plus.q2",
                position={
                    "level": "beginner",
                    "hands": [["3/8 mp"], ["6/8 pt"]],
                    "centre": ["3/8 pt", "1/8 mt", "5/8 mp", "2/8 mt"],
                },
                give=("3/8 mp",),
                take=("3/8 pt",),
            ),
            NumberQuestion(key="6plus.q3", value=(3, 1), form="any", why=why_pile),
        ),
    ),
    "8plus": (
        "8+",
        (
            CardsQuestion(
                key="8plus.q1",
                values={"pizza": "6/8 mt", "choices": "tomato 3/4, pepper 3/4, mushroom 6/8, tomato 1/2"},
                position={
                    "level": "basic",
                    "hands": [["tomato 3/4", "pepper 3/4", "mushroom 6/8", "tomato 1/2"], []],
                    "stacks": [["6/8 mt"], [], []],
                },
                choices=("tomato 3/4", "pepper 3/4", "mushroom 6/8", "tomato 1/2"),
                pizza="6/8 mt",
            ),
            NumberQuestion(key="8plus.q2", value=(3, 4), form="eighths", why=why_three_quarters),
            YesNoQuestion(
                key="8plus.q3",
                values={
                    "order1": "mushroom 1/4",
                    "order2": "tomato 1/2",
                    "pizza": "6/8 pt",
                    "other": "6/8 mt",
                },
                position={
                    "level": "basic",
                    "hands": [["mushroom 1/4", "tomato 1/2"], []],
                    "stacks": [["6/8 pt"], ["6/8 mt"], []],
                },
                give=("mushroom 1/4", "tomato 1/2"),
                take=("6/8 pt",),
            ),
        ),
    ),
    "10plus": (
        "10+",
        (
            YesNoQuestion(
                key="10plus.q1",
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
                key="10plus.q2",
                values={"order": "tomato 5/8", "special": "special mt"},
                value=(13, 8),
                form="any",
                why=why_final_score,
            ),
            NumberQuestion(key="10plus.q3", value=(11, 8), form="mixed", why=why_sum),
        ),
    ),
}
