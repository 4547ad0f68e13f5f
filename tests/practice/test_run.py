"""One pupil's practice as a teacher would watch it: a misconception is found, a pupil who
knows the skill is trusted soon and a guesser is not, hints and the second try work, a
mastered skill comes back for review, and the run survives a reload."""

from __future__ import annotations

import json

import pytest

from teachgames import practice
from teachgames.core.rng import Chance
from teachgames.practice import pupils
from teachgames.practice.item import Item
from teachgames.practice.mastery import DEFAULT, MASTERED, items_to_master
from teachgames.practice.model import Problem, Rule, Skill, words
from teachgames.practice.run import Practice

NAMED = [
    ("delissimo", "add_unlike", "tops_and_bottoms"),
    ("delissimo", "compare", "bigger_denominator"),
    ("delissimo", "whole_and_left", "whole_dropped"),
    ("delissimo", "regroup", "not_regrouped"),
    ("delissimo", "regroup", "sign"),
    ("delissimo", "capture6", "one_for_one"),
    ("tsvetik", "negative_total", "added_negative"),
    ("split", "pad_score", "forgot_negative"),
    ("ligretto", "round_points", "not_doubled"),
]


@pytest.mark.parametrize(("game", "skill", "key"), NAMED)
def test_a_pupil_holding_a_misconception_is_diagnosed_within_five_items(
    game: str, skill: str, key: str
) -> None:
    for seed in range(3):
        outcome = pupils.run(game, skill, pupils.holder(key), seed=seed, items=5, want=key, stop="diagnosed")
        assert outcome.diagnosed is not None, (game, skill, key, seed)


def test_every_rule_of_every_skill_is_diagnosed_on_its_own() -> None:
    for game in practice.games():
        for skill in practice.skills(game):
            for rule in skill.rules:
                outcome = pupils.run(game, skill.id, pupils.holder(rule.key), seed=7, items=5, want=rule.key)
                assert outcome.diagnosed is not None, (game, skill.id, rule.key)


def test_a_pupil_who_knows_is_mastered_within_six_and_a_guesser_is_not() -> None:
    assert items_to_master() <= 6
    for game in practice.games():
        for skill in practice.skills(game):
            knows = pupils.run(game, skill.id, pupils.knower, seed=3, items=6, stop="mastered")
            assert knows.mastered is not None and knows.mastered <= 6, (game, skill.id)
            held = pupils.run(game, skill.id, pupils.holder(skill.rules[0].key), seed=3, items=6)
            assert held.mastered is None, (game, skill.id)
    for seed in range(20):
        guessed = pupils.run(
            "delissimo", "eighths", pupils.Guesser(seed), seed=seed, items=20, stop="mastered"
        )
        assert guessed.mastered is None


def test_a_right_answer_raises_mastery_and_a_miss_lowers_it() -> None:
    p = Practice("tsvetik", ["chance"], seed=1)
    before = p.mastery()["chance"]
    assert p.answer(str(p.item.answer)).correct
    up = p.mastery()["chance"]
    p.next()
    p.answer(p.item.wrong_answers()["odds"])
    assert up > before and p.mastery()["chance"] < up


def test_a_miss_gets_a_second_try_then_the_worked_solution_then_a_fresh_similar_item() -> None:
    p = Practice("delissimo", ["add_unlike", "eighths"], seed=4)
    first = p.item
    wrong = first.wrong_answers()["tops_and_bottoms"]
    mark = p.answer(wrong)
    assert mark.misconception == "tops_and_bottoms" and not p.done
    assert p.answer("not a number").outcome == "unread" and not p.done  # no try used
    p.answer(wrong)
    assert p.done
    assert p.answer(str(first.answer)).outcome == "unread"  # finished: nothing changes
    assert p.solution().text()
    nxt = p.next()
    assert nxt.skill.id == "add_unlike" and nxt.prompt != first.prompt


def _after(first: str, skill: str = "eighths", hint: bool = False, solution: bool = False) -> float:
    p = Practice("delissimo", [skill], seed=2)
    if hint:
        p.hint()
    if solution:
        p.solution()
    else:
        p.answer(str(p.item.answer) if first == "right" else "0")
    return p.mastery()[skill]


def test_the_hint_ladder_ends_and_a_hint_before_trying_counts_as_help() -> None:
    p = Practice("delissimo", ["eighths"], seed=2)
    ladder = []
    while (hint := p.hint()) is not None:
        ladder.append(hint)
    assert 1 <= len(ladder) <= 3 and ladder == p.item.hints()
    assert p.answer(str(p.item.answer)).correct
    # right after a hint counts as a miss for mastery: helped is not known yet
    assert _after("right", hint=True) == _after("wrong") < _after("right")


