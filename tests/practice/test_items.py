"""Practice items as a pupil and a teacher meet them: every game and skill deals items, the
right answer as printed is marked right, every misconception's answer is named, the same
seed deals the same item, and the answers are the engines' own."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from sympy import Rational, nsimplify

import teachgames
from teachgames import practice
from teachgames.core.i18n import LANGUAGES, missing_keys, placeholder_problems
from teachgames.practice.item import Item

SEEDS = (0, 1, 2)


def every_skill() -> Iterator[tuple[str, str]]:
    for game in practice.games():
        for skill in practice.skills(game):
            yield game, skill.id


SKILLS = list(every_skill())


def items(game: str, skill_id: str, language: str = "en") -> Iterator[Item]:
    skill = practice.skill(game, skill_id)
    for level in range(1, skill.levels + 1):
        for seed in SEEDS:
            yield practice.item(game, skill_id, seed=seed, level=level, language=language)


def value(answer: object) -> Rational:
    """An amount answer's exact value (a Printed or Mixed number is worth its Rational)."""
    doit = getattr(answer, "doit", None)
    return Rational(doit() if doit else answer)  # type: ignore[arg-type]


def test_from_teachgames_import_practice_works_lazily() -> None:
    assert teachgames.practice is practice
    assert practice.skills("delissimo") is practice.skills("delissimo")


@pytest.mark.parametrize("game", teachgames.GAMES)
def test_every_game_has_skills_named_in_three_languages_and_taught_by_real_screens(game: str) -> None:
    from teachgames.lesson import activity_spec

    skills = practice.skills(game)
    assert skills, f"{game} has no practice"
    assert len({s.id for s in skills}) == len(skills)
    for skill in skills:
        titles = {lang: skill.title(lang) for lang in LANGUAGES}
        assert len(set(titles.values())) == 3, titles  # really translated
        assert skill.lessons, f"{game}/{skill.id} names no lesson screen"
        for place in skill.lessons:
            lesson, part, screen = place.split(".")
            spec = activity_spec(game, lesson, part)
            assert screen in [s.id for s in spec.screens], f"{game}/{skill.id}: no screen {place}"


def test_the_games_levels_are_all_practised() -> None:
    levels = {s.game_level for s in practice.skills("delissimo")}
    assert levels == {"beginner", "whole", "basic", "advanced"}
    assert {s.age for g in teachgames.GAMES for s in practice.skills(g)} >= {"6+", "8+", "10+"}


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_every_practice_word_exists_in_russian_and_bulgarian(language: str) -> None:
    assert missing_keys("practice", language) == []
    assert placeholder_problems("practice", language) == []


@pytest.mark.parametrize(("game", "skill_id"), SKILLS)
def test_the_answer_as_printed_is_right_and_each_misconception_is_named(game: str, skill_id: str) -> None:
    named = 0
    for item in items(game, skill_id):
        assert item.prompt
        assert item.check(str(item.answer)).correct, (item, str(item.answer))
        for key, wrong in item.wrong_answers().items():
            mark, keys = item.diagnose(wrong)
            assert mark.outcome == "wrong" and key in keys, (item, key, wrong, mark)
            if len(keys) == 1:
                assert mark.misconception == key and mark.line == item.skill.rule(key).line("en")
            named += 1
    assert named, f"{game}/{skill_id}: no item gave a misconception's answer"


@pytest.mark.parametrize(("game", "skill_id"), SKILLS)
def test_the_same_seed_deals_the_same_item_and_other_seeds_others(game: str, skill_id: str) -> None:
    def seen(seed: int) -> tuple[str, str, str]:
        item = practice.item(game, skill_id, seed=seed, level=2, language="ru")
        return item.prompt, str(item.answer), json.dumps(item.wrong_answers(), sort_keys=True)

    assert seen(5) == seen(5)
    assert len({seen(s) for s in range(6)}) > 1


@pytest.mark.parametrize(("game", "skill_id"), SKILLS)
def test_the_worked_solution_ends_on_the_answer(game: str, skill_id: str) -> None:
    """The explanation is exact and agrees with the item: an amount's last step equals the
    answer; a capture's explanation is the engine's verdict that the right pick is legal."""
    for item in items(game, skill_id):
        explanation = item.explanation
        assert explanation.text()
        if item.kind == "amount":
            # the last equation (a remark such as "−1 < 0" may follow it)
            last = [s for s in explanation.steps if s.chain and (not s.relations or s.relations[-1] == "=")][
                -1
            ]
            assert nsimplify(last.chain[-1].doit()) == value(item.answer), (item, explanation.text())
        elif skill_id.startswith("capture"):
            assert explanation.verdict is True


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_six_year_old_reads_no_written_fraction(language: str) -> None:
    for skill in practice.skills("delissimo"):
        if skill.age != "6+":
            continue
        for item in items("delissimo", skill.id, language):
            shown = [item.prompt, *item.hints(), *(c["label"] for c in item.choices())]
            assert not any("/" in text for text in shown), shown


def test_slices_are_read_with_their_unit_in_every_language() -> None:
    item = practice.item("delissimo", "count_slices", seed=1, level=2)
    n = item.answer
    assert isinstance(n, int)
    for typed in (f"{n}", f"{n} slices", f"{n} кусочков", f"{n} парчета"):
        assert item.check(typed).correct, typed
    assert item.check(f"{n} pizzas").outcome == "unread"


