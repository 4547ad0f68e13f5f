"""A school on one JupyterHub, without a Hub: two teachers with their own classes, and
pupils who join only their own class's lesson (the Hub's answers are faked: token ->
user and groups). On SQLite and on PostgreSQL."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from typing import Any

import pytest

from teachgames.classroom.hub import HubIdentity, HubUser, class_group
from teachgames.classroom.server import Settings, create_app
from teachgames.classroom.store import Store
from teachgames.core.answers import AnswerEvent

from .live import ROOT

LESSON = "delissimo-8plus"
KEY = "the-lan-teachers-key"


class FakeHub(HubIdentity):
    """The Hub's answers, without a Hub: token -> user."""

    def __init__(self, users: dict[str, HubUser]) -> None:
        super().__init__("http://127.0.0.1:1/hub/api", "service-token")
        self.users = users

    def user(self, token: str) -> HubUser | None:
        return self.users.get(token)


USERS = {
    "ivanova": HubUser("ivanova", frozenset({"teachers"})),
    "petrov": HubUser("petrov", frozenset({"teachers"})),
    "asel": HubUser("asel", frozenset({"class-7a"})),
    "boris": HubUser("boris", frozenset({"class-7a", "class-maths-club"})),
    "chen": HubUser("chen", frozenset({"class-7b"})),
    "nobody": HubUser("nobody", frozenset()),
}


class School:
    def __init__(self, url: str) -> None:
        from starlette.testclient import TestClient

        self.store = Store(url)
        self.http = TestClient(create_app(Settings(url=url, teacher_key=KEY, hub=FakeHub(USERS)), self.store))

    def call(self, who: str, method: str, path: str, body: Any = None) -> Any:
        auth = f"Bearer {KEY}" if who == "key" else f"token {who}"
        return self.http.request(method, path, json=body, headers={"Authorization": auth})

    def start(self, who: str, klass: str) -> dict[str, Any]:
        made = self.call(who, "POST", "/api/classes", {"name": klass})
        assert made.status_code == 201, made.text
        session = self.call(who, "POST", f"/api/classes/{made.json()['id']}/sessions", {"lesson": LESSON})
        assert session.status_code == 201, session.text
        return {**session.json(), "class_id": made.json()["id"]}

    def hub_join(self, who: str, code: str | None = None) -> Any:
        return self.call(who, "POST", "/api/hub/join?lang=ru", {"code": code} if code else {})


@pytest.fixture
def school(db_url: str) -> Iterator[School]:
    s = School(db_url)
    yield s
    s.store.close()


def test_a_class_group_is_named_from_the_class() -> None:
    assert class_group("7A") == "class-7a"
    assert class_group("  Year 7   Maths ") == "class-year-7-maths"
    assert class_group("7Б", "grade-") == "grade-7б"


