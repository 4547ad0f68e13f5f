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
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from ..core.i18n import messages, tr
from .activity import Activity
from .notebooks import lessons_spec
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


def part_name(game: str, part: str, language: str) -> str:
    """A lesson part's name in the plan: the game's own (``<game>.lesson.plan.part.<part>``,
    a part only its lesson has) or the shared one."""
    own = messages(game, language).get(f"lesson.plan.part.{part}")
    return own if own is not None else tr(f"lesson.plan.part.{part}", language)


def block(game: str, lesson: str, language: str) -> str:
    """The computed part of the plan of ``game``'s ``lesson`` in ``language``."""
    parts = plan_parts(game)[lesson]

    def say(key: str, **values: object) -> str:
        return tr(f"lesson.plan.{key}", language, **values)

    lines = [f"**{say('timing')}**", "", f"| {say('minutes')} | {say('part')} |", "| --- | --- |"]
    start = 0
    for part, minutes in parts:
        lines.append(f"| {start}–{start + minutes} | {part_name(game, part, language)} |")
        start += minutes
    lines += ["", say("total", minutes=start), ""]
    for part, _minutes in parts:
        try:
            spec = activity_spec(game, lesson, part)
        except KeyError:
            continue  # a part that is not an activity (the replay, the game)
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
