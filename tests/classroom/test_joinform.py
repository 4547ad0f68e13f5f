"""The pupil page's join form, in CPython with httpx in place of the browser's fetch,
against the site's server with its class server under /class/: an answer committed
before joining reaches the class once the pupil joins; a wrong code is refused in the
pupil's language and they may try again; the activity obeys the teacher's pacing."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("ipywidgets")

from teachgames.classroom.joinform import LateLink, class_here, join_form
from teachgames.classroom.onsite import RunningClass, start_class
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


def texts(box: Any) -> list[str]:
    return [c.value for c in box.children if hasattr(c, "value")]


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
            code, name = form.children[1].children[0], form.children[1].children[1]
            button = form.children[1].children[2]
            button.click()
            assert "Введите код класса" in form.children[2].value
            code.value, name.value = "WRONG1", "Ира"
            button.click()
            await form._joining
            assert "код" in form.children[2].value.lower() and not button.disabled
            code.value = session.code
            button.click()
            await form._joining
            assert "Ира" in texts(form)[-1] and form.link is not None
            assert await form.link.flush(10)
            # the teacher holds the class on the first task: the activity's next screens lock
            await client.post(
                f"{base}/class/api/sessions/{session.id}/control",
                json={"action": "hold", "screen": 0}, headers=teacher,
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
