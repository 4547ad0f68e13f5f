"""A class answering at once, for the fault test and the load benchmark.

``direct_burst``: every pupil posts each answer on its own as soon as the last was
acknowledged (a widget committing answer after answer), all pupils started together;
per-request latency is kept. ``fault_burst``: the pupils' real links (outbox, retries),
the server killed with SIGKILL once a share of the answers is acknowledged, started again
a moment later; then everything must be there exactly once.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from teachgames.classroom import AnswerEvent, join
from teachgames.classroom.client import HttpLink, request

from .live import LiveServer

LESSON = "delissimo-8plus"
#: The session's columns: every task of the lesson.
TASKS: list[str] = []


def _slots() -> list[tuple[str, int, list[str]]]:
    """Every (task, try) of the lesson with answers a pupil's activity would send there
    (the server marks them again): a pupil gives one answer per slot."""
    from teachgames.classroom.judge import lesson_tasks
    from tests.lesson.answering import right_answer, wrong_answers

    slots = []
    for task_id, entry in lesson_tasks(LESSON).items():
        given = [a for a, _ in wrong_answers(entry.task)] + [right_answer(entry.task)]
        echoes = [entry.task.check(a, "en").echo for a in given]
        for attempt in range(1, entry.tries + 1):
            slots.append((task_id, attempt, echoes))
    return slots


SLOTS = _slots()


@dataclass
class Figures:
    sent: int = 0
    stored: int = 0
    distinct: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    retries: int = 0
    acknowledged_before_kill: int = 0
    lost_acknowledged: int = 0
    missing: int = 0

    def percentile(self, p: float) -> float:
        values = sorted(self.latencies)
        if not values:
            return float("nan")
        return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))] * 1000


def _event(pupil: int, n: int) -> AnswerEvent:
    """Pupil ``pupil``'s answer ``n``: one (task, try) each, at most :data:`SLOTS` of them."""
    task, attempt, echoes = SLOTS[n % len(SLOTS)]
    return AnswerEvent.new(LESSON, task, echoes[(pupil + n) % len(echoes)], False, attempt=attempt)


def _stored(server: LiveServer, session: int) -> list[str]:
    rows = server.call("GET", f"/api/sessions/{session}/answers")
    return [r["id"] for r in rows]


def direct_burst(server: LiveServer, pupils: int = 35, answers: int = 20) -> Figures:
    session = server.new_session(TASKS)
    tokens = []
    for i in range(pupils):
        status, data = request(
            server.url, "POST", "/api/join", {"code": session["code"], "name": f"Pupil {i}"}
        )
        assert status == 200, data
        tokens.append(data["token"])
    figures = Figures(sent=pupils * answers)
    lock = threading.Lock()
    start = threading.Barrier(pupils + 1)

    def pupil(i: int) -> None:
        start.wait()
        for n in range(answers):
            event = _event(i, n)
            t0 = time.perf_counter()
            while True:  # a failed try is retried with the same id
                try:
                    status, _ = request(
                        server.url, "POST", "/api/answers", {"answers": [event.to_dict()]}, tokens[i]
                    )
                    if status == 200:
                        break
                except OSError:
                    pass
                with lock:
                    figures.retries += 1
                time.sleep(0.05)
            with lock:
                figures.latencies.append(time.perf_counter() - t0)

    threads = [threading.Thread(target=pupil, args=(i,)) for i in range(pupils)]
    for t in threads:
        t.start()
    start.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    figures.seconds = time.perf_counter() - t0
    ids = _stored(server, session["id"])
    figures.stored, figures.distinct = len(ids), len(set(ids))
    return figures


def fault_burst(
    server: LiveServer, pupils: int = 35, answers: int = 20, kill_at: float = 0.4, down: float = 1.0
) -> Figures:
    """Kill the server once ``kill_at`` of the answers are acknowledged; restart after ``down`` s."""
    session = server.new_session(TASKS)
    links: list[HttpLink] = [join(server.url, session["code"], f"Pupil {i}") for i in range(pupils)]
    sent: list[list[AnswerEvent]] = [[_event(i, n) for n in range(answers)] for i in range(pupils)]
    figures = Figures(sent=pupils * answers)
    go = threading.Event()
    counts = [0] * pupils  # how many of each pupil's answers were handed to the link

    def counting(i: int) -> None:
        go.wait()
        for n, event in enumerate(sent[i]):
            links[i].send(event)
            counts[i] = n + 1
            time.sleep(0.02)  # a pupil answers; the link sends in the background

    def acknowledged() -> set[str]:
        queued = {e.id for i in range(pupils) for e in sent[i][: counts[i]]}
        pending = {e.id for link in links for e in link.outbox.batch(10_000)}
        return queued - pending

    threads = [threading.Thread(target=counting, args=(i,)) for i in range(pupils)]
    for t in threads:
        t.start()
    t0 = time.perf_counter()
    go.set()
    while len(acknowledged()) < kill_at * figures.sent and time.perf_counter() - t0 < 60:
        time.sleep(0.005)
    server.kill()
    before = acknowledged()  # what the server said it had, up to its death
    figures.acknowledged_before_kill = len(before)
    time.sleep(down)
    server.start()
    for t in threads:
        t.join()
    for link in links:
        link.flush(60)
    figures.seconds = time.perf_counter() - t0
    ids = _stored(server, session["id"])
    figures.stored, figures.distinct = len(ids), len(set(ids))
    figures.lost_acknowledged = len(before - set(ids))
    figures.missing = len({e.id for s in sent for e in s} - set(ids))
    for link in links:
        link.close()
    return figures


