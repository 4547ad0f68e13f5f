"""The pupil page's join form, in CPython with httpx in place of the browser's fetch,
against the site's server with its class server under /class/, driven as its page drives
it: custom messages in ({"type": "join", ...}), the synced state out (what the page draws).

An answer committed before joining reaches the class once the pupil joins; empty boxes,
a wrong code, a bad name and a server that does not answer are said in the pupil's
language and they may try again; while joining the button is off; once in, the boxes go;
the activity obeys the teacher's pacing; a message of any other shape changes nothing."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("anywidget")

from teachgames.classroom.joinform import LateLink, class_here, join_form
from teachgames.classroom.joinwidget import JoinForm
from teachgames.classroom.onsite import RunningClass, start_class
from teachgames.core.answers import AnswerEvent
from teachgames.core.i18n import tr
from teachgames.lesson.show import show_activity, use_class_link
from teachgames.site.server import serve_in_thread
from tests.lesson.answering import right_answer

from .test_asynclink import httpx_fetch

LESSON = "delissimo-8plus"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, RunningClass]]:
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "jupyter-lite.json").write_text("{}", encoding="utf-8")
    running = start_class(f"sqlite:///{tmp_path / 'c.db'}", klass="7B", lesson=LESSON, teacher_key="t" * 30)
    server, base = serve_in_thread(folder, upstream=running.upstream)
    yield base, running
    server.shutdown()
    server.server_close()
    running.stop()
    use_class_link(None)


def intent(form: JoinForm, content: Any) -> None:
    """A custom message from the page, as the widget's comm delivers it."""
    form._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def join(form: JoinForm, code: str, name: str) -> None:
    intent(form, {"type": "join", "code": code, "name": name})


def seen(form: JoinForm) -> dict[str, Any]:
    """What the page draws: the widget's synced state, less anywidget's own."""
    state = form.get_state()
    return {k: state[k] for k in ("status", "busy", "joined", "problem", "missing")}


def words(key: str, language: str, **values: Any) -> str:
    return tr(f"classroom.join.{key}", language, **values)


async def settled(form: JoinForm) -> None:
    assert form._joining is not None
    await form._joining


def test_a_pupil_joins_from_the_form_and_the_activity_answers_to_the_class(
    site: tuple[str, RunningClass],
) -> None:
    base, running = site
    assert running.session is not None
    session, teacher = running.session, {"Authorization": f"Bearer {running.teacher_key}"}

    async def pupil() -> None:
        async with httpx.AsyncClient(headers={"Origin": base}) as client:
            fetch = httpx_fetch(client)
            assert await class_here(base, fetch)
            assert not await class_here(base + "/nothing-here", fetch)
            late = LateLink()
            use_class_link(late)
            view = show_activity("delissimo", "8plus", "warmup", language="ru")
            run = view.driver
            first = next(i for i, s in enumerate(run.spec.screens) if s.task is not None)
            run.go(first)
            run.answer(right_answer(run.spec.screens[first].task))
            assert len(late.waiting) == 1  # committed before joining: waits
            form = join_form(base, late, fetch, "ru")
            assert isinstance(form, JoinForm)
            join(form, "WRONG1", "Ира")
            await settled(form)
            assert late.link is None and len(late.waiting) == 1
            join(form, session.code, "Ира")
            await settled(form)
            assert seen(form)["joined"] and "Ира" in seen(form)["status"]
            assert form.link is not None and late.link is form.link and late.waiting == []
            assert await form.link.flush(10)
            # the teacher holds the class on the first task: the activity's next screens lock
            await client.post(
                f"{base}/class/api/sessions/{session.id}/control",
                json={"action": "hold", "screen": 0},
                headers=teacher,
            )
            for _ in range(100):
                if run.allowed is not None:
                    break
                await asyncio.sleep(0.1)
            assert run.allowed == 0
            await form.link.close()

    asyncio.run(pupil())
    rows = httpx.get(f"{base}/class/api/sessions/{session.id}/answers", headers=teacher).json()
    assert [(r["pupil"], r["task"], r["correct"]) for r in rows] == [("Ира", running.session.tasks[0], True)]


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_the_form_says_every_step_in_the_pupils_language_and_lets_them_try_again(
    site: tuple[str, RunningClass], language: str
) -> None:
    base, running = site
    assert running.session is not None
    code = running.session.code
    name = "  Ира   <b>Ó'Neil</b> 🦊 & {n}  "  # any text is a name: trimmed, never refused
    shown = "Ира <b>Ó'Neil</b> 🦊 & {n}"

    async def pupil() -> None:
        async with httpx.AsyncClient(headers={"Origin": base}) as client:
            real = httpx_fetch(client)
            gate = asyncio.Event()
            offline = False

            async def fetch(
                method: str, url: str, headers: dict[str, str], body: str | None
            ) -> tuple[int, Any]:
                if offline:
                    raise OSError("no route to host")
                await gate.wait()  # the test lets each join through once it has looked
                return await real(method, url, headers, body)

            late = LateLink()
            form = join_form(base, late, fetch, language)
            assert form.get_state()["words"] == {
                k: words(k, language) for k in ("title", "code", "name", "button")
            }
            assert seen(form) == {
                "status": "",
                "busy": False,
                "joined": False,
                "problem": False,
                "missing": [],
            }

            join(form, "", "   ")
            assert seen(form) == {
                "status": words("missing", language),
                "busy": False,
                "joined": False,
                "problem": True,
                "missing": ["code", "name"],
            }
            join(form, code, "")
            assert seen(form)["missing"] == ["name"] and form._joining is None

            join(form, "WRONG1", name)  # a mistyped code: the button is off while it is asked
            assert seen(form) == {
                "status": words("joining", language),
                "busy": True,
                "joined": False,
                "problem": False,
                "missing": [],
            }
            asked = form._joining
            join(form, code, name)  # a second press while joining starts nothing
            assert form._joining is asked
            gate.set()
            await settled(form)
            assert seen(form) == {
                "status": tr("classroom.error.code", language),
                "busy": False,
                "joined": False,
                "problem": True,
                "missing": [],
            }

            taken = "Zarina"  # a classmate joined first with that name: this pupil adds an initial
            assert (
                await real("POST", f"{base}/class/api/join", {}, json.dumps({"code": code, "name": taken}))
            )[0] == 200
            join(form, code, taken)
            await settled(form)
            assert seen(form)["status"] == tr("classroom.error.name_taken", language, name=taken)
            assert seen(form)["problem"]

            offline = True
            join(form, code, name)
            await settled(form)
            assert seen(form) == {
                "status": words("offline", language),
                "busy": False,
                "joined": False,
                "problem": True,
                "missing": [],
            }
            assert late.link is None and form.link is None

            offline = False
            join(form, f" {code.lower()} ", name)
            await settled(form)
            assert seen(form) == {
                "status": words("joined", language, name=shown),
                "busy": False,
                "joined": True,
                "problem": False,
                "missing": [],
            }
            assert form.link is not None and late.link is form.link
            joined = form._joining
            join(form, "WRONG1", "Someone else")  # once in, the form takes no more joins
            assert form._joining is joined and form.link is late.link
            me = await real("GET", f"{base}/class/api/me", form.link._headers(), None)
            assert me[1]["pupil"]["name"] == shown
            await form.link.close()

    asyncio.run(pupil())
    if language != "en":
        assert words("joined", language, name="X") != words("joined", "en", name="X")


