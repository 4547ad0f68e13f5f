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
    row = out.read_text(encoding="utf-8").splitlines()[1]
    assert row.startswith(f'"{pupil.id}","Asel","delissimo-8plus","toppings","3/8","no"')
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


def test_serve_again_after_a_crash_resumes_the_class_and_keeps_the_key_off_the_screen(tmp_path: Path) -> None:
    """The documented command run again after a crash takes the open session up again
    (same code, same pupils' answers); --new-session opens another. The teacher's key is
    never printed (a projector often mirrors the screen): the link is in a private file."""
    import os
    import signal
    import subprocess
    import sys

    from .live import ROOT, free_port

    env = {k: v for k, v in os.environ.items() if k != "TEACHGAMES_CLASS_KEY"}
    env["PYTHONPATH"] = str(ROOT)
    url = f"sqlite:///{tmp_path / 'c.db'}"
    printed, codes = [], []
    for more in ([], [], ["--new-session"]):
        command = [
            sys.executable, "-m", "teachgames.cli", "class", "serve", "--db", url, "--port", str(free_port()),
            "--class", "7B", "--lesson", "delissimo-8plus", "--tasks", "toppings,sum", "--language", "bg", *more,
        ]  # fmt: skip
        process = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, text=True, start_new_session=True
        )
        assert process.stdout is not None
        lines = []
        while not lines or "Ctrl" not in lines[-1]:
            lines.append(process.stdout.readline())
        os.kill(process.pid, signal.SIGKILL)  # a crash, not a clean stop
        process.wait(20)
        printed.append("".join(lines))
        codes.append(
            next(line for line in lines if line.startswith("Код на клас 7B")).split(": ")[1].split()[0]
        )
    assert codes[0] == codes[1] != codes[2]
    assert "продължава" in printed[1] and "продължава" not in printed[0]
    key = (tmp_path / "classroom-teacher.key").read_text().strip()
    link = (tmp_path / "classroom-teacher.link").read_text().strip()
    assert link.endswith(f"#key={key}") and all(key not in text for text in printed)
    assert str(tmp_path / "classroom-teacher.link") in printed[0]
    for name in ("classroom-teacher.key", "classroom-teacher.link", "c.db"):
        assert (tmp_path / name).stat().st_mode & 0o077 == 0, name
    sessions = Store(url).sessions()
    assert [s.tasks for s in sessions] == [("puzzles.toppings", "puzzles.sum")] * 2


def test_lan_prints_an_address_a_pupil_can_reach() -> None:
    from teachgames.classroom.cli import _lan_address
    from teachgames.core.network import lan_address

    assert _lan_address() == (lan_address() or "127.0.0.1")
    assert not _lan_address().startswith("127.0.1.")


def test_the_site_takes_a_database_file_name(tmp_path: Path) -> None:
    from teachgames.classroom.onsite import start_class

    running = start_class(
        str(tmp_path / "site.db"), klass="7B", lesson="delissimo-8plus", teacher_key="k" * 30
    )
    try:
        assert running.session is not None and (tmp_path / "site.db").exists()
        assert (tmp_path / "site.db").stat().st_mode & 0o077 == 0
    finally:
        running.stop()
    again = start_class(str(tmp_path / "site.db"), klass="7B", lesson="delissimo-8plus", teacher_key="k" * 30)
    try:
        assert again.session is not None and again.session.code == running.session.code
    finally:
        again.stop()


def test_a_database_file_name_is_enough(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A teacher writes --db classroom.db, not a URL: it is the SQLite database in that file."""
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    store.new_class("7B")
    store.close()
    assert main(["class", "list", "--db", str(tmp_path / "c.db")]) == 0
    assert "7B" in capsys.readouterr().out


def test_the_session_picker_and_a_new_key_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`teachgames class sessions` lists a class's past and open sessions (newest first,
    with the number `serve --session` takes); `rotate-key` retires the old key without
    printing the new one."""
    monkeypatch.delenv("TEACHGAMES_CLASS_KEY", raising=False)
    url = f"sqlite:///{tmp_path / 'c.db'}"
    store = Store(url)
    class_id = store.new_class("7B")
    other = store.new_class("8A")
    first = store.new_session(class_id, "delissimo-8plus")
    store.join(first.code, "Asel")
    store.update_session(first.id, expires=first.started)  # ended
    second = store.new_session(class_id, "delissimo-8plus")
    store.new_session(other, "delissimo-8plus")
    store.close()
    assert main(["class", "sessions", "--db", url, "--class", "7B", "--language", "ru"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == [str(second.id), str(first.id)]
    assert "идёт" in lines[0] and "закончен" in lines[1] and "учеников: 1" in lines[1]
    assert main(["class", "sessions", "--db", url, "--class", "9Z"]) == 2
    capsys.readouterr()
    from teachgames.classroom.keys import teacher_key

    old = teacher_key(url)
    (tmp_path / "classroom-teacher.link").write_text(f"http://x/dashboard?lang=en#key={old}\n")
    assert main(["class", "rotate-key", "--db", url]) == 0
    said = capsys.readouterr().out
    new = (tmp_path / "classroom-teacher.key").read_text().strip()
    assert new != old and new not in said and old not in said
    assert (tmp_path / "classroom-teacher.link").read_text().strip().endswith(f"#key={new}")
    assert (tmp_path / "classroom-teacher.key").stat().st_mode & 0o077 == 0
    monkeypatch.setenv("TEACHGAMES_CLASS_KEY", "from-the-environment")
    assert main(["class", "rotate-key", "--db", url]) == 2
    assert "TEACHGAMES_CLASS_KEY" in capsys.readouterr().err


def test_serve_resumes_the_session_the_teacher_picks_even_an_ended_one(tmp_path: Path) -> None:
    """`teachgames class serve --session N` (a number from `class sessions`) takes that
    session up again, the same code, and opens it again when it had ended."""
    import os
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    from .live import KEY, ROOT, free_port

    url = f"sqlite:///{tmp_path / 'c.db'}"
    store = Store(url)
    first = store.new_session(store.new_class("7B"), "delissimo-8plus")
    store.join(first.code, "Asel")
    store.update_session(first.id, expires=first.started)  # ended yesterday
    store.close()
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TEACHGAMES_CLASS_KEY": KEY}
    command = [sys.executable, "-m", "teachgames.cli", "class", "serve", "--db", url, "--port", str(port),
               "--session", str(first.id), "--hours", "1"]  # fmt: skip
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert process.stdout is not None
        lines: list[str] = []
        while not lines or "Ctrl" not in lines[-1]:
            line = process.stdout.readline()
            assert line, lines
            lines.append(line)
        printed = "".join(lines)
        assert f"Session {first.id} of 7B" in printed and first.code in printed
        assert KEY not in printed
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/join",
            data=b'{"code": "%s", "name": "Boris"}' % first.code.encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        for _ in range(100):  # the server listens a moment after it printed
            try:
                with urllib.request.urlopen(request, timeout=10) as response:  # the code works again
                    assert response.status == 200
                    break
            except ConnectionRefusedError:
                time.sleep(0.1)
            except urllib.error.URLError as exc:
                if not isinstance(exc.reason, ConnectionRefusedError):
                    raise
                time.sleep(0.1)
    finally:
        process.terminate()
        process.wait(20)
    assert [p.name for p in Store(url).pupils(first.id)] == ["Asel", "Boris"]
