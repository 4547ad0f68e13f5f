"""``teachgames site --serve`` starts the class server too, under ``/class/`` of the site's
own address: pupils join with the code and a name, the teacher's dashboard link works,
a foreign page is refused, guessing is throttled per pupil behind the site's forwarding,
and Ctrl-C stops both. Fast: a folder that looks like a built site, no build, no browser."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("uvicorn")

from teachgames.classroom.onsite import RunningClass, start_class
from teachgames.site.server import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
LESSON = "delissimo-8plus"


def fake_site(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "jupyter-lite.json").write_text("{}", encoding="utf-8")
    (folder / "classroom.html").write_text("<p>lessons</p>", encoding="utf-8")
    return folder


def call(
    base: str, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, method=method, headers={"Content-Type": "application/json", **(headers or {})}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as err:
        text = err.read()
        return err.code, json.loads(text) if text.startswith(b"{") else text


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, RunningClass]]:
    running = start_class(
        f"sqlite:///{tmp_path / 'classroom.db'}", klass="7B", lesson=LESSON, teacher_key="k" * 32
    )
    server, base = serve_in_thread(fake_site(tmp_path / "site"), upstream=running.upstream)
    try:
        yield base, running
    finally:
        server.shutdown()
        server.server_close()
        running.stop()


def test_pupils_join_and_answer_on_the_sites_own_address(served: tuple[str, RunningClass]) -> None:
    base, running = served
    assert running.session is not None
    code = running.session.code
    page = {"Origin": base}  # what a pupil's page on the site sends
    status, joined = call(base, "POST", "/class/api/join", {"code": code, "name": "Asel <b>"}, page)
    assert status == 200, joined
    pupil = {**page, "Authorization": f"Bearer {joined['token']}"}
    answer = {
        "id": "a" * 32, "lesson": LESSON, "task": "warmup.fit", "answer": "pepper 1/4", "correct": False,
        "misconception": None, "attempt": 1, "at": "2026-12-01T10:00:00+00:00", "language": "en",
    }
    assert call(base, "POST", "/class/api/answers", {"answers": [answer]}, pupil)[0] == 200
    status, mine = call(base, "GET", "/class/api/me", headers=pupil)
    assert status == 200 and [a["answer"] for a in mine["answers"]] == ["pepper 1/4"]
    # the session's tasks are the lesson's activity tasks, in order
    teacher = {**page, "Authorization": f"Bearer {running.teacher_key}"}
    status, board = call(base, "GET", f"/class/api/sessions/{running.session.id}/board", headers=teacher)
    assert status == 200
    text = json.dumps(board, ensure_ascii=False)
    assert "Asel <b>" in text and "warmup.fit" in text
    # the pupil's token opens no teacher's page, through the site either
    assert call(base, "GET", f"/class/api/sessions/{running.session.id}/board", headers=pupil)[0] == 403
    # the dashboard page itself is on the site's address
    with urllib.request.urlopen(base + "/class/dashboard", timeout=10) as response:
        assert b"page.js" in response.read()


def test_a_page_from_elsewhere_is_refused_and_bodies_are_bounded(served: tuple[str, RunningClass]) -> None:
    base, running = served
    assert running.session is not None
    status, _ = call(
        base, "POST", "/class/api/join", {"code": running.session.code, "name": "x"},
        {"Origin": "http://evil.example"},
    )
    assert status == 403
    status, _ = call(base, "POST", "/class/api/join", {"code": "A" * 70_000, "name": "x"})
    assert status == 413
    # the lessons are still plain files, and nothing but GET reaches them
    assert call(base, "POST", "/classroom.html", {})[0] == 405


def test_guessing_codes_is_throttled_per_pupil_even_with_a_forged_forwarded_address(
    served: tuple[str, RunningClass],
) -> None:
    base, running = served
    assert running.session is not None
    statuses = [
        call(base, "POST", "/class/api/join", {"code": f"ZZZZZ{i}", "name": "x"},
             {"X-Forwarded-For": f"10.0.0.{i}"})[0]
        for i in range(9)
    ]
    assert statuses[:8] == [404] * 8 and statuses[8] == 429
    # even the right code waits now, for this pupil
    assert call(base, "POST", "/class/api/join", {"code": running.session.code, "name": "x"})[0] == 429


def test_the_site_command_starts_the_class_and_ctrl_c_stops_both(tmp_path: Path) -> None:
    site = fake_site(tmp_path / "site")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TEACHGAMES_CLASS_DB": f"sqlite:///{tmp_path / 'c.db'}"}
    command = [sys.executable, "-m", "teachgames.cli", "site", "-o", str(site), "--serve", "--no-build",
               "--port", "0", "--class", "7B", "--lesson", LESSON, "--language", "ru"]
    proc = subprocess.Popen(command, env=env, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    lines: list[str] = []
    try:
        assert proc.stdout is not None
        while len(lines) < 4:
            line = proc.stdout.readline()
            assert line, f"the command ended early: {lines} {proc.stderr.read() if proc.stderr else ''}"
            lines.append(line.strip())
        printed = "\n".join(lines)
        code = re.search(r"Код класса 7B, урок delissimo-8plus: ([A-Z0-9]{6})", printed)
        assert "key=" not in printed  # the teacher's key is never on the (projected) screen
        kept = tmp_path / "classroom-teacher.link"
        assert oct(kept.stat().st_mode & 0o777) == "0o600" and str(kept) in printed
        link = re.search(r"(http://\S+/class/dashboard\?lang=ru)#key=(\S+)", kept.read_text())
        assert code and link, printed
        base = link.group(1).split("/class/")[0]
        teacher = {"Authorization": f"Bearer {link.group(2)}"}
        status, sessions = call(base, "GET", "/class/api/sessions", headers=teacher)
        assert status == 200 and [s["code"] for s in sessions if s["open"]] == [code.group(1)]
        assert call(base, "POST", "/class/api/join", {"code": code.group(1), "name": "Ира"})[0] == 200
    finally:
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0
    assert "Traceback" not in err
    with pytest.raises(OSError):
        urllib.request.urlopen(base + "/classroom.html", timeout=5)


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--class", "7B"], "--class needs --lesson"),
        (["--class", "7B", "--lesson", "nothing-here"], "--lesson: 'nothing-here'"),
    ],
)
def test_a_class_without_a_real_lesson_is_one_clear_line(tmp_path: Path, extra: list[str], said: str) -> None:
    site = fake_site(tmp_path / "site")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TEACHGAMES_CLASS_DB": f"sqlite:///{tmp_path / 'c.db'}"}
    command = [sys.executable, "-m", "teachgames.cli", "site", "-o", str(site), "--serve", "--no-build",
               "--port", "0", *extra]
    done = subprocess.run(command, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert said in done.stderr and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
