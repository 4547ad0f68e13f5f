"""The `teachgames` command: play, export, simulate, lessons; a user's mistake is one line."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from tiny_game import Coins

import teachgames
from teachgames import console
from teachgames.cli import copy_lessons, main
from teachgames.cli import play as play_module
from teachgames.cli.errors import INTERRUPTED
from teachgames.cli.lessons import RUFF_MARKER
from teachgames.cli.simulate import wilson


@pytest.fixture
def coins():
    teachgames.register_game("coins", Coins)
    yield
    teachgames.core.registry.unregister_game("coins")


def _one_line_error(capsys) -> str:
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("teachgames: "), captured.err
    assert "Traceback" not in captured.err
    return lines[0]


def test_play_prints_every_move_and_the_winner(capsys):
    assert main(["play", "delissimo", "--players", "2", "--seed", "5"]) == 0
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
    main(["play", "delissimo", "--players", "2", "--seed", "3", "--explain"])
    out = capsys.readouterr().out
    assert "Given and taken are equal:" in out and "How the scores are reached" in out


def test_play_names_the_players(capsys):
    assert main(["play", "delissimo", "--seed", "4", "--names", "Ann, Bob"]) == 0
    out = capsys.readouterr().out
    assert "  1. Ann " in out and "Bob:" in out and "Player 1" not in out


def test_bad_options_are_one_clear_line(capsys):
    assert main(["play", "delissimo", "--bots", "clever"]) == 2
    assert "unknown bot 'clever'" in _one_line_error(capsys)
    assert main(["play", "delissimo", "--players", "99"]) == 2
    assert "players" in _one_line_error(capsys)
    assert main(["play", "delissimo", "--bots", "greedy,random", "--players", "3"]) == 2
    assert "2 bots for 3 players" in _one_line_error(capsys)
    assert main(["play", "chess"]) == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err


def test_the_readme_commands_work(tmp_path, capsys):
    assert main(["play", "delissimo", "--level", "advanced", "--seed", "7", "--explain"]) == 0
    assert "How the scores are reached" in capsys.readouterr().out
    out = tmp_path / "example.html"
    assert main(["export", "delissimo", "--level", "basic", "--seed", "7", "-o", str(out)]) == 0
    assert "basic" in out.read_text(encoding="utf-8").split("<h1>")[1].split("</p>")[0]
    assert main(["play", "delissimo", "--level", "expert"]) == 2
    assert "expert" in capsys.readouterr().err


def test_a_game_without_declared_options_offers_its_new_keywords(coins, monkeypatch, capsys):
    monkeypatch.setattr(Coins, "options", ())
    assert main(["play", "coins", "--help"]) == 0
    assert "--pile PILE" in capsys.readouterr().out
    assert main(["play", "coins", "--pile", "5", "--seed", "2"]) == 0


def test_the_site_command_when_the_site_package_is_there(capsys):
    import importlib.util

    there = importlib.util.find_spec("teachgames.site") is not None
    assert main(["--help"]) == 0
    assert (" site " in capsys.readouterr().out) == there
    if there:
        assert main(["site", "--help"]) == 0
        assert "--serve" in capsys.readouterr().out


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"teachgames {teachgames.__version__}"


def test_export_command(tmp_path, capsys):
    out = tmp_path / "example.html"
    assert main(["export", "delissimo", "--seed", "7", "-o", str(out), "--names", "Ann,Bob,Cy"]) == 0
    text = out.read_text(encoding="utf-8")
    assert "Ann" in text and "3 players" in text
    assert "wrote" in capsys.readouterr().out


@pytest.fixture
def no_game_may_be_played(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a game was played before the mistake was reported")

    monkeypatch.setattr(play_module, "new_game_from_args", refuse)
    monkeypatch.setattr(play_module, "play_out", refuse)


def test_export_checks_the_path_before_playing(tmp_path, capsys, no_game_may_be_played):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x", encoding="utf-8")
    for target, words in (
        (tmp_path / "missing" / "x.html", "does not exist"),
        (a_file / "x.html", "is a file, not a folder"),
        (tmp_path, "is a folder: give a file name"),
        (tmp_path / "x.docx", "use one of .html, .md, .tex, .pdf"),
    ):
        assert main(["export", "delissimo", "-o", str(target)]) == 2
        assert words in _one_line_error(capsys)


def test_export_wants_one_name_per_player(tmp_path, capsys, no_game_may_be_played):
    out = str(tmp_path / "x.html")
    assert main(["export", "delissimo", "--players", "3", "--names", "Ann,Bob", "-o", out]) == 2
    assert "2 names for 3 players" in _one_line_error(capsys)
    assert main(["export", "delissimo", "--players", "3", "--names", "A,B,C,D", "-o", out]) == 2
    assert "4 names for 3 players" in _one_line_error(capsys)
    assert main(["export", "delissimo", "--names", "Ann,,Bob", "-o", out]) == 2
    assert "empty" in _one_line_error(capsys)
    assert not Path(out).exists()


def test_export_names_are_text_never_refused(tmp_path):
    out = tmp_path / "x.html"
    names = 'Ann" onclick="alert(1),javascript:alert(2),<b onmouseover=x>Cy</b>'
    assert main(["export", "delissimo", "--seed", "3", "--names", names, "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "&lt;b onmouseover=x&gt;Cy&lt;/b&gt;" in text and "<b onmouseover" not in text


def test_export_the_first_moves_of_a_long_game(tmp_path, capsys):
    out = tmp_path / "start.html"
    assert main(["export", "ligretto", "--players", "3", "--seed", "2", "--moves", "12", "-o", str(out)]) == 0
    assert "(12 moves)" in capsys.readouterr().out
    assert out.read_text(encoding="utf-8").count('<section class="move">') == 12


def test_export_refuses_a_bad_saved_game(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["export", "delissimo", "--load", str(bad), "-o", str(tmp_path / "x.html")]) == 2
    assert "cannot load the saved game" in _one_line_error(capsys)
    assert main(["export", "delissimo", "--load", str(tmp_path / "nope.json"), "-o", str(tmp_path / "x.html")]) == 2
    assert "cannot read the saved game" in _one_line_error(capsys)


def test_export_a_saved_game(tmp_path, capsys):
    g = teachgames.new_game("delissimo", players=2, seed=11)
    for _ in range(5):
        g.play(g.legal_moves()[0])
    saved = tmp_path / "game.json"
    saved.write_text(g.to_json(), encoding="utf-8")
    out = tmp_path / "saved.md"
    assert main(["export", "delissimo", "--load", str(saved), "-o", str(out), "--moves", "all"]) == 0
    assert "(5 moves, pictures in" in capsys.readouterr().out
    assert len(list((tmp_path / "saved_files").glob("*.svg"))) == 6


def test_a_registered_game_is_on_the_command_line(coins, tmp_path, capsys):
    """Games and their options come from the registry: a plug-in gets play, export, simulate."""
    assert main(["play", "coins", "--pile", "5", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Player 1 takes" in out and "(winner)" in out
    assert main(["play", "coins", "--pile", "9"]) == 2
    assert "--pile: pile must be one of 5, 6, 7, 8" in capsys.readouterr().err
    html_out = tmp_path / "coins.html"
    assert main(["export", "coins", "--pile", "8", "--names", "Ann,Bob", "-o", str(html_out)]) == 0
    assert "Coins: a worked example" in html_out.read_text(encoding="utf-8")
    assert main(["simulate", "coins", "--bots", "greedy,random", "-n", "20", "--pile", "7"]) == 0
    table = capsys.readouterr().out
    assert re.search(r"^1\s+greedy\s+\d+", table, flags=re.M) and "mean length: " in table


def test_a_game_option_named_like_the_commands_own_is_not_offered(coins, monkeypatch, capsys):
    from teachgames.core import GameOption

    monkeypatch.setattr(Coins, "options", (*Coins.options, GameOption("language", "a clash")))
    assert main(["play", "coins", "--language", "ru", "--seed", "1"]) == 0
    assert "Player 1 takes" in capsys.readouterr().out


def test_a_broken_plug_in_does_not_break_the_others(coins, monkeypatch, capsys):
    from teachgames.core import registry

    real = registry.game_class

    def game_class(name):
        if name == "coins":
            raise ImportError("No module named 'coins_engine'")
        return real(name)

    monkeypatch.setattr(registry, "game_class", game_class)
    assert main(["play", "coins"]) == 2
    assert "the game coins cannot be loaded: No module named 'coins_engine'" in _one_line_error(capsys)
    assert main(["play", "delissimo", "--players", "2", "--seed", "1"]) == 0


def test_every_installed_game_is_offered(capsys):
    assert main(["play", "--help"]) == 0
    listed = capsys.readouterr().out
    for name in teachgames.GAMES:
        assert name in listed


def test_simulate_prints_a_table_with_intervals(capsys):
    assert main(["simulate", "delissimo", "--bots", "greedy,random,random", "-n", "12", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    rows = re.findall(r"^(\d)\s+(greedy|random)\s+(\d+)\s+([\d.]+)%\s+([\d.]+)–([\d.]+)%\s+([\d.]+)$", out, re.M)
    assert [r[:2] for r in rows] == [("1", "greedy"), ("2", "random"), ("3", "random")]
    results = teachgames.simulate("delissimo", [b for b in _bots()], games=12, seed=3)
    for seat, row in enumerate(rows):
        wins = sum(seat in r.winners for r in results)
        assert int(row[2]) == wins
        low, high = wilson(wins, 12)
        assert float(row[4]) == pytest.approx(100 * low, abs=0.06) and float(row[5]) == pytest.approx(100 * high, abs=0.06)
    mean = sum(r.moves for r in results) / 12
    assert f"mean length: {mean:.1f} moves" in out


def _bots():
    from teachgames.bots import GreedyBot, RandomBot

    return [GreedyBot(), RandomBot(1), RandomBot(2)]


def test_the_class_reads_play_and_simulate_in_its_language(capsys):
    assert main(["play", "delissimo", "--seed", "4", "--language", "ru"]) == 0
    scores = capsys.readouterr().out.strip().splitlines()[-2:]
    assert all(line.startswith("Игрок ") for line in scores) and "(победитель)" in "".join(scores)
    assert main(["simulate", "delissimo", "-n", "5", "--language", "bg"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("delissimo · 5 игри · раздавания 0–4")
    assert "средна дължина на играта: " in out and re.search(r"\d,\d%", out)
    assert "win" not in out and "mean" not in out


#: Card notation may stay Latin (Split's "J♣", "10♥", the rank "K"); every other letter is the class's.
_CARD = re.compile(r"(?<![^\W\d_])(?:(?:10|[2-9JQKA])[♠♥♦♣]|[JQKA](?![^\W\d_]))")
_PLAYER = {"ru": "Игрок", "bg": "Играч"}
_WINNER = {"ru": "(победитель)", "bg": "(победител)"}


@pytest.mark.parametrize("language", ["ru", "bg"])
@pytest.mark.parametrize("game", ["split", "tsvetik"])
@pytest.mark.parametrize("explain", [False, True])
def test_every_line_play_prints_is_in_the_class_language(capsys, game, language, explain):
    args = ["play", game, "--seed", "3", "--language", language]
    assert main(args + (["--explain"] if explain else [])) == 0
    lines = capsys.readouterr().out.splitlines()
    latin = [line for line in lines if re.search(r"[A-Za-z]", _CARD.sub("", line))]
    assert latin == []
    if not explain:  # the final scores: one line a player, the winner marked in words
        scores = lines[lines.index("") + 1 :]
        assert scores and all(re.fullmatch(rf"{_PLAYER[language]} \d+: −?\d+(  \(.+\))?", s) for s in scores)
        assert sum(_WINNER[language] in s for s in scores) >= 1


def test_export_says_what_it_wrote_in_the_class_language(tmp_path, capsys):
    out = tmp_path / "split.html"
    assert main(["export", "split", "--seed", "2", "--moves", "1", "-o", str(out), "--language", "ru"]) == 0
    assert capsys.readouterr().out.strip() == f"записано: {out} (1 ход)"
    assert main(["export", "split", "--seed", "2", "--moves", "5", "-o", str(out), "--language", "bg"]) == 0
    assert capsys.readouterr().out.strip() == f"записано: {out} (5 хода)"


def test_simulate_is_the_same_with_worker_processes(capsys):
    args = ["simulate", "delissimo", "--bots", "greedy,random", "-n", "6", "--seed", "1"]
    assert main(args) == 0
    alone = capsys.readouterr().out
    assert main([*args, "--jobs", "2"]) == 0
    assert capsys.readouterr().out == alone


def _cpu_seconds(pid: int) -> float:
    """CPU time a process and its reaped children have used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _workers_cpu_seconds(pid: int) -> float:
    """CPU time the live child processes of ``pid`` (a pool's workers) have used."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended while we looked
            continue
        if int(fields[1]) == pid:
            total += _cpu_seconds(int(stat.parent.name))
    return total


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_during_a_simulation_is_one_line(jobs):
    """Ctrl-C in the terminal reaches the command and its workers: one line, no tracebacks."""
    proc = subprocess.Popen([_console(), "simulate", "delissimo", "-n", "3000", "--jobs", jobs],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    # Well past start-up, the games are being played: by the command itself, or by its
    # workers (whose parent then does little, and may reach 1.5 s only once they are done).
    playing = _cpu_seconds if jobs == "1" else _workers_cpu_seconds
    deadline = time.time() + 60
    while playing(proc.pid) < 1.5:
        assert proc.poll() is None and time.time() < deadline
        time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGINT)  # as the terminal does: the whole foreground group
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1] == "teachgames: interrupted"
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_ctrl_c_while_the_command_loads_is_one_line(monkeypatch, capsys):
    """Ctrl-C before the command's own error handling is loaded (the first tenths of a
    second): the same one line and exit code, no traceback of the import."""

    class CtrlC:  # stops the import of teachgames.cli as an interrupt would
        def find_spec(self, name, path=None, target=None):
            if name == "teachgames.cli":
                raise KeyboardInterrupt
            return None

    for name in [m for m in sys.modules if m == "teachgames.cli" or m.startswith("teachgames.cli.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "meta_path", [CtrlC(), *sys.meta_path])
    assert console.main() == INTERRUPTED
    assert capsys.readouterr().err.strip().splitlines() == ["teachgames: interrupted"]


def test_play_shows_the_game_simulate_counts(capsys):
    main(["play", "delissimo", "--bots", "greedy,random", "--seed", "4"])
    played = capsys.readouterr().out
    [summary] = teachgames.simulate("delissimo", _bots()[:2], games=1, seed=4)
    assert len(re.findall(r"^\s*\d+\. ", played, flags=re.M)) == summary.moves


def test_wilson_interval():
    assert wilson(0, 10)[0] == 0.0 and 0.25 < wilson(0, 10)[1] < 0.35
    low, high = wilson(50, 100)
    assert low < 0.5 < high and high - low == pytest.approx(2 * 0.5 - 2 * low)
    assert wilson(500, 1000)[1] - wilson(500, 1000)[0] < high - low


# ---------------------------------------------------------------- lessons
def test_lessons_copy_keeps_pupils_work(tmp_path):
    written = copy_lessons(tmp_path)
    notebooks = sorted(p.name for p in tmp_path.glob("*.ipynb"))
    assert notebooks and notebooks == sorted(p.name for p in written if p.suffix == ".ipynb")
    mine = tmp_path / notebooks[0]
    mine.write_text("my work", encoding="utf-8")
    copy_lessons(tmp_path)
    assert mine.read_text(encoding="utf-8") == "my work"
    copy_lessons(tmp_path, fresh=True)
    assert mine.read_text(encoding="utf-8") != "my work"


def test_lessons_in_another_language_go_to_their_own_folder(tmp_path, monkeypatch, capsys):
    """`--language ru` copies the lesson package's Russian notebooks into teachgames-lessons-ru."""
    import types

    try:
        from teachgames.lesson import notebooks
    except ImportError:  # the lesson package is not on this branch yet: stand in for it
        package, notebooks = types.ModuleType("teachgames.lesson"), types.ModuleType("teachgames.lesson.notebooks")
        package.notebooks = notebooks
        monkeypatch.setitem(sys.modules, "teachgames.lesson", package)
        monkeypatch.setitem(sys.modules, "teachgames.lesson.notebooks", notebooks)

    fake = tmp_path / "bundle" / "ru"
    fake.mkdir(parents=True)
    (fake / "delissimo-8plus.ipynb").write_text('{"cells": []}', encoding="utf-8")
    monkeypatch.setattr(notebooks, "bundled", lambda language="en": sorted(fake.glob("*.ipynb")) if language == "ru" else [],
                        raising=False)
    monkeypatch.chdir(tmp_path)
    assert main(["lessons", "--language", "ru", "--no-lab"]) == 0
    copied = tmp_path / "teachgames-lessons-ru" / "delissimo-8plus.ipynb"
    assert copied.read_text(encoding="utf-8") == '{"cells": []}'
    assert "teachgames-lessons-ru" in capsys.readouterr().out
    monkeypatch.setattr(notebooks, "bundled", lambda language="en": [])
    assert main(["lessons", "--language", "bg", "--no-lab"]) == 2
    assert "no lesson notebooks in 'bg'" in _one_line_error(capsys)


