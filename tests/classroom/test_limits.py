"""What one pupil's script cannot do to the class: hold the server with long polls on
one token, or dodge the code throttle with a forged X-Forwarded-For."""

from __future__ import annotations

import asyncio

import httpx

from teachgames.classroom.server import Settings, create_app
from teachgames.classroom.store import Store

from .conftest import TEACHER, Classroom


def test_long_polls_are_bounded_per_pupil_and_the_teachers_hold_still_arrives(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    settings = Settings(url=sqlite_url, teacher_key=TEACHER, long_poll=60.0)
    app = create_app(settings, store)
    teacher = {"Authorization": f"Bearer {TEACHER}"}

    async def lesson() -> None:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://class") as http:
            klass = (await http.post("/api/classes", json={"name": "7B"}, headers=teacher)).json()
            session = (
                await http.post(f"/api/classes/{klass['id']}/sessions", json={"lesson": "delissimo-8plus"},
                                headers=teacher)
            ).json()  # fmt: skip
            tokens = []
            for name in ("Mischief", "Asel"):
                joined = (await http.post("/api/join", json={"code": session["code"], "name": name})).json()
                tokens.append({"Authorization": f"Bearer {joined['token']}"})
            version = (await http.get("/api/pacing", headers=tokens[0])).json()["version"]
            poll = f"/api/pacing?since={version}&wait=60"
            flood = [asyncio.ensure_future(http.get(poll, headers=tokens[0])) for _ in range(40)]
            honest = asyncio.ensure_future(http.get(poll, headers=tokens[1]))
            # Wait for the refusals however slow the machine (the polls themselves wait 60 s).
            pending = set(flood)
            while len(pending) > 3:
                done, pending = await asyncio.wait(pending, timeout=30, return_when=asyncio.FIRST_COMPLETED)
                assert done, "the refusals stopped coming"
            await asyncio.sleep(0.2)  # a 38th answer, were there one, would come now
            refused = [t.result().status_code for t in flood if t.done()]
            assert refused == [429] * 37  # three wait, the rest are told to come back later
            assert not honest.done()  # the honest pupil's poll is not refused for another's flood
            assert (await http.post(f"/api/sessions/{session['id']}/control", json={"action": "hold", "screen": 0},
                                    headers=teacher)).status_code == 200  # fmt: skip
            answered = await asyncio.wait_for(honest, 20)
            assert answered.status_code == 200 and answered.json()["allowed"] == 0
            waited = await asyncio.wait_for(asyncio.gather(*flood), 20)
            assert sorted(r.status_code for r in waited) == [200] * 3 + [429] * 37

    asyncio.run(lesson())
    store.close()


def test_a_forged_forwarded_address_is_not_trusted_from_a_pupils_own_machine(room: Classroom) -> None:
    """The Hub's pupils' kernels call from loopback: a header they write is theirs."""
    room.new_session()
    for n in range(8):
        forged = {"X-Forwarded-For": f"10.1.{n}.{n}"}
        assert (
            room.http.post("/api/join", json={"code": f"WRONG{n}", "name": "x"}, headers=forged).status_code
            == 404
        )
    blocked = room.http.post(
        "/api/join", json={"code": "WRONG9", "name": "x"}, headers={"X-Forwarded-For": "10.9.9.9"}
    )
    assert blocked.status_code == 429 and blocked.json()["retry_after"] > 0
    # from a configured proxy, the address it forwards is the pupil's own
    room.settings.trusted_proxies = ("testclient",)
    other = room.http.post(
        "/api/join", json={"code": "WRONG10", "name": "x"}, headers={"X-Forwarded-For": "10.2.2.2"}
    )
    assert other.status_code == 404
