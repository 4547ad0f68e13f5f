"""The lesson's puzzle and exit ticket: answers worked out by the engine, words in every language."""

from __future__ import annotations

import re

import pytest

from teachgames.lesson.notebooks import stale
from teachgames.tsvetik import score_cards
from teachgames.tsvetik.lesson import PUZZLE_BANK, exit_ticket, field_puzzle
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


def test_the_exit_ticket_starts_empty_and_checks_answers() -> None:
    ticket = exit_ticket(language="en")
    assert "not answered" in ticket.summary() or "no answers" in ticket.summary()
    q1 = score_cards(["red"] * 5 + ["blue"] * 2)[0]
    assert ticket.answer(1, str(q1)).correct and not ticket.answer(1, str(q1 + 20)).correct
    assert ticket.answer(2, 2).correct and not ticket.answer(2, 1).correct
    assert ticket.answer(3, "6/30").correct and ticket.answer(3, "1/5").correct
    assert not ticket.answer(3, "6/49").correct


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_the_tickets_speak_the_pupils_language(language: str) -> None:
    for lesson in ("8plus", "11plus"):
        ticket = exit_ticket(lesson, language)
        words = [ticket.question(n) for n in (1, 2, 3)] + [ticket.summary(), ticket.answer(1, "7").message]
        for text in words:
            assert not re.search(r"[A-Za-z]{2,}", text), text


def test_the_younger_ticket_has_no_points_off_and_asks_the_likeliest_colour() -> None:
    ticket = exit_ticket("8plus", "en")
    four_yellow = score_cards(["yellow"] * 4, {"extra": 0})[0]
    assert ticket.answer(1, str(four_yellow)).correct
    assert ticket.answer(2, "2").correct  # 5 different colours (26) beat 3 red (20)
    assert ticket.answer(3, "1").correct and not ticket.answer(3, "3").correct  # 5 red, 2 blue, 1 green
    assert "1 green card" in ticket.question(3) and "2 blue cards" in ticket.question(3)


def test_the_committed_notebooks_are_what_the_builder_writes() -> None:
    assert [lesson.stem for lesson in LESSONS] == ["tsvetik-8plus", "tsvetik-11plus"]
    assert stale(games=["tsvetik"]) == []
