"""Worksheets a teacher prints: every game, every language; answers the engine agrees
with; a different position of the same difficulty per pupil; names printed as text."""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from sympy import Rational

import teachgames
from teachgames.core.errors import IllegalMove
from teachgames.worksheets.build import build_worksheet, game_kinds

HOSTILE = ["<img src=x onerror=alert(1)>", r"\input{/etc/passwd}", r"}{\end{document}"]
GAMES = ("delissimo", "tsvetik", "split", "ligretto")


def _tools(*names: str) -> None:
    for name in names:
        if shutil.which(name) is None:
            if os.environ.get("CI"):
                pytest.fail(f"{name} is missing: .ci/run must install TeX Live and poppler-utils")
            pytest.skip(f"{name} is not installed")


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00ad", "").split())


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
@pytest.mark.parametrize("game", GAMES)
def test_every_game_prints_in_every_language(game: str, language: str, tmp_path: Path) -> None:
    sheet = teachgames.worksheet(game, pupils=2, language=language, seed=3, output=tmp_path / "s.html")
    pupils = (tmp_path / "s.html").read_text(encoding="utf-8")
    key = (tmp_path / "s-key.html").read_text(encoding="utf-8")
    assert pupils.count('<article class="pupil"') == 2
    if language != "en":  # the rules it was made with, in words: «блокада: раунд заканчивается», not "end"
        assert not re.search("[A-Za-z]", sheet.subtitle), f"English left in the heading: {sheet.subtitle}"
    assert html.escape(sheet.subtitle) in pupils
    for pupil in sheet.pupils:
        assert pupil.tasks, "every pupil has tasks"
        for task in pupil.tasks:
            assert html.escape(task.prompt) in pupils
            assert html.escape(task.answer) not in pupils, "the pupils' sheet gives no answer away"
            assert html.escape(task.answer) in key
            assert task.worked is not None and task.misconceptions
            assert all(html.escape(m) in key for m in task.misconceptions)


def test_six_plus_sheets_write_no_fraction(tmp_path: Path) -> None:
    """At 6+ pupils count slices and whole pizzas: no written fraction on their sheet."""
    for level in ("beginner", "whole"):
        sheet = teachgames.worksheet("delissimo", level=level, pupils=3, seed=1, output=tmp_path / "s.tex")
        words = re.sub(r"<[^>]+>", " ", sheet._repr_html_())
        assert not re.search(r"\d\s*/\s*\d", words), level
        tex = (tmp_path / "s.tex").read_text(encoding="utf-8")
        assert "\\tfrac" not in tex and not re.search(r"\d/\d", tex), level
        assert any("slice" in t.answer for p in sheet.pupils for t in p.tasks)


def _brute_best(game) -> int:
    best = 0
    for capture in game.captures():
        g = game.copy()
        g.play(capture)
        best = max(best, sum(c.eighths for c in capture.take) + _brute_best(g))
    return best


