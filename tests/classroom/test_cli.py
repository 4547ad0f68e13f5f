"""``teachgames class``: results out and a class deleted from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from teachgames.classroom.store import Store
from teachgames.cli import main
from teachgames.core.answers import AnswerEvent


def test_results_and_delete_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    store = Store(url)
    class_id = store.new_class("7B")
    info = store.new_session(class_id, "delissimo-8plus")
    _, pupil, _ = store.join(info.code, "Asel")
    store.add_answers(pupil, [AnswerEvent.new("delissimo-8plus", "toppings", "3/8", False)])
    store.close()
    out = tmp_path / "7B.csv"
    assert main(["class", "results", "--db", url, "--session", str(info.id), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").splitlines()[1].startswith("Asel,delissimo-8plus,toppings,3/8,no")
    assert main(["class", "list", "--db", url]) == 0
    assert "7B" in capsys.readouterr().out
    assert main(["class", "delete", "--db", url, "--class", str(class_id)]) == 0
    assert Store(url).count_answers() == 0


def test_a_mistake_is_one_line_in_the_users_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["class", "results", "--db", url, "--session", "9", "--language", "ru"]) == 2
    assert capsys.readouterr().err == "teachgames: Такого урока нет.\n"
    assert main(["class", "list", "--db", "mysql://x"]) == 2
    assert "sqlite:///FILE" in capsys.readouterr().err


def test_serve_prints_the_code_and_the_dashboard_link_and_keeps_the_key(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys

    from .live import ROOT, free_port

    env = {k: v for k, v in os.environ.items() if k != "TEACHGAMES_CLASS_KEY"}
    env["PYTHONPATH"] = str(ROOT)
    url = f"sqlite:///{tmp_path / 'c.db'}"
    keys = []
    for _ in range(2):
        command = [
            sys.executable,
            "-m",
            "teachgames.cli",
            "class",
            "serve",
            "--db",
            url,
            "--port",
            str(free_port()),
            "--class",
            "7B",
            "--lesson",
            "delissimo-8plus",
            "--tasks",
            "toppings,sum",
            "--language",
            "bg",
        ]
        process = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, text=True, start_new_session=True
        )
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(4)]
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(20)
        assert lines[0].startswith("Код на клас 7B, урок delissimo-8plus: ")
        assert "#key=" in lines[2]
        keys.append(lines[2].rsplit("#key=", 1)[1].strip())
    assert keys[0] == keys[1] == (tmp_path / "classroom-teacher.key").read_text().strip()
    assert (tmp_path / "classroom-teacher.key").stat().st_mode & 0o077 == 0
    assert [s.tasks for s in Store(url).sessions()] == [("toppings", "sum"), ("toppings", "sum")]


def test_a_database_file_name_is_enough(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A teacher writes --db classroom.db, not a URL: it is the SQLite database in that file."""
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    store.new_class("7B")
    store.close()
    assert main(["class", "list", "--db", str(tmp_path / "c.db")]) == 0
    assert "7B" in capsys.readouterr().out
