"""Self-checks and exit tickets (teachgames.delissimo.lesson): right answers accepted,
equivalent forms only where the question says so, wrong answers refused with the reason,
garbage answered with a clear message (never an exception), games left unchanged, pupil
text escaped in HTML."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from teachgames.core.i18n import keys, messages, placeholders, tr
from teachgames.delissimo import scenario
from teachgames.delissimo.lesson import (
    TICKETS,
    Feedback,
    check_capture,
    exit_ticket,
)
from teachgames.lesson import NumberQuestion

ROOT = Path(__file__).resolve().parents[2]
LATIN = re.compile(r"[A-Za-z]")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
PUZZLES = {
    p["name"]: p for p in json.loads((ROOT / "lessons" / "puzzles.json").read_text("utf-8"))["puzzles"]
}


def toppings_puzzle() -> Any:
    return scenario(**PUZZLES["toppings-matter"]["scenario"])


# ---------------------------------------------------------------------- import


def test_import_is_light() -> None:
    code = "import sys, teachgames.delissimo.lesson; print('sympy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ---------------------------------------------------------------------- check_capture


def test_right_capture_is_accepted_with_the_arithmetic() -> None:
    g = toppings_puzzle()
    fb = check_capture(g, give=["tomato 1/4", "pepper 1/2"], take=["6/8 pt"])
    assert isinstance(fb, Feedback) and fb.correct and bool(fb)
    assert "1/4 + 1/2 = 2/8 + 4/8 = 6/8" in fb.message
    assert fb.explanation is not None and fb.explanation.verdict is True


def test_wrong_capture_gives_the_reason() -> None:
    g = toppings_puzzle()
    fb = check_capture(g, give=["mushroom 2/8", "pepper 1/2"], take=["6/8 pt"])
    assert not fb.correct
    assert "mushroom is not on a pepper+tomato pizza" in fb.message
    assert "2/8 + 1/2 = 2/8 + 4/8 = 6/8" in fb.message  # the sum was right: say so
    assert fb.explanation is not None and fb.explanation.verdict is False


@pytest.mark.parametrize("name", [n for n, p in PUZZLES.items() if "give" in p["wrong"]])
def test_every_tempting_wrong_answer_is_refused(name: str) -> None:
    p = PUZZLES[name]
    g = scenario(**p["scenario"])
    w = p["wrong"]
    fb = check_capture(g, give=w["give"], take=w["take"], player=w["player"])
    assert not fb.correct, name
    assert fb.explanation is not None and fb.explanation.verdict is False
    assert len(fb.message) > 20


@pytest.mark.parametrize("name", [n for n, p in PUZZLES.items() if p["captures"]])
def test_every_listed_capture_is_accepted(name: str) -> None:
    p = PUZZLES[name]
    g = scenario(**p["scenario"])
    for c in p["captures"]:
        assert check_capture(g, give=c["give"], take=c["take"]).correct, (name, c)


def test_sum_differs_and_one_for_one() -> None:
    g = scenario(**PUZZLES["which-first"]["scenario"])
    fb = check_capture(g, ["3/8 mt", "4/8 mp"], ["6/8 mp"])
    # at 6+ in slices, and "not equal" said once in the message (the explanation shows the ≠)
    assert not fb.correct and "3 slices + 4 slices = 7 slices" in fb.message and "6 slices" in fb.message
    assert fb.text().lower().count("not the same number") == 1
    g = scenario(**PUZZLES["count-the-slices"]["scenario"])
    fb = check_capture(g, ["2/8 mt"], ["2/8 mt"])
    assert not fb.correct and "one card for one card" in fb.message.lower()


def test_whole_pizza_variant_counts_wholes() -> None:
    g = scenario(**PUZZLES["whole-pizzas"]["scenario"])
    fb = check_capture(g, ["7/8 pt"], ["1/8 mp", "4/8 mp", "4/8 pt"])
    assert fb.correct and "2 whole pizza" in fb.message
    fb = check_capture(g, ["2/8 pt"], ["1/8 mp", "4/8 pt"])
    assert not fb.correct and "7 slices" in fb.message and "/8" not in fb.message


def test_out_of_turn_player() -> None:
    g = scenario(**PUZZLES["special-interrupt"]["scenario"])
    fb = check_capture(g, ["pepper 3/8"], ["3/8 mp"], player=1)
    assert not fb.correct and "Player 1's turn" in fb.message


def test_cards_not_held_are_refused_without_sums() -> None:
    fb = check_capture(toppings_puzzle(), ["pepper 1/4"], ["2/8 mt"])
    assert not fb.correct and "Player 1 does not hold pepper 1/4" in fb.message
    assert "You give" not in fb.message


def test_one_string_is_read_as_a_list() -> None:
    fb = check_capture(toppings_puzzle(), "tomato 1/4, pepper 1/2", "6/8 pt")
    assert fb.correct


@pytest.mark.parametrize(
    ("give", "take", "words"),
    [
        ([], ["2/8 mt"], "at least one card to give"),
        (["tomato 1/4"], [], "at least one card to take"),
        (["tomato 9/4"], ["2/8 mt"], "could not read a card"),
        (["banana"], ["2/8 mt"], "not a Delissimo card"),
        (3, 4, "list of card names"),
        ([1, 2], ["2/8 mt"], "list of card names"),
        (None, None, "list of card names"),
        (["tomato 1/4"] * 50, ["2/8 mt"], "list of card names"),
        ("x" * 10_000, ["2/8 mt"], "too long"),
    ],
)
def test_garbage_gives_a_clear_message(give: Any, take: Any, words: str) -> None:
    g = toppings_puzzle()
    fb = check_capture(g, give, take)
    assert not fb.correct
    assert words in fb.message
    fb._repr_html_()  # displays without error


def test_the_game_is_unchanged() -> None:
    g = toppings_puzzle()
    before = (g.to_json(), g.view(), tuple(g.history))
    check_capture(g, ["tomato 1/4", "pepper 1/2"], ["6/8 pt"])
    check_capture(g, ["mushroom 2/8", "pepper 1/2"], ["6/8 pt"])
    check_capture(g, ["garbage"], ["6/8 pt"])
    check_capture(g, ["pepper 3/8"], ["2/8 mt"], player=1)
    assert (g.to_json(), g.view(), tuple(g.history)) == before
    assert g.captures()  # still playable


def test_game_over() -> None:
    g = scenario(**PUZZLES["penalty"]["scenario"])
    fb = check_capture(g, ["tomato 3/8"], ["3/8 mt"])
    assert not fb.correct and "over" in fb.message


def test_html_escapes_pupil_text() -> None:
    g = toppings_puzzle()
    evil = '<script>alert("x")</script>'
    fb = check_capture(g, [evil], ["2/8 mt"])
    page = fb._repr_html_()
    assert "<script>" not in page and "&lt;script&gt;" in page
    ticket = exit_ticket("8plus")
    page = ticket.answer(2, "<img src=x onerror=alert(1)>")._repr_html_()
    assert "<img" not in page and "&lt;img" in page
    page = ticket.answer(1, "<b>tomato 3/4</b>")._repr_html_()
    assert "<b>" not in page


def test_feedback_html_shows_mark_and_explanation() -> None:
    fb = check_capture(toppings_puzzle(), ["mushroom 2/8"], ["2/8 mt"])
    page = fb._repr_html_()
    assert "✓" in page and 'data-correct="true"' in page and "<svg" in page
    bad = check_capture(toppings_puzzle(), ["pepper 1/2"], ["2/8 mt"])
    assert "✗" in bad._repr_html_() and 'data-correct="false"' in bad._repr_html_()
    assert bad.text().startswith("✗")


# ---------------------------------------------------------------------- parsing numbers


def number_question(form: str = "any") -> NumberQuestion:
    return NumberQuestion(key="delissimo.lesson.ticket.10plus.q3", value=(11, 8), form=form)


@pytest.mark.parametrize(
    "text", ["11/8", " 22 / 16 ", "1 3/8", "1⅜", "1 and 3/8", "1,375", "137.5 %", "одна целая 3/8"]
)
def test_a_ticket_reads_numbers_with_the_one_reader(text: Any) -> None:
    """The exit tickets read a number as the lesson activities do: glyphs, decimals,
    "1 and 3/8" are right (the old parser refused them)."""
    assert number_question().check(text, "en").correct


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("3/0", "zero_bottom"),
        ("__import__('os').system('echo hi')", "not_a_number"),
        ("3/4/5", "not_a_number"),
        ("1" * 500, "too_long"),
        ("12345678/8", "too_big"),
        (object(), "not_a_number"),
    ],
)
def test_a_ticket_refuses_what_it_cannot_read_in_plain_words(text: Any, key: str) -> None:
    for language in ("en", "ru", "bg"):
        fb = number_question().check(text, language)
        assert not fb.correct and fb.message == tr(f"lesson.read.{key}", language)


def test_parser_never_evals(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    def boom(*_: Any) -> None:
        raise AssertionError("eval called")

    monkeypatch.setattr(builtins, "eval", boom)
    ticket = exit_ticket("10plus")
    assert ticket.answer(3, "1 3/8").correct
    assert not ticket.answer(3, "__import__('os')").correct


# ---------------------------------------------------------------------- exit tickets


def test_every_ticket_has_three_questions_in_every_language() -> None:
    for name in ("6plus", "8plus", "10plus"):
        for lang in ("en", "ru", "bg"):
            t = exit_ticket(name, language=lang)
            assert len(t.questions) == 3
            assert all(t.question(n) for n in (1, 2, 3))
    assert set(TICKETS) == {"6plus", "8plus", "10plus"}
    assert exit_ticket("8+").level == "8+"
    with pytest.raises(ValueError, match="no exit ticket"):
        exit_ticket("12plus")


def test_ticket_words_come_from_the_catalogue() -> None:
    """Each question's words are the catalogue's ``delissimo.lesson.ticket.<…>`` messages (with
    its note, working and per-choice notes), every such message belongs to a question, and
    ``values`` fill exactly the placeholders the messages have."""
    english = lesson_words("en")
    used: set[str] = set()
    for _level, questions in TICKETS.values():
        for question in questions:
            name = question.key.removeprefix("delissimo.")
            present = [k for k in english if k == name or k.startswith(name + "_")]
            assert name in present, question.key
            assert {f for k in present for f in placeholders(english[k])} == set(question.values), (
                question.key
            )
            used |= set(present)
            for lang in ("en", "ru", "bg"):
                assert question.texts[lang] == question.text(lang)
                assert tr(question.key, lang, **question.shown_values(lang)) in question.text(lang)
            note, why = getattr(question, "note", {}), getattr(question, "why_words", {})
            assert bool(note) == (f"{name}_note" in english)
            assert not why or f"{name}_why" in english
    assert used == {k for k in english if k.startswith("lesson.ticket.")}


def test_no_words_in_the_lesson_code() -> None:
    """No per-language texts in the code: plans, questions and worked explanations read the
    catalogue (words.py keeps only each language's quotation marks)."""
    package = ROOT / "teachgames" / "delissimo" / "lesson"
    for path in package.glob("*.py"):
        if path.name != "words.py":
            assert not re.search(r"""["'](?:ru|bg)["']\s*:""", path.read_text(encoding="utf-8")), path.name


def test_player_names_keep_their_capital() -> None:
    from teachgames.delissimo.lesson.words import lower_first

    for lang in ("en", "ru", "bg"):
        name = tr("delissimo.player", lang, n=2)
        assert lower_first(f"{name} takes it") == f"{name} takes it"
    assert lower_first("Заказ «грибы 6/8»") == "заказ «грибы 6/8»"


def test_ticket_6plus_is_answered_by_choosing_in_slices() -> None:
    t = exit_ticket("6plus")
    for text in t.questions[0].texts.values():
        assert "/" not in text, "no written fractions at 6+"
    assert t.answer(1, [1, 2]).correct and t.answer(1, "1, 2").correct and t.answer(1, "2 and 1").correct
    fb = t.answer(1, [1])
    assert not fb.correct and "You left out choice 2" in fb.message
    fb = t.answer(1, [1, 2, 3])
    assert not fb.correct and "4 + 3 = 7 slices, not 5" in fb.message
    fb = t.answer(1, "7")
    assert not fb.correct and "no choice 7" in fb.message
    assert t.answer(2, 2).correct and t.answer(2, "no").correct
    fb = t.answer(2, 1)
    assert not fb.correct and "one card may never take one card" in fb.message.lower()
    assert t.answer(3, 2).correct
    fb = t.answer(3, 1)
    assert not fb.correct and "24 slices = 3 whole pizzas" in fb.message
    assert not t.answer(3, [2, 3]).correct, "one choice only"


def test_ticket_8plus() -> None:
    t = exit_ticket("8plus")
    q1 = t.questions[0]
    assert q1.expected() == {"tomato 3/4", "mushroom 6/8"}  # type: ignore[attr-defined]
    assert t.answer(1, "mushroom 6/8 and tomato 3/4").correct
    fb = t.answer(1, "tomato 3/4")
    assert not fb.correct and "You left out mushroom 6/8" in fb.message
    fb = t.answer(1, "tomato 3/4, pepper 3/4, mushroom 6/8")
    assert not fb.correct and "no pepper on the pizza" in fb.message
    fb = t.answer(1, "tomato 1/2, tomato 3/4, mushroom 6/8")
    assert not fb.correct and "1/2 = 4/8, not 6/8" in fb.message
    fb = t.answer(1, "cancel")
    assert not fb.correct and "not one of the cards" in fb.message
    # Q2 asks for eighths: an equal fraction in other terms is not the answer asked for
    assert t.answer(2, "6/8").correct
    fb = t.answer(2, "3/4")
    assert not fb.correct and "with 8 at the bottom" in fb.message
    fb = t.answer(2, "5/8")
    assert not fb.correct and "6/8" in fb.message
    # Q3 compares 1/8 with 1/4: choosing 1/8 is the "bigger denominator" misconception, named
    assert t.answer(3, 2).correct and t.answer(3, "1/4").correct
    fb = t.answer(3, 1)
    assert not fb.correct and "bigger number at the bottom means smaller parts" in fb.message
    assert "1/4 = 2/8" in fb.message
    fb = t.answer(3, 3)
    assert not fb.correct and "bigger number at the bottom" not in fb.message


def test_ticket_10plus() -> None:
    t = exit_ticket("10plus")
    assert t.answer(1, "yes").correct
    assert "composite" in t.answer(1, "no").message
    for answer in ("1 5/8", "13/8", "26/16"):
        assert t.answer(2, answer).correct, answer
    fb = t.answer(2, "-7/8")
    assert not fb.correct and "13/8" in fb.message
    # Q3 asks for a mixed number
    assert t.answer(3, "1 3/8").correct
    fb = t.answer(3, "11/8")
    assert not fb.correct and "mixed number" in fb.message and "1 3/8" in fb.message
    fb = t.answer(3, "1 1/4")
    assert not fb.correct and "11/8" in fb.message and "tops and the bottoms" not in fb.message
    # tops and bottoms added: the feedback says so, in every language
    for answer in ("8/12", "2/3"):
        fb = t.answer(3, answer)
        assert not fb.correct and "You added the tops and the bottoms" in fb.message, answer
        assert "common denominator" in fb.message
    assert "знаменател" in exit_ticket("10plus", "ru").answer(3, "8/12").message
    assert "знаменател" in exit_ticket("10plus", "bg").answer(3, "8/12").message


def test_final_score_question_agrees_with_the_engine() -> None:
    """10+ Q2 by hand (26/8 - 13/8) equals the engine's score with the penalty."""
    from sympy import Rational

    g = scenario(level="advanced", hands=[["tomato 5/8", "special mt"], []], stacks=[[], [], []],
                 piles=[["8/8 mp", "8/8 mt", "8/8 pt", "2/8 mt"], []])  # fmt: skip
    assert g.is_over() and g.scores()[0] == Rational(13, 8)


def test_summary() -> None:
    t = exit_ticket("8plus")
    assert t.summary() == "Exit ticket 8+: no answers yet (3 questions) — Q1 ? Q2 ? Q3 ?"
    for n in (1, 2, 3):  # Run All with the answers still empty claims nothing
        assert not t.answer(n, "").answered
    assert t.summary() == "Exit ticket 8+: no answers yet (3 questions) — Q1 ? Q2 ? Q3 ?"
    t.answer(1, "tomato 3/4, mushroom 6/8")
    assert t.summary() == "Exit ticket 8+: 1 of 3 right, 2 not answered yet — Q1 ✓ Q2 ? Q3 ?"
    t.answer(2, "3/4")
    t.answer(3, "2")
    assert t.summary() == "Exit ticket 8+: 2 of 3 right — Q1 ✓ Q2 ✗ Q3 ✓"
    t.answer(2, "6/8")  # the latest answer counts
    assert t.summary() == "Exit ticket 8+: 3 of 3 right — Q1 ✓ Q2 ✓ Q3 ✓"
    t.answer(3, "")  # rubbed out: not answered again
    assert t.summary() == "Exit ticket 8+: 2 of 3 right, 1 not answered yet — Q1 ✓ Q2 ✓ Q3 ?"
    ru = exit_ticket("8plus", language="ru")
    assert ru.summary() == "Билет на выход 8+: ответов пока нет (3 вопроса) — В1 ? В2 ? В3 ?"
    ru.answer(2, "6/8")
    assert ru.summary() == "Билет на выход 8+: верно 1 из 3, без ответа 2 — В1 ? В2 ✓ В3 ?"


@pytest.mark.parametrize("n", [0, 4, -1, "1", None, True])
def test_bad_question_number(n: Any) -> None:
    t = exit_ticket("6plus")
    fb = t.answer(n, "3")
    assert not fb.correct and "There is no question" in fb.message
    assert t.results == {}


@pytest.mark.parametrize("answer", [None, 3.5, {"a": 1}, "", "x" * 5000, ["3/8"] * 100, object()])
def test_ticket_garbage_never_raises(answer: Any) -> None:
    for name in ("6plus", "8plus", "10plus"):
        t = exit_ticket(name)
        for n in (1, 2, 3):
            fb = t.answer(n, answer)
            assert not fb.correct and fb.message
            fb._repr_html_()


def test_ticket_shows_itself() -> None:
    t = exit_ticket("10plus")
    page = t._repr_html_()
    assert page.count("<li>") == 3 and "Exit ticket 10+" in page
    assert "1." in repr(t)


def test_ask_widgets_check_answers() -> None:
    pytest.importorskip("ipywidgets")
    t = exit_ticket("8plus")
    box = t.ask()
    rows, summary = box.children[:-1], box.children[-1]
    assert len(rows) == 3
    text, button = rows[1].children[1].children
    text.value = "6/8"
    button.click()
    assert "✓" in rows[1].children[2].value
    assert t.results == {2: True}
    assert "1 of 3" in summary.value


def lesson_words(lang: str) -> dict[str, str]:
    """The lesson's messages in one language: the catalogue's ``lesson.*`` keys."""
    return {key: text for key, text in messages("delissimo", lang).items() if key.startswith("lesson.")}


def test_words_have_the_same_keys_and_placeholders() -> None:

    def fields(s: str) -> set[str]:
        return set(placeholders(s))

    english = lesson_words("en")
    assert english, "the lesson's words are in the catalogue"
    assert {key for key in keys("delissimo") if key.startswith("lesson.")} == set(english)
    for lang in ("ru", "bg"):
        assert set(lesson_words(lang)) == set(english), lang
        for key, text in lesson_words(lang).items():
            assert fields(text) == fields(english[key]), (lang, key)


def test_every_message_the_lesson_asks_for_is_in_the_catalogue() -> None:
    package = ROOT / "teachgames" / "delissimo" / "lesson"
    asked = {
        f"lesson.{key}"
        for path in package.glob("*.py")
        for key in re.findall(r"""\bmsg\(\s*f?["']([^"'{]+)["']""", path.read_text(encoding="utf-8"))
    }
    # keys named with an f-string (f"empty_{parameter}") are checked by the feedback tests;
    # the words every game shares are the shared lesson catalogue's (teachgames/lesson/locales)
    shared = {f"lesson.{k}" for k in messages("lesson", "en")}
    assert {"lesson.right", "lesson.summary", "lesson.bad_number"} <= shared
    assert {"lesson.capture_wrong", "lesson.capture_unequal", "lesson.no_answer"} <= asked
    assert asked <= set(lesson_words("en")) | shared, asked - set(lesson_words("en")) - shared


@pytest.mark.parametrize("lang", ["ru", "bg"])
def test_words_have_no_english_left(lang: str) -> None:
    import string

    words_of = lesson_words(lang)
    assert set(words_of) == set(lesson_words("en"))
    for key, text in words_of.items():
        # placeholders (such as {parameter}, the notebook's give= or take=) are filled in
        words = "".join(literal for literal, _, _, _ in string.Formatter().parse(text))
        assert not LATIN.search(words), (lang, key, text)


# ---------------------------------------------------------------------- Russian and Bulgarian

#: The pupil's answers every question of every ticket is asked in the sweep below: right,
#: wrong and garbage, in the notation and in the pupil's words.
SWEEP: list[Any] = [
    "1/8, 4/8", "2/8 and 3/8", "3/8 + 2/8", "1/8, 3/8", "9/8", "1/8 mp, 4/8 pt",
    "1/8 грибы+перец, 4/8 перец и томаты", "1/8 гъби и чушки; 4/8 чушки+домати",
    "tomato 3/4, mushroom 6/8", "томаты 3/4, грибы 6/8", "домати 3/4 и гъби 6/8", "томаты 3/4",
    "tomato 3/4, pepper 3/4, mushroom 6/8", "томаты 1/2, томаты 3/4, грибы 6/8",
    "чушки 3/4", "cancel", "срыв заказа", "special mt", "2/8 грибы и томаты", "банан", "banana",
    "томаты 9/4", "yes", "no", "да", "нет", "не", "may be", "3", "24/8", "2 7/8", "6/8", "3/4",
    "5/8", "1 5/8", "13/8", "-7/8", "1 3/8", "11/8", "1 1/4", "0.75", "3/0", "", "x" * 5000,
    "<b>tomato 3/4</b>", "__import__('os')", None, 3.5, 3, True, {"a": 1}, ["3/8"] * 100,
    ["томаты 3/4", "грибы 6/8"], [1, 2], object(),
]  # fmt: skip


def pupils_words(answer: Any) -> set[str]:
    """Latin words the pupil typed: these may be shown back to the pupil."""
    return {w.lower() for w in re.findall(r"[A-Za-z_]+", answer if isinstance(answer, str) else repr(answer))}


def english_left(text: str, allowed: set[str]) -> set[str]:
    """Latin words in ``text`` that are neither the pupil's nor allowed."""
    return {w for w in re.findall(r"[A-Za-z_]+", text) if w.lower() not in allowed}


def fixed_words(question: Any, lang: str) -> set[str]:
    """Latin words in the question's own fixed words (the note the lesson plan quotes
    word for word, e.g. "6/8 mt")."""
    texts = [getattr(question, "note", {}).get(lang, ""), getattr(question, "why_words", {}).get(lang, "")]
    return {w.lower() for t in texts for w in re.findall(r"[A-Za-z_]+", t)}


@pytest.mark.parametrize("lang", ["ru", "bg"])
@pytest.mark.parametrize("name", ["6plus", "8plus", "10plus"])
def test_feedback_speaks_the_pupils_language(name: str, lang: str) -> None:
    ticket = exit_ticket(name, language=lang)
    english = exit_ticket(name)
    for n, question in enumerate(ticket.questions, 1):
        for answer in SWEEP:
            fb = ticket.answer(n, answer)
            allowed = pupils_words(answer) | fixed_words(question, lang)
            for text in (fb.message, fb.text()):
                assert not english_left(text, allowed), (name, n, answer, text)
            fb._repr_html_()  # shows without error
            if not CYRILLIC.search(answer if isinstance(answer, str) else "") and answer not in ("yes", "no"):
                # an answer in the notation gets the same verdict in every language
                assert fb.correct == english.answer(n, answer).correct, (name, n, answer)


@pytest.mark.parametrize("lang", ["ru", "bg"])
def test_check_capture_speaks_the_pupils_language(lang: str) -> None:
    for p in PUZZLES.values():
        g = scenario(**p["scenario"])
        moves = [(c["give"], c["take"], None) for c in p["captures"]]
        if "give" in p["wrong"]:
            w = p["wrong"]
            moves.append((w["give"], w["take"], w["player"]))
        moves += [([], ["2/8 mt"], None), (["banana"], ["2/8 mt"], None), (3, 4, None)]
        for give, take, player in moves:
            fb = check_capture(g, give, take, player=player, language=lang)
            allowed = pupils_words(give) | pupils_words(take) | {"give", "take"}
            for text in (fb.message, fb.text()):
                assert not english_left(text, allowed), (p["name"], give, take, text)


def test_russian_ticket_reads_the_pupils_words() -> None:
    t = exit_ticket("8plus", language="ru")
    for answer in (
        "томаты 3/4, грибы 6/8",
        "Грибы 6/8 и томаты 3/4",
        "  томаты  3 / 4 ; грибы 6/8 ",
        ["томаты 3/4", "заказ «грибы 6/8»"],
        "tomato 3/4, mushroom 6/8",
        "3/4 томаты + 6/8 грибы",
        "помидоры 3/4, грибы 6/8",  # the everyday word is read too
    ):
        fb = t.answer(1, answer)
        assert fb.correct, (answer, fb.message)
        assert fb.message.startswith("Верно! Заказ «томаты 3/4» может (3/4 = 6/8")
    fb = t.answer(1, "томаты 3/4, перец 3/4, грибы 6/8")
    assert not fb.correct
    assert fb.message == (
        "Не совсем. Заказ «перец 3/4» не может взять эту пиццу: 3/4 = 6/8 — величина верная, "
        "но на пицце нет начинки «перец»."
    )
    fb = t.answer(1, "томаты 3/4")
    assert not fb.correct and "Пропущен заказ «грибы 6/8»" in fb.message
    fb = t.answer(1, "томаты 1/2, томаты 3/4, грибы 6/8")
    assert not fb.correct and "1/2 = 4/8, а не 6/8" in fb.message
    fb = t.answer(1, "2/8 грибы и томаты")
    assert (
        not fb.correct and fb.message == "2/8 пиццы (грибы+томаты) — этой карты нет среди карт в вопросе."
    )
    fb = t.answer(1, "бананы 3/4")
    assert not fb.correct and "«бананы 3/4»" in fb.message and "заказ «томаты 3/4»" in fb.message
    assert t.summary().startswith("Билет на выход 8+: верно 0 из 3")


def test_bulgarian_ticket_reads_the_pupils_words() -> None:
    t = exit_ticket("8plus", language="bg")
    assert t.answer(1, "домати 3/4, гъби 6/8").correct
    assert t.answer(1, "гъби 6/8 и домати 3/4").correct
    fb = t.answer(1, "домати 3/4, чушки 3/4, гъби 6/8")
    assert not fb.correct and "на пицата няма съставка „чушки“" in fb.message
    assert fb.message.startswith("Не съвсем. Поръчка „чушки 3/4“ не може")
    fb = t.answer(1, "домати 3/4")
    assert not fb.correct and "Пропусна поръчка „гъби 6/8“" in fb.message


def test_6plus_ticket_speaks_in_slices_and_is_answered_by_number() -> None:
    for lang, yes, no in (("ru", "да", "нет"), ("bg", "да", "не")):
        t = exit_ticket("6plus", language=lang)
        for question in t.questions:
            assert "/" not in question.text(lang), "no written fractions at 6+"
        assert t.answer(1, "1, 2").correct and t.answer(2, no).correct and not t.answer(2, yes).correct
        assert t.answer(3, 2).correct
    assert "4 + 3 = 7 кусков, а не 5" in exit_ticket("6plus", "ru").answer(1, [1, 3]).message


def test_check_capture_reads_the_pupils_words() -> None:
    g = toppings_puzzle()
    fb = check_capture(g, "томаты 1/4, перец 1/2", "6/8 перец+томаты", language="ru")
    assert fb.correct and "1/4 + 1/2 = 2/8 + 4/8 = 6/8" in fb.message
    fb = check_capture(g, ["домати 1/4", "чушки 1/2"], ["6/8 чушки и домати"], language="bg")
    assert fb.correct
    fb = check_capture(g, ["грибы 2/8", "перец 1/2"], ["6/8 перец и томаты"], language="ru")
    assert not fb.correct and "нет начинки «грибы»" in fb.message
    fb = check_capture(g, ["томаты 9/4"], ["2/8 mt"], language="ru")
    assert not fb.correct and fb.message.startswith("Не получается прочитать карту: «томаты 9/4»")
    fb = check_capture(g, [], ["2/8 mt"], language="ru")
    assert fb.message == 'Напиши хотя бы одну карту, которую отдаёшь, например give=["2/8 грибы+томаты"].'
    fb = check_capture(g, [], ["2/8 mt"], language="bg")
    assert fb.message == 'Напиши поне една карта, която даваш, например give=["2/8 гъби+домати"].'
    # the examples the messages give are read back
    assert check_capture(g, ["2/8 грибы+томаты"], ["4/8 перец+томаты"], language="ru").message


@pytest.mark.parametrize("lang", ["en", "ru", "bg"])
def test_warmups_aim_at_the_misconceptions_the_plans_name(lang: str) -> None:
    from teachgames.delissimo.lesson.plans import WARMUPS

    tops = WARMUPS["sum"].check("4/10", lang)
    assert not tops.correct and tops.message == " ".join(
        [
            tr("lesson.tops_bottoms", lang, terms="1/2 + 3/8", wrong="4/10"),
            tr("delissimo.lesson.warmup.sum_why", lang),
        ]
    )
    assert WARMUPS["sum"].check("7/8", lang).correct
    bigger = WARMUPS["compare"].check(1, lang)
    assert not bigger.correct and tr("lesson.bigger_denominator", lang) in bigger.message
    assert WARMUPS["compare"].check(2, lang).correct


@pytest.mark.parametrize("lang", ["ru", "bg"])
def test_tickets_name_cards_in_the_pupils_words(lang: str) -> None:
    """No English card notation ("tomato 3/4", "6/8 mt", "special mt") in a Russian or
    Bulgarian ticket: the pupil reads the cards as they would type them."""
    for name in TICKETS:
        for question in exit_ticket(name, lang).questions:
            text = (
                question.text(lang) + " " + question.extra("note", lang) + " " + question.extra("why", lang)
            )
            assert not LATIN.search(text), (name, text)


def test_a_choice_questions_options_are_numbered_as_the_pupil_answers_them() -> None:
    """The ticket asks for the option's number; JupyterLab's stylesheet letters nested
    lists (A. B. C.) unless the list says it counts in numbers."""
    import re

    ticket = exit_ticket("8plus", language="ru")
    page = ticket._repr_html_()
    nested = re.findall(r"<ol[^>]*>", page)[1:]
    assert nested, "the 8+ ticket has a question with options"
    assert all("list-style-type:decimal" in tag for tag in nested)
