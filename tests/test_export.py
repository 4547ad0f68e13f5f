"""Worked-example export: self-contained HTML, Markdown, LaTeX that compiles."""

from __future__ import annotations

import base64
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

import teachgames
from teachgames.bots import GreedyBot, RandomBot

NAMES = ["Ann <b>&amp;</b>", 'Bob "the" {Builder}_$%', "Cy"]


@pytest.fixture(scope="module")
def game():
    g = teachgames.new_game("delissimo", level="basic", players=3, seed=7)
    bots = [GreedyBot(), RandomBot(1), GreedyBot()]
    for _ in range(24):
        if g.is_over():
            break
        g.play(bots[g.current_player].choose(g))
    return g


def test_html_is_self_contained_and_escaped(game, tmp_path):
    path = teachgames.export(game, tmp_path / "example.html", names=NAMES)
    text = path.read_text(encoding="utf-8")
    assert "<script" not in text.lower() and "http://" not in text.replace("http://www.w3.org", "")
    assert "https://" not in text
    assert "Ann &lt;b&gt;&amp;amp;&lt;/b&gt;" in text and "<b>&amp;</b>" not in text
    assert text.count("<section") == len(game.history) + 1
    # a picture and an explanation per move, plus the final table and the scores
    assert text.count("<svg") >= 2 * len(game.history) + 2
    for svg in re.findall(r"<svg.*?</svg>", text, flags=re.S)[:10]:
        ET.fromstring(svg)
    first = game.replay()[0].describe(game.history[0], names=NAMES)
    assert first.replace("<", "&lt;").replace(">", "&gt;").split(" ")[-1] in text
    assert "How the scores are reached" in text


def test_markdown_has_pictures_as_data_uris_and_maths(game, tmp_path):
    text = teachgames.export(game, tmp_path / "example.md", names=NAMES).read_text(encoding="utf-8")
    uris = re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", text)
    assert len(uris) == len(game.history) + 1
    ET.fromstring(base64.b64decode(uris[0]).decode("utf-8"))
    assert "$\\frac{" in text
    assert "Ann \\<b\\>&amp;\\</b\\>" in text  # markdown specials escaped


def test_latex_escapes_names(game, tmp_path):
    text = teachgames.export(game, tmp_path / "example.tex", names=NAMES).read_text(encoding="utf-8")
    assert r"Bob " in text and r"\{Builder\}\_\$\%" in text
    assert r"\begin{tikzpicture}" in text and text.rstrip().endswith(r"\end{document}")


def test_latex_compiles_with_pdflatex(game, tmp_path):
    if shutil.which("pdflatex") is None:
        if os.environ.get("CI"):
            pytest.fail("pdflatex is missing: .ci/run must install TeX Live for this test")
        pytest.skip(
            "pdflatex not installed (Debian: texlive-latex-base texlive-pictures texlive-latex-recommended)"
        )
    pdf = teachgames.export(game, tmp_path / "example.pdf", names=NAMES)
    assert pdf.read_bytes()[:5] == b"%PDF-" and pdf.stat().st_size > 10_000
    if shutil.which("pdftotext"):
        words = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
        assert "Step 1" in words and "Legal" in words


def test_russian_export(game, tmp_path):
    text = teachgames.export(game, tmp_path / "example.html", language="ru").read_text(encoding="utf-8")
    assert '<html lang="ru">' in text


def test_unknown_format_is_a_clear_error(game, tmp_path):
    with pytest.raises(ValueError, match=r"use one of \.html, \.md, \.tex, \.pdf"):
        teachgames.export(game, tmp_path / "example.docx")
