"""The class server as a JupyterHub service: a real Hub on loopback (DummyAuthenticator,
SimpleLocalProcessSpawner, configurable-http-proxy), started with the documented
``jupyterhub_config.py``. Pupils are who the Hub says; the teacher is the Hub's group.

The lean test (in CI) drives the pupils' and the teacher's Python side with the tokens
their user servers hold; test_hub_browser.py runs the same lesson in three Chromium
pages with real user servers and kernels."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from teachgames.classroom import AnswerEvent, Teacher, from_hub
from teachgames.classroom.client import JoinError

from .hub import Hub

LESSON = "delissimo-8plus"
TOPS = "lesson.misconception.tops_and_bottoms"


@pytest.mark.slow
def test_pupils_are_who_the_hub_says_and_the_teacher_is_its_group(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    tokens = {user: hub.token_for(user) for user in ("teacher", "asel", "boris")}
    # Through the Hub's proxy, as a browser on the school network reaches it.
    teacher = Teacher(f"{hub.url}/services/classroom", f"token {tokens['teacher']}")
    session = teacher.start("7B", LESSON, tasks=["sum", "compare"])

    links = {}
    for user in ("asel", "boris"):
        monkeypatch.setenv("JUPYTERHUB_API_TOKEN", tokens[user])
        monkeypatch.setenv("TEACHGAMES_CLASS_URL", hub.class_url)
        links[user] = from_hub()
    links["asel"].send(AnswerEvent.new(LESSON, "puzzles.sum", "3/10", False, misconception=TOPS))
    links["boris"].send(AnswerEvent.new(LESSON, "puzzles.sum", "6/8", True))
    assert all(link.flush() for link in links.values())

    board = teacher.board(session["id"])
    assert {p["name"]: p["cells"]["puzzles.sum"]["state"] for p in board["pupils"]} == {
        "asel": "wrong",
        "boris": "right",
    }

    # A pupil's own Hub token opens no teacher's door, through the proxy or directly.
    for url in (f"{hub.url}/services/classroom", hub.class_url):
        with pytest.raises(JoinError):
            Teacher(url, f"token {tokens['asel']}").board(session["id"])
    assert [a["answer"] for a in links["boris"].my_answers()] == ["6/8"]

    # The projector link the teacher's notebook makes opens this session's board through the proxy.
    link = teacher.projector_link(session["id"])
    assert link.startswith(f"{hub.url}/services/classroom/dashboard?session={session['id']}#key=")
    projector = Teacher(f"{hub.url}/services/classroom", link.rsplit("#key=", 1)[1])
    assert len(projector.board(session["id"])["pupils"]) == 2

    changed = threading.Event()
    links["boris"].subscribe(changed.set)
    changed.clear()
    teacher.control(session["id"], "hold", screen=0)
    assert changed.wait(10) and links["boris"].allowed_screen(LESSON) == 0
    # A second lesson open at once: a pupil without a code is asked for it.
    other = teacher.start("7C", LESSON)
    with pytest.raises(JoinError, match="code"):
        from_hub()
    late = from_hub(code=other["code"])
    assert late.my_answers() == []
    late.close()
    assert [p["name"] for p in teacher.board(other["id"])["pupils"]] == ["boris"]
    for opened in (session, other):  # the Hub is shared with the browser test
        teacher.control(opened["id"], "close")
    for link in links.values():
        link.close()


@pytest.mark.slow
def test_outside_the_hub_from_hub_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)
    monkeypatch.delenv("TEACHGAMES_CLASS_URL", raising=False)
    with pytest.raises(JoinError, match="JupyterHub"):
        from_hub()
