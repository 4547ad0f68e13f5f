"""What a class feels: 30 pupils open the same lesson page at once through a classroom's
Wi-Fi (100 Mbit/s shared) on laptops four times slower than one core of this machine.

    sudo python benchmarks/site_classroom.py [--site DIR] [--pupils 30] [--rate 100mbit]
        [--slowdown 4] [--throttle cgroup|cdp|none] [--replay 30] [--plain-http]

Needs root (it makes a network namespace and CPU cgroups; it removes them when done).

**The link.** The site's server (``teachgames site --serve``'s, in this process) listens
inside a network namespace the benchmark makes, reached over a veth pair; ``tc`` shapes
both ends of the pair to ``--rate`` (a token bucket, ``tbf``), so every pupil's bytes
share one 100 Mbit/s link as they share one access point. No delay is added (netem, which
could, is often missing from a container's kernel): Wi-Fi's few milliseconds per round
trip are left out. The
pupils' Chromium (Debian's) runs outside it.

**The laptops.** Chromium's CPU throttling (CDP ``Emulation.setCPUThrottlingRate``)
slows only the page's main thread: a web worker refuses it ("Operation is only supported
for pages, not workers"), and a lesson page's Python runs in a web worker. So by default
(``--throttle cgroup``) each pupil's renderer process goes into its own CPU cgroup with a
quota of 1/``--slowdown`` of one core: every thread of that pupil's page (Python's worker,
WebAssembly compilation, the page) runs at most a quarter of one of this machine's cores.
``--throttle cdp`` uses Chromium's throttling (the main thread only) instead, ``none``
neither. The quota is a ceiling, not a guarantee: on a busy machine a pupil gets less, so
the load average is printed.

**What it prints**: for ``--pupils`` pupils (each its own browser profile) opening the
lesson page at the same moment, cold (nothing cached) and then warm (the same profiles
again): when the first and the last pupil see their words and their first widget; one
pupil's warm visit alone; megabytes per pupil through the link (every byte the link
carried, headers and TCP included, divided by the pupils). Then ``--replay`` clients (30)
replay the cold visit's requests for the first widget at once through the same link (the
server and the Wi-Fi, without 30 Chromiums competing for this machine's 2 cores), and the
last pupil's first widget is estimated as their slowest download plus one pupil's time
after its own downloads.

**Secure origin**: browsers keep a service worker only for ``https://`` and ``localhost``
origins; the pupils' Chromium is told to treat the site's address as secure (as a school
server on https would be), so the site's service worker works. ``--plain-http`` measures
the teacher's laptop on plain ``http://`` (no service worker).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# benchmarks/platform.py would shadow the standard library's platform module
sys.path[0] = str(Path(__file__).resolve().parents[1])

from benchmarks.site_first_widget import (  # noqa: E402
    ARGS,
    CHROMIUM,
    WIDGET,
    pupil_page_of,
    replay_pupil,
    site_to_measure,
)
from teachgames.site.server import Stats, make_server  # noqa: E402

MB = 1_000_000
TIMEOUT = 600_000
CLONE_NEWNET = 0x40000000
#: whether the site's service worker keeps the lesson on this laptop: its registration
#: active (every kept file in its cache), waited for up to 120 s once the page registered it
KEPT_JS = """async () => {
  if (!window.isSecureContext || !navigator.serviceWorker) return false;
  if (!(await navigator.serviceWorker.getRegistration())) return false;
  const ready = navigator.serviceWorker.ready.then(() => true);
  return Promise.race([ready, new Promise((done) => setTimeout(() => done(false), 120000))]);
}"""
CGROUP_CPU = Path("/sys/fs/cgroup/cpu")
PERIOD_US = 100_000


# --- the classroom's Wi-Fi: a network namespace behind a shaped veth pair -------------


def _run(*command: str) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.strip()}")


class Link:
    """A network namespace reached over a veth pair shaped to ``rate`` each way."""

    def __init__(self, rate: str) -> None:
        tag = str(os.getpid() % 100_000)
        self.namespace = f"tgclass{tag}"
        self.outside, self.inside = f"tgc{tag}h", f"tgc{tag}n"
        third = 64 + os.getpid() % 128
        self.host_ip, self.server_ip = f"10.213.{third}.1", f"10.213.{third}.2"
        self.rate = rate

    def __enter__(self) -> Link:
        if shutil.which("ip") is None or shutil.which("tc") is None:
            raise SystemExit("needs iproute2 (ip, tc): apt-get install iproute2")
        ns = ("ip", "netns", "exec", self.namespace)
        _run("ip", "netns", "add", self.namespace)
        try:
            _run("ip", "link", "add", self.outside, "type", "veth", "peer", "name", self.inside)
            _run("ip", "link", "set", self.inside, "netns", self.namespace)
            _run("ip", "addr", "add", f"{self.host_ip}/24", "dev", self.outside)
            _run("ip", "link", "set", self.outside, "up")
            _run(*ns, "ip", "addr", "add", f"{self.server_ip}/24", "dev", self.inside)
            _run(*ns, "ip", "link", "set", self.inside, "up")
            _run(*ns, "ip", "link", "set", "lo", "up")
            # a token bucket (tbf): netem, which could add Wi-Fi's delay, is often not in a
            # container's kernel; a bucket of 64 KB lets a burst of about 5 ms through
            shape = ("root", "tbf", "rate", self.rate, "burst", "64kb", "latency", "400ms")
            _run(*ns, "tc", "qdisc", "add", "dev", self.inside, *shape)  # to the pupils
            _run("tc", "qdisc", "add", "dev", self.outside, *shape)  # from the pupils
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        subprocess.run(["ip", "link", "del", self.outside], capture_output=True, check=False)
        subprocess.run(["ip", "netns", "del", self.namespace], capture_output=True, check=False)

    def carried(self) -> int:
        """Bytes the link has carried to the pupils so far (frames, headers included)."""
        return int(Path(f"/sys/class/net/{self.outside}/statistics/rx_bytes").read_text())

    @contextlib.contextmanager
    def inside_namespace(self) -> Iterator[None]:
        """This thread in the namespace (sockets made now belong to it), then back."""
        libc = ctypes.CDLL(None, use_errno=True)
        with open("/proc/thread-self/ns/net") as home, open(f"/run/netns/{self.namespace}") as there:
            if libc.setns(there.fileno(), CLONE_NEWNET) != 0:
                raise SystemExit(f"cannot enter the namespace: {os.strerror(ctypes.get_errno())}")
            try:
                yield
            finally:
                libc.setns(home.fileno(), CLONE_NEWNET)


def serve_inside(link: Link, site: Path, stats: Stats) -> tuple[Any, str]:
    """The site's own server listening inside the namespace; (server, base URL)."""
    with link.inside_namespace():
        server = make_server(site, link.server_ip, 0, stats=stats)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{link.server_ip}:{server.server_address[1]}"


