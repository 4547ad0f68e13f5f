"""The LAN site with its class server, in Chromium: a teacher on the dashboard page and two
pupils on the lesson page of the Delissimo 8+ lesson (Pyodide in their tabs).

The pupils join by typing the code and their name in the page's form (a wrong code is
refused in words first), answer the warm-up's first screen, one wrong and one right; the
dashboard shows both answers and the wrong one's diagnosis; the teacher holds the class
and releases the next screen, and the pupils' activities lock and unlock their next
screen; one pupil's page reads back its own answers only and is refused the class's.
Every answer and poll goes through ``pyodide_fetch`` in the browser to the site's own
address: no request leaves it. Screenshots under the test's tmp folder (and in
``TEACHGAMES_SCREENSHOTS`` when set).
"""

from __future__ import annotations

import html
import os
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("uvicorn")

from teachgames.classroom.onsite import start_class
from teachgames.classroom.store import Store
from teachgames.lesson.show import activity_spec
from teachgames.site.server import serve_in_thread
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.lesson.answering import right_answer, wrong_answers

NOTEBOOK = "en/delissimo-8plus.ipynb"
LESSON = "delissimo-8plus"
TIMEOUT_MS = 600_000  # the pupils' kernels run in their tabs: minutes on a busy 2-core machine
STEP_MS = 120_000  # one step in a pupil's tab (a click marked, a poll answered)
KEY = "teacher-key-of-the-browser-test"


#: from a pupil's tab: her own answers, then the class's (which a pupil must be refused)
OWN_AND_CLASS_ANSWERS_JS = """async ({token, session}) => {
  const ask = async (path) => {
    const r = await fetch("/class/api/" + path, {headers: {Authorization: "Bearer " + token}});
    return {status: r.status, body: r.ok ? await r.json() : null};
  };
  return [await ask("me"), await ask("sessions/" + session + "/answers")];
}"""


def remember_token(response: Any, name: str, tokens: dict[str, str]) -> None:
    """The session token the class server gave a pupil's tab when she joined."""
    if urlsplit(response.url).path.endswith("/class/api/join") and response.status == 200:
        tokens[name] = response.json()["token"]


def pupil_page_url(site: Path) -> str:
    start = (site / "classroom.html").read_text(encoding="utf-8")
    found = re.search(rf'data-lesson="{NOTEBOOK}" href="([^"]+)"', start)
    assert found, "the start page links no pupil's page for the lesson"
    return html.unescape(found.group(1))


def answer(activity: Any, options: list[str]) -> None:
    for option in options:
        activity.locator(f'[data-testid="tga-option"][data-id="{option}"]').click()
    activity.get_by_test_id("tga-check").click()


