"""The pupil's link against a real server process: answers queue while the server is
away and arrive once, pacing reaches the pupil, the server killed and started again."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from teachgames.classroom import AnswerEvent, join
from teachgames.classroom.client import HttpLink, JoinError, Outbox

from .live import LiveServer

LESSON = "delissimo-8plus"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite:///{tmp_path / 'c.db'}", log=tmp_path / "server.log").start()
    yield live
    live.stop()


def wait_for(condition: object, timeout: float = 15.0) -> bool:
    done = threading.Event()
    for _ in range(int(timeout / 0.05)):
        if callable(condition) and condition():
            return True
        done.wait(0.05)
    return False


def test_a_pupil_joins_answers_and_reads_back_only_their_answers(server: LiveServer) -> None:
    session = server.new_session(["toppings", "sum"])
    link = join(server.url, session["code"], "Asel")
    first = AnswerEvent.new(
        LESSON, "puzzles.sum", "3/8", False, misconception="delissimo.lesson.activity.half_not_eighth"
    )
    link.send(first)
    link.send(first)  # the widget sent it twice: still one answer
    link.send(AnswerEvent.new(LESSON, "puzzles.sum", "6/8", True, attempt=2))
    assert link.flush()
    assert [(a["answer"], a["correct"]) for a in link.my_answers()] == [("3/8", False), ("6/8", True)]
    link.close()
    with pytest.raises(JoinError, match="code"):
        join(server.url, "NOPE42", "Boris")


def test_pacing_and_the_shown_answer_reach_the_pupil(server: LiveServer) -> None:
    session = server.new_session(["toppings", "sum", "compare"])
    link = join(server.url, session["code"], "Asel")
    changed = threading.Event()
    link.subscribe(changed.set)
    assert wait_for(lambda: link.pacing.version is not None)
    assert link.allowed_screen(LESSON) is None  # free until the teacher holds the class
    changed.clear()
    server.call("POST", f"/api/sessions/{session['id']}/control", {"action": "hold", "screen": 0})
    assert changed.wait(10) and link.allowed_screen(LESSON) == 0
    changed.clear()
    server.call("POST", f"/api/sessions/{session['id']}/control", {"action": "release"})
    assert changed.wait(10) and link.allowed_screen(LESSON) == 1
    assert link.allowed_screen("another-lesson") is None
    link.send(AnswerEvent.new(LESSON, "puzzles.sum", "3/8", False))
    assert link.flush()
    answer_id = link.my_answers()[0]["id"]
    changed.clear()
    server.call("POST", f"/api/sessions/{session['id']}/control", {"action": "reveal", "answer": answer_id})
    assert changed.wait(10) and link.revealed() == {"task": "puzzles.sum", "answer": "3/8"}
    link.close()


def test_answers_wait_while_the_server_is_away_and_survive_its_crash(tmp_path: Path) -> None:
    live = LiveServer(f"sqlite:///{tmp_path / 'c.db'}", log=tmp_path / "server.log").start()
    session = live.new_session(["toppings"])
    link = join(live.url, session["code"], "Asel", queue_file=tmp_path / "queue.jsonl")
    sent = [
        AnswerEvent.new(LESSON, task, f"{n}/8", False, attempt=1 + n % 2)
        for n, task in enumerate(
            ["warmup.quarter", "warmup.quarter", "puzzles.sum", "puzzles.sum", "ticket.t2"]
        )
    ]
    for event in sent[:2]:
        link.send(event)
    assert link.flush()
    live.kill()
    for event in sent[2:]:
        link.send(event)  # the network is away: queued, the call returns at once
    assert link.pending() == 3 and not link.flush(0.5)
    # The kernel restarts too: a new link reads the queue file and sends what is left.
    link.close()
    again = HttpLink(live.url, link.token, queue_file=tmp_path / "queue.jsonl")
    assert again.pending() == 3
    live.start()
    assert again.flush(20)
    ids = [a["id"] for a in again.my_answers()]
    assert sorted(ids) == sorted(e.id for e in sent) and len(ids) == len(set(ids))
    again.close()
    live.stop()


def test_the_outbox_keeps_order_and_each_id_once(tmp_path: Path) -> None:
    box = Outbox(tmp_path / "q.jsonl")
    events = [AnswerEvent.new(LESSON, "t", str(n), True) for n in range(3)]
    for e in [*events, events[0]]:
        box.put(e)
    assert [e.answer for e in box.batch()] == ["0", "1", "2"]
    box.done([events[1].id])
    assert [e.answer for e in Outbox(tmp_path / "q.jsonl").batch()] == ["0", "2"]
