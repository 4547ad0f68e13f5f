"""PDFs for a class whose names are in any script: set, searchable, the same every time.

Worksheets and worked examples are typeset by LuaLaTeX with a font fallback
(teachgames/exports/pdf.py). A letter no font has is drawn as a visible box, never an
error; anything LaTeX cannot do is one line, never a traceback.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

import teachgames

#: A class list in every script the three languages' pupils may bring.
CLASS = {
    "latin": "Zoë O'Brien-Smith",
    "cyrillic": "Александра Константиновна Иванова-Петрова",
    "greek": "Ελένη Παπαδοπούλου",
    "vietnamese": "Nguyễn Thị Minh Khai",
    "arabic": "ليلى حسن",
    "hebrew": "שרה לוי",
    "cjk": "王小明 さくら 김민준",
    "emoji": "Mia 🦄🎉",
}

#: pdftotext cannot give back a colour emoji (a picture, not a letter): the letters around it are checked.
_EMOJI = re.compile("[\U0001f300-\U0001faff\u2600-\u27bf]")
_BIDI_MARKS = dict.fromkeys([0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])


def _need_lualatex(every_fallback_font: bool = False) -> None:
    """Skip on a machine without LuaLaTeX and Noto, but fail in CI, whose .ci/run installs them.
    ``every_fallback_font``: the optional CJK and emoji fonts too (the tests of which font
    gives which letter)."""
    from teachgames.exports.pdf import FALLBACK_FONTS, TypesettingError, fallback_fonts, lualatex

    missing = [tool for tool in ("pdftotext", "pdftoppm") if shutil.which(tool) is None]
    try:
        lualatex()
    except TypesettingError as exc:
        missing.append(str(exc))
    if every_fallback_font and len(fallback_fonts()) < len(FALLBACK_FONTS):
        missing.append("a fallback font (fonts-noto-cjk, fonts-noto-color-emoji)")
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{'; '.join(missing)}: .ci/run must install it")
        pytest.skip("; ".join(missing))


def _words(pdf: Path) -> str:
    """The PDF's words as a reader's search finds them: Arabic presentation forms and
    bidi marks back to plain letters, whitespace flattened."""
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, check=True).stdout
    plain = unicodedata.normalize("NFKC", text.decode("utf-8")).translate(_BIDI_MARKS)
    plain = plain.replace("\u2019", "'")  # TeX sets O'Brien's apostrophe as the printed ’
    return " ".join(plain.split())


def _searchable(name: str) -> list[str]:
    return _EMOJI.sub(" ", name).split()


def _assert_names_in(pdf: Path, names: list[str]) -> None:
    words = _words(pdf)
    for name in names:
        for word in _searchable(name):
            assert word in words, (word, pdf.name, words[:400])


def _pages_are_drawn(pdf: Path) -> None:
    """Every page renders (poppler reads it) and has ink on it."""
    out = subprocess.run(
        ["pdftoppm", "-r", "20", "-gray", str(pdf)], capture_output=True, check=True
    ).stdout
    assert out.startswith(b"P5") and out.count(b"P5\n") >= 1


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_worksheet_for_a_class_in_every_script(language: str, tmp_path: Path) -> None:
    _need_lualatex()
    names = list(CLASS.values())
    sheet = teachgames.worksheet(
        "split", names=names, language=language, seed=3, output=tmp_path / "sheet.pdf"
    )
    assert [p.name for p in sheet.pupils] == names
    for pdf in (tmp_path / "sheet.pdf", tmp_path / "sheet-key.pdf"):
        _assert_names_in(pdf, names)
        _pages_are_drawn(pdf)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", [CLASS["cyrillic"], CLASS["greek"], CLASS["emoji"]]),
        ("ru", [CLASS["vietnamese"], CLASS["arabic"], CLASS["latin"]]),
        ("bg", [CLASS["hebrew"], CLASS["cjk"], "x" * 5000]),
    ],
)
def test_a_worked_example_with_players_in_every_script(language: str, names: list[str], tmp_path: Path) -> None:
    _need_lualatex()
    game = teachgames.new_game("delissimo", players=3, seed=7)
    pdf = teachgames.export(game, tmp_path / "example.pdf", language=language, names=names, moves=6)
    _assert_names_in(pdf, [n for n in names if len(n) < 100])
    _pages_are_drawn(pdf)


def test_a_letter_no_font_has_is_a_visible_box_not_an_error(tmp_path: Path) -> None:
    """Egyptian hieroglyphs and a private-use letter: no installed font has them."""
    _need_lualatex()
    from teachgames.exports.latex import preamble
    from teachgames.exports.pdf import write_pdf

    document = "\n".join([*preamble("en"), r"\begin{document}", "Name: Ann 𓀀\ue000 Lee", r"\end{document}"])
    pdf = write_pdf(document, tmp_path / "missing.pdf")
    words = _words(pdf)
    assert "Ann" in words and "Lee" in words


def test_the_same_worksheet_is_the_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No creation date or random file id: a teacher's rebuild changes nothing."""
    _need_lualatex()
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    game = teachgames.new_game("split", players=3, seed=3)
    first = teachgames.export(game, tmp_path / "a.pdf", moves=2).read_bytes()
    second = teachgames.export(game, tmp_path / "b.pdf", moves=2).read_bytes()
    assert first == second
    assert b"/CreationDate" not in first and b"/ModDate" not in first


