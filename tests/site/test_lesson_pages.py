"""The classroom site's lesson pages, without a browser: what the pupil's page holds when it
opens (the lesson's words, never its code), and what its Python does in the page (each
cell's output to its place, the widgets' messages both ways, a failing cell named in the
pupil's language while the lesson goes on). The browser half is in test_site_browser.py.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from teachgames.site import inpage
from teachgames.site.content import Item, lesson_cells
from teachgames.site.lessonpage import lesson_page, shows_something, write_lesson_pages
from teachgames.site.pages import lesson_page_target, start_page

ROOT = Path(__file__).resolve().parents[2]
LESSON = "delissimo-8plus.ipynb"


def _item(language: str = "en", name: str = LESSON) -> Item:
    return Item(ROOT / "notebooks" / language / name, f"{language}/{name}", language, "delissimo")


def _notebook(path: Path, cells: list[tuple[str, str]]) -> Path:
    data = {"cells": [{"cell_type": kind, "source": text, "metadata": {}} for kind, text in cells]}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _visible(page: str) -> str:
    """The page's text a pupil can see: no script elements, no tags."""
    without_scripts = re.sub(r"<script\b.*?</script>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", without_scripts))


def _script_json(page: str, element_id: str) -> Any:
    found = re.search(rf'<script type="application/json" id="{element_id}">(.*?)</script>', page, re.S)
    assert found, f"no {element_id} data on the page"
    return json.loads(found.group(1))


# ------------------------------------------------------------------ the page as built


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_lesson_page_shows_the_lessons_words_and_none_of_its_code(language: str) -> None:
    item = _item(language)
    page = lesson_page(item)
    cells = lesson_cells(item.source)
    seen = _visible(page)
    assert f'<html lang="{language}">' in page
    first_text = next(text for kind, text in cells if kind == "markdown")
    title = next(line.lstrip("#").strip() for line in first_text.splitlines() if line.startswith("#"))
    assert f"<h1>{html.escape(title, quote=False)}</h1>" in page
    code = [text for kind, text in cells if kind == "code"]
    assert _script_json(page, "tg-cells") == code  # the code travels as data ...
    for source in code:  # ... and never shows
        for line in source.splitlines():
            if line.strip():
                assert line.strip() not in seen, f"code shows on the page: {line!r}"


def test_a_cell_that_shows_something_says_it_is_coming_and_a_setting_up_cell_takes_no_room() -> None:
    page = lesson_page(_item("ru"))
    code = _script_json(page, "tg-cells")
    for number, source in enumerate(code):
        place = re.search(rf'<div class="tg-cell" data-cell="{number}"[^>]*>(.*?)</div>', page, re.S)
        assert place, f"no place for cell {number}"
        if "show_activity(" in source or "teachgames.show(" in source:
            assert "Готовим эту часть урока" in place.group(1) and " hidden" not in place.group(0)
        if source.startswith("TEACHER_VIEW = ") or "import " in source:  # the set-up cells
            assert " hidden" in place.group(0) and place.group(1) == ""
    # the class's join form has its place above the lesson, taking no room until it comes
    assert '<div class="tg-cell" data-cell="join" hidden></div>' in page.split("<h1>")[0]
    words = _script_json(page, "tg-words")
    assert "Скажи учителю" in words["cell_failed"] and "{error}" in words["cell_failed"]


def test_shows_something_is_a_last_line_that_is_an_expression() -> None:
    assert shows_something('show_activity("delissimo", "8plus", "warmup")')
    assert shows_something("g = 1\ng")
    assert not shows_something("import teachgames\nx = 2")
    assert not shows_something("TEACHER_VIEW = False")
    assert not shows_something("for i in range(2):\n    print(i)")
    assert shows_something("this is not python (")  # its error shows
    assert not shows_something("set_language('en');")  # IPython's "show nothing"
    assert not shows_something("set_language('en')", ["remove-output"])  # the builder's set-up cell


