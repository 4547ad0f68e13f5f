"""`teachgames lessons --pupil` on the command line: the copy, the Voilà server it starts,
the address it says, and every mistake in one plain line (no browser needed)."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import jinja2
import pytest

from teachgames.cli import lessons, main, pupil


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("teachgames: "), captured.err
    assert "Traceback" not in captured.err
    return lines[0]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _render_index(template_dir: Path, theme: str = "light", query: str = "") -> str:
    """The index page as Voilà renders it (its Jinja environment escapes by default)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(template_dir)), autoescape=True)
    return env.get_template("tree.html").render(base_url="/", query=query, theme=theme)


class FakeServer:
    """Stands in for the Voilà process: records what would run, and the index page the
    server would show while it runs (the template folder is gone afterwards)."""

    def __init__(self) -> None:
        self.command: list[str] = []
        self.env: dict[str, str] = {}
        self.words = ""
        self.index = ""

    def __call__(self, command: list[str], env: dict[str, str] | None = None, stopping_words: str = "") -> int:
        self.command, self.env, self.words = command, dict(env or {}), stopping_words
        data_dir = Path(self.env["JUPYTER_PATH"].split(os.pathsep)[0])
        template = data_dir / "nbconvert" / "templates" / pupil.TEMPLATE
        assert (template / "index.html.j2").is_file() and (template / "conf.json").is_file()
        self.index = _render_index(template)
        return 0


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> FakeServer:
    fake = FakeServer()
    monkeypatch.setattr(lessons, "run_in_own_group", fake)
    return fake


def test_pupil_mode_copies_the_lessons_and_serves_them_with_voila(tmp_path, server, capsys):
    port = _free_port()
    target = tmp_path / "class"
    assert main(["lessons", "--pupil", "--dir", str(target), "--port", str(port), "--no-browser"]) == 0
    assert (target / "delissimo-8plus.ipynb").is_file() and (target / "lessons").is_dir()  # the usual copy
    out = capsys.readouterr().out
    assert f"pupils open http://127.0.0.1:{port}/" in out and "Ctrl-C" in out
    command = server.command
    assert command[:3] == [sys.executable, "-m", "voila"] and str(target) in command
    for option in (f"--port={port}", "--Voila.ip=127.0.0.1", "--strip_sources=True", "--show_tracebacks=False",
                   "--Voila.port_retries=0", f"--template={pupil.TEMPLATE}", "--no-browser",
                   "--VoilaConfiguration.allow_template_override=NO"):
        assert option in command
    assert server.words == "stopping Voilà ..."
    # the teacher's index page: every lesson of the copy by its title, linked to its page
    assert "Lessons for pupils" in server.index
    assert "Delissimo 8+: orders, equal amounts, toppings" in server.index
    assert 'href="/voila/render/delissimo-8plus.ipynb"' in server.index
    assert server.index.index("delissimo-6plus") < server.index.index("delissimo-10plus")


def test_pupil_work_is_kept_and_the_lesson_titles_come_from_the_copy(tmp_path, server):
    target = tmp_path / "class"
    assert main(["lessons", "--dir", str(target), "--no-lab"]) == 0
    notebook = target / "delissimo-8plus.ipynb"
    notebook.write_text(notebook.read_text(encoding="utf-8").replace(
        "# Delissimo 8+: orders", "# Our class: orders"), encoding="utf-8")
    assert main(["lessons", "--pupil", "--dir", str(target), "--port", str(_free_port()), "--no-browser"]) == 0
    assert "Our class: orders" in notebook.read_text(encoding="utf-8")
    assert "Our class: orders, equal amounts, toppings" in server.index


def test_pupil_mode_in_russian(tmp_path, server, capsys):
    port = _free_port()
    target = tmp_path / "ru"
    assert main(["lessons", "--pupil", "--language", "ru", "--dir", str(target), "--port", str(port),
                 "--no-browser"]) == 0
    assert f"ученики открывают http://127.0.0.1:{port}/" in capsys.readouterr().out
    assert "Уроки для учеников" in server.index and '<html lang="ru">' in server.index
    assert "Делиссимо" in server.index and "Delissimo 8+" not in server.index
    assert server.words == "Voilà останавливается ..."


def test_lan_listens_on_the_network_and_says_the_address_pupils_open(tmp_path, server, capsys, monkeypatch):
    monkeypatch.setattr(pupil, "lan_address", lambda: "192.168.7.20")
    port = _free_port()
    assert main(["lessons", "--pupil", "--lan", "--dir", str(tmp_path / "l"), "--port", str(port),
                 "--no-browser"]) == 0
    out = capsys.readouterr().out
    assert f"pupils on this network open http://192.168.7.20:{port}/" in out
    assert f"http://127.0.0.1:{port}/" in out
    assert "--Voila.ip=0.0.0.0" in server.command
    assert f"http://192.168.7.20:{port}/" in server.index  # on the projected index page too


def test_lan_without_a_network_address_still_says_what_to_open(tmp_path, server, capsys, monkeypatch):
    monkeypatch.setattr(pupil, "lan_address", lambda: None)
    port = _free_port()
    assert main(["lessons", "--pupil", "--lan", "--dir", str(tmp_path / "l"), "--port", str(port),
                 "--no-browser"]) == 0
    assert f"http://<this computer's address>:{port}/" in capsys.readouterr().out