def test_a_build_date_is_used_when_asked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reproducible builds set SOURCE_DATE_EPOCH: the PDF carries that date, the same each time."""
    _need_lualatex()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")  # 2026-01-01
    game = teachgames.new_game("split", players=3, seed=3)
    first = teachgames.export(game, tmp_path / "a.pdf", moves=1).read_bytes()
    second = teachgames.export(game, tmp_path / "b.pdf", moves=1).read_bytes()
    assert first == second and b"/CreationDate (D:20260101" in first


def test_latex_that_fails_is_one_line_naming_the_reason(tmp_path: Path) -> None:
    _need_lualatex()
    from teachgames.exports.pdf import TypesettingError, write_pdf

    with pytest.raises(TypesettingError) as caught:
        write_pdf("\\documentclass{article}\\begin{document}\\nosuchcommand Привет\\end{document}", tmp_path / "x.pdf")
    message = str(caught.value)
    assert "\n" not in message and "Undefined control sequence" in message, message
    assert not (tmp_path / "x.pdf").exists()


def test_the_log_is_read_as_bytes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """LaTeX prints letters in its fonts' encodings (T2A bytes for Cyrillic): bytes that
    are not UTF-8 never stop the command."""
    from teachgames.exports import pdf

    class Done:
        returncode = 1
        stdout = b"Overfull \\hbox in \xc0\xeb\xe5\xea\n! Emergency stop.\n"

    monkeypatch.setattr(pdf, "lualatex", lambda: "lualatex")
    monkeypatch.setattr(pdf.subprocess, "run", lambda *a, **k: Done())
    with pytest.raises(pdf.TypesettingError, match="Emergency stop"):
        pdf.write_pdf("x", tmp_path / "x.pdf")


def test_the_command_says_one_line_when_the_pdf_cannot_be_made(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from teachgames.cli import main
    from teachgames.exports import pdf

    def broken(latex: str, target: Path) -> Path:
        raise pdf.TypesettingError("lualatex could not make s.pdf: Emergency stop")

    monkeypatch.setattr(pdf, "lualatex", lambda: "lualatex")
    monkeypatch.setattr(pdf, "write_pdf", broken)
    assert main(["worksheet", "split", "-o", str(tmp_path / "s.pdf")]) == 1
    err = capsys.readouterr().err
    assert err == "teachgames: lualatex could not make s.pdf: Emergency stop\n", err
    assert main(["export", "split", "-o", str(tmp_path / "e.pdf")]) == 1
    assert capsys.readouterr().err.count("\n") == 1


def test_control_characters_in_names_print_as_signs_in_every_file(tmp_path: Path) -> None:
    game = teachgames.new_game("split", players=2, seed=3)
    names = ["Ann\nPlayer 2: 999 (winner)", "B\x1b[31mob"]
    for suffix in (".md", ".tex", ".html"):
        text = teachgames.export(game, tmp_path / f"e{suffix}", names=names, moves=3).read_text(encoding="utf-8")
        assert "\x1b" not in text and "Ann␊Player 2" in text, suffix
        assert not [line for line in text.splitlines() if line.startswith("Player 2: 999")], suffix
    sheet = teachgames.worksheet("split", names=names, output=tmp_path / "s.tex")
    assert sheet.pupils[0].name == "Ann␊Player 2: 999 (winner)"
    assert "\x1b" not in (tmp_path / "s.tex").read_text(encoding="utf-8")


MATH, CJK, EMOJI = "Noto Sans Math", "NotoSerifCJKsc", "Noto Color Emoji"


@pytest.mark.parametrize(
    ("game", "names", "fallback", "rtl"),
    [
        ("delissimo", [CLASS["latin"], CLASS["cyrillic"], CLASS["greek"], CLASS["vietnamese"]], [], []),
        ("ligretto", [CLASS["cyrillic"]], [MATH], []),  # its minus signs and arrows
        ("delissimo", [CLASS["hebrew"]], ["DejaVu Sans"], ["hebrew"]),
        ("delissimo", [CLASS["arabic"], CLASS["cyrillic"]], ["DejaVu Sans"], ["arabic"]),
        ("delissimo", [CLASS["cjk"]], [CJK], []),
        ("delissimo", [CLASS["emoji"]], [EMOJI], []),
        ("ligretto", [CLASS["hebrew"], CLASS["arabic"], CLASS["cjk"]], [MATH, CJK, "DejaVu Sans"], ["hebrew", "arabic"]),
    ],
)
def test_a_sheet_loads_only_the_fonts_its_letters_need(
    game: str, names: list[str], fallback: list[str], rtl: list[str], tmp_path: Path
) -> None:
    """The CJK, emoji and right-to-left fonts double LuaLaTeX's time: a class whose names
    the main font has is set without them; a letter in another script brings in the font
    that gives it, and no other (the sheet and its key alike)."""
    _need_lualatex(every_fallback_font=True)
    teachgames.worksheet(game, names=names, language="ru", output=tmp_path / "sheet.tex")
    for tex in (tmp_path / "sheet.tex", tmp_path / "sheet-key.tex"):
        latex = tex.read_text(encoding="utf-8")
        loaded = re.search(r"add_fallback\('teachgames', \{(.*)\}\)", latex)
        assert (re.findall(r'"([^":]+):mode=harf;"', loaded.group(1)) if loaded else []) == fallback, tex.name
        assert [lang for lang in ("hebrew", "arabic") if f"]{{{lang}}}" in latex] == rtl, tex.name


def test_each_letter_brings_the_first_fallback_font_that_has_it_and_unknown_letters_every_font(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _need_lualatex()
    from teachgames.exports import pdf

    chain = pdf.fallback_fonts()
    assert pdf.fonts_needed("Иван, Ελένη, Nguyễn") == pdf.FontsNeeded(fallback=(), rtl=())
    assert pdf.fonts_needed("18 − 4 × 2 → 10") == pdf.FontsNeeded(fallback=(MATH,), rtl=())
    if CJK in chain:  # Split's suits: the first font with them (the math font has none)
        assert pdf.fonts_needed("8\u2666 and 8\u2663").fallback == (CJK,)
    assert pdf.fonts_needed("Name: \u240a").fallback == tuple(chain)  # a sign no font has: every font
    assert pdf.fonts_needed(None) == pdf.all_fonts()  # a document's words not given
    monkeypatch.setattr(pdf, "font_letters", lambda family: None)  # fontconfig cannot say
    assert pdf.fonts_needed("Иван") == pdf.all_fonts()


@pytest.mark.slow
def test_leaving_out_the_fonts_no_letter_needs_changes_no_pixel(tmp_path: Path) -> None:
    _need_lualatex(every_fallback_font=True)
    from unittest import mock

    from teachgames.exports.pdf import all_fonts, write_pdf
    from teachgames.worksheets.latex import key_latex

    # a Ligretto key: Cyrillic and Greek names, minus signs and arrows (the math font), a
    # Chinese name (the CJK font too), no emoji: each letter from the same font either way
    sheet = teachgames.worksheet(
        "ligretto", names=[CLASS["cyrillic"], CLASS["greek"], "王小明"], language="bg", seed=4
    )
    with mock.patch("teachgames.exports.latex.fonts_needed", lambda text: all_fonts()):
        every = key_latex(sheet)
    needed = key_latex(sheet)
    assert "Noto Color Emoji" in every and "Noto Color Emoji" not in needed

    def pixels(latex: str, name: str) -> bytes:
        pdf = write_pdf(latex, tmp_path / name)
        return subprocess.run(["pdftoppm", "-r", "60", "-gray", str(pdf)], capture_output=True, check=True).stdout

    assert pixels(needed, "needed.pdf") == pixels(every, "every.pdf")
