"""How long a pupil waits for the first widget of a lesson in the classroom site, how many
bytes the school's Wi-Fi carries per pupil, and what 30 pupils at once do to the server.

    python benchmarks/site_first_widget.py [--site DIR] [--pupils 30] [--lab]
        [--lesson en/delissimo-8plus.ipynb]

In headless Chromium (Debian's), the site served by ``teachgames site --serve``'s server on
127.0.0.1, every other host unreachable:

- **cold**: a new browser profile (empty cache, no compiled WebAssembly kept); seconds
  from opening the lesson page (the pupil's, no code) to its words shown, its Python
  started and its first widget drawn (the warm-up activity); bytes the server sent
  (headers and bodies) to the first widget and for the whole visit, responses, the
  encodings the browser asked for;
- **warm**: the same browser profile again (its cache kept), the same lesson;
- with ``--lab``, the same in JupyterLab (the teacher's notebook): the kernel idle, then
  "Run all" and the first widget;
- **30 pupils at once**: the server in its own process; 30 clients replay at once the
  requests the cold browser made (same paths, same ``Accept-Encoding``, six connections
  each, as a browser opens), each pupil's download time and the server's CPU seconds. A
  pupil's first widget under load is the cold figure with the single pupil's download time
  replaced by that pupil's: each pupil's kernel runs on the pupil's own laptop, so what 30
  pupils share is the server and the network (30 Chromiums on this 2-core machine would
  measure its CPU, not the classroom).

A site given with ``--site`` is measured on a copy in a temporary folder (hard links; only
the copy's ``jupyter-lite.json`` exposes the app to the benchmark), so a teacher's site is
never changed. The 30 pupils' server gets a free port and must answer before anything is
measured; if it exits, its output is shown.

Also counts requests that went to any other host (must be 0). Prints the load average: the
pupil's Python runs on the CPU, so figures move with the machine's load.
"""

from __future__ import annotations

import argparse
import html
import http.client
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

# benchmarks/platform.py would shadow the standard library's platform module
sys.path[0] = str(Path(__file__).resolve().parents[1])

from teachgames.site import build_site  # noqa: E402
from teachgames.site.server import Stats, serve_in_thread  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, KERNEL_READY_JS, PUPILS_CHROMIUM  # noqa: E402

#: the desktop Chromium pupils have, every host but the site's unreachable
CHROMIUM = PUPILS_CHROMIUM
ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
#: the first widget of any kind: a lesson's activity or a game's widget
WIDGET = '[data-testid="tga-activity"], [data-testid="tg-widget"]'
MB = 1_000_000
TIMEOUT = 600_000


def expose_app(site: Path) -> None:
    """Let the benchmark see the kernel's state (the only change to the copy it measures).
    The file is replaced, not written through, as the copy's files are hard links to the
    given site's."""
    path = site / "jupyter-lite.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["jupyter-config-data"]["exposeAppInBrowser"] = "true"
    path.unlink()
    path.write_text(json.dumps(data), encoding="utf-8")