# --- the pupils' laptops: a CPU quota per renderer ------------------------------------


class SlowLaptops:
    """Puts every Chromium renderer process into its own cgroup (v1 ``cpu``) with a quota
    of ``1/slowdown`` of one core, as it appears (checked every 50 ms)."""

    def __init__(self, slowdown: float) -> None:
        self.quota = int(PERIOD_US / slowdown)
        self.groups: dict[int, Path] = {}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> SlowLaptops:
        if not (CGROUP_CPU / "cgroup.procs").is_file():
            raise SystemExit(f"no cgroup v1 cpu controller at {CGROUP_CPU}: try --throttle cdp")
        self.thread.start()
        return self

    def _watch(self) -> None:
        while not self.stop.is_set():
            for proc in Path("/proc").iterdir():
                if not proc.name.isdigit() or int(proc.name) in self.groups:
                    continue
                try:
                    command = (proc / "cmdline").read_bytes()
                except OSError:
                    continue
                if b"chromium" in command and b"--type=renderer" in command:
                    self._slow(int(proc.name))
            self.stop.wait(0.05)

    def _slow(self, pid: int) -> None:
        group = CGROUP_CPU / f"tgpupil{pid}"
        try:
            group.mkdir(exist_ok=True)
            (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(self.quota))
            (group / "cgroup.procs").write_text(str(pid))
        except OSError:
            pass  # the process has gone
        self.groups[pid] = group

    def __exit__(self, *_: object) -> None:
        self.stop.set()
        self.thread.join()
        for group in self.groups.values():
            with contextlib.suppress(OSError):
                for pid in (group / "cgroup.procs").read_text().split():
                    (CGROUP_CPU / "cgroup.procs").write_text(pid)
                group.rmdir()


