"""What the accessibility browser tests share: a notebook with every game widget, axe-core
from npm (injected from a local file, never a CDN) and the checks a11y tests run in the page.

axe-core is installed by ``.ci/run`` (``npm install axe-core@AXE_VERSION``) into
``artifacts/node`` (ignored by git); ``TEACHGAMES_AXE`` may name another ``axe.min.js``.
Also run by ``benchmarks/a11y_audit.py``, which prints the counts for a checkout.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
#: The axe-core release the tests use (pinned: a new rule must not turn CI red unseen).
AXE_VERSION = "4.14.1"
AXE_JS = REPO / "artifacts" / "node" / "node_modules" / "axe-core" / "axe.min.js"

#: One widget per cell, each game and mode a pupil meets (a short game near its end where
#: a whole game is played by keyboard).
WIDGET_CELLS = [
    "import teachgames\nfrom teachgames.bots import GreedyBot\nfrom teachgames.split.bots import PlannerBot\n"
    "from teachgames.tsvetik.bots import FieldBot\nfrom teachgames.ligretto.bots import LigrettoBot\n"
    "LANG = 'en'",
    # Delissimo 6+ (pizzas, no written fractions) and a replay
    "d6 = teachgames.new_game('delissimo', level='beginner', players=2, seed=7)\n"
    "teachgames.show(d6, mode='play', players=['Pupil', GreedyBot()], language=LANG, bot_delay=0.2)",
    "d8 = teachgames.new_game('delissimo', level='basic', players=3, seed=7)\n"
    "bot = GreedyBot()\n"
    "for _ in range(8):\n    d8.play(bot.choose(d8))\n"
    "teachgames.show(d8, mode='replay', language=LANG)",
    # Tsvetik: a game played by bots into its last moves, the pupil to act
    "t = teachgames.new_game('tsvetik', players=2, seed=11)\n"
    "tb = [FieldBot(), GreedyBot()]\n"
    "while not t.is_over() and (len(t.history) < 60 or t.current_player != 0):\n"
    "    t.play(tb[t.current_player].choose(t))\n"
    "teachgames.show(t, mode='play', players=['Pupil', GreedyBot()], language=LANG, bot_delay=0.2)",
    # Split: a pupil against the planner
    "s = teachgames.new_game('split', players=2, seed=7)\n"
    "teachgames.show(s, mode='play', players=['Pupil', PlannerBot()], language=LANG, bot_delay=0.2)",
    # Ligretto live, slow bots
    "lg = teachgames.new_game('ligretto', players=2, seed=7, rules={'rounds': 1})\n"
    "teachgames.show(lg, players=['Pupil', LigrettoBot(0.3)], language=LANG)",
]


def notebook(root: Path, name: str, language: str = "en", cells: list[str] | None = None) -> str:
    """Write the widgets notebook (in ``language``) under ``root``; its path for the lab URL."""
    srcs = list(cells or WIDGET_CELLS)
    srcs[0] = srcs[0].replace("LANG = 'en'", f"LANG = {language!r}")
    nb = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
             "outputs": [], "source": src}
            for i, src in enumerate(srcs)
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }  # fmt: skip
    path = root / "a11y" / f"{name}.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb), encoding="utf-8")
    return f"a11y/{name}.ipynb"


def axe_path() -> Path | None:
    """The local axe.min.js, or None when it is not installed."""
    given = os.environ.get("TEACHGAMES_AXE")
    path = Path(given) if given else AXE_JS
    return path if path.is_file() else None


def require_axe() -> str:
    """The local axe.min.js for a test: skipped on a desktop without it, failed in CI."""
    import pytest

    axe = axe_path()
    if axe is None:
        message = "axe-core is missing: .ci/run installs it (npm install --prefix artifacts/node axe-core)"
        if os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return str(axe)


#: JupyterLab's body is 0 px tall with hidden overflow: axe would call everything clipped
#: and skip colour contrast. The planted element proves contrast is checked.
PREPARE_JS = """() => {
  const style = document.createElement("style");
  style.textContent = "html, body {height: 100% !important;}";
  document.head.appendChild(style);
  if (!document.getElementById("tg-axe-planted")) {
    const bad = document.createElement("div");
    bad.id = "tg-axe-planted";
    bad.textContent = "planted low-contrast text";
    bad.style.cssText = "position:fixed;left:4px;top:40px;z-index:99999;color:#bbbbbb;background:#ffffff;font-size:14px;padding:2px";
    document.body.appendChild(bad);
  }
}"""

#: what axe checks: WCAG 2.1 A and AA rules, violations only
AXE_OPTIONS_JS = (
    '{runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, resultTypes: ["violations"]}'
)

#: The rules whose verdict depends on what is in view (axe judges a colour only where
#: the element is on screen): the rest judge the document and run once per walk.
IN_VIEW_RULES = ("color-contrast", "link-in-text-block")

#: ``axeStep(context, opts, first, found)``, for a page function: one step of a walk
#: through a tall page or widget. Every rule at the first step, then only the rules that
#: judge what is in view; the serious and critical violations go into ``found``, each
#: node once.
AXE_STEP_JS = """
  async function axeStep(context, opts, first, found) {
    const inView = {...opts, runOnly: {type: "rule", values: IN_VIEW_RULES}};
    const r = await axe.run(context, first ? opts : inView);
    for (const v of r.violations) {
      if (v.impact !== "serious" && v.impact !== "critical") continue;
      for (const n of v.nodes) found[v.id + " " + n.target.join(" ")] = {id: v.id, impact: v.impact,
        target: n.target.join(" "), html: n.html.slice(0, 160), summary: (n.failureSummary || "").slice(0, 200)};
    }
  }