def _engine_agrees(task, level: str) -> None:
    """The keyed answer is what the engine's public API says, asked afresh."""
    from teachgames import delissimo, ligretto, split, tsvetik

    pos = task.position
    if task.kind in ("common", "illegal", "best_turn", "score"):
        if pos["level"] in ("beginner", "whole"):
            g = delissimo.scenario(
                level=pos["level"], hands=[pos["hand"], []], centre=pos["table"], piles=pos.get("piles")
            )
        else:
            g = delissimo.scenario(
                level=pos["level"],
                hands=[pos["hand"], []],
                stacks=[[c] for c in pos["table"]],
                piles=pos.get("piles"),
            )
    if task.kind == "common":
        (capture,) = g.captures()
        assert f"= {sum(c.eighths for c in capture.take)}/8" in task.answer
        assert g.explain(capture).verdict is True
    elif task.kind == "illegal":
        move = {"kind": "capture", "player": 0, "give": pos["give"], "take": pos["take"]}
        assert g.explain(move).verdict is False
        with pytest.raises(IllegalMove):
            g.play(move)
    elif task.kind == "best_turn":
        best = _brute_best(g)
        assert (f"{best}/8" if level in ("basic", "advanced") else "slice") in task.answer or best % 8 == 0
    elif task.kind == "score":
        score = g.scores()[0]
        if level in ("basic", "advanced"):
            assert task.answer.startswith(f"{score.p * 8 // score.q}/8")
        else:
            assert f"{int(score)} whole" in task.answer
    elif task.kind == "group":
        assert task.short == str(tsvetik.score_cards(pos["cards"])[0]).replace("-", "−")
    elif task.kind == "field":
        mine = pos["mine"]
        gains = [tsvetik.score_cards(mine + f)[0] - tsvetik.score_cards(mine)[0] for f in pos["fields"] if f]
        assert task.short.endswith(f"(+{max(gains)})")
    elif task.kind == "chance":
        g = teachgames.new_game("tsvetik", players=3, seed=pos["seed"])
        for move in pos["moves"]:
            g.play(move)
        bank = g.view()["bank_cards"]
        chance = Rational(bank.count(pos["colour"]), len(bank))
        assert task.short.endswith(f"{chance.p}/{chance.q}")
    elif task.kind == "classify":
        for i, (a, b) in enumerate(pos["pairs"], 1):
            try:
                kind = split.match_type(a, b)
            except IllegalMove:
                kind = "not a match"
            assert f"{i}) {kind}" in task.answer
    elif task.kind == "pad":
        assert task.short == str(split.pad_score(**pos["marks"])[0]).replace("-", "−")
    elif task.kind == "below_zero":
        points = ligretto.round_score(pos["centre"], pos["left"])[0]
        assert points < 0 and task.short == f"−{-points}"
    elif task.kind == "running":
        total, totals = 0, []
        for c, left in pos["rounds"]:
            total += ligretto.round_score(c, left)[0]
            totals.append(str(total).replace("-", "−"))
        assert task.short == " → ".join(totals)
    else:  # pragma: no cover
        raise AssertionError(f"no engine check for {task.kind}")


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("delissimo", {"level": "beginner"}),
        ("delissimo", {"level": "whole"}),
        ("delissimo", {"level": "basic"}),
        ("delissimo", {"level": "advanced"}),
        ("tsvetik", {}),
        ("split", {}),
        ("ligretto", {}),
    ],
)
def test_every_keyed_answer_is_the_engines_and_variants_differ_at_equal_difficulty(game, options) -> None:
    sheet = build_worksheet(game, pupils=3, seed=5, language="en", **options)
    level = str(options.get("level", ""))
    kinds = {k.name: k for k in game_kinds(game)}
    first, second = sheet.pupils[0].tasks, sheet.pupils[1].tasks
    for a, b in zip(first, second, strict=True):
        assert a.kind == b.kind
        assert a.position != b.position, f"{a.kind}: two pupils got the same position"
        wanted = kinds[a.kind].wanted(level or "seed" if game == "tsvetik" else level)
        assert a.difficulty == b.difficulty == wanted
    for pupil in sheet.pupils:
        for task in pupil.tasks:
            _engine_agrees(task, level)


def test_the_same_seed_gives_the_same_class_and_pupils_keep_their_sheet() -> None:
    small = build_worksheet("ligretto", pupils=2, seed=9)
    large = build_worksheet("ligretto", pupils=4, seed=9)
    assert small.pupils == large.pupils[:2]
    assert build_worksheet("ligretto", pupils=2, seed=10).pupils != small.pupils


def test_hostile_names_are_text_in_html_and_latex(tmp_path: Path) -> None:
    sheet = teachgames.worksheet("ligretto", names=HOSTILE, seed=1, output=tmp_path / "s.html")
    for page in ("s.html", "s-key.html"):
        text = (tmp_path / page).read_text(encoding="utf-8")
        assert "<img src=x" not in text
        assert html.escape(HOSTILE[0]) in text
    sheet.write(tmp_path / "s.tex")
    tex = (tmp_path / "s.tex").read_text(encoding="utf-8")
    assert r"\input{/etc/passwd}" not in tex and tex.strip().splitlines()[-1] == r"\end{document}"
    assert tex.count(r"\end{document}") == 1