def _link_or_copy(source: str, target: str) -> None:
    """A hard link where the file system allows it (a site is large), else a copy."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def site_to_measure(given: str | None, tmp: str) -> Path:
    """The site a benchmark opens, in ``tmp``: a new English Delissimo build, or a copy of
    ``given`` (a teacher's site is never written to); either way with the app exposed."""
    site = Path(tmp) / "site"
    if given:
        if not (Path(given) / "jupyter-lite.json").is_file():
            raise SystemExit(f"{given} is not a built site (it has no jupyter-lite.json)")
        shutil.copytree(given, site, copy_function=_link_or_copy, symlinks=True)
    else:
        print(build_site(site, languages=("en",), games=("delissimo",)).summary())
    expose_app(site)
    return site


def free_port() -> int:
    """A port nothing listens on now (the system's choice), so the benchmark never
    measures another server that holds a fixed one."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_server(server: subprocess.Popen[bytes], port: int, log: Path, seconds: float = 60) -> None:
    """Return once ``server`` answers on ``port``; if it exits or never answers, stop
    the benchmark with what it printed."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            said = log.read_text(errors="replace")
            raise SystemExit(f"the site server exited ({server.returncode}):\n{said}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("HEAD", "/")
            connection.getresponse().read()
            connection.close()
            return
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit(f"the site server did not answer in {seconds:.0f} s:\n{log.read_text(errors='replace')}")


def rest_of_visit(stats: Stats, started: float, widget: float, settle: float) -> dict[str, object]:
    """Bytes and responses to the first widget (``settle`` s after it: JupyterLab's page
    still has responses under way), then for the whole visit: the page loads what the
    lesson needs later (sympy) while the pupil reads; counted until the server has been
    asked nothing for 3 s."""
    time.sleep(settle)
    with stats.lock:
        requests, sent = stats.requests, stats.bytes
    quiet_since, seen = time.perf_counter(), stats.requests
    while time.perf_counter() - quiet_since < 3.0 and time.perf_counter() - started < widget + 60:
        time.sleep(0.25)
        if stats.requests != seen:
            quiet_since, seen = time.perf_counter(), stats.requests
    log = list(stats.log)
    all_requests, all_sent = stats.reset()
    return {
        "bytes": sent,
        "requests": requests,
        "bytes_all": all_sent,
        "requests_all": all_requests,
        "log": log,
    }


def lab_visit(context: object, base: str, lesson: str, stats: Stats) -> dict[str, object]:
    """The lesson in JupyterLab, as the teacher opens it: kernel idle, "Run all", first widget."""
    page = context.new_page()  # type: ignore[attr-defined]
    stats.reset()
    started = time.perf_counter()
    page.goto(f"{base}/lab/index.html?path={lesson}")
    page.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT, polling=100)
    kernel = time.perf_counter() - started
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.locator(WIDGET).first.wait_for(state="visible", timeout=TIMEOUT)
    widget = time.perf_counter() - started
    rest = rest_of_visit(stats, started, widget, settle=1.0)
    page.close()
    return {"kernel": kernel, "widget": widget, **rest}


def pupil_visit(context: object, base: str, pupil_url: str, stats: Stats) -> dict[str, object]:
    """The lesson page, as a pupil opens it: its words, then its first widget."""
    page = context.new_page()  # type: ignore[attr-defined]
    stats.reset()
    started = time.perf_counter()
    page.goto(f"{base}/{pupil_url}", wait_until="domcontentloaded")
    page.locator("h1").first.wait_for(state="visible", timeout=TIMEOUT)
    words = time.perf_counter() - started
    page.locator(WIDGET).first.wait_for(state="visible", timeout=TIMEOUT)
    widget = time.perf_counter() - started
    marks = page.evaluate("globalThis.teachgamesMarks || []")
    python = next((m[2] / 1000 for m in marks if m[0] == "python"), float("nan"))
    # the page's widget is drawn from what has arrived: nothing for it is still under way
    rest = rest_of_visit(stats, started, widget, settle=0.0)
    page.close()
    return {"words": words, "python": python, "widget": widget, **rest}


def pupil_page_of(site: Path, lesson: str) -> str | None:
    """The pupil page the start page links for this lesson, if the site has one."""
    start = (site / "classroom.html").read_text(encoding="utf-8")
    found = re.search(rf'data-lesson="{re.escape(lesson)}" href="([^"]+)"', start)
    return html.unescape(found.group(1)) if found else None


def browser_runs(site: Path, lesson: str, lab: bool) -> dict[str, Any]:
    """Cold and warm visits of the lesson page (each cold one in a new browser profile),
    and of JupyterLab when ``lab``."""
    from playwright.sync_api import sync_playwright

    stats = Stats()
    server, base = serve_in_thread(site, stats=stats)
    outside: list[str] = []
    runs: dict[str, Any] = {"outside": outside}
    url = pupil_page_of(site, lesson)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for name, visit, where in (("pupil", pupil_visit, url), ("lab", lab_visit, lesson)):
                if where is None or (name == "lab" and not lab):
                    continue
                context = browser.new_context(viewport={"width": 1280, "height": 720})
                context.on(
                    "request",
                    lambda r: None if r.url.startswith((base, "data:", "blob:")) else outside.append(r.url),
                )
                cold = visit(context, base, where, stats)
                runs[name] = {"cold": cold, "warm": visit(context, base, where, stats)}
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return runs


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def replay_pupil(
    port: int,
    log: list[tuple[str, str]],
    start: threading.Event,
    host: str = "127.0.0.1",
    timeout: float = 120,
) -> float:
    """One pupil: the cold browser's requests, six keep-alive connections (as a browser
    opens); seconds to the last byte, counted from ``start``."""
    start.wait()
    began = time.perf_counter()
    queue = list(log)
    lock = threading.Lock()

    def worker() -> None:
        conn = http.client.HTTPConnection(host, port, timeout=timeout)
        while True:
            with lock:
                if not queue:
                    break
                path, encoding = queue.pop(0)
            conn.request("GET", path, headers={"Accept-Encoding": encoding})
            response = conn.getresponse()
            response.read()
        conn.close()

    threads = [threading.Thread(target=worker) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - began


def class_at_once(site: Path, log: list[tuple[str, str]], pupils: int) -> dict[str, Any]:
    port = free_port()
    site_command = [sys.executable, "-m", "teachgames.site", "-o", str(site)]
    command = [*site_command, "--no-build", "--serve", "--no-class"]
    server_log = site.parent / "server.log"
    with server_log.open("wb") as output:
        server = subprocess.Popen(
            [*command, "--port", str(port)],
            stdout=output,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
        )
    try:
        wait_for_server(server, port, server_log)
        one = replay_pupil(port, log, _set(threading.Event()))
        cpu_before = _cpu_seconds(server.pid)
        start = threading.Event()
        with ThreadPoolExecutor(max_workers=pupils) as pool:
            futures = [pool.submit(replay_pupil, port, log, start) for _ in range(pupils)]
            wall = time.perf_counter()
            start.set()
            times = [f.result() for f in futures]
            wall = time.perf_counter() - wall
        cpu = _cpu_seconds(server.pid) - cpu_before
    finally:
        server.terminate()
        server.wait()
    return {"single": one, "times": sorted(times), "wall": wall, "cpu": cpu}


def _set(event: threading.Event) -> threading.Event:
    event.set()
    return event


def body_bytes(site: Path, log: list[tuple[str, str]], suffix: str) -> int:
    """Bodies of the cold visit's files as a browser accepting only one encoding gets them
    (``.gz``: Chromium on a laptop's plain ``http://`` address asks for no brotli)."""
    total = 0
    for path, _ in log:
        file = site / urlsplit(path).path.lstrip("/")
        if file.is_dir():
            continue
        packed = file.with_name(file.name + suffix)
        total += (packed if packed.is_file() else file).stat().st_size if file.is_file() else 0
    return total


def deferred_files(site: Path) -> set[str]:
    """The wheel files of the packages the site loads only after the first screen (sympy)."""
    from teachgames.site.packages import AFTER_FIRST_SCREEN

    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {entry["file_name"] for name, entry in lock["packages"].items() if name in AFTER_FIRST_SCREEN}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", help="a site already built (else one is built: English, Delissimo)")
    parser.add_argument("--lesson", default="en/delissimo-8plus.ipynb")
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--lab", action="store_true", help="also the lesson in JupyterLab, cold and warm")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = site_to_measure(args.site, tmp)
        load = os.getloadavg()
        runs = browser_runs(site, args.lesson, args.lab)
        pupil: Any = runs["pupil"]
        cold, warm = pupil["cold"], pupil["warm"]
        encodings = sorted({enc for _, enc in cold["log"]})
        crowd = class_at_once(site, cold["log"], args.pupils)
        gzip_only = body_bytes(site, cold["log"], ".gz")
        later = deferred_files(site)
        needed = [(path, enc) for path, enc in cold["log"] if path.rsplit("/", 1)[-1] not in later]
        first_screen = body_bytes(site, needed, ".br")
    single, times = crowd["single"], crowd["times"]
    widgets = [cold["widget"] - single + t for t in times]
    print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; Chromium asked for", ", ".join(encodings))
    print("| the lesson page (a pupil's) | figure |\n| --- | --- |")
    for name, visit in (("cold", cold), ("warm", warm)):
        print(
            f"| {name}: words shown / Python started / first widget | {visit['words']:.1f} s / "
            f"{visit['python']:.1f} s / {visit['widget']:.1f} s |"
        )
    print(
        f"| bodies per pupil, cold, what the first widget needs (all but {', '.join(sorted(later))}, "
        f"which the page fetches once it is drawn) | {first_screen / MB:.2f} MB |"
    )
    print(
        f"| bytes per pupil, cold, the whole visit (sympy, fetched after the first widget, included) | "
        f"{cold['bytes_all'] / MB:.2f} MB in {cold['requests_all']} responses |"
    )
    print(f"| bodies per pupil, cold, gzip only (plain http:// on the LAN) | {gzip_only / MB:.2f} MB |")
    again = f"{warm['bytes_all'] / MB:.3f} MB in {warm['requests_all']} responses"
    print(f"| bytes per pupil, warm (whole visit) | {again} |")
    print(f"| one pupil's downloads alone (replayed) | {single:.2f} s |")
    print(
        f"| {args.pupils} pupils at once: downloads p50 / p95 / max | {statistics.median(times):.2f} s / "
        f"{pct(times, 0.95):.2f} s / {max(times):.2f} s (all done in {crowd['wall']:.1f} s) |"
    )
    print(
        f"| {args.pupils} pupils at once: first widget p50 / p95 | {statistics.median(widgets):.1f} s / "
        f"{pct(widgets, 0.95):.1f} s ({pct(widgets, 0.95) / cold['widget']:.2f}x one pupil) |"
    )
    print(f"| server CPU for {args.pupils} pupils | {crowd['cpu']:.1f} s |")
    lab: Any = runs.get("lab")
    if lab:
        for name in ("cold", "warm"):
            visit = lab[name]
            print(
                f"| JupyterLab (the teacher's notebook), {name}: kernel idle / first widget | "
                f"{visit['kernel']:.1f} s / {visit['widget']:.1f} s; {visit['bytes_all'] / MB:.2f} MB |"
            )
    print(f"| requests to other hosts | {len(runs['outside'])} |")


if __name__ == "__main__":
    main()
