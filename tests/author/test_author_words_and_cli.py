"""The lesson maker's words in every language, and its command: a user's mistake is one
line and exit code 2, never a traceback; the folder and its files are left alone."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from teachgames.author.api import words
from teachgames.cli import main
from teachgames.core.i18n import fill, messages, missing_keys, placeholder_problems, plural_problems


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_every_word_of_the_page_is_written_in_russian_and_bulgarian(language: str) -> None:
    assert missing_keys("author", language) == []
    assert placeholder_problems("author", language) == []
    own, english = messages("author", language), messages("author", "en")
    assert not [k for k in own if own[k] == english[k]], "English left in the translation"
    assert plural_problems(own["screens_count"], language) == []


def test_screen_counts_agree_with_their_number() -> None:
    template = words("ru")["screens_count"]
    assert [fill(template, "ru", {"n": n}) for n in (1, 3, 5, 21)] == ["1 экран", "3 экрана", "5 экранов", "21 экран"]
    assert fill(words("bg")["screens_count"], "bg", {"n": 1}) == "1 екран"


def test_a_folder_that_is_a_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    afile = tmp_path / "notes.txt"
    afile.write_text("mine")
    assert main(["author", "--folder", str(afile), "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a file, not a folder" in err and afile.read_text() == "mine"


def test_a_port_out_of_range_or_taken_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["author", "--folder", str(tmp_path), "--port", "70000", "--no-browser"]) == 2
    assert "--port is a number from 1 to 65535" in capsys.readouterr().err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["author", "--folder", str(tmp_path), "--port", str(port), "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert f"port {port} is already in use" in err and "Traceback" not in err


def test_the_language_is_checked_by_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["author", "--language", "fr"]) == 2
    assert "invalid choice: 'fr'" in capsys.readouterr().err


def test_the_command_serves_the_page_at_the_address_it_prints(tmp_path: Path) -> None:
    import os
    import re
    import signal
    import subprocess
    import sys
    import urllib.request

    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    command = [sys.executable, "-m", "teachgames.cli", "author", "--no-browser", "--folder", "mine"]
    process = subprocess.Popen(
        command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline(), process.stdout.readline()]
        found = re.search(r"open (http://127\.0\.0\.1:\d+/\?token=[\w-]{20,})", lines[1])
        assert found, lines
        with urllib.request.urlopen(found.group(1), timeout=60) as answer:
            assert "/static/author.js" in answer.read().decode()
        assert (tmp_path / "mine").is_dir()
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=60)
        assert process.returncode == 0 and "stopped; your lessons are saved" in out and "Traceback" not in out
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