""".replace("IN_VIEW_RULES", json.dumps(IN_VIEW_RULES))

#: axe on each widget (and on the planted element): serious and critical violations.
#: ``ROOTS`` is the CSS selector of the widgets' roots (:func:`axe_run_js`).
AXE_RUN_TEMPLATE = """async () => {""" + AXE_STEP_JS + """
  const opts = OPTIONS;
  const planted = await axe.run("#tg-axe-planted", opts);
  const plantedSeen = planted.violations.some(v => v.id === "color-contrast");
  document.getElementById("tg-axe-planted").remove();
  const out = [];
  const roots = [...document.querySelectorAll(ROOTS)];
  for (let i = 0; i < roots.length; i++) {
    const root = roots[i];
    root.scrollIntoView({block: "start"});
    const found = {};
    // axe checks colours in the viewport: step through a tall widget in its scrolled panel
    for (let y = 0; ; y += window.innerHeight - 80) {
      await axeStep(root, opts, y === 0, found);
      const box = root.getBoundingClientRect();
      if (box.bottom <= window.innerHeight) break;
      root.closest(".jp-WindowedPanel-outer, .jp-Notebook")?.scrollBy(0, window.innerHeight - 80);
      if (y > 20000) break;
    }
    out.push({widget: (root.getAttribute("data-mode") || "") + ":" + (root.getAttribute("aria-label") ||
      root.querySelector('[data-testid="tg-title"]')?.textContent || i), violations: Object.values(found)});
  }
  return {plantedSeen, widgets: out};
}"""


#: ``scrolledAxe(context, opts, step, limit)``, for a page function: axe over ``context``
#: with the window scrolled ``step`` px at a time (axe checks what is in view) until the
#: page's end or ``limit`` (:data:`AXE_STEP_JS` at each step); the serious and critical
#: violations, each node once.
SCROLLED_AXE_JS = AXE_STEP_JS + """
  async function scrolledAxe(context, opts, step, limit) {
    const found = {};
    for (let y = 0; ; y += step) {
      window.scrollTo(0, y);
      // a frame painted, or 100 ms: headless Chromium may draw no frame for a page it
      // counts as hidden, and a bare requestAnimationFrame then waits for ever
      await new Promise(done => { requestAnimationFrame(() => done()); setTimeout(done, 100); });
      await axeStep(context, opts, y === 0, found);
      if (y + innerHeight >= document.documentElement.scrollHeight || y > limit) break;
    }
    window.scrollTo(0, 0);
    return Object.values(found);
  }
