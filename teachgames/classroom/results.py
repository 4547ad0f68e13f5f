"""Results out: a session's or a pupil's answers as CSV and as a pandas DataFrame.

CSV cells that a spreadsheet could run as a formula (a pupil's "=1+1", a name starting
with "@", or either behind spaces or a line break) are written with a leading
apostrophe, so opening the file in a spreadsheet shows the pupil's text instead of
running it; every cell is quoted and rows end in CRLF (RFC 4180), so a carriage return
inside an answer cannot split its row. Times are read in any ISO 8601 form (an answer
stored at exactly .000 seconds has no fraction).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from typing import Any

COLUMNS = (
    "pupil_id",
    "pupil",
    "lesson",
    "task",
    "answer",
    "correct",
    "misconception",
    "attempt",
    "at",
    "language",
    "id",
)
_FORMULA = ("=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = str(value)
    if isinstance(value, str) and (
        text.lstrip().startswith(_FORMULA) or text[:1].isspace() or text[:1] == "\x00"
    ):
        return "'" + text
    return text


def answers_csv(rows: Iterable[Mapping[str, Any]]) -> str:
    """The answers as CSV text (one header line, one line per answer)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([_cell(row.get(c)) for c in COLUMNS])
    return out.getvalue()


def answers_frame(rows: Iterable[Mapping[str, Any]]) -> Any:
    """The answers as a pandas DataFrame: one row per answer, ``at`` as UTC times."""
    import pandas as pd

    frame = pd.DataFrame([{c: row.get(c) for c in COLUMNS} for row in rows], columns=list(COLUMNS))
    frame["at"] = pd.to_datetime(frame["at"], utc=True, format="ISO8601")
    frame["correct"] = frame["correct"].astype(bool)
    return frame


def answers_table_json(rows: Iterable[Mapping[str, Any]]) -> str:
    """The answers as pandas' "table" JSON (a schema with each column's type, then the
    rows), which ``pandas.read_json(path, orient="table")`` reads back as the same
    DataFrame as :func:`answers_frame`: the export button's "table for pandas"."""
    frame = answers_frame(rows)
    text: str = frame.to_json(orient="table", index=False, date_format="iso", date_unit="ms")
    return text


def frame_from_csv(text: str) -> Any:
    """Read :func:`answers_csv` back (a teacher's saved file) as a DataFrame."""
    import pandas as pd

    frame = pd.read_csv(
        io.StringIO(text), dtype={"answer": str, "misconception": str, "pupil": str}, keep_default_na=False
    )
    frame["correct"] = frame["correct"].map({"yes": True, "no": False})
    frame["at"] = pd.to_datetime(frame["at"], utc=True, format="ISO8601")
    return frame


def rows_csv(rows: Iterable[Mapping[str, Any]]) -> str:
    """Any rows of one shape (the practice mastery export) as CSV, written as
    :func:`answers_csv` writes (quoted, CRLF, formulas defused); the first row's keys head it."""
    listed = list(rows)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    columns = list(listed[0]) if listed else ["pupil", "skill", "known", "status", "misconception"]
    writer.writerow(columns)
    for row in listed:
        writer.writerow([_cell(row.get(c)) for c in columns])
    return out.getvalue()
