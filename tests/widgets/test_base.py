"""The shared widget base, driven through a tiny test-only widget (no game engine needed)."""

from __future__ import annotations

import pathlib
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

from teachgames.widgets import make_widget, widget_class
from teachgames.widgets.base import INTERNAL_ERROR, GameWidget, IntentRefused, escape


class CounterWidget(GameWidget):
    actions: ClassVar[frozenset[str]] = frozenset({"inc", "boom", "nope", "tick"})
    quiet_actions: ClassVar[frozenset[str]] = frozenset({"tick"})

    def __init__(self) -> None:
        self.count = 0
        super().__init__()
        self.sent: list[Any] = []
        self.publish()

    def send(self, content: Any, buffers: Any = None) -> None:  # capture instead of a comm
        self.sent.append(content)

    def build_view_model(self) -> dict[str, Any]:
        return {"title": "Counter", "status": f"count {self.count}", "message": self.message}

    def intent_inc(self, content: Mapping[str, Any]) -> None:
        self.count += int(content.get("by", 1))

    def intent_boom(self, content: Mapping[str, Any]) -> None:
        raise RuntimeError("secret internal detail /path/to/file.py line 3")

    def intent_nope(self, content: Mapping[str, Any]) -> None:
        raise IntentRefused("not now")

    def intent_tick(self, content: Mapping[str, Any]) -> None:
        self.count += 100


def intent(w: GameWidget, action: str, **extra: Any) -> dict[str, Any]:
    return {"type": "intent", "version": w.version, "action": action, **extra}


def test_static_files_are_package_files() -> None:
    # anywidget wraps a Path in FileContents; the file lives inside the package
    value = GameWidget._css
    path = pathlib.Path(str(value._path if hasattr(value, "_path") else value))
    assert path.parent.name == "static" and path.parent.parent.name == "widgets"
    static = pathlib.Path(__file__).parents[2] / "teachgames" / "widgets" / "static"
    # the module anywidget loads: game.js with its helpers (dom.js) in place of the import
    js = str(GameWidget._esm)
    assert "export default" in js and "function patchChildren" in js
    code = "\n".join(line for line in js.splitlines() if not line.lstrip().startswith("//"))
    for forbidden in ("http://", "https://", "import ", "innerHTML = spec.alt", "eval("):
        assert forbidden not in code, forbidden
    css = (static / "game.css").read_text()
    assert "var(--jp-" in css and "url(" not in css


def test_view_model_versions_and_reassignment() -> None:
    w = CounterWidget()
    assert w.view_model["version"] == w.version == 1
    old = w.view_model
    assert w.handle_intent(intent(w, "inc", by=2)) is True
    assert w.version == 2 and w.view_model["version"] == 2
    assert w.view_model is not old, "the view-model must be reassigned, not mutated"
    assert {k: old[k] for k in ("title", "status", "message", "version")} == {
        "title": "Counter", "status": "count 0", "message": None, "version": 1
    }
    # every view-model carries the language, the front-end's words and the switch
    assert old["language"] == "en" and old["labels"]["scores"] == "Scores"
    assert [c["code"] for c in old["languages"]] == ["en", "ru", "bg"]
    assert w.view_model["status"] == "count 2"


def test_stale_intent_is_refused_and_changes_nothing() -> None:
    w = CounterWidget()
    stale = intent(w, "inc")
    assert w.handle_intent(stale)
    before = dict(w.view_model)
    assert w.handle_intent(stale) is False  # the same click again: stale
    assert w.count == 1 and w.version == 2 and w.view_model == before
    assert w.sent[-1]["type"] == "refused" and w.sent[-1]["quiet"] is False
    assert "changed" in w.sent[-1]["reason"]
    assert w.handle_intent({**intent(w, "inc"), "version": w.version + 5}) is False
    assert w.handle_intent({**intent(w, "inc"), "version": True}) is False
    assert w.count == 1


def test_quiet_stale_actions() -> None:
    w = CounterWidget()
    assert not w.handle_intent({**intent(w, "tick"), "version": 0})
    assert w.sent[-1]["quiet"] is True and w.count == 0


@pytest.mark.parametrize(
    "content",
    [None, "inc", {"action": "inc"}, {"type": "other", "action": "inc", "version": 1},
     {"type": "intent", "version": 1, "action": "publish"},
     {"type": "intent", "version": 1, "action": "__init__"},
     {"type": "intent", "version": 1, "action": ["inc"]}],
)  # fmt: skip
def test_malformed_intents_are_refused(content: Any) -> None:
    w = CounterWidget()
    assert w.handle_intent(content) is False
    assert w.version == 1 and w.count == 0
    assert w.sent[-1]["type"] == "refused"


def test_handler_refusal_and_internal_errors() -> None:
    w = CounterWidget()
    assert w.handle_intent(intent(w, "nope")) is False
    assert w.last_refusal == "not now" and w.version == 1
    assert w.handle_intent(intent(w, "boom")) is True  # shown to the pupil, kernel unharmed
    msg = w.view_model["message"]
    assert msg["kind"] == "error" and msg["text"] == INTERNAL_ERROR
    assert "Traceback" not in str(w.view_model) and "secret" not in str(w.view_model)


def test_custom_message_path() -> None:
    w = CounterWidget()
    w._on_custom_msg(w, intent(w, "inc"), [])
    assert w.count == 1


def test_escape() -> None:
    assert escape('<script>alert("x")</script>') == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"


def test_display_once_outside_ipython_is_harmless() -> None:
    w = CounterWidget()
    w.display_once()
    bundle = w._repr_mimebundle_()
    assert bundle is not None
    data, _ = bundle
    assert "application/vnd.jupyter.widget-view+json" in data


def test_unknown_widget_and_not_a_game() -> None:
    class NoWidget:
        name = "nowidget"

    with pytest.raises(NotImplementedError, match="no widget"):
        widget_class(NoWidget())
    with pytest.raises(TypeError):
        make_widget(object())
