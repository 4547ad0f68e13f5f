"""The parts of a teacher's plan that are computed from the lesson itself, so a plan cannot
disagree with its notebook: the timing of the lesson's parts (adding up to its length),
and each activity's screens with the answer and the likely wrong answers, each with the
misconception it shows, in the plan's language.

A plan (``lessons/<game>-<lesson>.md``) marks where such a block goes::

    <!-- generated: delissimo 8plus en -->
    ... (written by the builder; do not edit by hand) ...
    <!-- /generated -->

``python -m teachgames.lesson.plans`` rewrites every block; ``--check`` fails when a
committed plan differs (the tests run it). A game lists its lessons' parts and minutes
(``PLAN_PARTS``: lesson -> ((part, minutes), ...)) in the module its ``lessons`` spec names, and the
activities come through the registry (:func:`teachgames.lesson.show.activity_spec`).

The block is the whole lesson for the teacher, minute by minute: logging in, introducing
the lesson with its first screen, each part (an activity's pupils working, then a pause to
discuss the class's common answers, named from the activity's own likely wrong answers),
and the close. Logging in, introducing and closing are the same in every lesson
(:data:`OPENING`, :data:`CLOSING`), so a game's parts take the rest of the 45 minutes; a
part's words are the game's own (``<game>.lesson.plan.move.<part>.teacher``) or the shared
ones. Every screen of every activity is in the block's tables, so a plan cannot leave one
out; the tests check that the screens a plan's own words name are the lesson's.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.i18n import messages, tr
from .activity import Activity
from .notebooks import lessons_spec
from .screens import ActivitySpec
from .show import activity_spec

BLOCK = re.compile(
    r"(<!-- generated: (?P<game>\w+) (?P<lesson>\w+) (?P<language>en|ru|bg) -->\n)"
    r"(?P<body>.*?)(<!-- /generated -->)",
    re.DOTALL,
)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def plan_parts(game: str) -> dict[str, tuple[tuple[str, int], ...]]:
    """A game's lesson parts and their minutes: ``PLAN_PARTS`` of the module its class's
    ``lessons`` spec names (found through the registry); {} when it has none."""
    spec = lessons_spec(game)
    if spec is None:
        return {}
    module = importlib.import_module(spec.partition(":")[0])
    parts: dict[str, tuple[tuple[str, int], ...]] = getattr(module, "PLAN_PARTS", {})
    return parts


def _say(game: str, key: str, language: str, **values: object) -> str:
    """``lesson.plan.<key>`` in ``language``: the game's own message when it has one."""
    own = messages(game, language).get(f"lesson.plan.{key}")
    if own is not None:
        return tr(f"{game}.lesson.plan.{key}", language, **values)
    return tr(f"lesson.plan.{key}", language, **values)


def part_name(game: str, part: str, language: str) -> str:
    """A lesson part's name in the plan: the game's own (``<game>.lesson.plan.part.<part>``,
    a part only its lesson has) or the shared one."""
    return _say(game, f"part.{part}", language)


#: The length of every lesson, in minutes.
LESSON_MINUTES = 45

#: What every lesson starts and ends with, and its minutes: the class logs in, the teacher
#: introduces the lesson with its first screen, and at the end closes it with the class.
OPENING: tuple[tuple[str, int], ...] = (("login", 3), ("introduce", 2))
CLOSING: tuple[tuple[str, int], ...] = (("close", 3),)

#: The minutes at the end of an activity (not the exit ticket) for the pause to discuss.
DISCUSS = 2

#: How many of an activity's likely wrong answers the discussion row names.
NAMED_WRONGS = 4


@dataclass(frozen=True)
class Step:
    """One row of the plan's minute-by-minute table."""

    start: int
    minutes: int
    part: str
    teacher: str
    pupils: str

    @property
    def end(self) -> int:
        return self.start + self.minutes


def _activity(game: str, lesson: str, part: str) -> ActivitySpec | None:
    try:
        return activity_spec(game, lesson, part)
    except KeyError:
        return None  # a part that is not an activity (the replay, the game)


def _wrongs(spec: ActivitySpec, language: str) -> list[str]:
    """The activity's likely wrong answers, each with its screen: what the class's common
    answers will mostly be. The first of every screen comes first, so the discussion
    reaches every screen before it names a second slip of one."""
    run = Activity(spec, language, teacher=True)
    per_screen = []
    for i, _screen in enumerate(spec.screens):
        run.go(i)
        answers = run.view_model()["screen"].get("answers") or {}
        wrongs = answers.get("wrongs", [])
        named = [_cell(w["answer"]) for w in wrongs]
        per_screen.append([tr("lesson.plan.wrong_on", language, answer=a, n=i + 1) for a in named])
    rounds = max((len(w) for w in per_screen), default=0)
    return [w[k] for k in range(rounds) for w in per_screen if k < len(w)]