def test_bad_requests_are_plain_words() -> None:
    with pytest.raises(ValueError, match="no task kind 'nope'"):
        build_worksheet("delissimo", kinds=["nope"])
    with pytest.raises(ValueError, match="not for beginner"):
        build_worksheet("delissimo", level="beginner", kinds=["common"])
    with pytest.raises(ValueError, match="2 names for 3 pupils"):
        build_worksheet("split", pupils=3, names=["A", "B"])
    with pytest.raises(ValueError, match="from 1 to"):
        build_worksheet("split", pupils=0)
    with pytest.raises(ValueError, match=r"cannot write a worksheet to \.md"):
        teachgames.worksheet("split", output="sheet.md")


def test_the_command_writes_sheets_and_key(tmp_path: Path, capsys) -> None:
    from teachgames.cli import main

    out = tmp_path / "sheet.html"
    assert main(["worksheet", "split", "--pupils", "2", "--language", "ru", "-o", str(out)]) == 0
    assert "2 ученика" in capsys.readouterr().out
    assert out.exists() and (tmp_path / "sheet-key.html").exists()
    assert main(["worksheet", "delissimo", "--level", "beginner", "--kinds", "common", "-o", str(out)]) == 2
    assert "not for beginner" in capsys.readouterr().err
    assert main(["worksheet", "split", "-o", str(tmp_path / "missing" / "s.pdf")]) == 2


def _pupil_pages(pdf: Path) -> list[str]:
    """The running head of every page (each page names its pupil)."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True).stdout
    pages = text.split("\f")
    return [page.strip().splitlines()[0].rsplit(None, 1)[0].strip() if page.strip() else "" for page in pages]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "language", "options", "names"),
    [
        ("delissimo", "en", {"level": "basic"}, HOSTILE),
        ("delissimo", "bg", {"level": "beginner"}, None),
        ("tsvetik", "ru", {}, None),
        ("split", "bg", {}, None),
        ("ligretto", "ru", {}, ["Аня", "Борис"]),
    ],
)
def test_the_pdf_compiles_and_each_pupil_fits_two_pages(
    game, language, options, names, tmp_path: Path
) -> None:
    _tools("lualatex", "pdftotext", "pdfinfo")
    sheet = teachgames.worksheet(
        game, names=names, pupils=None if names else 2, language=language, seed=2,
        output=tmp_path / "s.pdf", **options,
    )  # fmt: skip
    heads = _pupil_pages(tmp_path / "s.pdf")
    words = _flat(
        subprocess.run(["pdftotext", str(tmp_path / "s.pdf"), "-"], capture_output=True, text=True).stdout
    )
    key = _flat(
        subprocess.run(["pdftotext", str(tmp_path / "s-key.pdf"), "-"], capture_output=True, text=True).stdout
    )
    for pupil in sheet.pupils:
        label = pupil.label(language)
        pages = [h for h in heads if h.startswith(label)]
        assert 1 <= len(pages) <= 2, f"{label}: {len(pages)} pages"
        assert label in words and label in key
        for task in pupil.tasks:
            assert _flat(task.prompt)[:30] in words
            assert _flat(task.answer)[:20] in key
    if options.get("level") == "beginner":
        assert not re.search(r"\d\s*/\s*\d", words)


@pytest.mark.parametrize("game", GAMES)
def test_every_task_word_exists_in_every_language_with_the_same_fields(game: str) -> None:
    import importlib

    from teachgames.core.i18n import placeholders, plural_problems

    words = importlib.import_module(f"teachgames.{game}.worksheet").WORDS
    english = words["en"]
    for language in ("ru", "bg"):
        assert set(words[language]) == set(english), language
        for key, template in words[language].items():
            assert placeholders(template) == placeholders(english[key]), (language, key)
            assert not plural_problems(template, language), (language, key)


def test_export_writes_the_key_moves_by_default_and_all_on_request(tmp_path: Path, capsys) -> None:
    from teachgames.cli import main

    short, whole = tmp_path / "key.html", tmp_path / "all.html"
    assert main(["export", "delissimo", "--seed", "7", "-o", str(short)]) == 0
    said = re.search(r"the (\d+) key moves of (\d+) moves", capsys.readouterr().out)
    assert main(["export", "delissimo", "--seed", "7", "--moves", "all", "-o", str(whole)]) == 0
    steps = short.read_text(encoding="utf-8").count('<section class="move"')
    every = whole.read_text(encoding="utf-8").count('<section class="move"')
    assert said and (int(said.group(1)), int(said.group(2))) == (steps, every)  # says what it wrote
    assert 2 <= steps <= 12 < every
    assert main(["export", "delissimo", "--moves", "some", "-o", str(short)]) == 2
    tex = tmp_path / "key.tex"
    assert main(["export", "split", "--seed", "7", "-o", str(tex)]) == 0
    body = tex.read_text(encoding="utf-8")
    key_steps = re.findall(r"Move \d+ of \d+: a key move", body)
    assert body.count(r"\begin{minipage}") == len(key_steps) >= 2  # one unbreakable block a step


# ---------------------------------------------------------------------- a lesson's activity on paper


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_lessons_exit_ticket_prints_with_its_key(language: str) -> None:
    """The exit ticket of a lesson, on paper: every question (never its answer) on the
    pupil's sheet; every answer and likely wrong answer in the key; 6+ with no fraction."""
    from teachgames.lesson import activity_spec
    from teachgames.worksheets.activity import activity_worksheet
    from teachgames.worksheets.html import key_html, sheets_html

    for lesson in ("6plus", "8plus", "10plus"):
        sheet = activity_worksheet("delissimo", lesson, pupils=2, names=["Ann", "<b>Bo</b>"], language=language)
        pupils, key = sheets_html(sheet), key_html(sheet)
        spec = activity_spec("delissimo", lesson, "ticket")
        assert "<b>Bo</b>" not in pupils and "&lt;b&gt;Bo&lt;/b&gt;" in pupils
        for screen in spec.screens:
            first_line = screen.prompt(language).split("\n")[0]
            assert html.escape(first_line, quote=False)[:40] in pupils
            assert screen.task is not None
            answer = html.escape(screen.task.answer_text(language), quote=False)
            assert answer in key
            for _wrong, line in screen.task.likely_wrong(language):
                assert html.escape(line, quote=False)[:40] in key
        if lesson == "6plus":
            visible = re.sub(r'data-card="[^"]*"', "", pupils + key)
            assert not re.search(r"(?<![\w/])\d+/\d+(?![\w/])", re.sub(r"<[^>]+>", " ", visible))


