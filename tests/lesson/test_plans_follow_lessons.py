"""Every teacher's plan follows its lesson: all 8 lessons (Delissimo 6+, 8+, 10+; Tsvetik 8+,
11+; Ligretto; Split; the experiments).

- The plan holds the block computed from the lesson in English, Russian and Bulgarian, so every
  screen of every activity is in the plan, with its answer and likely wrong answers.
- The teacher's moves go minute by minute from logging in to the close, 45 minutes in all, with
  a pause to discuss the class's answers after every activity but the exit ticket.
- The screens a plan's own words name are the lesson's: "### Puzzle 3: Count before you tap" is
  screen 3 of the puzzles, and the position under it is the one that screen shows; a puzzle the
  lessons do not show lives in the second-lesson file, not in a lesson's plan.
- A plan asks nothing of a pupil that a pupil's page cannot do: a change to the game in code is
  named as the teacher's.
- Every command the plans and docs/lessons.md write parses as written.
"""

from __future__ import annotations

import inspect
import itertools
import json
import re
import shlex
from pathlib import Path

import pytest

from teachgames.lesson.plans import BLOCK, CLOSING, DISCUSS, LESSON_MINUTES, OPENING, plan_parts, steps
from teachgames.lesson.show import activity_spec

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
LANGUAGES = ("en", "ru", "bg")

#: Every lesson and the plan file that describes it.
PLANS: dict[tuple[str, str], str] = {
    ("delissimo", "6plus"): "delissimo-6plus.md",
    ("delissimo", "8plus"): "delissimo-8plus.md",
    ("delissimo", "10plus"): "delissimo-10plus.md",
    ("tsvetik", "8plus"): "tsvetik.md",
    ("tsvetik", "11plus"): "tsvetik.md",
    ("ligretto", "race"): "ligretto.md",
    ("split", "classify"): "split.md",
    ("experiments", "simulation"): "experiments.md",
}
IDS = [f"{g}-{lesson}" for g, lesson in PLANS]


def text(name: str) -> str:
    return (LESSONS / name).read_text(encoding="utf-8")


def norm(words: str) -> str:
    return " ".join(words.split())


def activities(game: str, lesson: str) -> list[tuple[str, object]]:
    out = []
    for part, _minutes in plan_parts(game)[lesson]:
        try:
            out.append((part, activity_spec(game, lesson, part)))
        except KeyError:
            continue
    return out


def test_every_lesson_is_listed() -> None:
    """The list above is every lesson the games offer, so no lesson escapes these tests."""
    lessons = {
        (g, lesson)
        for g in ("delissimo", "tsvetik", "ligretto", "split", "experiments")
        for lesson in plan_parts(g)
    }
    assert lessons == set(PLANS)


@pytest.mark.parametrize(("game", "lesson"), PLANS, ids=IDS)
def test_the_plan_holds_its_lessons_block_in_three_languages(game: str, lesson: str) -> None:
    found = {(m["game"], m["lesson"], m["language"]) for m in BLOCK.finditer(text(PLANS[game, lesson]))}
    for language in LANGUAGES:
        assert (game, lesson, language) in found, (PLANS[game, lesson], language)


@pytest.mark.parametrize(("game", "lesson"), PLANS, ids=IDS)
def test_the_teachers_moves_take_45_minutes_from_log_in_to_close(game: str, lesson: str) -> None:
    plan = steps(game, lesson, "en")
    assert plan[0].start == 0 and plan[-1].end == LESSON_MINUTES == 45
    assert all(a.end == b.start for a, b in itertools.pairwise(plan)), "no gap, no overlap"
    assert all(s.minutes > 0 for s in plan)
    names = [s.part for s in plan]
    assert names[: len(OPENING)] == ["Log in", "Introduce the lesson"]
    assert names[-len(CLOSING) :] == ["Close"]
    discussed = [part for part, _spec in activities(game, lesson) if part != "ticket"]
    assert names.count("Pause and discuss") == len(discussed) >= 1
    assert [s.minutes for s in plan if s.part == "Pause and discuss"] == [DISCUSS] * len(discussed)
    # The committed English table says the same minutes.
    block = next(
        m["body"]
        for m in BLOCK.finditer(text(PLANS[game, lesson]))
        if (m["lesson"], m["language"]) == (lesson, "en")
    )
    spans = re.findall(r"^\| (\d+)–(\d+) \|", block, re.M)
    assert sum(int(b) - int(a) for a, b in spans) == 45 and spans[0][0] == "0" and spans[-1][1] == "45"


