"""The repeat control driven the way its page drives it, with no browser: custom messages
in ({"type": "size", "games": 40}, {"type": "run", "times": 20}), the synced traits out
(what the page draws), in English and Russian.

A pupil sees the sizes with one pressed and what to do; a run adds dots and a line per
size; an unknown size is answered in words and changes nothing; a run goes on one
experiment at a time, busy meanwhile, and a second press or a size change then does
nothing; a message of any other shape changes nothing and never raises. The widget is
pure anywidget (its front end travels in its state), so the lesson pages' own widget
host can draw it, and an exported notebook keeps a static copy."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

from teachgames.core.i18n import tr
from teachgames.experiments.widget import SIZES, RepeatWidget, repeat_widget

SEEN = ("sizes", "runs", "games", "chart", "lines", "status", "problem", "busy", "done", "todo")


def intent(widget: RepeatWidget, content: Any) -> None:
    """A custom message from the page, as the widget's comm delivers it."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def seen(widget: RepeatWidget) -> dict[str, Any]:
    """What the page draws: the widget's synced state, less anywidget's own."""
    state = widget.get_state()
    return {k: state[k] for k in SEEN}


def words(key: str, language: str, **values: Any) -> str:
    return tr(f"experiments.repeat.{key}", language, **values)


def pressed(widget: RepeatWidget) -> list[str]:
    return [s["label"] for s in widget.sizes if s["games"] == widget.games]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_pupil_chooses_a_size_and_runs_experiments_by_messages(language: str) -> None:
    widget = repeat_widget(language)
    assert [s["label"] for s in widget.sizes] == [words("size", language, games=g) for g in SIZES]
    assert [r["label"] for r in widget.runs] == [words("run_one", language), words("run_many", language, n=20)]
    assert widget.words["size_label"] == words("size_label", language)
    assert pressed(widget) == [words("size", language, games=10)]
    assert widget.status == words("press", language, games=10) and not widget.problem
    assert widget.chart == "" and widget.lines == []

    intent(widget, {"type": "run", "times": 1})  # no event loop here: it runs at once
    assert len(widget.panel.series[10].shares) == 1
    assert widget.lines == widget.panel.lines() and len(widget.lines) == 1
    assert "<svg" in widget.chart and "<caption>" in widget.chart
    assert widget.status == "" and not widget.busy and widget.todo == 0

    intent(widget, {"type": "size", "games": 40})
    assert pressed(widget) == [words("size", language, games=40)]
    assert widget.status == words("press", language, games=40)
    assert "<svg" in widget.chart  # the 10-game dots stay in sight to compare with
    intent(widget, {"type": "run", "times": 20})
    assert len(widget.panel.series[40].shares) == 20 and len(widget.lines) == 2
    assert widget.chart.count("<tr>") == 3  # the data table: its head and a row per size
    if language == "ru":
        assert "," in widget.chart.split("<table")[1].split("%")[0]  # 40,0%: the decimal comma


@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_unknown_size_is_answered_in_words_and_changes_nothing(language: str) -> None:
    widget = repeat_widget(language)
    intent(widget, {"type": "run", "times": 1})
    before = seen(widget)
    intent(widget, {"type": "size", "games": 7})
    assert widget.status == words("bad_size", language, sizes="10, 40, 200") and widget.problem
    assert pressed(widget) == [words("size", language, games=10)]
    assert {k: v for k, v in seen(widget).items() if k not in ("status", "problem")} == {
        k: v for k, v in before.items() if k not in ("status", "problem")
    }
    intent(widget, {"type": "size", "games": 200})  # a good size clears the refusal
    assert not widget.problem and widget.status == words("press", language, games=200)


def test_messages_of_any_other_shape_change_nothing() -> None:
    widget = repeat_widget("en")
    intent(widget, {"type": "run", "times": 1})
    before = seen(widget)
    for content in (None, "run", 20, [], {}, {"type": "run"}, {"type": "run", "times": "20"},
                    {"type": "run", "times": True}, {"type": "run", "times": 5}, {"type": "run", "times": -1},
                    {"type": "run", "games": 20}, {"type": "size", "games": 40.0}, {"type": "size"},
                    {"type": "size", "times": 40}, {"type": "size", "games": [40]}, {"type": "explode"},
                    {"type": ["run"], "times": 1}):  # fmt: skip
        intent(widget, content)
        assert seen(widget) == before, content
    assert len(widget.panel.series[10].shares) == 1


