"""``import teachgames`` (and a pupil kernel's ``teachgames.classroom``) stays light."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def test_the_package_and_the_pupils_link_load_no_server_library() -> None:
    code = (
        "import sys, json, teachgames, teachgames.classroom\n"
        "from teachgames.classroom import AnswerEvent, NoClass\n"
        "heavy = ('sqlalchemy', 'starlette', 'uvicorn', 'alembic', 'pandas', 'psycopg', 'anywidget')\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in heavy)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == []


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_every_word_of_the_classroom_is_in_russian_and_bulgarian(language: str) -> None:
    from teachgames.core.i18n import missing_keys, placeholder_problems

    assert missing_keys("classroom", language) == []
    assert placeholder_problems("classroom", language) == []