# --- the pupils ---------------------------------------------------------------------


async def open_lesson(context: Any, url: str, throttle: str, slowdown: float) -> dict[str, float]:
    """One pupil opens the lesson page: seconds to its words and to its first widget."""
    page = await context.new_page()
    if throttle == "cdp":
        session = await context.new_cdp_session(page)
        await session.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    started = time.perf_counter()
    await page.goto(url, wait_until="domcontentloaded", timeout=TIMEOUT)
    await page.locator("h1").first.wait_for(state="visible", timeout=TIMEOUT)
    words = time.perf_counter() - started
    await page.locator(WIDGET).first.wait_for(state="visible", timeout=TIMEOUT)
    widget = time.perf_counter() - started
    # the rest of the lesson (sympy), and the service worker keeping the site, before it closes
    await page.wait_for_function("document.documentElement.dataset.lesson === 'ready'", timeout=TIMEOUT)
    kept = await page.evaluate(KEPT_JS)
    await page.close()
    return {"words": words, "widget": widget, "kept": float(kept)}


def wait_quiet(link: Link, seconds: float = 3.0, limit: float = 300.0) -> int:
    """Bytes the link carried until it has been quiet for ``seconds``."""
    began, last, quiet_since = time.perf_counter(), link.carried(), time.perf_counter()
    while time.perf_counter() - quiet_since < seconds and time.perf_counter() - began < limit:
        time.sleep(0.25)
        now = link.carried()
        if now - last > 2000:
            last, quiet_since = now, time.perf_counter()
    return link.carried()


async def class_opens(
    browser: Any, contexts: list[Any], url: str, args: argparse.Namespace
) -> list[dict[str, float]]:
    return list(await asyncio.gather(*(open_lesson(c, url, args.throttle, args.slowdown) for c in contexts)))


async def pupils_run(
    base: str, lesson_url: str, link: Link, stats: Stats, args: argparse.Namespace
) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    browser_args = [a for a in ARGS if not a.startswith("--host-resolver-rules")]
    browser_args.append(f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {link.server_ip}")
    if not args.plain_http:
        browser_args.append(f"--unsafely-treat-insecure-origin-as-secure={base}")
    url = f"{base}/{lesson_url}"
    result: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=browser_args)
        contexts = [
            await browser.new_context(viewport={"width": 1280, "height": 720}) for _ in range(args.pupils)
        ]
        for phase in ("cold", "warm"):
            stats.reset()
            before = link.carried()
            visits = await class_opens(browser, contexts, url, args)
            after = await asyncio.to_thread(wait_quiet, link)
            result[phase] = {
                "visits": visits,
                "bytes": (after - before) / args.pupils,
                "log": list(stats.log),
            }
        before = link.carried()
        result["one_warm"] = await open_lesson(contexts[0], url, args.throttle, args.slowdown)
        result["one_warm"]["bytes"] = link.carried() - before
        await browser.close()
    return result


def replay(base: str, log: list[tuple[str, str]], clients: int) -> list[float]:
    """``clients`` pupils replay ``log`` at once (six keep-alive connections each, as a
    browser opens); each pupil's seconds to its last byte."""
    host, port = base.removeprefix("http://").split(":")
    start = threading.Event()

    def pupil() -> float:
        return replay_pupil(int(port), log, start, host=host, timeout=300)

    times: list[float] = []
    threads = [threading.Thread(target=lambda: times.append(pupil())) for _ in range(clients)]
    for t in threads:
        t.start()
    start.set()
    for t in threads:
        t.join()
    return sorted(times)