def test_every_link_in_the_copied_lessons_works(tmp_path):
    copy_lessons(tmp_path)
    assert (tmp_path / "lessons" / "puzzles.json").is_file()
    pages = list(tmp_path.rglob("*.md"))
    assert pages
    for page in pages:
        for link in re.findall(r"\]\(([^)\s#]+)", page.read_text(encoding="utf-8")):
            if "://" not in link:
                assert (page.parent / link).exists(), f"{page.name} links {link}, which was not copied"


def test_fresh_says_what_it_did(tmp_path, capsys):
    assert main(["lessons", "--dir", str(tmp_path), "--no-lab"]) == 0
    assert "copied" in capsys.readouterr().out
    assert main(["lessons", "--dir", str(tmp_path), "--no-lab"]) == 0
    assert "kept" in capsys.readouterr().out
    assert main(["lessons", "--dir", str(tmp_path), "--no-lab", "--fresh"]) == 0
    out = capsys.readouterr().out
    assert "restored to the originals" in out and "kept" not in out


def test_lessons_copy_inside_a_checkout_passes_ruff(tmp_path):
    ruff = _script("ruff")
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (checkout / "pyproject.toml").write_text('[tool.ruff]\nextend-exclude = ["notebooks"]\n', encoding="utf-8")
    (checkout / "good.py").write_text("x = 1\n", encoding="utf-8")
    copy_lessons(checkout / "teachgames-lessons")
    (checkout / "teachgames-lessons" / "pupil.py").write_text("import os\n", encoding="utf-8")
    assert (checkout / "teachgames-lessons" / RUFF_MARKER).exists()
    done = subprocess.run([ruff, "check", "--no-cache", "."], cwd=checkout, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout
    (checkout / "bad.py").write_text("import os\n", encoding="utf-8")  # the check itself still works
    assert subprocess.run([ruff, "check", "--no-cache", "."], cwd=checkout, capture_output=True).returncode == 1


def test_the_checkout_ignores_the_default_lessons_folder():
    ignored = (Path(__file__).parents[1] / ".gitignore").read_text(encoding="utf-8").split()
    assert "/teachgames-lessons*/" in ignored


def test_lessons_dir_mistakes_are_one_line(tmp_path, capsys):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x", encoding="utf-8")
    assert main(["lessons", "--dir", str(a_file), "--no-lab"]) == 2
    assert "is a file" in _one_line_error(capsys)
    assert main(["lessons", "--dir", str(a_file / "deeper"), "--no-lab"]) == 2
    assert "is a file, not a folder" in _one_line_error(capsys)


def test_lessons_without_jupyterlab_says_what_to_install(tmp_path, capsys, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "jupyterlab" else real(name, *a))
    assert main(["lessons", "--dir", str(tmp_path / "l")]) == 2
    line = _one_line_error(capsys)
    assert f'{sys.executable} -m pip install "jupyterlab>=4.0" "ipykernel>=6.0"' in line
    assert not (tmp_path / "l").exists()  # nothing copied before the check


# ---------------------------------------------------------------- the installed command
def _script(name: str) -> str:
    """A console script of this Python's environment (a .venv need not be activated)."""
    beside = Path(sys.executable).parent / name
    exe = str(beside) if beside.exists() else shutil.which(name)
    assert exe, f"{name} is not installed in this environment: pip install -e '.[test]'"
    return exe


def _console() -> str:
    return _script("teachgames")


def test_console_script_is_installed():
    out = subprocess.run([_console(), "play", "delissimo", "--players", "2"],
                         capture_output=True, text=True, check=True).stdout
    assert "Player 1:" in out


def test_the_command_starts_without_what_only_some_commands_need():
    """Every command builds the parser (all games and their options) first: that must not
    load the export, the lessons copier or the heavy libraries (they would slow every
    `teachgames --help` down)."""
    code = ("import sys\nfrom teachgames.cli import main\n"
            "try:\n    main(['simulate', 'delissimo', '--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('teachgames.exports', 'teachgames.cli.lessons', 'sympy', "
            "'matplotlib', 'anywidget', 'ipywidgets', 'IPython') if m in sys.modules))")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_console_mistake_has_no_traceback(tmp_path):
    done = subprocess.run([_console(), "export", "delissimo", "-o", str(tmp_path / "no" / "x.html")],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "Traceback" not in done.stderr
    assert "does not exist" in done.stderr


_CHILD = textwrap.dedent("""
    import pathlib, signal, sys, time
    mark = pathlib.Path(sys.argv[1])
    def stop(signum, frame):
        mark.write_text("stopped by signal %d" % signum)
        sys.exit(0)
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    mark.write_text("running")
    while True:
        time.sleep(0.1)
""")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_the_server_cleanly(tmp_path, sig):
    """SIGTERM or Ctrl-C to `teachgames lessons` reaches the server's whole process group."""
    mark = tmp_path / "mark"
    runner = (
        "import sys; from teachgames.cli.lessons import run_in_own_group; "
        f"sys.exit(run_in_own_group([sys.executable, '-c', {_CHILD!r}, {str(mark)!r}]))"
    )
    proc = subprocess.Popen([sys.executable, "-c", runner], stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 30
    while not (mark.exists() and mark.read_text() == "running"):
        assert proc.poll() is None and time.time() < deadline
        time.sleep(0.05)
    proc.send_signal(sig)
    assert proc.wait(timeout=30) == 0
    assert mark.read_text() == "stopped by signal 15"
    assert proc.stderr is not None and "Traceback" not in proc.stderr.read()


def test_ctrl_c_while_jupyterlab_starts_is_one_line(tmp_path):
    """Ctrl-C right after `teachgames lessons` started JupyterLab: a short message, no
    traceback, and no server left behind."""
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path / "cfg"), JUPYTER_DATA_DIR=str(tmp_path / "data"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "rt"), JUPYTER_PORT="0")
    proc = subprocess.Popen([_console(), "lessons", "--dir", str(tmp_path / "l"), "--no-browser"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        children: list[str] = []
        deadline = time.time() + 60
        while not children:
            assert proc.poll() is None and time.time() < deadline
            time.sleep(0.05)
            with contextlib.suppress(OSError):
                children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=60)
        assert proc.returncode == 0, out
        assert "Traceback" not in out and "KeyboardInterrupt" not in out
        assert "teachgames: stopping JupyterLab" in out
        for child in children:
            with pytest.raises(ProcessLookupError):
                os.killpg(int(child), 0)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)


def test_python_m_teachgames_cli():
    done = subprocess.run([sys.executable, "-m", "teachgames.cli", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("teachgames ")


def test_lessons_starts_jupyterlab_and_stops_with_it(tmp_path):
    """`teachgames lessons` (the README's main job) serves the copied notebooks, and SIGTERM
    to it leaves no JupyterLab behind."""
    import json
    import socket
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path / "cfg"), JUPYTER_DATA_DIR=str(tmp_path / "data"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "rt"))
    proc = subprocess.Popen(
        [_console(), "lessons", "--dir", str(tmp_path / "lessons"), "--no-browser"],
        env=env | {"JUPYTER_PORT": str(port), "JUPYTER_TOKEN": "t"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        deadline = time.time() + 90
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
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        assert children, "JupyterLab runs as a child of the command"
        proc.send_signal(signal.SIGTERM)  # only the command, not its group
        assert proc.wait(timeout=60) == 0
        for child in children:
            with pytest.raises(ProcessLookupError):
                os.killpg(int(child), 0)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)


# ---------------------------------------------------------------------- every value checked, names shown
@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", "delissimo", "--players", "-3"], "argument --players: takes a whole number, 1 or more, not '-3'"),
        (["play", "delissimo", "--bots", ",,,"], "--bots takes bot names separated by commas"),
        (["play", "delissimo", "--names", ""], "--names takes names separated by commas, such as Ann,Bob,Cy"),
        (["play", "delissimo", "--names", ",,"], "--names takes names separated by commas"),
        (["play", "split", "--names", "Ann,,Cy"], "--names has an empty item"),
        (["simulate", "split", "-n", "0"], "argument -n/--games: takes a whole number, 1 or more"),
        (["simulate", "split", "--jobs", "-1"], "argument --jobs: takes a whole number, 1 or more"),
    ],
)
def test_every_value_is_checked_and_the_message_names_the_flag(argv, words, capsys):
    with contextlib.suppress(SystemExit):
        assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err, err
    assert "Traceback" not in err


def test_a_name_cannot_forge_a_line_of_the_transcript(capsys):
    forged = "Ann\nPlayer 2: 999 (winner)"
    assert main(["play", "split", "--players", "2", "--names", f"{forged},B\x1b[31mob"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert not [line for line in lines if line.startswith("Player 2: 999")], out[-300:]
    assert "Ann␊Player 2: 999 (winner)" in out and "B␛[31mob" in out and "\x1b" not in out


def test_the_lessons_jupyterlab_starts_without_the_news_pop_up(tmp_path):
    """JupyterLab reads its page config from the paths the lessons add, so the "Jupyter
    news" announcements (a pop-up over an activity's Next button) are off; a teacher's
    own settings folder is still read."""
    pytest.importorskip("jupyterlab_server")
    from teachgames.cli.lessons import lab_environment

    env = lab_environment()
    env["JUPYTER_CONFIG_DIR"] = str(tmp_path)  # not this machine's own settings
    code = (
        "import json\nfrom jupyterlab_server.config import get_static_page_config\n"
        "print(json.dumps(get_static_page_config(level='all')))"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    import json

    disabled = json.loads(out).get("disabledExtensions", {})
    assert disabled.get("@jupyterlab/apputils-extension:announcements") is True, out
