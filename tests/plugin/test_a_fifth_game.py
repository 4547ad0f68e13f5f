"""A fifth game from its own package, installed with pip, is found in every layer.

``tests/plugin/pebbles`` is what a teacher would publish: a ``pyproject.toml`` with one
entry point in the group ``teachgames.games``, the game class naming its explanations,
lessons and widget as specs, its words in ``pebbles/locales/``, one lesson with its text
in three languages. The test ``pip install``s a copy into a fresh virtual environment
(which sees the test environment's packages, teachgames among them, through a ``.pth``
file) and asks each layer from a new interpreter there, as a teacher's notebook would:
the registry, the catalogue, the lesson builder, the site's content, the command line,
the widget and export. Nothing in teachgames names the game.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import textwrap
import venv
from pathlib import Path

import pytest

import teachgames

pytestmark = pytest.mark.slow

HERE = Path(__file__).resolve().parent
#: The teachgames under test: the new interpreter imports this copy first.
CHECKOUT = Path(teachgames.__file__).resolve().parent.parent


class Venv:
    """A virtual environment with the toy game installed; ``run`` executes Python there."""

    def __init__(self, root: Path) -> None:
        self.root = root
        bindir = "Scripts" if os.name == "nt" else "bin"
        self.python = root / "venv" / bindir / ("python.exe" if os.name == "nt" else "python")
        self.env = {**os.environ, "PYTHONPATH": str(CHECKOUT), "PYTHONIOENCODING": "utf-8"}
        self.env.pop("PYTHONHOME", None)

    def command(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.python), *args], capture_output=True, text=True, encoding="utf-8",
            env=self.env, cwd=self.root, check=check, timeout=300,
        )

    def run(self, code: str) -> object:
        """Run ``code`` there; what it prints last, read as JSON."""
        done = self.command("-c", textwrap.dedent(code), check=False)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    root = tmp_path_factory.mktemp("plugin")
    source = root / "pebbles-src"
    shutil.copytree(HERE / "pebbles", source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    venv.EnvBuilder(with_pip=False).create(root / "venv")
    where = Venv(root)
    purelib = where.command("-c", "import sysconfig; print(sysconfig.get_path('purelib'))").stdout.strip()
    # the test environment's packages (teachgames' dependencies, pip, setuptools), with their .pth files
    parents = "; ".join(f"site.addsitedir({p!r})" for p in site.getsitepackages())
    (Path(purelib) / "_test_environment.pth").write_text(f"import site; {parents}\n", encoding="utf-8")
    where.command(
        "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
        "--disable-pip-version-check", str(source),
    )
    assert (Path(purelib) / "pebbles" / "locales" / "ru.json").is_file()  # installed, not read from the source
    return where


def test_the_registry_lists_deals_plays_saves_and_loads_it(env: Venv) -> None:
    out = env.run("""
        import json, teachgames
        g = teachgames.new_game("pebbles", players=2, pile=7, seed=1)
        g.play({"kind": "take", "player": 0, "count": 3})
        again = teachgames.load_game(g.to_json())
        print(json.dumps({"games": list(teachgames.GAMES), "module": type(g).__module__,
                          "scores": again.scores(), "same": again == g}))
    """)
    assert isinstance(out, dict)
    assert out["games"][:4] == ["delissimo", "tsvetik", "ligretto", "split"]
    assert "pebbles" in out["games"]
    assert out["module"] == "pebbles.game" and out["scores"] == [3, 0] and out["same"]


def test_its_words_come_from_its_own_package_in_every_language(env: Venv) -> None:
    out = env.run("""
        import json, teachgames
        from teachgames.core.i18n import missing_keys, placeholder_problems, where
        g = teachgames.new_game("pebbles", players=2, pile=7, seed=1)
        said = {}
        for lang in ("en", "ru", "bg"):
            refusal = g.problem({"kind": "take", "player": 0, "count": 4})
            said[lang] = [type(g).title(lang), g.describe(g.legal_moves()[1], lang), refusal.words(lang),
                          g.explain(g.legal_moves()[0], lang).verdict]
        gaps = [missing_keys("pebbles", l) + placeholder_problems("pebbles", l) for l in ("ru", "bg")]
        print(json.dumps({"said": said, "gaps": gaps, "where": where("pebbles")}))
    """)
    assert isinstance(out, dict)
    assert out["said"]["en"][:2] == ["Pebbles", "Player 1 takes 2 pebbles"]
    assert out["said"]["ru"][:2] == ["Камешки", "Игрок 1 берёт 2 камешка"]
    assert out["said"]["bg"][:2] == ["Камъчета", "Играч 1 взема 2 камъчета"]
    assert "не больше, чем лежит на столе (7)" in out["said"]["ru"][2]
    assert "останалите на масата (7)" in out["said"]["bg"][2]
    assert all(said[3] is True for said in out["said"].values())
    assert out["gaps"] == [[], []] and out["where"] == "pebbles/locales/"


def test_its_lesson_notebook_is_built_in_every_language(env: Venv) -> None:
    built = env.command("-m", "teachgames.lesson.notebooks", "--game", "pebbles", "--out", "built")
    assert built.stdout.count("wrote") == 3
    ru = json.loads((env.root / "built" / "ru" / "pebbles-intro.ipynb").read_text(encoding="utf-8"))
    assert ru["metadata"]["teachgames"] == {"game": "pebbles", "lesson": "intro", "language": "ru"}
    assert ru["cells"][0]["source"] == "# Камешки: один, два или три"
    assert "set_language('ru')" in ru["cells"][1]["source"]
    check = env.command("-m", "teachgames.lesson.notebooks", "--game", "pebbles", "--out", "built", "--check")
    assert check.returncode == 0
    out = env.run("""
        import json
        from teachgames.lesson.notebooks import games_with_lessons
        from teachgames.lesson.plans import plan_parts
        print(json.dumps([games_with_lessons(), plan_parts("pebbles")]))
    """)
    assert isinstance(out, list)
    assert "pebbles" in out[0] and out[0][-1] == "experiments"
    assert out[1] == {"intro": [["warmup", 5], ["game", 15]]}


def test_the_site_lists_its_pages_and_takes_its_name(env: Venv) -> None:
    env.command("-m", "teachgames.lesson.notebooks", "--game", "pebbles", "--out", "site-src/notebooks")
    (env.root / "site-src" / "lessons").mkdir(exist_ok=True)
    out = env.run("""
        import argparse, json
        from pathlib import Path
        from teachgames.site.cli import add_cli
        from teachgames.site.content import discover, known_games
        notebooks, _plans = discover(["bg"], ["pebbles"], Path("site-src"))
        parser = argparse.ArgumentParser()
        add_cli(parser.add_subparsers())
        args = parser.parse_args(["site", "-o", "out", "--games", "pebbles"])
        print(json.dumps({"known": list(known_games()), "games": args.games,
                          "notebooks": [[i.target, i.game, i.language] for i in notebooks]}))
    """)
    assert isinstance(out, dict)
    assert "pebbles" in out["known"] and out["games"] == ["pebbles"]
    assert out["notebooks"] == [["bg/pebbles-intro.ipynb", "pebbles", "bg"]]


def test_the_command_line_names_it_and_plays_it(env: Venv) -> None:
    listing = env.command("-m", "teachgames.cli", "play", "--help")
    assert "pebbles" in listing.stdout
    options = env.command("-m", "teachgames.cli", "play", "pebbles", "--help")
    assert "--pile" in options.stdout
    played = env.command("-m", "teachgames.cli", "play", "pebbles", "--pile", "7", "--seed", "1",
                         "--language", "ru", "--bots", "greedy,random")
    assert "1. Игрок 1 берёт 3 камешка" in played.stdout, played.stdout  # the greedy bot takes most
    wrong = env.command("-m", "teachgames.cli", "play", "pebbles", "--pile", "8", check=False)
    assert wrong.returncode == 2 and "Traceback" not in wrong.stderr
    assert "pile must be one of 7, 10, 13, not '8'" in wrong.stderr
    copied = env.command("-m", "teachgames.cli", "lessons", "--no-lab", "--language", "bg", "--dir", "class")
    assert "files copied" in copied.stdout
    assert "Камъчета: едно, две или три" in (env.root / "class" / "pebbles-intro.ipynb").read_text(encoding="utf-8")


def test_its_widget_is_the_one_it_names_and_speaks_its_words(env: Venv) -> None:
    out = env.run("""
        import json, teachgames
        from teachgames.widgets import make_widget
        w = make_widget(teachgames.new_game("pebbles", players=2, pile=7, seed=1), language="ru")
        vm = w.view_model
        w.handle_intent({"type": "intent", "version": vm["version"], "action": "move", "args": {"index": 1}})
        print(json.dumps({"cls": type(w).__module__ + "." + type(w).__name__, "status": vm["status"],
                          "moves": [m["label"] for m in vm["moves"]], "after": w.view_model["scores"][0]["score"]}))
    """)
    assert isinstance(out, dict)
    assert out["cls"] == "pebbles.widget.PebblesWidget"
    assert out["status"] == "Игрок 1: возьмите один, два или три камешка"
    assert out["moves"] == ["Игрок 1 берёт 1 камешек", "Игрок 1 берёт 2 камешка", "Игрок 1 берёт 3 камешка"]
    assert out["after"] == "2"


def test_a_game_of_it_exports(env: Venv) -> None:
    out = env.run("""
        import json, teachgames
        g = teachgames.new_game("pebbles", players=2, pile=7, seed=1)
        for count in (3, 2, 2):
            g.play({"kind": "take", "player": g.current_player, "count": count})
        teachgames.export(g, "pebbles.html", language="bg")
        teachgames.export(g, "pebbles.md", language="ru")
        print(json.dumps(True))
    """)
    assert out is True
    page = (env.root / "pebbles.html").read_text(encoding="utf-8")
    assert "Камъчета" in page and "Играч 2 взема 2 камъчета" in page
    assert "Игрок 1 взял 5 камешков" in (env.root / "pebbles.md").read_text(encoding="utf-8")


def test_a_class_worksheet_of_it_is_printed_with_its_key(env: Venv) -> None:
    done = env.command("-m", "teachgames.cli", "worksheet", "pebbles", "--pupils", "3", "--language", "ru",
                       "--seed", "2", "-o", "sheet.html")
    assert "sheet" in done.stdout
    sheet = (env.root / "sheet.html").read_text(encoding="utf-8")
    key = (env.root / "sheet-key.html").read_text(encoding="utf-8")
    assert sheet.count("Сколько камешков осталось?") == 3 and "Камешки" in sheet
    assert "взятые камешки прибавили, а не вычли" in key
