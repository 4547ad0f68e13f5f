"""The Split lesson: its pictures of pairs and the notebook in three languages (its screens
and exit ticket: tests/split/test_activities.py and tests/lesson/test_exit_tickets.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from teachgames.split.lesson import match_row

ROOT = Path(__file__).resolve().parents[2]


def test_match_row_hides_the_types_when_asked() -> None:
    shown = str(match_row([("7h", "7d"), ("7h", "9h")]))
    hidden = str(match_row([("7h", "7d")], show_type=False))
    assert "strong" in shown and "no match" in shown
    assert "strong" not in hidden and ">?<" in hidden


def test_the_committed_notebooks_are_what_the_builder_writes() -> None:
    """The 6+ notebook is five widgets a pupil clicks in: no cell asks a pupil to edit code
    (the old ``check_match("9s", "9c", "")``); the exit ticket's activity comes last but for the
    practice on the ticket's skills."""
    from teachgames.lesson.notebooks import stale

    assert stale(games=["split"]) == []
    for language in ("en", "ru", "bg"):
        nb = json.loads((ROOT / "notebooks" / language / "split-classify.ipynb").read_text(encoding="utf-8"))
        assert f"set_language({language!r})" in "".join(nb["cells"][1]["source"])
        code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
        assert all(c["outputs"] == [] for c in nb["cells"] if c["cell_type"] == "code")
        assert "TEACHER_VIEW = False" in code[1]
        shown = [c for c in code if "show_activity(" in c]
        assert [re.search(r'"(warmup|puzzles|ticket)"', c)[1] for c in shown] == [
            "warmup",
            "puzzles",
            "ticket",
        ]  # type: ignore[index]
        assert shown[-1] == code[-2] and "practice.show('split'" in code[-1]
        assert not any(
            name in c for c in code for name in ("check_match", "explain_scores", "pad_score", "ask()")
        )
        if language != "en":
            markdown = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
            letters = re.findall(r"[A-Za-zА-Яа-яЁё]", markdown)
            assert len(re.findall(r"[А-Яа-яЁё]", markdown)) > 0.8 * len(letters)


@pytest.mark.notebooks
def test_the_russian_notebook_runs_top_to_bottom(tmp_path: Path) -> None:
    import nbformat
    from nbclient import NotebookClient

    language = "ru"
    nb = nbformat.read(ROOT / "notebooks" / language / "split-classify.ipynb", as_version=4)
    NotebookClient(
        nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    widgets = [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(widgets) == 6  # warm-up, replay, puzzles, play, the exit ticket, practice
    text = "".join(str(o.get("data", {}).get("text/html", "")) for o in outputs)
    assert "Player" not in text and "Игрок" in text


def test_the_plan_quotes_the_game() -> None:
    """lessons/split.md quotes the notebook's replay (its game and bots) and the game's
    refusals word for word, and its generated blocks are the lesson's own."""
    import teachgames
    from teachgames.bots import GreedyBot
    from teachgames.lesson.plans import main as plans
    from teachgames.split import match_type, scenario
    from teachgames.split.bots import PlannerBot
    from teachgames.split.lesson.notebooks import GAME, REPLAY_BOTS

    assert plans(["--check"]) == 0
    plan = " ".join((ROOT / "lessons" / "split.md").read_text(encoding="utf-8").split())
    assert GAME == 'teachgames.new_game("split", players=2, seed=7, preset="one-round")'
    assert REPLAY_BOTS == ("PlannerBot()", "GreedyBot()")
    g = teachgames.new_game("split", players=2, seed=7, preset="one-round")
    bots = [PlannerBot(), GreedyBot()]
    while not g.is_over():
        g.play(bots[g.current_player].choose(g))
    rounds = " / ".join(", ".join(str(x).replace("-", "−") for x in r) for r in g.round_scores())
    assert f"the round scores are {rounds}" in plan
    total = ", ".join(str(x).replace("-", "−") for x in g.scores())
    assert f"the match ends {total}: Player {g.winners()[0] + 1} wins" in plan
    for language, quote in (
        ("en", 'the game refuses it: "{}"'),
        ("ru", "программа отвечает: «{}»"),
        ("bg", "програмата отговаря: „{}“"),
    ):
        with pytest.raises(teachgames.IllegalMove) as info:
            match_type("Jc", "Qc")
        reason = info.value.words(language)
        assert quote.format(reason[:1].upper() + reason[1:] if language != "en" else reason) in plan
    puzzle = scenario(
        hands=[["7h", "7c", "Kd"], ["2s", "5d", "9c"]],
        draw=["Qs", "3h"],
        discard=["4d", "Jc"],
        matches=[[["7h", "7s"], ["Ks", "Kc"]], [["5h", "5s"]]],
        phase="play",
    )
    refused = puzzle.problem(
        {"kind": "upgrade", "player": 0, "owner": 0, "match": 0, "card": "7c", "replace": "7s"}
    )
    assert refused is not None and f'"{refused.reason}"' in plan
