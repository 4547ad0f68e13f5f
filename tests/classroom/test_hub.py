"""The class server as a JupyterHub service: a real Hub on loopback (DummyAuthenticator,
SimpleLocalProcessSpawner, configurable-http-proxy), started with the documented
``jupyterhub_config.py``. Pupils are who the Hub says; a teacher is in the Hub's group
``teachers`` and sees their own classes; a class's pupils are its group's members.

The lean tests (in CI) drive the pupils' and the teachers' Python side with the tokens
their user servers hold; test_hub_browser.py runs a lesson in three Chromium pages with
real user servers and kernels."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from teachgames.classroom import AnswerEvent, Teacher, from_hub
from teachgames.classroom.client import JoinError

from .hub import Hub

LESSON = "delissimo-8plus"
TOPS = "lesson.misconception.tops_and_bottoms"


@contextmanager
def closing_lessons(*teachers: Teacher) -> Iterator[None]:
    """End every lesson these teachers opened, pass or fail: the Hub is shared with the
    other Hub tests, whose pupils join the one lesson open for their class."""
    try:
        yield
    finally:
        for teacher in teachers:
            for opened in teacher.sessions():
                if opened["open"]:
                    teacher.control(opened["id"], "close")


@pytest.mark.slow
def test_pupils_are_who_the_hub_says_and_the_teacher_is_its_group(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    tokens = {user: hub.token_for(user) for user in ("ivanova", "asel", "boris")}
    # Through the Hub's proxy, as a browser on the school network reaches it.
    teacher = Teacher(f"{hub.url}/services/classroom", f"token {tokens['ivanova']}")
    with closing_lessons(teacher):
        lesson_of_7a(hub, teacher, tokens, monkeypatch)


def lesson_of_7a(hub: Hub, teacher: Teacher, tokens: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    session = teacher.start("7A", LESSON, tasks=["sum", "compare"])

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
    # A lesson of Boris's second class open at once: without a code he is asked for it.
    other = teacher.start("Maths club", LESSON)
    with pytest.raises(JoinError, match="code"):
        from_hub()
    late = from_hub(code=other["code"])
    assert late.my_answers() == []
    late.close()
    assert [p["name"] for p in teacher.board(other["id"])["pupils"]] == ["boris"]
    for link in links.values():
        link.close()


@pytest.mark.slow
def test_two_teachers_each_see_their_own_class_and_pupils_join_their_own(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    users = ("ivanova", "petrov", "asel", "boris", "chen", "dana")
    tokens = {user: hub.token_for(user) for user in users}
    ivanova, petrov = (Teacher(hub.class_url, f"token {tokens[t]}") for t in ("ivanova", "petrov"))
    with closing_lessons(ivanova, petrov):
        seven_a = ivanova.start("7A", LESSON, tasks=["sum"])
        seven_b = petrov.start("7B", LESSON, tasks=["sum"])
        monkeypatch.setenv("TEACHGAMES_CLASS_URL", hub.class_url)
        links = {}
        for user in ("asel", "boris", "chen", "dana"):
            monkeypatch.setenv("JUPYTERHUB_API_TOKEN", tokens[user])
            links[user] = from_hub()  # no code: the lesson open for their own class
            links[user].send(AnswerEvent.new(LESSON, "puzzles.sum", "6/8", True))
            assert links[user].flush()
        boards = {
            name: sorted(p["name"] for p in t.board(s["id"])["pupils"])
            for name, t, s in (("ivanova", ivanova, seven_a), ("petrov", petrov, seven_b))
        }
        assert boards == {"ivanova": ["asel", "boris"], "petrov": ["chen", "dana"]}
        # Each teacher's notebook lists their own class only, and another's is not there.
        assert [c["name"] for c in petrov.classes()] == ["7B"]
        assert "7B" not in {c["name"] for c in ivanova.classes()}
        assert [s["id"] for s in petrov.sessions() if s["open"]] == [seven_b["id"]]
        for trying in (
            lambda: ivanova.board(seven_b["id"]),
            lambda: ivanova.control(seven_b["id"], "close"),
            lambda: ivanova.results(seven_b["id"]),
        ):
            with pytest.raises(JoinError, match="no such lesson session"):
                trying()
        assert petrov.board(seven_b["id"])["pacing"] is None
        # Asel has 7B's code from a friend: she still does not join 7B.
        monkeypatch.setenv("JUPYTERHUB_API_TOKEN", tokens["asel"])
        with pytest.raises(JoinError, match="another class"):
            from_hub(code=seven_b["code"])
        # Pacing reaches each class's pupils only.
        changed = {user: threading.Event() for user in ("asel", "chen")}
        for user, event in changed.items():
            links[user].subscribe(event.set)
            event.clear()
        petrov.control(seven_b["id"], "hold", screen=0)
        assert changed["chen"].wait(10) and links["chen"].allowed_screen(LESSON) == 0
        assert links["asel"].allowed_screen(LESSON) is None
        for link in links.values():
            link.close()


@pytest.mark.slow
def test_outside_the_hub_from_hub_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)
    monkeypatch.delenv("TEACHGAMES_CLASS_URL", raising=False)
    with pytest.raises(JoinError, match="JupyterHub"):
        from_hub()
