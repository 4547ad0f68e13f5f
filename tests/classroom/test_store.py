"""The records: what a teacher keeps after the lesson, on SQLite and on PostgreSQL."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import inspect

from teachgames.classroom.models import Base
from teachgames.classroom.results import answers_csv, answers_frame, frame_from_csv
from teachgames.classroom.store import Store, StoreError
from teachgames.core.answers import AnswerEvent

LESSON = "delissimo-8plus"


def newest_revision() -> str:
    """The head of the migrations folder, as Alembic reads it (what a new database reaches)."""
    from alembic.script import ScriptDirectory

    import teachgames.classroom.store as store_module

    head = ScriptDirectory(str(Path(store_module.__file__).parent / "migrations")).get_current_head()
    assert head is not None
    return head


def answer(task: str, text: str, correct: bool, key: str | None = None, attempt: int = 1) -> AnswerEvent:
    return AnswerEvent.new(LESSON, task, text, correct, misconception=key, attempt=attempt)


def test_a_lesson_is_kept_and_comes_back_in_order(db_url: str) -> None:
    store = Store(db_url)
    class_id = store.new_class("7B")
    info = store.new_session(class_id, LESSON, ["toppings", "sum"])
    _, asel, _ = store.join(info.code, "Asel")
    _, boris, _ = store.join(info.code.lower(), "  Boris  ")
    first = answer("toppings", "3/8", False, "lesson.misconception.tops_and_bottoms")
    stored = store.add_answers(asel, [first, answer("toppings", "1/2", True, attempt=2)])
    assert len(stored.added) == 2
    store.add_answers(boris, [answer("sum", "7/8", True)])
    rows = store.answers(info.id)
    assert [(r["pupil"], r["task"], r["answer"], r["correct"]) for r in rows] == [
        ("Asel", "toppings", "3/8", False),
        ("Asel", "toppings", "1/2", True),
        ("Boris", "sum", "7/8", True),
    ]
    assert rows[0]["misconception"] == "lesson.misconception.tops_and_bottoms"
    assert [r["task"] for r in store.answers(info.id, boris.id)] == ["sum"]
    (named,) = store.misconceptions(class_id)
    assert (named["session"], named["misconception"], named["count"]) == (
        info.id,
        "lesson.misconception.tops_and_bottoms",
        1,
    )
    store.close()


def test_a_retry_never_counts_twice_and_another_pupil_cannot_take_an_id(db_url: str) -> None:
    store = Store(db_url)
    info = store.new_session(store.new_class("7B"), LESSON)
    _, asel, _ = store.join(info.code, "Asel")
    _, boris, _ = store.join(info.code, "Boris")
    event = answer("toppings", "3/8", False)
    assert store.add_answers(asel, [event]).added == (event.id,)
    again = store.add_answers(asel, [event, event])
    assert again.added == () and again.already == (event.id,)
    stolen = store.add_answers(boris, [event])
    assert stolen.refused == (event.id,)
    assert store.count_answers(info.id) == 1
    assert store.answers(info.id)[0]["pupil"] == "Asel"
    store.close()


def test_deleting_a_class_deletes_its_pupils_answers_and_nothing_else(db_url: str) -> None:
    store = Store(db_url)
    a = store.new_session(store.new_class("7A"), LESSON)
    b = store.new_session(store.new_class("7B"), LESSON)
    for info in (a, b):
        _, pupil, _ = store.join(info.code, "Asel")
        store.add_answers(pupil, [answer("toppings", "3/8", False)])
    assert store.delete_class(a.class_id)
    assert store.count_answers() == 1
    assert store.session(a.id) is None and store.pupils(a.id) == []
    assert store.count_answers(b.id) == 1
    assert not store.delete_class(a.class_id)
    store.close()


def test_an_expired_code_lets_nobody_in(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    info = store.new_session(store.new_class("7B"), LESSON, hours=0.0)
    with pytest.raises(StoreError) as caught:
        store.join(info.code, "Asel")
    assert caught.value.key == "classroom.error.code"
    store.close()


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("Asel", "Asel"),
        ("\u202eAsel", "Asel"),  # a right-to-left override would show "lesA"
        ("A\u200bs\u200del\u2066", "Asel"),  # zero-width and isolate characters
        ("  Ira \t\n Petrova ", "Ira Petrova"),
        ("Ж\u0301ора", "Ж\u0301ора"),  # a combining accent stays (NFC keeps what has no precomposed form)
        ("e\u0301mile", "\u00e9mile"),  # NFC: one character for e + accent
        ("x" * 41, "x" * 40),
        ("a\x00b", "ab"),
    ],
)
def test_names_are_normalised_and_never_refused(sqlite_url: str, typed: str, shown: str) -> None:
    store = Store(sqlite_url)
    info = store.new_session(store.new_class("7B"), LESSON)
    _, pupil, _ = store.join(info.code, typed)
    assert pupil.name == shown
    store.close()


def test_an_invisible_name_gets_a_placeholder_and_a_second_asel_adds_an_initial(db_url: str) -> None:
    store = Store(db_url)
    info = store.new_session(store.new_class("7B"), LESSON)
    shown = [
        store.join(info.code, name, placeholder="Pupil")[1].name for name in ("", "\u200b\u202e", "\u3164")
    ]
    assert shown == ["Pupil 1", "Pupil 2", "Pupil 3"]
    token, asel, _ = store.join(info.code, "Asel")
    with pytest.raises(StoreError) as caught:
        store.join(info.code, " asel ")
    assert caught.value.key == "classroom.error.name_taken" and caught.value.values == {"name": "asel"}
    assert store.join(info.code, "Asel K.")[1].name == "Asel K."
    # the token the browser kept brings the same pupil back, not a second row
    again, back, _ = store.join(info.code, "Asel", resume=token)
    assert (again, back) == (token, asel)
    assert [p.name for p in store.pupils(info.id)] == ["Pupil 1", "Pupil 2", "Pupil 3", "Asel", "Asel K."]
    store.close()


def test_sqlite_runs_in_wal_mode_with_the_migrated_schema(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    store.new_class("7B")
    with sqlite3.connect(tmp_path / "c.db") as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("SELECT version_num FROM alembic_version").fetchone()[0] == newest_revision()
    # The migration made exactly the tables and columns the models describe.
    found = inspect(store.engine)
    for table in Base.metadata.sorted_tables:
        assert {c["name"] for c in found.get_columns(table.name)} == {c.name for c in table.columns}
    store.close()
    Store(f"sqlite:///{tmp_path / 'c.db'}").close()  # a second start migrates nothing and keeps data


def test_results_as_csv_and_dataframe_keep_the_pupils_text(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    info = store.new_session(store.new_class("7B"), LESSON)
    _, pupil, _ = store.join(info.code, '=HYPERLINK("x")')
    store.add_answers(
        pupil,
        [
            AnswerEvent.new(LESSON, "toppings", "=1+1", False, at="2026-12-01T09:00:00+00:00"),
            AnswerEvent.new(LESSON, "sum", "3/8, 1/2", True, at="2026-12-01T09:01:00Z"),
        ],
    )
    rows = store.answers(info.id)
    text = answers_csv(rows)
    assert "'=HYPERLINK" in text and "'=1+1" in text  # a spreadsheet shows it, does not run it
    frame = answers_frame(rows)
    assert list(frame["answer"]) == ["=1+1", "3/8, 1/2"]
    assert list(frame["correct"]) == [False, True]
    assert str(frame["at"].dt.tz) == "UTC"
    back = frame_from_csv(text)
    assert list(back["task"]) == ["toppings", "sum"] and list(back["correct"]) == [False, True]
    store.close()


def test_a_database_of_the_first_schema_is_upgraded_with_its_answers(db_url: str) -> None:
    from teachgames.classroom.store import make_engine, migrate

    engine = make_engine(db_url)
    migrate(engine, "0001")
    with engine.begin() as conn:
        conn.exec_driver_sql("INSERT INTO classes (id, name, created) VALUES (1, '7B', CURRENT_TIMESTAMP)")
    engine.dispose()
    store = Store(db_url)  # migrates to the newest revision on start
    assert store.classes() == [(1, "7B")]
    info = store.new_session(1, LESSON)
    assert store.projector_key(info.id) and store.session(info.id) is not None
    store.close()


def test_an_older_database_keeps_one_current_answer_per_pupil_task_and_try(db_url: str) -> None:
    """Before revision 0003 a pupil's side could record a try many times; the upgrade
    keeps the newest of each, and from then a newer answer takes the older's place."""
    from teachgames.classroom.store import make_engine, migrate

    engine = make_engine(db_url)
    migrate(engine, "0002")
    with engine.begin() as conn:
        conn.exec_driver_sql("INSERT INTO classes (id, name, created) VALUES (1, '7B', CURRENT_TIMESTAMP)")
        conn.exec_driver_sql(
            "INSERT INTO sessions (id, class_id, lesson, tasks, code, started, expires, timer_seconds, version)"
            " VALUES (1, 1, 'delissimo-8plus', '', 'ABCDEF', '2026-12-01 09:00:00+00', '2099-01-01 00:00:00+00', 0, 0)"
        )
        conn.exec_driver_sql(
            "INSERT INTO pupils (id, session_id, name, token_hash, joined)"
            " VALUES (1, 1, 'Asel', 'h', '2026-12-01 09:00:00+00')"
        )
        for n in range(3):
            conn.exec_driver_sql(
                "INSERT INTO answers (id, pupil_id, session_id, lesson, task, answer, correct, attempt, at,"
                f" received, language) VALUES ('{n:032x}', 1, 1, 'delissimo-8plus', 'puzzles.sum', '{n}/8',"
                f" false, 1, '2026-12-01 09:0{n}:00+00', '2026-12-01 09:0{n}:00+00', 'en')"
            )
    engine.dispose()
    store = Store(db_url)
    assert [(r["answer"], r["hints"]) for r in store.answers(1)] == [("2/8", None)]
    (pupil,) = store.pupils(1)
    newer = AnswerEvent.new(LESSON, "puzzles.sum", "6/8", True, at="2026-12-01T09:05:00+00:00")
    older = AnswerEvent.new(LESSON, "puzzles.sum", "5/8", False, at="2026-12-01T09:04:00+00:00")
    assert store.add_answers(pupil, [newer], {newer.id: 2}).added == (newer.id,)
    stored = store.add_answers(pupil, [older])  # sent late: acknowledged, changes nothing
    assert stored.added == () and stored.already == (older.id,)
    assert [(r["answer"], r["correct"], r["hints"]) for r in store.answers(1)] == [("6/8", True, 2)]
    store.close()


def test_serving_a_class_by_a_name_that_needs_cleaning_finds_the_class_kept(db_url: str) -> None:
    """`class serve --class "7Б "` on the second day finds the class the store keeps as
    "7Б": the typed name is cleaned as the store cleans it before it is looked up, so a
    trailing space, a decomposed letter or a bidi control make no second class."""
    store = Store(db_url)
    kept = store.class_named("Ёлка 7Б")
    assert store.classes() == [(kept, "Ёлка 7Б")]
    decomposed = "Е\u0308лка 7Б"
    for typed in ("Ёлка 7Б  ", decomposed, "\u202aЁлка\u202c 7Б", "Ёлка\t 7Б"):
        assert store.class_named(typed) == kept, typed
    assert store.classes() == [(kept, "Ёлка 7Б")], "no second class"
    assert store.class_named("7B") != kept
    with pytest.raises(StoreError):
        store.class_named("\u200b ")
    store.close()