def test_each_teacher_lists_only_their_own_classes_and_sessions(school: School) -> None:
    mine = school.start("ivanova", "7A")
    theirs = school.start("petrov", "7B")
    lan = school.start("key", "Maths club")
    names = {
        who: [c["name"] for c in school.call(who, "GET", "/api/classes").json()]
        for who in ("ivanova", "petrov", "key")
    }
    assert names == {"ivanova": ["7A"], "petrov": ["7B"], "key": ["Maths club"]}
    sessions = {
        who: [s["id"] for s in school.call(who, "GET", "/api/sessions").json()]
        for who in ("ivanova", "petrov", "key")
    }
    assert sessions == {"ivanova": [mine["id"]], "petrov": [theirs["id"]], "key": [lan["id"]]}
    # asking for another teacher's class by number lists nothing of it
    assert school.call("ivanova", "GET", f"/api/sessions?class={theirs['class_id']}").json() == []
    # two teachers may both have a class called 7A: each their own
    second = school.start("petrov", "7A")
    assert second["class_id"] != mine["class_id"]


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/api/sessions/{session}/board", None),
        ("POST", "/api/sessions/{session}/control", {"action": "hold", "screen": 0}),
        ("POST", "/api/sessions/{session}/control", {"action": "close"}),
        ("GET", "/api/sessions/{session}/answers", None),
        ("GET", "/api/sessions/{session}/answers.csv", None),
        ("GET", "/api/sessions/{session}/answers.json", None),
        ("POST", "/api/sessions/{session}/projector", None),
        ("DELETE", "/api/sessions/{session}/pupils/{pupil}", None),
        ("DELETE", "/api/sessions/{session}/answers/{answer}", None),
        ("GET", "/api/classes/{klass}/misconceptions", None),
        ("POST", "/api/classes/{klass}/sessions", {"lesson": LESSON}),
        ("DELETE", "/api/classes/{klass}", None),
    ],
)
def test_another_teachers_class_is_not_found_and_stays_as_it_was(
    school: School, method: str, path: str, body: Any
) -> None:
    theirs = school.start("petrov", "7B")
    joined = school.hub_join("chen").json()
    chen = {"Authorization": f"Bearer {joined['token']}"}
    answer = AnswerEvent.new(LESSON, "puzzles.sum", "6/8", True).to_dict()
    assert school.http.post("/api/answers", json={"answers": [answer]}, headers=chen).status_code == 200
    where = path.format(
        session=theirs["id"], klass=theirs["class_id"], pupil=joined["pupil"]["id"], answer=answer["id"]
    )
    for intruder in ("ivanova", "key"):
        refused = school.call(intruder, method, where, body)
        assert refused.status_code == 404, refused.text
        # the same words as a class that does not exist: nothing says the class is there
        assert "7B" not in refused.text and "petrov" not in refused.text
    board = school.call("petrov", "GET", f"/api/sessions/{theirs['id']}/board").json()
    assert [p["name"] for p in board["pupils"]] == ["chen"] and board["pacing"] is None
    assert len(school.call("petrov", "GET", f"/api/sessions/{theirs['id']}/answers").json()) == 1
    assert school.call("petrov", "GET", "/api/sessions").json()[0]["open"] is True
    assert len(school.call("petrov", "GET", "/api/sessions").json()) == 1
    # and its owner may do it
    assert school.call("petrov", method, where, body).status_code < 300


def test_a_pupil_joins_the_open_lesson_of_their_own_class(school: School) -> None:
    seven_a = school.start("ivanova", "7A")
    seven_b = school.start("petrov", "7B")
    joined = {who: school.hub_join(who).json() for who in ("asel", "chen")}
    assert joined["asel"]["session"]["id"] == seven_a["id"]
    assert joined["chen"]["session"]["id"] == seven_b["id"]
    boards = {
        who: [p["name"] for p in school.call(who, "GET", f"/api/sessions/{s['id']}/board").json()["pupils"]]
        for who, s in (("ivanova", seven_a), ("petrov", seven_b))
    }
    assert boards == {"ivanova": ["asel"], "petrov": ["chen"]}


def test_a_pupil_never_joins_another_classs_lesson_even_with_its_code(school: School) -> None:
    school.start("ivanova", "7A")
    seven_b = school.start("petrov", "7B")
    refused = school.hub_join("asel", seven_b["code"])
    assert refused.status_code == 403
    assert refused.json()["message"].startswith("Этот урок для другого класса")
    # a pupil in no class's group finds no lesson, in plain words
    nobody = school.hub_join("nobody")
    assert nobody.status_code == 404 and "урок" in nobody.json()["message"]
    assert school.hub_join("nobody", seven_b["code"]).status_code == 403
    # nor with the code and a typed name: a Hub teacher's class is joined through the Hub only
    typed = school.http.post("/api/join?lang=en", json={"code": seven_b["code"], "name": "asel"})
    assert typed.status_code == 403 and "JupyterHub" in typed.json()["message"]
    board = school.call("petrov", "GET", f"/api/sessions/{seven_b['id']}/board").json()
    assert board["pupils"] == []


