"""A pupil does the experiments lesson start to finish in Voilà, by clicking only, in English
and in Russian: two predictions committed, the small experiment repeated with the buttons
(the dots and their data table appear, 10 then 40 games an experiment), every question
answered (one wrong first, to meet the line that names the slip), and the exit ticket's
result. No code is edited; nothing leaves the machine. The charts' shapes (bars, dots) reach
3:1 and their words 4.5:1 against the page as the browser paints it, in the light theme (en)
and the dark one (ru)."""

from __future__ import annotations

import pytest

from teachgames.experiments.lesson.activities import activity

from .conftest import WALK_TIMEOUT_MS, walk_activity

pytestmark = pytest.mark.browser

LESSON = "experiments-simulation.ipynb"
PARTS = ("predict", "spread", "interval", "ticket")


def predict(root, language):
    """Commit a prediction on each screen: taken (✓ and the line), then the reveal."""
    from playwright.sync_api import expect

    from teachgames.core.i18n import tr

    spec = activity("simulation", "predict")
    root.scroll_into_view_if_needed()
    for screen in spec.screens:
        expect(root.locator(".tga-title")).to_have_text(screen.title(language), timeout=WALK_TIMEOUT_MS)
        expect(root.locator("[data-testid=tga-reveal]")).to_be_hidden()
        root.locator(f'button.tga-option[data-id="{screen.task.options[0].id}"]').click()
        root.locator("[data-testid=tga-check]").click()
        expect(root.locator("[data-testid=tga-feedback]")).to_contain_text(
            tr("experiments.lesson.noted", language), timeout=WALK_TIMEOUT_MS)  # fmt: skip
        expect(root.locator("[data-testid=tga-reveal]")).to_be_visible()
        if screen is not spec.screens[-1]:
            root.locator("[data-testid=tga-next]").click()


def repeat(page, language):
    """Run twenty 10-game experiments, then twenty 40-game ones, with the buttons."""
    from playwright.sync_api import expect

    from teachgames.core.i18n import tr
    from teachgames.experiments.lesson.activities import shown

    figures = shown(language)  # the spreads the lesson's screens quote, as the language writes them

    def say(key, **values):
        return tr(f"experiments.repeat.{key}", language, **values)

    many = page.get_by_role("button", name=say("run_many", n=20))
    many.scroll_into_view_if_needed()
    many.click()
    caption = page.locator("table.teachgames-chart-data caption")  # the dots' data table
    expect(caption.filter(has_text=say("panel_title", seat=1))).to_have_count(1, timeout=WALK_TIMEOUT_MS)
    expect(page.get_by_text(say("line", games=10, n=20, low=figures["lo10"], high=figures["hi10"]))).to_be_visible()
    control = page.locator(".tg-repeat")  # the one anywidget: busy while it runs, then free
    expect(control).to_have_attribute("aria-busy", "false", timeout=WALK_TIMEOUT_MS)
    sizes = page.get_by_role("group", name=say("size_label"))
    sizes.get_by_role("button", name=say("size", games=40)).click()
    expect(sizes.get_by_role("button", name=say("size", games=40))).to_have_attribute("aria-pressed", "true")
    many.click()
    line = say("line", games=40, n=20, low=figures["lo40"], high=figures["hi40"])
    expect(page.get_by_text(line)).to_be_visible(timeout=WALK_TIMEOUT_MS)


@pytest.mark.parametrize(("language", "theme"), [("en", "light"), ("ru", "dark")])
def test_a_pupil_does_the_experiments_lesson_by_clicking(voila_servers, pupil_page, language, theme):
    from playwright.sync_api import expect

    server = voila_servers(language)
    page = pupil_page.open(server, LESSON, theme=theme)
    roots = page.locator(".tga-root")
    expect(roots).to_have_count(len(PARTS), timeout=WALK_TIMEOUT_MS)
    expect(page.locator(".teachgames-chart svg")).to_have_count(2, timeout=WALK_TIMEOUT_MS)
    seen = page.evaluate(CHART_CONTRAST_JS)  # the charts on the page, in this theme
    assert seen["count"] >= 6 and seen["shapes"] >= 3.0 and seen["texts"] >= 4.5, seen
    predict(roots.nth(0), language)
    repeat(page, language)
    pupil_page.shot(f"voila-experiments-{language}-{theme}-dots")
    walk_activity(roots.nth(1), activity("simulation", "spread"), language, wrong_first=("size",))
    walk_activity(roots.nth(2), activity("simulation", "interval"), language, wrong_first=("apart",))
    pupil_page.shot(f"voila-experiments-{language}-{theme}-interval")
    walk_activity(roots.nth(3), activity("simulation", "ticket"), language, wrong_first=("t1",))
    pupil_page.shot(f"voila-experiments-{language}-{theme}-ticket")
    body = page.locator("body").inner_text()
    for line in server.code_lines(LESSON):  # no code on the pupil's page
        assert line not in body, line
    assert "game/s" not in body  # no progress bars of the experiments run behind the screens


#: The worst WCAG contrast of the charts' shapes (bars, dots, marks) and words against the
#: page behind them, as the browser paints them.
CHART_CONTRAST_JS = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const x = lum(rgb(a)), y = lum(rgb(b));
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const behind = (n) => { for (; n; n = n.parentElement) { const c = getComputedStyle(n).backgroundColor;
    if (c && !c.startsWith("rgba(0, 0, 0, 0)") && c !== "transparent") return c; } return "rgb(255, 255, 255)"; };
  const out = {shapes: 99, texts: 99, count: 0};
  for (const svg of document.querySelectorAll(".teachgames-chart svg")) {
    const bg = behind(svg);
    for (const s of svg.querySelectorAll("rect, circle, polygon")) {
      const st = getComputedStyle(s);
      const paint = st.fill !== "none" ? st.fill : st.stroke;
      out.shapes = Math.min(out.shapes, ratio(paint, bg)); out.count += 1;
    }
    for (const t of svg.querySelectorAll("text")) out.texts = Math.min(out.texts, ratio(getComputedStyle(t).fill, bg));
  }
  return out;
}"""
