"""Print axe-core's serious and critical violations for every game widget, light and dark
(or, with ``--lessons``, for every kind of lesson screen: the activity widget).

    python benchmarks/a11y_audit.py [--repo PATH] [--language en] [--lessons]

``--repo`` audits another checkout's teachgames (the lab imports it first), so a change
can be measured before and after. Needs chromium, playwright, jupyterlab and axe-core
(``npm install axe-core`` into artifacts/node, as .ci/run does).
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "tests"))

from browser.a11y import AXE_RUN_JS, LESSON_SCREENS, PREPARE_JS, axe_path, axe_run_js, lesson_cells, notebook  # noqa: E402
from browser.conftest import CHROMIUM, CHROMIUM_ARGS, KERNEL_READY_JS, running_lab, use_theme  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repo", default=str(HERE))
    parser.add_argument("--language", default="en")
    parser.add_argument("--lessons", action="store_true", help="audit the lesson screens instead")
    args = parser.parse_args()
    os.environ["PYTHONPATH"] = os.pathsep.join([args.repo, os.environ.get("PYTHONPATH", "")])
    axe = axe_path()
    if axe is None:
        sys.exit("axe-core is not installed: npm install --prefix artifacts/node axe-core")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, running_lab(Path(tmp)) as lab, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        cells = lesson_cells((args.language,)) if args.lessons else None
        page.goto(lab.notebook_url(notebook(lab.root, "audit", args.language, cells)))
        page.wait_for_function(KERNEL_READY_JS, timeout=120_000)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        roots, last = '[data-testid="tg-widget"]', 4
        if args.lessons:
            roots, last = "section.tga-root", len(LESSON_SCREENS) - 1
        page.locator(roots).nth(last).wait_for(timeout=120_000)
        run_js = axe_run_js(roots) if args.lessons else AXE_RUN_JS
        page.wait_for_timeout(3000)
        for theme in ("JupyterLab Light", "JupyterLab Dark"):
            use_theme(page, theme)
            page.wait_for_timeout(800)
            page.add_script_tag(path=str(axe))
            page.evaluate(PREPARE_JS)
            result = page.evaluate(run_js)
            print(f"== {theme} (planted contrast error seen: {result['plantedSeen']})")
            total = 0
            for w in result["widgets"]:
                kinds = collections.Counter(v["id"] for v in w["violations"])
                total += len(w["violations"])
                print(f"  {w['widget'][:60]:60s} {len(w['violations']):3d}  {dict(kinds)}")
                for v in [v for v in w["violations"] if "tg-lang" not in v["html"]][:4]:
                    print(f"      {v['id']}: {v['html'][:110]}")
            print(f"  total serious+critical: {total}")
        browser.close()


if __name__ == "__main__":
    main()