@pytest.mark.site
@pytest.mark.slow
@pytest.mark.browser
def test_a_teacher_paces_two_pupils_on_the_lan_sites_lesson_page(built_site: Path, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    shots = Path(os.environ.get("TEACHGAMES_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    task = activity_spec("delissimo", "8plus", "warmup").screens[0].task
    assert task is not None
    wrong, _ = wrong_answers(task)[0]
    assert isinstance(wrong, list)
    right = right_answer(task)
    assert isinstance(right, list)
    running = start_class(f"sqlite:///{tmp_path / 'class.db'}", klass="7B", lesson=LESSON, teacher_key=KEY)
    assert running.session is not None
    code, session = running.session.code, running.session.id
    server, base = serve_in_thread(built_site, upstream=running.upstream)
    requests: list[str] = []
    tokens: dict[str, str] = {}
    started = time.perf_counter()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

            def new_page(name: str = "") -> Any:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                context.on("request", lambda request: requests.append(request.url))
                # the join goes from the page's worker: the context hears its response
                context.on("response", lambda r: remember_token(r, name, tokens))
                page = context.new_page()
                page.set_default_timeout(TIMEOUT_MS)
                return page

            teacher = new_page()
            teacher.goto(f"{base}/class/dashboard?lang=en#key={KEY}")
            board = teacher.locator(".tg-class")
            expect(board.locator(".tg-class-code")).to_contain_text(code, timeout=60_000)
            pupils = [new_page("Asel"), new_page("Ira")]
            for page in pupils:
                page.goto(f"{base}/{pupil_page_url(built_site)}")
            try:
                for page, name in zip(pupils, ("Asel", "Ira"), strict=True):
                    form = page.locator(".tg-join-form")
                    expect(form.locator("button.tg-join")).to_be_visible(timeout=TIMEOUT_MS)
                    form.screenshot(path=str(shots / f"lan-join-form-{name}.png"))
                    form.locator(".tg-join-name input").fill(name)
                    if name == "Asel":  # a mistyped code first: refused in words, the form stays
                        form.locator(".tg-join-code input").fill("WRONG9")
                        form.locator("button.tg-join").click()
                        expect(form.locator(".tg-join-status")).to_contain_text(
                            "That class code is not open", timeout=STEP_MS
                        )
                    form.locator(".tg-join-code input").fill(code)
                    form.locator("button.tg-join").click()
                    expect(form.locator(".tg-join-status")).to_contain_text(
                        f"You are in the class as {name}", timeout=STEP_MS
                    )
                    form.screenshot(path=str(shots / f"lan-join-{name}.png"))
                joined = time.perf_counter() - started
                activities = [page.locator(".tga-root").first for page in pupils]
                for activity, given in zip(activities, (wrong, right), strict=True):
                    answer(activity, given)
                    expect(activity.get_by_test_id("tga-feedback")).not_to_be_empty(timeout=STEP_MS)

                grid = board.locator(".tg-class-grid")
                expect(grid.locator("tbody tr")).to_have_count(2, timeout=60_000)
                expect(grid.locator("th.name")).to_have_text(["Asel", "Ira"], timeout=STEP_MS)
                expect(grid.locator("td.wrong")).to_have_count(1, timeout=60_000)
                expect(grid.locator("td.right")).to_have_count(1, timeout=60_000)
                expect(board.locator(".tg-class-common")).to_contain_text(wrong[0], timeout=STEP_MS)
                board.scroll_into_view_if_needed()
                teacher.screenshot(path=str(shots / "lan-teacher-dashboard.png"))

                # pacing: free at first; held on the first screen; then the next released
                nexts = [activity.get_by_test_id("tga-next") for activity in activities]
                for button in nexts:
                    expect(button).to_be_enabled(timeout=STEP_MS)
                board.get_by_role("button", name="Hold here").click()
                for button in nexts:
                    expect(button).to_be_disabled(timeout=30_000)
                board.get_by_role("button", name="Release the next screen").click()
                for button in nexts:
                    expect(button).to_be_enabled(timeout=30_000)
                paced = time.perf_counter() - started
                teacher.screenshot(path=str(shots / "lan-teacher-paced.png"))

                # Asel's page reads back her own answers, and is refused the class's: her
                # tab asks with the token the join gave it (the lesson page runs no typed code)
                me, them = pupils[0].evaluate(
                    OWN_AND_CLASS_ANSWERS_JS, {"token": tokens["Asel"], "session": session}
                )
                assert me["status"] == 200 and me["body"]["pupil"]["name"] == "Asel", me
                assert len(me["body"]["answers"]) == 1
                assert them["status"] == 403, them
            finally:
                for number, page in enumerate(pupils, start=1):
                    page.screenshot(path=str(shots / f"lan-pupil{number}.png"))
                teacher.screenshot(path=str(shots / "lan-teacher-last.png"))
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
        running.stop()
    print(f"pupils joined after {joined:.0f} s, paced after {paced:.0f} s")
    store = Store(f"sqlite:///{tmp_path / 'class.db'}")
    try:
        recorded = sorted((r["pupil"], r["task"], r["correct"]) for r in store.answers(session))
    finally:
        store.close()
    assert recorded == [("Asel", "warmup.fit", False), ("Ira", "warmup.fit", True)]
    outside = sorted({url for url in requests if not url.startswith((base + "/", "data:", "blob:"))})
    assert outside == [], f"requests left the site: {outside[:10]}"