@pytest.mark.parametrize(("game", "lesson"), PLANS, ids=IDS)
def test_every_screen_of_the_lesson_is_in_the_plan(game: str, lesson: str) -> None:
    bodies = {
        m["language"]: m["body"] for m in BLOCK.finditer(text(PLANS[game, lesson])) if m["lesson"] == lesson
    }
    for language in LANGUAGES:
        for _part, spec in activities(game, lesson):
            heading = f"**{norm(spec.title(language))}**"  # type: ignore[attr-defined]
            assert heading in bodies[language], (language, heading)
            table = bodies[language].split(heading, 1)[1]
            for i, screen in enumerate(spec.screens):  # type: ignore[attr-defined]
                row = f"| {i + 1} | {norm(screen.title(language)).replace('|', chr(92) + '|')} |"
                assert row in table, (language, row)


@pytest.mark.parametrize("name", sorted(set(PLANS.values())))
def test_the_plans_own_words_give_no_minutes_of_their_own(name: str) -> None:
    """Minutes live in the computed table only, so a part's time cannot disagree with it."""
    prose = BLOCK.sub("", text(name))
    # (the lesson's own 45 minutes may be said)
    assert not re.findall(r"\((?!45 )\d+ (?:min|minutes|минут|минути)\)", prose), name


# --------------------------------------------------------------------------------------
# The screens a plan names


def puzzle_of(screen: object) -> str | None:
    """The lesson puzzle a screen shows: the name its table picture was drawn for."""
    from teachgames.delissimo.lesson.activities import puzzles

    picture = getattr(screen, "picture", None)
    if picture is None:
        return None
    name = inspect.getclosurevars(picture).nonlocals.get("name")
    return name if name in puzzles() else None


DELISSIMO = ["6plus", "8plus", "10plus"]


@pytest.mark.parametrize("lesson", DELISSIMO)
def test_each_puzzle_a_plan_names_is_that_screen_of_the_lesson(lesson: str) -> None:
    plan = text(f"delissimo-{lesson}.md")
    english = plan.split("## Заметки для учителя", 1)[0]
    screens = activity_spec("delissimo", lesson, "puzzles").screens
    headings = re.findall(r"(?:<!-- puzzle: ([\w-]+) -->\n)?### Puzzle (\d+): (.+)", english)
    assert headings, "the plan names its puzzles"
    for name, number, title in headings:
        screen = screens[int(number) - 1]
        assert title == screen.title("en"), (number, title)
        assert name and puzzle_of(screen) == name, (number, name)
    for number in re.findall(r"Puzzle (\d+)", english):
        assert f"### Puzzle {number}: " in english, f"Puzzle {number} is named but not described"
    for language, pattern in (("ru", r"\*«([^»]+)»\* \(экран (\d+)"), ("bg", r"\*„([^“]+)“\* \(екран (\d+)")):
        named = re.findall(pattern, plan)
        assert named, language
        for title, number in named:
            assert title == screens[int(number) - 1].title(language), (language, title, number)


def test_a_puzzle_no_lesson_shows_is_only_in_the_second_lesson_file() -> None:
    from teachgames.delissimo.lesson.activities import puzzles

    shown = {
        f"delissimo-{lesson}": {puzzle_of(s) for s in activity_spec("delissimo", lesson, "puzzles").screens}
        - {None}
        for lesson in DELISSIMO
    }
    for name, data in puzzles().items():
        marker = f"<!-- puzzle: {name} -->"
        if data["plan"] == "delissimo-more":
            assert all(name not in names for names in shown.values()), name
            assert marker in text("delissimo-more.md")
            assert all(marker not in text(f"delissimo-{lesson}.md") for lesson in DELISSIMO), name
        else:
            assert name in shown[data["plan"]], (
                f"{name} is in {data['plan']}, but no screen of that lesson shows it"
            )


