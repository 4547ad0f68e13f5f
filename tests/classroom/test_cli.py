"""``teachgames class``: results out and a class deleted from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from teachgames.classroom.link import AnswerEvent
from teachgames.classroom.store import Store
from teachgames.cli import main


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
