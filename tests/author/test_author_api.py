"""The authoring app's interface, as the page (and a hostile page) calls it over HTTP:
a lesson is made, ordered, edited and saved; bad lessons, hostile names and bodies and
foreign origins are refused in plain words, and the last good file stays as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from teachgames import load_position, new_game
from teachgames.lesson import Activity, load_lesson

from .conftest import Client

OURS = "delissimo/6plus/warmup/count"


def own(sid: str, en: str, **more: Any) -> dict[str, Any]:
    return {"id": sid, "title": {"en": en}, "prompt": {"en": f"{en}?"}, **more}


def made(client: Client, title: str = "Halves") -> tuple[str, dict[str, Any]]:
    status, answer = client.call("POST", "api/new", {"title": title, "language": "en"})
    assert status == 200, answer
    return answer["name"], answer["lesson"]


def test_a_lesson_is_made_reordered_edited_and_saved_as_a_loadable_file(client: Client) -> None:
    name, lesson = made(client, "Halves & quarters")
    assert name == "halves-quarters.json" and lesson["screens"] == []
    lesson["screens"] = [{"ours": OURS}, own("a", "First"), own("b", "Second")]
    assert client.call("POST", "api/save", {"name": name, "lesson": lesson})[0] == 200
    # reorder (the page swaps and saves) and edit a prompt in Russian
    lesson["screens"][0], lesson["screens"][2] = lesson["screens"][2], lesson["screens"][0]
    lesson["screens"][0]["prompt"]["ru"] = "Сколько это?"
    status, answer = client.call("POST", "api/save", {"name": name, "lesson": lesson})
    assert status == 200 and answer["saved"] == name
    spec = load_lesson(client.folder / name)
    assert [s.id for s in spec.screens] == ["b", "a", "count"]
    assert spec.screens[0].prompt("ru") == "Сколько это?"
    assert spec.screens[1].prompt("ru").startswith("(по-английски)")  # a missing language is marked
    # the folder listing and the reopened file agree
    status, state = client.call("GET", "api/state?lang=ru")
    assert [(f["name"], f["screens"], f["count"]) for f in state["files"]] == [(name, 3, "3 экрана")]
    assert client.call("GET", f"api/lesson?name={name}")[1]["lesson"] == lesson


def test_the_state_lists_our_screens_and_the_teachers_own(client: Client) -> None:
    name, lesson = made(client)
    lesson["screens"] = [own("mine", "Mine")]
    client.call("POST", "api/save", {"name": name, "lesson": lesson})
    status, state = client.call("GET", "api/state?lang=bg")
    assert status == 200 and state["words"]["app_title"] == "Съставяне на урок"
    assert {"ours": OURS, "group": state["ours"][0]["group"], "title": "Колко парчета?"} in state["ours"]
    assert {s["ours"].split("/")[0] for s in state["ours"]} >= {"delissimo", "tsvetik", "ligretto", "split"}
    # a Bulgarian page lists an English-only lesson with the marker, never silently
    marked = [{"name": name, "index": 0, "group": "(на английски) Halves", "title": "(на английски) Mine"}]
    assert state["theirs"] == marked
    assert client.call("POST", "api/theirs", {"name": name, "index": 0})[1]["screen"] == own("mine", "Mine")


def test_a_puzzle_from_a_position_code_is_a_screen_the_lesson_runs(client: Client) -> None:
    game = new_game("delissimo", level="basic", players=2, seed=7)
    status, answer = client.call("POST", "api/puzzle", {"code": game.position_code(), "kind": "score", "player": 2})
    assert status == 200
    screen = answer["screen"]
    assert load_position(screen["position"]).view() == game.view()
    name, lesson = made(client)
    lesson["screens"] = [screen]
    assert client.call("POST", "api/save", {"name": name, "lesson": lesson})[0] == 200
    activity = Activity(load_lesson(client.folder / name), "ru")
    assert activity.answer(str(game.scores()[1])).outcome == "right"
    # a broken code is named in plain words
    status, answer = client.call("POST", "api/puzzle", {"code": "tg1-delissimo-nonsense", "kind": "legal"})
    assert status == 422 and "code" in answer["error"]["message"]


def test_the_teacher_chooses_the_move_a_legal_puzzle_asks_about(client: Client) -> None:
    game = new_game("delissimo", level="basic", players=2, seed=5)
    status, answer = client.call("POST", "api/moves", {"code": game.position_code(), "language": "bg"})
    assert status == 200
    moves = answer["moves"]
    assert len(moves) == min(len(game.legal_moves()), 200) > 1
    assert moves[1]["text"] == game.describe(moves[1]["move"], "bg")
    status, answer = client.call(
        "POST", "api/puzzle", {"code": game.position_code(), "kind": "legal", "move": moves[1]["move"]}
    )
    assert status == 200 and answer["screen"]["task"] == {"kind": "legal", "move": moves[1]["move"]}
    status, answer = client.call(
        "POST", "api/puzzle", {"code": game.position_code(), "kind": "legal", "move": {"kind": "fly"}}
    )
    assert status == 422 and answer["error"]["message"]


def test_the_preview_shows_the_screen_as_a_pupil_sees_it_and_html_as_text(client: Client) -> None:
    lesson = made(client)[1]
    lesson["screens"] = [own("x", "<b>bold</b>", prompt={"en": "<script>alert(1)</script> & <img src=x>"})]
    status, answer = client.call("POST", "api/preview", {"lesson": lesson, "index": 0, "language": "en"})
    assert status == 200
    html = answer["html"]
    assert "<script" not in html and "<img" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x&gt;" in html
    # in a language the screen lacks: the fallback is marked
    assert "(по-английски)" in client.call("POST", "api/preview", {"lesson": lesson, "index": 0, "language": "ru"})[1]["html"]


def test_a_lesson_that_does_not_check_is_refused_by_field_and_the_last_good_file_stays(client: Client) -> None:
    name, lesson = made(client)
    lesson["screens"] = [own("a", "One")]
    client.call("POST", "api/save", {"name": name, "lesson": lesson})
    good = (client.folder / name).read_bytes()
    for bad, where in [
        ({**lesson, "screens": [{"id": "a", "title": {"en": "T"}, "prompt": {"en": "  "}}]}, "/screens/0/prompt/en"),
        ({**lesson, "screens": [own("a", "One", task={"kind": "amount", "answer": "1/0 apples"})]}, "/screens/0/task/answer"),
        ({**lesson, "version": 7}, "/version"),
        ({**lesson, "screens": []}, "/screens"),
    ]:
        status, answer = client.call("POST", "api/save", {"name": name, "lesson": bad})
        assert status == 422 and answer["error"]["where"] == where, answer
        assert (client.folder / name).read_bytes() == good
    status, answer = client.call("POST", "api/save", {"name": name, "lesson": {**lesson, "version": 7}})
    assert "version 7" in answer["error"]["message"]
    assert sorted(p.name for p in client.folder.iterdir()) == [name]  # no half-written file left


def test_a_refused_save_is_explained_in_the_language_the_page_is_in(client: Client) -> None:
    """The page asks its words in the teacher's language (``state?lang=``); a save it then
    sends is refused in that language, the field still named by its pointer."""
    name, lesson = made(client)
    lesson["screens"] = [own("a", "One")]
    client.call("POST", "api/save", {"name": name, "lesson": lesson})
    (client.folder / "old.json").write_text('{"format": "teachgames-lesson", "version": 7}', encoding="utf-8")
    bad = {**lesson, "screens": [own("a", "One"), own("a", "Two")]}
    status, state = client.call("GET", "api/state?lang=ru")
    assert [f["problem"] for f in state["files"] if f["name"] == "old.json"] == [
        "old.json, /version: эта версия teachgames не читает файлы уроков версии 7"
        " (файл записан более новой версией teachgames); она читает только версии: 1"
    ]
    status, answer = client.call("POST", "api/save", {"name": name, "lesson": bad})
    assert status == 422 and answer["error"] == {
        "message": "у двух экранов один и тот же идентификатор 'a': у каждого экрана должен быть свой",
        "where": "/screens/1/id",
    }
    # a request may name its language; the page in English is answered in English
    status, answer = client.call("POST", "api/save?lang=bg", {"name": name, "lesson": {**lesson, "version": 7}})
    assert answer["error"]["message"].startswith("тази версия на teachgames не чете файлове с уроци от версия 7")
    client.call("GET", "api/state?lang=en")
    status, answer = client.call("POST", "api/save", {"name": name, "lesson": bad})
    assert answer["error"]["message"] == "two screens have the id 'a': each needs its own"
    status, answer = client.call("POST", "api/moves?lang=ru", {"code": "tg1-oops", "language": "en"})
    assert status == 422 and answer["error"]["message"].startswith("код позиции неполный")


@pytest.mark.parametrize(
    "name", ["../escape.json", "/etc/passwd.json", "sub/x.json", "..json", ".hidden.json", "x.txt", "a\x00.json", 7, ""]
)
def test_a_file_name_outside_the_folder_or_not_a_lesson_is_refused(client: Client, name: Any) -> None:
    lesson = {"format": "teachgames-lesson", "version": 1, "id": "x", "title": "X", "screens": [own("a", "A")]}
    status, answer = client.call("POST", "api/save", {"name": name, "lesson": lesson})
    assert status == 400 and "lesson file name" in answer["error"]["message"]
    assert client.call("GET", "api/lesson?" + urlencode({"name": str(name)}))[0] == 400
    assert list(client.folder.iterdir()) == []
    assert not (client.folder.parent / "escape.json").exists()


def test_a_file_the_teacher_named_freely_opens_and_saves(client: Client) -> None:
    name = "Неделя 3 (halves).json"
    lesson = {"format": "teachgames-lesson", "version": 1, "id": "x", "title": "X", "screens": [own("a", "A")]}
    assert client.call("POST", "api/save", {"name": name, "lesson": lesson})[0] == 200
    assert [f["name"] for f in client.call("GET", "api/state")[1]["files"]] == [name]
    assert client.call("GET", "api/lesson?" + urlencode({"name": name}))[1]["lesson"] == lesson


def test_a_symbolic_link_out_of_the_folder_is_refused(client: Client, tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text("{}")
    (client.folder / "link.json").symlink_to(outside)
    status, answer = client.call("GET", "api/lesson?name=link.json")
    assert status == 400 and "outside" in answer["error"]["message"]


def test_huge_and_deep_bodies_are_refused_unread(client: Client) -> None:
    status, answer = client.call("POST", "api/save", raw=b'{"name": "' + b"x" * 700_000 + b'"}')
    assert status == 413 and "kB" in answer["error"]["message"]
    deep = b"[" * 100_000 + b"]" * 100_000
    status, answer = client.call("POST", "api/save", raw=deep)
    assert status == 400 and "nested too deeply" in answer["error"]["message"]
    lesson = {"format": "teachgames-lesson", "version": 1, "id": "x", "title": "X", "screens": [own("a", "A")]}
    nested: Any = "x"
    for _ in range(30):
        nested = {"_c": nested}
    status, answer = client.call("POST", "api/save", {"name": "x.json", "lesson": {**lesson, "_note": nested}})
    assert status == 422 and "nested too deeply" in answer["error"]["message"]
    assert list(client.folder.iterdir()) == []


def test_without_the_token_from_another_origin_or_host_nothing_answers(client: Client) -> None:
    assert client.call("GET", "api/state", token="wrong")[0] == 403
    assert client.call("GET", "api/state", token="")[0] == 403
    assert client.call("GET", "api/state", headers={"Origin": "https://evil.example"})[0] == 403
    assert client.call("GET", "api/state", headers={"Host": f"evil.example:{client.server.port}"})[0] == 403
    # a form post (no JSON type) is refused even with the token
    assert client.call("POST", "api/new", raw=b"title=x", headers={"Content-Type": "text/plain"})[0] == 415
    # the page itself needs the token in the address
    assert client.call("GET", "/", token="")[0] == 403


def test_the_page_is_served_with_the_token_and_a_strict_policy(client: Client) -> None:
    import urllib.request

    with urllib.request.urlopen(client.server.url, timeout=30) as answer:
        page = answer.read().decode()
        policy = answer.headers["Content-Security-Policy"]
    assert 'src="/static/author.js"' in page and "http" not in page.split("<body>")[1]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    for name in ("author.js", "author.css"):
        with urllib.request.urlopen(f"http://127.0.0.1:{client.server.port}/static/{name}", timeout=30) as answer:
            text = answer.read().decode()
        assert "http://" not in text and "https://" not in text  # offline: nothing from a CDN
    assert ".innerHTML" not in (Path(__file__).parents[2] / "teachgames/author/page/author.js").read_text()


def test_mistakes_in_requests_are_plain_words(client: Client) -> None:
    assert client.call("POST", "api/new", {"title": ""})[0] == 400
    assert client.call("POST", "api/new", ["not", "an", "object"])[0] == 400
    assert client.call("GET", "api/state?lang=fr")[1]["error"]["message"] == "the language is one of en, ru, bg"
    assert client.call("GET", "api/nothing")[0] == 404
    status, answer = client.call("POST", "api/preview", {"lesson": {"screens": []}, "index": 3})
    assert status == 422 and "no screen 4" in answer["error"]["message"]


def test_new_lessons_never_take_an_existing_file(client: Client) -> None:
    (client.folder / "halves.json").write_text("{}")
    assert made(client, "Halves")[0] == "halves-2.json"
    assert made(client, "Половины")[0] == "poloviny.json"
    assert made(client, "!!!")[0] == "lesson.json"


def test_the_saved_file_follows_the_published_schema(client: Client) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from teachgames.lesson.files import SCHEMA_PATH

    name, lesson = made(client)
    lesson["screens"] = [{"ours": OURS}, own("a", "A", task={"kind": "amount", "answer": "1/2"})]
    client.call("POST", "api/save", {"name": name, "lesson": lesson})
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.validate(json.loads((client.folder / name).read_text(encoding="utf-8")), schema)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = st.sampled_from(["name", "lesson", "index", "language", "code", "kind", "player", "title", "screens"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    route=st.sampled_from(["save", "preview", "puzzle", "theirs", "new"]),
    body=JSON | st.dictionaries(FIELDS, JSON, max_size=5),
    screen=JSON,
)
def test_any_request_body_is_an_answer_in_words_never_a_crash(
    tmp_path_factory: pytest.TempPathFactory, route: str, body: Any, screen: Any
) -> None:
    from teachgames.author import Author, LessonFolder

    folder = tmp_path_factory.mktemp("fuzz")
    author = Author(LessonFolder(folder))
    if isinstance(body, dict) and route in ("save", "preview"):
        lesson = {"format": "teachgames-lesson", "version": 1, "id": "x", "title": "X", "screens": [screen]}
        body = {"name": "x.json", "index": 0, **body, "lesson": body.get("lesson", lesson)}
    status, answer = author.handle("POST", route, {}, body)
    assert status == 200 or (400 <= status < 500 and answer["error"]["message"]), (status, answer)
    if status != 200 or route != "save":
        assert list(folder.iterdir()) == []


def test_a_save_that_fails_half_way_keeps_the_last_good_file_and_says_so(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    name, lesson = made(client)
    lesson["screens"] = [own("a", "One")]
    client.call("POST", "api/save", {"name": name, "lesson": lesson})
    good = (client.folder / name).read_bytes()

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", full_disk)
    lesson["screens"].append(own("b", "Two"))
    status, answer = client.call("POST", "api/save", {"name": name, "lesson": lesson})
    assert status == 500 and answer["error"]["message"] == "The file could not be written: No space left on device"
    assert (client.folder / name).read_bytes() == good
    assert sorted(p.name for p in client.folder.iterdir()) == [name]  # the half-written copy is gone
    monkeypatch.undo()
    assert client.call("POST", "api/save", {"name": name, "lesson": lesson})[0] == 200
    assert len(load_lesson(client.folder / name).screens) == 2


def test_one_of_our_screens_previews_as_our_lesson_shows_it(client: Client) -> None:
    from teachgames.lesson.show import activity_spec

    status, answer = client.call(
        "POST", "api/preview", {"lesson": {"screens": [{"ours": OURS}]}, "index": 0, "language": "bg"}
    )
    ours = next(s for s in activity_spec("delissimo", "6plus", "warmup").screens if s.id == "count")
    assert status == 200 and "Колко парчета?" in answer["html"]
    assert ours.prompt("bg").split("\n")[0][:40] in answer["html"].replace("&#x27;", "'")


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_every_mistake_a_teacher_can_make_on_the_page_is_said_in_the_pages_language(
    client: Client, language: str
) -> None:
    """No title, no position code, no move to ask about, a finished position, a file name
    with a folder, a file that is not there: each refused in the page's language."""
    import re

    from teachgames.core.registry import new_game

    finished = new_game("split", seed=1)
    while finished.legal_moves():
        finished.play(finished.legal_moves()[0])
    asks = [
        ("POST", "api/new", {"title": "  "}),
        ("POST", "api/puzzle", {"code": "", "kind": "legal"}),
        ("POST", "api/moves", {"code": " "}),
        ("POST", "api/puzzle", {"code": finished.position_code(), "kind": "legal", "move": "the first"}),
        ("POST", "api/puzzle", {"code": finished.position_code(), "kind": "legal"}),
        ("GET", "api/lesson?name=../secret.json", None),
        ("GET", "api/lesson?name=nothing-here.json", None),
        ("POST", "api/save", {"name": "x.json"}),
    ]
    said = set()
    for method, route, body in asks:
        join = "&" if "?" in route else "?"
        status, answer = client.call(method, f"{route}{join}lang={language}", body)
        assert status == 400, (route, answer)
        message = answer["error"]["message"]
        words = re.sub(r"'[^']*'|\.json|tg1-", "", message)  # the teacher's own names and codes aside
        assert re.search("[а-яА-Я]{4}", words) and not re.search("[A-Za-z]{3}", words), message
        said.add(message)
    assert len(said) == len(asks) - 1  # each mistake its own words (an empty code, twice)


def test_which_move_scores_most_is_made_from_a_pasted_code_or_refused_in_words(client: Client) -> None:
    from tests.lesson.test_puzzle_best import position_with_choices

    code = position_with_choices("tsvetik").position_code()
    status, answer = client.call("POST", "api/puzzle", {"code": code, "kind": "best"})
    assert status == 200 and answer["screen"]["task"]["kind"] == "best"
    lesson = {"format": "teachgames-lesson", "version": 1, "id": "b", "title": "B", "screens": [answer["screen"]]}
    assert client.call("POST", "api/save", {"name": "best.json", "lesson": lesson})[0] == 200
    pupil = Activity(load_lesson(client.folder / "best.json"), "bg")
    assert pupil.screen.task is not None and len(pupil.screen.task.options) >= 2  # type: ignore[attr-defined]
    ligretto = new_game("ligretto", seed=0).position_code()  # nobody takes turns: nothing to compare
    status, answer = client.call("POST", "api/puzzle?lang=ru", {"code": ligretto, "kind": "best"})
    assert status == 400 and "очков" in answer["error"]["message"]