# --------------------------------------------------------------------------------------
# Nothing a pupil cannot do

#: What a pupil's page cannot do: code, cells and a game shown by hand.
PUPILS_CANNOT = (
    "g.explain(",
    "puzzle cell",
    "self-check",
    'view="pupil"',
    "Self-study",
    "g.captures() lists",
)

#: A change to a game made in code (the teacher's notebook), never on a pupil's page.
IN_CODE = re.compile(r"max_dots=\d|rules=\{|preset=\"|teachgames\.simulate\(")
TEACHER = re.compile(r"teacher|учител", re.I)


def chunks(markdown: str) -> list[str]:
    """Paragraphs and list items outside code blocks, whitespace collapsed."""
    prose = re.sub(r"```.*?```", "", markdown, flags=re.S)
    out: list[str] = []
    for paragraph in re.split(r"\n\s*\n", prose):
        out += [norm(piece) for piece in re.split(r"\n(?=- |\d+\. )", paragraph)]
    return [c for c in out if c]


@pytest.mark.parametrize("name", sorted({*PLANS.values(), "delissimo-more.md"}))
def test_a_plan_asks_nothing_a_pupils_page_cannot_do(name: str) -> None:
    for chunk in chunks(text(name)):
        for words in PUPILS_CANNOT:
            assert words not in chunk, (name, chunk)
        if IN_CODE.search(chunk) and not chunk.startswith("|"):
            assert TEACHER.search(chunk), f"{name}: name this change as the teacher's: {chunk}"


# --------------------------------------------------------------------------------------
# Every command works as written

COMMAND = re.compile(r"`(teachgames (?:[^`#])+?)\s*(?:#[^`]*)?`")


def documented_commands() -> list[tuple[str, str]]:
    out = []
    for path in [*sorted(LESSONS.glob("*.md")), ROOT / "docs" / "lessons.md"]:
        words = path.read_text(encoding="utf-8")
        inline = COMMAND.findall(norm(re.sub(r"```.*?```", "", words, flags=re.S)))
        fenced = [
            line.split("#", 1)[0].strip()
            for block in re.findall(r"```(?:bash|sh|console)?\n(.*?)```", words, flags=re.S)
            for line in block.splitlines()
            if line.startswith("teachgames ")
        ]
        out += [
            (path.name, command) for command in inline + fenced if "..." not in command and "…" not in command
        ]
    return sorted(set(out))


def test_the_docs_write_commands() -> None:
    commands = [c for _path, c in documented_commands()]
    assert any(c.startswith("teachgames worksheet delissimo --lesson 8plus") for c in commands)
    assert any(c.startswith("teachgames site ") for c in commands)


@pytest.mark.parametrize(
    ("path", "command"), documented_commands(), ids=lambda v: v if "/" in v or v.endswith(".md") else v[:60]
)
def test_every_documented_command_parses_as_written(path: str, command: str) -> None:
    from teachgames import cli

    words = shlex.split(command)[1:]
    # The parser `teachgames` itself uses for these words (site and class have their own).
    parser = {"class": cli._class_parser, "site": cli._site_parser}.get(words[0], cli.build_parser)()
    try:
        args = parser.parse_args(words)
    except SystemExit as exit:  # argparse's way of refusing
        pytest.fail(f"{path}: `{command}` does not work as written (exit {exit.code})")
    assert args.command == words[0]


def test_the_documented_python_entry_points_exist() -> None:
    import importlib.util

    for path in [*sorted(LESSONS.glob("*.md")), ROOT / "docs" / "lessons.md"]:
        words = norm(path.read_text(encoding="utf-8"))
        for module in re.findall(r"python -m ([\w.]+)", words):
            assert importlib.util.find_spec(module) is not None, (path.name, module)
        for script in re.findall(r"python ([\w/]+\.py)", words):
            assert (ROOT / script).is_file(), (path.name, script)


def test_the_puzzle_data_names_only_plans_that_exist() -> None:
    data = json.loads(text("puzzles.json"))
    for puzzle in data["puzzles"]:
        assert (LESSONS / f"{puzzle['plan']}.md").is_file(), puzzle["name"]