def test_twenty_experiments_show_busy_pile_up_one_by_one_and_cannot_be_fired_twice() -> None:
    widget = repeat_widget("ru")
    busy: list[bool] = []
    done: list[int] = []
    charts: list[str] = []
    widget.observe(lambda c: busy.append(c["new"]), names="busy")
    widget.observe(lambda c: done.append(c["new"]), names="done")
    widget.observe(lambda c: charts.append(c["new"]), names="chart")

    async def pupil() -> None:
        intent(widget, {"type": "run", "times": 20})
        task = widget._running
        assert task is not None and not task.done()
        assert widget.busy and widget.todo == 20
        assert widget.status == words("running", "ru", n=20, games=10) == "Проводим 20 экспериментов по 10 партий…"
        intent(widget, {"type": "run", "times": 20})  # pressed again, and a size, while it runs
        intent(widget, {"type": "size", "games": 200})
        assert widget._running is task
        await task

    asyncio.run(pupil())
    assert len(widget.panel.series[10].shares) == 20 and 200 not in widget.panel.series
    assert busy == [True, False] and not widget.busy and widget.todo == 0
    assert done[:20] == list(range(1, 21))  # the page could count them as they came
    assert len(charts) == len(set(charts)) == 20  # a new picture at every dot
    assert widget.status == "" and widget.games == 10


def test_it_is_pure_anywidget_with_a_static_copy_for_export() -> None:
    widget = repeat_widget("en")
    state = widget.get_state()
    assert "export default" in state["_esm"] and ".tg-repeat" in state["_css"]
    assert state["_view_module"] == "anywidget"  # not @jupyter-widgets/controls: the lesson pages draw it
    intent(widget, {"type": "run", "times": 1})
    data, _meta = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert "<svg" in data["text/html"] and "<script" not in data["text/html"]


def test_the_lesson_page_draws_the_control_and_runs_it_by_the_pages_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """The experiments lesson up to the control, run as the site's lesson page runs it
    (its own widget host, no Jupyter): the control reaches the page as one anywidget, and
    the page's "run" message brings the dots and the line back as state updates."""
    import json

    import comm

    from teachgames.core import i18n
    from teachgames.site import inpage
    from teachgames.site.content import Item, lesson_cells

    monkeypatch.setattr(comm, "create_comm", comm.create_comm)
    monkeypatch.setattr(inpage.PageComm, "post", None)
    monkeypatch.setattr(inpage.PageComm, "open_comms", {})
    monkeypatch.setitem(i18n._state, "language", i18n.get_language())  # the lesson sets its own
    root = Path(__file__).resolve().parents[2]
    item = Item(root / "notebooks" / "ru" / "experiments-simulation.ipynb", "ru/experiments-simulation.ipynb", "ru",
                "experiments")  # fmt: skip
    code = [text for kind, text in lesson_cells(item.source) if kind == "code"]
    cells = code[: code.index("repeat_widget()") + 1]
    got: list[dict[str, Any]] = []

    def state_of(comm_id: str) -> dict[str, Any]:
        state: dict[str, Any] = {}
        for m in got:
            if m.get("comm_id") == comm_id and (m["type"] == "comm_open" or m["data"].get("method") == "update"):
                state.update(m["data"]["state"])
        return state

    async def page() -> None:
        await inpage.run_lesson(cells, "ru", lambda text: got.append(json.loads(text)))
        shown = [m for m in got if m["type"] == "cell"]
        assert all("error" not in m for m in shown), shown
        control = shown[-1]["output"]
        assert control["kind"] == "widget"
        opened = state_of(control["comm_id"])
        assert "export default" in opened["_esm"] and ".tg-repeat" in opened["_css"]
        assert opened["status"] == words("press", "ru", games=10)
        run = {"type": "run", "times": 20}
        inpage.receive(json.dumps({"comm_id": control["comm_id"], "data": {"method": "custom", "content": run}}))
        assert state_of(control["comm_id"])["busy"] is True
        for _ in range(10_000):
            await asyncio.sleep(0)
            if state_of(control["comm_id"])["busy"] is False:
                break
        final = state_of(control["comm_id"])
        assert final["busy"] is False and "<svg" in final["chart"]
        assert final["lines"] and "20 экспериментов" in final["lines"][0]

    asyncio.run(page())