"""


def axe_run_js(roots: str) -> str:
    """The axe run over every widget root ``roots`` (a CSS selector) on the page."""
    return AXE_RUN_TEMPLATE.replace("OPTIONS", AXE_OPTIONS_JS).replace("ROOTS", json.dumps(roots))


AXE_RUN_JS = axe_run_js('[data-testid="tg-widget"]')

#: Per widget, the rendered size (CSS px) of every number a pupil reads from afar: each
#: numeral drawn on a card picture (an amount, a rank, a count: its font size times the
#: text's own screen transform, so the card's inner scaling counts too) and the HTML
#: numbers (scores, a zone's points and counts, the score pad). Also the words on a card
#: that run past its picture (cut) and cards of one row drawn over each other.
KEY_NUMBERS_JS = """() => [...document.querySelectorAll('[data-testid="tg-widget"]')].map(root => {
  const numbers = [], cut = [], overlap = [];
  for (const svg of root.querySelectorAll('.tg-card-pic svg')) {
    const box = svg.getBoundingClientRect();
    if (!box.height) continue;
    const card = svg.closest('[data-testid]')?.getAttribute('data-testid') || '';
    for (const t of svg.querySelectorAll('text')) {
      const r = t.getBoundingClientRect();
      if (r.width && (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1))
        cut.push(card + ': ' + t.textContent);
      // a number: digits with no letters ("3", "×2", "25"; not the owner's "Player 2")
      if (!/^[^\\p{L}]*\\d[^\\p{L}]*$/u.test(t.textContent.trim())) continue;
      const m = t.getScreenCTM();
      const px = parseFloat(t.getAttribute('font-size') || getComputedStyle(t).fontSize) * Math.hypot(m.b, m.d);
      numbers.push({where: card, text: t.textContent.trim(), px: Math.round(px * 10) / 10});
    }
  }
  for (const e of root.querySelectorAll('.tg-scores td, .tg-zone-caption, .tg-grid td')) {
    if (!/\\d/.test(e.textContent) || !e.getClientRects().length) continue;
    numbers.push({where: 'html:' + (e.className || e.tagName), text: e.textContent.trim().slice(0, 30),
      px: parseFloat(getComputedStyle(e).fontSize)});
  }
  const cards = [...root.querySelectorAll('.tg-card')].filter(c => c.getClientRects().length);
  for (let i = 0; i < cards.length; i++) for (let j = i + 1; j < cards.length; j++) {
    const a = cards[i].getBoundingClientRect(), b = cards[j].getBoundingClientRect();
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
      overlap.push(cards[i].getAttribute('data-testid') + ' / ' + cards[j].getAttribute('data-testid'));
  }
  return {widget: root.getAttribute('aria-label'), width: Math.round(root.getBoundingClientRect().width),
    numbers, cut, overlap};
})"""


#: What the contrast checks below share, in the page: a computed colour's channels (rgb(...)
#: or, for a color-mix(), color(srgb r g b [/ a]) with channels from 0 to 1), WCAG
#: luminance and contrast ratio, and the first opaque background behind an element.
COLOUR_JS = """
  const rgb = (c) => { const m = (c || "").match(/[\\d.]+/g); if (!m) return null;
    const v = m.slice(0, 4).map(Number);
    return c.startsWith("color(srgb") ? v.map((x, i) => (i < 3 ? x * 255 : x)) : v; };
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const opaque = (c) => { const v = rgb(c); return v && (v.length < 4 || v[3] > 0.5) ? v : null; };
  const pageBehind = (n) => { for (; n; n = n.parentElement) { const v = opaque(getComputedStyle(n).backgroundColor); if (v) return v; } return [255, 255, 255]; };