def test_an_answer_in_eighths_must_be_written_in_eighths() -> None:
    item = practice.item("delissimo", "eighths", seed=0, level=2)
    assert str(item.answer).endswith("/8")
    p = item.problem.facts["p"]
    q = item.problem.facts["q"]
    assert item.check(f"{p}/{q}").outcome == "form"  # the right amount, not in eighths: no try used


# ---------------------------------------------------------------------- the engines agree


def test_delissimo_amounts_are_the_cards_values() -> None:
    from teachgames.delissimo.cards import parse_card

    for seed in SEEDS:
        item = practice.item("delissimo", "whole_and_left", seed=seed, level=3)
        total = sum(parse_card(c).value for c in item.problem.facts["cards"])
        assert value(item.answer) == total
        item = practice.item("delissimo", "eighths", seed=seed, level=3)
        assert value(item.answer) == parse_card(item.problem.facts["card"]).value


def test_delissimo_captures_are_judged_by_the_engine() -> None:
    from teachgames.delissimo import scenario

    for seed in SEEDS:
        item = practice.item("delissimo", "capture", seed=seed, level=2)
        facts = item.problem.facts
        hand = [o[0] for o in facts["orders"]]
        game = scenario(level="basic", hands=[hand, []], stacks=[[facts["table"]], [], []])
        move = {"kind": "capture", "player": 0, "give": list(item.answer), "take": [facts["table"]]}
        assert game.problem(move) is None
        for wrong in item.rule_answers():
            bad = {"kind": "capture", "player": 0, "give": list(wrong[1]), "take": [facts["table"]]}
            assert game.problem(bad) is not None
        item = practice.item("delissimo", "capture6", seed=seed, level=2)
        facts = item.problem.facts
        centre = list(facts["cards"].values())
        game = scenario(level="beginner", hands=[[facts["hand"]], []], centre=centre)
        take = [facts["cards"][i] for i in item.answer]
        assert game.problem({"kind": "capture", "player": 0, "give": [facts["hand"]], "take": take}) is None


def test_tsvetik_scores_are_the_engines() -> None:
    from teachgames import tsvetik

    for skill in ("score_colour", "negative_total"):
        for seed in SEEDS:
            item = practice.item("tsvetik", skill, seed=seed, level=2)
            assert item.answer == tsvetik.score_cards(item.problem.facts["cards"])[0]
    item = practice.item("tsvetik", "chance", seed=4, level=3)
    cards = item.problem.facts["cards"]
    assert value(item.answer) == Rational(cards.count(item.problem.facts["colour"]), len(cards))


def test_ligretto_points_are_the_engines() -> None:
    from teachgames import ligretto
    from teachgames.ligretto.practice import _played_round

    for index in range(3):
        for centre, left, points in _played_round(index):
            assert ligretto.round_score(centre, left)[0] == points
    item = practice.item("ligretto", "round_points", seed=2, level=1)
    facts = item.problem.facts
    assert item.answer == ligretto.round_score(facts["centre"], facts["left"])[0]


def test_split_answers_are_the_engines() -> None:
    from teachgames import split

    for seed in SEEDS:
        item = practice.item("split", "pad_score", seed=seed, level=3)
        assert item.answer == split.pad_score(**item.problem.facts["marks"])[0]
        item = practice.item("split", "name_pair", seed=seed, level=2)
        kinds = [split.match_type(a, b) for a, b in item.problem.facts["pairs"]]
        assert list(item.answer) == kinds


# ---------------------------------------------------------------------- bad input


@pytest.mark.parametrize("answer", [None, "", "   ", 12, "x" * 500, "3/0", "drop table", ["a"], object()])
def test_any_input_is_marked_without_an_error(answer: object) -> None:
    for game, skill_id in (("delissimo", "add_unlike"), ("delissimo", "compare"), ("split", "name_pair")):
        mark = practice.item(game, skill_id, seed=0).check(answer)
        assert mark.outcome in ("unread", "wrong") and mark.line


def test_picks_are_read_by_notation_or_by_the_pupils_words() -> None:
    item = practice.item("split", "name_pair", seed=2, level=1, language="ru")
    words = {"perfect": "идеальная", "strong": "СИЛЬНАЯ", "weak": "слабая"}
    assert item.check(", ".join(words[k] for k in item.answer)).correct
    assert item.check(list(item.answer)).correct
    assert item.check("сильная").outcome == "unread"  # one name for several pairs


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda: practice.item("delissimo", "no_such_skill"), "eighths"),
        (lambda: practice.item("delissimo", "eighths", level=9), "1 to 3"),
        (lambda: practice.item("delissimo", "eighths", seed="x"), "whole number"),  # type: ignore[arg-type]
        (lambda: practice.skills("no_such_game"), "delissimo"),
    ],
)
def test_a_wrong_request_is_a_clear_error(call: object, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        call()  # type: ignore[operator]


def test_a_probe_deals_an_item_on_which_that_misconception_answers_wrongly() -> None:
    for seed in SEEDS:
        for key in ("topping_ignored", "tops_and_bottoms"):
            item = practice.item("delissimo", "capture", seed=seed, level=2, probe=key)
            assert key in item.wrong_answers(), (seed, key)
            assert item.check(item.wrong_answers()[key]).misconception == key
