"""Build the offline classroom site: JupyterLite + the Pyodide kernel + the lessons, nothing fetched
while pupils work.

Steps (each checked, each failure one plain line): find the notebooks and plans in the chosen
languages; get the Pyodide runtime (npm, hash-pinned) and the pinned wheels (PyPI, hash-pinned);
build a teachgames wheel from this checkout (or the installed package); trim test folders from
every wheel; run ``jupyter lite build`` on a fresh folder with our ``jupyter-lite.json``; put the
runtime, the wheels and their lock in ``static/pyodide``; check the lock's hashes and the built
configuration; write the plans as pages and a start page.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .compiler import SITE_PACKAGES, STDLIB_ZIP, Job, compile_archives, node
from .compress import precompress
from .config import RUNTIME_DIR, build_config, check_site_config, lite_config, write_json
from .content import Item, discover
from .errors import SiteBuildError
from .kernel_start import settings_source, stdlib_with_startup
from .lessonpage import write_lesson_pages
from .lock import defer, lock_entries, verify_lock, write_lock
from .offline import write_offline
from .packages import AFTER_FIRST_SCREEN, DROPPED, LAB_EXTENSIONS, WHEELS, WITHOUT_DOCSTRINGS
from .pages import write_pages
from .runtime import RUNTIME_FILES, copy_runtime, prepare_runtime, runtime_info
from .shipped import write_site_notebook
from .teachgames_wheel import teachgames_wheel
from .wheels import WheelInfo, download_wheels, trim_wheel, wheel_info

#: a file that marks a folder as a site we built (only such a folder is ever replaced)
MARKER = ".teachgames-site"
#: what the kernel imports at start and what every lesson imports: all must be in the lock
REQUIRED = ("micropip", "ipython", "jedi", "comm", "teachgames", "sympy", "anywidget", "ipywidgets")


def default_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "teachgames" / "site"


@dataclass
class SiteReport:
    """What was built: where, which lessons, and how big (bytes)."""

    out_dir: Path
    notebooks: list[str] = field(default_factory=list)
    plans: list[str] = field(default_factory=list)
    wheels: dict[str, int] = field(default_factory=dict)
    size: int = 0
    runtime_size: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        mb = 1024 * 1024
        return (
            f"site in {self.out_dir}: {len(self.notebooks)} notebooks, {len(self.plans)} plans, "
            f"{self.size / mb:.1f} MB ({self.runtime_size / mb:.1f} MB runtime and "
            f"{sum(self.wheels.values()) / mb:.1f} MB wheels), built in {self.seconds:.0f} s"
        )


def folder_size(folder: Path) -> int:
    """The site's files, without their compressed copies (``.br``, ``.gz``)."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and p.suffix not in (".br", ".gz"))


def _prepare_out_dir(out_dir: Path) -> None:
    if out_dir.exists():
        if not out_dir.is_dir():
            raise SiteBuildError(f"{out_dir} is a file, not a folder")
        if any(out_dir.iterdir()) and not (out_dir / MARKER).is_file():
            raise SiteBuildError(
                f"{out_dir} is not empty and holds no teachgames site; choose another folder"
            )


def copy_favicons(site: Path) -> None:
    """JupyterLab's tab icons (it asks for ``static/favicons/favicon-busy-1.ico`` and the
    like), and ``favicon.ico`` at the root for the site's own pages: no 404 in a pupil's
    console. They come with jupyter-server, which the ``site`` extra installs."""
    import importlib.util

    spec = importlib.util.find_spec("jupyter_server")
    if spec is None or spec.origin is None:
        return
    icons = Path(spec.origin).parent / "static" / "favicons"
    if not icons.is_dir():
        return
    target = site / "static" / "favicons"
    target.mkdir(parents=True, exist_ok=True)
    for icon in icons.glob("*.ico"):
        shutil.copyfile(icon, target / icon.name)
    if (icons / "favicon.ico").is_file():
        shutil.copyfile(icons / "favicon.ico", site / "favicon.ico")


def _find_extension(name: str) -> Path:
    from jupyter_core.paths import jupyter_path

    for base in jupyter_path("labextensions"):
        candidate = Path(base) / name
        if (candidate / "package.json").is_file():
            return candidate
    raise SiteBuildError(f"the front-end extension {name} is not installed (pip install 'teachgames[site]')")


