"""The front end checked like the Python: ESLint over every JavaScript file under
teachgames/, ``node --check`` on each (and on the module a widget really loads), and the
import-free module anywidget gets.

ESLint is a pinned release from npm in ``artifacts/node`` (like axe-core for the browser
tests; ``.ci/run`` installs it). Without it (or without node) these tests skip on a
desktop and fail when ``CI`` is set, so CI never passes by skipping them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from teachgames.widgets.frontend import esm

REPO = Path(__file__).resolve().parents[2]
#: The ESLint release the rules in eslint.config.mjs are written for (.ci/run reads it).
ESLINT_VERSION = "9.39.1"
ESLINT = REPO / "artifacts" / "node" / "node_modules" / ".bin" / "eslint"
FRONT_END = sorted(p for p in (REPO / "teachgames").rglob("*") if p.suffix in {".js", ".mjs"})


def need(tool: Path | str | None, what: str) -> str:
    """The tool's path; a skip when it is missing (a failure when CI is set)."""
    if tool is not None and Path(tool).exists():
        return str(tool)
    message = f"the front-end checks need {what}"
    if os.environ.get("CI"):
        pytest.fail(message + " (CI is set, so this is an error, not a skip)", pytrace=False)
    pytest.skip(message)


def eslint(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    tool = need(ESLINT, f"ESLint {ESLINT_VERSION} in artifacts/node (npm install --prefix artifacts/node eslint@{ESLINT_VERSION})")
    return subprocess.run([tool, "--no-warn-ignored", *args], cwd=REPO, input=stdin, capture_output=True, text=True, timeout=300)


def node_check(source: str) -> subprocess.CompletedProcess[str]:
    """``node --check`` on an ES module's text (a file's name alone would let Node guess
    CommonJS for a .js file and pass an error it never parses as a module)."""
    node = need(shutil.which("node"), "node")
    return subprocess.run([node, "--input-type=module", "--check"], input=source, capture_output=True, text=True, timeout=60)


def test_there_is_front_end_to_check() -> None:
    names = {p.name for p in FRONT_END}
    assert {"game.js", "dom.js", "activity.js", "dashboard.js", "page.mjs"} <= names


def test_eslint_is_the_pinned_release() -> None:
    out = eslint("--version")
    assert out.stdout.strip() == f"v{ESLINT_VERSION}", out.stdout + out.stderr


def test_every_front_end_file_passes_eslint() -> None:
    out = eslint("--max-warnings=0", *(str(p.relative_to(REPO)) for p in FRONT_END))
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.parametrize(
    ("source", "rule"),
    [
        ("export default { render: () => undefinedHelper() };\n", "no-undef"),
        ("var kept = 1;\nexport default kept;\n", "no-var"),
        ("function render() { let a = 1; return a; }\nexport default { render };\n", "prefer-const"),
        ("export function f(a, b, c, d, e) { return a + b + c + d + e; }\n", "max-params"),
    ],
)
def test_eslint_catches_what_its_rules_name(source: str, rule: str) -> None:
    out = eslint("--stdin", "--stdin-filename", "teachgames/widgets/static/game.js", stdin=source)
    assert out.returncode == 1 and rule in out.stdout, out.stdout + out.stderr


@pytest.mark.parametrize("path", FRONT_END, ids=lambda p: str(p.relative_to(REPO / "teachgames")))
def test_node_parses_every_file_as_a_module(path: Path) -> None:
    out = node_check(path.read_text(encoding="utf-8"))
    assert out.returncode == 0, out.stderr


def test_node_parses_the_module_a_widget_loads_and_refuses_a_broken_one() -> None:
    assert node_check(esm("game.js")).returncode == 0
    assert node_check(esm("game.js").replace("function draw(w) {", "function draw(w) {{", 1)).returncode != 0


def test_the_loaded_module_carries_its_helpers_and_imports_nothing() -> None:
    from teachgames.widgets.base import GameWidget

    js = esm("game.js")
    assert GameWidget._esm == js or str(GameWidget._esm) == js
    assert not re.search(r"^(import|export) (?!default)", js, re.MULTILINE), "no import or export left but the default"
    assert js.count("export default") == 1 and "function patchChildren(old, next)" in js
    game = (REPO / "teachgames/widgets/static/game.js").read_text(encoding="utf-8")
    assert 'import { delegate, el, on, patchChildren, setSvg } from "./dom.js";' in game
