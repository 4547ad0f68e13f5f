"""Worked-example export: size and time for a 64-move Delissimo game (issue: ≤ 500 KB, ≤ 1 s).

    python benchmarks/export_size.py            # prints a table; asserts nothing

The game: level basic, 3 players, seed 7, a greedy, a random and a greedy bot, its first 64
moves. Figures: the HTML with each card drawing defined once (what ``export`` writes), the
same page with every picture drawn out in full (what it wrote before), the Markdown and its
picture files, and the time to write the HTML: in a fresh Python process (imports and the
first explanation included, as a teacher's ``teachgames export`` pays it) and warm (median
of 5 in one process); and the time to write the PDF where ``lualatex`` is installed.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MOVES = 64


def the_game() -> object:
    import teachgames
    from teachgames.bots import GreedyBot, RandomBot

    g = teachgames.new_game("delissimo", level="basic", players=3, seed=7)
    bots = [GreedyBot(), RandomBot(1), GreedyBot()]
    while not g.is_over() and len(g.history) < MOVES:
        g.play(bots[g.current_player].choose(g))
    return g


_COLD = """
import sys, time
start, cpu_start = time.perf_counter(), time.process_time()
import teachgames
game = teachgames.load_game(open(sys.argv[1], encoding="utf-8").read())
loaded, cpu_loaded = time.perf_counter(), time.process_time()
teachgames.export(game, sys.argv[2])
done, cpu_done = time.perf_counter(), time.process_time()
print(loaded - start, done - loaded, cpu_loaded - cpu_start, cpu_done - cpu_loaded)
"""


def timed(run: object, times: int = 5) -> tuple[float, float]:
    """Median wall-clock and CPU seconds of ``run()`` (CPU time is less hurt by a busy machine)."""
    wall, cpu = [], []
    for _ in range(times):
        start, cpu_start = time.perf_counter(), time.process_time()
        run()  # type: ignore[operator]
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - cpu_start)
    return statistics.median(wall), statistics.median(cpu)


def main() -> None:
    import teachgames
    import teachgames.exports.page as page

    game = the_game()
    moves = len(game.history)  # type: ignore[attr-defined]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        html = teachgames.export(game, folder / "example.html")
        shared_kb = html.stat().st_size / 1000
        example = teachgames.exports.worked_example(game)
        original = page.share_pictures
        page.share_pictures = lambda svgs: ("", list(svgs))
        try:
            inline_kb = len(page.to_html(example).encode("utf-8")) / 1000
        finally:
            page.share_pictures = original
        md = teachgames.export(game, folder / "example.md")
        md_kb = md.stat().st_size / 1000
        pictures = list((folder / "example_files").glob("*.svg"))
        pictures_kb = sum(p.stat().st_size for p in pictures) / 1000

        warm = timed(lambda: teachgames.export(game, folder / "example.html"))
        pdf = None  # lualatex is a child process: its time is wall-clock only
        if shutil.which("lualatex"):
            pdf = timed(lambda: teachgames.export(game, folder / "example.pdf"), 3)
        sharing = timed(lambda: page.to_html(example))

        saved = folder / "game.json"
        saved.write_text(game.to_json(), encoding="utf-8")  # type: ignore[attr-defined]
        cold = subprocess.run(
            [sys.executable, "-c", _COLD, str(saved), str(folder / "cold.html")],
            capture_output=True, text=True, check=True,
        ).stdout.split()
        cold_load, cold_export, cpu_load, cpu_export = (float(x) for x in cold)

    rows: list[tuple[str, ...]] = [
        ("moves in the game", f"{moves}"),
        ("HTML, each drawing defined once", f"{shared_kb:,.0f} KB"),
        ("HTML, every picture drawn out", f"{inline_kb:,.0f} KB"),
        ("Markdown text", f"{md_kb:,.0f} KB"),
        (f"Markdown pictures ({len(pictures)} SVG files)", f"{pictures_kb:,.0f} KB"),
        ("write the HTML, fresh process (sympy import in it)", f"{cold_export:.2f} s", f"{cpu_export:.2f} s"),
        ("  before it: import teachgames + load the game", f"{cold_load:.2f} s", f"{cpu_load:.2f} s"),
        ("write the HTML, warm (median of 5)", f"{warm[0]:.2f} s", f"{warm[1]:.2f} s"),
        ("  of which the page from a ready example", f"{sharing[0]:.3f} s", f"{sharing[1]:.3f} s"),
        ("write the PDF, warm (median of 3; lualatex)", f"{pdf[0]:.2f} s" if pdf else "no lualatex"),
    ]
    width = max(len(row[0]) for row in rows)
    import os

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Worked-example export of a {moves}-move Delissimo game (basic, 3 players, seed 7)")
    print(f"  ({os.cpu_count()} cores, load average {load:.1f} while measuring: times grow with load)")
    print(f"  {'':<{width}}  {'wall':>10}  {'CPU':>8}")
    for name, value, *cpu in rows:
        print(f"  {name:<{width}}  {value:>10}  {cpu[0] if cpu else '':>8}")


if __name__ == "__main__":
    main()
