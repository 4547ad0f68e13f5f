"""Practice in a class: each try at a practice item reaches the class server, which marks
it again and keeps it; the teacher's dashboard shows the skill x pupil mastery grid.

A pupil's practice sends its tries as answers of the lesson ``practice-<game>`` whose
task names the item: ``<skill>.<level>.<seed>`` or ``<skill>.<level>.<seed>.<probe>``
(what :class:`teachgames.practice.Practice` records). The server never takes the
pupil's verdict: it deals the item again with :func:`teachgames.practice.item` and
checks the pupil's text with it (the mark, every misconception whose rule gives that
answer, the ones a right answer rules out). Mastery is then computed here from the kept
results, as the practice run computes it: only an item's first try counts, a hint
before it makes it a miss, and a misconception is held once two items' answers fit it
better than any other (a right first answer on an item where it gives another answer
weighs against it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from ..core.answers import AnswerEvent
from ..core.i18n import tr
from .models import PracticeResult, Pupil
from .store import PupilInfo, SessionInfo, Store, Stored, event_time, now, utc

#: The lesson id a practice's tries are sent under: ``practice-<game>``.
PREFIX = "practice-"
#: A practice item allows two tries (:data:`teachgames.practice.run.TRIES`).
TRIES = 2
#: Seeds are whole numbers a database's BIGINT keeps.
MAX_SEED = 2**62
_TASK = re.compile(r"^([a-z][a-z0-9_]{0,79})\.([1-9])\.(-?[0-9]{1,19})(?:\.([a-z][a-z0-9_]{0,79}))?$")
#: Items a pupil must answer before a misconception is said to be held (as the run).
HELD_AFTER = 2


def is_practice(event: AnswerEvent) -> bool:
    return event.lesson.startswith(PREFIX)


@dataclass(frozen=True)
class Marked:
    """A try marked by the server, ready to keep."""

    event: AnswerEvent
    game: str
    skill: str
    level: int
    seed: int
    probe: str | None
    correct: bool
    misconception: str | None
    fits: tuple[str, ...]
    refutes: tuple[str, ...]
    guess: float | None

    @property
    def item(self) -> str:
        return f"{self.game}/{self.skill}/{self.level}/{self.seed}/{self.probe or ''}"


def session_game(info: SessionInfo) -> str:
    """The game a session's lesson belongs to ("delissimo" for "delissimo-8plus")."""
    return info.lesson.partition("-")[0]


def mark_practice(
    info: SessionInfo, events: Iterable[AnswerEvent], language: str
) -> tuple[list[Marked], dict[str, str]]:
    """The practice tries the server marked and, for each one refused, why in the
    caller's language: a game other than the session's, a skill or level the game lacks,
    a third try, a text no practice item would send."""
    from ..practice import item as deal

    game = session_game(info)
    marked: list[Marked] = []
    problems: dict[str, str] = {}
    for event in events:
        found = _TASK.match(event.task)
        if event.lesson != PREFIX + game or found is None:
            problems[event.id] = tr("classroom.error.practice_item", language, game=game)
            continue
        if event.attempt > TRIES:
            problems[event.id] = tr("classroom.error.tries", language, n=TRIES)
            continue
        skill, level, seed, probe = found[1], int(found[2]), int(found[3]), found[4]
        try:
            if abs(seed) >= MAX_SEED:
                raise ValueError(seed)
            item = deal(game, skill, seed=seed, level=level, language=event.language, probe=probe)
        except (ValueError, LookupError):
            problems[event.id] = tr("classroom.error.practice_item", language, game=game)
            continue
        mark, keys = item.diagnose(event.answer)
        if not mark.uses_try:
            problems[event.id] = tr("classroom.error.unreadable", language)
            continue
        refutes = tuple(rule.key for rule, _ in item.rule_answers()) if mark.correct else ()
        guess = item.problem.guess
        marked.append(
            Marked(
                event,
                game,
                skill,
                level,
                seed,
                probe,
                bool(mark.correct),
                mark.misconception,
                tuple(keys),
                refutes,
                float(guess) if guess is not None else None,
            )
        )
    return marked, problems


