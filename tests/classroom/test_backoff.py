"""Links that behave: against a fake server, counting its posts (no clock: the links'
steps say how long they would wait). A token that stopped working stops the sending
and asks the pupil, in their language, to join again; a refused answer is set aside and
never holds up the later ones; failures back off exponentially with jitter, to a cap."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from teachgames.classroom.asynclink import AsyncLink
from teachgames.classroom.client import CAP, Backoff, HttpLink
from teachgames.core.answers import AnswerEvent
from teachgames.core.i18n import tr

LESSON = "delissimo-8plus"


class FakeServer:
    """Answers each post with the next of ``replies`` (the last one repeats)."""

    def __init__(self, *replies: Any) -> None:
        self.replies = list(replies)
        self.posts: list[list[str]] = []

    def reply(self, path: str, body: Any) -> tuple[int, Any]:
        if path.startswith("/api/join"):
            return 200, {"token": "new-token"}
        ids = [a["id"] for a in body["answers"]]
        self.posts.append(ids)
        reply = self.replies.pop(0) if len(self.replies) > 1 else self.replies[0]
        return reply(ids) if callable(reply) else reply

    def transport(
        self, url: str, method: str, path: str, body: Any = None, token: Any = None, **_: Any
    ) -> Any:
        return self.reply(path, body)

    async def fetch(
        self, method: str, url: str, headers: dict[str, str], body: str | None
    ) -> tuple[int, Any]:
        return self.reply(url.split("/class", 1)[-1].split("http://x", 1)[-1], json.loads(body or "null"))


def answers(n: int) -> list[AnswerEvent]:
    return [AnswerEvent.new(LESSON, "puzzles.sum", f"{k}/8", False) for k in range(n)]


def link(server: FakeServer, language: str = "en") -> HttpLink:
    return HttpLink("http://x", "token", start=False, language=language, transport=server.transport,
                    rng=random.Random(7))  # fmt: skip


def run(steps: int, one: Any) -> list[float | None]:
    return [one.step() for _ in range(steps)]


@pytest.mark.parametrize("status", [401, 403, 404, 410])
@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_token_that_stopped_working_stops_the_posts_and_asks_to_join_again(
    status: int, language: str
) -> None:
    server = FakeServer((status, {"error": "classroom.error.auth", "message": "no"}))
    pupil = link(server, language)
    for event in answers(3):
        pupil.send(event)
    waits = run(50, pupil)
    assert len(server.posts) == 1 and waits == [None] * 50  # one post, then it waits to be woken
    assert pupil.gone and pupil.problem == tr("classroom.link.gone", language)
    assert pupil.pending() == 3  # kept: they go once the pupil is back
    server.replies = [lambda ids: (200, {"acknowledged": ids, "refused": []})]
    pupil.rejoin("K7WQ2M", "Asel")
    assert pupil.token == "new-token" and not pupil.gone and pupil.problem is None
    run(2, pupil)
    assert pupil.pending() == 0 and len(server.posts) == 2


def test_a_refused_answer_is_set_aside_and_the_later_ones_go() -> None:
    events = answers(4)
    bad = events[1].id

    def judge(ids: list[str]) -> tuple[int, Any]:
        if bad in ids and len(ids) > 1:
            return 400, {"message": "a batch with a malformed answer"}
        if ids == [bad]:
            return 400, {"message": "answer must be text"}
        return 200, {"acknowledged": ids, "refused": []}

    server = FakeServer(judge)
    pupil = link(server)
    for event in events:
        pupil.send(event)
    run(10, pupil)
    assert pupil.pending() == 0 and pupil.refused == [bad] and [e.id for e in pupil.set_aside] == [bad]
    assert "answer must be text" in (pupil.problem or "")
    # refused one by one inside a batch (422 with the server's reasons): the same
    later = answers(2)
    server.replies = [
        lambda ids: (422, {"acknowledged": ids[1:], "refused": ids[:1], "problems": {ids[0]: "no task"}})
    ]
    for event in later:
        pupil.send(event)
    run(3, pupil)
    assert pupil.pending() == 0 and pupil.refused[-1] == later[0].id
    assert pupil.problem == tr("classroom.link.set_aside", "en", reason="no task")


@pytest.mark.parametrize("reply", [(500, None), (503, {"message": "busy"}), (429, {"retry_after": 9})])
def test_failures_back_off_exponentially_with_jitter_to_a_cap(reply: Any) -> None:
    server = FakeServer(reply)
    pupil = link(server)
    pupil.send(answers(1)[0])
    waits = [w for w in run(40, pupil) if w is not None]
    assert len(server.posts) == 40 and pupil.pending() == 1
    assert all(0 < w <= max(CAP, 9) for w in waits) and max(waits) > CAP / 2
    assert sum(waits) > 40 * CAP / 4  # not 1,851 posts in 5 s: about a minute's waits for 40
    if reply[0] == 429:
        assert min(waits) >= 9  # the server's Retry-After, at least
    else:
        assert waits[5] > waits[1] > waits[0]  # growing
        # jitter: two pupils' links, seeded differently, do not retry in step
        other = HttpLink("http://x", "t", start=False, transport=server.transport, rng=random.Random(8))
        other.send(answers(1)[0])
        assert [other.step() for _ in range(5)] != waits[:5]


def test_the_backoff_is_exponential_capped_and_jittered() -> None:
    backoff = Backoff(base=1.0, cap=8.0, rng=random.Random(0))
    waits = [backoff.next() for _ in range(8)]
    assert all(0.5 * min(8.0, 2**n) <= w <= min(8.0, 2**n) for n, w in enumerate(waits))
    backoff.reset()
    assert backoff.next() <= 1.0


def test_the_asyncio_link_stops_on_a_closed_class_and_sets_refused_answers_aside() -> None:
    events = answers(2)
    first = events[0].id

    def judge(ids: list[str]) -> tuple[int, Any]:
        if len(ids) > 1:
            return 400, {"message": "a batch with a malformed answer"}
        return (400, {"message": "bad"}) if ids == [first] else (200, {"acknowledged": ids, "refused": []})

    async def lesson() -> None:
        server = FakeServer((410, {"message": "gone"}))
        pupil = AsyncLink("http://x", "token", server.fetch, language="ru", rng=random.Random(1))
        for event in events:
            pupil.send(event)
        assert [await pupil.step() for _ in range(20)] == [None] * 20
        assert len(server.posts) == 1 and pupil.problem == tr("classroom.link.gone", "ru")
        server.replies = [judge]
        await pupil.rejoin("K7WQ2M", "Ира")
        for _ in range(6):
            await pupil.step()
        assert pupil.pending() == 0 and pupil.refused == [first]

    asyncio.run(lesson())
