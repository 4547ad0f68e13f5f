"""Practice in a real JupyterLab (anywidget over the kernel's comm), light and dark, at
1280 x 720: a notebook cell ``practice.show(...)`` shows the question in the pupil's
language; a misconception's answer typed and sent with Enter is named (JupyterLab's own
keys leave the box alone), the right answer is marked right and the kernel's run holds
both tries. Screenshots under the test's tmp dir and ``artifacts/browser/``."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from teachgames import practice
from tests.browser.a11y import notebook
from tests.browser.conftest import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    KERNEL_READY_JS,
    Lab,
    require_browser,
    running_lab,
    use_theme,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TIMEOUT_MS = 120_000
#: Ask the kernel how many tries the open item has had.
TRIES_JS = """async () => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const asked = kernel.requestExecute({code: "", silent: true, user_expressions: {tries: "w.run.current.tries"}});
  const reply = await asked.done;
  return reply.content.user_expressions.tries.data["text/plain"];
}"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    require_browser()
    with running_lab(tmp_path_factory.mktemp("practice-lab")) as running:
        yield running


@pytest.mark.parametrize(("language", "theme"), [("ru", "JupyterLab Dark"), ("en", "JupyterLab Light")])
def test_practice_runs_in_jupyterlab(lab: Lab, language: str, theme: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    item = practice.Practice("delissimo", ["add_unlike"], seed=6, language=language).item
    cells = [
        "from teachgames import practice\n"
        f"w = practice.show('delissimo', skills=['add_unlike'], seed=6, language={language!r})\n"
        "w"
    ]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(lab.notebook_url(notebook(lab.root, f"practice-{language}", language, cells)))
        page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        prompt = page.get_by_test_id("tgp-prompt")
        expect(prompt).to_have_text(item.prompt, timeout=TIMEOUT_MS)
        use_theme(page, theme)
        box = page.get_by_test_id("tgp-input")
        box.click()
        box.type(item.wrong_answers()["tops_and_bottoms"])
        box.press("Enter")
        feedback = page.get_by_test_id("tgp-feedback")
        expect(feedback).to_have_text(
            "✗ " + item.skill.rule("tops_and_bottoms").line(language), timeout=30_000
        )
        box.fill(str(item.answer))
        box.press("Enter")
        expect(feedback).to_contain_text("✓", timeout=30_000)
        assert page.evaluate(TRIES_JS) == "2"
        shot = tmp_path / f"practice-lab-{language}.png"
        page.get_by_test_id("tgp-practice").screenshot(path=str(shot))
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, ARTIFACTS / shot.name)
        browser.close()