def _lite_build(lite_dir: Path, contents: Path, output: Path) -> None:
    command = [
        sys.executable,
        "-m",
        "jupyterlite_core",
        "build",
        "--lite-dir",
        str(lite_dir),
        "--contents",
        str(contents),
        "--output-dir",
        str(output),
    ]
    try:
        done = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True, timeout=900, check=False)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise SiteBuildError(f"jupyter lite build could not run: {err}") from err
    if done.returncode != 0:
        lines = [line.strip() for line in (done.stderr + done.stdout).splitlines() if line.strip()]
        if any("No module named jupyterlite_core" in line for line in lines):
            raise SiteBuildError("JupyterLite is not installed: pip install 'teachgames[site]'")
        reason = next(
            (ln for ln in reversed(lines) if "Error" in ln or "error" in ln), lines[-1] if lines else ""
        )
        raise SiteBuildError(f"jupyter lite build failed: {reason}")


def _precompile(
    stdlib: Path,
    wheels: dict[Path, WheelInfo],
    runtime_dir: Path,
    cache: Path,
    work: Path,
    say: Callable[[str], None],
) -> tuple[Path, dict[Path, WheelInfo]]:
    """The standard library zip and the wheels with bytecode instead of sources (same names,
    new hashes); without Node, the files as they were, and a line saying pupils will wait."""
    out = work / "compiled"
    stdlib_job = Job(
        stdlib,
        out / "stdlib" / stdlib.name,
        STDLIB_ZIP,
        DROPPED.get("python-stdlib", ()),
        optimize=2 if "python-stdlib" in WITHOUT_DOCSTRINGS else 0,
    )
    jobs = [stdlib_job]
    jobs += [
        Job(
            path,
            out / path.name,
            SITE_PACKAGES,
            DROPPED.get(info.name, ()),
            optimize=2 if info.name in WITHOUT_DOCSTRINGS else 0,
        )
        for path, info in wheels.items()
    ]
    try:
        compile_archives(jobs, runtime_dir, cache / "bytecode", work / "compiling")
    except SiteBuildError as err:
        if node() is not None:
            raise
        say(f"{err}: the site ships Python sources, and pupils wait longer for the first widget")
        return stdlib, wheels
    return jobs[0].dest, {job.dest: info for job, info in zip(jobs[1:], wheels.values(), strict=True)}


def build_site(
    out_dir: str | Path,
    languages: Sequence[str] = ("en", "ru", "bg"),
    games: Sequence[str] | None = None,
    pyodide: str | Path | None = None,
    wheels_cache: str | Path | None = None,
    log: Callable[[str], None] | None = None,
    lessons: str | Path | None = None,
) -> SiteReport:
    """Build the classroom site into ``out_dir`` (created, or replaced if it holds a site we built).

    ``languages``: the lessons' languages; ``games``: only these games' lessons (None: all);
    ``pyodide``: a Pyodide runtime already downloaded (npm tarball, release tarball or folder),
    else ``npm pack``; ``wheels_cache``: where downloads are kept between builds;
    ``lessons``: a teacher's lessons folder, whose lesson files the site runs too (:mod:`.yours`).
    Raises :class:`SiteBuildError` (one line) when anything fails.
    """
    say = log or (lambda message: None)
    started = time.perf_counter()
    out = Path(out_dir).resolve()
    cache = Path(wheels_cache) if wheels_cache else default_cache()
    _prepare_out_dir(out)
    notebooks, plans = discover(tuple(languages), tuple(games) if games else None)
    say(f"{len(notebooks)} notebooks, {len(plans)} plans in {', '.join(languages)}")

    with tempfile.TemporaryDirectory(prefix="teachgames-site-") as tmp:
        work = Path(tmp)
        extras: list[Item] = []
        if lessons is not None:
            from .yours import teacher_items

            theirs, extras = teacher_items(lessons, languages, work, say)
            notebooks = [*notebooks, *theirs]
        say("Pyodide runtime ...")
        runtime_dir = prepare_runtime(Path(pyodide) if pyodide else None, cache, work)
        say("wheels ...")
        trimmed = _kernel_wheels(cache, work)
        # the browser's Python at start (sitecustomize) and everything precompiled
        stdlib = stdlib_with_startup(
            runtime_dir / "python_stdlib.zip",
            work / "python_stdlib.zip",
            settings_source([item.source for item in notebooks], lock_entries(trimmed)),
        )
        say("precompiling the Python files with the site's own Pyodide ...")
        stdlib, trimmed = _precompile(stdlib, trimmed, runtime_dir, cache, work, say)
        built = _lite_site(work, notebooks, plans, say, extras)
        _add_runtime(built / RUNTIME_DIR, runtime_dir, stdlib, trimmed)
        check_site_config(built)
        write_pages(built, notebooks, plans, languages)
        write_lesson_pages(built, notebooks)
        copy_favicons(built)
        write_offline(built, languages)
        say("compressing (brotli and gzip) ...")
        precompress(built, cache / "compressed")
        (built / MARKER).write_text("built by teachgames site\n", encoding="utf-8")

        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(built), str(out))

    report = SiteReport(out, [i.target for i in notebooks], [i.target for i in plans])
    runtime_out = out / RUNTIME_DIR
    report.wheels = {p.name: (runtime_out / p.name).stat().st_size for p in trimmed}
    report.runtime_size = sum((runtime_out / name).stat().st_size for name in RUNTIME_FILES)
    report.size = folder_size(out)
    report.seconds = time.perf_counter() - started
    say(report.summary())
    return report