def test_a_pupil_of_two_classes_is_asked_which_and_joins_with_its_code(school: School) -> None:
    seven_a = school.start("ivanova", "7A")
    club = school.start("petrov", "Maths club")
    school.start("petrov", "7B")  # open too, but not boris's: it does not count
    many = school.hub_join("boris")
    assert many.status_code == 409
    assert school.hub_join("boris", club["code"]).json()["session"]["id"] == club["id"]
    assert school.hub_join("asel").json()["session"]["id"] == seven_a["id"]


def test_the_teachers_key_keeps_its_lan_classes_with_code_joins(school: School) -> None:
    lan = school.start("key", "7A")
    typed = school.http.post("/api/join", json={"code": lan["code"], "name": "Dana"})
    assert typed.status_code == 200
    board = school.call("key", "GET", f"/api/sessions/{lan['id']}/board").json()
    assert [p["name"] for p in board["pupils"]] == ["Dana"]
    # a Hub teacher does not see it; a Hub pupil of 7A still joins it through the Hub
    assert school.call("ivanova", "GET", f"/api/sessions/{lan['id']}/board").status_code == 404
    assert school.hub_join("asel").json()["session"]["id"] == lan["id"]


def test_classes_made_before_owners_were_recorded_are_the_keys(db_url: str) -> None:
    from starlette.testclient import TestClient

    from teachgames.classroom.store import make_engine, migrate

    engine = make_engine(db_url)
    migrate(engine, "0004")
    with engine.begin() as conn:
        conn.exec_driver_sql("INSERT INTO classes (id, name, created) VALUES (1, '7A', CURRENT_TIMESTAMP)")
    engine.dispose()
    store = Store(db_url)  # migrates to the newest revision on start
    try:
        http = TestClient(create_app(Settings(url=db_url, teacher_key=KEY, hub=FakeHub(USERS)), store))
        listed = {
            who: [c["name"] for c in http.get("/api/classes", headers={"Authorization": auth}).json()]
            for who, auth in (("key", f"Bearer {KEY}"), ("ivanova", "token ivanova"))
        }
        assert listed == {"key": ["7A"], "ivanova": []}
    finally:
        store.close()


def test_the_command_lines_class_is_the_keys_even_when_a_hub_teacher_has_one_so_named(db_url: str) -> None:
    store = Store(db_url)
    try:
        hubs = store.new_class("7A", "ivanova")
        keys = store.class_named("7A ")  # `class serve --class "7A "`: the key's class, made anew
        assert keys != hubs
        assert store.class_named("7A") == keys  # and found again, not a third
        assert store.class_named("7A", "ivanova") == hubs
        assert sorted((c.name, c.owner or "") for c in store.every_class()) == [("7A", ""), ("7A", "ivanova")]
    finally:
        store.close()


def test_the_owners_revision_goes_down_and_up_again_keeping_every_session(db_url: str) -> None:
    from pathlib import Path

    from alembic import command
    from alembic.config import Config

    import teachgames.classroom.store as store_module

    store = Store(db_url)
    info = store.new_session(store.new_class("7A", "ivanova"), LESSON)
    store.close()
    config = Config()
    config.set_main_option("script_location", str(Path(store_module.__file__).parent / "migrations"))
    engine = store_module.make_engine(db_url)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0004")
    engine.dispose()
    store = Store(db_url)  # up again: the class is the key's now, its session kept
    try:
        assert store.session(info.id) is not None
        assert [(c.name, c.owner) for c in store.every_class()] == [("7A", None)]
    finally:
        store.close()