"""

#: WCAG contrast of every word drawn in the widgets' SVG pictures (cards, tables, maths),
#: from the fills the browser computes: the text's fill against the shape drawn under
#: its centre (else the page behind the picture). Large text (>= 24 px, or >= 18.66 px
#: bold, as rendered) needs 3:1, other text 4.5:1. Returns the words below their need.
SVG_TEXT_CONTRAST_JS = """() => {""" + COLOUR_JS + """
  const low = [];
  let checked = 0;
  for (const svg of document.querySelectorAll('[data-testid="tg-widget"] svg')) {
    const texts = [...svg.querySelectorAll("text")].filter(t => t.textContent.trim());
    if (!texts.length) continue;
    svg.scrollIntoView({block: "center"});
    for (const t of texts) {
      const r = t.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const fill = opaque(getComputedStyle(t).fill);
      if (!fill) continue;
      const under = document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)
        .filter(e => e !== t && svg.contains(e) && !["text", "tspan", "g", "svg", "title"].includes(e.tagName))
        .map(e => opaque(getComputedStyle(e).fill)).find(Boolean) || pageBehind(svg.parentElement);
      const px = r.height / 1.2;
      const bold = Number(getComputedStyle(t).fontWeight) >= 700 || t.getAttribute("font-weight") === "bold";
      const need = px >= 24 || (bold && px >= 18.66) ? 3 : 4.5;
      const got = ratio(fill, under);
      checked++;
      if (got < need) low.push({text: t.textContent.trim().slice(0, 20), ratio: Math.round(got * 100) / 100, need,
        fill: getComputedStyle(t).fill, card: svg.closest("[data-testid]")?.getAttribute("data-testid")});
    }
  }
  return {checked, low};
}"""


#: One activity widget per cell: every kind of lesson screen a pupil or teacher meets
#: (``LESSON_SCREENS`` names them in cell order), each opened and answered in Python before
#: it is shown, so the page holds every state at once.
LESSON_CELLS = [
    "from teachgames.lesson import Activity\n"
    "from teachgames.lesson.show import activity\n"
    "from teachgames.widgets.activity import ActivityWidget\n"
    "from tests.lesson.answering import right_answer, wrong_answers\n"
    "from tests.lesson.test_activity import spec as toy_spec\n"
    "LANG = 'en'\n"
    "def screen(game, lesson, part, index, teacher=False):\n"
    "    run = activity(game, lesson, part, language=LANG, teacher=teacher)\n"
    "    run.go(index)\n"
    "    return run\n"
    "def wrong(run):\n"
    "    return wrong_answers(run.screen.task)[0][0]",
    # choose (options with pictures)
    "ActivityWidget(screen('delissimo', '8plus', 'warmup', 0))",
    # pick cards: Split's half-cards (Delissimo's hand and table: the last cell)
    "ActivityWidget(screen('split', 'classify', 'warmup', 2))",
    # type an amount, after a named wrong answer: the feedback line and the pupil's echo
    "run = screen('delissimo', '8plus', 'warmup', 2)\nrun.answer(wrong(run))\nActivityWidget(run)",
    # order (no lesson orders yet: the activity runtime's own example)
    "run = Activity(toy_spec(), LANG)\nrun.go(2)\nActivityWidget(run)",
    # the reveal, after a right answer
    "run = screen('tsvetik', '8plus', 'warmup', 0)\nrun.answer(right_answer(run.screen.task))\nActivityWidget(run)",
    # the worked solution, asked for after a wrong try
    "run = screen('delissimo', '10plus', 'puzzles', 0)\nrun.answer(wrong(run))\nrun.show_solution()\n"
    "ActivityWidget(run)",
    # the teacher's view
    "ActivityWidget(screen('delissimo', '6plus', 'puzzles', 0, teacher=True))",
    # an exit ticket's summary
    "run = screen('delissimo', '8plus', 'ticket', 0)\nrun.go(run.count - 1)\nActivityWidget(run)",
    # pick cards (Delissimo's hand and table), a whole activity untouched: audited, then
    # walked through with the keyboard alone
    "ActivityWidget(activity('delissimo', '8plus', 'puzzles', language=LANG))",
]
#: The lesson screens' notebook: the cells once per language, one kernel for the three.
def lesson_cells(languages: tuple[str, ...] = ("en", "ru", "bg")) -> list[str]:
    cells = [LESSON_CELLS[0]]
    for language in languages:
        cells += [f"LANG = {language!r}", *LESSON_CELLS[1:]]
    return cells


LESSON_SCREENS = ("choose", "pick half-cards", "amount, wrong", "order", "reveal", "worked solution", "teacher",
                  "ticket summary", "pick cards")  # fmt: skip


#: WCAG contrast (needs 3:1) of the shapes that carry meaning, as the browser paints them:
#: each card picture's face (its first shape: fill or outline) against the page behind the
#: card, and the widget's rings (a selected card's frame, a highlighted one's, an empty
#: place's and a pickable card's frame, the focus ring; the current zone's is the selected one's) from
#: the colours the theme gives them. Returns the shapes below 3:1 and how many were seen.
SHAPE_CONTRAST_JS = """() => {""" + COLOUR_JS + """
  const low = [];
  let faces = 0, rings = 0;
  for (const root of document.querySelectorAll('[data-testid="tg-widget"]')) {
    for (const svg of root.querySelectorAll('.tg-card-pic svg')) {
      const face = svg.querySelector('rect, circle, path, polygon');
      if (!face) continue;
      const behind = pageBehind(svg.parentElement);
      const s = getComputedStyle(face);
      const fill = opaque(s.fill), stroke = parseFloat(s.strokeWidth) >= 1 ? opaque(s.stroke) : null;
      const got = Math.max(fill ? ratio(fill, behind) : 1, stroke ? ratio(stroke, behind) : 1);
      faces++;
      if (got < 3) low.push({what: "card face", card: svg.closest("[data-testid]")?.getAttribute("data-testid"), ratio: got});
    }
    // the rings: a probe inside the widget takes each ring's colour from the theme
    const probe = document.createElement("div");
    probe.className = "tg-card";
    root.querySelector(".tg-zone, .tg-root")?.appendChild(probe) || root.appendChild(probe);
    const behind = pageBehind(probe.parentElement);
    for (const [what, css] of [["selected", "var(--tg-accent)"], ["highlight", "var(--tg-warn)"],
                               ["slot and pickable frame", "var(--tg-edge)"], ["focus ring", "var(--tg-fg)"]]) {
      probe.style.borderColor = css;
      const c = opaque(getComputedStyle(probe).borderTopColor);
      rings++;
      if (!c || ratio(c, behind) < 3) low.push({what, widget: root.getAttribute("aria-label"), ratio: c ? ratio(c, behind) : 0});
    }
    probe.remove();
  }
  return {faces, rings, low};
}"""