def first_widget_requests(log: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The cold visit's requests up to the first widget: all but the deferred packages
    (sympy, mpmath) and the service worker's own."""
    from teachgames.site.packages import AFTER_FIRST_SCREEN

    later = tuple(name.replace("-", "_") + "-" for name in AFTER_FIRST_SCREEN)
    seen: set[str] = set()
    kept = []
    for path, encoding in log:
        name = path.rsplit("/", 1)[-1]
        if name.startswith(later) or path in seen or re.search(r"/(offline\.js|prepare\.html)", path):
            continue
        seen.add(path)
        kept.append((path, encoding))
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", help="a site already built (else one is built: English, Delissimo)")
    parser.add_argument("--lesson", default="en/delissimo-8plus.ipynb")
    parser.add_argument("--pupils", type=int, default=30, help="pupils' Chromium pages at once (30)")
    parser.add_argument(
        "--replay", type=int, default=30, help="pupils whose downloads are replayed at once (30)"
    )
    parser.add_argument("--rate", default="100mbit", help="the shared link's rate (tc units; 100mbit)")
    parser.add_argument("--slowdown", type=float, default=4.0, help="pupils' laptops this many times slower")
    parser.add_argument("--throttle", choices=("cgroup", "cdp", "none"), default="cgroup")
    parser.add_argument(
        "--plain-http", action="store_true", help="the address is not secure: no service worker"
    )
    args = parser.parse_args()
    if os.geteuid() != 0:
        raise SystemExit("needs root: it makes a network namespace and CPU cgroups")
    with tempfile.TemporaryDirectory() as tmp:
        site = site_to_measure(args.site, tmp)
        lesson_url = pupil_page_of(site, args.lesson)
        if lesson_url is None:
            raise SystemExit(f"the site has no lesson page for {args.lesson}")
        load = os.getloadavg()
        stats = Stats()
        slow = SlowLaptops(args.slowdown) if args.throttle == "cgroup" else contextlib.nullcontext()
        with Link(args.rate) as link, slow:
            server, base = serve_inside(link, site, stats)
            try:
                runs = asyncio.run(pupils_run(base, lesson_url, link, stats, args))
                needed = first_widget_requests(runs["cold"]["log"])
                before = link.carried()
                downloads = replay(base, needed, args.replay)
                replayed = (link.carried() - before) / args.replay
                alone = replay(base, needed, 1)[0]
            finally:
                server.shutdown()
                server.server_close()
    report(args, load, runs, downloads, replayed, alone)


def report(
    args: argparse.Namespace,
    load: tuple[float, float, float],
    runs: dict[str, Any],
    downloads: list[float],
    replayed: float,
    alone: float,
) -> None:
    cold, warm, one = runs["cold"], runs["warm"], runs["one_warm"]
    throttle = {
        "cgroup": f"each renderer at most 1/{args.slowdown:g} of a core (cgroup)",
        "cdp": f"CDP throttling {args.slowdown:g}x (main thread only)",
        "none": "not slowed",
    }[args.throttle]
    print(
        f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; link {args.rate} each way (tbf); "
        f"laptops: {throttle}; {'plain http' if args.plain_http else 'secure origin'}"
    )
    print(
        f"| {args.pupils} pupils at once | words: first / last "
        "| first widget: first / median / last | MB per pupil |"
    )
    print("| --- | --- | --- | --- |")
    for name, phase in (("cold", cold), ("warm", warm)):
        words = sorted(v["words"] for v in phase["visits"])
        widgets = sorted(v["widget"] for v in phase["visits"])
        print(
            f"| {name} | {words[0]:.1f} / {words[-1]:.1f} s | {widgets[0]:.1f} / "
            f"{statistics.median(widgets):.1f} / {widgets[-1]:.1f} s | {phase['bytes'] / MB:.2f} |"
        )
    kept = sum(v["kept"] for v in cold["visits"])
    encodings = sorted({encoding for _, encoding in cold["log"]})
    print(f"Chromium asked for {'; '.join(encodings)}")
    print(
        f"| one pupil's warm visit alone | {one['words']:.1f} s | {one['widget']:.1f} s "
        f"| {one['bytes'] / MB:.3f} |"
    )
    print(f"\nservice worker kept the site on {kept:.0f} of {args.pupils} laptops after the cold visit")
    single_cold = min(v["widget"] for v in cold["visits"])
    after_downloads = max(single_cold - alone, 0.0)
    print(
        f"{args.replay} pupils' first-widget downloads replayed at once through the link "
        f"({replayed / MB:.2f} MB each, {len(first_widget_requests(cold['log']))} files): "
        f"p50 {statistics.median(downloads):.1f} s, last {downloads[-1]:.1f} s (one alone {alone:.1f} s)"
    )
    print(
        f"estimated first widget of the {args.replay}th pupil, cold: {downloads[-1] + after_downloads:.1f} s "
        f"(its downloads {downloads[-1]:.1f} s + {after_downloads:.1f} s of its laptop's work "
        "after its own downloads)"
    )
    print("goals: 30th pupil <= 20 s cold and <= 3 s warm; one warm visit <= 1.5 s at 4x")


if __name__ == "__main__":
    main()