def steps(game: str, lesson: str, language: str) -> list[Step]:
    """The lesson minute by minute: logging in, introducing, each part (an activity is
    pupils working then a pause to discuss), closing; a ValueError when the minutes do not
    make :data:`LESSON_MINUTES`."""
    parts = plan_parts(game)[lesson]
    total = sum(m for _, m in OPENING + parts + CLOSING)
    if total != LESSON_MINUTES:
        raise ValueError(
            f"{game} {lesson}: with logging in and closing the parts take {total} minutes, "
            f"not {LESSON_MINUTES}"
        )
    first = next(s for s in (_activity(game, lesson, p) for p, _ in parts) if s is not None)
    out: list[Step] = []
    clock = 0

    def add(minutes: int, part: str, teacher: str, pupils: str) -> None:
        nonlocal clock
        out.append(Step(clock, minutes, part, teacher, pupils))
        clock += minutes

    def moves(key: str, **values: object) -> tuple[str, str]:
        return _say(game, f"move.{key}.teacher", language, **values), _say(
            game, f"move.{key}.pupils", language, **values
        )

    for part, minutes in OPENING:
        add(
            minutes,
            part_name(game, part, language),
            *moves(
                part,
                lesson=f"{game}-{lesson}",
                title=_cell(first.title(language)),
                screen=_cell(first.screens[0].title(language)),
            ),
        )
    for part, minutes in parts:
        name = part_name(game, part, language)
        spec = _activity(game, lesson, part)
        if spec is None:
            add(minutes, name, *moves(part))
            continue
        values = {"title": _cell(spec.title(language)), "n": len(spec.screens)}
        if part == "ticket":
            add(minutes, name, *moves("ticket", **values))
            continue
        if minutes < DISCUSS + 2:
            raise ValueError(f"{game} {lesson}: {part} needs more than {DISCUSS + 1} minutes")
        add(minutes - DISCUSS, name, *moves("work", **values))
        wrongs = _wrongs(spec, language)[:NAMED_WRONGS]
        teacher, pupils = moves("discuss", **values)
        if wrongs:
            teacher += " " + tr("lesson.plan.likely", language, wrongs="; ".join(wrongs))
        add(DISCUSS, part_name(game, "discuss", language), teacher, pupils)
    for part, minutes in CLOSING:
        add(minutes, part_name(game, part, language), *moves(part))
    return out


def block(game: str, lesson: str, language: str) -> str:
    """The computed part of the plan of ``game``'s ``lesson`` in ``language``: the teacher's
    moves minute by minute, then every activity's screens with their answers."""

    def say(key: str, **values: object) -> str:
        return tr(f"lesson.plan.{key}", language, **values)

    lines = [
        f"**{say('timing')}**",
        "",
        f"| {say('minutes')} | {say('part')} | {say('teacher')} | {say('pupils')} |",
        "| --- | --- | --- | --- |",
    ]
    plan = steps(game, lesson, language)
    for step in plan:
        lines.append(f"| {step.start}–{step.end} | {step.part} | {step.teacher} | {step.pupils} |")
    lines += ["", say("total", minutes=plan[-1].end), ""]
    for part, _minutes in plan_parts(game)[lesson]:
        spec = _activity(game, lesson, part)
        if spec is None:
            continue
        run = Activity(spec, language, teacher=True)
        lines += [f"**{_cell(spec.title(language))}**", ""]
        lines += [f"| # | {say('screen')} | {say('answer')} | {say('wrongs')} |", "| --- | --- | --- | --- |"]
        for i, screen in enumerate(spec.screens):
            run.go(i)
            answers = run.view_model()["screen"].get("answers") or {}
            wrongs = "; ".join(f"{_cell(w['answer'])}: {_cell(w['line'])}" for w in answers.get("wrongs", []))
            answer = _cell(answers.get("answer", "")) or "—"
            lines.append(f"| {i + 1} | {_cell(screen.title(language))} | {answer} | {wrongs or '—'} |")
        lines.append("")
    return "\n".join(lines)


def refreshed(text: str) -> str:
    """A plan's text with every generated block written anew."""

    def fill(m: re.Match[str]) -> str:
        return m.group(1) + block(m["game"], m["lesson"], m["language"]) + m.group(6)

    return BLOCK.sub(fill, text)


def plan_files(root: Path | None = None) -> list[Path]:
    folder = root or Path(__file__).resolve().parents[2] / "lessons"
    return sorted(p for p in folder.glob("*.md") if BLOCK.search(p.read_text(encoding="utf-8")))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m teachgames.lesson.plans", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--check", action="store_true", help="fail if a committed plan differs")
    parser.add_argument("--root", type=Path, default=None, help="the plans' folder (default: lessons/)")
    args = parser.parse_args(argv)
    stale = []
    for path in plan_files(args.root):
        old = path.read_text(encoding="utf-8")
        new = refreshed(old)
        if new != old:
            stale.append(path)
            if not args.check:
                path.write_text(new, encoding="utf-8")
                print(f"wrote {path}")
    if args.check and stale:
        for path in stale:
            print(f"differs from the lesson: {path}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