def test_a_solution_asked_before_any_try_counts_as_a_miss() -> None:
    assert _after("", solution=True) == _after("wrong") < _after("right")


def test_a_mastered_skill_comes_back_for_review() -> None:
    p = Practice("tsvetik", ["score_colour", "chance"], seed=0)
    seen = []
    for _ in range(30):
        seen.append(p.item.skill.id)
        p.answer(str(p.item.answer))
        p.next()
    assert all(p.mastered().values())
    # both are mastered by item 10; afterwards each still comes back now and then
    later = seen[12:]
    assert later.count("score_colour") >= 2 and later.count("chance") >= 2


def test_a_misconception_once_held_is_let_go_when_the_pupil_answers_right() -> None:
    p = Practice("delissimo", ["add_unlike"], seed=5)
    for _ in range(2):
        p.answer(p.item.wrong_answers()["tops_and_bottoms"])
        p.answer(p.item.wrong_answers()["tops_and_bottoms"])
        p.next()
    assert p.held() == {"add_unlike": "tops_and_bottoms"}
    for _ in range(2):
        p.answer(str(p.item.answer))
        p.next()
    assert p.held() == {"add_unlike": None}


def test_the_same_seed_and_answers_give_the_same_run() -> None:
    def prompts(seed: int) -> list[str]:
        p = Practice("delissimo", seed=seed, language="bg")
        out = []
        for n in range(8):
            out.append(p.item.prompt)
            p.answer(str(p.item.answer) if n % 3 else "1")
            p.next()
        return out

    assert prompts(3) == prompts(3)
    assert prompts(3) != prompts(4)


def test_progress_is_kept_as_json_and_goes_on_where_it_was() -> None:
    p = Practice("delissimo", ["add_unlike", "compare"], seed=9, language="ru")
    p.answer(p.item.wrong_answers()["tops_and_bottoms"])
    p.hint()
    kept = json.loads(json.dumps(p.to_dict()))
    again = Practice.from_dict(kept)
    assert again.item.prompt == p.item.prompt and again.mastery() == p.mastery()
    assert again.current.tries == 1 and again.current.hints == 1
    assert again.answer(str(p.item.answer)).correct


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(version=99),
        lambda d: d.update(game="no_such_game"),
        lambda d: d["states"]["compare"].update(known=7),
        lambda d: d["current"].update(skill="eighths"),
        lambda d: d.update(count="x"),
        lambda d: d.pop("states"),
    ],
)
def test_a_damaged_progress_record_is_a_clear_error(damage: object) -> None:
    record = Practice("delissimo", ["add_unlike", "compare"], seed=9).to_dict()
    damage(record)  # type: ignore[operator]
    with pytest.raises(ValueError, match="cannot be read"):
        Practice.from_dict(record)
    with pytest.raises(ValueError, match="не читается"):
        Practice.from_dict(record, language="ru")


def test_a_wrong_skill_list_is_refused_in_the_pupils_language() -> None:
    with pytest.raises(ValueError, match="eighths"):
        Practice("delissimo", ["nope"], language="en")
    with pytest.raises(ValueError, match="Выбери"):
        Practice("delissimo", "eighths", language="ru")


def test_two_rules_giving_the_same_answer_are_both_named_honestly() -> None:
    def make(_stream: Chance, _level: int) -> Problem:
        return Problem(
            "twin",
            words("practice.widget.title"),
            "amount",
            (3, 4),
            lambda language: None,  # type: ignore[arg-type,return-value]
            facts={"terms": [(1, 2), (1, 2)]},
        )

    skill = Skill(
        "delissimo",
        "twin",
        "basic",
        "8+",
        make,
        (Rule("tops_and_bottoms", lambda p: (2, 4)), Rule("bottom_kept", lambda p: (1, 2))),
    )
    item = Item(skill, make(Chance(0), 1), "en", 0, 1)
    mark, keys = item.diagnose("2/4")
    assert keys == ("tops_and_bottoms", "bottom_kept")
    assert "2 different mistakes" in mark.line and "tops and bottoms added" in mark.line
    p_item = item.wrong_answers()
    assert p_item == {"tops_and_bottoms": "2/4", "bottom_kept": "1/2"}


def test_a_lessons_exit_ticket_offers_its_skills_as_practice() -> None:
    skills = practice.ticket_skills("delissimo", "8plus")
    assert {"eighths", "compare", "capture"} <= set(skills)
    p = Practice("delissimo", skills)
    assert p.item.skill.id in skills


def test_the_shipped_parameters_need_five_right_first_tries() -> None:
    assert items_to_master(DEFAULT) == 5 and 0 < DEFAULT.known < MASTERED