def test_the_cli_prints_an_exit_ticket(tmp_path: Path) -> None:
    from teachgames.cli import main

    out = tmp_path / "ticket.html"
    assert main(["worksheet", "delissimo", "--lesson", "8plus", "--pupils", "3", "-o", str(out)]) == 0
    assert out.exists() and (tmp_path / "ticket-key.html").exists()
    assert main(["worksheet", "delissimo", "--lesson", "99plus", "-o", str(out)]) == 2  # one line, no traceback


def test_an_activity_key_gives_each_worked_solution_once() -> None:
    """The key's answer is the answer, the worked solution, then the reveal: the worked
    solution was once printed twice (the teacher's view already holds it)."""
    from teachgames.lesson import activity_spec
    from teachgames.lesson.screens import paragraphs
    from teachgames.worksheets.activity import activity_print_tasks

    spec = activity_spec("delissimo", "8plus", "ticket")
    tasks = activity_print_tasks("delissimo", "8plus", "ticket", "en")
    for screen, task in zip([s for s in spec.screens if s.task], tasks, strict=True):
        assert screen.worked is not None
        for paragraph in paragraphs(screen.worked("en").text):
            assert task.answer.count(paragraph) == 1, (task.kind, paragraph)


def test_an_activity_prompt_and_its_options_print_as_paragraphs(tmp_path: Path) -> None:
    """A lesson screen's prompt and its options are paragraphs on paper: in LaTeX never the
    newline's sign (␊, what a newline in a name prints as), in HTML one <p> each."""
    from teachgames.worksheets.activity import activity_worksheet

    sheet = activity_worksheet("delissimo", "8plus", "ticket", language="en")
    task = sheet.pupils[0].tasks[0]
    assert len(task.prompt_paragraphs()) >= 2  # the question, then the options
    sheet.write(tmp_path / "s.tex")
    for name in ("s.tex", "s-key.tex"):
        assert "␊" not in (tmp_path / name).read_text(encoding="utf-8")
    sheet.write(tmp_path / "s.html")
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    for paragraph in task.prompt_paragraphs():
        assert f'<p class="prompt">{html.escape(paragraph)}</p>' in page
