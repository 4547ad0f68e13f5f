"""A class's practice seen by its teacher: the skill × pupil grid (who needs help with
what, and which misconception each holds), the parameters refit from the class's answers,
and a printed sheet of fresh items from a pupil's or the class's weakest skills.

Everything reads the runs' own records (:meth:`Practice.to_dict`), as a page keeps them in
the browser or a class server stores them, so the teacher's view needs no live run::

    records = {"Ира": p1.to_dict(), "Tom": p2.to_dict()}
    grid = practice.class_grid(records, language="ru")   # JSON-able rows and cells
    practice.grid_html(grid)                             # a plain table
    practice.refit(records.values())                     # {skill: Parameters}
    practice.weakest(records.values(), n=2)              # the skills to work on
    practice.sheet("delissimo", practice.weakest(records.values()), items=4, seed=1)
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core.i18n import resolve_language, tr
from .catalogue import item as make_item
from .catalogue import skill as find_skill
from .mastery import MASTERED, Parameters, fit
from .run import Practice


def _runs(records: Iterable[Mapping[str, Any]]) -> list[Practice]:
    return [Practice.from_dict(r) for r in records]


def class_grid(records: Mapping[str, Mapping[str, Any]], language: str | None = None) -> dict[str, Any]:
    """The skill × pupil grid from the pupils' records (name -> record): per cell the
    probability the skill is known, its status and the misconception held; rows in the
    skills' order, the weakest pupils first. Names are text, kept as given."""
    lang = resolve_language(language)
    runs = {name: Practice.from_dict(record) for name, record in records.items()}
    skills: list[tuple[str, str]] = []
    for run in runs.values():
        for sid in run.skill_ids:
            if (run.game, sid) not in skills:
                skills.append((run.game, sid))
    pupils = sorted(runs, key=lambda name: (sum(runs[name].mastery().values()), name))
    rows = []
    for game, sid in skills:
        cells: list[dict[str, Any] | None] = []
        for name in pupils:
            run = runs[name]
            if run.game != game or sid not in run.states:
                cells.append(None)
                continue
            st = run.states[sid]
            held = st.held()
            cells.append(
                {
                    "known": round(st.known, 3),
                    "items": st.items,
                    "status": "mastered" if st.mastered else "practising" if st.items else "not_started",
                    "held": held,
                    "held_title": tr(f"practice.misconception_title.{held}", lang) if held else None,
                }
            )
        rows.append({"game": game, "skill": sid, "title": find_skill(game, sid).title(lang), "cells": cells})
    return {"language": lang, "pupils": pupils, "rows": rows}


