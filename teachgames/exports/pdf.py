"""Typesetting a LaTeX document into a PDF with LuaLaTeX, the same bytes for the same input.

Why LuaLaTeX and not pdflatex: pupils' names come in every script (Cyrillic, Greek,
Vietnamese, Arabic, Hebrew, CJK, emoji). pdflatex sets only what its font encodings
declare and stops at any other letter; LuaLaTeX sets Unicode text with OpenType fonts,
and luaotfload's font fallback (:func:`fallback_fonts`) takes a letter the main font
lacks from the next font that has it. A letter no installed font has is drawn as the
font's visible "missing letter" box, never an error. There is no pdflatex fallback: it
would fail on exactly the names this engine is here for.

A document loads only the fonts its letters come from (:func:`fonts_needed`): loading the
CJK, emoji and right-to-left fonts more than doubles LuaLaTeX's time (``python
benchmarks/pdf_fonts.py``), most worksheets are in the main font's letters alone, and the
minus signs and arrows of Ligretto's and Tsvetik's sheets need only the small math font.

What a PDF needs (Debian): ``texlive-luatex`` (lualatex, fontspec, luaotfload),
``texlive-latex-recommended``, ``texlive-pictures``, ``texlive-lang-cyrillic`` (Russian
and Bulgarian hyphenation), ``fonts-noto-core`` (the main font: Latin, Cyrillic, Greek,
Vietnamese; Arabic, Hebrew; the math symbols); ``fonts-noto-cjk`` and
``fonts-noto-color-emoji`` are used where installed.

The same document gives the same bytes (:func:`reproducible_settings`): no dates unless
``SOURCE_DATE_EPOCH`` is set (then that date, ``FORCE_SOURCE_DATE=1``), and the file's
``/ID`` made from the document itself. LaTeX's log is read as bytes and decoded with
replacement, as it prints letters in whatever encoding its fonts use.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import TypesettingError

__all__ = ["FontsNeeded", "TypesettingError", "fonts_needed", "lualatex", "write_pdf"]

#: The font every word is set in (Latin with Vietnamese marks, Cyrillic, Greek).
MAIN_FONT = "Noto Serif"
#: Right-to-left scripts: babel's language, its font (babel's ``bidi=basic`` orders them).
RTL_FONTS = (("hebrew", "Noto Serif Hebrew"), ("arabic", "Noto Naskh Arabic"))
#: The letters babel sets in each right-to-left language's font (its ``onchar=ids``
#: ranges: the script's Unicode blocks and presentation forms), inclusive.
RTL_LETTERS = {
    "hebrew": ((0x0590, 0x05FF), (0xFB1D, 0xFB4F)),
    "arabic": ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)),
}
#: Where a letter is missing from the main font, the first of these that has it.
#: The CJK and emoji fonts are optional packages; only the installed ones are listed.
FALLBACK_FONTS = (
    ("Noto Sans Math", "Noto Sans Math"),  # the minus sign, arrows, ≤ ≠: small, quick to load
    ("Noto Serif CJK SC", "NotoSerifCJKsc"),  # Chinese, Japanese kana, Korean hangul; card suits
    ("Noto Color Emoji", "Noto Color Emoji"),
    ("DejaVu Sans", "DejaVu Sans"),  # symbols no other font has
)

#: What to install when LuaLaTeX or the main font is missing (checked before any work).
PDF_MISSING = (
    "PDF needs LuaLaTeX and the Noto fonts (Debian/Ubuntu: apt-get install texlive-luatex "
    "texlive-latex-recommended texlive-pictures texlive-lang-cyrillic fonts-noto-core); "
    "write .html and print it, or .tex to compile elsewhere with lualatex"
)

#: LuaLaTeX runs at most this often: once, and again only while LaTeX says a second pass
#: would change the page (a worksheet has no cross-references, so once is usual).
MAX_RUNS = 3


@functools.cache
def installed_font_families() -> frozenset[str]:
    """The font families fontconfig knows (the fonts LuaLaTeX's luaotfload finds too)."""
    tool = shutil.which("fc-list")
    if tool is None:
        return frozenset()
    listing = subprocess.run([tool, ":", "family"], capture_output=True, check=False).stdout
    families: set[str] = set()
    for line in listing.decode("utf-8", errors="replace").splitlines():
        families.update(name.strip() for name in line.split(","))
    return frozenset(families)


@functools.cache
def font_letters(family: str) -> tuple[tuple[int, int], ...] | None:
    """The code points ``family``'s upright face has (Regular, or DejaVu's Book: the face
    luaotfload's fallback takes), as fontconfig's inclusive ranges, or None where
    fontconfig cannot say."""
    tool = shutil.which("fc-list")
    if tool is None:
        return None
    listing = subprocess.run(
        [tool, "--format", "%{style}\\t%{charset}\\n", family], capture_output=True, check=False
    ).stdout.decode("utf-8", errors="replace")
    faces = [line.split("\t", 1) for line in listing.splitlines() if "\t" in line]
    upright = [charset for style, charset in faces if {"Regular", "Book"} & set(style.split(","))]
    chosen = (upright or [charset for _, charset in faces])[:1]
    ranges = []
    for word in "".join(chosen).split():
        first, _, last = word.partition("-")
        try:
            ranges.append((int(first, 16), int(last or first, 16)))
        except ValueError:
            return None
    return tuple(ranges) or None


def _within(code: int, ranges: Iterable[tuple[int, int]]) -> bool:
    return any(first <= code <= last for first, last in ranges)


@dataclass(frozen=True)
class FontsNeeded:
    """What a document's letters need beside the main font: the fallback fonts that give
    a letter the main font lacks (luaotfload's names, in the chain's order), and the
    right-to-left languages whose letters it has."""

    fallback: tuple[str, ...]
    rtl: tuple[str, ...]


def all_fonts() -> FontsNeeded:
    """Every font: for a document whose letters are not known, or where fontconfig is missing."""
    return FontsNeeded(fallback=tuple(fallback_fonts()), rtl=tuple(language for language, _ in RTL_FONTS))


def fonts_needed(text: str | None) -> FontsNeeded:
    """The fonts ``text`` (the whole document's words) needs: for each letter outside
    the main font, the first fallback font that has it (as luaotfload chooses, so every
    letter comes from the font it would with every font loaded); a Hebrew or Arabic
    letter brings that language's font. Decided per distinct letter, so even a class of
    30 Chinese names costs about a millisecond."""
    covered = font_letters(MAIN_FONT)
    if text is None or covered is None:
        return all_fonts()
    letters = {ord(letter) for letter in set(text) if letter >= "\x80"}
    missing = [code for code in letters if not _within(code, covered)]
    rtl = tuple(
        language
        for language, _ in RTL_FONTS
        if any(_within(code, RTL_LETTERS[language]) for code in missing)
    )
    return FontsNeeded(fallback=_givers(missing), rtl=rtl)


def _givers(missing: Iterable[int]) -> tuple[str, ...]:
    """The installed fallback fonts that give one of the ``missing`` letters, in the
    chain's order: each letter's first font that has it. Every one where a letter is in
    none of them (it prints as the missing-letter box, as with every font loaded) or
    fontconfig cannot say."""
    chain = fallback_chain()
    letters = [font_letters(family) for family, _ in chain]
    given: set[int] = set()
    for code in missing:
        giver = next((i for i, has in enumerate(letters) if has is None or _within(code, has)), None)
        if giver is None or letters[giver] is None:
            return tuple(name for _, name in chain)
        given.add(giver)
    return tuple(chain[i][1] for i in sorted(given))


def fallback_chain() -> list[tuple[str, str]]:
    """The installed fallback fonts, in order, as (family, luaotfload's name) (a font
    luaotfload cannot find would stop LuaLaTeX, so a missing optional package is left out)."""
    installed = installed_font_families()
    return [(family, name) for family, name in FALLBACK_FONTS if family in installed]


def fallback_fonts() -> list[str]:
    """luaotfload's names of the installed fallback fonts, in order."""
    return [name for _, name in fallback_chain()]


def lualatex() -> str:
    """The lualatex program, or a TypesettingError saying what to install."""
    tool = shutil.which("lualatex")
    families = installed_font_families()
    if tool is None or (families and MAIN_FONT not in families):
        raise TypesettingError(PDF_MISSING)
    return tool


def reproducible_settings(latex: str) -> str:
    """LuaTeX settings that make the PDF's bytes depend on the document only: its
    ``/ID`` is the document's hash, and without ``SOURCE_DATE_EPOCH`` no dates at all
    (suppressoptionalinfo 32 + 64: CreationDate and ModDate)."""
    digest = hashlib.sha256(latex.encode("utf-8")).hexdigest()[:32].upper()
    lines = [rf"\pdfvariable trailerid {{[<{digest}><{digest}>]}}"]
    if not os.environ.get("SOURCE_DATE_EPOCH"):
        lines.append(r"\pdfvariable suppressoptionalinfo 96")
    return "\n".join(lines) + "\n"


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    if env.get("SOURCE_DATE_EPOCH"):
        env["FORCE_SOURCE_DATE"] = "1"
    return env


def _asks_for_rerun(output: str) -> bool:
    """Whether LaTeX's output says that running it again would change the document."""
    return "Rerun to get" in output or "Label(s) may have changed" in output


def log_reason(output: str) -> str:
    """The first error line of LaTeX's output (``! Undefined control sequence.``), or
    its last words, as one line."""
    lines = output.splitlines()
    for number, line in enumerate(lines):
        if line.startswith("!"):
            reason = line.lstrip("! ").strip()
            detail = next((x.strip() for x in lines[number + 1 : number + 4] if x.startswith("l.")), "")
            return f"{reason} ({detail})" if detail else reason
    tail = [line.strip() for line in lines if line.strip()]
    return tail[-1] if tail else "no output"


def write_pdf(latex: str, target: Path) -> Path:
    """Compile ``latex`` with LuaLaTeX in a temporary folder and copy the PDF to ``target``."""
    tool = lualatex()
    document = reproducible_settings(latex) + latex
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "example.tex"
        source.write_text(document, encoding="utf-8")
        for _ in range(MAX_RUNS):
            try:
                result = subprocess.run(
                    [tool, "-interaction=nonstopmode", "-halt-on-error", source.name],
                    cwd=tmp,
                    capture_output=True,
                    timeout=300,
                    env=_environment(),
                )
            except subprocess.TimeoutExpired:
                raise TypesettingError("lualatex took longer than 5 minutes and was stopped") from None
            output = result.stdout.decode("utf-8", errors="replace")
            if result.returncode != 0 or not (Path(tmp) / "example.pdf").exists():
                raise TypesettingError(f"lualatex could not make {target.name}: {log_reason(output)}")
            if not _asks_for_rerun(output):
                break
        shutil.copyfile(Path(tmp) / "example.pdf", target)
    return target
