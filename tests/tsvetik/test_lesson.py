"""The lesson's puzzle and exit tickets: answers worked out by the engine (the tickets' words in
every language: tests/lesson/test_exit_tickets.py)."""

from __future__ import annotations

from teachgames.lesson.notebooks import stale
from teachgames.tsvetik import score_cards
from teachgames.tsvetik.lesson import NO_EXTRA, PUZZLE_BANK, exit_ticket, field_puzzle
from teachgames.tsvetik.lesson.notebooks import LESSONS


def test_the_puzzle_is_a_position_a_box_can_hold() -> None:
    puzzle = field_puzzle()
    v = puzzle.view()
    cards = v["bank_cards"] + [c for f in v["fields"] for c in f] + [c for h in v["collected"] for c in h]
    assert len(cards) == 49 and all(cards.count(c) == 7 for c in set(cards))
    text = puzzle.explain_field_choice().text()
    assert "49 − 14 = 35" in text and "2/35" in text  # 7 red − 5 seen
    assert "Best now: field 1 (+35)" in text  # 3 red (20) + 2 red = 5 red (55)
    assert len(PUZZLE_BANK) == 35


def test_the_exit_tickets_are_the_engines() -> None:
    """11+: question 1 is the engine's score of 5 red and 2 blue with points off for the
    extra cards; question 3 reads the chance in any equal form, not over the whole box.
    8+ (no points off): 4 yellow score what the engine says, 5 different colours beat 3 red,
    and red, of 5 red, 2 blue and 1 green, is the likeliest next card."""
    eleven = exit_ticket(language="en")
    q1 = score_cards(["red"] * 5 + ["blue"] * 2)[0]
    assert eleven.answer(str(q1)).correct
    eleven.go(2)
    assert eleven.answer("6/30").correct
    for answer, right in (("1/5", True), ("6/49", False)):
        again = exit_ticket("11plus", "en")
        again.go(2)
        assert again.answer(answer).correct is right
    eight = exit_ticket("8plus", "en")
    four_yellow = score_cards(["yellow"] * 4, NO_EXTRA)[0]
    assert eight.answer(["one"]).correct and f"{four_yellow} points" in eight.screen.task.answer_text("en")
    eight.go(1)
    assert eight.answer(["different"]).correct
    eight.go(2)
    assert eight.answer(["red"]).correct
    prompt = eight.screen.prompt("en")
    assert "1 green card" in prompt and "2 blue cards" in prompt


def test_the_committed_notebooks_are_what_the_builder_writes() -> None:
    assert [lesson.stem for lesson in LESSONS] == ["tsvetik-8plus", "tsvetik-11plus"]
    assert stale(games=["tsvetik"]) == []