def test_code_that_holds_a_closing_script_tag_cannot_leave_its_data(tmp_path: Path) -> None:
    source = 'x = "</script><script>alert(1)</script>"\nx'
    nb = _notebook(tmp_path / "l.ipynb", [("markdown", "# <b>Bold</b> & co"), ("code", source)])
    page = lesson_page(Item(nb, "en/l.ipynb", "en", None))
    assert "<script>alert(1)" not in page
    assert _script_json(page, "tg-cells") == [source]


def test_the_pages_and_their_scripts_are_written_into_the_site(tmp_path: Path) -> None:
    items = [_item("en"), _item("bg")]
    written = write_lesson_pages(tmp_path, items)
    assert written == ["pupil/en/delissimo-8plus.html", "pupil/bg/delissimo-8plus.html"]
    for name in ("page.mjs", "worker.mjs", "page.css"):
        assert (tmp_path / "pupil" / name).stat().st_size > 0
    page = (tmp_path / written[1]).read_text(encoding="utf-8")
    # every address is relative to the page: the site works from any folder of a server
    assert 'src="../../pupil/page.mjs"' in page and 'href="../../classroom.html"' in page
    assert "Подготвяме тази част от урока" in page


def test_the_start_page_links_the_pupils_page_and_both_code_views(tmp_path: Path) -> None:
    nb = _notebook(tmp_path / "delissimo-8plus.ipynb", [("markdown", "# Pizza <maths>")])
    item = Item(nb, "en/delissimo-8plus.ipynb", "en", "delissimo")
    page = start_page([item], [], "en")
    assert "Pizza &lt;maths&gt;" in page
    assert 'data-lesson="en/delissimo-8plus.ipynb" href="pupil/en/delissimo-8plus.html"' in page
    assert lesson_page_target(item) == "pupil/en/delissimo-8plus.html"
    assert 'href="notebooks/index.html?path=en/delissimo-8plus.ipynb"' in page
    assert 'href="lab/index.html?path=en/delissimo-8plus.ipynb"' in page
    assert 'rel="icon" href="static/favicons/favicon.ico"' in page


# ------------------------------------------------------------------ the page's Python


