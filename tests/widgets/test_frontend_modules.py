"""Every widget builds its DOM with the one shared helper module (``widgets/static/dom.js``):
the module anywidget loads carries it in place of its import, and no front end keeps a
DOM builder of its own."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from teachgames.core import jsmodules
from teachgames.widgets import frontend
from teachgames.widgets.frontend import esm

REPO = Path(__file__).resolve().parents[2]
EL = "function el(tag, attrs, ...children) {"
#: A function that makes elements: ``function el(``, ``function h(``, ``const h = (`` ...
BUILDER = re.compile(r"^\s*(?:export )?(?:function (?:el|h)\(|const (?:el|h) = \()", re.MULTILINE)
#: The projector page's server hands out only dashboard.js, dashboard.css and page.js, and
#: the authoring app's server its own page's three files, each as it is on disk: neither
#: the teacher's dashboard nor the authoring page can import dom.js there yet.
OWN_BUILDER = {"dom.js", "dashboard.js", "author.js"}


def widget_modules() -> dict[str, Any]:
    from teachgames.classroom.joinwidget import JoinForm
    from teachgames.experiments.widget import RepeatWidget
    from teachgames.practice.widget import PracticeWidget
    from teachgames.widgets.activity import ActivityWidget
    from teachgames.widgets.base import GameWidget

    widgets = (GameWidget, ActivityWidget, PracticeWidget, JoinForm, RepeatWidget)
    return {w.__name__: w._esm for w in widgets}


@pytest.mark.parametrize(
    "name", ["GameWidget", "ActivityWidget", "PracticeWidget", "JoinForm", "RepeatWidget"]
)
def test_each_widget_loads_one_module_with_the_shared_builder_in_it(name: str) -> None:
    js = widget_modules()[name]
    assert isinstance(js, str), "the module as text, its helpers in place"
    assert js.count(EL) == 1 and js.count("export default") == 1
    assert not re.search(r"^(import|export) (?!default)", js, re.MULTILINE), "nothing left to import"
    assert "widgets/static/dom.js (put in place of its import)" in js


def test_no_front_end_keeps_a_dom_builder_of_its_own() -> None:
    own = sorted(
        p.name
        for p in (REPO / "teachgames").rglob("*")
        if p.suffix in {".js", ".mjs"} and BUILDER.search(p.read_text("utf-8"))
    )
    assert set(own) == OWN_BUILDER, own


def test_an_import_is_followed_from_another_folder_of_the_package(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(jsmodules, "PACKAGE", tmp_path)
    (tmp_path / "common").mkdir()
    (tmp_path / "game").mkdir()
    (tmp_path / "common" / "dom.js").write_text("export function el() { return 1; }\nfunction keyOf() {}\n")
    (tmp_path / "game" / "w.js").write_text(
        'import { el } from "../common/dom.js";\nexport default { el };\n'
    )
    js = jsmodules.inlined(tmp_path / "game" / "w.js")
    assert js.startswith("// ---- common/dom.js (put in place of its import)\nfunction el() { return 1; }\n")
    assert js.endswith("export default { el };\n") and "import {" not in js


def test_an_import_outside_the_package_or_in_a_cycle_is_refused(tmp_path: Path, monkeypatch: Any) -> None:
    inside = tmp_path / "teachgames"
    inside.mkdir()
    monkeypatch.setattr(jsmodules, "PACKAGE", inside)
    (tmp_path / "elsewhere.js").write_text("export function el() {}\n")
    (inside / "out.js").write_text('import { el } from "../elsewhere.js";\n')
    with pytest.raises(ValueError, match="outside the teachgames package"):
        jsmodules.inlined(inside / "out.js")
    (inside / "a.js").write_text('import { b } from "./b.js";\nexport function a() {}\n')
    (inside / "b.js").write_text('import { a } from "./a.js";\nexport function b() {}\n')
    with pytest.raises(ValueError, match="makes a cycle"):
        jsmodules.inlined(inside / "a.js")


def test_the_game_widget_module_is_unchanged_by_where_it_is_asked_from() -> None:
    assert esm("game.js") == esm("game.js", frontend.STATIC) == jsmodules.inlined(frontend.STATIC / "game.js")


def test_every_widget_front_end_is_held_to_the_size_rules() -> None:
    # a module with a render() is a widget's front end: ESLint holds it to functions a
    # reader can hold (eslint.config.mjs, the block with max-lines-per-function)
    config = (REPO / "eslint.config.mjs").read_text("utf-8")
    block = config[config.rindex("files: [", 0, config.index('"max-lines-per-function"')) :]
    held = set(re.findall(r'"(teachgames/[\w/.-]+\.js)"', block[: block.index("]")]))
    widgets = {
        p.relative_to(REPO).as_posix()
        for p in (REPO / "teachgames").rglob("*.js")
        if re.search(r"^function render\(", p.read_text("utf-8"), re.MULTILINE)
    }
    assert len(widgets) >= 7 and widgets <= held, sorted(widgets - held)
