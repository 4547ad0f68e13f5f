"""The `teachgames` command: play, export, lessons."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from teachgames.cli import copy_lessons, main


def test_play_prints_every_move_and_the_winner(capsys):
    assert main(["play", "delissimo", "--level", "beginner", "--players", "2", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("  1. Player 1 ")
    assert "(winner)" in out and "Player 2:" in out


def test_play_is_seeded(capsys):
    main(["play", "delissimo", "--seed", "9", "--bots", "random"])
    first = capsys.readouterr().out
    main(["play", "delissimo", "--seed", "9", "--bots", "random"])
    assert capsys.readouterr().out == first
    main(["play", "delissimo", "--seed", "10", "--bots", "random"])
    assert capsys.readouterr().out != first


def test_play_explain_shows_the_arithmetic(capsys):
    main(["play", "delissimo", "--level", "basic", "--players", "2", "--seed", "3", "--explain"])
    out = capsys.readouterr().out
    assert "Given and taken are equal:" in out and "How the scores are reached" in out


def test_bad_options_are_clear():
    with pytest.raises(SystemExit, match="unknown level"):
        main(["play", "delissimo", "--level", "expert"])
    with pytest.raises(SystemExit, match="unknown bot"):
        main(["play", "delissimo", "--bots", "clever"])


def test_export_command(tmp_path, capsys):
    out = tmp_path / "example.html"
    assert main(["export", "delissimo", "--level", "basic", "--seed", "7", "-o", str(out), "--names", "Ann,Bob,Cy"]) == 0
    assert out.exists() and "Ann" in out.read_text(encoding="utf-8")
    assert "wrote" in capsys.readouterr().out


def test_export_refuses_a_bad_saved_game(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(SystemExit, match="cannot load"):
        main(["export", "delissimo", "--load", str(bad), "-o", str(tmp_path / "x.html")])


def test_lessons_copy_keeps_pupils_work(tmp_path):
    written = copy_lessons(tmp_path)
    notebooks = sorted(p.name for p in tmp_path.glob("*.ipynb"))
    assert notebooks == sorted(p.name for p in written if p.suffix == ".ipynb")
    assert sorted(p.name for p in (tmp_path / "lessons").glob("*.md"))
    if notebooks:
        mine = tmp_path / notebooks[0]
        mine.write_text("my work", encoding="utf-8")
        copy_lessons(tmp_path)
        assert mine.read_text(encoding="utf-8") == "my work"
        copy_lessons(tmp_path, fresh=True)
        assert mine.read_text(encoding="utf-8") != "my work"


def test_console_script_is_installed():
    exe = shutil.which("teachgames")
    assert exe, "the package is not installed: pip install -e ."
    out = subprocess.run([exe, "play", "delissimo", "--level", "whole", "--players", "2"],
                         capture_output=True, text=True, check=True).stdout
    assert "Player 1:" in out


def test_lessons_starts_jupyterlab(tmp_path):
    """`teachgames lessons` (the README's main job) really serves the copied notebooks."""
    import json
    import os
    import socket
    import time
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path / "cfg"), JUPYTER_DATA_DIR=str(tmp_path / "data"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "rt"))
    exe = shutil.which("teachgames")
    assert exe
    proc = subprocess.Popen(
        [exe, "lessons", "--dir", str(tmp_path / "lessons"), "--no-browser"],
        env=env | {"JUPYTER_PORT": str(port), "JUPYTER_TOKEN": "t"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        deadline = time.time() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents?token=t", timeout=2) as r:
                    names = {item["name"] for item in json.load(r)["content"]}
                break
            except OSError:
                assert proc.poll() is None, proc.stdout.read().decode() if proc.stdout else ""
                assert time.time() < deadline, "JupyterLab did not start"
                time.sleep(0.5)
        assert "delissimo-8plus.ipynb" in names and "lessons" in names
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=30)