def add_results(store: Store, pupil: PupilInfo, marked: Sequence[Marked]) -> Stored:
    """Keep a pupil's marked tries: an id already kept for this pupil is acknowledged
    again (a retry), one kept for another pupil is refused; one result per item and try
    (a newer one by the pupil's time takes the older one's place)."""
    if not marked:
        return Stored((), (), ())
    for _ in range(3):
        try:
            return _add(store, pupil, marked)
        except IntegrityError:  # the same id or item sent twice at once; read again
            continue
    return _add(store, pupil, marked)


def _add(store: Store, pupil: PupilInfo, marked: Sequence[Marked]) -> Stored:
    received = now()
    batch = {m.event.id: m for m in marked}
    current: dict[tuple[str, int], Marked] = {}
    for m in batch.values():
        kept = current.get((m.item, m.event.attempt))
        if kept is None or event_time(kept.event.at) <= event_time(m.event.at):
            current[(m.item, m.event.attempt)] = m
    db_session = sessionmaker(store.engine, expire_on_commit=False)
    with store.writing(), db_session.begin() as db:
        before = dict(
            db.execute(
                select(PracticeResult.id, PracticeResult.pupil_id).where(PracticeResult.id.in_(list(batch)))
            ).all()
        )
        for m in current.values():
            if m.event.id in before:
                continue
            old = db.scalar(
                select(PracticeResult).where(
                    PracticeResult.pupil_id == pupil.id,
                    PracticeResult.item == m.item,
                    PracticeResult.attempt == m.event.attempt,
                )
            )
            at = event_time(m.event.at)
            if old is not None:
                if utc(old.at) > at:
                    continue  # an older try changes nothing
                db.delete(old)
                db.flush()
            db.add(
                PracticeResult(
                    id=m.event.id,
                    pupil_id=pupil.id,
                    session_id=pupil.session_id,
                    game=m.game,
                    skill=m.skill,
                    level=m.level,
                    seed=m.seed,
                    probe=m.probe,
                    item=m.item,
                    attempt=m.event.attempt,
                    answer=m.event.answer,
                    correct=m.correct,
                    misconception=m.misconception,
                    fits="\n".join(m.fits),
                    refutes="\n".join(m.refutes),
                    guess=m.guess,
                    hints=m.event.hints or 0,
                    at=at,
                    received=received,
                    language=m.event.language,
                )
            )
        db.flush()
        after = dict(
            db.execute(
                select(PracticeResult.id, PracticeResult.pupil_id).where(PracticeResult.id.in_(list(batch)))
            ).all()
        )
        added = tuple(i for i in batch if i not in before and after.get(i) == pupil.id)
        if added:  # the mastery grid changed: the dashboards' long polls must see it
            Store.board_changed(db, pupil.session_id)
    refused = tuple(i for i in batch if i in before and before[i] != pupil.id)
    already = tuple(i for i in batch if i not in refused and i not in added)
    return Stored(added, already, refused)


def results(store: Store, session_id: int, pupil_id: int | None = None) -> list[dict[str, Any]]:
    """A session's kept practice tries (one pupil's when ``pupil_id`` is given), in the
    order the pupils made them."""
    db_session = sessionmaker(store.engine)
    with db_session() as db:
        query = (
            select(PracticeResult, Pupil.name)
            .join(Pupil, PracticeResult.pupil_id == Pupil.id)
            .where(PracticeResult.session_id == session_id)
            .order_by(PracticeResult.at, PracticeResult.attempt, PracticeResult.id)
        )
        if pupil_id is not None:
            query = query.where(PracticeResult.pupil_id == pupil_id)
        return [
            {
                "id": r.id,
                "pupil_id": r.pupil_id,
                "pupil": name,
                "game": r.game,
                "skill": r.skill,
                "level": r.level,
                "seed": r.seed,
                "probe": r.probe,
                "attempt": r.attempt,
                "answer": r.answer,
                "correct": r.correct,
                "misconception": r.misconception,
                "fits": [k for k in r.fits.split("\n") if k],
                "refutes": [k for k in r.refutes.split("\n") if k],
                "guess": r.guess,
                "hints": r.hints,
                "at": utc(r.at).isoformat(timespec="milliseconds"),
                "language": r.language,
            }
            for r, name in db.execute(query).all()
        ]


