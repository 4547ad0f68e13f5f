"""The teacher's side of practice: the skill × pupil grid from the pupils' saved records,
the parameters refit from the class's answers, and a printed sheet from the weakest skills."""

from __future__ import annotations

from typing import Any

from teachgames import practice
from teachgames.core.rng import Chance
from teachgames.practice import pupils
from teachgames.practice.mastery import DEFAULT, Parameters, fit, likelihood

SKILLS = ["add_unlike", "eighths"]


def record(pupil: pupils.Pupil, seed: int, items: int = 10) -> dict[str, Any]:
    p = practice.Practice("delissimo", SKILLS, seed=seed)
    for _ in range(items):
        item = p.item
        mark = p.answer(pupil(item, 1))
        if not mark.correct and not p.done:
            p.answer(pupil(item, 2))
        p.next()
    return p.to_dict()


def test_the_grid_shows_who_needs_help_with_what_and_the_mistake_each_makes() -> None:
    records = {
        "Ира": record(pupils.holder("tops_and_bottoms"), 1),
        "<b>Tom</b>": record(pupils.knower, 2),
    }
    grid = practice.class_grid(records, language="ru")
    assert grid["pupils"] == ["Ира", "<b>Tom</b>"]  # the one who needs help first
    add = next(r for r in grid["rows"] if r["skill"] == "add_unlike")
    ira, tom = add["cells"]
    assert ira["held"] == "tops_and_bottoms" and ira["held_title"] == "сложены числители и знаменатели"
    assert tom["held"] is None and tom["status"] == "mastered"
    page = practice.grid_html(grid)
    assert "&lt;b&gt;Tom&lt;/b&gt;" in page and "<b>Tom" not in page  # a name is text
    assert "сложены числители и знаменатели" in page and "✓" in page


def test_the_weakest_skills_come_first_and_make_a_sheet_with_its_key() -> None:
    records = [record(pupils.holder("bottom_only"), 3), record(pupils.knower, 4)]
    weakest = practice.weakest(records, n=1)
    assert weakest == ["eighths"]  # a misconception held there
    sheet = practice.sheet("delissimo", weakest, items=3, seed=2, language="bg")
    assert len(sheet["items"]) == 3 and sheet["sheet"].startswith("# Лист за упражнение")
    for item in sheet["items"]:
        assert item["question"] in sheet["sheet"] and item["answer"] not in sheet["sheet"]
        assert item["answer"] in sheet["key"]
    assert sheet == practice.sheet("delissimo", weakest, items=3, seed=2, language="bg")


def _class(true: Parameters, pupils_n: int = 60, items: int = 12) -> list[list[bool]]:
    chance = Chance(5)
    out = []
    for _ in range(pupils_n):
        knows, seq = chance.random() < true.known, []
        for _ in range(items):
            seq.append(chance.random() >= true.slip if knows else chance.random() < true.guess)
            knows = knows or chance.random() < true.learn
        out.append(seq)
    return out


def test_refit_finds_the_parameters_behind_a_class_better_than_the_shipped_ones() -> None:
    true = Parameters(known=0.35, learn=0.15, slip=0.1, guess=0.2)
    data = _class(true)
    fitted = fit(data)
    assert sum(likelihood(s, fitted) for s in data) > sum(likelihood(s, DEFAULT) for s in data)
    assert abs(fitted.known - true.known) <= 0.15 and fitted.guess <= 0.3
    assert fit([[True, False]]) == DEFAULT  # too few answers: the shipped ones


def test_refit_reads_the_runs_records() -> None:
    records = [record(pupils.Learner(0.3, seed=s), s, items=12) for s in range(4)]
    params = practice.refit(records)
    assert set(params) == set(SKILLS)
    assert all(isinstance(p, Parameters) for p in params.values())
    run = practice.Practice("delissimo", SKILLS, params=params)
    assert run.mastery()["eighths"] == params["eighths"].known
