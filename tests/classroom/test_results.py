"""Results a teacher can open: every lesson's times read whatever their form, no cell a
spreadsheet would run, no row a carriage return splits, and a pupil id on every row."""

from __future__ import annotations

import csv
import io

import pandas as pd

from teachgames.classroom.results import answers_csv, answers_frame, frame_from_csv
from teachgames.classroom.store import Store
from teachgames.core.answers import AnswerEvent

LESSON = "delissimo-8plus"


def test_times_at_whole_seconds_and_with_fractions_read_together(db_url: str) -> None:
    """An answer committed at exactly .000 was stored without a fraction and pandas
    refused the mixed column: about half of real lessons."""
    store = Store(db_url)
    info = store.new_session(store.new_class("7B"), LESSON)
    _, pupil, _ = store.join(info.code, "Asel")
    times = ["2026-12-01T09:00:00.000+00:00", "2026-12-01T09:00:01.250+00:00", "2026-12-01T09:00:02Z"]
    events = [
        AnswerEvent.new(LESSON, task, "3/8", False, at=at)
        for task, at in zip(["puzzles.sum", "ticket.t2", "warmup.quarter"], times, strict=True)
    ]
    store.add_answers(pupil, events)
    rows = store.answers(info.id)
    frame = answers_frame(rows)
    assert list(frame["at"]) == [pd.Timestamp(t) for t in times]
    back = frame_from_csv(answers_csv(rows))
    assert list(back["at"]) == list(frame["at"])
    mixed = [
        dict(rows[0], at="2026-12-01T09:00:00+00:00"),
        dict(rows[1], at="2026-12-01T09:00:01.250000+00:00"),
    ]
    assert len(answers_frame(mixed)) == 2 and len(frame_from_csv(answers_csv(mixed))) == 2
    store.close()


def test_no_cell_can_start_a_formula_and_no_carriage_return_splits_a_row() -> None:
    hostile = ["3/8\r=2+3", "=1+1", " =1+1", "\n@SUM(A1)", "+1", "-1", "＝1+1", "\t=1", "3/8\n-2"]
    rows = [
        {
            "pupil_id": n + 1,
            "pupil": text,
            "answer": text,
            "correct": False,
            "attempt": 1,
            "at": "x",
            "id": str(n),
        }
        for n, text in enumerate(hostile)
    ]
    text = answers_csv(rows)
    read = list(csv.reader(io.StringIO(text, newline="")))
    assert len(read) == 1 + len(hostile)  # a header and one row per answer, whatever they hold
    header = read[0]
    assert header[:2] == ["pupil_id", "pupil"]
    for row in read[1:]:
        for cell in row:
            assert not cell.lstrip().startswith(("=", "+", "-", "@", "＝")), cell
    frame = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)
    assert len(frame) == len(hostile)
    assert all(not str(v).lstrip().startswith(("=", "+", "-", "@")) for v in frame.to_numpy().ravel())


def test_two_pupils_of_one_name_stay_two_in_the_results(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    info = store.new_session(store.new_class("7B"), LESSON)
    _, first, _ = store.join(info.code, "Asel")
    _, second, _ = store.join(info.code, "Asel B.")
    with store._db.begin() as db:  # as an older server let it happen: two rows, one name
        from sqlalchemy import update

        from teachgames.classroom.models import Pupil

        db.execute(update(Pupil).where(Pupil.id == second.id).values(name="Asel"))
    for pupil in (first, second):
        store.add_answers(pupil, [AnswerEvent.new(LESSON, "puzzles.sum", "3/8", False)])
    frame = frame_from_csv(answers_csv(store.answers(info.id)))
    assert frame.groupby("pupil_id").size().tolist() == [1, 1] and set(frame["pupil"]) == {"Asel"}
    store.close()