@pytest.mark.parametrize(
    "message",
    [
        None,
        "join",
        42,
        ["join", "CODE", "Ira"],
        {},
        {"type": "Join"},
        {"type": "join"},
        {"type": "join", "code": "K7WQ2M"},
        {"type": "join", "code": None, "name": "Ira"},
        {"type": "join", "code": 7, "name": "Ira"},
        {"type": "join", "code": "K7WQ2M", "name": ["Ira"]},
        {"type": ["join"], "code": "K7WQ2M", "name": "Ira"},
    ],
)
def test_a_message_of_another_shape_changes_nothing_and_asks_nothing(message: Any) -> None:
    asked: list[str] = []

    async def fetch(method: str, url: str, headers: dict[str, str], body: str | None) -> tuple[int, Any]:
        asked.append(url)
        return 500, None

    async def page() -> None:
        form = join_form("http://site", LateLink(), fetch, "ru")
        before = form.get_state()
        intent(form, message)
        await asyncio.sleep(0)
        assert form.get_state() == before and form._joining is None and asked == []

    asyncio.run(page())


def test_a_reload_brings_the_same_pupil_back_and_an_ended_lesson_shows_the_form_again(
    site: tuple[str, RunningClass],
) -> None:
    base, running = site
    assert running.session is not None
    session, teacher = running.session, {"Authorization": f"Bearer {running.teacher_key}"}

    async def pupil() -> None:
        async with httpx.AsyncClient(headers={"Origin": base}) as client:
            fetch = httpx_fetch(client)
            form = join_form(base, LateLink(), fetch, "bg")
            join(form, session.code, "Ира")
            await settled(form)
            kept = form.get_state()["kept"]  # what the page puts in localStorage
            assert kept["code"] == session.code and kept["name"] == "Ира" and kept["token"]
            assert form.link is not None
            first = (await fetch("GET", f"{base}/class/api/me", form.link._headers(), None))[1]["pupil"]
            await form.link.close()
            # the page is reloaded: its script sends the kept token with the join
            again = join_form(base, LateLink(), fetch, "bg")
            intent(again, {"type": "join", **kept})
            await settled(again)
            assert again.link is not None
            back = (await fetch("GET", f"{base}/class/api/me", again.link._headers(), None))[1]["pupil"]
            assert back == first  # the same pupil, not a second "Ира"
            # the teacher ends the lesson: the next answer is refused, the form is back with why
            await client.post(f"{base}/class/api/sessions/{session.id}/control", json={"action": "close"},
                              headers=teacher)  # fmt: skip
            again.link.send(AnswerEvent.new(LESSON, "puzzles.sum", "6/8", True))
            assert await again.link.step() is None and again.link.gone
            assert not seen(again)["joined"] and seen(again)["problem"]
            assert seen(again)["status"] == tr("classroom.link.gone", "bg")
            assert again.link.pending() == 1  # kept for when the pupil is back
            await again.link.close()

    asyncio.run(pupil())
    assert [p.name for p in running.store.pupils(session.id)] == ["Ира"]
