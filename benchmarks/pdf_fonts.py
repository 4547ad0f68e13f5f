"""LuaLaTeX's time for a worksheet with only the fonts its letters need, and with every font.

    python benchmarks/pdf_fonts.py [--rounds 3]      # prints a table; asserts nothing

A PDF loads a fallback font (math symbols, CJK, emoji) or a right-to-left font only where
a letter needs it (``teachgames.exports.pdf.fonts_needed``). This compiles the same
Russian worksheet (two pupils, seed 0) both ways, the two alternating round by round so a
busy machine slows both alike, and prints the median processor time of ``lualatex`` (its
own and its children's, from ``getrusage``) and the ratio: a Delissimo sheet (Cyrillic
alone), a Ligretto sheet (its minus signs and arrows: the small math font), and a class
list with a Chinese and a Hebrew name (the CJK and Hebrew fonts either way).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import tempfile
from pathlib import Path
from unittest import mock


def lualatex_seconds(latex: str, folder: Path) -> float:
    """Processor seconds spent by the LuaLaTeX runs of one ``write_pdf``."""
    from teachgames.exports.pdf import write_pdf

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    write_pdf(latex, folder / "sheet.pdf")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def every_font(sheet: object) -> str:
    """The sheet's LaTeX as it was before: every font loaded whatever its letters."""
    from teachgames.exports.pdf import all_fonts
    from teachgames.worksheets.latex import sheets_latex

    every = all_fonts()
    with mock.patch("teachgames.exports.latex.fonts_needed", lambda text: every):
        return sheets_latex(sheet)  # type: ignore[arg-type]


def compare(game: str, names: list[str] | None, rounds: int, folder: Path) -> tuple[float, float]:
    import teachgames
    from teachgames.worksheets.latex import sheets_latex

    sheet = teachgames.worksheet(game, pupils=None if names else 2, names=names, language="ru")
    needed, every = sheets_latex(sheet), every_font(sheet)
    times: dict[str, list[float]] = {"needed": [], "every": []}
    for _ in range(rounds):
        times["needed"].append(lualatex_seconds(needed, folder))
        times["every"].append(lualatex_seconds(every, folder))
    return statistics.median(times["needed"]), statistics.median(times["every"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="compiles of each kind (median)")
    args = parser.parse_args()
    from teachgames.exports.pdf import lualatex

    lualatex()  # a clear message where LuaLaTeX or the fonts are missing
    print("| worksheet (ru, 2 pupils) | fonts its letters need | every font | ratio |")
    print("| --- | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        classes = (
            ("Delissimo, Cyrillic names", "delissimo", None),
            ("Ligretto (minus signs, arrows)", "ligretto", None),
            ("Delissimo, a Chinese and a Hebrew name", "delissimo", ["王小明", "שרה לוי"]),
        )
        for label, game, names in classes:
            needed, every = compare(game, names, args.rounds, Path(tmp))
            print(f"| {label} | {needed:.2f} s | {every:.2f} s | {needed / every:.2f}× |")


if __name__ == "__main__":
    main()
