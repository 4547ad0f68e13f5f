"""The practice grid on the teacher's dashboard page, in Chromium at 1280x720.

Real pupils' practice runs send their tries through their class links to a live class
server; the page shows who knows which skill and which misconception each holds, in
English, Russian and Bulgarian, names as text and hidden by the board's one switch.
Screenshots under the test's tmp folder (and in ``TEACHGAMES_SCREENSHOTS`` when set).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from teachgames import practice
from teachgames.classroom import join
from teachgames.core.i18n import tr

from .live import KEY, LiveServer

HOSTILE = "<b>Tom</b>"


def practise(run: practice.Practice, wrong_with: str | None, items: int) -> None:
    """Answer ``items`` items: as the misconception ``wrong_with`` would where its rule
    gives a wrong answer, otherwise right."""
    for _ in range(items):
        item = run.item
        given = item.wrong_answers().get(wrong_with) if wrong_with else None
        run.answer(given if given is not None else item.typed(item.problem.value))
        if not run.done:
            run.answer(item.typed(item.problem.value))
        run.next()


@pytest.mark.browser
def test_the_dashboard_shows_who_needs_help_with_which_skill(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path("/usr/bin/chromium").exists():
        if os.environ.get("CI"):
            pytest.fail("chromium is missing")
        pytest.skip("no chromium")
    live = LiveServer(f"sqlite:///{tmp_path / 'c.db'}", log=tmp_path / "server.log").start()
    links = []
    try:
        session = live.new_session(["toppings"])
        links = [join(live.url, session["code"], name) for name in ("Asel", "Boris", HOSTILE)]
        asel = practice.Practice("delissimo", ["add_unlike", "eighths"], seed=1, record=links[0].send)
        practise(asel, "tops_and_bottoms", 6)
        assert asel.held()["add_unlike"] == "tops_and_bottoms"
        boris = practice.Practice("delissimo", ["add_unlike", "eighths"], seed=2, record=links[1].send)
        practise(boris, None, 8)
        tom = practice.Practice("delissimo", ["eighths"], seed=3, record=links[2].send)
        practise(tom, "bottom_only", 3)
        assert all(link.flush() for link in links)

        shots = Path(os.environ.get("TEACHGAMES_SCREENSHOTS", tmp_path))
        shots.mkdir(parents=True, exist_ok=True)
        expect = sync_api.expect
        with sync_api.sync_playwright() as p:
            from browser.conftest import CHROMIUM, CHROMIUM_ARGS

            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for language in ("en", "ru", "bg"):
                page = browser.new_page(viewport={"width": 1280, "height": 720})
                page.goto(f"{live.url}/dashboard?lang={language}&session={session['id']}#key={KEY}")
                grid = page.locator(".tg-class-mastery")
                expect(grid.locator("tbody tr")).to_have_count(3)
                titles = [practice.skill("delissimo", sid).title(language) for sid in ("eighths", "add_unlike")]
                expect(grid.locator("thead th")).to_have_text([tr("classroom.board.pupil", language), *titles])
                row = grid.locator("tbody tr").nth(0)
                expect(row.locator("th")).to_have_text("Asel")
                held = tr("practice.misconception_title.tops_and_bottoms", language)
                cell = row.locator('td[data-skill="add_unlike"]')
                expect(cell).to_have_class("help")
                expect(cell.locator(".held")).to_contain_text(held)
                expect(grid.locator("tbody tr").nth(2).locator("th")).to_have_text(HOSTILE)  # text, not markup
                assert page.locator(".tg-class-mastery b").count() == 0
                boris_row = grid.locator("tbody tr").nth(1)
                expect(boris_row.locator("td.help")).to_have_count(0)
                expect(grid.locator("tbody tr").nth(2).locator('td[data-skill="add_unlike"]')).to_have_class("none")
                # the grid is in sight on the projector once the board scrolls to it
                grid.scroll_into_view_if_needed()
                box = grid.bounding_box()
                assert box is not None and box["x"] + box["width"] <= 1280
                page.screenshot(path=str(shots / f"dashboard-practice-{language}.png"))
                page.close()
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.goto(f"{live.url}/dashboard?lang=en&session={session['id']}#key={KEY}")
            grid = page.locator(".tg-class-mastery")
            expect(grid.locator("tbody tr")).to_have_count(3)
            page.get_by_role("button", name="Hide names").click()
            expect(grid.locator("tbody th").nth(0)).to_have_text("Pupil 1")
            assert "Asel" not in grid.inner_text()
            page.close()
            browser.close()
    finally:
        for link in links:
            link.close()
        live.stop()
