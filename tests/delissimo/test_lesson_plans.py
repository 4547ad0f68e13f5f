"""The lesson plans say what the notebooks and the game say, so the two cannot drift apart.

1. **Refusals.** Every refusal a plan quotes is the game's own words for that move:
   ``g.problem(move).words(language)``, in English in the plan ("The game refuses it: “…”"),
   in Russian and Bulgarian in the teacher's notes ("программа отвечает: «…»",
   "програмата отговаря: «…»"). Each puzzle's tempting wrong answer is quoted, and nothing
   else is quoted that the game does not say. The same holds for docs/delissimo.md.
2. **Exit tickets.** Each plan's exit ticket (English, and the Russian and Bulgarian notes) is
   the notebook's ticket, ``exit_ticket("6plus" | "8plus" | "10plus")`` in
   ``teachgames/delissimo/lesson.py``: the same questions word for word, the note or working
   the notebook adds, and answers that the notebook itself marks right ("Accepted") or
   wrong ("Not accepted").
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
@pytest.mark.parametrize("plan", PLANS)
def test_every_quoted_refusal_is_the_games_words(plan: str, language: str) -> None:
    """All the quotes of one language in a plan, in order: no stale wording is left anywhere
    (the Russian and Bulgarian notes quote each puzzle's trap in their own language)."""
    part = language_part(plan_text(plan), language)
    assert quoted_refusals(part, language) == plan_refusals(plan, language)


@pytest.mark.parametrize("plan", PLANS)
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
# 2. Exit tickets

TICKET_PART = {
    "en": ("## Exit ticket", "\n---"),
    "ru": ("**Билет на выход", "**Если трудно.**"),
    "bg": ("**Изходна карта", "**Ако е трудно.**"),
}
#: (accepted, not accepted): each marker is followed by answers in backticks joined by "or".
MARKERS = {
    "en": ("Accepted:", "Not accepted:"),
    "ru": ("Засчитывается:", "Не засчитывается:"),
    "bg": ("Приема се:", "Не се приема:"),
}
_ANSWERS = r"((?:\s*`[^`]+`\s*(?:or|или)?)+)"


def ticket_key(plan: str) -> str:
    return plan.removeprefix("delissimo-")


def ticket_items(plan: str, language: str) -> list[str]:
    """The numbered questions of the plan's exit ticket in ``language``, whitespace collapsed."""
    start, end = TICKET_PART[language]
    block = between(language_part(plan_text(plan), language), start, end)
    parts = re.split(r"(?m)^(\d+)\. ", block)
    numbers = [int(n) for n in parts[1::2]]
    assert numbers == list(range(1, len(numbers) + 1)), (plan, language, numbers)
    return [norm(item) for item in parts[2::2]]


def answers_after(item: str, marker: str) -> list[str]:
    found = re.search(re.escape(marker) + _ANSWERS, item)
    return re.findall(r"`([^`]+)`", found.group(1)) if found else []


def ticket_cases() -> list[tuple[str, str]]:
    return [(plan, language) for plan in PLANS for language in LANGUAGES]


@pytest.mark.parametrize(("plan", "language"), ticket_cases())
def test_the_plans_ticket_is_the_notebooks_ticket(plan: str, language: str) -> None:
    from teachgames.delissimo.lesson import exit_ticket

    key = ticket_key(plan)
    ticket = exit_ticket(key, language)
    items = ticket_items(plan, language)
    assert len(items) == len(ticket.questions), "the plan and the notebook ask as many questions"
    start, _end = TICKET_PART[language]
    part = between(language_part(plan_text(plan), language), start, _end)
    call = f'exit_ticket("{key}")' if language == "en" else f'exit_ticket("{key}", language="{language}")'
    assert call in part, f"the plan names the notebook's ticket, {call}"
    for n, (item, question) in enumerate(zip(items, ticket.questions, strict=True), 1):
        # The plan's question is the notebook's, word for word, and nothing more: the answers
        # follow at once (a plan question that asks two things would not).
        asked = norm(question.text(language))
        assert item.startswith(asked), f"Q{n}: the plan asks what the notebook asks: {asked!r}"
        rest = item[len(asked) :].lstrip()
        assert rest.startswith(MARKERS[language][0]), f"Q{n}: the answers follow the question: {rest[:60]!r}"
        note = getattr(question, "note", None) or {}
        if note:
            assert norm(note[language]) in item, f"Q{n}: the plan gives the note the notebook adds"
        why = getattr(question, "why_words", None) or {}
        if why:
            assert norm(why[language]) in item, f"Q{n}: the plan gives the notebook's working"


@pytest.mark.parametrize(("plan", "language"), ticket_cases())
def test_the_plans_answers_are_the_ones_the_notebook_accepts(plan: str, language: str) -> None:
    from teachgames.delissimo.lesson import (
        CaptureQuestion,
        CardsQuestion,
        ChoiceQuestion,
        NumberQuestion,
        YesNoQuestion,
        exit_ticket,
    )

    ticket = exit_ticket(ticket_key(plan), language)
    accepted_marker, refused_marker = MARKERS[language]
    for n, (item, question) in enumerate(zip(ticket_items(plan, language), ticket.questions, strict=True), 1):
        accepted = answers_after(item, accepted_marker)
        assert accepted, f"Q{n}: the plan gives the answer after {accepted_marker!r}"
        for answer in accepted:
            feedback = ticket.answer(n, answer)
            assert feedback.correct, f"Q{n}: the notebook does not accept {answer!r}: {feedback.message}"
        for answer in answers_after(item, refused_marker):
            feedback = ticket.answer(n, answer)
            assert not feedback.correct, f"Q{n}: the notebook accepts {answer!r}, which the plan refuses"
        if isinstance(question, CaptureQuestion):
            # Every right capture, each once (the notebook accepts any of them).
            assert (
                len(accepted) == len(question.answers()) == len({frozenset(a.split(", ")) for a in accepted})
            )
        elif isinstance(question, (CardsQuestion, YesNoQuestion, ChoiceQuestion)):
            assert len(accepted) == 1, f"Q{n}: one right answer"
        else:
            assert isinstance(question, NumberQuestion)
            if question.form != "any":
                # The plan says which form is not accepted: the same amount written otherwise.
                assert answers_after(item, refused_marker), f"Q{n}: name the form the notebook refuses"


def test_every_notebook_ticket_has_a_plan() -> None:
    from teachgames.delissimo.lesson import TICKETS

    assert sorted(TICKETS) == sorted(ticket_key(p) for p in PLANS)


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