def test_the_index_page_shows_titles_as_text(tmp_path):
    """A title is text: markup and template syntax in it are shown, never run."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    title = "<script>alert(1)</script> {{ 7 * 7 }} {% if 1 %}x{% endif %} & co"
    cells = [{"cell_type": "markdown", "metadata": {}, "source": [f"# {title}\n", "\n", "text"]}]
    (folder / "odd {name}.ipynb").write_text(
        json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}),
        encoding="utf-8")
    template = pupil.write_template(tmp_path / "share", folder, "en", "http://127.0.0.1:1/")
    page = _render_index(template, theme="dark", query="theme=dark")
    assert "<script>alert" not in page and "49" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "{% if 1 %}" not in page
    assert 'href="/voila/render/odd%20%7Bname%7D.ipynb?theme=dark"' in page
    assert 'class="tg-dark"' in page


@pytest.mark.parametrize(("argv", "words"), [
    (["--pupil", "--port", "0"], "--port must be a number from 1 to 65535, not 0"),
    (["--pupil", "--port", "70000"], "--port must be a number from 1 to 65535, not 70000"),
    (["--port", "8000"], "--port and --lan go with --pupil"),
    (["--lan"], "--port and --lan go with --pupil"),
    (["--pupil", "--no-lab"], "--no-lab only copies the notebooks"),
    (["--class", "http://127.0.0.1:8765"], "--class goes with --pupil"),
    (["--pupil", "--class", "javascript:alert(1)"], "is not a class server's address"),
])
def test_pupil_option_mistakes_are_one_plain_line(tmp_path, server, capsys, argv, words):
    assert main(["lessons", "--dir", str(tmp_path / "l"), *argv]) == 2
    assert words in _one_line_error(capsys)
    assert not (tmp_path / "l").exists() and not server.command  # nothing copied, nothing started


def test_a_port_in_use_is_said_before_anything_starts(tmp_path, server, capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["lessons", "--pupil", "--dir", str(tmp_path / "l"), "--port", str(port)]) == 2
    assert f"port {port} is already in use on this computer: choose another with --port" in _one_line_error(capsys)
    assert not server.command


def test_a_mistake_in_russian_is_said_in_russian(tmp_path, server, capsys):
    assert main(["lessons", "--language", "ru", "--dir", str(tmp_path / "l"), "--lan"]) == 2
    assert "--port и --lan используются вместе с --pupil" in _one_line_error(capsys)


def test_without_voila_says_what_to_install(tmp_path, server, capsys, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "voila" else real(name, *a))
    assert main(["lessons", "--pupil", "--dir", str(tmp_path / "l"), "--port", str(_free_port())]) == 2
    line = _one_line_error(capsys)
    assert "pupil mode needs Voilà" in line and f'{sys.executable} -m pip install "voila>=0.5,<0.6"' in line
    assert not (tmp_path / "l").exists()


def _children(pid: int) -> list[str]:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return []


@pytest.mark.slow
def test_pupil_mode_starts_serves_and_stops_with_its_kernels(tmp_path):
    """The real command: Voilà answers with the index page, and SIGTERM to the command
    (not its group) leaves no server behind."""
    if importlib.util.find_spec("voila") is None:
        (pytest.fail if os.environ.get("CI") else pytest.skip)("needs voila: pip install -e '.[test]'")
    port = _free_port()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path / "cfg"), JUPYTER_DATA_DIR=str(tmp_path / "data"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "rt"))
    command = [sys.executable, "-m", "teachgames.cli", "lessons", "--pupil", "--dir", str(tmp_path / "l"),
               "--port", str(port), "--no-browser"]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        deadline = time.time() + 90
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
                    page = r.read().decode()
                break
            except OSError:
                assert proc.poll() is None, proc.stdout.read().decode() if proc.stdout else ""
                assert time.time() < deadline, "Voilà did not start"
                time.sleep(0.3)
        assert "Delissimo 8+: orders, equal amounts, toppings" in page
        children = _children(proc.pid)
        assert children, "Voilà runs as a child of the command"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0
        out = proc.stdout.read().decode() if proc.stdout else ""
        assert "Traceback" not in out and "teachgames: stopping Voilà" in out
        for child in children:
            with pytest.raises(ProcessLookupError):
                os.killpg(int(child), 0)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)


def test_titles_fall_back_to_the_file_name(tmp_path: Path) -> None:
    plain = tmp_path / "plain.ipynb"
    plain.write_text('{"cells": [{"cell_type": "code", "source": "# a comment"}]}', encoding="utf-8")
    broken = tmp_path / "broken.ipynb"
    broken.write_text("not json", encoding="utf-8")
    titles: list[tuple[str, Any]] = pupil.lesson_titles(tmp_path)
    assert titles == [("broken.ipynb", "broken"), ("plain.ipynb", "plain")]


def test_pupil_mode_with_a_class_starts_each_lessons_kernel_with_the_join_form(tmp_path, server):
    """`--class URL`: the kernels get the class's address and a start-up file that puts
    the join form above the lesson (the Voilà browser test joins with it: test_pupil_class)."""
    target = tmp_path / "class"
    argv = ["lessons", "--pupil", "--dir", str(target), "--port", str(_free_port()), "--no-browser",
            "--class", "http://192.168.1.20:8765/", "--language", "ru"]  # fmt: skip
    assert main(argv) == 0
    assert server.env["TEACHGAMES_PUPIL_CLASS"] == "http://192.168.1.20:8765"
    assert server.env["TEACHGAMES_PUPIL_LANGUAGE"] == "ru"
    assert server.env["IPYTHONDIR"].startswith(server.env["JUPYTER_PATH"].split(os.pathsep)[0])
    plain = tmp_path / "plain"
    assert main(["lessons", "--pupil", "--dir", str(plain), "--port", str(_free_port()), "--no-browser"]) == 0
    assert "TEACHGAMES_PUPIL_CLASS" not in server.env
    assert server.env.get("IPYTHONDIR") == os.environ.get("IPYTHONDIR")