def test_the_command_line_gives_an_old_class_to_its_hub_teacher(
    db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from teachgames.cli import main

    school = School(db_url)
    try:
        old = school.start("key", "7A")["class_id"]
        assert main(["class", "give", "--db", db_url, "--class", str(old), "--teacher", "ivanova"]) == 0
        assert [c["name"] for c in school.call("ivanova", "GET", "/api/classes").json()] == ["7A"]
        assert school.call("key", "GET", "/api/classes").json() == []
        assert main(["class", "list", "--db", db_url]) == 0
        assert f"{old}\t7A\tivanova" in capsys.readouterr().out
        assert main(["class", "give", "--db", db_url, "--class", str(old), "--key"]) == 0
        assert school.call("ivanova", "GET", "/api/classes").json() == []
        assert main(["class", "give", "--db", db_url, "--class", "999", "--teacher", "petrov"]) == 2
        assert "no such class" in capsys.readouterr().err
    finally:
        school.store.close()


def test_a_projector_link_opens_its_session_whoever_made_it(school: School) -> None:
    theirs = school.start("petrov", "7B")
    other = school.start("petrov", "7C")
    path = school.call("petrov", "POST", f"/api/sessions/{theirs['id']}/projector").json()["path"]
    projector = {"Authorization": f"Bearer {path.rsplit('#key=', 1)[1]}"}
    assert school.http.get(f"/api/sessions/{theirs['id']}/board", headers=projector).status_code == 200
    assert school.http.get(f"/api/sessions/{other['id']}/board", headers=projector).status_code == 403


def test_the_zero_to_jupyterhub_values_are_valid_and_match_the_service() -> None:
    """docs/classroom.md's config.yaml: valid YAML, the command one that `teachgames
    class serve` takes, the same scope and groups as the tested jupyterhub_config.py."""
    import yaml
    from traitlets.config import Config

    from teachgames.classroom.cli import add_cli

    def build_parser() -> argparse.ArgumentParser:  # what `python -m teachgames.cli class ...` reads
        parser = argparse.ArgumentParser(prog="teachgames")
        add_cli(parser.add_subparsers(dest="command", required=True))
        return parser

    text = (ROOT / "docs" / "classroom.md").read_text(encoding="utf-8")
    section = text[text.index("### With Zero to JupyterHub") :]
    block = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert block is not None
    values = yaml.safe_load(block.group(1))
    hub = values["hub"]
    assert hub["db"]["type"] == "postgres" and hub["db"]["url"].startswith("postgresql+psycopg2://")
    service = hub["services"]["classroom"]
    command = service["command"]
    assert command[:3] == ["python3", "-m", "teachgames.cli"]
    args = build_parser().parse_args(command[3:])
    assert (args.class_command, args.hub, args.host) == ("serve", True, "0.0.0.0")
    assert service["environment"]["TEACHGAMES_CLASS_DB"].startswith("postgresql://")
    port = service["url"].rsplit(":", 1)[1]
    assert [p["port"] for p in hub["service"]["extraPorts"]] == [int(port)]
    assert values["singleuser"]["extraEnv"]["TEACHGAMES_CLASS_URL"] == service["url"] + "/services/classroom"

    config = Config()
    source = (ROOT / "docs" / "classroom-jupyterhub_config.py").read_text(encoding="utf-8")
    exec(compile(source, "classroom-jupyterhub_config.py", "exec"), {"get_config": lambda: config})
    tested = build_parser().parse_args(config.JupyterHub.services[0]["command"][3:])
    assert (args.teachers, args.class_groups) == (tested.teachers, tested.class_groups)
    (role,) = config.JupyterHub.load_roles
    assert hub["loadRoles"][role["name"]]["scopes"] == role["scopes"]
    assert hub["loadRoles"][role["name"]]["services"] == ["classroom"]
    groups = hub["config"]["JupyterHub"]["load_groups"]
    assert {g: v["users"] for g, v in groups.items()} == {
        g: v["users"] for g, v in config.JupyterHub.load_groups.items() if g != "class-maths-club"
    }
