"""``import teachgames`` (and a pupil kernel's ``teachgames.classroom``) stays light."""

from __future__ import annotations

import json
import subprocess
import sys


def test_the_package_and_the_pupils_link_load_no_server_library() -> None:
    code = (
        "import sys, json, teachgames, teachgames.classroom\n"
        "from teachgames.classroom import AnswerEvent, NoClass\n"
        "heavy = ('sqlalchemy', 'starlette', 'uvicorn', 'alembic', 'pandas', 'psycopg', 'anywidget')\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in heavy)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == []
