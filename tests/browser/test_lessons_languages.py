"""The three Delissimo lessons in Russian and Bulgarian, Run All in a real JupyterLab.

Issue 8 is done when "the three Delissimo lessons run in JupyterLab in en, ru and bg"; the
English lessons are clicked through in ``test_delissimo_browser.py``, and ``test_notebooks.py``
runs every notebook headless. Here each Russian and Bulgarian lesson notebook is opened in
JupyterLab (headless chromium, the session's one server), every cell run, and the page checked
as a teacher would see it:

- no cell shows an error (or anything on stderr);
- every widget output is drawn (no "Loading widget…" fallback, no "Error displaying widget");
- the game widgets speak the lesson's language: their ``lang``, the Capture and End turn labels
  from that language's catalogue, no English word on them;
- every activity (warm-up, puzzles, exit ticket) waits for the pupil: nothing revealed, no mark,
  every word in the lesson's language.

Notebooks run one after another, each kernel shut down when its test ends (CI has 2 cores).
One Russian and one Bulgarian lesson are photographed at 1280×720 in JupyterLab Light and Dark
(``artifacts/browser/lesson-*.png``).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from teachgames.core.i18n import tr

from .conftest import KERNEL_READY_JS, LESSON_ACTIVITY, Lab, use_theme

pytestmark = pytest.mark.browser

TIMEOUT_MS = 180_000
LESSONS = ("6plus", "8plus", "10plus")
#: The lessons photographed in both themes (one per language).
PHOTOGRAPHED = {("ru", "8plus"), ("bg", "10plus")}

#: Every code cell has run and the kernel is idle again.
RUN_DONE_JS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext.session && w.sessionContext.session.kernel;
  if (!k || k.status !== "idle") return false;
  const cells = [...w.content.widgets].filter((c) => c.model.type === "code");
  return cells.length > 0 && cells.every((c) => c.model.executionCount !== null);
}"""

#: What each code cell put out, from the notebook's model (not the DOM): its outputs' types,
#: the error names and stderr text, and how many widget views it displays.
OUTPUTS_JS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  return [...w.content.widgets].filter((c) => c.model.type === "code").map((c, i) => {
    const outs = c.model.outputs.toJSON();
    return {
      cell: i + 1,
      source: c.model.sharedModel.getSource().slice(0, 80),
      errors: outs.filter((o) => o.output_type === "error").map((o) => o.ename + ": " + o.evalue),
      stderr: outs.filter((o) => o.output_type === "stream" && o.name === "stderr").map((o) => String(o.text)),
      widgets: outs.filter((o) => o.data && o.data["application/vnd.jupyter.widget-view+json"]).length,
    };
  });
}"""

#: Each cell that displays widgets: how many its outputs hold, how many are drawn (a widget
#: view of some height; JupyterLab gives these outputs no mime type), and the fallback text
#: JupyterLab shows instead of a view it cannot draw.
WIDGET_VIEWS_JS = """() => [...window.jupyterapp.shell.currentWidget.content.widgets]
  .filter((c) => c.model.type === "code")
  .map((c, i) => ({c, i, n: c.model.outputs.toJSON()
    .filter((o) => o.data && o.data["application/vnd.jupyter.widget-view+json"]).length}))
  .filter(({n}) => n > 0)
  .map(({c, i, n}) => {
    const area = c.outputArea.node;
    const drawn = [...area.querySelectorAll(".jp-OutputArea-output")].filter((o) =>
      [...o.querySelectorAll(".lm-Widget")].some((e) => e.getBoundingClientRect().height > 0)).length;
    const fallback = /Loading widget|Error displaying widget|model not found/.test(area.innerText);
    return {cell: i + 1, expected: n, drawn, fallback};
  })"""

#: A Latin word of three letters or more (the widget's own EN/RU/BG switch is left out).
LATIN_WORD = re.compile(r"\b(?!EN\b|RU\b|BG\b)[A-Za-z]{3,}\b")
CYRILLIC = re.compile(r"[А-Яа-яЁёЪъЬь]")


def _run_all(page: Any, lab: Lab, notebook: str) -> None:
    page.goto(lab.notebook_url(notebook))
    page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(RUN_DONE_JS, timeout=TIMEOUT_MS, polling=500)


def _photograph(page: Any, shots: Any, name: str) -> None:
    """The first game widget and the exit ticket at 1280×720, in JupyterLab Light and Dark."""

    page.set_viewport_size({"width": 1280, "height": 720})
    widget = page.locator('[data-testid="tg-widget"][data-mode="play"]').first
    ticket = page.locator(".jp-Cell").filter(has_text=re.compile(r"\"ticket\"")).last
    try:
        for theme in ("JupyterLab Light", "JupyterLab Dark"):
            tag = use_theme(page, theme, TIMEOUT_MS)
            for where, target in (("play", widget), ("ticket", ticket)):
                target.evaluate("e => (e.closest('.jp-Cell') || e).scrollIntoView({block: 'start'})")
                page.evaluate("() => document.activeElement && document.activeElement.blur()")
                shots(page, f"lesson-{name}-{where}-{tag}")
    finally:
        use_theme(page, "JupyterLab Light", TIMEOUT_MS)


@pytest.mark.parametrize("lesson", LESSONS)
@pytest.mark.parametrize("language", ["ru", "bg"])
def test_lesson_runs_in_jupyterlab_in_its_language(
    page: Any, lab: Lab, shots: Any, language: str, lesson: str
) -> None:
    from playwright.sync_api import expect

    notebook = f"notebooks/{language}/delissimo-{lesson}.ipynb"
    assert (lab.root / notebook).exists(), f"{notebook} is missing: build it with python notebooks/build.py"
    _run_all(page, lab, notebook)
    try:
        # ------------------------------------------------------------ no error in any cell
        cells = page.evaluate(OUTPUTS_JS)
        failed = [(c["cell"], c["source"], c["errors"]) for c in cells if c["errors"]]
        assert not failed, f"{notebook}: cells with an error: {failed}"
        noisy = [(c["cell"], c["source"], c["stderr"]) for c in cells if c["stderr"]]
        assert not noisy, f"{notebook}: cells writing to stderr: {noisy}"
        assert (
            page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]').count()
            == 0
        )

        # ------------------------------------------------------------ every widget drawn
        expected_views = sum(c["widgets"] for c in cells)
        assert expected_views >= 2, f"{notebook}: only {expected_views} widget outputs"
        all_drawn = f"() => ({WIDGET_VIEWS_JS})().every((v) => v.drawn === v.expected && !v.fallback)"
        try:
            page.wait_for_function(all_drawn, timeout=TIMEOUT_MS, polling=500)
        finally:
            views = page.evaluate(WIDGET_VIEWS_JS)
        assert sum(v["expected"] for v in views) == expected_views, views
        assert all(v["drawn"] == v["expected"] and not v["fallback"] for v in views), views

        # ------------------------------------------------------------ the game widgets' language
        games = page.locator('[data-testid="tg-widget"]')
        assert games.count() >= 2, "a replay and a game to play"
        for k in range(games.count()):
            expect(games.nth(k)).to_have_attribute("lang", language)
        play = page.locator('[data-testid="tg-widget"][data-mode="play"]').first
        expect(play.locator('button[data-testid^="tg-card-hand-0-"]').first).to_be_visible(timeout=TIMEOUT_MS)
        capture, end_turn = tr("delissimo.widget.btn.capture", language), tr("widgets.btn.end_turn", language)
        assert capture != tr("delissimo.widget.btn.capture", "en") and CYRILLIC.search(capture)
        assert end_turn != tr("widgets.btn.end_turn", "en") and CYRILLIC.search(end_turn)
        expect(play.get_by_test_id("tg-btn-capture")).to_have_text(capture)
        expect(play.get_by_test_id("tg-btn-end-turn")).to_have_text(end_turn)
        for k in range(games.count()):
            text = games.nth(k).inner_text()
            assert CYRILLIC.search(text), f"widget {k} of {notebook} has no {language} word"
            latin = sorted(set(LATIN_WORD.findall(text)))
            assert not latin, f"widget {k} of {notebook} shows Latin words: {latin}"
        # the lesson's own forms (puzzle choices, the exit ticket) speak it too
        forms = page.locator(".jp-OutputArea .jupyter-widgets.widget-container").all_inner_texts()
        latin = sorted({w for text in forms for w in LATIN_WORD.findall(text)})
        assert not latin, f"{notebook}: Latin words in the lesson's forms: {latin}"

        # ------------------------------------------------------------ every activity waits for the pupil
        activities = page.locator(LESSON_ACTIVITY)
        expect(activities).to_have_count(3, timeout=TIMEOUT_MS)  # warm-up, puzzles, exit ticket
        for k in range(3):
            box = activities.nth(k)
            expect(box).to_have_attribute("lang", language)
            expect(box.get_by_test_id("tga-reveal")).to_be_hidden()  # nothing revealed before a commit
            assert not box.get_by_test_id("tga-feedback").inner_text().strip(), "no mark before an answer"
            text = box.inner_text()
            assert CYRILLIC.search(text)
            latin = sorted(set(LATIN_WORD.findall(text)))
            assert not latin, f"activity {k} of {notebook} shows Latin words: {latin}"
        print(f"\n{notebook}: {len(cells)} code cells, {expected_views} widgets drawn")

        if (language, lesson) in PHOTOGRAPHED:
            _photograph(page, shots, f"{language}-{lesson}")
    finally:
        page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()")