@pytest.fixture
def page_host(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    """The messages the page would get; comm's hook and the open comms put back after."""
    import comm

    monkeypatch.setattr(comm, "create_comm", comm.create_comm)
    monkeypatch.setattr(inpage.PageComm, "post", None)
    monkeypatch.setattr(inpage.PageComm, "open_comms", {})
    got: list[dict[str, Any]] = []
    yield got


def _post_to(got: list[dict[str, Any]]) -> inpage.Post:
    return lambda text: got.append(json.loads(text))


def _state_on_the_page(got: list[dict[str, Any]], comm_id: str) -> dict[str, Any]:
    """A widget's state as the page holds it: what it opened with, then every update."""
    state: dict[str, Any] = {}
    for message in got:
        if message.get("comm_id") != comm_id:
            continue
        opened = message["type"] == "comm_open"
        if opened or (message["type"] == "comm_msg" and message["data"].get("method") == "update"):
            state.update(message["data"]["state"])
    return state


def _first_activity_cells(language: str) -> list[str]:
    code = [text for kind, text in lesson_cells(_item(language).source) if kind == "code"]
    first = next(n for n, source in enumerate(code) if "show_activity(" in source)
    return code[: first + 1]


def test_the_lessons_first_activity_reaches_the_page_as_a_widget_it_can_answer(
    page_host: list[dict[str, Any]],
) -> None:
    cells = _first_activity_cells("ru")
    asyncio.run(inpage.run_lesson(cells, "ru", _post_to(page_host)))
    shown = [m for m in page_host if m["type"] == "cell"]
    assert [m["cell"] for m in shown] == list(range(len(cells)))
    assert all("error" not in m for m in shown), shown
    widget = shown[-1]["output"]
    assert widget["kind"] == "widget"
    state = _state_on_the_page(page_host, widget["comm_id"])
    assert "export default" in state["_esm"] and state["_css"]
    view = state["view_model"]
    assert view["language"] == "ru" and view["index"] == 0 and view["count"] > 1
    assert page_host[-1] == {"type": "done"}
    # the pupil goes to the next screen: the page sends what the front end sends
    page_host.clear()
    intent = {"type": "intent", "version": view["version"], "action": "go", "args": {"index": 1}}
    inpage.receive(json.dumps({"comm_id": widget["comm_id"], "data": {"method": "custom", "content": intent}}))
    updates = [m["data"]["state"]["view_model"] for m in page_host if m["data"].get("method") == "update"]
    assert updates and updates[-1]["index"] == 1 and updates[-1]["version"] > view["version"]
    assert updates[-1]["screen"]["title"] != view["screen"]["title"]


def test_messages_the_page_should_not_send_change_nothing(page_host: list[dict[str, Any]]) -> None:
    cells = _first_activity_cells("en")
    asyncio.run(inpage.run_lesson(cells, "en", _post_to(page_host)))
    page_host.clear()
    for message in ("not json", "[]", '{"comm_id": "nobody", "data": {}}', '{"comm_id": 5}', "null"):
        inpage.receive(message)
    comm_id = next(iter(inpage.PageComm.open_comms))
    inpage.receive(json.dumps({"comm_id": comm_id, "data": "not a dict"}))
    assert page_host == []


def test_a_failing_cell_is_named_in_the_pupils_words_and_the_lesson_goes_on(
    page_host: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    cells = ["x = 6", "print('hello')\nx * 7", "1 / 0", "x + 1", "from teachgames.pictures import nothing_here"]
    asyncio.run(inpage.run_lesson(cells, "bg", _post_to(page_host)))
    shown = {m["cell"]: m for m in page_host if m["type"] == "cell"}
    assert shown[0]["output"] is None and "error" not in shown[0]
    assert shown[1]["output"] == {"kind": "text", "text": "42"} and shown[1]["printed"] == "hello\n"
    assert shown[2]["error"].startswith("Тази част от урока не можа да започне (ZeroDivisionError")
    assert "Traceback" not in shown[2]["error"] and "Кажи на учителя" in shown[2]["error"]
    assert shown[3]["output"] == {"kind": "text", "text": "7"}  # the lesson went on
    assert "ImportError" in shown[4]["error"]
    assert "Traceback" in capsys.readouterr().err  # for the teacher, in the browser's console


def test_a_picture_goes_to_the_page_as_its_svg(page_host: list[dict[str, Any]]) -> None:
    cells = ["import teachgames\ng = teachgames.new_game('delissimo', seed=7)\ng.picture()"]
    asyncio.run(inpage.run_lesson(cells, "en", _post_to(page_host)))
    output = next(m for m in page_host if m["type"] == "cell")["output"]
    assert output["kind"] == "html" and output["html"].lstrip().startswith("<svg")


@pytest.mark.parametrize("notebook", sorted(p.name for p in (ROOT / "notebooks" / "en").glob("*.ipynb")))
def test_every_lesson_runs_on_its_page_and_every_widget_can_be_drawn_there(
    page_host: list[dict[str, Any]], notebook: str
) -> None:
    """Each English lesson's cells, run as its lesson page runs them: no cell fails, and
    every widget it shows is one the page's host draws (an anywidget front end: ipywidgets'
    own controls would show nothing there)."""
    cells = [text for kind, text in lesson_cells(ROOT / "notebooks" / "en" / notebook) if kind == "code"]
    asyncio.run(inpage.run_lesson(cells, "en", _post_to(page_host)))
    shown = [m for m in page_host if m["type"] == "cell"]
    assert [m.get("error") for m in shown] == [None] * len(cells)
    widgets = [m["output"]["comm_id"] for m in shown if (m["output"] or {}).get("kind") == "widget"]
    assert widgets, f"{notebook} shows no widget"
    for comm_id in widgets:
        state = _state_on_the_page(page_host, comm_id)
        assert isinstance(state.get("_esm"), str) and "export default" in state["_esm"], state.get("_model_name")
