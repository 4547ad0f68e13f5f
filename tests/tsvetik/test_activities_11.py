"""The Tsvetik 11+ lesson activities as a pupil of grades 6–7 meets them: the pattern is the
row of different colours (n × n + 1, never "5, 10, 15, 20"), scores below zero come from the
engine, no chance is shown before "which colour comes next?", the exit ticket reads the
chance in any equal form and names the denominator 49 and the sign error."""

from __future__ import annotations

import re

import pytest
from lesson.answering import right_answer, wrong_answers

from teachgames.lesson import Activity, Choose, TypeAmount
from teachgames.tsvetik import score_cards
from teachgames.tsvetik.explain import field_gains
from teachgames.tsvetik.lesson import field_puzzle
from teachgames.tsvetik.lesson.activities import LESSONS, activity
from teachgames.tsvetik.rules import make_rules

from .test_activities import FRACTION, LIKELY, seen

LANGUAGES = ("en", "ru", "bg")
L = "tsvetik.lesson.activity."


def task(part: str, sid: str) -> object:
    (screen,) = [s for s in activity("11plus", part).screens if s.id == sid]
    return screen.task


def mark(part: str, sid: str, answer: object, language: str = "en") -> tuple[bool, str | None, str]:
    spec = activity("11plus", part)
    a = Activity(spec, language)
    a.go([s.id for s in spec.screens].index(sid))
    m = a.answer(answer)
    return m.correct, m.misconception, m.line


def test_the_pattern_is_the_row_of_different_colours() -> None:
    row = make_rules("seed").different
    assert list(row) == [n * n + 1 for n in range(1, 8)] == [2, 5, 10, 17, 26, 37, 50]
    assert mark("warmup", "pattern", "50")[0]
    assert mark("warmup", "pattern", "48")[1] == L + "step_repeated"
    rule = task("warmup", "rule")
    assert isinstance(rule, Choose) and [o.id for o in rule.options if o.right] == ["square"]
    assert mark("warmup", "rule", "times3")[1] == L + "fits_start"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_wrong_pattern_and_no_chance_before_the_colour_question(language: str) -> None:
    """ "5, 10, 15, 20" is nowhere; no screen before "which colour comes next?" speaks of
    chances or shows a fraction (prompt, options, feedback, reveal, teacher's view), and the
    chance as a fraction comes after it."""
    before, fractions_after = True, 0
    for part in LESSONS["11plus"]:
        spec = activity("11plus", part)
        for i, screen in enumerate(spec.screens):
            before = before and screen.id != "unlikely"
            for answer in (wrong_answers(screen.task)[0][0], right_answer(screen.task)):
                a = Activity(spec, language, teacher=True)
                a.go(i)
                a.answer(answer)
                if a.state.marks and not a.revealed():
                    a.show_solution()
                text = seen(a)
                assert "5, 10, 15, 20" not in text
                if before:
                    assert not FRACTION.findall(text) and LIKELY[language] not in text.lower(), screen.id
                else:
                    fractions_after += len(FRACTION.findall(text))
    assert not before and fractions_after


@pytest.mark.parametrize("language", LANGUAGES)
def test_scores_below_zero_are_the_engines(language: str) -> None:
    score = score_cards(["red"] * 4 + ["blue"] * 2 + ["green"])[0]
    assert score == -25
    good = "−25" if language != "en" else "-25"
    assert mark("warmup", "extra", good, language)[0]
    right, why, line = mark("warmup", "extra", "95", language)
    assert not right and why == L + "added_penalty" and "35 − 60" in line
    assert mark("warmup", "extra", "25", language)[1] == L + "sign_lost"
    compare = score_cards(["red"] * 3 + ["blue"] * 2 + ["green", "yellow"])[0]
    assert compare == -43 and mark("puzzles", "compare", "different", language)[0]
    gains = {f: g for f, _a, g in field_gains(field_puzzle(), 0)}
    best = max(gains, key=lambda f: gains[f])
    assert mark("puzzles", "which", f"field{best + 1}", language)[0]
    assert mark("puzzles", "which", "field2", language)[1] == L + "field_two_extra"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_chance_counts_the_bank_not_the_box(language: str) -> None:
    bank = field_puzzle().view()["bank_cards"]
    reds = bank.count("red")
    assert mark("puzzles", "left", str(reds), language)[0]
    assert mark("puzzles", "chance", f"{reds}/{len(bank)}", language)[0]
    assert mark("puzzles", "chance", f"{reds}/49", language)[1] == L + "whole_box"


@pytest.mark.parametrize("answer", ["0.2", "0,2", "20 %", "20%", "1/5", "6/30"])
def test_the_ticket_reads_the_chance_in_any_equal_form(answer: str) -> None:
    assert isinstance(task("ticket", "t3"), TypeAmount)
    for language in LANGUAGES:
        assert mark("ticket", "t3", answer, language)[0], (answer, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_ticket_tests_the_denominator_and_names_the_sign(language: str) -> None:
    """Question 3 does not give the bank's 30 away (the pupil works out 49 − 19); 6/49 names
    the denominator's slip; question 4 asks why not 49; 95 for 15 names the sign."""
    spec = activity("11plus", "ticket")
    a = Activity(spec, language)
    a.go(2)
    prompt = " ".join(str(p) for p in [a.view_model()["screen"]["prompt"]])
    assert "49" in prompt and "19" in prompt and not re.search(r"(?<!\d)30(?!\d)", prompt), prompt
    assert mark("ticket", "t3", "6/49", language)[1] == L + "whole_box"
    assert mark("ticket", "t4", "seen", language)[0]
    assert mark("ticket", "t4", "divide", language)[1] == L + "divides_evenly"
    right, why, line = mark("ticket", "t1", "95", language)
    assert not right and why == L + "added_penalty" and "55 − 40" in line and "15" in line
    assert mark("ticket", "t1", "15", language)[0]
    assert score_cards(["red"] * 5 + ["blue"] * 2)[0] == 15


def test_tsvetik_texts_use_one_bulgarian_title_and_name_the_notebook_apart() -> None:
    """Kataev's tale is «Цвете-седмоцвете» in Bulgarian everywhere (not «Цветенце-седмоцветче»
    or «Цветче-седмоцветче»); the Jupyter file is never called a «тетрадка» (the pupils'
    paper exercise book is) in the lesson texts, the catalogue and the plan."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    files = [*(root / "teachgames/tsvetik").rglob("*.md"), *(root / "teachgames/tsvetik/locales").glob("*.json")]
    files += [root / "lessons/tsvetik.md", *(root / "notebooks/bg").glob("tsvetik-*.ipynb")]
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert "Цветенце" not in text and "Цветче-" not in text, path
        assert not re.search(r"тетрадк\w* `?notebooks", text), path
    from teachgames.tsvetik import TsvetikGame

    assert TsvetikGame.title("bg") == "Цвете-седмоцвете"
