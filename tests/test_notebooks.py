"""The lesson notebooks: one per game, lesson and language, written by the generic builder,
committed clean, and each runs top to bottom with no user input.

Each notebook in ``notebooks/<language>/`` is executed with nbclient in a temporary copy
(nothing is written back); no cell may fail, the exit ticket must start empty (Run All never
claims a right answer), and a Russian or Bulgarian notebook speaks its language in its
outputs as well as in its text.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from notebook_run import errors, outputs_of, run_notebook, text

from teachgames.core.i18n import LANGUAGES
from teachgames.lesson.notebooks import all_lessons, bundled, stale

ROOT = Path(__file__).resolve().parents[1]
#: The games whose notebooks this file checks (each other game's tests check its own, with the
#: same builder: teachgames.lesson.notebooks).
GAMES = ["delissimo"]
NOTEBOOKS = sorted(p for game in GAMES for p in (ROOT / "notebooks").glob(f"*/{game}-*.ipynb"))
IDS = [f"{p.parent.name}/{p.stem}" for p in NOTEBOOKS]
CELL_TIMEOUT = 120
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def test_every_lesson_exists_in_every_language() -> None:
    names = {f"{p.parent.name}/{p.name}" for p in NOTEBOOKS}
    for language in LANGUAGES:
        for lesson in ("6plus", "8plus", "10plus"):
            assert f"{language}/delissimo-{lesson}.ipynb" in names
    assert not list((ROOT / "notebooks").glob("*.ipynb")), (
        "one scheme: notebooks/<language>/<game>-<lesson>.ipynb"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_committed_without_outputs(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["nbformat"] == 4
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    assert nb["metadata"]["teachgames"]["language"] == path.parent.name
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"{path.name}: cell {cell.get('id')} has outputs"
            assert cell["execution_count"] is None, f"{path.name}: cell {cell.get('id')} has a count"
    assert "widgets" not in nb["metadata"], f"{path.name}: saved widget state"


def test_the_builder_reproduces_the_notebooks() -> None:
    """What ``python notebooks/build.py`` writes is exactly what is committed."""
    assert stale(games=GAMES) == [], "run: python notebooks/build.py"


def test_build_script_writes_every_notebook(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(ROOT / "notebooks" / "build.py"), "--out", str(tmp_path), "--game", "delissimo"],
        check=True,
        capture_output=True,
    )
    written = sorted(f"{p.parent.name}/{p.name}" for p in tmp_path.glob("*/*.ipynb"))
    assert written == sorted(f"{p.parent.name}/{p.name}" for p in NOTEBOOKS)
    for path in NOTEBOOKS:
        assert (tmp_path / path.parent.name / path.name).read_bytes() == path.read_bytes()


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_russian_and_bulgarian_notebooks_are_in_their_language(language: str) -> None:
    for path in (ROOT / "notebooks" / language).glob("*.ipynb"):
        nb = json.loads(path.read_text(encoding="utf-8"))
        markdown = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        letters = re.findall(r"[A-Za-zА-Яа-яЁё]", markdown)
        cyrillic = [ch for ch in letters if CYRILLIC.match(ch)]
        assert len(cyrillic) > 0.8 * len(letters), f"{path.name}: mostly not in {language}"
        setup = "".join(nb["cells"][1]["source"])
        assert f"set_language({language!r})" in setup


@pytest.mark.parametrize("language", LANGUAGES)
def test_bundled_lists_a_languages_lessons_in_order(language: str) -> None:
    names = [p.name for p in bundled(language)]
    assert names[:3] == ["delissimo-6plus.ipynb", "delissimo-8plus.ipynb", "delissimo-10plus.ipynb"]
    assert all(p.parent.name == language for p in bundled(language))


def test_bundled_refuses_an_unknown_language() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        bundled("de")


@pytest.mark.parametrize("language", LANGUAGES)
def test_8plus_widget_order(language: str) -> None:
    """The browser tests rely on it: the warm-up activity first, then the replay, the puzzles,
    one play widget and the exit ticket, each a widget (no code for the pupil to edit)."""
    nb = json.loads((ROOT / "notebooks" / language / "delissimo-8plus.ipynb").read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    parts = [src for src in code if "show_activity(" in src or "teachgames.show(" in src]
    assert ["activity" if "show_activity(" in p else "game" for p in parts] == [
        "activity", "game", "activity", "game", "activity"
    ]
    assert '"warmup"' in parts[0] and 'mode="replay"' in parts[1] and '"puzzles"' in parts[2]
    assert 'mode="play"' in parts[3] and '"ticket"' in parts[4]
    if language == "en":
        assert '"Pupil"' in parts[3]


def test_8plus_leaves_the_action_cards_out() -> None:
    for language in LANGUAGES:
        source = (ROOT / "notebooks" / language / "delissimo-8plus.ipynb").read_text(encoding="utf-8")
        games = re.findall(r"new_game\(\\\"delissimo\\\"[^)]*\)", source)
        assert games and all("specials_per_pair" in g and "cancels" in g for g in games), games


def test_every_lesson_has_its_words_in_every_language() -> None:
    for lesson in all_lessons(GAMES):
        for language in LANGUAGES:
            lesson.book(language)  # raises KeyError naming a missing section


def _widgets(cells: list[Any]) -> int:
    return sum(
        1 for c in cells for o in c.outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
    )


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_runs(path: Path, tmp_path: Path) -> None:
    language = path.parent.name
    start = time.perf_counter()
    code = run_notebook(path, tmp_path, timeout=CELL_TIMEOUT)  # raises on the first failing cell
    print(f"\n{language}/{path.name}: {len(code)} code cells in {time.perf_counter() - start:.1f} s")
    failed = errors(code)
    assert not failed, failed
    last = code[-1]
    if not path.stem.startswith("experiments-"):  # every game's lesson ends with its practice
        game, lesson = path.stem.split("-", 1)
        assert "practice.show(" in last.source and _widgets([last]) == 1, "the lesson ends with practice"
        from teachgames import practice

        skills = practice.lesson_skills(game, lesson)
        assert skills, f"{path.stem}: practice on no skill"
        assert set(skills) <= {s.id for s in practice.skills(game)}
        last = code[-2]  # the exit ticket, before the practice
        # every lesson's exit ticket is its activity, which Run All leaves unanswered
        assert '"ticket"' in last.source and _widgets([last]) == 1
        assert "✓" not in "".join(text(o) for o in last.outputs), "Run All marks nothing right"
    assert _widgets(code) >= 2, "a replay widget and a play widget"
    # what the notebook shows: plain text, and the widgets' static HTML (exported notebooks)
    outputs = "".join(text(o) for c in code for o in c.outputs) + "".join(outputs_of(code, "text/html"))
    if language != "en":
        assert CYRILLIC.search(outputs)
        for english in ("Player 1 gives", "Right!", "Not quite", "Exit ticket", "How the scores"):
            assert english not in outputs, f"{english!r} in a {language} notebook's outputs"


@pytest.mark.slow
def test_the_documented_html_export_shows_every_widget_offline(tmp_path):
    """docs/lessons.md's one command: the executed lesson's page holds each widget's
    static copy (inline SVG), and no live widget that would need the internet."""
    import shutil
    import subprocess
    import sys

    docs = (Path(__file__).resolve().parents[1] / "docs" / "lessons.md").read_text(encoding="utf-8")
    command = next(line for line in docs.splitlines() if line.startswith("jupyter nbconvert --to html"))
    lesson = Path(__file__).resolve().parents[1] / "notebooks" / "en" / "delissimo-8plus.ipynb"
    shutil.copy(lesson, tmp_path / lesson.name)
    words = command.split()  # jupyter nbconvert --to html ...: nbconvert of this Python
    done = subprocess.run(
        [sys.executable, "-m", words[1], *words[2:]], cwd=tmp_path, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    page = (tmp_path / "delissimo-8plus.html").read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-view+json" not in page
    assert page.count("<svg") >= 5
    # each static copy says what it leaves out: the activities' other screens, the replay's moves
    assert page.count('data-testid="tg-static-note"') >= 4
    assert "the other screens are in the live lesson" in page
    assert "moves follow in the live widget" in page
