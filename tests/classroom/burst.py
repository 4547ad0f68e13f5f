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
from dataclasses import dataclass, field

from teachgames.classroom import AnswerEvent, join
from teachgames.classroom.client import HttpLink, request

from .live import LiveServer

LESSON = "delissimo-8plus"
TASKS = [f"task{n}" for n in range(20)]


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
    return AnswerEvent.new(
        LESSON,
        TASKS[n % len(TASKS)],
        f"{pupil}/{n + 1}",
        n % 3 == 0,
        misconception=None if n % 3 == 0 else "lesson.misconception.tops_and_bottoms",
        attempt=1 + n // len(TASKS),
    )


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