def grid_html(grid: Mapping[str, Any]) -> str:
    """The grid as a plain HTML table (escaped; no script): a cell shows the per cent known,
    ✓ when mastered, and the misconception held in words."""
    esc = html.escape
    lang = grid.get("language", "en")
    head = "".join(f'<th scope="col">{esc(str(p))}</th>' for p in grid["pupils"])
    body = []
    for row in grid["rows"]:
        shown = []
        for cell in row["cells"]:
            if cell is None:
                shown.append("<td>–</td>")
                continue
            text = f"{round(100 * cell['known'])} %" + (" ✓" if cell["status"] == "mastered" else "")
            if cell["held_title"]:
                text += f"<br><em>{esc(cell['held_title'])}</em>"
            shown.append(f"<td>{text}</td>")
        body.append(f'<tr><th scope="row">{esc(row["title"])}</th>{"".join(shown)}</tr>')
    caption = esc(tr("practice.grid.caption", lang))
    return (
        f'<table class="tgp-grid" lang="{esc(str(lang))}"><caption>{caption}</caption>'
        f'<thead><tr><th scope="col">{esc(tr("practice.widget.skill", lang))}</th>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def refit(records: Iterable[Mapping[str, Any]]) -> dict[str, Parameters]:
    """Knowledge-tracing parameters per skill fitted to the class's first tries (skills
    with too few answers keep the shipped ones); give them to ``Practice(params=...)``."""
    sequences: dict[str, list[list[bool]]] = {}
    for run in _runs(records):
        for sid, st in run.states.items():
            sequences.setdefault(sid, []).append(list(st.firsts))
    return {sid: fit(seqs) for sid, seqs in sequences.items()}


def weakest(records: Iterable[Mapping[str, Any]], n: int = 3) -> list[str]:
    """The ``n`` skills (of the first record's game) the pupils know least: not mastered,
    the lowest mean probability first; a skill someone holds a misconception in first."""
    runs = _runs(records)
    if not runs:
        return []
    game = runs[0].game
    score: dict[str, list[float]] = {}
    held: dict[str, int] = {}
    for run in runs:
        if run.game != game:
            continue
        for sid, st in run.states.items():
            score.setdefault(sid, []).append(1.0 if st.mastered else st.known)
            held[sid] = held.get(sid, 0) + (st.held() is not None)
    open_ = [sid for sid, values in score.items() if min(values) < MASTERED]
    open_.sort(key=lambda sid: (-held[sid], sum(score[sid]) / len(score[sid]), sid))
    return open_[:n]


def _sheet_prompt(it: Any, language: str) -> str:
    """The item's question as a text-only sheet prints it: a prompt that points at its
    picture ("count them in the picture") is said in words instead, from the game's own
    catalogue key ``<game>.practice.sheet_text.<skill>`` with the item's numbers filled in
    (a list of numbers as "3, 5, 2"); every other prompt as it is."""
    if it.problem.picture is None:
        return str(it.prompt)
    key = f"{it.skill.game}.practice.sheet_text.{it.skill.id}"
    facts = {
        k: ", ".join(str(v) for v in value) if isinstance(value, (list, tuple)) else value
        for k, value in it.problem.facts.items()
    }
    try:
        return tr(key, language, **facts)
    except KeyError:
        return str(it.prompt)


def _distinct_items(game: str, sid: str, n: int, seed: int, level: int, language: str) -> list[Any]:
    """``n`` items of skill ``sid`` whose questions all differ (a sheet never asks the same
    thing twice): seeds ``seed * 1000``, ``+1``, ... are dealt in turn and a repeated
    question skipped; a skill with fewer different questions than ``n`` at ``level``
    takes the rest from its other levels, and repeats only when it has none left."""
    skill = find_skill(game, sid)
    first = min(level, skill.levels)
    levels = [first] + [lv for lv in range(1, skill.levels + 1) if lv != first]
    chosen: list[Any] = []
    seen: set[str] = set()
    spare: list[Any] = []
    for lv in levels:
        for k in range(n * SHEET_TRIES):
            if len(chosen) == n:
                return chosen
            it = make_item(game, sid, seed=seed * 1000 + k, level=lv, language=language)
            question = _sheet_prompt(it, language)
            if question in seen:
                spare.append(it)
                continue
            seen.add(question)
            chosen.append(it)
    return (chosen + spare)[:n]


#: How many seeds per item a sheet deals at most, looking for questions not yet on it.
SHEET_TRIES = 25


def sheet(
    game: str, skills: Sequence[str], *, items: int = 4, seed: int = 0, level: int = 2, language: str = "en"
) -> dict[str, Any]:
    """A printed sheet: ``items`` fresh items per skill, no two asking the same (the same
    seed, the same sheet), each with its question in words alone (the sheet has no
    pictures, so none is pointed at), and a key with the answers and the working. Markdown in
    ``"sheet"`` and ``"key"``; the items as data in ``"items"``."""
    lang = resolve_language(language)
    out: list[dict[str, str]] = []
    lines = [f"# {tr('practice.sheet.title', lang)}", ""]
    key = [f"# {tr('practice.sheet.key', lang)}", ""]
    n = 0
    for sid in skills:
        skill = find_skill(game, sid)
        lines += [f"## {skill.title(lang)}", ""]
        key += [f"## {skill.title(lang)}", ""]
        for it in _distinct_items(game, sid, items, seed, level, lang):
            n += 1
            choices = ", ".join(c["label"] for c in it.choices())
            question = _sheet_prompt(it, lang) + (f" ({choices})" if choices else "")
            lines += [f"{n}. {question}", "", "   ______________________", ""]
            key += [f"{n}. {it.answer_text()}", "", "```", it.explanation.text(), "```", ""]
            out.append({"skill": sid, "question": question, "answer": it.answer_text()})
    return {"sheet": "\n".join(lines), "key": "\n".join(key), "items": out}