def _kernel_wheels(cache: Path, work: Path) -> dict[Path, WheelInfo]:
    """The wheels the browser's kernel installs (downloaded, and teachgames' own), trimmed."""
    downloaded = download_wheels(WHEELS, cache / "wheels")
    own = teachgames_wheel(work / "own")
    trimmed: dict[Path, WheelInfo] = {}
    for source in [*downloaded.values(), own]:
        # the notebooks and docs are the site's contents, not the kernel's; the lessons'
        # data (the puzzles the activities pose) stays in the wheel, the kernel reads it
        drop = ("teachgames/_bundled/notebooks/", "teachgames/_bundled/docs/") if source == own else ()
        path = trim_wheel(source, work / "wheels", drop)
        trimmed[path] = wheel_info(path)
    return trimmed


def _lite_site(
    work: Path,
    notebooks: Sequence[Item],
    plans: Sequence[Item],
    say: Callable[[str], None],
    extras: Sequence[Item] = (),
) -> Path:
    """The JupyterLite site of the notebooks and plans (``jupyter lite build``); its folder."""
    lite = work / "lite"
    files = work / "files"
    copy_contents(files, notebooks, plans, extras)
    write_json(lite / "jupyter-lite.json", lite_config())
    extensions = [str(_find_extension(name)) for name in LAB_EXTENSIONS]
    write_json(lite / "jupyter_lite_config.json", build_config(extensions))
    say("jupyter lite build ...")
    built = work / "site"
    _lite_build(lite, files, built)
    return built


def copy_contents(
    files: Path, notebooks: Sequence[Item], plans: Sequence[Item], extras: Sequence[Item] = ()
) -> None:
    """The site's files: each notebook as the site's kernel leaves it (opening it changes
    nothing, :mod:`.shipped`), each plan and each extra file (a teacher's lesson file) as it is."""
    for item in notebooks:
        target = files / item.target
        target.parent.mkdir(parents=True, exist_ok=True)
        write_site_notebook(item.source, target)
    for item in [*plans, *extras]:
        target = files / item.target
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(item.source, target)


def _add_runtime(target: Path, runtime_dir: Path, stdlib: Path, trimmed: Mapping[Path, WheelInfo]) -> None:
    """Pyodide, the precompiled standard library and the wheels into the site, with their lock."""
    entries = defer(lock_entries(trimmed), AFTER_FIRST_SCREEN)
    copy_runtime(runtime_dir, target)
    shutil.copyfile(stdlib, target / "python_stdlib.zip")
    for path in trimmed:
        shutil.copyfile(path, target / path.name)
    write_lock(target, runtime_info(runtime_dir), entries)
    verify_lock(target, REQUIRED)
