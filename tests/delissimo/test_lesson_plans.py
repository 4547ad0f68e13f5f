"""The lesson plans say what the notebooks and the game say, so the two cannot drift apart.

1. **Refusals.** Every refusal a plan quotes is the game's own words for that move:
   ``g.problem(move).words(language)``, in English in the plan ("The game refuses it: “…”"),
   in Russian and Bulgarian in the teacher's notes ("программа отвечает: «…»",
   "програмата отговаря: «…»"). Each puzzle's tempting wrong answer is quoted, and nothing
   else is quoted that the game does not say. The same holds for docs/delissimo.md.
2. **The lesson.** Each plan (English, and the Russian and Bulgarian notes) holds the block
   computed from the lesson itself (:mod:`teachgames.lesson.plans`): the parts' minutes
   (45 in all, the exit ticket inside them) and every activity screen's answer and likely
   wrong answers with the misconception each shows.
3. **Advice.** Where a plan or the docs advise ``max_dots=1`` at 8+ or 10+, they also take the
   action cards out (``max_dots`` keeps them), and the advised call deals no action card.
   docs/delissimo.md names the switch of every Decision the rules offer.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
DOCS = ROOT / "docs" / "delissimo.md"
DATA = json.loads((LESSONS / "puzzles.json").read_text(encoding="utf-8"))
PUZZLES: list[dict[str, Any]] = DATA["puzzles"]
REPLAYS: list[dict[str, Any]] = DATA["replays"]
PLANS = ["delissimo-6plus", "delissimo-8plus", "delissimo-10plus"]
#: The lesson plans and the puzzles for a second lesson (not screens of a lesson).
QUOTING = [*PLANS, "delissimo-more"]
LANGUAGES = ("en", "ru", "bg")


def norm(text: str) -> str:
    """Whitespace collapsed, so line wrapping in the Markdown never matters."""
    return " ".join(text.split())


def plan_text(plan: str) -> str:
    return (LESSONS / f"{plan}.md").read_text(encoding="utf-8")


def between(text: str, start: str, end: str) -> str:
    assert start in text, f"missing {start!r}"
    after = text.split(start, 1)[1]
    assert end in after, f"missing {end!r} after {start!r}"
    return after.split(end, 1)[0]


#: Where each language speaks in a plan: the English body, then the two teacher's notes.
def language_part(text: str, language: str) -> str:
    ru_head, bg_head = "## Заметки для учителя (русский)", "## Бележки за учителя (български)"
    if language == "en":
        return text.split(ru_head, 1)[0]
    if language == "ru":
        return between(text, ru_head, bg_head)
    return text.split(bg_head, 1)[1]


# --------------------------------------------------------------------------------------
# 1. Refusals

#: How each language introduces the game's words; the quote may hold one level of
#: nested quotes (the Russian reasons quote a topping as «грибы»).
REFUSAL = {
    "en": re.compile(r"[Tt]he game refuses it: “([^”]*)”"),
    "ru": re.compile(r"программа отвечает: «((?:[^«»]|«[^«»]*»)*)»"),
    "bg": re.compile(r"програмата отговаря: «((?:[^«»]|«[^«»]*»)*)»"),
}


def quoted_refusals(text: str, language: str) -> list[str]:
    return REFUSAL[language].findall(norm(text))


def engine_words(game: Any, move: dict[str, Any], language: str) -> str:
    problem = game.problem(move)
    assert problem is not None, f"the game allows {move}"
    words: str = problem.words(language)
    return words


def wrong_move(puzzle: dict[str, Any]) -> dict[str, Any]:
    wrong = puzzle["wrong"]
    return {"kind": "capture", "player": wrong["player"], "give": wrong["give"], "take": wrong["take"]}


def puzzle_game(puzzle: dict[str, Any]) -> Any:
    from teachgames.delissimo import scenario

    return scenario(**puzzle["scenario"])


def replay_game(replay: dict[str, Any]) -> Any:
    import teachgames

    return teachgames.new_game(
        "delissimo",
        level=replay["level"],
        players=replay["players"],
        seed=replay["seed"],
        rules=replay.get("rules"),
    )


def puzzles_of(plan: str) -> list[dict[str, Any]]:
    return [p for p in PUZZLES if p["plan"] == plan]


def plan_refusals(plan: str, language: str) -> list[str]:
    """The game's words for every refusal the plan quotes in ``language``, in plan order:
    the replay's refused moves (English only), then each puzzle's tempting wrong answer."""
    out: list[str] = []
    if language == "en":
        for replay in REPLAYS:
            if replay["plan"] == plan:
                game = replay_game(replay)
                out += [engine_words(game, r["move"], language) for r in replay.get("refused", [])]
    for puzzle in puzzles_of(plan):
        if "give" in puzzle["wrong"]:
            out.append(engine_words(puzzle_game(puzzle), wrong_move(puzzle), language))
    return out


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if "give" in p["wrong"]], ids=lambda p: p["name"])
def test_each_puzzle_quotes_the_games_refusal(puzzle: dict[str, Any]) -> None:
    """Under the puzzle's marker the plan quotes exactly the game's words for the wrong move."""
    text = plan_text(puzzle["plan"])
    part = text.split(f"<!-- puzzle: {puzzle['name']} -->", 1)[1].split("<!-- puzzle:", 1)[0]
    part = language_part(part, "en")
    assert quoted_refusals(part, "en") == [engine_words(puzzle_game(puzzle), wrong_move(puzzle), "en")]
    assert norm(puzzle["wrong"]["why"]) in norm(part)  # and the teacher's explanation of it


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("plan", QUOTING)
def test_every_quoted_refusal_is_the_games_words(plan: str, language: str) -> None:
    """All the quotes of one language in a plan, in order: no stale wording is left anywhere
    (the Russian and Bulgarian notes quote each puzzle's trap in their own language)."""
    part = language_part(plan_text(plan), language)
    assert quoted_refusals(part, language) == plan_refusals(plan, language)


@pytest.mark.parametrize("plan", QUOTING)
def test_no_refusal_is_paraphrased_as_the_games_words(plan: str) -> None:
    text = plan_text(plan)
    assert not re.search(r"\bRefused:", text), "quote the game: 'The game refuses it: “…”'"
    for language in ("ru", "bg"):
        # Each language's quotes sit in its own note, not in another's.
        for other in LANGUAGES:
            if other != language:
                assert not quoted_refusals(language_part(text, other), language)


def test_the_docs_quote_the_games_refusal() -> None:
    """docs/delissimo.md quotes one refusal: a composite order at 8+."""
    from teachgames.delissimo import scenario

    game = scenario(
        level="basic",
        hands=[["pepper 1/2", "tomato 3/8"], ["mushroom 1"]],
        stacks=[["2/8 pt", "4/8 mp"], ["5/8 pt", "3/8 mt"], ["6/8 mp", "1/8 pt"]],
        orders=["tomato 1/2", "pepper 1/4"],
    )
    move = {
        "kind": "capture",
        "player": 0,
        "give": ["pepper 1/2", "tomato 3/8"],
        "take": ["2/8 pt", "5/8 pt"],
    }
    problem = game.problem(move)
    assert problem is not None and problem.code == "composite"
    assert quoted_refusals(DOCS.read_text(encoding="utf-8"), "en") == [engine_words(game, move, "en")]


# --------------------------------------------------------------------------------------
# 2. The lesson itself: timing, screens, answers and likely wrong answers


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("plan", PLANS)
def test_each_plan_holds_the_lessons_computed_block(plan: str, language: str) -> None:
    """Each plan (and its Russian and Bulgarian notes) carries the block computed from the
    lesson: the parts' minutes, every activity's screens, answers and likely wrong answers."""
    from teachgames.lesson.plans import BLOCK, block

    found = {(m["lesson"], m["language"]): m["body"] for m in BLOCK.finditer(plan_text(plan))}
    lesson = plan.removeprefix("delissimo-")
    assert found[(lesson, language)] == block("delissimo", lesson, language), "run: python -m teachgames.lesson.plans"


def test_the_plans_are_current() -> None:
    from teachgames.lesson.plans import main

    assert main(["--check", "--root", str(LESSONS)]) == 0


@pytest.mark.parametrize("plan", PLANS)
def test_each_lesson_fits_its_45_minutes(plan: str) -> None:
    from teachgames.delissimo.lesson.notebooks import PLAN_PARTS
    from teachgames.lesson.plans import CLOSING, OPENING, block

    lesson = plan.removeprefix("delissimo-")
    parts = PLAN_PARTS[lesson]
    assert sum(minutes for _part, minutes in OPENING + parts + CLOSING) == 45
    assert [p for p, _ in parts][-1] == "ticket", "the exit ticket is inside the 45 minutes, last"
    assert "45 minutes in all." in block("delissimo", lesson, "en")

# --------------------------------------------------------------------------------------
# 3. Advice for pupils who struggle, and the Decisions' switches

NO_ACTIONS = ('"specials_per_pair": 0', '"cancels": 0')


def chunks(text: str) -> list[str]:
    """Paragraphs, list items and table rows, whitespace collapsed."""
    out: list[str] = []
    for paragraph in re.split(r"\n\s*\n", text):
        out += [norm(piece) for piece in re.split(r"\n(?=- |\| |\d+\. )", paragraph)]
    return out


@pytest.mark.parametrize("plan", ["delissimo-8plus", "delissimo-10plus"])
def test_max_dots_advice_takes_the_action_cards_out(plan: str) -> None:
    advice = [c for c in chunks(plan_text(plan)) if "max_dots=1" in c]
    assert len(advice) >= 3, "the English plan and both teacher's notes give the advice"
    for chunk in advice:
        for words in NO_ACTIONS:
            assert words in chunk, (plan, chunk)


def test_the_docs_give_the_same_advice() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for chunk in chunks(text):
        if "max_dots=1" in chunk and 'level="beginner"' not in chunk:
            for words in NO_ACTIONS:
                assert words in chunk, chunk


def advised_calls(text: str) -> list[dict[str, Any]]:
    """The keyword arguments of each `new_game(...)` call with max_dots=1 in inline code."""
    out = []
    for code in re.findall(r"`((?:teachgames\.)?new_game\((?:[^`])*\))`", text):
        if "max_dots=1" not in code:
            continue
        call = ast.parse(norm(code), mode="eval").body
        assert isinstance(call, ast.Call)
        kwargs = {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords if kw.arg}
        out.append(kwargs)
    return out


@pytest.mark.parametrize("path", [LESSONS / f"{p}.md" for p in PLANS] + [DOCS], ids=lambda p: p.name)
def test_the_advised_easy_game_deals_no_action_card(path: Path) -> None:
    import teachgames
    from teachgames.delissimo import parse_card

    for kwargs in advised_calls(path.read_text(encoding="utf-8")):
        kwargs.setdefault("players", 3)
        game: Any = teachgames.new_game("delissimo", **kwargs)
        if not game.rules.orders:
            continue  # 6+: pizza cards only, no action cards to take out
        assert game.rules.specials_per_pair == 0 and game.rules.cancels == 0, (path.name, kwargs)
        for hand in game.view()["hands"]:
            for card in hand:
                assert parse_card(card).is_order, (path.name, card)


def test_the_docs_name_every_decision_switch() -> None:
    """A Decision with a rule option is documented with it; "no switch yet" only without one."""
    from teachgames.delissimo.rules import DelissimoRules

    text = DOCS.read_text(encoding="utf-8")
    known = {f.name for f in fields(DelissimoRules)}
    for name in ("split_empty_stacks", "interrupted_turn_refills"):
        if name in known:
            assert f'"{name}": False' in text, name
            assert getattr(DelissimoRules(), name) is True  # the default the docs describe
    if {"split_empty_stacks", "interrupted_turn_refills"} <= known:
        assert "no switch" not in text