@dataclass
class Hostile:
    """What the mischievous pupils did meanwhile, and whether any of it got a 5xx."""

    requests: int = 0
    refused: int = 0
    server_errors: int = 0


def hostile_burst(
    server: LiveServer, pupils: int = 35, answers: int = 20, hostile: int = 5
) -> tuple[Figures, Hostile]:
    """``direct_burst`` of the honest pupils while ``hostile`` more flood made-up answers,
    hold long polls open on their tokens, send malformed bodies and guess ids and codes,
    until the honest pupils are done."""
    import urllib.request

    session = server.new_session(TASKS)
    tokens = []
    for i in range(hostile):
        status, data = request(
            server.url, "POST", "/api/join", {"code": session["code"], "name": f"Mischief {i}"}
        )
        assert status == 200, data
        tokens.append(data["token"])
    done = threading.Event()
    seen = Hostile()
    lock = threading.Lock()

    def note(status: int) -> None:
        with lock:
            seen.requests += 1
            seen.refused += 400 <= status < 500
            seen.server_errors += status >= 500

    def raw(path: str, body: bytes, token: str) -> int:
        req = urllib.request.Request(server.url + path, data=body, method="POST",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})  # fmt: skip
        try:
            with urllib.request.urlopen(req, timeout=30) as response:
                return int(response.status)
        except urllib.error.HTTPError as exc:
            return int(exc.code)
        except OSError:
            return 0

    def flooder(token: str) -> None:
        while not done.is_set():
            made_up = [
                AnswerEvent.new(
                    LESSON, f"puzzles.fake{n}", "60 copies", True, misconception="lesson.misconception.x"
                )
                for n in range(100)
            ]
            note(
                request(
                    server.url, "POST", "/api/answers", {"answers": [e.to_dict() for e in made_up]}, token
                )[0]
            )

    def poller(token: str) -> None:
        while not done.is_set():
            _status, data = request(server.url, "GET", "/api/pacing?wait=0", token=token)
            version = data.get("version") if isinstance(data, dict) else None
            note(
                request(server.url, "GET", f"/api/pacing?since={version}&wait=20", token=token, timeout=30)[0]
            )

    def malformed(token: str) -> None:
        bodies = [b"[" * 3000, b'{"code": "\\ud800", "name": "x"}', b'{"answers": [{"id": "\\u0000"}]}']
        paths = ["/api/join", "/api/answers", "/api/sessions/99999999999999999999999/control"]
        n = 0
        while not done.is_set():
            note(raw(paths[n % 3], bodies[n % len(bodies)], token))
            # (no wrong codes: every pupil here calls from loopback, one address, which a
            # dozen wrong codes lock for a minute; test_security tries the throttle)
            note(request(server.url, "GET", "/api/sessions/2147483648/board", token="x")[0])
            n += 1

    def surviving(kind: Callable[[str], None]) -> Callable[[str], None]:
        def run(token: str) -> None:
            try:
                kind(token)
            except OSError:  # the server stopped under a request: note it, stop this pupil
                note(0)

        return run

    threads = []
    for i, token in enumerate(tokens):
        kind = surviving((flooder, poller, malformed)[i % 3])
        copies = 20 if i % 3 == 1 else 1  # a score of long polls on one token
        threads += [threading.Thread(target=kind, args=(token,), daemon=True) for _ in range(copies)]
    for t in threads:
        t.start()
    try:
        honest = direct_burst(server, pupils, answers)
    finally:
        done.set()
    server.call("POST", f"/api/sessions/{session['id']}/control", {"action": "close"})  # wakes the polls
    for t in threads:
        t.join(30)
    bad = server.call("GET", f"/api/sessions/{session['id']}/answers")
    assert not bad, "a made-up answer was stored"
    return honest, seen