@dataclass
class SkillMastery:
    """One pupil's mastery of one skill, traced from their kept tries."""

    known: float
    items: int = 0
    right: int = 0
    evidence: dict[str, float] | None = None

    def held(self) -> str | None:
        ranked = sorted((self.evidence or {}).items(), key=lambda kv: (-kv[1], kv[0]))
        if not ranked or ranked[0][1] < HELD_AFTER or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
            return None
        return ranked[0][0]


def trace(rows: Sequence[Mapping[str, Any]]) -> SkillMastery:
    """Knowledge tracing over one pupil's tries at one skill (oldest first)."""
    from ..practice.mastery import DEFAULT, update

    state = SkillMastery(DEFAULT.known, evidence={})
    evidence: dict[str, float] = {}
    firsts: dict[str, Mapping[str, Any]] = {}
    fitted: set[str] = set()
    for row in rows:
        item = f"{row['level']}/{row['seed']}/{row['probe'] or ''}"
        if row["attempt"] == 1 and item not in firsts:
            firsts[item] = row
            first = bool(row["correct"]) and not row["hints"]
            state.known = update(state.known, first, DEFAULT, row["guess"])
            state.items += 1
            state.right += first
            if row["correct"]:
                for key in row["refutes"]:
                    if evidence.get(key):
                        evidence[key] = max(0.0, evidence[key] - 1.0)
        if row["fits"] and item not in fitted:  # once per item, however many tries fit
            fitted.add(item)
            for key in row["fits"]:
                evidence[key] = evidence.get(key, 0.0) + 1.0 / len(row["fits"])
    state.evidence = evidence
    return state


def mastery_grid(store: Store, info: SessionInfo, language: str) -> dict[str, Any]:
    """The skill x pupil grid of a session: per pupil (by id, so the board's order and its
    hidden names apply) and skill, the probability the skill is known, its status and the
    misconception held, in the teacher's words. Skills in the order the game teaches them."""
    from ..practice import skills as game_skills
    from ..practice.mastery import MASTERED

    rows = results(store, info.id)
    if not rows:
        return {"skills": [], "cells": {}}
    game = session_game(info)
    order = {s.id: (i, s) for i, s in enumerate(game_skills(game))}
    per: dict[tuple[int, str], list[Mapping[str, Any]]] = {}
    for row in rows:
        if row["skill"] in order:
            per.setdefault((row["pupil_id"], row["skill"]), []).append(row)
    used = sorted({skill for _, skill in per}, key=lambda sid: order[sid][0])
    cells: dict[str, dict[str, Any]] = {}
    for (pupil_id, skill), mine in per.items():
        state = trace(mine)
        held = state.held()
        mastered = state.known >= MASTERED
        status = "mastered" if mastered else "practising"
        cells.setdefault(str(pupil_id), {})[skill] = {
            "known": round(state.known, 3),
            "percent": round(100 * state.known),
            "items": state.items,
            "right": state.right,
            "status": status,
            "help": not mastered and (held is not None or state.known < 0.4),
            "held": held,
            "held_title": tr(f"practice.misconception_title.{held}", language) if held else None,
        }
    return {
        "skills": [{"id": sid, "title": order[sid][1].title(language)} for sid in used],
        "cells": cells,
    }


def practice_rows(store: Store, info: SessionInfo, language: str) -> list[dict[str, Any]]:
    """The teacher's export: one row per pupil and skill with the mastery the grid shows
    (names as given; the teacher's own file)."""
    grid = mastery_grid(store, info, language)
    titles = {s["id"]: s["title"] for s in grid["skills"]}
    names = {p.id: p.name for p in store.pupils(info.id)}
    out = []
    for pupil_id, skills in grid["cells"].items():
        for sid, cell in skills.items():
            out.append(
                {
                    "pupil": names.get(int(pupil_id), ""),
                    "skill": sid,
                    "skill_title": titles[sid],
                    "known": cell["known"],
                    "status": cell["status"],
                    "items": cell["items"],
                    "right_first_try": cell["right"],
                    "misconception": cell["held"] or "",
                    "misconception_title": cell["held_title"] or "",
                }
            )
    return sorted(out, key=lambda r: (r["pupil"], list(titles).index(r["skill"])))
